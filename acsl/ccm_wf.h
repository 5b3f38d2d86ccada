/* ccm_wf.h -- the well-formedness of a machine state, preserved by every
 * transition: sizes and capacities, a well-formed code array, every heap
 * object, cell and frame pointing inside its array, the current cost centre
 * and the control valid, counters bounded. */
#ifndef CCM_ACSL_WF_H
#define CCM_ACSL_WF_H
#include "ccm_state.h"
#include "ccm_code.h"

/*@
  predicate sizes_ok{L}(struct ccm_machine *m) =
    0 <= m->heap_len  <= m->heap_cap  <= CCM_MAX_CAP &&
    0 <= m->cell_len  <= m->cell_cap  <= CCM_MAX_CAP &&
    0 <= m->stack_len <= m->stack_cap <= CCM_MAX_CAP &&
    m->steps <= m->max_steps <= CCM_MAX_STEPS;

  predicate cc_kinds_ok{L}(struct ccm_machine *m) =
    \forall integer c; 0 <= c < m->ncc ==> CCM_CC_PLAIN <= m->cc_kind[c] <= CCM_CC_CAF;

  predicate obj_ok{L}(struct ccm_machine *m, struct ccm_obj o) =
    in_code(m, o.code) && is_env(m, o.env) && in_cc(m, o.cc);

  predicate heap_ok{L}(struct ccm_machine *m) =
    \forall integer x; 0 <= x < m->heap_len ==> obj_ok(m, m->heap[x]);

  // a cell binds a heap address and points to an OLDER cell: chains end
  predicate cells_ok{L}(struct ccm_machine *m) =
    \forall integer c; 0 <= c < m->cell_len ==>
      in_heap(m, m->cells[c].addr) && CCM_NIL <= m->cells[c].next < c;

  predicate frame_ok{L}(struct ccm_machine *m, struct ccm_frame f) =
    in_cc(m, f.cc) &&
    (f.kind == CCM_F_ARG    ==> in_heap(m, f.a)) &&
    (f.kind == CCM_F_UPD    ==> in_heap(m, f.a)) &&
    (f.kind == CCM_F_CASE   ==> in_code(m, f.a) && m->code[f.a].kind == CCM_CASE && is_env(m, f.b)) &&
    (f.kind == CCM_F_PRIM1  ==> in_code(m, f.a) && m->code[f.a].kind == CCM_PRIM && is_env(m, f.b)) &&
    (f.kind == CCM_F_PRIM2  ==> in_code(m, f.a) && m->code[f.a].kind == CCM_PRIM) &&
    (f.kind == CCM_F_RESUME ==> in_code(m, f.a) && is_env(m, f.b));

  predicate stack_ok{L}(struct ccm_machine *m) =
    \forall integer j; 0 <= j < m->stack_len ==> frame_ok(m, m->stack[j]);

  predicate regs_ok{L}(struct ccm_machine *m) =
    in_cc(m, m->ccc) && in_code(m, m->ctl_code) && is_env(m, m->ctl_env);

  // every counter grows by 1 per step, except H which grows by one per
  // heap object allocated: so no counter exceeds steps + heap_len
  predicate costs_ok{L}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < m->ncc * CCM_NCOUNTERS ==> m->costs[i] <= m->steps + m->heap_len;

  predicate wf{L}(struct ccm_machine *m) =
    machine_valid(m) && code_wf(m->code, m->ncode, m->ncc) && cc_kinds_ok(m) &&
    sizes_ok(m) && heap_ok(m) && cells_ok(m) && stack_ok(m) && regs_ok(m) && costs_ok(m);
*/


/* wf(m) as separate named postconditions: one goal per part, so that the
 * provers never face the whole predicate at once. */
#define CCM_ENSURES_WF \
  ensures wf_valid: machine_valid(m); \
  ensures wf_code:  code_wf(m->code, m->ncode, m->ncc); \
  ensures wf_kinds: cc_kinds_ok(m); \
  ensures wf_sizes: sizes_ok(m); \
  ensures wf_heap:  heap_ok(m); \
  ensures wf_cells: cells_ok(m); \
  ensures wf_stack: stack_ok(m); \
  ensures wf_regs:  regs_ok(m); \
  ensures wf_costs: costs_ok(m);
/*@
  // The local context a row function relies on: the arrays, the sizes,
  // the registers and the counter bound of wf, without the global
  // quantified parts (the provers are lost in those); each row adds the
  // one node / frame / object fact it reads.
  predicate row_ctx{L}(struct ccm_machine *m) =
    machine_valid(m) && sizes_ok(m) && regs_ok(m) && costs_ok(m) &&
    1 <= m->ncc <= CCM_MAX_CC && m->ncode <= CCM_MAX_CODE;

  predicate ctl_node_ok{L}(struct ccm_machine *m) = node_ok(m->code, m->ncode, m->ncc, m->ctl_code);
  predicate top_ok{L}(struct ccm_machine *m) =
    m->stack_len > 0 && frame_ok(m, m->stack[m->stack_len - 1]);

*/
#endif
