/* gc.c -- the scratch arrays of the collector, for a session (gc.h).
 * ccm_collect needs a mark per heap object and per cell in use and a work
 * stack that can hold every one of them at once (each is pushed once, when
 * first reached); they grow with the machine's arrays and are kept between
 * collections. */
#include <stdlib.h>
#include "gc.h"

/* Give *p room for n entries of size bytes (its contents need not be
 * kept: the kernel clears the marks it uses).  0, or -1 with *p as it was. */
static int scratch_room(void **p, int32_t *cap, int64_t n, size_t size)
{
    if (n <= *cap) return 0;
    if (n > INT32_MAX) return -1;
    void *q = realloc(*p, (size_t)n * size);
    if (!q) return -1;
    *p = q;
    *cap = (int32_t)n;
    return 0;
}

int gc_collect(struct gc_scratch *sc, struct ccm_machine *m, int32_t ntop)
{
    struct ccm_gc *g = &sc->g;
    int64_t work = (int64_t)m->heap_len + m->cell_len;
    if (work < 1) work = 1;
    if (scratch_room((void **)&g->hmark, &sc->hmark_cap, m->heap_len > 0 ? m->heap_len : 1, sizeof *g->hmark)
        || scratch_room((void **)&g->cmark, &sc->cmark_cap, m->cell_len > 0 ? m->cell_len : 1, sizeof *g->cmark)
        || scratch_room((void **)&g->work, &g->work_cap, work, sizeof *g->work))
        return -1;
    int st = ccm_collect(m, g, ntop);
    if (st == CCM_RUNNING) sc->collections++;
    return st;
}

void gc_scratch_free(struct gc_scratch *sc)
{
    free(sc->g.hmark);
    free(sc->g.cmark);
    free(sc->g.work);
    sc->g.hmark = NULL;
    sc->g.cmark = NULL;
    sc->g.work = NULL;
    sc->hmark_cap = sc->cmark_cap = sc->g.work_cap = 0;
}
