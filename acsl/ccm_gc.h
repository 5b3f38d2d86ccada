/* ccm_gc.h -- the collector's contract (kernel/ccm.h, ccm_collect): its
 * scratch arrays.  The logic of its pieces,
 * over the arrays as values, is in ccm_gc_arrays.h.
 *
 * A mark is 0 for an object (cell) no root reaches; once the collection
 * is done, a live one's mark is its new index + 1. */
#ifndef CCM_ACSL_GC_H
#define CCM_ACSL_GC_H
#include "ccm_wf.h"

/*@
  // a uint32_t array apart from the machine (whose stack table, arrays and
  // sizes, is the only other holder of that type)
  predicate gc_apart{L}(struct ccm_machine *m, uint32_t *a) =
    \base_addr(a) != \base_addr(m) && \base_addr(a) != \base_addr(m->stk.node) &&
    \base_addr(a) != \base_addr(m->stk.slot);

  // the scratch arrays: a mark per heap object and per cell, the work
  // stack; apart from each other and from the machine's uint32_t (they hold
  // uint32_t, which WP's typed model keeps apart from the heap, the cells
  // and the frames by type)
  predicate gc_valid{L}(struct ccm_machine *m, struct ccm_gc *g) =
    \valid(g) && 0 < g->work_cap &&
    \valid(g->hmark + (0 .. m->heap_len - 1)) && \valid(g->cmark + (0 .. m->cell_len - 1)) &&
    \valid(g->work + (0 .. g->work_cap - 1)) &&
    \base_addr(g) != \base_addr(m) && \base_addr(g) != \base_addr(m->heap) &&
    \base_addr(g) != \base_addr(m->cells) && \base_addr(g) != \base_addr(m->stack) &&
    \base_addr(g) != \base_addr(g->hmark) && \base_addr(g) != \base_addr(g->cmark) &&
    \base_addr(g) != \base_addr(g->work) &&
    \base_addr(g->hmark) != \base_addr(g->work) &&
    gc_apart(m, g->hmark) && gc_apart(m, g->work) &&
    \base_addr(g->cmark) != \base_addr(m) && \base_addr(g->cmark) != \base_addr(m->costs);


  // what the collection does not write of the machine, from A to B, in
  // parts (a frame goal each): its pointers; the configuration's sizes;
  // the capacities; the registers but the control's environment; the stack
  // table's sizes and the step counts
  predicate gc_kept_ptrs{A,B}(struct ccm_machine *m) =
    \at(m->code, B) == \at(m->code, A) && \at(m->cc_kind, B) == \at(m->cc_kind, A) &&
    \at(m->heap, B) == \at(m->heap, A) && \at(m->cells, B) == \at(m->cells, A) &&
    \at(m->stack, B) == \at(m->stack, A) && \at(m->costs, B) == \at(m->costs, A) &&
    \at(m->stk.node, B) == \at(m->stk.node, A) && \at(m->stk.slot, B) == \at(m->stk.slot, A);
  predicate gc_kept_config{A,B}(struct ccm_machine *m) =
    \at(m->ncode, B) == \at(m->ncode, A) && \at(m->ncc, B) == \at(m->ncc, A);
  predicate gc_kept_caps{A,B}(struct ccm_machine *m) =
    \at(m->heap_cap, B) == \at(m->heap_cap, A) && \at(m->cell_cap, B) == \at(m->cell_cap, A) &&
    \at(m->stack_cap, B) == \at(m->stack_cap, A);
  predicate gc_kept_regs{A,B}(struct ccm_machine *m) =
    \at(m->ccc, B) == \at(m->ccc, A) && \at(m->ctl_code, B) == \at(m->ctl_code, A);
  predicate gc_kept_counts{A,B}(struct ccm_machine *m) =
    \at(m->stk.cap, B) == \at(m->stk.cap, A) && \at(m->stk.len, B) == \at(m->stk.len, A) &&
    \at(m->stk.nslot, B) == \at(m->stk.nslot, A) &&
    \at(m->steps, B) == \at(m->steps, A) && \at(m->max_steps, B) == \at(m->max_steps, A);
*/
#endif
