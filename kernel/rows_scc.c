/* rows_scc.c -- scc, scc_sub and a ghc call's push: set the current stack
 * to the one their firing pushed (fire.c). */
#include "kernel_internal.h"

/* scc:  S | scc L e | Ss  =>  S' | e | Ss   θ += S'↦entries, S↦subentries,
 * S' = push(L, S), pushed by the caller (kernel/stacks.c) */
void ccm_row_scc(struct ccm_machine *m, int32_t s)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    ccm_charge(m, s, CCM_ENTRIES, 1);
    ccm_charge(m, m->ccc, CCM_SUBENTRIES, 1);
    m->ccc = s;
    m->ctl_code = n->b;
    m->last_rule = CCM_R_SCC;
    m->steps++;
}

/* scc_sub:  S | scc_sub L e | Ss  =>  S' | e | Ss   [ext] nothing charged,
 * S' = push(L, S) as for scc */
void ccm_row_scc_sub(struct ccm_machine *m, int32_t s)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    m->ccc = s;
    m->ctl_code = n->b;
    m->last_rule = CCM_R_SCC_SUB;
    m->steps++;
}

/* call:  S | e | Ss  =>  S' | e | Ss   not a step, nothing charged,
 * S' = push(the call's next node, S) (its firing, fire.c) */
void ccm_row_call(struct ccm_machine *m, int32_t s)
{
    m->ccc = s;
    m->last_rule = CCM_R_CALL;
}
