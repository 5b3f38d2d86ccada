/* costs.c -- charging θ, and the SUB / SUBCAF subsumption of Figs. 2 and 6. */
#include "kernel_internal.h"

void ccm_charge(struct ccm_machine *m, int32_t cc, int counter, uint64_t amount)
{
    m->costs[(int64_t)cc * CCM_NCOUNTERS + counter] += amount;
}

/* Over stacks (docs/stacks.md): the top cost centre of the value's stack
 * decides, and the whole stack is replaced. */

/* SUB(c, cc) = cc if c = "SUB", else c */
int32_t ccm_sub(const struct ccm_machine *m, int32_t ccz, int32_t cc)
{
    return m->cc_kind[m->stk.node[ccz].cc] == CCM_CC_SUB ? cc : ccz;
}

/* SUBCAF(c, cc) = cc if c is "SUB" or a CAF cost centre, else c */
int32_t ccm_subcaf(const struct ccm_machine *m, int32_t ccz, int32_t cc)
{
    int32_t k = m->cc_kind[m->stk.node[ccz].cc];
    return (k == CCM_CC_SUB || k == CCM_CC_CAF) ? cc : ccz;
}

int ccm_control_is_int(const struct ccm_machine *m)
{
    int32_t k = m->code[m->ctl_code].kind;
    return k == CCM_LIT || k == CCM_INTVAL;
}

/* The number in an integer control: a literal's own, or a computed one. */
int64_t ccm_control_int(const struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    return n->kind == CCM_LIT ? n->lit : m->ctl_num;
}
