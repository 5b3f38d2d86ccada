/* ccm_env.h -- environment lookup in logic: the cell a reference names.
 * env_cell(m, e, r) follows r `next` links from e; a result outside
 * [0, cell_len) means the chain was too short (bad code). */
#ifndef CCM_ACSL_ENV_H
#define CCM_ACSL_ENV_H
#include "ccm_state.h"

/*@
  logic integer env_cell{L}(struct ccm_machine *m, integer e, integer r) =
    r <= 0 ? e :
    (0 <= e < m->cell_len ? env_cell(m, m->cells[e].next, r - 1) : CCM_NIL);

  // does reference r resolve in environment e?
  predicate resolves{L}(struct ccm_machine *m, integer e, integer r) =
    r < 0 ? -1 - r < m->heap_len : 0 <= env_cell(m, e, r) < m->cell_len;

  // the heap address it denotes
  logic integer resolve{L}(struct ccm_machine *m, integer e, integer r) =
    r < 0 ? -1 - r : m->cells[env_cell(m, e, r)].addr;
*/
#endif
