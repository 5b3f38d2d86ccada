/* gc.h -- a session's side of the garbage collector (lib/gc.c): the
 * scratch arrays that ccm_collect (kernel/collect.c) takes from its
 * caller, grown with the machine's arrays.  Not part of the public API. */
#ifndef CCM_GC_H
#define CCM_GC_H

#include <stdint.h>
#include "../kernel/ccm.h"

struct gc_scratch {
    struct ccm_gc g;               /* the marks and the work stack          */
    int32_t hmark_cap, cmark_cap;  /* room in g.hmark and g.cmark           */
    uint64_t collections;          /* collections that reclaimed, this run  */
};

/* Collect m (its top-level objects heap[0 .. ntop-1]): the kernel's
 * status (CCM_RUNNING, or CCM_RES_HEAP when it refused: nothing written),
 * or -1 when the scratch arrays could not grow (nothing written). */
int gc_collect(struct gc_scratch *sc, struct ccm_machine *m, int32_t ntop);

void gc_scratch_free(struct gc_scratch *sc);

#endif
