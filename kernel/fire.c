/* fire.c -- each row fired from a well-formed state (contracts in fire.h).
 * A firing asserts the instances of wf its row reads (the node in control,
 * the top frame, the heap object, the alternative) and calls the row. */
#include "fire.h"

void ccm_fire_app1(struct ccm_machine *m, int32_t addr)
{
    /*@ assert node: ctl_node_ok(m); */
    ccm_row_app1(m, addr);
}

void ccm_fire_app2(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m) && top_ok(m); */
    ccm_row_app2(m);
}

void ccm_fire_var1(struct ccm_machine *m, int32_t addr)
{
    /*@ assert obj: obj_ok(m, m->heap[addr]); */
    ccm_row_var1(m, addr);
}

void ccm_fire_var2(struct ccm_machine *m, int32_t addr)
{
    /*@ assert obj: obj_ok(m, m->heap[addr]); */
    ccm_row_var2(m, addr);
}

void ccm_fire_var3(struct ccm_machine *m)
{
    /*@ assert top: top_ok(m); */
    ccm_row_var3(m);
}

void ccm_fire_let(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    /* the new heap objects' code: each binding's right-hand side, in the
     * code (each binding is a BIND node, and a BIND node's is) */
    /*@ assert run: run_of(m->code, m->ncode, m->code[m->ctl_code].a, m->code[m->ctl_code].b, CCM_BIND); */
    /*@ assert nodes: \forall integer j; 0 <= j < m->ncode ==> node_ok(m->code, m->ncode, m->ncc, j); */
    /*@ assert binds: \forall integer j; m->code[m->ctl_code].a <= j < m->code[m->ctl_code].a + m->code[m->ctl_code].b ==>
                        0 <= m->code[j].a < m->ncode; */
    ccm_row_let(m);
}

void ccm_fire_case1(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    ccm_row_case1(m);
}

int ccm_fire_case2(struct ccm_machine *m, int32_t alt)
{
    /*@ assert node: ctl_node_ok(m) && top_ok(m); */
    /*@ assert alt: node_ok(m->code, m->ncode, m->ncc, alt); */
    /* the new cells' addresses: each argument's, in the heap */
    /*@ assert args: \forall integer j; m->code[m->ctl_code].c <= j < m->code[m->ctl_code].c + m->code[m->ctl_code].b ==>
                       resolves(m, m->ctl_env, m->code[j].a) ==> in_heap(m, resolve(m, m->ctl_env, m->code[j].a)); */
    int st = ccm_row_case2(m, alt);
    /* the parts of case2's row that wf after it rests on, at top level */
    /*@ for fires: assert kept: heap_same{Pre,Here}(m) && stack_popped{Pre,Here}(m) &&
                                \at(m->cell_len, Pre) <= m->cell_len; */
    /*@ for bad_code: assert same: stack_same{Pre,Here}(m) && heap_same{Pre,Here}(m) &&
                                   cells_same{Pre,Here}(m) && costs_same{Pre,Here}(m) &&
                                   m->steps == \at(m->steps, Pre); */
    return st;
}

void ccm_fire_case2_default(struct ccm_machine *m, int32_t alt)
{
    /*@ assert top: top_ok(m); */
    /*@ assert alt: node_ok(m->code, m->ncode, m->ncc, alt); */
    ccm_row_case2_default(m, alt);
}

void ccm_fire_scc(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    ccm_row_scc(m);
}

void ccm_fire_scc_sub(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    ccm_row_scc_sub(m);
}

void ccm_fire_prim1(struct ccm_machine *m)
{
    /*@ assert node: ctl_node_ok(m); */
    ccm_row_prim1(m);
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
