/* prop_order.c -- property 2: evaluation-order independence (operands
 * right to left; early forces). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* ---- snapshots and property 2 ------------------------------------------------ */

void take_snap(struct snap *s, const struct mrun *r, const struct front_image *img)
{
    s->status = r->status;
    s->steps = r->m.steps;
    s->ccc = r->m.ccc;
    size_t n = (size_t)img->ncc * CCM_NCOUNTERS;
    if (n > s->ncost) {
        free(s->costs);
        s->costs = malloc(n * sizeof *s->costs);
        if (!s->costs) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    }
    s->ncost = n;
    memcpy(s->costs, r->m.costs, n * sizeof *s->costs);
    if (r->status == CCM_VALUE) canon_machine(&s->canon, &r->m, img);
    else s->canon.n = 0;
}

/* Compare a run against the plain run: same θ, returned cc, final heap;
 * steps = plain + extra. */
void compare_snap(struct checker *C, const struct snap *p, const struct mrun *r,
                         const struct front_image *img, uint64_t extra, const char *prop,
                         const char *cfg, const char *what, struct verdict *v)
{
    char how[96];
    if (r->status != CCM_VALUE) {
        snprintf(how, sizeof how, "%s outcome", cfg);
        fail(v, prop, how, "%s, %s: the plain run reaches a value, this one ends with %s", cfg,
             what, ccm_status_kind(r->status));
        return;
    }
    for (int32_t i = 0; i < img->ncc; i++)
        for (int c = 0; c < CCM_NCOUNTERS; c++) {
            uint64_t a = p->costs[(size_t)i * CCM_NCOUNTERS + c];
            uint64_t b = r->m.costs[(size_t)i * CCM_NCOUNTERS + c];
            if (a != b) {
                snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[c]);
                fail(v, prop, how, "%s, %s: cost centre %s counter %s moved: %llu in the plain "
                     "run, %llu here", cfg, what, img->cc_names[i], counter_name[c],
                     (unsigned long long)a, (unsigned long long)b);
                return;
            }
        }
    if (r->m.ccc != p->ccc) {
        snprintf(how, sizeof how, "%s returned cc", cfg);
        fail(v, prop, how, "%s, %s: returned cost centre %s, plain run %s", cfg, what,
             img->cc_names[r->m.ccc], img->cc_names[p->ccc]);
        return;
    }
    if (r->m.steps != p->steps + extra) {
        snprintf(how, sizeof how, "%s steps", cfg);
        fail(v, prop, how, "%s, %s: %llu steps, expected %llu + %llu", cfg, what,
             (unsigned long long)r->m.steps, (unsigned long long)p->steps,
             (unsigned long long)extra);
        return;
    }
    canon_machine(&C->cm, &r->m, img);
    if (C->cm.n != p->canon.n || memcmp(C->cm.p, p->canon.p, C->cm.n) != 0) {
        snprintf(how, sizeof how, "%s heap", cfg);
        fail(v, prop, how, "%s, %s: final value or heap differs\nplain:\n%.600s\nhere:\n%.600s",
             cfg, what, p->canon.p, C->cm.p);
    }
}

/* Is heap address y under evaluation (a hole) in the state before step s? */
static int hole_at(const struct mrun *r, int32_t y, uint64_t s)
{
    return r->start_at[y] != MRUN_NEVER && r->start_at[y] < s
        && (r->end_at[y] == MRUN_NEVER || s <= r->end_at[y]);
}

/* First event at or after step s. */
static size_t first_event(const struct mrun *r, uint64_t s)
{
    size_t lo = 0, hi = r->nev;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r->ev[mid].step < s) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* Would forcing x before step s of run r demand a hole?  Everything x's
 * evaluation demanded in r, and transitively everything the evaluations of
 * those it found still unevaluated demanded, must not be a hole at s. */
static int force_valid(struct checker *C, const struct mrun *r, int32_t x, uint64_t s)
{
    int32_t nw = 0, nmarked = 0, ok = 1;
    C->work[nw++] = x;
    C->mark[x] = 1;
    int32_t *marked = C->work + (C->markcap / 2);   /* second half: the marked list */
    marked[nmarked++] = x;
    while (nw > 0 && ok) {
        int32_t y = C->work[--nw];
        if (r->end_at[y] == MRUN_NEVER) { ok = 0; break; }
        for (size_t e = first_event(r, r->start_at[y] + 1); e < r->nev && r->ev[e].step <= r->end_at[y]; e++) {
            int32_t z = r->ev[e].addr;
            if (z < 0 || z >= r->addr_cap || r->ev[e].rule == CCM_R_VAR3) continue;
            if (hole_at(r, z, s)) { ok = 0; break; }
            /* a thunk unevaluated at s will be evaluated inside the force */
            if (!C->mark[z] && r->start_at[z] != MRUN_NEVER && r->start_at[z] >= s
                && r->alloc_at[z] <= s) {
                if (nw >= C->markcap / 2 - 1 || nmarked >= C->markcap / 2 - 1) { ok = 0; break; }
                C->mark[z] = 1;
                marked[nmarked++] = z;
                C->work[nw++] = z;
            }
        }
    }
    for (int32_t i = 0; i < nmarked; i++) C->mark[marked[i]] = 0;
    return ok;
}

/* Property 2b for one configuration: up to NFORCES early forces, each run
 * repeating the previous run's schedule plus one force after it. */
void check_p2b(struct checker *C, const struct front_image *img, int rules, int scoping,
                      const char *cfg, unsigned mask, struct verdict *v)
{
    struct mforce sched[NFORCES];
    int nf = 0, cur = 0;              /* C->run[cur] is run k, recorded */
    uint64_t last = 0;                /* new forces go at steps >= last */
    for (int k = 0; k < NFORCES && !v->failed; k++) {
        const struct mrun *r = &C->run[cur];
        /* candidates: thunks first forced by var2 at a step after `last` */
        int32_t x = -1; uint64_t s = 0;
        for (int tries = 0; tries < 24 && x < 0; tries++) {
            if (r->nev == 0) break;
            const struct mrun_event *e = &r->ev[next_rand(&C->rng) % r->nev];
            if (e->rule != CCM_R_VAR2 || e->addr < 0 || e->step <= last) continue;
            int32_t y = e->addr;
            if (r->start_at[y] != e->step) continue;
            uint64_t lo = r->alloc_at[y] > last ? r->alloc_at[y] : last;
            if (lo >= e->step) continue;
            uint64_t at = lo + next_rand(&C->rng) % (e->step - lo);
            if (force_valid(C, r, y, at)) { x = y; s = at; }
        }
        if (x < 0) return;
        sched[nf].step = s; sched[nf].addr = x; nf++;
        last = s + 1;
        v->forces++;
        struct mrun *n = &C->run[1 - cur];
        n->record = 1;
        mrun_run(n, img, rules, scoping, CCM_LEFT_TO_RIGHT, MAX_STEPS, sched, nf);
        char what[96];
        snprintf(what, sizeof what, "%d early force(s), last: heap %d before step %llu", nf, x,
                 (unsigned long long)s);
        /* the forced run does the plain run's work plus 2 steps and 2 frames
         * per force: far inside every budget, so running out is a failure */
        if (is_resource(n->status)) {
            fail(v, "p2b", "resource", "%s, %s: the forced run ends with %s after %llu steps; "
                 "the plain run reached a value after %llu", cfg, what, ccm_status_kind(n->status),
                 (unsigned long long)n->m.steps, (unsigned long long)C->plain.steps);
            return;
        }
        if (n->status == CCM_ERR_BAD_CODE) {
            fail(v, "p2b", "refused", "%s, %s: the kernel refused the force (not an "
                 "unevaluated thunk there)", cfg, what);
            return;
        }
        if (mask & PROP_3) check_theta(n, img, cfg, v);
        compare_snap(C, &C->plain, n, img, 2 * (uint64_t)nf, "p2b", cfg, what, v);
        cur = 1 - cur;
    }
}
