/* rows_prim.c -- prim1, prim2, prim3 [ext]: a1 op a2 on 64-bit integers.
 * With order CCM_RIGHT_TO_LEFT (property tests only) the operand roles of
 * prim1/prim2 swap and prim3 puts them back in place. */
#include "kernel_internal.h"

/* prim1:  cc | a1 op a2 | S  =>  cc | a1 | (□ op a2, cc) : S     θ += cc↦P */
void ccm_row_prim1(struct ccm_machine *m)
{
    const struct ccm_node *p = &m->code[m->ctl_code];
    int32_t first = m->order == CCM_RIGHT_TO_LEFT ? p->c : p->b;   /* the first operand */
    ccm_push_write(m, CCM_F_PRIM1, m->ccc, m->ctl_code, m->ctl_env, m->ccc, CCM_P, first,
                   CCM_R_PRIM1);
}

/* prim2's stores: the top frame becomes (n1 op □, cc), the control the
 * second operand in the frame's environment (rows_write.c says why the
 * stores are a function of their own). */
/*@ requires valid: machine_valid(m);
    requires top: 0 < m->stack_len <= m->stack_cap;
    requires budget: m->steps < m->max_steps;
    assigns m->stack[m->stack_len - 1].kind, m->stack[m->stack_len - 1].b, m->stack[m->stack_len - 1].num,
            m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ensures ctl: ctl_is(m, \old(m->stack[m->stack_len - 1].cc), second, \old(m->stack[m->stack_len - 1].b), 0);
    ensures top: m->stack_len == \old(m->stack_len) &&
                 frame_is(m->stack[m->stack_len - 1], CCM_F_PRIM2, \old(m->stack[m->stack_len - 1].cc),
                          \old(m->stack[m->stack_len - 1].a), CCM_NIL, n1);
    ensures keeps: stack_keeps{Pre,Post}(m, \old(m->stack_len) - 1);
    ensures heap: heap_same{Pre,Post}(m);
    ensures cells: cells_same{Pre,Post}(m);
    ensures costs: costs_same{Pre,Post}(m);
    ensures counted: counted{Pre,Post}(m, CCM_R_PRIM2);
*/
static void prim2_write(struct ccm_machine *m, int32_t second, int64_t n1)
{
    struct ccm_frame *f = &m->stack[m->stack_len - 1];
    m->ccc = f->cc;
    m->ctl_code = second;
    m->ctl_env = f->b;
    m->ctl_num = 0;
    f->kind = CCM_F_PRIM2;
    f->b = CCM_NIL;
    f->num = n1;
    m->last_rule = CCM_R_PRIM2;
    m->steps++;
}

/* prim2:  cc' | n1 | (□ op a2, cc) : S  =>  cc | a2 | (n1 op □, cc) : S */
void ccm_row_prim2(struct ccm_machine *m)
{
    const struct ccm_node *p = &m->code[m->stack[m->stack_len - 1].a];
    int32_t second = m->order == CCM_RIGHT_TO_LEFT ? p->b : p->c;   /* the second operand */
    prim2_write(m, second, ccm_control_int(m));
}

/* prim3:  cc' | n2 | (n1 op □, cc) : S  =>  cc | n1 op n2 | S
 * The dispatcher computed the result (and refused the errors). */
void ccm_row_prim3(struct ccm_machine *m, int64_t result, int is_bool)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    /* a comparison's value is a constructor node, an integer the INTVAL
     * node with the number in the control */
    int32_t code = !is_bool ? CCM_NODE_INTVAL : result ? CCM_NODE_TRUE : CCM_NODE_FALSE;
    ccm_pop_write(m, f->cc, code, CCM_NIL, is_bool ? 0 : result, CCM_R_PRIM3);
}
