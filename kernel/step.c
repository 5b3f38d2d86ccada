/* step.c -- the dispatcher: ccm_step hands the state to the piece for its
 * control kind (step_parts.h), ccm_run repeats it, ccm_force fires the
 * force row on request.  Contracts of ccm_step and ccm_force in ccm.h. */
#include "step_parts.h"

int ccm_step(struct ccm_machine *m)
{
    switch (m->code[m->ctl_code].kind) {
    case CCM_LAM: case CCM_CON: case CCM_LIT: case CCM_INTVAL:
                      return ccm_step_value(m);
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
    /*@ loop invariant wf: wf(m);
        // the arrays and their capacities, which the loop assigns clause
        // names, are the ones at entry (ccm_step writes none of them)
        loop invariant arrays: m->heap == \at(m->heap, Pre) && m->cells == \at(m->cells, Pre) &&
                               m->stack == \at(m->stack, Pre) && m->costs == \at(m->costs, Pre);
        loop invariant caps: m->heap_cap == \at(m->heap_cap, Pre) && m->cell_cap == \at(m->cell_cap, Pre) &&
                             m->stack_cap == \at(m->stack_cap, Pre) && m->ncc == \at(m->ncc, Pre) &&
                             m->max_steps == \at(m->max_steps, Pre);
        loop assigns m->heap[0 .. m->heap_cap - 1], m->heap_len, m->cells[0 .. m->cell_cap - 1],
                     m->cell_len, m->stack[0 .. m->stack_cap - 1], m->stack_len,
                     m->costs[0 .. m->ncc * CCM_NCOUNTERS - 1], m->ccc, m->ctl_code, m->ctl_env,
                     m->ctl_num, m->last_rule, m->steps;
        loop variant m->max_steps - m->steps;
    */
    for (;;) {
        int st = ccm_step(m);
        if (st != CCM_RUNNING) return st;
    }
}

int ccm_force(struct ccm_machine *m, int32_t addr)
{
    if (addr < 0 || addr >= m->heap_len) return CCM_ERR_BAD_CODE;
    const struct ccm_obj *o = &m->heap[addr];
    if (o->hole || ccm_is_value_node(m, o->code)) return CCM_ERR_BAD_CODE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->stack_len > m->stack_cap - 2) return CCM_RES_STACK;
    ccm_row_force(m, addr);
    return CCM_RUNNING;
}
