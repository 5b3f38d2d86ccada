/* rows_let.c -- let: allocate n fresh closures sharing one recursive env. */
#include "kernel_internal.h"

/* let:  cc | Γ | let {xi=ei} in e | S  =>  cc | Γ[yi ↦cc ei^] | e^ | S
 *       θ += cc↦n*H.   The fresh yi are heap[heap_len .. heap_len+n-1];
 * one cell per yi (y1 pushed first, so yn is ref 0) makes the renaming ^,
 * and every ei^ closes over the extended environment (recursion). */
void ccm_row_let(struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t count = n->b;
    int32_t base = m->heap_len;
    int32_t env = m->ctl_env;
    for (int32_t i = 0; i < count; i++)
        env = ccm_push_cell(m, base + i, env);
    for (int32_t i = 0; i < count; i++) {
        struct ccm_obj *o = &m->heap[base + i];
        o->code = m->code[n->a + i].a;
        o->env = env;
        o->cc = m->ccc;
        o->hole = 0;
        o->num = 0;
    }
    m->heap_len = base + count;
    ccm_charge(m, m->ccc, CCM_H, CCM_MUTANT == CCM_M_LET_H_ONCE ? 1 : (uint64_t)count);
    m->ctl_code = n->c;
    m->ctl_env = env;
    m->last_rule = CCM_R_LET;
    m->steps++;
}
