/* rows_prim.c -- prim1, prim2, prim3 [ext]: a1 op a2 on 64-bit integers.
 * With order CCM_RIGHT_TO_LEFT (property tests only) the operand roles of
 * prim1/prim2 swap and prim3 puts them back in place. */
#include "kernel_internal.h"

/* prim1:  cc | a1 op a2 | S  =>  cc | a1 | (□ op a2, cc) : S     θ += cc↦P */
void ccm_row_prim1(struct ccm_machine *m)
{
    const struct ccm_node *p = &m->code[m->ctl_code];
    struct ccm_frame *f = &m->stack[m->stack_len];
    f->kind = CCM_F_PRIM1;
    f->cc = m->ccc;
    f->a = m->ctl_code;
    f->b = m->ctl_env;
    f->num = 0;
    m->stack_len++;
    ccm_charge(m, m->ccc, CCM_P, 1);
    m->ctl_code = m->order == CCM_RIGHT_TO_LEFT ? p->c : p->b;   /* the first operand */
    m->last_rule = CCM_R_PRIM1;
    m->steps++;
}

/* prim2:  cc' | n1 | (□ op a2, cc) : S  =>  cc | a2 | (n1 op □, cc) : S */
void ccm_row_prim2(struct ccm_machine *m)
{
    struct ccm_frame *f = &m->stack[m->stack_len - 1];
    int64_t n1 = ccm_control_int(m);
    const struct ccm_node *p = &m->code[f->a];
    m->ccc = f->cc;
    m->ctl_code = m->order == CCM_RIGHT_TO_LEFT ? p->b : p->c;   /* the second operand */
    m->ctl_env = f->b;
    m->ctl_num = 0;
    f->kind = CCM_F_PRIM2;
    f->b = CCM_NIL;
    f->num = n1;
    m->last_rule = CCM_R_PRIM2;
    m->steps++;
}

/* prim3:  cc' | n2 | (n1 op □, cc) : S  =>  cc | n1 op n2 | S
 * The dispatcher computed the result (and refused the errors). */
void ccm_row_prim3(struct ccm_machine *m, int64_t result, int is_bool)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    m->ccc = f->cc;
    if (is_bool) {
        m->ctl_code = result ? CCM_NODE_TRUE : CCM_NODE_FALSE;
        m->ctl_num = 0;
    } else {
        m->ctl_code = CCM_NODE_INTVAL;
        m->ctl_num = result;
    }
    m->ctl_env = CCM_NIL;
    m->stack_len--;
    m->last_rule = CCM_R_PRIM3;
    m->steps++;
}
