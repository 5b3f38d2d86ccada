/* prop_equiv.c -- property 1: the machine, and the embedding API, against
 * the big-step evaluator. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "../lib/options.h"

/* ---- property 1: machine against big-step ------------------------------------ */

void compare_costs_bs(const struct mrun *r, const struct front_image *img, const struct bs *S,
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
int compare_p1(struct checker *C, const struct mrun *r, const struct front_image *img,
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

/* ---- the embedding API against the big-step ---------------------------------- */

/* The user-facing path (lib/ccmlib.h: a session from program text, as
 * `ccm run` uses it) must report what the big-step derives: outcome, steps,
 * every counter by cost-centre name, the value as the JSON report prints it
 * and the returned cost centre. */
void check_session(struct checker *C, const char *text, size_t len, int rules, int scoping,
                          const struct bs_result *b, const struct mrun *r, const char *cfg,
                          uint64_t max_steps, struct verdict *v)
{
    struct ccm_options o;
    ccm_options_default(&o);
    o.rules = rules; o.scoping = scoping;
    /* capacities a little above what the kernel run used: a session
     * allocates its arrays, and the defaults are large.  The step budget
     * through the table, as `--max-steps` sets it: a 0 is then a 0. */
    if (ccm_option_set(&o, CCM_OPT_max_steps, max_steps) != 0) {
        fail(v, "p1", cfg, "%s: max_steps %llu outside the options table's range", cfg, (unsigned long long)max_steps);
        return;
    }
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
