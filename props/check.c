/* check.c -- see check.h. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstep.h"
#include "canon.h"
#include "machine.h"
#include "../front/front.h"
#include "../lib/ccmlib.h"

#define MAX_STEPS   2000000u
#define MAX_DEPTH   400000
#define HEAP_CAP    (1 << 20)
#define CELL_CAP    (1 << 21)
#define STACK_CAP   (1 << 18)
#define NFORCES     3          /* early forces added one by one per configuration */

static const char *const counter_name[CCM_NCOUNTERS] =
    { "A", "C", "V", "U", "H", "P", "entries", "subentries" };

/* What a finished machine run leaves, kept for comparing runs. */
struct snap {
    int status;
    uint64_t steps;
    int32_t ccc;
    uint64_t *costs; size_t ncost;
    struct canon_buf canon;
};

struct checker {
    struct bs *bs;
    struct mrun run[2];           /* alternating: run k recorded, run k+1 */
    struct canon_buf cb, cm;
    struct snap plain;
    uint64_t rng;                 /* property 2b's choices */
    uint64_t rng_budget;          /* the budget sub-check's choices */
    /* scratch for property 2b */
    uint8_t *mark; int32_t *work; int32_t markcap;
};

struct checker *checker_new(void)
{
    struct checker *C = calloc(1, sizeof *C);
    if (!C) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    C->bs = bs_new();
    for (int i = 0; i < 2; i++) mrun_init(&C->run[i], HEAP_CAP, CELL_CAP, STACK_CAP);
    C->markcap = HEAP_CAP;
    C->mark = calloc((size_t)HEAP_CAP, 1);
    C->work = malloc((size_t)HEAP_CAP * sizeof *C->work);
    if (!C->mark || !C->work) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    return C;
}

void checker_free(struct checker *C)
{
    if (!C) return;
    bs_free(C->bs);
    for (int i = 0; i < 2; i++) mrun_free(&C->run[i]);
    free(C->cb.p); free(C->cm.p); free(C->plain.costs); free(C->plain.canon.p);
    free(C->mark); free(C->work);
    free(C);
}

static void fail(struct verdict *v, const char *prop, const char *how, const char *fmt, ...)
{
    if (v->failed) return;
    v->failed = 1;
    snprintf(v->prop, sizeof v->prop, "%s", prop);
    snprintf(v->how, sizeof v->how, "%s", how);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->msg, sizeof v->msg, fmt, ap);
    va_end(ap);
}

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ---- outcomes ------------------------------------------------------------- */

static int is_resource(int st) { return st == CCM_RES_STEPS || st == CCM_RES_HEAP || st == CCM_RES_STACK; }

/* The machine status a big-step status stands for. */
static int bs_to_ccm(int st)
{
    switch (st) {
    case BS_VALUE: return CCM_VALUE;
    case BS_NOT_A_FUNCTION: return CCM_ERR_NOT_A_FUNCTION;
    case BS_NO_ALTERNATIVE: return CCM_ERR_NO_ALTERNATIVE;
    case BS_TYPE: return CCM_ERR_TYPE;
    case BS_BLACK_HOLE: return CCM_ERR_BLACK_HOLE;
    case BS_DIV_ZERO: return CCM_ERR_DIV_ZERO;
    case BS_OVERFLOW: return CCM_ERR_OVERFLOW;
    default: return CCM_RES_STEPS;
    }
}

static void cfg_name(char *buf, size_t n, int rules, int scoping, int order)
{
    snprintf(buf, n, "%s/%s/%s", rules ? "fig2" : "fig6", scoping ? "evaluation" : "lexical",
             order ? "rtl" : "ltr");
}

/* ---- property 3: θ against the rows fired ---------------------------------- */

static void check_theta(const struct mrun *r, const struct front_image *img, const char *cfg,
                        struct verdict *v)
{
    uint64_t total[CCM_NCOUNTERS] = { 0 };
    for (int32_t cc = 0; cc < img->ncc; cc++)
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            total[k] += r->m.costs[(size_t)cc * CCM_NCOUNTERS + k];
    const uint64_t *n = r->rule_count;
    uint64_t want[CCM_NCOUNTERS] = {
        n[CCM_R_APP1], n[CCM_R_CASE1], n[CCM_R_VAR1] + n[CCM_R_VAR2], n[CCM_R_VAR3],
        r->let_h, n[CCM_R_PRIM1], n[CCM_R_SCC], n[CCM_R_SCC]
    };
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (total[k] != want[k]) {
            char how[96];
            snprintf(how, sizeof how, "%s total %s", cfg, counter_name[k]);
            fail(v, "p3", how, "%s: counter %s totals %llu over all cost centres, but the rows "
                 "that charge it fired %llu times", cfg, counter_name[k],
                 (unsigned long long)total[k], (unsigned long long)want[k]);
            return;
        }
    uint64_t sum = 0;
    for (int k = 0; k < CCM_NRULES; k++) sum += n[k];
    if (sum != r->m.steps)
        fail(v, "p3", "steps", "%s: %llu transitions recorded, machine says %llu steps", cfg,
             (unsigned long long)sum, (unsigned long long)r->m.steps);
}

/* ---- property 1: machine against big-step ------------------------------------ */

static void compare_costs_bs(const struct mrun *r, const struct front_image *img, const struct bs *S,
                             const char *cfg, struct verdict *v)
{
    for (int32_t i = 0; i < img->ncc; i++) {
        int32_t j = -1;
        for (int32_t k = 0; k < bs_ncc(S); k++)
            if (strcmp(bs_cc_name(S, k), img->cc_names[i]) == 0) { j = k; break; }
        for (int c = 0; c < CCM_NCOUNTERS; c++) {
            uint64_t mv = r->m.costs[(size_t)i * CCM_NCOUNTERS + c];
            uint64_t bv = j >= 0 ? bs_cost(S, j, c) : 0;
            if (mv != bv) {
                char how[96];
                snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[c]);
                fail(v, "p1", how, "%s: cost centre %s counter %s: machine %llu, big-step %llu",
                     cfg, img->cc_names[i], counter_name[c], (unsigned long long)mv,
                     (unsigned long long)bv);
                return;
            }
        }
    }
    for (int32_t k = 0; k < bs_ncc(S); k++) {
        int found = 0;
        for (int32_t i = 0; i < img->ncc; i++)
            if (strcmp(bs_cc_name(S, k), img->cc_names[i]) == 0) found = 1;
        for (int c = 0; !found && c < CCM_NCOUNTERS; c++)
            if (bs_cost(S, k, c)) {
                fail(v, "p1", "cost centre", "%s: cost centre %s charged by the big-step only",
                     cfg, bs_cc_name(S, k));
                return;
            }
    }
}

/* Returns 1 if the configuration was compared, 0 if skipped. */
static int compare_p1(struct checker *C, const struct mrun *r, const struct front_image *img,
                      const struct bs_result *b, const char *cfg, struct verdict *v)
{
    if (b->status == BS_TOO_DEEP) return 0;
    /* heap and stack limits only the machine has: comparable only if the
     * machine got further than the big-step says the whole run takes */
    if ((r->status == CCM_RES_HEAP || r->status == CCM_RES_STACK)
        && (b->status == BS_STEPS || r->m.steps <= b->steps))
        return 0;
    if (r->status == CCM_RES_STEPS && b->status == BS_STEPS) return 0;
    /* both sides have the same step budget: one running out alone is a difference */
    int bst = bs_to_ccm(b->status);
    if (bst != r->status) {
        char how[96];
        snprintf(how, sizeof how, "%s outcome", cfg);
        fail(v, "p1", how, "%s: machine ends with %s, big-step with %s", cfg,
             ccm_status_kind(r->status), ccm_status_kind(bst));
        return 1;
    }
    if (r->m.steps != b->steps) {
        char how[96];
        snprintf(how, sizeof how, "%s steps", cfg);
        fail(v, "p1", how, "%s: machine %llu steps, big-step derives %llu", cfg,
             (unsigned long long)r->m.steps, (unsigned long long)b->steps);
        return 1;
    }
    compare_costs_bs(r, img, C->bs, cfg, v);
    if (v->failed || r->status != CCM_VALUE) return 1;
    canon_machine(&C->cm, &r->m, img);
    canon_bigstep(&C->cb, C->bs, b);
    if (C->cm.n != C->cb.n || memcmp(C->cm.p, C->cb.p, C->cm.n) != 0) {
        char how[96];
        const char *nl = memchr(C->cm.p, '\n', C->cm.n);
        int result_differs = !nl || strncmp(C->cm.p, C->cb.p, (size_t)(nl - C->cm.p + 1)) != 0;
        snprintf(how, sizeof how, "%s %s", cfg, result_differs ? "result" : "heap");
        fail(v, "p1", how, "%s: final %s differs\nmachine:\n%.700s\nbig-step:\n%.700s", cfg,
             result_differs ? "value or returned cost centre" : "heap", C->cm.p, C->cb.p);
    }
    return 1;
}

/* ---- resource limits (SEMANTICS.md section 6) ---------------------------------- */

/* With a capacity one below what the full run used, the run must end with
 * the resource error, and the refused transition must be neither counted
 * nor charged: θ and steps equal those of a run cut by the step budget at
 * the same point. */
static void check_limit(struct checker *C, const struct front_image *img, int rules, int scoping,
                        const char *cfg, const char *what, int want, int32_t *lim, int32_t value,
                        struct verdict *v)
{
    struct mrun *q = &C->run[1];
    q->record = 0;
    *lim = value;
    mrun_run(q, img, rules, scoping, CCM_LEFT_TO_RIGHT, MAX_STEPS, NULL, 0);
    *lim = 0;
    char how[96];
    snprintf(how, sizeof how, "%s %s limit", cfg, what);
    if (q->status != want) {
        fail(v, "p3", how, "%s: with the %s capacity one below what the run used (%d), the "
             "machine ends with %s, not %s", cfg, what, value, ccm_status_kind(q->status),
             ccm_status_kind(want));
        return;
    }
    uint64_t s1 = q->m.steps;
    size_t n = (size_t)img->ncc * CCM_NCOUNTERS;
    uint64_t *theta = malloc((n ? n : 1) * sizeof *theta);
    if (!theta) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    memcpy(theta, q->m.costs, n * sizeof *theta);
    mrun_run(q, img, rules, scoping, CCM_LEFT_TO_RIGHT, s1, NULL, 0);
    if (q->status != CCM_RES_STEPS || q->m.steps != s1)
        fail(v, "p3", how, "%s: the %s error came after %llu steps, but a run with that step "
             "budget ends with %s after %llu", cfg, what, (unsigned long long)s1,
             ccm_status_kind(q->status), (unsigned long long)q->m.steps);
    else
        for (size_t i = 0; i < n; i++)
            if (theta[i] != q->m.costs[i]) {
                fail(v, "p3", how, "%s: at the %s error, cost centre %s counter %s is %llu; "
                     "cut by the step budget at the same step it is %llu", cfg, what,
                     img->cc_names[i / CCM_NCOUNTERS], counter_name[i % CCM_NCOUNTERS],
                     (unsigned long long)theta[i], (unsigned long long)q->m.costs[i]);
                break;
            }
    free(theta);
}

/* With exactly the capacities the full run used, it must end the same way. */
static void check_exact(struct checker *C, const struct front_image *img, int rules, int scoping,
                        const char *cfg, int want, uint64_t steps, int32_t peak_stack,
                        int32_t heap_used, int32_t cells_used, struct verdict *v)
{
    struct mrun *q = &C->run[1];
    q->record = 0;
    q->lim_stack = peak_stack > 0 ? peak_stack : 1;
    q->lim_heap = heap_used;
    q->lim_cells = cells_used > 0 ? cells_used : 1;
    mrun_run(q, img, rules, scoping, CCM_LEFT_TO_RIGHT, MAX_STEPS, NULL, 0);
    q->lim_stack = q->lim_heap = q->lim_cells = 0;
    if (q->status != want || q->m.steps != steps) {
        char how[96];
        snprintf(how, sizeof how, "%s exact capacities", cfg);
        fail(v, "p3", how, "%s: with exactly the stack (%d), heap (%d) and cells (%d) the run "
             "used, the machine ends with %s after %llu steps instead of %s after %llu", cfg,
             peak_stack, heap_used, cells_used, ccm_status_kind(q->status),
             (unsigned long long)q->m.steps, ccm_status_kind(want), (unsigned long long)steps);
    }
}

static void check_limits(struct checker *C, const struct front_image *img, int rules, int scoping,
                         const char *cfg, int32_t peak_stack, int32_t heap_used, int32_t cells_used,
                         struct verdict *v)
{
    struct mrun *q = &C->run[1];
    if (peak_stack > 1)
        check_limit(C, img, rules, scoping, cfg, "stack", CCM_RES_STACK, &q->lim_stack, peak_stack - 1, v);
    if (!v->failed && heap_used > img->ntop + 1)
        check_limit(C, img, rules, scoping, cfg, "heap", CCM_RES_HEAP, &q->lim_heap, heap_used - 1, v);
    if (!v->failed && cells_used > 1)
        check_limit(C, img, rules, scoping, cfg, "cells", CCM_RES_HEAP, &q->lim_cells, cells_used - 1, v);
}

/* ---- the embedding API against the big-step ---------------------------------- */

/* The user-facing path (lib/ccmlib.h: a session from program text, as
 * `ccm run` uses it) must report what the big-step derives: outcome, steps,
 * every counter by cost-centre name, the value as the JSON report prints it
 * and the returned cost centre. */
static void check_session(struct checker *C, const char *text, size_t len, int rules, int scoping,
                          const struct bs_result *b, const struct mrun *r, const char *cfg,
                          struct verdict *v)
{
    struct ccm_options o;
    ccm_options_default(&o);
    o.rules = rules; o.scoping = scoping;
    /* capacities a little above what the kernel run used: a session
     * allocates its arrays, and the defaults are large */
    o.max_steps = MAX_STEPS;
    o.max_heap = r->m.heap_len + 16;
    o.max_cells = r->m.cell_len + 16;
    o.max_stack = r->peak_stack + 16;
    char err[256];
    struct ccm_session *ss = ccm_session_from_text("gen.lam", text, len, &o, err, sizeof err);
    char how[96];
    snprintf(how, sizeof how, "%s session", cfg);
    if (!ss) { fail(v, "p1", how, "%s: the session rejects the program: %s", cfg, err); return; }
    int st = ccm_session_run(ss);
    struct ccm_machine *m = ccm_session_machine(ss);
    if (st != bs_to_ccm(b->status) || m->steps != b->steps) {
        fail(v, "p1", how, "%s: session ends with %s after %llu steps, big-step with %s after %llu",
             cfg, ccm_status_kind(st), (unsigned long long)m->steps,
             ccm_status_kind(bs_to_ccm(b->status)), (unsigned long long)b->steps);
        ccm_session_free(ss);
        return;
    }
    for (int32_t k = 0; k < bs_ncc(C->bs) && !v->failed; k++) {
        int32_t i = ccm_session_cc_find(ss, bs_cc_name(C->bs, k));
        for (int c = 0; c < CCM_NCOUNTERS; c++) {
            uint64_t want = bs_cost(C->bs, k, c);
            uint64_t got = i >= 0 ? ccm_session_cost(ss, i, c) : 0;
            if (want != got) {
                fail(v, "p1", how, "%s: session reports %s %s = %llu, big-step %llu", cfg,
                     bs_cc_name(C->bs, k), counter_name[c], (unsigned long long)got,
                     (unsigned long long)want);
                break;
            }
        }
    }
    if (!v->failed && st == CCM_VALUE) {
        char buf[64], want[64];
        const struct bs_expr *z = b->value;
        if (z->kind == AST_LIT) snprintf(want, sizeof want, "%lld", (long long)z->lit);
        else if (z->kind == AST_CON) snprintf(want, sizeof want, "%s", z->name);
        else snprintf(want, sizeof want, "<function>");
        const char *got = ccm_session_value(ss, buf, sizeof buf);
        const char *ccn = ccm_session_cc_name(ss, m->ccc);
        if (!got || strcmp(got, want) != 0 || !ccn || strcmp(ccn, bs_cc_name(C->bs, b->cc)) != 0)
            fail(v, "p1", how, "%s: session value %s returned %s, big-step %s returned %s", cfg,
                 got ? got : "(null)", ccn ? ccn : "(null)", want, bs_cc_name(C->bs, b->cc));
    }
    ccm_session_free(ss);
}

/* ---- snapshots and property 2 ------------------------------------------------ */

static void take_snap(struct snap *s, const struct mrun *r, const struct front_image *img)
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
static void compare_snap(struct checker *C, const struct snap *p, const struct mrun *r,
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
static void check_p2b(struct checker *C, const struct front_image *img, int rules, int scoping,
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
        if (is_resource(n->status)) return;
        char what[96];
        snprintf(what, sizeof what, "%d early force(s), last: heap %d before step %llu", nf, x,
                 (unsigned long long)s);
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

/* ---- one program ------------------------------------------------------------------ */

void check_program(struct checker *C, const char *text, size_t len, unsigned mask,
                   struct verdict *v)
{
    memset(v, 0, sizeof *v);
    struct ast_program prog;
    struct front_diag err;
    if (front_parse("gen.lam", text, len, &prog, &err) != 0) {
        fail(v, "gen", "rejected", "%s", err.text);
        return;
    }
    struct front_image img;
    memset(&img, 0, sizeof img);
    if (front_check("gen.lam", &prog, &err) != 0 || front_load(&prog, &img, &err) != 0) {
        fail(v, "gen", "rejected", "%s", err.text);
        ast_free(&prog);
        return;
    }
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)text[i]) * 1099511628211ULL;
    C->rng = h;                   /* both derived from the text: a program checks the same way every time */
    C->rng_budget = h ^ 0x5DEECE66DULL;
    for (int cfgi = 0; cfgi < 4 && !v->failed; cfgi++) {
        int rules = cfgi & 1, scoping = cfgi >> 1;
        char cfg[64];
        cfg_name(cfg, sizeof cfg, rules, scoping, 0);
        /* plain run, recorded */
        struct mrun *r = &C->run[0];
        r->record = (mask & PROP_2B) != 0;
        mrun_run(r, &img, rules, scoping, CCM_LEFT_TO_RIGHT, MAX_STEPS, NULL, 0);
        if (cfgi == 0) v->value = r->status == CCM_VALUE;
        if (mask & PROP_3) check_theta(r, &img, cfg, v);
        if (mask & PROP_1) {
            struct bs_result b = bs_eval_program(C->bs, &prog, rules, scoping, 0, MAX_STEPS, MAX_DEPTH);
            if (!compare_p1(C, r, &img, &b, cfg, v)) v->skipped = 1;
            else if (!v->failed && !is_resource(r->status) && (cfgi == 0 || cfgi == 3))
                /* the session path: fig6/lexical and fig2/evaluation flip both options */
                check_session(C, text, len, rules, scoping, &b, r, cfg, v);
        }
        if (v->failed) break;
        if (is_resource(r->status)) { v->skipped = 1; continue; }
        if (mask & PROP_3)
        {
            int32_t ps = r->peak_stack, hl = r->m.heap_len, cl = r->m.cell_len;
            check_exact(C, &img, rules, scoping, cfg, r->status, r->m.steps, ps, hl, cl, v);
            if (!v->failed) check_limits(C, &img, rules, scoping, cfg, ps, hl, cl, v);
        }
        if (v->failed) break;
        take_snap(&C->plain, r, &img);
        if ((mask & PROP_1) && C->plain.steps > 1) {
            /* the step budget: with max_steps = k < S both stop after exactly
             * k transitions with the steps error and the same θ so far */
            uint64_t k = next_rand(&C->rng_budget) % C->plain.steps;
            char bcfg[96];
            snprintf(bcfg, sizeof bcfg, "%s budget %llu", cfg, (unsigned long long)k);
            struct mrun *q = &C->run[1];
            q->record = 0;
            mrun_run(q, &img, rules, scoping, CCM_LEFT_TO_RIGHT, k, NULL, 0);
            struct bs_result b = bs_eval_program(C->bs, &prog, rules, scoping, 0, k, MAX_DEPTH);
            char how[96];
            snprintf(how, sizeof how, "%s budget", cfg);
            if (q->status != CCM_RES_STEPS || q->m.steps != k)
                fail(v, "p1", how, "%s: the machine ends with %s after %llu steps (want the "
                     "steps error after exactly %llu)", bcfg, ccm_status_kind(q->status),
                     (unsigned long long)q->m.steps, (unsigned long long)k);
            else if (b.status != BS_STEPS || b.steps != k)
                fail(v, "p1", how, "%s: the big-step ends with status %d after %llu steps",
                     bcfg, b.status, (unsigned long long)b.steps);
            else
                compare_costs_bs(q, &img, C->bs, bcfg, v);
            if (v->failed) break;
        }
        if (mask & PROP_2B && r->status == CCM_VALUE) check_p2b(C, &img, rules, scoping, cfg, mask, v);
        if (v->failed) break;
        if (mask & (PROP_2A | PROP_1)) {
            cfg_name(cfg, sizeof cfg, rules, scoping, 1);
            struct mrun *q = &C->run[1];
            q->record = 0;
            mrun_run(q, &img, rules, scoping, CCM_RIGHT_TO_LEFT, MAX_STEPS, NULL, 0);
            if (mask & PROP_3) check_theta(q, &img, cfg, v);
            if (mask & PROP_1) {
                struct bs_result b = bs_eval_program(C->bs, &prog, rules, scoping, 1, MAX_STEPS, MAX_DEPTH);
                if (!compare_p1(C, q, &img, &b, cfg, v)) v->skipped = 1;
            }
            if (is_resource(q->status)) { v->skipped = 1; continue; }
            if (mask & PROP_2A && C->plain.status == CCM_VALUE)
                compare_snap(C, &C->plain, q, &img, 0, "p2a", cfg, "operands right to left", v);
        }
    }
    front_image_free(&img);
    ast_free(&prog);
}
