/* gc.c -- the scratch arrays of the collector, for a session (gc.h).
 * ccm_collect needs a mark per heap object and per cell in use and a work
 * stack that can hold every one of them at once (each is pushed once, when
 * first reached); they grow with the machine's arrays (pages_room, as the
 * machine's own do) and are kept between collections. */
#include <stdint.h>
#include "gc.h"
#include "pages.h"

int gc_collect(struct gc_scratch *sc, struct ccm_machine *m, int32_t ntop)
{
    struct ccm_gc *g = &sc->g;
    int64_t work = (int64_t)m->heap_len + m->cell_len;
    if (work > INT32_MAX) return -1;
    if (pages_room((void **)&g->hmark, &sc->hmark_cap, m->heap_len > 0 ? m->heap_len : 1, sizeof *g->hmark)
        || pages_room((void **)&g->cmark, &sc->cmark_cap, m->cell_len > 0 ? m->cell_len : 1, sizeof *g->cmark)
        || pages_room((void **)&g->work, &g->work_cap, work > 0 ? (int32_t)work : 1, sizeof *g->work))
        return -1;
    int st = ccm_collect(m, g, ntop);
    if (st == CCM_RUNNING) sc->collections++;
    return st;
}

void gc_scratch_free(struct gc_scratch *sc)
{
    pages_free(sc->g.hmark, (size_t)sc->hmark_cap * sizeof *sc->g.hmark);
    pages_free(sc->g.cmark, (size_t)sc->cmark_cap * sizeof *sc->g.cmark);
    pages_free(sc->g.work, (size_t)sc->g.work_cap * sizeof *sc->g.work);
    sc->g.hmark = NULL;
    sc->g.cmark = NULL;
    sc->g.work = NULL;
    sc->hmark_cap = sc->cmark_cap = sc->g.work_cap = 0;
}
