/* options_test.c -- the one table of options (lib/options_table.h) through
 * the library that reads it (lib/options.c), in-process: every row is
 * found by its key and its flag, its default is what ccm_options_default,
 * a zeroed struct and a session get, and what the machine is given; a
 * value outside its row's range is refused with the row's words, never
 * clamped; a struct filled by hand is clamped to the rows' ranges by the
 * session, once, and the machine gets exactly that; a 0 set through the
 * table is a 0.  Prints "options: N passed, N failed" last. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../lib/options.h"

static int passed, failed;

#define CHECK(cond) do { if (cond) passed++; else { failed++; \
    printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static const char worked[] = "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";

/* The machine's copy of option k (lib/session.c hands every row that
 * goes to the machine over); UINT64_MAX for the library's own. */
static uint64_t machine_value(const struct ccm_machine *m, int k)
{
    switch (k) {
#define IN_MACHINE(f) (uint64_t)m->f
#define IN_LIBRARY UINT64_MAX
#define MVAL(field, kind, flag, key, metavar, names, words, cnames, lo, hi, def, mfield, help) \
    case CCM_OPT_##field: return mfield;
    CCM_OPTIONS_TABLE(MVAL)
#undef MVAL
#undef IN_MACHINE
#undef IN_LIBRARY
    }
    return UINT64_MAX;
}

static void test_rows(void)
{
    CHECK(ccm_option_count() == CCM_NOPTIONS);
    CHECK(ccm_option_info(-1) == NULL && ccm_option_info(CCM_NOPTIONS) == NULL);
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        const struct ccm_option_info *r = ccm_option_info(k);
        CHECK(r != NULL);
        if (!r) continue;
        CHECK(ccm_option_find(r->key) == k && ccm_option_find(r->flag) == k);
        CHECK(strncmp(r->flag, "--", 2) == 0);
        CHECK(r->lo <= r->def && r->def <= r->hi);
        if (r->kind == CCM_OPTION_ENUM) {
            uint64_t n = 0;
            while (r->names[n]) n++;
            CHECK(r->lo == 0 && n == r->hi + 1 && r->words[n] == NULL && r->cnames[n] == NULL);
            CHECK(strcmp(ccm_option_value_name(k, r->def, 0), r->names[r->def]) == 0);
            CHECK(ccm_option_value_name(k, n, 0) == NULL);
        } else {
            CHECK(r->names[0] == NULL && strcmp(r->metavar, "N") == 0);
            CHECK(ccm_option_value_name(k, r->def, 0) == NULL);
        }
    }
    CHECK(ccm_option_find("--max_steps") == -1 && ccm_option_find("rule") == -1 && ccm_option_find(NULL) == -1);
    CHECK(ccm_options_size() == sizeof(struct ccm_options));
}

/* ccm_options_default, a zeroed struct and NULL give each row's default,
 * in the session and in the machine. */
static void test_defaults(void)
{
    struct ccm_options d, zero;
    ccm_options_default(&d);
    memset(&zero, 0, sizeof zero);
    CHECK(d.given == 0);
    const struct ccm_options *ways[3] = { &d, &zero, NULL };
    for (int w = 0; w < 3; w++) {
        char err[256];
        struct ccm_session *s = ccm_session_from_text("t.lam", worked, strlen(worked), ways[w], err, sizeof err);
        CHECK(s != NULL);
        if (!s) continue;
        for (int k = 0; k < CCM_NOPTIONS; k++) {
            const struct ccm_option_info *r = ccm_option_info(k);
            if (w == 0) CHECK(ccm_option_get(&d, k) == r->def);
            CHECK(ccm_option_get(ccm_session_options(s), k) == r->def);
            /* an array's budget caps its capacity, which starts at
             * min(budget, CCM_INITIAL_CAP) (docs/library.md, "Memory") */
            if (k == CCM_OPT_max_heap || k == CCM_OPT_max_cells || k == CCM_OPT_max_stack)
                CHECK(machine_value(ccm_session_machine(s), k)
                      == (r->def < CCM_INITIAL_CAP ? r->def : CCM_INITIAL_CAP));
            /* the stack table under push single: the roots, all it needs */
            else if (k == CCM_OPT_max_nodes)
                CHECK(machine_value(ccm_session_machine(s), k) == (uint64_t)ccm_session_ncc(s));
            /* the collector: the library's, not the machine's */
            else if (k == CCM_OPT_gc)
                CHECK(machine_value(ccm_session_machine(s), k) == UINT64_MAX);
            else
                CHECK(machine_value(ccm_session_machine(s), k) == r->def);
        }
        ccm_session_free(s);
    }
}

/* ccm_option_set: the range is the row's, ends included; nothing set
 * outside it. */
static void test_ranges(void)
{
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        const struct ccm_option_info *r = ccm_option_info(k);
        struct ccm_options o;
        ccm_options_default(&o);
        CHECK(ccm_option_set(&o, k, r->hi + 1) == -1 && ccm_option_get(&o, k) == r->def && o.given == 0);
        if (r->lo > 0) CHECK(ccm_option_set(&o, k, r->lo - 1) == -1 && ccm_option_get(&o, k) == r->def);
        CHECK(ccm_option_set(&o, k, r->lo) == 0 && ccm_option_get(&o, k) == r->lo && o.given == 1u << k);
        CHECK(ccm_option_set(&o, k, r->hi) == 0 && ccm_option_get(&o, k) == r->hi);
    }
    struct ccm_options o;
    CHECK(ccm_option_set(&o, -1, 0) == -1 && ccm_option_set(&o, CCM_NOPTIONS, 0) == -1);
}

/* A refused value: -1, the message wanted, and nothing recorded as given. */
static void check_refused(int rc, const char *err, const char *want, const struct ccm_options *o)
{
    CHECK(rc == -1);
    if (strcmp(err, want) != 0) printf("  got  %s\n  want %s\n", err, want);
    CHECK(strcmp(err, want) == 0 && o->given == 0);
}

/* The refusals, in the words the command line and `ccm batch` have always
 * used (tests/cli, tests/batch), generated from the rows. */
static void test_messages(void)
{
    static const struct { const char *key, *arg, *want; } args[] = {
        { "rules", "fig3", "--rules takes fig6 or fig2, not `fig3`" },
        { "scoping", "dynamic", "--scoping takes lexical, evaluation or ghc, not `dynamic`" },
        { "order", "up", "--order takes ltr or rtl, not `up`" },
        { "max_steps", "abc", "--max-steps takes a number from 0 to 2^48, not `abc`" },
        { "max_steps", "-1", "--max-steps takes a number from 0 to 2^48, not `-1`" },
        { "max_steps", "1e3", "--max-steps takes a number from 0 to 2^48, not `1e3`" },
        { "max_steps", "281474976710657", "--max-steps takes a number from 0 to 2^48, not `281474976710657`" },
        { "max_steps", "99999999999999999999999", "--max-steps takes a number from 0 to 2^48, not `99999999999999999999999`" },
        { "max_heap", "0", "--max-heap takes a number from 1 to 2^30, not `0`" },
        { "max_cells", " 5", "--max-cells takes a number from 1 to 2^30, not ` 5`" },
        { "max_stack", "99999999999", "--max-stack takes a number from 1 to 2^30, not `99999999999`" },
        { "max_stack", "", "--max-stack takes a number from 1 to 2^30, not ``" },
    };
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        struct ccm_options o;
        char err[200] = "";
        ccm_options_default(&o);
        int rc = ccm_option_arg(&o, ccm_option_find(args[i].key), args[i].arg, err, sizeof err);
        check_refused(rc, err, args[i].want, &o);
    }
    static const struct { const char *key, *json, *want; } js[] = {
        { "rules", "\"fig9\"", "option \"rules\" takes \"fig6\" or \"fig2\"" },
        { "rules", "1", "option \"rules\" takes \"fig6\" or \"fig2\"" },
        { "rules", "\"fig\\u0032\"", "option \"rules\" takes \"fig6\" or \"fig2\"" },
        { "max_steps", "\"5\"", "option \"max_steps\" takes an integer from 0 to 2^48" },
        { "max_steps", "-3", "option \"max_steps\" takes an integer from 0 to 2^48" },
        { "max_steps", "1.0", "option \"max_steps\" takes an integer from 0 to 2^48" },
        { "max_steps", "true", "option \"max_steps\" takes an integer from 0 to 2^48" },
        { "max_heap", "0", "option \"max_heap\" takes an integer from 1 to 2^30" },
        { "frob", "1", "unknown option \"frob\"" },
        { "--rules", "\"fig2\"", "unknown option \"--rules\"" },
    };
    for (size_t i = 0; i < sizeof js / sizeof js[0]; i++) {
        struct ccm_options o;
        char err[200] = "";
        ccm_options_default(&o);
        int rc = ccm_option_json(&o, js[i].key, js[i].json, err, sizeof err);
        check_refused(rc, err, js[i].want, &o);
    }
    /* the accepted spellings: the same value both ways */
    struct ccm_options a, b;
    char err[200];
    ccm_options_default(&a);
    ccm_options_default(&b);
    CHECK(ccm_option_arg(&a, CCM_OPT_rules, "fig2", err, sizeof err) == 0
          && ccm_option_json(&b, "rules", "\"fig2\"", err, sizeof err) == 0 && a.rules == CCM_RULES_FIG2
          && b.rules == CCM_RULES_FIG2);
    CHECK(ccm_option_arg(&a, CCM_OPT_max_stack, "1073741824", err, sizeof err) == 0
          && ccm_option_json(&b, "max_stack", "1073741824", err, sizeof err) == 0 && a.max_stack == 1 << 30
          && b.max_stack == 1 << 30);
    CHECK(strcmp(ccm_option_range_text(CCM_OPT_scoping, err, sizeof err), "lexical, evaluation or ghc") == 0);
    CHECK(strcmp(ccm_option_range_text(CCM_OPT_max_heap, err, sizeof err), "1 to 2^30") == 0);
}

/* A struct filled by hand: clamped to the rows' ranges once, by the
 * session's normalisation; an enum naming no value refused in C's words. */
static void test_clamp(void)
{
    struct ccm_options in, out;
    memset(&in, 0, sizeof in);
    in.max_steps = UINT64_MAX;
    in.max_heap = INT32_MAX;
    in.max_cells = -5;
    in.max_stack = 7;
    options_normalise(&out, &in);
    CHECK(out.max_steps == CCM_MAX_STEPS && out.max_heap == CCM_MAX_CAP);
    CHECK(out.max_cells == (int32_t)ccm_option_info(CCM_OPT_max_cells)->def && out.max_stack == 7);
    /* a 0 means the default unless it was given through the table */
    memset(&in, 0, sizeof in);
    options_normalise(&out, &in);
    CHECK(out.max_steps == ccm_option_info(CCM_OPT_max_steps)->def);
    CHECK(ccm_option_set(&in, CCM_OPT_max_steps, 0) == 0);
    options_normalise(&out, &in);
    CHECK(out.max_steps == 0);
    /* the machine gets the clamped value: max_steps above 2^48 runs with 2^48 */
    char err[256];
    memset(&in, 0, sizeof in);
    in.max_steps = UINT64_MAX;
    in.max_heap = in.max_cells = in.max_stack = 64;
    struct ccm_session *s = ccm_session_from_text("t.lam", worked, strlen(worked), &in, err, sizeof err);
    CHECK(s != NULL);
    if (s) {
        CHECK(ccm_session_machine(s)->max_steps == CCM_MAX_STEPS && ccm_session_options(s)->max_steps == CCM_MAX_STEPS);
        CHECK(ccm_session_machine(s)->heap_cap == 64);
        ccm_session_free(s);
    }
    /* max_steps 0 through the table: no transition */
    ccm_options_default(&in);
    CHECK(ccm_option_arg(&in, CCM_OPT_max_steps, "0", err, sizeof err) == 0);
    s = ccm_session_from_text("t.lam", worked, strlen(worked), &in, err, sizeof err);
    CHECK(s != NULL);
    if (s) {
        CHECK(ccm_session_run(s) == CCM_RES_STEPS && ccm_session_steps(s) == 0);
        CHECK(strcmp(ccm_session_error_message(s, CCM_RES_STEPS, err, sizeof err),
                     "step budget exhausted: --max-steps 0 transitions") == 0);
        ccm_session_free(s);
    }
    /* enums: refused, not clamped */
    ccm_options_default(&in);
    in.order = 7;
    CHECK(ccm_session_from_text("t.lam", worked, strlen(worked), &in, err, sizeof err) == NULL);
    CHECK(strcmp(err, "bad option: order must be CCM_LEFT_TO_RIGHT or CCM_RIGHT_TO_LEFT") == 0);
}

/* The table as JSON: snprintf's contract, every key in it. */
static void test_json(void)
{
    size_t n = ccm_options_table_json(NULL, 0);
    char *buf = malloc(n + 1);
    CHECK(buf != NULL);
    if (!buf) return;
    CHECK(ccm_options_table_json(buf, n + 1) == n && strlen(buf) == n && buf[0] == '[' && buf[n - 1] == ']');
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        char key[64];
        snprintf(key, sizeof key, "{\"key\":\"%s\"", ccm_option_info(k)->key);
        CHECK(strstr(buf, key) != NULL);
    }
    char small[8];
    CHECK(ccm_options_table_json(small, sizeof small) == n && strlen(small) == sizeof small - 1);
    free(buf);
}

int main(void)
{
    test_rows();
    test_defaults();
    test_ranges();
    test_messages();
    test_clamp();
    test_json();
    printf("options: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
