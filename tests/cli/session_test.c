/* session_test.c -- the ccmlib session API (lib/ccmlib.h) in-process:
 * static errors come back located and no session is made; a run, a reset
 * and a second run agree; observers name cost centres, constructors and
 * top-level bindings; error messages name the cause; sessions can be made
 * and freed many times (ASan's leak check runs over the sanitized build).
 * Expected numbers are docs/semantics.md section 7's hand derivation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../lib/ccmlib.h"

static int passed, failed;

#define CHECK(cond) do { if (cond) passed++; else { failed++; \
    printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static const char worked[] = "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";

static struct ccm_session *load(const char *text, const struct ccm_options *o, char *err, size_t cap)
{
    return ccm_session_from_text("t.lam", text, strlen(text), o, err, cap);
}

static void test_static_error(void)
{
    char err[256] = "";
    CHECK(load("main = x;", NULL, err, sizeof err) == NULL);
    CHECK(strcmp(err, "t.lam:1:8: unbound variable `x`") == 0);
    CHECK(load("f = 1;", NULL, err, sizeof err) == NULL);
    CHECK(strncmp(err, "t.lam:1:1: no binding for `main`", 32) == 0);
    /* text need not be NUL-terminated: only len bytes are read */
    char buf[16];
    memcpy(buf, "main = 1;XXXXXXX", 16);
    struct ccm_session *s = ccm_session_from_text("t.lam", buf, 9, NULL, err, sizeof err);
    CHECK(s != NULL);
    ccm_session_free(s);
}

static void test_run_reset(void)
{
    char err[256];
    struct ccm_session *s = load(worked, NULL, err, sizeof err);
    CHECK(s != NULL);
    if (!s) return;
    int32_t main_cc = ccm_session_cc_find(s, "MAIN"), fun = ccm_session_cc_find(s, "fun");
    CHECK(main_cc == 0 && fun > 0 && ccm_session_cc_find(s, "nope") == -1);
    CHECK(strcmp(ccm_session_cc_name(s, fun), "fun") == 0);
    CHECK(strcmp(ccm_session_top_name(s, 0), "main") == 0);
    CHECK(strcmp(ccm_session_con_name(s, CCM_TAG_TRUE), "True") == 0);
    for (int round = 0; round < 3; round++) {
        CHECK(ccm_session_run(s) == CCM_VALUE);
        char v[32];
        CHECK(strcmp(ccm_session_value(s, v, sizeof v), "1") == 0);
        CHECK(ccm_session_machine(s)->steps == 9);
        /* θ = {MAIN: A1 V2 U1 H2 subentries1, fun: V1 U1 entries1} */
        CHECK(ccm_session_cost(s, main_cc, CCM_A) == 1 && ccm_session_cost(s, main_cc, CCM_V) == 2
              && ccm_session_cost(s, main_cc, CCM_U) == 1 && ccm_session_cost(s, main_cc, CCM_H) == 2
              && ccm_session_cost(s, main_cc, CCM_SUBENTRIES) == 1);
        CHECK(ccm_session_cost(s, fun, CCM_V) == 1 && ccm_session_cost(s, fun, CCM_U) == 1
              && ccm_session_cost(s, fun, CCM_ENTRIES) == 1 && ccm_session_cost(s, fun, CCM_A) == 0);
        CHECK(ccm_session_reset(s) == CCM_RUNNING);
        CHECK(ccm_session_machine(s)->steps == 0 && ccm_session_cost(s, main_cc, CCM_V) == 0);
    }
    ccm_session_free(s);
}

/* Under the ghc call (docs/stacks.md 5a) examples/stacks_hof.lam makes 9
 * stacks: MAIN, SUB, CAF, inc, top, apply as roots, then <MAIN,top>,
 * <MAIN,top,apply> and, at the app2 of inc's lambda (made under <MAIN,inc>,
 * called under <MAIN,top,apply>), the push of inc: <MAIN,top,apply,inc>.
 * With --max-nodes 8 that push is refused and the run ends, a stack budget
 * error (the first run, through ccm_run, grows its arrays and table from
 * one entry, CCM_INITIAL_CAP=1, and meets the room check at the budget).
 * Reset, and run again one transition at a time: the two runs end alike,
 * with the same message; with --max-nodes 9, the value. */
static void test_ghc_call_budget_reset(void)
{
    static const char hof[] = "apply = \\h -> \\v -> scc \"apply\" (h v);\n"
        "main = let inc = scc \"inc\" (\\n -> n + 1); a = 1 in scc \"top\" (apply inc a);\n";
    struct ccm_options o;
    ccm_options_default(&o);
    o.push = CCM_PUSH_GHC;
    o.scoping = CCM_CALL_GHC;
    o.max_nodes = 8;
    char err[256], m1[256], m2[256];
    setenv("CCM_INITIAL_CAP", "1", 1);
    struct ccm_session *s = load(hof, &o, err, sizeof err);
    unsetenv("CCM_INITIAL_CAP");
    CHECK(s != NULL);
    if (!s) return;
    int st1 = ccm_session_run(s);
    uint64_t steps1 = ccm_session_steps(s);
    ccm_session_error_message(s, st1, m1, sizeof m1);
    CHECK(st1 == CCM_RES_HEAP && strstr(m1, "--max-nodes 8 distinct stacks") != NULL);
    CHECK(ccm_session_reset(s) == CCM_RUNNING);
    uint64_t counts[CCM_NRULES] = { 0 };
    int st2 = ccm_session_run_counted(s, counts);
    ccm_session_error_message(s, st2, m2, sizeof m2);
    CHECK(st2 == st1 && ccm_session_steps(s) == steps1 && strcmp(m1, m2) == 0);
    ccm_session_free(s);
    /* with one node more, the run ends with its value, 2 */
    o.max_nodes = 9;
    s = load(hof, &o, err, sizeof err);
    CHECK(s != NULL && ccm_session_run(s) == CCM_VALUE);
    char v[32];
    CHECK(s != NULL && strcmp(ccm_session_value(s, v, sizeof v), "2") == 0);
    ccm_session_free(s);
}

static void test_budget_and_messages(void)
{
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_steps = 8;
    char err[256], msg[256];
    struct ccm_session *s = load(worked, &o, err, sizeof err);
    CHECK(s && ccm_session_run(s) == CCM_RES_STEPS && ccm_session_machine(s)->steps == 8);
    CHECK(s && ccm_exit_status(CCM_RES_STEPS) == 3 && strcmp(ccm_error_kind(CCM_RES_STEPS), "steps") == 0);
    ccm_session_free(s);
    s = load("main = let n = 7; z = 0 in n / z;", NULL, err, sizeof err);
    CHECK(s && ccm_session_run(s) == CCM_ERR_DIV_ZERO);
    if (s) CHECK(strcmp(ccm_session_error_message(s, CCM_ERR_DIV_ZERO, msg, sizeof msg),
                        "division by zero in `n / z`") == 0);
    ccm_session_free(s);
    s = load("main = let x = case x of { _ -> 1 } in x;", NULL, err, sizeof err);
    CHECK(s && ccm_session_run(s) == CCM_ERR_BLACK_HOLE);
    if (s) CHECK(strstr(ccm_session_error_message(s, CCM_ERR_BLACK_HOLE, msg, sizeof msg), "`x`") != NULL);
    ccm_session_free(s);
    CHECK(ccm_exit_status(CCM_VALUE) == 0 && ccm_exit_status(CCM_ERR_OVERFLOW) == 1
          && ccm_exit_status(CCM_ERR_BAD_CODE) == 1 && strcmp(ccm_error_kind(CCM_ERR_BAD_CODE), "internal") == 0);
}

/* Small budgets: under ASan a default-sized session (about 1 GB of lazily
 * calloc'd arrays) costs ~0.1 s of shadow-memory work to make and free. */
static void test_many_sessions(void)
{
    struct ccm_options o;
    ccm_options_default(&o);
    o.max_heap = 4096;
    o.max_cells = 4096;
    o.max_stack = 1024;
    int ok = 1;
    for (int i = 0; i < 200; i++) {
        char err[256];
        struct ccm_session *s = load(worked, &o, err, sizeof err);
        if (!s || ccm_session_run(s) != CCM_VALUE) ok = 0;
        ccm_session_free(s);
    }
    CHECK(ok);
}

/* An option outside its named values is refused with a message naming it:
 * 256 and -1 too, which the kernel's uint8_t fields would wrap to 0 and
 * 255 (0 is a named value: the wrap must not turn a bad option into fig6);
 * and one past each option's last value (bad[0] is that, per option). */
static void test_bad_options(void)
{
    static const int bad[] = { 0, 256, -1, 0x101 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        struct ccm_options o;
        ccm_options_default(&o);
        o.rules = i ? bad[i] : CCM_RULES_FIG2 + 1;
        CHECK(load(worked, &o, err, sizeof err) == NULL);
        CHECK(strcmp(err, "bad option: rules must be CCM_RULES_FIG6 or CCM_RULES_FIG2") == 0);
        ccm_options_default(&o);
        o.scoping = i ? bad[i] : CCM_CALL_GHC + 1;
        CHECK(load(worked, &o, err, sizeof err) == NULL);
        CHECK(strcmp(err, "bad option: scoping must be CCM_LEXICAL, CCM_EVALUATION or CCM_CALL_GHC") == 0);
        ccm_options_default(&o);
        o.order = i ? bad[i] : CCM_RIGHT_TO_LEFT + 1;
        CHECK(load(worked, &o, err, sizeof err) == NULL);
        CHECK(strcmp(err, "bad option: order must be CCM_LEFT_TO_RIGHT or CCM_RIGHT_TO_LEFT") == 0);
    }
    /* the named values load */
    char err[256];
    struct ccm_options o;
    ccm_options_default(&o);
    o.rules = CCM_RULES_FIG2;  o.scoping = CCM_EVALUATION;  o.order = CCM_RIGHT_TO_LEFT;
    struct ccm_session *s = load(worked, &o, err, sizeof err);
    CHECK(s != NULL);
    ccm_session_free(s);
    o.scoping = CCM_CALL_GHC;
    s = load(worked, &o, err, sizeof err);
    CHECK(s != NULL);
    ccm_session_free(s);
}

int main(void)
{
    test_bad_options();
    test_static_error();
    test_run_reset();
    test_ghc_call_budget_reset();
    test_budget_and_messages();
    test_many_sessions();
    printf("session: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
