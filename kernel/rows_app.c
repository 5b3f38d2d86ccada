/* rows_app.c -- app1 and app2 (Fig. 5), with the evaluation-scoping variant. */
#include "kernel_internal.h"

/* app1:  cc | e x | S  =>  cc | e | x : S            θ += cc↦A
 * (evaluation scoping pushes (x, cc) : S; the frame always records cc,
 *  and lexical app2 ignores it) */
void ccm_row_app1(struct ccm_machine *m, int32_t addr)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    struct ccm_frame *f = &m->stack[m->stack_len];
    f->kind = CCM_F_ARG;
    f->cc = m->ccc;
    f->a = addr;
    f->b = CCM_NIL;
    f->num = 0;
    m->stack_len++;
    ccm_charge(m, m->ccc, CCM_A, 1);
    m->ctl_code = n->a;
    m->last_rule = CCM_R_APP1;
    m->steps++;
}

/* app2:  ccλ | \y->e | x : S  =>  ccλ | e[x/y] | S          (lexical)
 *        ccλ | \y->e | (x,cc) : S  =>  cc | e[x/y] | S      (evaluation)
 * e[x/y] is the body closed over a new cell binding x. */
void ccm_row_app2(struct ccm_machine *m)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    int32_t body = m->code[m->ctl_code].a;
    int32_t env = ccm_push_cell(m, f->a, m->ctl_env);
    if (m->scoping == CCM_EVALUATION)
        m->ccc = f->cc;
    m->stack_len--;
    m->ctl_code = body;
    m->ctl_env = env;
    m->ctl_num = 0;
    m->last_rule = CCM_R_APP2;
    m->steps++;
}
