/* prop_edge.c -- the step budget at its edge ("edge").
 *
 * For a program whose plain run ends (a value or a runtime error) after n
 * transitions:
 *   - with max_steps = n the machine ends exactly as the big-step says the
 *     whole run ends (outcome, value, returned cost centre, steps, θ, final
 *     heap: property 1's comparison);
 *   - with max_steps = n - 1 it stops with the steps error after exactly
 *     n - 1 transitions, and θ is the big-step's θ after its first n - 1
 *     transitions (the big-step takes the same budget and charges at the
 *     moments the machine would fire, so its θ for a budget k is the sum of
 *     the charges of the first k transitions, computed without the machine);
 *   - both through the kernel directly and through the embedding API's
 *     session (what `ccm run --max-steps N` reports) for two
 *     configurations;
 *   - at the exhausted budget the force row is refused (the steps error,
 *     no step counted), and with one step left it fires; a thunk under
 *     evaluation at that point is refused whatever the budget.
 * The heap and stack budgets at their edge are property 3's resource
 * limits (prop_theta.c); their runs are compared here too when the cut
 * falls on n - 1.
 */
#include <stdio.h>
#include <string.h>

#include "check_internal.h"

/* A thunk the force row may take: neither a value nor under evaluation. */
static int32_t some_thunk(const struct ccm_machine *m)
{
    for (int32_t a = 0; a < m->heap_len; a++)
        if (!m->heap[a].hole && !ccm_is_value_node(m, m->heap[a].code)) return a;
    return -1;
}

static void force_at_edge(struct mrun *q, const char *cfg, struct verdict *v)
{
    char how[96];
    snprintf(how, sizeof how, "%.64s force at the budget", cfg);
    /* a thunk under evaluation (its update frame is on the stack) is never
     * forced: the kernel refuses it whatever the budget */
    for (int32_t h = 0; h < q->m.heap_len; h++)
        if (q->m.heap[h].hole) {
            uint64_t s0 = q->m.steps, max0 = q->m.max_steps;
            q->m.max_steps = s0 + 1;
            int st = ccm_force(&q->m, h);
            q->m.max_steps = max0;
            if (st != CCM_ERR_BAD_CODE || q->m.steps != s0) {
                fail(v, "edge", how, "%s: force of heap address %d, under evaluation, gives %s "
                     "(want it refused)", cfg, h, ccm_status_kind(st));
                return;
            }
            break;
        }
    int32_t a = some_thunk(&q->m);
    if (a < 0) return;
    uint64_t s = q->m.steps;
    int st = ccm_force(&q->m, a);
    if (st != CCM_RES_STEPS || q->m.steps != s) {
        fail(v, "edge", how, "%s: with the step budget exhausted (%llu of %llu), force of heap "
             "address %d gives %s and %llu steps (want the steps error, no step)", cfg,
             (unsigned long long)s, (unsigned long long)q->m.max_steps, a, ccm_status_kind(st),
             (unsigned long long)q->m.steps);
        return;
    }
    q->m.max_steps = s + 1;
    st = ccm_force(&q->m, a);
    if (st != CCM_RUNNING || q->m.steps != s + 1)
        fail(v, "edge", how, "%s: with one step left, force of heap address %d gives %s and %llu "
             "steps (want it to fire: %llu steps)", cfg, a, ccm_status_kind(st),
             (unsigned long long)q->m.steps, (unsigned long long)(s + 1));
}

void check_edge(struct checker *C, const struct front_image *img, const struct ast_program *bsp,
                const char *text, size_t len, int rules, int scoping, const char *cfg,
                int session, struct verdict *v)
{
    uint64_t n = C->plain.steps;
    struct mrun *q = &C->run[1];
    q->record = 0;
    char ecfg[128], how[96];

    /* max_steps = n: the whole run */
    snprintf(ecfg, sizeof ecfg, "%s max_steps=n=%llu", cfg, (unsigned long long)n);
    snprintf(how, sizeof how, "%s budget n", cfg);
    mrun_run(q, img, rules, scoping, CCM_LEFT_TO_RIGHT, n, NULL, 0);
    struct bs_result b = bs_eval_program(C->bs, bsp, rules, scoping, 0, n, MAX_DEPTH);
    if (q->status != C->plain.status || q->m.steps != n) {
        fail(v, "edge", how, "%s: the machine ends with %s after %llu steps; without a budget "
             "it ends with %s after %llu", ecfg, ccm_status_kind(q->status),
             (unsigned long long)q->m.steps, ccm_status_kind(C->plain.status), (unsigned long long)n);
        return;
    }
    if (!compare_p1(C, q, img, &b, ecfg, v)) return;        /* big-step too deep: skipped */
    if (v->failed) return;
    if (session) check_session(C, text, len, rules, scoping, &b, q, ecfg, n, v);
    if (v->failed || n == 0) return;

    /* max_steps = n - 1: the steps error with θ of the first n - 1 transitions */
    uint64_t k = n - 1;
    snprintf(ecfg, sizeof ecfg, "%s max_steps=n-1=%llu", cfg, (unsigned long long)k);
    snprintf(how, sizeof how, "%s budget n-1", cfg);
    mrun_run(q, img, rules, scoping, CCM_LEFT_TO_RIGHT, k, NULL, 0);
    b = bs_eval_program(C->bs, bsp, rules, scoping, 0, k, MAX_DEPTH);
    if (q->status != CCM_RES_STEPS || q->m.steps != k) {
        fail(v, "edge", how, "%s: the machine ends with %s after %llu steps (want the steps "
             "error after exactly %llu)", ecfg, ccm_status_kind(q->status),
             (unsigned long long)q->m.steps, (unsigned long long)k);
        return;
    }
    if (b.status == BS_TOO_DEEP) return;
    if (b.status != BS_STEPS || b.steps != k) {
        fail(v, "edge", how, "%s: the big-step ends with status %d after %llu steps", ecfg,
             b.status, (unsigned long long)b.steps);
        return;
    }
    compare_costs_bs(q, img, C->bs, ecfg, v);
    /* k = 0 too: a max_steps set through the options table is a 0, not "the default" */
    if (!v->failed && session) check_session(C, text, len, rules, scoping, &b, q, ecfg, k, v);
    if (!v->failed) force_at_edge(q, ecfg, v);
}
