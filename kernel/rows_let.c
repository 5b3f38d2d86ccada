/* rows_let.c -- let: allocate n fresh closures sharing one recursive env. */
#include "kernel_internal.h"

/* let:  cc | Γ | let {xi=ei} in e | S  =>  cc | Γ[yi ↦cc ei^] | e^ | S
 *       θ += cc↦n*H.   The fresh yi are heap[heap_len .. heap_len+n-1];
 * one cell per yi (y1 pushed first, so yn is ref 0) makes the renaming ^,
 * and every ei^ closes over the extended environment (recursion).  The
 * objects are laid first, closing over the cell the last push will create
 * (cell_len + n - 1), so that every cell pushed binds an existing object. */
void ccm_row_let(struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t count = n->b;
    int32_t first = n->a;
    int32_t body = n->c;
    int32_t base = m->heap_len;
    int32_t cl = m->cell_len;
    int32_t cc = m->ccc;
    int32_t top = cl + count - 1;
    int32_t env = m->ctl_env;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant objs: \forall integer j; 0 <= j < i ==>
          m->heap[base + j].code == m->code[first + j].a && m->heap[base + j].env == top &&
          m->heap[base + j].cc == cc && m->heap[base + j].hole == 0 && m->heap[base + j].num == 0;
        loop assigns i, m->heap[base .. base + count - 1];
        loop variant count - i;
    */
    for (int32_t i = 0; i < count; i++) {
        struct ccm_obj *o = &m->heap[base + i];
        o->code = m->code[first + i].a;
        o->env = top;
        o->cc = cc;
        o->hole = 0;
        o->num = 0;
    }
    m->heap_len = base + count;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant len: m->cell_len == cl + i;
        loop invariant env: env == (i == 0 ? \at(m->ctl_env, Pre) : cl + i - 1);
        loop invariant cells_ok: cells_ok(m);
        loop invariant new: \forall integer j; 0 <= j < i ==>
          m->cells[cl + j].addr == base + j && m->cells[cl + j].next == (j == 0 ? \at(m->ctl_env, Pre) : cl + j - 1);
        loop invariant keep: cells_keep{Pre,Here}(m, cl);
        loop assigns i, env, m->cell_len, m->cells[cl .. cl + count - 1];
        loop variant count - i;
    */
    for (int32_t i = 0; i < count; i++)
        env = ccm_push_cell(m, base + i, env);
    ccm_charge(m, cc, CCM_H, CCM_MUTANT == CCM_M_LET_H_ONCE ? 1 : (uint64_t)count);
    m->ctl_code = body;
    m->ctl_env = env;
    m->last_rule = CCM_R_LET;
    m->steps++;
}
