/* step_control.c -- the dispatcher's pieces for a control that is not a
 * value: match the node against its row, refuse a stuck state, then an
 * exhausted budget (in that order: a stuck state needs no further
 * transition), fire the row (fire.h: the row, keeping wf).  Contracts in
 * step_parts.h.  A budget test is written `len > cap - k` so that it
 * cannot overflow (cap <= CCM_MAX_CAP). */
#include "step_parts.h"

int ccm_step_var(struct ccm_machine *m)
{
    int32_t addr = ccm_resolve(m, m->ctl_env, m->code[m->ctl_code].a);
    if (addr < 0) return CCM_ERR_BAD_CODE;
    if (m->heap[addr].hole) return CCM_ERR_BLACK_HOLE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    return ccm_step_var_enter(m, addr);
}

int ccm_step_var_enter(struct ccm_machine *m, int32_t addr)
{
    if (ccm_is_value_node(m, m->heap[addr].code)) {
        ccm_fire_var1(m, addr);
        return CCM_RUNNING;
    }
    return ccm_step_var_thunk(m, addr);
}

int ccm_step_var_thunk(struct ccm_machine *m, int32_t addr)
{
    if (m->stack_len >= m->stack_cap) return CCM_RES_STACK;
    ccm_fire_var2(m, addr);
    return CCM_RUNNING;
}

int ccm_step_app(struct ccm_machine *m)
{
    int32_t addr = ccm_resolve(m, m->ctl_env, m->code[m->ctl_code].b);
    if (addr < 0) return CCM_ERR_BAD_CODE;
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->stack_len >= m->stack_cap) return CCM_RES_STACK;
    /*@ for bad_code, out_of_steps, out_of_stack: assert refused_elsewhere: \false; */
    ccm_fire_app1(m, addr);
    return CCM_RUNNING;
}

int ccm_step_let(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */   /* so n >= 1: the tests below cannot overflow */
    int32_t n = m->code[m->ctl_code].b;   /* bindings: n heap objects, n cells */
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->heap_len > m->heap_cap - n || m->cell_len > m->cell_cap - n) return CCM_RES_HEAP;
    /*@ for out_of_steps, out_of_heap: assert refused_elsewhere: \false; */
    ccm_fire_let(m);
    return CCM_RUNNING;
}

int ccm_step_case(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->stack_len >= m->stack_cap) return CCM_RES_STACK;
    ccm_fire_case1(m);
    return CCM_RUNNING;
}

int ccm_step_scc(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    return ccm_fire_scc(m);
}

int ccm_step_scc_sub(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    return ccm_fire_scc_sub(m);
}

int ccm_step_prim(struct ccm_machine *m)
{
    if (m->steps >= m->max_steps) return CCM_RES_STEPS;
    if (m->stack_len >= m->stack_cap) return CCM_RES_STACK;
    ccm_fire_prim1(m);
    return CCM_RUNNING;
}
