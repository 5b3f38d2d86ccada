/* step_value.c -- the dispatcher's pieces for a control that is a value:
 * the top frame decides the row.  Stuck states first, then budgets, as in
 * step_control.c, and rows fire through fire.h.  Contracts in step_parts.h. */
#include "step_parts.h"

int ccm_step_value(struct ccm_machine *m)
{
    if (m->stack_len == 0)
        return CCM_VALUE;
    switch (m->stack[m->stack_len - 1].kind) {
    case CCM_F_ARG:    return ccm_value_arg(m);
    case CCM_F_UPD:    return ccm_value_upd(m);
    case CCM_F_CASE:   return ccm_value_case(m);
    case CCM_F_PRIM1:  return ccm_value_prim1(m);
    case CCM_F_PRIM2:  return ccm_value_prim2(m);
    case CCM_F_RESUME: return ccm_value_resume(m);
    default:           return CCM_ERR_BAD_CODE;
    }
}

int ccm_value_arg(struct ccm_machine *m)
{
    if (m->code[m->ctl_code].kind != CCM_LAM) return CCM_ERR_NOT_A_FUNCTION;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->cell_len >= m->cell_cap) return CCM_RES_HEAP;
    ccm_fire_app2(m);
    return CCM_RUNNING;
}

int ccm_value_upd(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    ccm_fire_var3(m);
    return CCM_RUNNING;
}

/* The first alternative, in order, whose tag is the constructor's or the
 * default; a value that is not a constructor matches only the default (its
 * "tag" is one no alternative carries).  -1 if none. */
int32_t ccm_case_alt(const struct ccm_machine *m)
{
    const struct ccm_node *z = &m->code[m->ctl_code];
    const struct ccm_node *c = &m->code[m->stack[m->stack_len - 1].a];
    int32_t last = c->b + c->c - 1;
    int32_t tag = z->kind == CCM_CON ? z->a : CCM_DEFAULT_TAG - 1;
    /*@ loop invariant bounds: c->b <= alt <= last + 1;
        loop invariant search: find_alt(m, alt, last, tag) == case_alt(m);
        loop assigns alt;
        loop variant last + 1 - alt;
    */
    for (int32_t alt = c->b; alt <= last; alt++) {
        if (m->code[alt].a == tag || m->code[alt].a == CCM_DEFAULT_TAG)
            return alt;
    }
    return -1;
}

/* Every argument of the constructor in control resolves; checked before
 * case2 fires (the row looks them up again as it binds them). */
int ccm_case2_args(const struct ccm_machine *m)
{
    const struct ccm_node *z = &m->code[m->ctl_code];
    /*@ loop invariant bound: z->c <= j <= z->c + z->b;
        loop invariant resolved: \forall integer k; z->c <= k < j ==> resolves(m, m->ctl_env, m->code[k].a);
        loop assigns j;
        loop variant z->c + z->b - j;
    */
    for (int32_t j = z->c; j < z->c + z->b; j++)
        if (ccm_resolve(m, m->ctl_env, m->code[j].a) < 0) return 0;
    return 1;
}

int ccm_value_case(struct ccm_machine *m)
{
    /* the instances of wf the search needs, each its own small goal (as
     * the call's one precondition, the provers lost their way in wf) */
    /*@ assert top: top_ok(m); */
    /*@ assert alts: node_ok(m->code, m->ncode, m->ncc, m->stack[m->stack_len - 1].a); */
    int32_t alt = ccm_case_alt(m);
    if (alt < 0) return CCM_ERR_NO_ALTERNATIVE;
    return ccm_value_case_found(m, alt);
}

int ccm_value_case_found(struct ccm_machine *m, int32_t alt)
{
    if (m->code[alt].a == CCM_DEFAULT_TAG) return ccm_value_case_default(m, alt);
    return ccm_value_case_con(m, alt);
}

int ccm_value_case_default(struct ccm_machine *m, int32_t alt)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    ccm_fire_case2_default(m, alt);
    return CCM_RUNNING;
}

/* the constructor's own alternative (a value that is not a constructor
 * matches only the default): it must bind all its arguments */
int ccm_value_case_con(struct ccm_machine *m, int32_t alt)
{
    /*@ assert alt_node: node_ok(m->code, m->ncode, m->ncc, alt); */
    /*@ assert ctl_node: ctl_node_ok(m); */
    /*@ assert con: ctl_kind(m) == CCM_CON; */
    const struct ccm_node *z = &m->code[m->ctl_code];
    if (m->code[alt].b != z->b) return CCM_ERR_BAD_CODE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->cell_len > m->cell_cap - z->b) return CCM_RES_HEAP;
    if (!ccm_case2_args(m)) return CCM_ERR_BAD_CODE;
    /* A refusal's `unchanged` goal holds every path, this one too: said
     * here as the refusals' assumes say it, the firing path is plainly
     * not theirs (step_parts.h: with these alone, `unchanged` still took
     * 11-12 s; refused_elsewhere makes it immediate) */
    /*@ assert not_bad: !BAD_CODE(m); */
    /*@ assert not_short: !SHORT_OF_HEAP(m); */
    /*@ for bad_code, out_of_heap, out_of_steps: assert refused_elsewhere: \false; */
    ccm_fire_case2(m, alt);
    return CCM_RUNNING;
}

int ccm_value_prim1(struct ccm_machine *m)
{
    if (!ccm_control_is_int(m)) return CCM_ERR_TYPE;
    /*@ assert int: CTL_INT(m); */   /* type_error's assumes denied: see ccm_value_case_con */
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    ccm_fire_prim2(m);
    return CCM_RUNNING;
}

int ccm_value_prim2(struct ccm_machine *m)
{
    if (!ccm_control_is_int(m)) return CCM_ERR_TYPE;
    /*@ assert int: CTL_INT(m); */   /* type_error's assumes denied: see ccm_value_case_con */
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    /*@ assert top: top_ok(m); */
    /*@ assert op: node_ok(m->code, m->ncode, m->ncc, f->a); */   /* so 0 <= op < CCM_NOPS */
    int64_t second = ccm_control_int(m);
    int64_t x = m->order == CCM_RIGHT_TO_LEFT ? second : f->num;
    int64_t y = m->order == CCM_RIGHT_TO_LEFT ? f->num : second;
    int op = m->code[f->a].a;
    /* the behaviors speak of prim_op/prim_x/prim_y: said once here, each
     * behavior's goal is the call's contract by equality (without it the
     * provers took 28-42 s on each `result`; docs/proofs.md) */
    /*@ assert operands: op == prim_op(m) && x == prim_x(m) && y == prim_y(m); */
    struct ccm_prim_out out = ccm_prim_apply(op, x, y);
    if (out.status != CCM_RUNNING) return out.status;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    /*@ for type_error, div_zero, overflow, out_of_steps: assert refused_elsewhere: \false; */
    ccm_fire_prim3(m, out.value, out.is_bool);
    return CCM_RUNNING;
}

int ccm_value_resume(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    ccm_fire_resume(m);
    return CCM_RUNNING;
}
