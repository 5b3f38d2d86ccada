/* rows_force.c -- force and resume [ext]: change the evaluation order
 * without changing the semantics (property 2 of docs/semantics.md section 5). */
#include "kernel_internal.h"

/* force:  cc | Γ[x ↦cce e] | c | S  =>  cce | Γ (x absent) | e | (#x,cc) : (resume c, cc) : S
 * Exactly var2 but from any control and charging nothing. */
void ccm_row_force(struct ccm_machine *m, int32_t addr)
{
    /* every value first, then the stores: no read after a store */
    struct ccm_obj *o = &m->heap[addr];
    int32_t cc = m->ccc, code = m->ctl_code, env = m->ctl_env;
    int64_t num = m->ctl_num;
    int32_t ccx = o->cc, codex = o->code, envx = o->env;
    int64_t numx = o->num;
    int32_t sl = m->stack_len;
    struct ccm_frame *r = &m->stack[sl];
    struct ccm_frame *u = &m->stack[sl + 1];
    o->hole = 1;
    r->kind = CCM_F_RESUME;
    r->cc = cc;
    r->a = code;
    r->b = env;
    r->num = num;
    u->kind = CCM_F_UPD;
    u->cc = cc;
    u->a = addr;
    u->b = CCM_NIL;
    u->num = 0;
    /* wf's stack part where the frames are written, before the register
     * stores: ensures wf_stack took 18.8 s from the final state alone, 9.2 s
     * from this (docs/proofs.md) */
    /*@ assert frames_ok: \at(stack_ok(m) && regs_ok(m), Pre) ==>
          \forall integer j; 0 <= j < sl + 2 ==> frame_ok(m, m->stack[j]); */
    m->stack_len = sl + 2;
    m->ccc = ccx;
    m->ctl_code = codex;
    m->ctl_env = envx;
    m->ctl_num = numx;
    m->last_rule = CCM_R_FORCE;
    m->steps++;
    /* Step_Force piece by piece: one goal each (the whole predicate at once
     * takes the provers over 40 s). */
    /*@ assert ctl: ctl_is(m, \at(m->heap[addr].cc, Pre), \at(m->heap[addr].code, Pre),
                           \at(m->heap[addr].env, Pre), \at(m->heap[addr].num, Pre)); */
    /*@ assert push: m->stack_len == \at(m->stack_len, Pre) + 2 &&
          frame_is(m->stack[\at(m->stack_len, Pre)], CCM_F_RESUME, \at(m->ccc, Pre),
                   \at(m->ctl_code, Pre), \at(m->ctl_env, Pre), \at(m->ctl_num, Pre)) &&
          frame_is(m->stack[\at(m->stack_len, Pre) + 1], CCM_F_UPD, \at(m->ccc, Pre), addr, CCM_NIL, 0); */
    /*@ assert keeps: stack_keeps{Pre,Here}(m, \at(m->stack_len, Pre)); */
    /*@ assert hole: heap_set{Pre,Here}(m, addr, {\at(m->heap[addr], Pre) \with .hole = (int32_t)1}); */
    /*@ assert cells: cells_same{Pre,Here}(m); */
    /*@ assert costs: costs_same{Pre,Here}(m); */
    /*@ assert counted: counted{Pre,Here}(m, CCM_R_FORCE); */
}

/* resume:  cc' | z | (resume c, cc) : S  =>  cc | c | S */
void ccm_row_resume(struct ccm_machine *m)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    m->ccc = f->cc;
    m->ctl_code = f->a;
    m->ctl_env = f->b;
    m->ctl_num = f->num;
    m->stack_len--;
    m->last_rule = CCM_R_RESUME;
    m->steps++;
}
