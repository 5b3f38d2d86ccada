/* grow_test.c -- the machine's arrays start small and grow on demand, up
 * to the budgets (lib/ccmlib.h, "Memory"; docs/library.md), in-process:
 * the capacities start at min(budget, CCM_INITIAL_CAP) and double (at
 * least to what the refused transition needs) but never pass a budget; a
 * run grown from one entry -- through ccm_session_run, _run_counted,
 * _step, _force, or the kernel driven by hand with ccm_session_grow --
 * gives the hand-derived result of the worked example (docs/semantics.md
 * section 7: value 1, 9 steps, MAIN A1 V2 U1 H2 subentries1, fun V1 U1
 * entries1); a reset keeps the arrays; a workspace's grown arrays lent to
 * a session with a smaller budget stop it at the budget; the table of
 * cost-centre stacks grows the same way, within --max-nodes.  Run under ASan
 * too (build/tests/grow-test-san): every grow is a realloc the machine's
 * pointers must follow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../lib/ccmlib.h"

static int passed, failed;

#define CHECK(cond) do { if (cond) passed++; else { failed++; \
    printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static const char worked[] = "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";

static struct ccm_session *load(const char *text, const struct ccm_options *o)
{
    char err[512];
    struct ccm_session *s = ccm_session_from_text("t.lam", text, strlen(text), o, err, sizeof err);
    if (!s) printf("load: %s\n", err);
    return s;
}

static struct ccm_session *load_in(struct ccm_workspace *ws, const char *text, const struct ccm_options *o)
{
    char err[512];
    struct ccm_session *s = ccm_session_from_text_in(ws, "t.lam", text, strlen(text), o, err, sizeof err);
    if (!s) printf("load: %s\n", err);
    return s;
}

/* main = let x1 = 1; ...; xk = k in xk;  needs heap 1 + k, cells k */
static char *big_let(int k)
{
    size_t cap = (size_t)k * 32 + 64, n = 0;
    char *t = malloc(cap);
    if (!t) exit(1);
    n += (size_t)snprintf(t + n, cap - n, "main = let ");
    for (int i = 1; i <= k; i++) n += (size_t)snprintf(t + n, cap - n, "%sx%d = %d", i > 1 ? "; " : "", i, i);
    snprintf(t + n, cap - n, " in x%d;\n", k);
    return t;
}

static int32_t cap(const struct ccm_session *s, int a) { return ccm_session_capacity(s, a); }

/* The worked example's hand-derived result. */
static int worked_result(struct ccm_session *s, int st)
{
    char v[32];
    int32_t M = ccm_session_cc_find(s, "MAIN"), F = ccm_session_cc_find(s, "fun");
    return st == CCM_VALUE && strcmp(ccm_session_value(s, v, sizeof v), "1") == 0
        && ccm_session_steps(s) == 9
        && ccm_session_cost(s, M, CCM_A) == 1 && ccm_session_cost(s, M, CCM_C) == 0
        && ccm_session_cost(s, M, CCM_V) == 2 && ccm_session_cost(s, M, CCM_U) == 1
        && ccm_session_cost(s, M, CCM_H) == 2 && ccm_session_cost(s, M, CCM_P) == 0
        && ccm_session_cost(s, M, CCM_ENTRIES) == 0 && ccm_session_cost(s, M, CCM_SUBENTRIES) == 1
        && ccm_session_cost(s, F, CCM_V) == 1 && ccm_session_cost(s, F, CCM_U) == 1
        && ccm_session_cost(s, F, CCM_ENTRIES) == 1 && ccm_session_cost(s, F, CCM_A) == 0
        && ccm_session_cost(s, F, CCM_H) == 0 && ccm_session_cost(s, F, CCM_SUBENTRIES) == 0;
}

static void test_start_small(void)
{
    unsetenv("CCM_INITIAL_CAP");
    struct ccm_session *s = load(worked, NULL);
    CHECK(s != NULL);
    if (!s) return;
    /* default budgets are 2^30 each: the arrays start at 4096 */
    CHECK(ccm_session_options(s)->max_heap == 1 << 30);
    CHECK(cap(s, CCM_ARRAY_HEAP) == CCM_INITIAL_CAP && cap(s, CCM_ARRAY_CELLS) == CCM_INITIAL_CAP
          && cap(s, CCM_ARRAY_STACK) == CCM_INITIAL_CAP && CCM_INITIAL_CAP == 4096);
    /* the stack table: under push single, the roots (the cost centres) */
    CHECK(cap(s, CCM_ARRAY_NODES) == ccm_session_ncc(s));
    CHECK(cap(s, 4) == -1);
    CHECK(worked_result(s, ccm_session_run(s)));
    CHECK(cap(s, CCM_ARRAY_HEAP) == 4096 && cap(s, CCM_ARRAY_CELLS) == 4096 && cap(s, CCM_ARRAY_STACK) == 4096);
    CHECK(ccm_session_out_of_memory(s, NULL, NULL) == -1);
    ccm_session_free(s);
    /* a budget below the start: the budget */
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_heap = 7; o.max_cells = 100; o.max_stack = 5000;
    s = load(worked, &o);
    CHECK(s && cap(s, CCM_ARRAY_HEAP) == 7 && cap(s, CCM_ARRAY_CELLS) == 100 && cap(s, CCM_ARRAY_STACK) == 4096);
    if (s) CHECK(worked_result(s, ccm_session_run(s)));
    ccm_session_free(s);
}

/* let of 5000: the heap and the cells outgrow 4096 once (doubling: 8192,
 * at least 1 + 5000); a budget of 6000 caps the heap there. */
static void test_growth(void)
{
    unsetenv("CCM_INITIAL_CAP");
    char *t = big_let(5000);
    struct ccm_session *s = load(t, NULL);
    CHECK(s != NULL);
    if (s) {
        char v[32];
        CHECK(ccm_session_run(s) == CCM_VALUE && strcmp(ccm_session_value(s, v, sizeof v), "5000") == 0);
        CHECK(cap(s, CCM_ARRAY_HEAP) == 8192 && cap(s, CCM_ARRAY_CELLS) == 8192 && cap(s, CCM_ARRAY_STACK) == 4096);
        /* a reset keeps them */
        CHECK(ccm_session_reset(s) == CCM_RUNNING && cap(s, CCM_ARRAY_HEAP) == 8192);
        CHECK(ccm_session_run(s) == CCM_VALUE);
        ccm_session_free(s);
    }
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_heap = 6000;
    s = load(t, &o);
    if (s) {
        CHECK(ccm_session_run(s) == CCM_VALUE && cap(s, CCM_ARRAY_HEAP) == 6000);
        ccm_session_free(s);
    }
    /* one object short: stopped at step 1 (var2 fired, the let refused),
     * the message the budget's; the let could not fit even at the budget,
     * so nothing was grown for it */
    o.max_heap = 5000;
    s = load(t, &o);
    if (s) {
        char msg[256];
        CHECK(ccm_session_run(s) == CCM_RES_HEAP && ccm_session_steps(s) == 1);
        CHECK(cap(s, CCM_ARRAY_HEAP) == 4096 && cap(s, CCM_ARRAY_CELLS) == 4096);
        CHECK(strcmp(ccm_session_error_message(s, CCM_RES_HEAP, msg, sizeof msg),
                     "heap budget exhausted: --max-heap 5000 objects") == 0);
        ccm_session_free(s);
    }
    /* one cell short, from arrays of one entry: the cells are blamed, not
     * the heap (which is far below its budget) */
    setenv("CCM_INITIAL_CAP", "1", 1);
    ccm_options_default(&o);
    o.max_cells = 4999;
    s = load(t, &o);
    if (s) {
        char msg[256];
        CHECK(ccm_session_run(s) == CCM_RES_HEAP && ccm_session_steps(s) == 1);
        CHECK(strcmp(ccm_session_error_message(s, CCM_RES_HEAP, msg, sizeof msg),
                     "heap budget exhausted: environment cells, --max-cells 4999") == 0);
        ccm_session_free(s);
    }
    /* top-level bindings beyond the start: the heap grows before ccm_init */
    setenv("CCM_INITIAL_CAP", "2", 1);
    s = load("a = 1; b = 2; c = 3; d = 4; e = 5; main = e;", NULL);
    CHECK(s && cap(s, CCM_ARRAY_HEAP) >= 6 && cap(s, CCM_ARRAY_HEAP) <= 8);
    if (s) { char v[8]; CHECK(ccm_session_run(s) == CCM_VALUE && strcmp(ccm_session_value(s, v, sizeof v), "5") == 0); }
    ccm_session_free(s);
    unsetenv("CCM_INITIAL_CAP");
    free(t);
}

/* From one entry, every way of running gives the worked example. */
static void test_from_one(void)
{
    setenv("CCM_INITIAL_CAP", "1", 1);
    struct ccm_session *s = load(worked, NULL);
    CHECK(s != NULL);
    if (!s) return;
    CHECK(cap(s, CCM_ARRAY_HEAP) == 1 && cap(s, CCM_ARRAY_CELLS) == 1 && cap(s, CCM_ARRAY_STACK) == 1);
    CHECK(worked_result(s, ccm_session_run(s)));
    CHECK(cap(s, CCM_ARRAY_HEAP) > 1);
    ccm_session_free(s);

    s = load(worked, NULL);
    uint64_t counts[CCM_NRULES] = { 0 }, sum = 0;
    CHECK(worked_result(s, ccm_session_run_counted(s, counts)));
    for (int r = 0; r < CCM_NRULES; r++) sum += counts[r];
    CHECK(sum == 9);
    ccm_session_free(s);

    s = load(worked, NULL);
    int st;
    while ((st = ccm_session_step(s)) == CCM_RUNNING) {}
    CHECK(worked_result(s, st) && ccm_session_status(s) == CCM_VALUE);
    ccm_session_free(s);

    /* the kernel by hand: every room refusal leaves the state as it was,
     * ccm_session_grow makes room, the same call again */
    s = load(worked, NULL);
    struct ccm_machine *m = ccm_session_machine(s);
    int grows = 0;
    for (;;) {
        uint64_t before = m->steps;
        st = ccm_run(m);
        if (st != CCM_RES_HEAP && st != CCM_RES_STACK) break;
        CHECK(m->steps >= before);
        if (ccm_session_grow(s, st) != CCM_RUNNING) break;
        grows++;
    }
    CHECK(grows >= 2 && worked_result(s, st));
    CHECK(ccm_session_grow(s, CCM_VALUE) == CCM_VALUE && ccm_session_grow(s, CCM_RES_STEPS) == CCM_RES_STEPS);
    ccm_session_free(s);

    /* the force row needs two frames: from a stack of one it grows */
    s = load(worked, NULL);
    CHECK(ccm_session_force(s, 0) == CCM_RUNNING && ccm_session_steps(s) == 1 && cap(s, CCM_ARRAY_STACK) >= 2);
    ccm_session_free(s);
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_stack = 1;
    s = load(worked, &o);
    CHECK(ccm_session_force(s, 0) == CCM_RES_STACK && ccm_session_steps(s) == 0 && cap(s, CCM_ARRAY_STACK) == 1);
    ccm_session_free(s);

    /* tiny budgets: capacities never pass them, and the stop is the one of
     * the arrays allocated whole at the budgets */
    for (int32_t b = 1; b <= 6; b++) {
        ccm_options_default(&o);
        o.max_heap = o.max_cells = o.max_stack = b;
        setenv("CCM_INITIAL_CAP", "1", 1);
        struct ccm_session *g = load(worked, &o);
        setenv("CCM_INITIAL_CAP", "1073741824", 1);
        struct ccm_session *w = load(worked, &o);
        CHECK((g == NULL) == (w == NULL));
        if (g && w) {
            CHECK(cap(w, CCM_ARRAY_HEAP) == b && cap(w, CCM_ARRAY_STACK) == b);
            int sg = ccm_session_run(g), sw = ccm_session_run(w);
            CHECK(sg == sw && ccm_session_steps(g) == ccm_session_steps(w));
            CHECK(cap(g, CCM_ARRAY_HEAP) <= b && cap(g, CCM_ARRAY_CELLS) <= b && cap(g, CCM_ARRAY_STACK) <= b);
            char mg[256], mw[256];
            CHECK(strcmp(ccm_session_error_message(g, sg, mg, sizeof mg),
                         ccm_session_error_message(w, sw, mw, sizeof mw)) == 0);
            for (int32_t cc = 0; cc < ccm_session_ncc(g); cc++)
                for (int k = 0; k < CCM_NCOUNTERS; k++)
                    CHECK(ccm_session_cost(g, cc, k) == ccm_session_cost(w, cc, k));
        }
        ccm_session_free(g);
        ccm_session_free(w);
    }
    unsetenv("CCM_INITIAL_CAP");
}

/* A workspace grown by one session, lent to the next with a smaller budget. */
static void test_workspace(void)
{
    setenv("CCM_INITIAL_CAP", "1", 1);
    struct ccm_workspace *ws = ccm_workspace_new();
    CHECK(ws != NULL);
    char *t = big_let(5000);
    struct ccm_session *s = load_in(ws, t, NULL);
    CHECK(s && ccm_session_run(s) == CCM_VALUE && cap(s, CCM_ARRAY_HEAP) >= 5001);
    ccm_session_free(s);
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_heap = 5000;
    s = load_in(ws, t, &o);
    CHECK(s && cap(s, CCM_ARRAY_HEAP) == 5000);
    if (s) CHECK(ccm_session_run(s) == CCM_RES_HEAP && ccm_session_steps(s) == 1);
    /* while it holds the workspace, another session has its own arrays */
    struct ccm_session *s2 = load_in(ws, worked, NULL);
    CHECK(s2 && cap(s2, CCM_ARRAY_HEAP) == 1 && worked_result(s2, ccm_session_run(s2)));
    ccm_session_free(s2);
    ccm_session_free(s);
    s = load_in(ws, worked, NULL);
    CHECK(s && cap(s, CCM_ARRAY_HEAP) >= 5001 && worked_result(s, ccm_session_run(s)));
    ccm_session_free(s);
    ccm_workspace_free(ws);
    free(t);
    unsetenv("CCM_INITIAL_CAP");
}

/* The stack table (push append): count n recurses under scc "count" n + 1
 * times, each call one deeper, <MAIN,count>, <MAIN,count,count>, ...: 301
 * stacks beside the roots MAIN, SUB, count for n = 300, each with one entry.
 * The table starts at 64 nodes and doubles to 512; a budget of 100 stops
 * the run at the scc that would make the 101st, the costs so far kept. */
static void test_nodes(void)
{
    static const char count[] = "count = \\n -> scc \"count\" (case n > 0 of { True -> let m = n - 1 in count m; "
                                "False -> 0 });\nmain = let k = 300 in count k;\n";
    unsetenv("CCM_INITIAL_CAP");
    struct ccm_options o;
    ccm_options_default(&o);
    ccm_option_set(&o, ccm_option_find("push"), CCM_PUSH_APPEND);
    struct ccm_session *s = load(count, &o);
    CHECK(s != NULL);
    if (!s) return;
    int32_t c = ccm_session_cc_find(s, "count");
    CHECK(ccm_session_ncc(s) == 3 && cap(s, CCM_ARRAY_NODES) == 64);
    uint64_t steps = 0;
    for (int round = 0; round < 2; round++) {       /* a reset keeps the table as grown */
        char v[8], path[32];
        CHECK(ccm_session_run(s) == CCM_VALUE && strcmp(ccm_session_value(s, v, sizeof v), "0") == 0);
        CHECK(ccm_session_nstacks(s) == 304 && cap(s, CCM_ARRAY_NODES) == 512);
        CHECK(ccm_session_cost(s, c, CCM_ENTRIES) == 301 && ccm_session_cost(s, c, CCM_SUBENTRIES) == 300);
        int each = 1;
        for (int32_t n = 3; n < 304; n++)
            each &= ccm_session_stack_cost(s, n, CCM_ENTRIES) == 1 && ccm_session_stack_cc(s, n) == c
                    && ccm_session_stack_depth(s, n) == n - 1;
        CHECK(each);
        CHECK(ccm_session_stack_depth(s, ccm_session_current_stack(s)) == 302
              && ccm_session_current_cc(s) == c);
        CHECK(ccm_session_stack_path(s, 4, ",", path, sizeof path) == 16 && strcmp(path, "MAIN,count,count") == 0);
        CHECK(ccm_session_stack_path(s, 4, ",", path, 8) == 16 && strcmp(path, "MAIN,co") == 0);
        steps = ccm_session_steps(s);
        CHECK(round == 1 || ccm_session_reset(s) == CCM_RUNNING);
    }
    ccm_session_free(s);
    /* grown from the roots alone, one node at a time at first: the same run */
    setenv("CCM_INITIAL_CAP", "1", 1);
    s = load(count, &o);
    CHECK(s && cap(s, CCM_ARRAY_NODES) == 3);
    if (s) {
        CHECK(ccm_session_run(s) == CCM_VALUE && ccm_session_steps(s) == steps && ccm_session_nstacks(s) == 304);
        ccm_session_free(s);
    }
    unsetenv("CCM_INITIAL_CAP");
    /* the budget */
    ccm_option_set(&o, ccm_option_find("max_nodes"), 100);
    s = load(count, &o);
    if (s) {
        char msg[256];
        CHECK(ccm_session_run(s) == CCM_RES_HEAP && ccm_session_nstacks(s) == 100 && cap(s, CCM_ARRAY_NODES) == 100);
        CHECK(ccm_session_cost(s, c, CCM_ENTRIES) == 97);
        CHECK(strcmp(ccm_session_error_message(s, CCM_RES_HEAP, msg, sizeof msg),
                     "cost-centre stack budget exhausted: --max-nodes 100 distinct stacks") == 0);
        CHECK(ccm_session_out_of_memory(s, NULL, NULL) == -1);
        ccm_session_free(s);
    }
    /* push single: the roots, never grown */
    ccm_options_default(&o);
    s = load(count, &o);
    if (s) {
        CHECK(ccm_session_run(s) == CCM_VALUE && ccm_session_steps(s) == steps);
        CHECK(ccm_session_nstacks(s) == 3 && cap(s, CCM_ARRAY_NODES) == 3);
        CHECK(ccm_session_cost(s, c, CCM_ENTRIES) == 301 && ccm_session_stack_cost(s, c, CCM_ENTRIES) == 301);
        ccm_session_free(s);
    }
}

int main(void)
{
    test_nodes();
    test_start_small();
    test_growth();
    test_from_one();
    test_workspace();
    printf("grow_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
