/* ccm_keeps.h -- what a row firing keeps, as one fact the firing asserts
 * right after its row (kernel/fire.c): the capacities, the step budget and
 * the configuration no row writes, and the lengths that only grow.  With
 * it in context, wf's parts after the row follow from the row's predicate
 * without the provers first working through the memory the row's frame
 * leaves alone (docs/proofs.md, "What a firing keeps"). */
#ifndef CCM_ACSL_KEEPS_H
#define CCM_ACSL_KEEPS_H
#include "ccm_wf.h"

/*@
  // the lengths that in_heap and is_env read do not shrink from A to B
  predicate grows{A,B}(struct ccm_machine *m) =
    \at(m->heap_len, A) <= \at(m->heap_len, B) && \at(m->cell_len, A) <= \at(m->cell_len, B);

  predicate row_keeps{A,B}(struct ccm_machine *m) =
    \at(m->heap_cap, B) == \at(m->heap_cap, A) && \at(m->cell_cap, B) == \at(m->cell_cap, A) &&
    \at(m->stack_cap, B) == \at(m->stack_cap, A) && \at(m->max_steps, B) == \at(m->max_steps, A) &&
    config_scalars{A,B}(m) && config_kind{A,B}(m) && grows{A,B}(m);
*/
#endif
