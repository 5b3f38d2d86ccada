/* main.c -- the ccm command (docs/syntax-and-cli.md (command line)):
 *   ccm run [options] FILE | ccm trace [options] FILE | ccm core [--json] FILE
 * (--input json: FILE is JSON core, docs/core-json.md)
 * Exit: 0 value, 1 runtime error, 2 bad input or usage, 3 resource budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <inttypes.h>
#include "cli.h"
#include "profile.h"
#include "ccgraph.h"
#include "../front/front.h"

static int usage(const char *fmt, const char *arg)
{
    fputs("ccm: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    cli_usage(stderr);
    return 2;
}

/* A decimal number in [lo, hi]; 0 on success. */
static int number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s < '0' || *s > '9') return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

struct args {
    const char *cmd, *file;
    struct ccm_options opt;
    int json;
    int input_json;        /* --input json: FILE is JSON core */
    int rule_counts;       /* --rule-counts: the per-rule histogram too */
    struct prof_request prof;   /* --prof, --prof-json, --speedscope, --heap-profile (profile.h) */
    const char *cc, *counter;   /* explain: --cc, --counter */
    const char *stack;          /* explain: --stack PATH */
    const char *html;           /* annotate: --html OUT */
    const char *assert_file;    /* run: --assert FILE */
    int auto_cc;                /* --auto-cc MODE (enum front_auto_cc_mode) */
    const char *dot, *svg;      /* run: --dot FILE, --svg FILE (the cost-centre graph) */
    const char *resource;       /* run: --resource K, the counter the graph shows */
    uint64_t force_every;       /* states: --force-every K (0: no early forcing) */
};

/* The profile options of `ccm run`: 1 if o is one (its value taken), 0 if
 * not, 2 on a usage error (printed). */
static int profile_option(const char *o, const char *v, struct args *a, int *rc)
{
    int k = 0;
    while (k < PROF_NKINDS && strcmp(o, prof_option[k]) != 0) k++;
    if (k == PROF_NKINDS && strcmp(o, "--heap-interval") != 0 && strcmp(o, "--heap-by") != 0) return 0;
    if (strcmp(a->cmd, "run") != 0) { *rc = usage("`%s` is an option of `ccm run` only", o); return 2; }
    if (!v || !*v) { *rc = usage("option `%s` needs a value", o); return 2; }
    if (k < PROF_NKINDS) { a->prof.path[k] = v; return 1; }
    if (strcmp(o, "--heap-by") == 0) {
        if (strcmp(v, "cc") == 0) a->prof.heap_by = HEAP_BY_CC;
        else if (strcmp(v, "stack") == 0) a->prof.heap_by = HEAP_BY_STACK;
        else { *rc = usage("--heap-by takes cc or stack, not `%s`", v); return 2; }
        return 1;
    }
    uint64_t n;
    if (number(v, 1, CCM_MAX_STEPS, &n)) { *rc = usage("--heap-interval takes a number from 1 to 2^48, not `%s`", v); return 2; }
    a->prof.heap_interval = n;
    return 1;
}

static int parse_args(int argc, char **argv, struct args *a)
{
    ccm_options_default(&a->opt);
    a->cmd = argv[1];
    int evaluating = strcmp(a->cmd, "run") == 0 || strcmp(a->cmd, "trace") == 0 || strcmp(a->cmd, "states") == 0
                     || strcmp(a->cmd, "explain") == 0 || strcmp(a->cmd, "annotate") == 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i];
        if (strncmp(o, "--", 2) != 0 || strcmp(o, "-") == 0) {
            if (a->file) return usage("more than one FILE (`%s`)", o);
            a->file = o;
            continue;
        }
        if (strcmp(o, "--json") == 0) { a->json = 1; continue; }
        if (strcmp(o, "--input") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL;
            if (!v) return usage("option `%s` needs a value", o);
            if (strcmp(v, "json") == 0) a->input_json = 1;
            else if (strcmp(v, "text") != 0) return usage("--input takes text or json, not `%s`", v);
            continue;
        }
        if (strcmp(o, "--auto-cc") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL;
            if (!v) return usage("option `%s` needs a value", o);
            if ((a->auto_cc = front_auto_cc_mode(v)) < 0)
                return usage("--auto-cc takes none, top, all or calls, not `%s`", v);
            continue;
        }
        if (!evaluating) return usage("`ccm core` takes only --json, --input and --auto-cc, not `%s`", o);
        if (strcmp(o, "--rule-counts") == 0 && strcmp(a->cmd, "run") == 0) { a->rule_counts = 1; continue; }
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        int k, rc = 0, taken = profile_option(o, v, a, &rc);
        if (taken == 2) return rc;
        if (taken) { i++; continue; }
        if ((strcmp(o, "--dot") == 0 || strcmp(o, "--svg") == 0 || strcmp(o, "--resource") == 0)
            && strcmp(a->cmd, "run") != 0)
            return usage("`%s` is an option of `ccm run` and `ccm bottleneck` only", o);
        if (!v) return usage("option `%s` needs a value", o);
        i++;
        if (strcmp(o, "--cc") == 0 && strcmp(a->cmd, "explain") == 0) a->cc = v;
        else if (strcmp(o, "--counter") == 0 && strcmp(a->cmd, "explain") == 0) a->counter = v;
        else if (strcmp(o, "--stack") == 0 && strcmp(a->cmd, "explain") == 0) a->stack = v;
        else if (strcmp(o, "--html") == 0 && strcmp(a->cmd, "annotate") == 0) a->html = v;
        else if (strcmp(o, "--assert") == 0 && strcmp(a->cmd, "run") == 0) a->assert_file = v;
        else if (strcmp(o, "--stacks") == 0) {
            /* the named settings of docs/stacks.md: flat is push single
             * (the call policy stays --scoping's); ghc is push ghc with the
             * ghc call policy */
            if (strcmp(v, "ghc") == 0) {
                ccm_option_set(&a->opt, CCM_OPT_push, CCM_PUSH_GHC);
                ccm_option_set(&a->opt, CCM_OPT_scoping, CCM_CALL_GHC);
            }
            else if (strcmp(v, "flat") == 0) ccm_option_set(&a->opt, CCM_OPT_push, CCM_PUSH_SINGLE);
            else return usage("--stacks takes flat or ghc, not `%s`", v);
        }
        else if (strcmp(o, "--force-every") == 0 && strcmp(a->cmd, "states") == 0) {
            if (number(v, 0, CCM_MAX_STEPS, &n)) return usage("--force-every takes a number from 0 to 2^48, not `%s`", v);
            a->force_every = n;
        }
        else if (strcmp(o, "--dot") == 0 && strcmp(a->cmd, "run") == 0) a->dot = v;
        else if (strcmp(o, "--svg") == 0 && strcmp(a->cmd, "run") == 0) a->svg = v;
        else if (strcmp(o, "--resource") == 0 && strcmp(a->cmd, "run") == 0) {
            if (ccgraph_resource(v) < 0) return usage("--resource takes A, C, V, U, H, P or steps, not `%s`", v);
            a->resource = v;
        }
        /* two other names: --call for the call policy, which --scoping
         * chooses, and --max-stacks for the stack table's budget, which
         * --max-nodes sets (docs/stacks.md) */
        else if ((k = strcmp(o, "--call") == 0 ? CCM_OPT_scoping
                      : strcmp(o, "--max-stacks") == 0 ? CCM_OPT_max_nodes : ccm_option_find(o)) >= 0) {
            char msg[200];          /* lib/options.c: the table's range, in its words */
            if (ccm_option_arg(&a->opt, k, v, msg, sizeof msg) != 0) return usage("%s", msg);
        } else {
            return usage("unknown option `%s`", o);
        }
    }
    if (!a->file) return usage("%s: missing FILE", a->cmd);
    if ((a->opt.push != CCM_PUSH_SINGLE || a->opt.scoping == CCM_CALL_GHC) && strcmp(a->cmd, "annotate") == 0)
        return usage("%s", "`ccm annotate` shows the flat machine only: --push append and ghc and --call ghc are for run, "
                     "trace, states and explain");
    if (a->cc && a->stack)
        return usage("%s", "--cc and --stack do not combine: a stack's cost centre is its last name");
    if (a->prof.heap_interval && !a->prof.path[PROF_HEAP])
        return usage("%s", "--heap-interval needs --heap-profile FILE");
    if (a->prof.heap_by && !a->prof.path[PROF_HEAP]) return usage("%s", "--heap-by needs --heap-profile FILE");
    if (a->prof.heap_by == HEAP_BY_STACK && a->opt.push == CCM_PUSH_SINGLE)
        return usage("%s", "--heap-by stack needs --push append or ghc: a flat run's stacks are its cost centres "
                     "(--heap-by cc)");
    if (a->assert_file && a->rule_counts) return usage("%s", "--assert and --rule-counts do not combine (run twice)");
    if (a->assert_file && prof_any(&a->prof)) return usage("%s", "--assert and the profile options do not combine (run twice)");
    if (a->auto_cc && (strcmp(a->cmd, "explain") == 0 || strcmp(a->cmd, "annotate") == 0))
        return usage("`ccm %s` lists the program as written: it has no --auto-cc (`ccm run --auto-cc` has)", a->cmd);
    if (a->resource && !a->dot && !a->svg) return usage("%s", "--resource chooses what --dot/--svg draw: give one of them");
    if ((a->dot || a->svg) && (a->assert_file || a->rule_counts || prof_any(&a->prof)))
        return usage("%s", "--dot/--svg do not combine with --assert, --rule-counts or the profile options (run twice)");
    return 0;
}

static int cmd_core(const struct args *a)
{
    struct ast_program p;
    struct front_diag d;
    int rc = a->input_json ? front_read_json_program(a->file, &p, &d) : front_read_program(a->file, &p, &d);
    if (rc == 0) rc = front_auto_cc(&p, a->auto_cc, NULL, 0, a->file, &d);
    if (rc != 0) { fprintf(stderr, "%s\n", d.text); return 2; }
    if (a->json) rc = front_print_core_json(stdout, &p);
    else front_print_core(stdout, &p);
    ast_free(&p);
    if (rc != 0) fputs("ccm: core: out of memory writing JSON core\n", stderr);
    return fflush(stdout) == 0 && rc == 0 ? 0 : 2;
}

/* The session of `ccm run` and `ccm trace`: the program as written, or
 * with the automatic cost centres of --auto-cc.  NULL with err set. */
static struct ccm_session *load(const struct args *a, char *err, size_t cap)
{
    if (!a->auto_cc)
        return a->input_json ? ccm_session_from_json_file(a->file, &a->opt, err, cap)
                             : ccm_session_from_file(a->file, &a->opt, err, cap);
    struct ast_program p;
    struct front_diag d;
    int rc = a->input_json ? front_read_json_program(a->file, &p, &d) : front_read_program(a->file, &p, &d);
    if (rc == 0 && front_auto_cc(&p, a->auto_cc, NULL, 0, a->file, &d) != 0) { ast_free(&p); rc = -1; }
    if (rc != 0) { snprintf(err, cap, "%s", d.text); return NULL; }
    return ccm_session_from_program(&p, a->file, &a->opt, err, cap);
}

/* trace and states show heap addresses transition by transition, and a
 * collection renames them between two lines: so these two run without the
 * collector unless --gc on asks for it (their costs are the same either
 * way). */
static void gc_off_unless_given(struct args *a)
{
    if (!(a->opt.given & (1u << CCM_OPT_gc))) a->opt.gc = CCM_GC_OFF;
}

/* `ccm states`: the states, then the exit status of `ccm run` (no report:
 * the last line says why the run stopped). */
static int cmd_states(struct args *a)
{
    char err[1100];
    if (a->json) return usage("%s", "`ccm states` prints JSON lines always: it has no --json");
    gc_off_unless_given(a);
    struct ccm_session *s = load(a, err, sizeof err);
    if (!s) { fprintf(stderr, "%s\n", err); return 2; }
    int st = states_run(stdout, s, a->force_every);
    ccm_session_free(s);
    if (fflush(stdout) != 0) return 2;
    return ccm_exit_status(st);
}

static int cmd_eval(struct args *a, int trace)
{
    char err[1100];
    int rc;
    if (trace) gc_off_unless_given(a);
    struct ccm_session *s = load(a, err, sizeof err);
    if (!s) { fprintf(stderr, "%s\n", err); return 2; }
    int profiling = prof_any(&a->prof);
    if (profiling && prof_open(&a->prof, err, sizeof err) != 0) {
        ccm_session_free(s);
        fprintf(stderr, "ccm: %s\n", err);     /* a file, not the command line: no usage text */
        return 2;
    }
    uint64_t counts_array[CCM_NRULES] = { 0 };
    uint64_t *counts = a->rule_counts ? counts_array : NULL;   /* NULL: not counted */
    if (a->assert_file) {
        rc = assert_run(stdout, a->assert_file, a->file, s, a->json);
        ccm_session_free(s);
        return rc;
    }
    struct ccgraph graph = { 0 };
    int drawing = a->dot || a->svg;
    if (drawing && ccgraph_init(&graph, s) != 0) {
        ccm_session_free(s);
        fputs("ccm: out of memory for the cost-centre graph\n", stderr);
        return 2;
    }
    int st = trace ? trace_run(stdout, s, a->json)
           : profiling ? prof_run(s, &a->prof, counts)
           : drawing ? ccgraph_run(&graph, s)
           : ccm_session_run_counted(s, counts);
    if (a->json) { report_json_counted(stdout, s, st, counts); fputc('\n', stdout); }
    else {
        if (trace) fputc('\n', stdout);
        report_table(stdout, a->file, s, st);
        if (counts) rulecount_table(stdout, counts);
    }
    if (st != CCM_VALUE) {
        char buf[512];
        fprintf(stderr, "ccm: %s: %s\n", ccm_error_kind(st), ccm_session_error_message(s, st, buf, sizeof buf));
    }
    /* after the report: files on standard output follow it */
    int written = profiling ? prof_finish(s, &a->prof, a->file) : 0;
    if (drawing) {
        written = ccgraph_write(&graph, s, ccgraph_resource(a->resource ? a->resource : "steps"),
                                a->file, a->dot, a->svg);
        ccgraph_free(&graph);
    }
    ccm_session_free(s);
    if (fflush(stdout) != 0 || written != 0) return 2;
    return ccm_exit_status(st);
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage("%s", "missing command");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        cli_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "batch") == 0) {
        if (argc == 2) return cmd_batch(stdin, stdout);
        return usage("`ccm batch` takes no argument (requests come on standard input), not `%s`", argv[2]);
    }
    if (strcmp(argv[1], "version") == 0) {
        if (argc == 2 || (argc == 3 && strcmp(argv[2], "--json") == 0)) return cmd_version(stdout, argc == 3);
        return usage("`ccm version` takes only `--json`, not `%s`", argv[2]);
    }
    if (strcmp(argv[1], "compare") == 0) {
        int json = 0, stacks = 0;
        const char *file = NULL;
        for (int i = 2; i < argc; i++) {
            if (strcmp(argv[i], "--json") == 0) json = 1;
            else if (strcmp(argv[i], "--stacks") == 0) stacks = 1;
            else if (strncmp(argv[i], "--", 2) == 0)
                return usage("`ccm compare` takes only --stacks and --json, not `%s`", argv[i]);
            else if (file) return usage("more than one FILE (`%s`)", argv[i]);
            else file = argv[i];
        }
        if (!file) return usage("%s", "`ccm compare` needs a FILE");
        return cmd_compare(file, json, stacks);
    }
    if (strcmp(argv[1], "options") == 0) {
        int known = argc > 2 && (strcmp(argv[2], "--json") == 0 || strcmp(argv[2], "--markdown") == 0);
        if (argc == 2 || (argc == 3 && known)) return cmd_options(stdout, argc == 3 ? argv[2] : NULL);
        return usage("`ccm options` takes one of `--json` or `--markdown`, not `%s`", argv[known ? 3 : 2]);
    }
    if (strcmp(argv[1], "bottleneck") == 0) return cmd_bottleneck(argc - 2, argv + 2);
    if (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "trace") != 0 && strcmp(argv[1], "core") != 0
        && strcmp(argv[1], "states") != 0
        && strcmp(argv[1], "explain") != 0 && strcmp(argv[1], "annotate") != 0)
        return usage("unknown command `%s`", argv[1]);
    struct args a = { 0 };
    int rc = parse_args(argc, argv, &a);
    if (rc) return rc;
    if (strcmp(a.cmd, "core") == 0) return cmd_core(&a);
    if ((strcmp(a.cmd, "explain") == 0 || strcmp(a.cmd, "annotate") == 0) && a.input_json)
        return usage("`ccm %s` reads program text only: its listing quotes the source (`ccm core --input json FILE` turns JSON core into text)", a.cmd);
    if (strcmp(a.cmd, "explain") == 0)
        return cmd_explain(a.file, &a.opt, a.cc, a.counter, a.stack, a.json);
    if (strcmp(a.cmd, "annotate") == 0) {
        if (a.json) return usage("%s", "`ccm annotate` has no --json (ccm explain --json gives the same data)");
        return cmd_annotate(a.file, &a.opt, a.html);
    }
    if (strcmp(a.cmd, "states") == 0) return cmd_states(&a);
    return cmd_eval(&a, strcmp(a.cmd, "trace") == 0);
}
