/* fire.c -- each row fired from a well-formed state (contracts in fire.h).
 * A firing asserts the instances of wf its row reads (the node in control,
 * the top frame, the heap object, the alternative) and calls the row.
 *
 * Six firings also assert, before the row, that each location the row's
 * frame names is inside its array (`in_*`), and after it what the row
 * keeps (`kept`, acsl/ccm_keeps.h).  Each is a goal of about a second; with
 * them in context the firing's wf goals went from up to 90 s to a few
 * seconds (docs/proofs.md).  The other firings are left as they were: the
 * same assertions made their goals no faster, or slower. */
#include "fire.h"

void ccm_fire_app1(struct ccm_machine *m, int32_t addr)
{
    /*@ assert node: ctl_node_ok(m); */
    /*@ assert in_stack: 0 <= m->stack_len < m->stack_cap; */
    /*@ assert in_costs: 0 <= cost_ix(m->ccc, CCM_A) < m->stk.cap * CCM_NCOUNTERS; */
    ccm_row_app1(m, addr);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
}

void ccm_fire_app2(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m) && top_ok(m); */
    /*@ assert in_cells: 0 <= m->cell_len < m->cell_cap; */
    ccm_row_app2(m);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
}

void ccm_fire_var1(struct ccm_machine *m, int32_t addr)
{
    /*@ assert obj: obj_ok(m, m->heap[addr]); */
    /*@ assert top: snode_ok(m, m->heap[addr].cc); */
    ccm_row_var1(m, addr);
}

void ccm_fire_var2(struct ccm_machine *m, int32_t addr)
{
    /*@ assert obj: obj_ok(m, m->heap[addr]); */
    /*@ assert in_stack: 0 <= m->stack_len < m->stack_cap; */
    /*@ assert in_heap: 0 <= addr < m->heap_cap; */
    /*@ assert in_costs: 0 <= cost_ix(m->ccc, CCM_V) < m->stk.cap * CCM_NCOUNTERS; */
    ccm_row_var2(m, addr);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
}

void ccm_fire_var3(struct ccm_machine *m)
{
    /*@ assert top: top_ok(m); */
    /*@ assert ccz: snode_ok(m, m->ccc); */
    ccm_row_var3(m);
}

void let_binds_in_code(const struct ccm_machine *m)
{
    (void)m;   /* a lemma in C: its contract is the point, it computes nothing */
    /* node_ok in the conclusion is the provers' trigger for `nodes` */
    /*@ assert nodes_of_binds: \forall integer j; m->code[m->ctl_code].a <= j < m->code[m->ctl_code].a + m->code[m->ctl_code].b ==>
                                 node_ok(m->code, m->ncode, m->ncc, j) && 0 <= m->code[j].a < m->ncode; */
}

void ccm_fire_let(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    /* the new heap objects' code: each binding's right-hand side, in the
     * code (each binding is a BIND node, and a BIND node's is) */
    /*@ assert run: run_of(m->code, m->ncode, m->code[m->ctl_code].a, m->code[m->ctl_code].b, CCM_BIND); */
    /*@ assert nodes: \forall integer j; 0 <= j < m->ncode ==> node_ok(m->code, m->ncode, m->ncc, j); */
    let_binds_in_code(m);
    /*@ assert in_heap: 0 <= m->heap_len && m->heap_len + m->code[m->ctl_code].b <= m->heap_cap; */
    /*@ assert in_cells: 0 <= m->cell_len && m->cell_len + m->code[m->ctl_code].b <= m->cell_cap; */
    /*@ assert in_costs: 0 <= cost_ix(m->ccc, CCM_H) < m->stk.cap * CCM_NCOUNTERS; */
    ccm_row_let(m);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
    /* heap_ok in two halves, the objects the row kept and the ones it laid:
     * wf_heap in one goal took 58 s, each half 1 s */
    /*@ assert heap_old: \forall integer x; 0 <= x < \at(m->heap_len, Pre) ==> obj_ok(m, m->heap[x]); */
    /*@ assert heap_new: \forall integer x; \at(m->heap_len, Pre) <= x < m->heap_len ==> obj_ok(m, m->heap[x]); */
}

void ccm_fire_case1(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    /*@ assert in_stack: 0 <= m->stack_len < m->stack_cap; */
    /*@ assert in_costs: 0 <= cost_ix(m->ccc, CCM_C) < m->stk.cap * CCM_NCOUNTERS; */
    ccm_row_case1(m);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
}

void ccm_fire_case2(struct ccm_machine *m, int32_t alt)
{
    /*@ assert node: ctl_node_ok(m) && top_ok(m); */
    /*@ assert alt: node_ok(m->code, m->ncode, m->ncc, alt); */
    /* the new cells' addresses: each argument's, in the heap */
    /*@ assert args: \forall integer j; m->code[m->ctl_code].c <= j < m->code[m->ctl_code].c + m->code[m->ctl_code].b ==>
                       resolves(m, m->ctl_env, m->code[j].a) ==> in_heap(m, resolve(m, m->ctl_env, m->code[j].a)); */
    (void)ccm_row_case2(m, alt);   /* RUNNING: every argument resolves (requires args) */
    /* the parts of case2's row that wf after it rests on, at top level */
    /*@ assert kept: heap_same{Pre,Here}(m) && stack_popped{Pre,Here}(m) &&
                     \at(m->cell_len, Pre) <= m->cell_len; */
    /* cells_ok in two halves, the cells the row kept and the ones it pushed
     * (in one goal, it timed out at 120 s once the node kinds were apart) */
    /*@ assert cells_old: \forall integer c; 0 <= c < \at(m->cell_len, Pre) ==>
                            in_heap(m, m->cells[c].addr) && CCM_NIL <= m->cells[c].next < c; */
    /*@ assert cells_new: \forall integer c; \at(m->cell_len, Pre) <= c < m->cell_len ==>
                            in_heap(m, m->cells[c].addr) && CCM_NIL <= m->cells[c].next < c; */
    /*@ assert cells: cells_ok(m); */   /* before `kinds`: in its context, this timed out */
    /* and the node kinds the frames name (frame_ok reads them) */
    /*@ assert kinds: config_scalars{Pre,Here}(m) && config_kind{Pre,Here}(m); */
}

void ccm_fire_case2_default(struct ccm_machine *m, int32_t alt)
{
    /*@ assert top: top_ok(m); */
    /*@ assert alt: node_ok(m->code, m->ncode, m->ncc, alt); */
    ccm_row_case2_default(m, alt);
}

int ccm_fire_scc(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    int32_t s = ccm_stack_push(m, m->code[m->ctl_code].a, m->ccc);
    if (s < 0) return CCM_RES_HEAP;
    ccm_row_scc(m, s);
    return CCM_RUNNING;
}

int ccm_fire_scc_sub(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    int32_t s = ccm_stack_push(m, m->code[m->ctl_code].a, m->ccc);
    if (s < 0) return CCM_RES_HEAP;
    ccm_row_scc_sub(m, s);
    return CCM_RUNNING;
}

int ccm_fire_call(struct ccm_machine *m, int32_t sl, int32_t k, int32_t c)
{
    (void)sl; (void)k;   /* c's path from sl: for the contract only */
    int32_t s = ccm_stack_push(m, (int32_t)m->stk.node[c].cc, m->ccc);
    if (s < 0) return CCM_RES_HEAP;
    ccm_row_call(m, s);
    return CCM_RUNNING;
}

void ccm_fire_prim1(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    /*@ assert in_stack: 0 <= m->stack_len < m->stack_cap; */
    /*@ assert in_costs: 0 <= cost_ix(m->ccc, CCM_P) < m->stk.cap * CCM_NCOUNTERS; */
    ccm_row_prim1(m);
    /*@ assert kept: row_keeps{Pre,Here}(m); */
}

void ccm_fire_prim2(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m) && top_ok(m); */
    /*@ assert prim: node_ok(m->code, m->ncode, m->ncc, m->stack[m->stack_len - 1].a); */
    ccm_row_prim2(m);
}

void ccm_fire_prim3(struct ccm_machine *m, int64_t result, int is_bool)
{
    /*@ assert top: top_ok(m); */
    ccm_row_prim3(m, result, is_bool);
}

void ccm_fire_force(struct ccm_machine *m, int32_t addr)
{
    /*@ assert obj: obj_ok(m, m->heap[addr]); */
    ccm_row_force(m, addr);
}

void ccm_fire_resume(struct ccm_machine *m)
{
    /*@ assert top: top_ok(m); */
    ccm_row_resume(m);
}
