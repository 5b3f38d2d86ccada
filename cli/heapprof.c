/* heapprof.c -- the heap census during a run and the .hp file it gives
 * (`ccm run --heap-profile FILE [--heap-interval N]`, docs/profiles.md).
 *
 * The run is cut into legs with the machine's own step budget: the budget
 * is lowered to the next sample point, ccm_run stops there with "out of
 * steps" having fired nothing (kernel/ccm.h), a census reads the state, the
 * budget is raised to the next point.  The last leg has the caller's budget,
 * so the run fires exactly the transitions, and ends with exactly the
 * status, of a run without census.
 *
 * Schedule: every N transitions with --heap-interval N; otherwise adaptive:
 * every transition at first, and each time MAX_SAMPLES samples are held,
 * every other one is dropped and the interval doubles -- so a run of any
 * length ends with 100 to 200 evenly spaced samples (plus the one at step
 * 0 and the one at the end).
 *
 * Bands: by the cost centre pinned on each object (the top of its stack),
 * or, with --heap-by stack (the default under push append and ghc), by
 * the stack itself, each named as GHC's -hc names a cost-centre stack. */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "profile.h"
#include "../lib/census.h"
#include "../front/front.h"

#define MAX_SAMPLES 200

struct band { int32_t key; uint64_t objects; };   /* key: cost centre, or stack node */

struct heap_samples {
    int by_stack;                                          /* keys are stack nodes */
    uint64_t *time;   int64_t *first;  int64_t n, cap;     /* sample i: bands first[i] .. first[i+1]-1 */
    struct band *band; int64_t nband, band_cap;
    int failed;                                            /* out of memory: sampling stopped */
};

void heap_samples_free(struct heap_samples *h)
{
    if (!h) return;
    free(h->time); free(h->first); free(h->band);
    free(h);
}

static void add_band(void *arg, int32_t key, uint64_t objects)
{
    struct heap_samples *h = arg;
    if (h->failed) return;
    if (h->nband == h->band_cap) {
        int64_t cap = h->band_cap ? h->band_cap * 2 : 256;
        struct band *b = realloc(h->band, (size_t)cap * sizeof *b);
        if (!b) { h->failed = 1; return; }
        h->band = b;
        h->band_cap = cap;
    }
    h->band[h->nband++] = (struct band){ key, objects };
}

static int by_key(const void *x, const void *y)
{
    const struct band *a = x, *b = y;
    return (a->key > b->key) - (a->key < b->key);
}

static void take(struct heap_samples *h, struct ccm_census *c, struct ccm_session *s)
{
    if (h->failed) return;
    if (h->n + 1 >= h->cap) {
        int64_t cap = h->cap ? h->cap * 2 : 64;
        uint64_t *t = realloc(h->time, (size_t)cap * sizeof *t);
        if (t) h->time = t;
        int64_t *f = realloc(h->first, (size_t)(cap + 1) * sizeof *f);
        if (f) h->first = f;
        if (!t || !f) { h->failed = 1; return; }
        h->cap = cap;
    }
    int64_t start = h->nband;
    struct ccm_machine *m = ccm_session_machine(s);
    int32_t ntop = ccm_session_image(s)->ntop;
    int64_t live = h->by_stack ? ccm_census_take_stacks(c, m, ntop, add_band, h)
                               : ccm_census_take(c, m, ntop, add_band, h);
    if (live < 0 || h->failed) {
        h->failed = 1;
        h->nband = start;
        return;
    }
    qsort(h->band + start, (size_t)(h->nband - start), sizeof *h->band, by_key);
    h->time[h->n] = m->steps;
    h->first[h->n] = start;
    h->n++;
    h->first[h->n] = h->nband;
}

/* Keep sample 0 and every other later one (those at even multiples of the
 * interval), moving their bands down. */
static void thin(struct heap_samples *h)
{
    int64_t kept = 1, nband = h->first[1];
    for (int64_t i = 2; i < h->n; i += 2) {
        int64_t from = h->first[i], len = h->first[i + 1] - from;
        memmove(h->band + nband, h->band + from, (size_t)len * sizeof *h->band);
        h->time[kept] = h->time[i];
        h->first[kept] = nband;
        nband += len;
        kept++;
    }
    h->n = kept;
    h->nband = nband;
    h->first[kept] = nband;
}

int heap_run(struct ccm_session *s, uint64_t interval, int by_stack, uint64_t *counts,
             struct heap_samples **samples)
{
    struct ccm_machine *m = ccm_session_machine(s);
    struct heap_samples *h = calloc(1, sizeof *h);
    struct ccm_census *c = ccm_census_new();
    if (!h || !c) {                        /* no census possible: the plain run */
        heap_samples_free(h);
        ccm_census_free(c);
        *samples = NULL;
        return ccm_session_run_counted(s, counts);
    }
    h->by_stack = by_stack;
    uint64_t budget = m->max_steps, step = interval ? interval : 1;
    take(h, c, s);
    int st;
    for (;;) {
        uint64_t next = (m->steps / step + 1) * step;
        m->max_steps = h->failed || next > budget ? budget : next;
        st = ccm_session_run_counted(s, counts);
        if (st != CCM_RES_STEPS || m->steps >= budget) break;
        take(h, c, s);
        if (!interval && h->n > MAX_SAMPLES) {
            thin(h);
            step *= 2;
        }
    }
    m->max_steps = budget;
    if (h->n == 0 || h->time[h->n - 1] != m->steps) take(h, c, s);
    ccm_census_free(c);
    *samples = h;
    return st;
}

/* GHC's -hc name of a cost-centre stack (rts/ProfHeap.c, fprint_ccs; seen
 * in GHC 9.0.2's own .hp files): "MAIN" for the stack <MAIN> alone;
 * otherwise "(N)" -- N the stack's number in the .prof, its row's `no.`
 * (node + 1), which GHC's are too -- then its names, the most recent first,
 * joined by '/', leaving out the MAIN it starts from, e.g. "(7)f/a" for
 * <MAIN,a,f> and "(9)g/CAF:x" for <CAF:x,g>.  The names are cut as GHC's
 * default -L25 cuts them: a text longer than 25 bytes becomes its first 21
 * bytes and "..." (here at a UTF-8 character boundary at or before 21).
 * Each name is made plain first, as in every .hp band (prof_plain_name). */
/* Is n the root <MAIN> (which GHC's names leave out)? */
static int main_root(const struct ccm_session *s, int32_t n)
{
    return ccm_session_stack_parent(s, n) < 0 && ccm_session_stack_cc(s, n) == CCM_CC_MAIN;
}

static void stack_band_name(const struct ccm_session *s, int32_t node, char *out, size_t cap)
{
    enum { GHC_L = 25, KEEP = GHC_L - 4 };
    if (main_root(s, node)) { snprintf(out, cap, "MAIN"); return; }
    char names[GHC_L + 1 + 260 + 1], plain[256];
    size_t len = 0;
    /* walk to the root, but no further than the 25 bytes GHC keeps */
    for (int32_t n = node; n >= 0 && !main_root(s, n) && len <= GHC_L; n = ccm_session_stack_parent(s, n)) {
        int32_t p = ccm_session_stack_parent(s, n);
        prof_plain_name(ccm_session_cc_name(s, ccm_session_stack_cc(s, n)), plain, sizeof plain);
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", plain, p >= 0 && !main_root(s, p) ? "/" : "");
    }
    if (len > GHC_L) {
        size_t keep = KEEP;
        while (keep > 0 && ((unsigned char)names[keep] & 0xC0) == 0x80) keep--;   /* not inside a character */
        snprintf(names + keep, sizeof names - keep, "...");
    }
    snprintf(out, cap, "(%" PRId32 ")%.*s", node + 1, (int)GHC_L, names);   /* names: 25 bytes at most now */
}

void heap_write(FILE *out, const struct heap_samples *h, struct ccm_session *s, const char *program)
{
    char date[64], name[256];
    prof_date(date, sizeof date);
    prof_plain_name(program, name, sizeof name);
    /* the four header lines eventlog2html and hp2ps expect; the sample
     * "time" is the number of transitions fired */
    fprintf(out, "JOB \"%s\"\nDATE \"%s\"\nSAMPLE_UNIT \"steps\"\nVALUE_UNIT \"bytes\"\n", name, date);
    for (int64_t i = 0; h && i < h->n; i++) {
        fprintf(out, "BEGIN_SAMPLE %" PRIu64 ".00\n", h->time[i]);   /* hp2ps wants a '.' in times */
        for (int64_t b = h->first[i]; b < h->first[i + 1]; b++) {
            if (h->by_stack) stack_band_name(s, h->band[b].key, name, sizeof name);
            else prof_plain_name(ccm_session_cc_name(s, h->band[b].key), name, sizeof name);
            fprintf(out, "%s\t%" PRIu64 "\n", name, h->band[b].objects * CCM_OBJ_BYTES);
        }
        fprintf(out, "END_SAMPLE %" PRIu64 ".00\n", h->time[i]);
    }
}
