/* rows_app.c -- app1 and app2 (Fig. 5), with the evaluation-scoping variant.
 * Each row reads, then stores through one write function (rows_write.c says
 * why); app2's is its own. */
#include "kernel_internal.h"

/* app1:  cc | e x | S  =>  cc | e | x : S            θ += cc↦A
 * (evaluation scoping pushes (x, cc) : S; the frame always records cc,
 *  and lexical app2 ignores it) */
void ccm_row_app1(struct ccm_machine *m, int32_t addr)
{
    ccm_push_write(m, CCM_F_ARG, m->ccc, addr, CCM_NIL, m->ccc, CCM_A,
                   m->code[m->ctl_code].a, CCM_R_APP1);
}

/* app2's stores: the new cell, the popped frame, the control. */
/*@ requires valid: machine_valid(m);
    requires room: 0 <= m->cell_len < m->cell_cap && 0 < m->stack_len <= m->stack_cap;
    requires budget: m->steps < m->max_steps;
    assigns m->cells[m->cell_len], m->cell_len, m->ccc, m->stack_len,
            m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ensures ctl: ctl_is(m, cc, body, \old(m->cell_len), 0);
    ensures cell: m->cell_len == \old(m->cell_len) + 1 &&
                  cell_is(m->cells[\old(m->cell_len)], addr, \old(m->ctl_env));
    ensures keep: cells_keep{Pre,Post}(m, \old(m->cell_len));
    ensures popped: stack_popped{Pre,Post}(m);
    ensures heap: heap_same{Pre,Post}(m);
    ensures costs: costs_same{Pre,Post}(m);
    ensures counted: counted{Pre,Post}(m, CCM_R_APP2);
*/
static void app2_write(struct ccm_machine *m, int32_t cc, int32_t body, int32_t addr)
{
    int32_t cl = m->cell_len;
    m->cells[cl].addr = addr;
    m->cells[cl].next = m->ctl_env;
    m->cell_len = cl + 1;
    m->ccc = cc;
    m->stack_len--;
    m->ctl_code = body;
    m->ctl_env = cl;
    m->ctl_num = 0;
    m->last_rule = CCM_R_APP2;
    m->steps++;
}

/* app2:  ccλ | \y->e | x : S  =>  ccλ | e[x/y] | S          (lexical)
 *        ccλ | \y->e | (x,cc) : S  =>  cc | e[x/y] | S      (evaluation, ghc)
 * e[x/y] is the body closed over a new cell binding x.  Under the ghc call
 * the caller then pushes ccλ's path onto cc (ccm_ghc_call, stack_call.c). */
void ccm_row_app2(struct ccm_machine *m)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    int32_t cc = m->scoping == CCM_LEXICAL ? m->ccc : f->cc;
    app2_write(m, cc, m->code[m->ctl_code].a, f->a);
}
