/* step.c -- the dispatcher: match the state against the rows of
 * SEMANTICS.md section 4, refuse stuck states and exhausted budgets (in
 * that order: a stuck state needs no further transition), fire the row.
 * The contracts of ccm_step and ccm_force are in ccm.h; WP proves them with
 * the static helpers below inlined (-inline-calls, mk/prove.mk). */
#include "kernel_internal.h"

static int room_on_stack(const struct ccm_machine *m, int32_t frames)
{
    return m->stack_len <= m->stack_cap - frames;
}

static int room_for_cells(const struct ccm_machine *m, int32_t cells)
{
    return m->cell_len <= m->cell_cap - cells;
}

/* Control is a value: the top frame decides the row. */
static int step_value(struct ccm_machine *m)
{
    if (m->stack_len == 0)
        return CCM_VALUE;
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    const struct ccm_node *z = &m->code[m->ctl_code];
    switch (f->kind) {
    case CCM_F_ARG:
        if (z->kind != CCM_LAM) return CCM_ERR_NOT_A_FUNCTION;
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (!room_for_cells(m, 1)) return CCM_RES_HEAP;
        ccm_row_app2(m);
        return CCM_RUNNING;
    case CCM_F_UPD:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_var3(m);
        return CCM_RUNNING;
    case CCM_F_CASE: {
        const struct ccm_node *c = &m->code[f->a];
        int32_t last = c->b + c->c - 1;
        int32_t tag = z->kind == CCM_CON ? z->a : CCM_DEFAULT_TAG - 1;
        /*@ loop invariant bounds: c->b <= alt <= last + 1;
            loop invariant search: find_alt(m, alt, last, tag) == case_alt(m);
            loop assigns alt;
            loop variant last + 1 - alt;
        */
        for (int32_t alt = c->b; alt <= last; alt++) {
            const struct ccm_node *an = &m->code[alt];
            if (an->a == tag) {
                if (an->b != z->b) return CCM_ERR_BAD_CODE;
                if (m->steps >= m->max_steps) return CCM_RES_STEPS;
                if (!room_for_cells(m, z->b)) return CCM_RES_HEAP;
                return ccm_row_case2(m, alt);
            }
            if (an->a == CCM_DEFAULT_TAG) {
                if (m->steps >= m->max_steps) return CCM_RES_STEPS;
                ccm_row_case2_default(m, alt);
                return CCM_RUNNING;
            }
        }
        return CCM_ERR_NO_ALTERNATIVE;
    }
    case CCM_F_PRIM1:
        if (!ccm_control_is_int(m)) return CCM_ERR_TYPE;
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_prim2(m);
        return CCM_RUNNING;
    case CCM_F_PRIM2: {
        if (!ccm_control_is_int(m)) return CCM_ERR_TYPE;
        const struct ccm_node *p = &m->code[f->a];
        int64_t second = ccm_control_int(m);
        int64_t x = m->order == CCM_RIGHT_TO_LEFT ? second : f->num;
        int64_t y = m->order == CCM_RIGHT_TO_LEFT ? f->num : second;
        int64_t r = 0;
        int is_bool = 0;
        int st = ccm_prim_apply(p->a, x, y, &r, &is_bool);
        if (st != CCM_RUNNING) return st;
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_prim3(m, r, is_bool);
        return CCM_RUNNING;
    }
    case CCM_F_RESUME:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_resume(m);
        return CCM_RUNNING;
    default:
        return CCM_ERR_BAD_CODE;
    }
}

int ccm_step(struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t addr = 0;
    int st;
    switch (n->kind) {
    case CCM_LAM: case CCM_CON: case CCM_LIT: case CCM_INTVAL:
        return step_value(m);
    case CCM_VAR:
        st = ccm_lookup(m, m->ctl_env, n->a, &addr);
        if (st != CCM_RUNNING) return st;
        if (m->heap[addr].hole) return CCM_ERR_BLACK_HOLE;
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (ccm_is_value_node(m, m->heap[addr].code)) {
            ccm_row_var1(m, addr);
        } else {
            if (!room_on_stack(m, 1)) return CCM_RES_STACK;
            ccm_row_var2(m, addr);
        }
        return CCM_RUNNING;
    case CCM_APP:
        st = ccm_lookup(m, m->ctl_env, n->b, &addr);
        if (st != CCM_RUNNING) return st;
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (!room_on_stack(m, 1)) return CCM_RES_STACK;
        ccm_row_app1(m, addr);
        return CCM_RUNNING;
    case CCM_LET:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (m->heap_len > m->heap_cap - n->b || !room_for_cells(m, n->b)) return CCM_RES_HEAP;
        ccm_row_let(m);
        return CCM_RUNNING;
    case CCM_CASE:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (!room_on_stack(m, 1)) return CCM_RES_STACK;
        ccm_row_case1(m);
        return CCM_RUNNING;
    case CCM_SCC:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_scc(m);
        return CCM_RUNNING;
    case CCM_SCC_SUB:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        ccm_row_scc_sub(m);
        return CCM_RUNNING;
    case CCM_PRIM:
        if (m->steps >= m->max_steps) return CCM_RES_STEPS;
        if (!room_on_stack(m, 1)) return CCM_RES_STACK;
        ccm_row_prim1(m);
        return CCM_RUNNING;
    default:
        return CCM_ERR_BAD_CODE;
    }
}

int ccm_run(struct ccm_machine *m)
{
    int st;
    do {
        st = ccm_step(m);
    } while (st == CCM_RUNNING);
    return st;
}

int ccm_force(struct ccm_machine *m, int32_t addr)
{
    if (addr < 0 || addr >= m->heap_len) return CCM_ERR_BAD_CODE;
    const struct ccm_obj *o = &m->heap[addr];
    if (o->hole || ccm_is_value_node(m, o->code)) return CCM_ERR_BAD_CODE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (!room_on_stack(m, 2)) return CCM_RES_STACK;
    ccm_row_force(m, addr);
    return CCM_RUNNING;
}
