/* rows_force.c -- force and resume [ext]: change the evaluation order
 * without changing the semantics (property 2 of docs/semantics.md section 5). */
#include "kernel_internal.h"

/* force:  cc | Γ[x ↦cce e] | c | S  =>  cce | Γ (x absent) | e | (#x,cc) : (resume c, cc) : S
 * Exactly var2 but from any control and charging nothing. */
void ccm_row_force(struct ccm_machine *m, int32_t addr)
{
    struct ccm_obj *o = &m->heap[addr];
    struct ccm_frame *r = &m->stack[m->stack_len];
    struct ccm_frame *u = &m->stack[m->stack_len + 1];
    r->kind = CCM_F_RESUME;
    r->cc = m->ccc;
    r->a = m->ctl_code;
    r->b = m->ctl_env;
    r->num = m->ctl_num;
    u->kind = CCM_F_UPD;
    u->cc = m->ccc;
    u->a = addr;
    u->b = CCM_NIL;
    u->num = 0;
    m->stack_len += 2;
    o->hole = 1;
    m->ccc = o->cc;
    m->ctl_code = o->code;
    m->ctl_env = o->env;
    m->ctl_num = o->num;
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
