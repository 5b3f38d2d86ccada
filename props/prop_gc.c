/* prop_gc.c -- the collector changes nothing a report shows (docs/collector.md).
 *
 * A program runs through the library twice per configuration: once with
 * the collector off and the default budgets (nothing is ever freed), once
 * with the collector on and the heap and cell budgets as small as the run
 * allows, so that it collects every few allocations.  Both must end alike:
 * the outcome, the steps, every counter of every cost-centre stack (and
 * every stack's path), the error message, the returned stack, and the final
 * heap reachable from the top-level bindings and the value, compared
 * structurally up to the renaming of addresses (props/canon.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "../lib/options.h"

/* The configurations: the caller's rules and scoping, then with the
 * operands right to left and stacks appended, then ghc's push and call. */
struct gc_cfg { int order, push, ghc_call; const char *name; };
static const struct gc_cfg gc_cfgs[] = {
    { CCM_LEFT_TO_RIGHT, CCM_PUSH_SINGLE, 0, "" },
    { CCM_RIGHT_TO_LEFT, CCM_PUSH_APPEND, 0, " rtl append" },
    { CCM_LEFT_TO_RIGHT, CCM_PUSH_GHC, 1, " push ghc call ghc" },
};

static struct ccm_session *gc_session(const char *text, size_t len, int rules, int scoping,
                                      const struct gc_cfg *k, int gc, int32_t heap, int32_t cells,
                                      char *err, size_t cap)
{
    struct ccm_options o;
    ccm_options_default(&o);
    o.rules = rules;
    o.scoping = k->ghc_call ? CCM_CALL_GHC : scoping;
    o.order = k->order;
    o.push = k->push;
    o.gc = gc;
    if (ccm_option_set(&o, CCM_OPT_max_steps, MAX_STEPS) != 0) return NULL;
    if (heap > 0) o.max_heap = heap;
    if (cells > 0) o.max_cells = cells;
    o.max_stack = STACK_CAP;
    return ccm_session_from_text("gen.lam", text, len, &o, err, cap);
}

/* What a finished session shows, as text (reset first): outcome, steps,
 * error, every stack with its path and counters, the returned stack and
 * the canonical final heap. */
static void gc_report(struct ccm_session *s, int st, const struct front_image *img, struct canon_buf *out)
{
    char msg[256], path[256];
    out->n = 0;
    const char *em = st == CCM_VALUE ? "" : ccm_session_error_message(s, st, msg, sizeof msg);
    canon_out(out, "status %s steps %lld error %s\n", ccm_status_kind(st), (long long)ccm_session_steps(s),
              em ? em : "");
    for (int32_t n = 0; n < ccm_session_nstacks(s); n++) {
        ccm_session_stack_path(s, n, "/", path, sizeof path);
        canon_out(out, "stack %s", path);
        for (int c = 0; c < CCM_NCOUNTERS; c++) canon_out(out, " %lld", (long long)ccm_session_stack_cost(s, n, c));
        canon_out(out, "\n");
    }
    if (st != CCM_VALUE) return;
    ccm_session_stack_path(s, ccm_session_current_stack(s), "/", path, sizeof path);
    canon_out(out, "returned %s\n", path);
    /* canon names an object's cost centre, and the value's: under a push
     * that makes stacks, each stack stands for its top (the stacks
     * themselves are compared above, node by node) */
    struct ccm_machine mc = *ccm_session_machine(s);
    struct ccm_obj *top = NULL;
    if (mc.push != CCM_PUSH_SINGLE) {
        top = malloc(((size_t)mc.heap_len + 1) * sizeof *top);
        if (!top) { fprintf(stderr, "props: out of memory\n"); exit(3); }
        for (int32_t x = 0; x < mc.heap_len; x++) {
            top[x] = mc.heap[x];
            top[x].cc = ccm_session_stack_cc(s, top[x].cc);
        }
        mc.heap = top;
        mc.ccc = ccm_session_stack_cc(s, mc.ccc);
    }
    struct canon_buf c = { 0 };
    canon_machine(&c, &mc, img);
    free(top);
    canon_out(out, "%s", c.p ? c.p : "");
    free(c.p);
}

void check_gc(struct checker *C, const char *text, size_t len, const struct front_image *img,
              struct verdict *v)
{
    /* one of the 4 x 3 configurations, from the program's hash (C->rng,
     * read, not advanced: property 2b draws from it): every configuration
     * over a few programs, at a twelfth of the cost of all of them */
    uint64_t pick = (C->rng >> 17) % (4 * (sizeof gc_cfgs / sizeof gc_cfgs[0]));
    int rules = (int)(pick & 1), scoping = (int)((pick >> 1) & 1);
    const struct gc_cfg *k = &gc_cfgs[pick >> 2];
    char err[256], cfg[64], how[96];
    cfg_name(cfg, sizeof cfg, rules, scoping, 0);
    snprintf(how, sizeof how, "%s%s", cfg, k->name);
    struct ccm_session *ref = gc_session(text, len, rules, scoping, k, CCM_GC_OFF, 0, 0, err, sizeof err);
    if (!ref) { fail(v, "gc", how, "%s: the session rejects the program: %s", how, err); return; }
    int st = ccm_session_run(ref);
    if (is_resource(st)) { ccm_session_free(ref); v->skipped = 1; return; }
    gc_report(ref, st, img, &C->cb);
    int32_t used_h = ccm_session_machine(ref)->heap_len, used_c = ccm_session_machine(ref)->cell_len;
    ccm_session_free(ref);
    /* the smallest budgets, doubling, that let the collecting run finish:
     * room for the top-level bindings and d more objects, and d cells;
     * once they are as large as the run without collection used, it must
     * finish (it need not collect at all) */
    int32_t ntop = img->ntop;
    for (int32_t d = 1;; d *= 2) {
        int32_t bh = ntop + d, bc = d;
        struct ccm_session *s = gc_session(text, len, rules, scoping, k, CCM_GC_ON, bh, bc, err, sizeof err);
        if (!s) { fail(v, "gc", how, "%s: the session rejects the program: %s", how, err); return; }
        int sst = ccm_session_run(s);
        if (sst == CCM_RES_HEAP && (bh < used_h || bc < used_c)) { ccm_session_free(s); continue; }
        gc_report(s, sst, img, &C->cm);
        v->collections += ccm_session_collections(s);
        if (C->cm.n != C->cb.n || memcmp(C->cm.p, C->cb.p, C->cm.n) != 0)
            fail(v, "gc", how, "%s: with --max-heap %d --max-cells %d and the collector, the report differs\n"
                 "without collection:\n%.700s\nwith:\n%.700s", how, bh, bc, C->cb.p, C->cm.p);
        ccm_session_free(s);
        return;
    }
}
