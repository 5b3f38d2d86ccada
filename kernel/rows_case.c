/* rows_case.c -- case1, case2 and the default alternative. */
#include "kernel_internal.h"

/* case1:  cc | case e of alts | S  =>  cc | e | (alts,cc) : S     θ += cc↦C */
void ccm_row_case1(struct ccm_machine *m)
{
    ccm_push_write(m, CCM_F_CASE, m->ccc, m->ctl_code, m->ctl_env, m->ccc, CCM_C,
                   m->code[m->ctl_code].a, CCM_R_CASE1);
}

/* Bind the pattern variables: cell cl+i (cl = cell_len on entry) binds the
 * address argument node first+i denotes in environment cenv and points to
 * the cell before it (the first to env0).  The cells are written above
 * cell_len, which grows by count only once all arguments resolved: every
 * lookup runs on cells [0, cl) as they were on entry (an environment chain
 * only visits older cells), so it finds what it would have found before
 * the first write.  Returns CCM_ERR_BAD_CODE, cell_len unchanged, if an
 * argument does not resolve. */
/*@ requires ctx: machine_valid(m) && sizes_ok(m) && cells_ok(m);
    requires env: is_env(m, cenv);
    requires range: 0 <= count && m->cell_len + count <= m->cell_cap;
    requires code: count == 0 || (0 <= first && first + count <= m->ncode && m->ncode <= CCM_MAX_CODE);
    assigns m->cells[m->cell_len .. m->cell_cap - 1], m->cell_len;
    ensures keep: cells_keep{Pre,Post}(m, \old(m->cell_len));
    ensures stack: stack_same{Pre,Post}(m);
    ensures heap: heap_same{Pre,Post}(m);
    ensures costs: costs_same{Pre,Post}(m);
    ensures regs: ctl_is(m, \old(m->ccc), \old(m->ctl_code), \old(m->ctl_env), \old(m->ctl_num)) &&
                  m->steps == \old(m->steps) && m->last_rule == \old(m->last_rule);
    behavior ok:
      assumes \forall integer j; first <= j < first + count ==> resolves(m, cenv, m->code[j].a);
      ensures result: \result == CCM_RUNNING;
      ensures len: m->cell_len == \old(m->cell_len) + count;
      ensures cells: \forall integer c; \old(m->cell_len) <= c < \old(m->cell_len) + count ==>
        cell_is(m->cells[c], resolve{Pre}(m, cenv, \at(m->code[first + (c - \at(m->cell_len, Pre))].a, Pre)),
                c == \old(m->cell_len) ? env0 : c - 1);
    behavior bad:
      assumes !\forall integer j; first <= j < first + count ==> resolves(m, cenv, m->code[j].a);
      ensures result: \result == CCM_ERR_BAD_CODE;
      ensures len: m->cell_len == \old(m->cell_len);
    complete behaviors;
    disjoint behaviors;
*/
static int case2_bind_args(struct ccm_machine *m, int32_t cenv, int32_t first, int32_t count, int32_t env0)
{
    int32_t cl = m->cell_len;
    int32_t e = env0;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant len: m->cell_len == cl;
        loop invariant keep: cells_keep{Pre,Here}(m, cl);
        loop invariant env: i == 0 ==> e == env0;
        loop invariant env2: i > 0 ==> e == cl + i - 1;
        loop invariant resolved: \forall integer j; first <= j < first + i ==>
                                   resolves{Pre}(m, cenv, \at(m->code[j].a, Pre));
        loop invariant cells: \forall integer c; cl <= c < cl + i ==>
          \let k = c - cl;
          cell_is(m->cells[c], resolve{Pre}(m, cenv, \at(m->code[first + k].a, Pre)),
                  c == cl ? env0 : c - 1);
        loop assigns i, e, m->cells[cl .. m->cell_cap - 1];
        loop variant count - i;
    */
    for (int32_t i = 0; i < count; i++) {
      Body: __attribute__((unused));
        int32_t addr;
        int32_t arg = first + i;
        int32_t ref = m->code[arg].a;
        /*@ assert ref_pre: \let j = i; ref == \at(m->code[first + j].a, Pre); */
        /* Ghost induction on the cell index x (cells point to older
         * cells): cell_len and the cells below it are as on entry, so every
         * lookup, from any x and for any number of hops, is. */
        /*@ ghost
          /@ loop invariant bounds: 0 <= x <= cl;
             loop invariant frame: \forall integer y, r; y < x ==>
                                     env_cell{Here}(m, y, r) == env_cell{Pre}(m, y, r);
             loop assigns x;
             loop variant cl - x;
          @/
          for (int32_t x = 0; x < cl; x++) { }
        */
        /*@ assert same_cell: env_cell(m, cenv, ref) == env_cell{Pre}(m, cenv, ref); */
        /*@ assert same_resolves: resolves(m, cenv, ref) <==> resolves{Pre}(m, cenv, ref); */
        /*@ assert same_resolve: resolves{Pre}(m, cenv, ref) ==> resolve(m, cenv, ref) == resolve{Pre}(m, cenv, ref); */
        if (ccm_lookup(m, cenv, ref, &addr) != CCM_RUNNING) {
            /*@ assert missing: \let j = i; !resolves{Pre}(m, cenv, \at(m->code[first + j].a, Pre)); */
            /*@ assert not_all: !\forall integer j; first <= j < first + count ==> resolves{Pre}(m, cenv, \at(m->code[j].a, Pre)); */
            /* (proven, not assumed: under behavior ok this path is dead) */
            /*@ for ok: assert dead_ok: \false; */
            return CCM_ERR_BAD_CODE;
        }
        /*@ assert found: resolves{Pre}(m, cenv, ref) && addr == resolve{Pre}(m, cenv, ref); */
        /*@ assert found_i: \let j = i; resolves{Pre}(m, cenv, \at(m->code[first + j].a, Pre)) &&
                            addr == resolve{Pre}(m, cenv, \at(m->code[first + j].a, Pre)); */
        m->cells[cl + i].addr = addr;
        m->cells[cl + i].next = e;
        /* the two stores keep the cells below cl, as one step from the top
         * of the body (Body: only ACSL reads the label): with it, `keep`
         * is kept in 8.5 s, without it 20.7 s (docs/proofs.md) */
        /*@ assert step_keep: \forall integer c; 0 <= c < cl ==> cell_eq{Body,Here}(m, c); */
        e = cl + i;
    }
    /*@ assert all: \forall integer j; first <= j < first + count ==> resolves{Pre}(m, cenv, \at(m->code[j].a, Pre)); */
    /* (proven, not assumed: under behavior bad this path is dead) */
    /*@ for bad: assert dead_bad: \false; */
    /*@ assert cells_done: \forall integer c; cl <= c < cl + count ==>
          \let k = c - cl;
          cell_is(m->cells[c], resolve{Pre}(m, cenv, \at(m->code[first + k].a, Pre)),
                  c == cl ? env0 : c - 1); */
    m->cell_len = cl + count;
    /*@ assert cells_post: \forall integer c; cl <= c < cl + count ==>
          \let k = c - cl;
          cell_is(m->cells[c], resolve{Pre}(m, cenv, \at(m->code[first + k].a, Pre)),
                  c == cl ? env0 : c - 1); */
    return CCM_RUNNING;
}

/* case2:  ccC | Ck xs | (alts,cc) : S  =>  cc | ek[xs/ysk] | S
 * The pattern variables get one cell each, bound to the constructor's
 * argument addresses, on top of the case's own environment.  Returns
 * CCM_ERR_BAD_CODE (and leaves the state as it was) if an argument
 * reference does not resolve; the dispatcher checked cell capacity. */
int ccm_row_case2(struct ccm_machine *m, int32_t alt)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    const struct ccm_node *con = &m->code[m->ctl_code];
    int32_t saved_len = m->cell_len;
    int32_t count = con->b;
    int32_t env0 = f->b;
    int32_t cc = f->cc;
    if (case2_bind_args(m, m->ctl_env, con->c, count, env0) != CCM_RUNNING)
        return CCM_ERR_BAD_CODE;
    /*@ assert cells0: Case2_cells{Pre,Here}(m); */
    /* The frames below the top, unchanged over the two calls: one step per
     * call in frame_eq's words (each under a second), then the two steps
     * side by side, then the composition.  Stated field by field over
     * both calls at once (the form ccm_row_let still uses), each field
     * took 20-35 s (docs/proofs.md).  Bound names the state between the
     * calls for the ACSL; the attribute tells the compiler it is used. */
    /*@ assert bound_keep: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==> frame_eq{Pre,Here}(m, j); */
  Bound: __attribute__((unused));
    ccm_pop_write(m, cc, m->code[alt].c, count == 0 ? env0 : saved_len + count - 1, 0, CCM_R_CASE2);
    /* Step_Case2 piece by piece, one goal each. */
    /*@ assert popped_len: m->stack_len == \at(m->stack_len, Pre) - 1; */
    /*@ assert popped_step: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==> frame_eq{Bound,Here}(m, j); */
    /*@ assert popped_both: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          frame_eq{Pre,Bound}(m, j) && frame_eq{Bound,Here}(m, j); */
    /* the composition field by field (as one goal: a million units) */
    /*@ assert popped_kind: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          \at(m->stack[j].kind, Here) == \at(m->stack[j].kind, Pre); */
    /*@ assert popped_cc: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          \at(m->stack[j].cc, Here) == \at(m->stack[j].cc, Pre); */
    /*@ assert popped_a: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          \at(m->stack[j].a, Here) == \at(m->stack[j].a, Pre); */
    /*@ assert popped_b: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          \at(m->stack[j].b, Here) == \at(m->stack[j].b, Pre); */
    /*@ assert popped_num: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==>
          \at(m->stack[j].num, Here) == \at(m->stack[j].num, Pre); */
    /*@ assert popped_keep: \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==> frame_eq{Pre,Here}(m, j); */
    /*@ assert popped: stack_popped{Pre,Here}(m); */
    /*@ assert heap_len: m->heap_len == \at(m->heap_len, Pre); */
    /*@ assert heap_code: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> m->heap[x].code == \at(m->heap[x].code, Pre); */
    /*@ assert heap_env: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> m->heap[x].env == \at(m->heap[x].env, Pre); */
    /*@ assert heap_cc: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> m->heap[x].cc == \at(m->heap[x].cc, Pre); */
    /*@ assert heap_hole: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> m->heap[x].hole == \at(m->heap[x].hole, Pre); */
    /*@ assert heap_num: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> m->heap[x].num == \at(m->heap[x].num, Pre); */
    /*@ assert heap_objs: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> obj_eq{Pre,Here}(m, x); */
    /*@ assert heap: heap_same{Pre,Here}(m); */
    /*@ assert ctl: ctl_is(m, \at(m->stack[m->stack_len - 1].cc, Pre), \at(m->code[alt].c, Pre),
                           count == 0 ? \at(m->stack[m->stack_len - 1].b, Pre) : saved_len + count - 1, 0); */
    /*@ assert len: m->cell_len == saved_len + count; */
    /*@ assert cells: Case2_cells{Pre,Here}(m); */
    /*@ assert keep_addr: \forall integer c; 0 <= c < saved_len ==> m->cells[c].addr == \at(m->cells[c].addr, Pre); */
    /*@ assert keep_next: \forall integer c; 0 <= c < saved_len ==> m->cells[c].next == \at(m->cells[c].next, Pre); */
    /*@ assert cells_keep: cells_keep{Pre,Here}(m, saved_len); */
    /*@ assert costs: costs_same{Pre,Here}(m); */
    /*@ assert counted: counted{Pre,Here}(m, CCM_R_CASE2); */
    return CCM_RUNNING;
}

/* case2 default:  ccz | z | (alts,cc) : S  =>  cc | ed | S   [ext] */
void ccm_row_case2_default(struct ccm_machine *m, int32_t alt)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    ccm_pop_write(m, f->cc, m->code[alt].c, f->b, 0, CCM_R_CASE2_DEFAULT);
}
