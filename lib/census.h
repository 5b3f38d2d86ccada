/* census.h -- the heap census of the paper's section 5: the live heap by
 * cost centre, read from a machine's state between transitions.  Outside
 * the proven kernel; it only reads the machine, so taking a census never
 * changes a step or a cost.
 *
 * Live: reachable from the control's environment, the stack's frames and
 * the top-level bindings (heap[0 .. ntop-1], always live), through each
 * object's environment (a chain of cells, each naming one heap object).
 * Objects under evaluation are reached through their update frames.  A
 * census costs time proportional to the live objects and the cells that
 * reach them, not to everything allocated: marks are epoch stamps, never
 * cleared between censuses, in arrays calloc'd at the machine's
 * capacities (untouched pages cost nothing) and again, larger, when the
 * machine's arrays have grown (lib/ccmlib.h, "Memory"). */
#ifndef CCM_CENSUS_H
#define CCM_CENSUS_H

#include <stdint.h>
#include "../kernel/ccm.h"

/* Bytes one heap object stands for in profiles (sizeof(struct ccm_obj):
 * code, env, cc, hole and the 64-bit number). */
#define CCM_OBJ_BYTES 24

struct ccm_census;
struct ccm_census *ccm_census_new(void);     /* NULL if out of memory */
void ccm_census_free(struct ccm_census *c);

/* Count the live objects of m by the cost centre pinned on each.  Calls
 * emit(arg, cc, objects) once per cost centre with live objects, in no
 * particular order.  Returns the number of live objects, or -1 if memory
 * ran out (nothing emitted). */
int64_t ccm_census_take(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop,
                        void (*emit)(void *arg, int32_t cc, uint64_t objects), void *arg);
/* The same census by the cost-centre stack pinned on each object (a node
 * of m->stk, docs/stacks.md), not by its top: emit(arg, node, objects).
 * Under push single the two are one, node c being <c>. */
int64_t ccm_census_take_stacks(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop,
                               void (*emit)(void *arg, int32_t node, uint64_t objects), void *arg);

#endif
