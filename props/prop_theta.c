/* prop_theta.c -- property 3 (θ against the rows fired) and the resource
 * limits of docs/semantics.md section 6. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* ---- property 3: θ against the rows fired ---------------------------------- */

void check_theta(const struct mrun *r, const struct front_image *img, const char *cfg,
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

/* ---- resource limits (docs/semantics.md section 6) ---------------------------------- */

/* With a capacity one below what the full run used, the run must end with
 * the resource error, and the refused transition must be neither counted
 * nor charged: θ and steps equal those of a run cut by the step budget at
 * the same point. */
static void check_limit(struct checker *C, const struct front_image *img,
                        const struct ast_program *bsp, int rules, int scoping,
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
    /* θ at the heap / stack error against an independent source: the
     * big-step under a step budget of s1 (its θ of the first s1 transitions) */
    struct bs_result b = bs_eval_program(C->bs, bsp, rules, scoping, 0, s1, MAX_DEPTH);
    if (b.status != BS_TOO_DEEP) {
        char bcfg[128];
        snprintf(bcfg, sizeof bcfg, "%s %s limit %d (error after %llu steps)", cfg, what, value,
                 (unsigned long long)s1);
        if (b.status != BS_STEPS || b.steps != s1)
            fail(v, "p3", how, "%s: the big-step with a budget of %llu steps ends with status "
                 "%d after %llu", bcfg, (unsigned long long)s1, b.status, (unsigned long long)b.steps);
        else
            compare_costs_bs(q, img, C->bs, bcfg, v);
        if (v->failed) return;
    }
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
void check_exact(struct checker *C, const struct front_image *img, int rules, int scoping,
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

void check_limits(struct checker *C, const struct front_image *img, const struct ast_program *bsp,
                  int rules, int scoping,
                         const char *cfg, int32_t peak_stack, int32_t heap_used, int32_t cells_used,
                         struct verdict *v)
{
    struct mrun *q = &C->run[1];
    if (peak_stack > 1)
        check_limit(C, img, bsp, rules, scoping, cfg, "stack", CCM_RES_STACK, &q->lim_stack, peak_stack - 1, v);
    if (!v->failed && heap_used > img->ntop + 1)
        check_limit(C, img, bsp, rules, scoping, cfg, "heap", CCM_RES_HEAP, &q->lim_heap, heap_used - 1, v);
    if (!v->failed && cells_used > 1)
        check_limit(C, img, bsp, rules, scoping, cfg, "cells", CCM_RES_HEAP, &q->lim_cells, cells_used - 1, v);
}
