/* step.c -- the dispatcher: ccm_step hands the state to the piece for its
 * control kind (step_parts.h), ccm_run repeats it, ccm_force fires the
 * force row on request.  Contracts of ccm_step, ccm_run and ccm_force in
 * ccm.h. */
#include "step_parts.h"

int ccm_step(struct ccm_machine *m)
{
    /* the values first, by one test: as four case labels, WP made each of
     * the contract's goals once per label (828 goals against 621; docs/proofs.md) */
    if (ccm_is_value_node(m, m->ctl_code))
        return ccm_step_value(m);
    switch (m->code[m->ctl_code].kind) {
    case CCM_VAR:     return ccm_step_var(m);
    case CCM_APP:     return ccm_step_app(m);
    case CCM_LET:     return ccm_step_let(m);
    case CCM_CASE:    return ccm_step_case(m);
    case CCM_SCC:     return ccm_step_scc(m);
    case CCM_SCC_SUB: return ccm_step_scc_sub(m);
    case CCM_PRIM:    return ccm_step_prim(m);
    default:          return CCM_ERR_BAD_CODE;
    }
}

int ccm_run(struct ccm_machine *m)
{
    /* The loop's frame and variant use the hard limits (CCM_MAX_CAP, ...)
     * rather than m's capacities and budget: those are fields of *m, and
     * that ccm_step keeps them is a frame goal the provers time out on. */
    /*@ loop invariant wf: wf(m);
        loop assigns m->heap[0 .. CCM_MAX_CAP - 1], m->heap_len, m->cells[0 .. CCM_MAX_CAP - 1],
                     m->cell_len, m->stack[0 .. CCM_MAX_CAP - 1], m->stack_len,
                     m->costs[0 .. CCM_MAX_NODES * CCM_NCOUNTERS - 1], m->stk.node[0 .. CCM_MAX_NODES - 1],
                     m->stk.slot[0 .. CCM_MAX_SLOTS - 1], m->stk.len, m->ccc, m->ctl_code, m->ctl_env,
                     m->ctl_num, m->last_rule, m->steps;
        loop variant CCM_MAX_STEPS - m->steps;
    */
    for (;;) {
        /* the capacities within the hard limits, from wf: so the step's
         * frame is inside the loop's (from wf alone: out of units) */
        /*@ assert caps: m->heap_cap <= CCM_MAX_CAP && m->cell_cap <= CCM_MAX_CAP &&
                         m->stack_cap <= CCM_MAX_CAP && 0 <= m->stk.cap <= CCM_MAX_NODES &&
                         0 <= m->stk.nslot <= CCM_MAX_SLOTS; */
        /* under the ghc call, room for an app2's pushes before it fires:
         * they cannot resume once one is refused */
        if (m->scoping == CCM_CALL_GHC && !ccm_call_room(m)) return CCM_RES_HEAP;
        int32_t sl = m->ccc;
        int st = ccm_step(m);
        if (st != CCM_RUNNING) return st;
        /* an app2 under the ghc call: its pushes, which are not steps */
        if (m->scoping == CCM_CALL_GHC && m->last_rule == CCM_R_APP2) {
            st = ccm_ghc_call(m, sl);
            if (st != CCM_RUNNING) return st;
        }
    }
}

/* Is heap[addr] a thunk not under evaluation?  1 or 0.  Tested in a
 * function of its own, as ccm_init's options (docs/proofs.md, "Tests in a
 * function of their own"). */
/*@ requires wf: wf(m);
    assigns \nothing;
    ensures result: \result != 0 <==> IS_THUNK(m, addr);
*/
static int is_thunk(const struct ccm_machine *m, int32_t addr)
{
    if (addr < 0 || addr >= m->heap_len) return 0;
    const struct ccm_obj *o = &m->heap[addr];
    return !o->hole && !ccm_is_value_node(m, o->code);
}

int ccm_force(struct ccm_machine *m, int32_t addr)
{
    if (!is_thunk(m, addr)) return CCM_ERR_BAD_CODE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->stack_len > m->stack_cap - 2) return CCM_RES_STACK;
    ccm_fire_force(m, addr);
    return CCM_RUNNING;
}
