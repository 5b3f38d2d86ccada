/* rows_var.c -- var1, var2, var3: entering a variable and updating a thunk
 * (Fig. 5 as modified by Fig. 6; fig2 differences noted per row). */
#include "kernel_internal.h"

/* var1:  cc | Γ[x ↦ccz z] | x | S  =>  SUBCAF(ccz,cc) | z | S     θ += cc↦V
 * fig2: SUB instead of SUBCAF. */
void ccm_row_var1(struct ccm_machine *m, int32_t addr)
{
    const struct ccm_obj *o = &m->heap[addr];
    int32_t cc = m->ccc;
    ccm_charge(m, cc, CCM_V, 1);
    m->ccc = m->rules == CCM_RULES_FIG6 ? ccm_subcaf(m, o->cc, cc) : ccm_sub(m, o->cc, cc);
    m->ctl_code = o->code;
    m->ctl_env = o->env;
    m->ctl_num = o->num;
    m->last_rule = CCM_R_VAR1;
    m->steps++;
}

/* var2:  cc | Γ[x ↦cce e] | x | S  =>  cce | Γ (x absent) | e | (#x,cc) : S
 *        θ += cc↦V.  The binding is marked as a hole while e runs. */
void ccm_row_var2(struct ccm_machine *m, int32_t addr)
{
    struct ccm_obj *o = &m->heap[addr];
    struct ccm_frame *f = &m->stack[m->stack_len];
    int32_t cc = m->ccc;
    f->kind = CCM_F_UPD;
    f->cc = cc;
    f->a = addr;
    f->b = CCM_NIL;
    f->num = 0;
    m->stack_len++;
    o->hole = 1;
    ccm_charge(m, cc, CCM_V, 1);
    m->ccc = o->cc;
    m->ctl_code = o->code;
    m->ctl_env = o->env;
    m->ctl_num = o->num;
    m->last_rule = CCM_R_VAR2;
    m->steps++;
    /* Step_Var2 piece by piece, one goal each (the whole predicate at once
     * took the provers over 40 s). */
    /*@ assert ctl: ctl_is(m, \at(m->heap[addr].cc, Pre), \at(m->heap[addr].code, Pre), \at(m->heap[addr].env, Pre), \at(m->heap[addr].num, Pre)); */
    /*@ assert push: m->stack_len == \at(m->stack_len, Pre) + 1 && frame_is(m->stack[\at(m->stack_len, Pre)], CCM_F_UPD, cc, addr, CCM_NIL, 0); */
    /*@ assert keeps: stack_keeps{Pre,Here}(m, \at(m->stack_len, Pre)); */
    /*@ assert hole: heap_set{Pre,Here}(m, addr, {\at(m->heap[addr], Pre) \with .hole = (int32_t)1}); */
    /*@ assert cells: cells_same{Pre,Here}(m); */
    /*@ assert costs: costs_plus{Pre,Here}(m, cost_ix(cc, CCM_V), 1); */
    /*@ assert counted: counted{Pre,Here}(m, CCM_R_VAR2); */
}

/* var3's stores: object x becomes the value (pinned with ccz, the ccc on
 * entry), ccz is charged U, the update frame is popped and the ccc becomes
 * cc (rows_write.c says why the stores are a function of their own). */
/*@ requires valid: machine_valid(m);
    requires pop: 0 < m->stack_len <= m->stack_cap;
    requires x: 0 <= x < m->heap_len <= m->heap_cap;
    requires ccz: in_cc(m, m->ccc) && m->stk.len <= m->stk.cap <= CCM_MAX_NODES;
    requires no_overflow: m->costs[cost_ix(m->ccc, CCM_U)] < UINT64_MAX;
    requires budget: m->steps < m->max_steps;
    assigns m->heap[x], m->costs[cost_ix(m->ccc, CCM_U)], m->ccc, m->stack_len, m->last_rule, m->steps;
    ensures ctl: ctl_is(m, cc, \old(m->ctl_code), \old(m->ctl_env), \old(m->ctl_num));
    ensures popped: stack_popped{Pre,Post}(m);
    ensures heap_len: m->heap_len == \old(m->heap_len);
    ensures obj: obj_is(m->heap[x], \old(m->ctl_code), \old(m->ctl_env), \old(m->ccc), 0, \old(m->ctl_num));
    ensures others: \forall integer y; 0 <= y < \old(m->heap_len) && y != x ==> obj_eq{Pre,Post}(m, y);
    ensures cells: cells_same{Pre,Post}(m);
    ensures costs: costs_plus{Pre,Post}(m, cost_ix(\old(m->ccc), CCM_U), 1);
    ensures counted: counted{Pre,Post}(m, CCM_R_VAR3);
*/
static void var3_write(struct ccm_machine *m, int32_t x, int32_t cc)
{
    int32_t ccz = m->ccc;
    struct ccm_obj *o = &m->heap[x];
    ccm_charge(m, ccz, CCM_U, 1);
    o->code = m->ctl_code;
    o->env = m->ctl_env;
    o->num = m->ctl_num;
    o->cc = ccz;
    o->hole = 0;
    m->ccc = cc;
    m->stack_len--;
    m->last_rule = CCM_R_VAR3;
    m->steps++;
}

/* var3:  ccz | Γ | z | (#x,cc) : S  =>  SUBCAF(ccz,cc) | Γ[x ↦ccz z] | z | S
 *        θ += ccz↦U.   fig2: ccc stays ccz. */
void ccm_row_var3(struct ccm_machine *m)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    int32_t ccz = m->ccc;
    int32_t cc = ccz;
    if (m->rules == CCM_RULES_FIG6)
        cc = ccm_subcaf(m, ccz, f->cc);
    var3_write(m, f->a, cc);
}
