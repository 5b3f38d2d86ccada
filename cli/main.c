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
#include "../front/front.h"

static const char usage_text[] =
    "usage: ccm run   [options] FILE    evaluate main, print the cost report\n"
    "       ccm trace [options] FILE    the same, printing every transition\n"
    "       ccm core  [--json] FILE     print the desugared core program (--json: as JSON core)\n"
    "       ccm batch                   JSON lines in (requests), one JSON report line out each\n"
    "       ccm compare FILE [--json]   the four configurations side by side\n"
    "       ccm version [--json]        the version; is the kernel the proven one?\n"
    "FILE may be - for standard input.  Options:\n"
    "  --rules fig6|fig2           CAF-aware SUBCAF rules (default) or the original SUB rules\n"
    "  --scoping lexical|evaluation   the BOX of the application rule (default lexical)\n"
    "  --json                      the report (and trace lines) as JSON\n"
    "  --input text|json           FILE is program text (default) or JSON core (docs/core-json.md)\n"
    "  --rule-counts               (run) also the number of transitions per rule\n"
    "  --max-steps N               allow at most N transitions (default 1000000000)\n"
    "  --max-heap N                heap objects (default 16777216)\n"
    "  --max-cells N               environment cells (default 67108864)\n"
    "  --max-stack N               stack frames (default 1048576)\n"
    "  --order ltr|rtl             primitive operand order (default ltr; rtl for experiments)\n";

static int usage(const char *fmt, const char *arg)
{
    fputs("ccm: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    fputs(usage_text, stderr);
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
    int steps_zero;        /* --max-steps 0: the option struct reads 0 as "default" */
};

static int parse_args(int argc, char **argv, struct args *a)
{
    ccm_options_default(&a->opt);
    a->cmd = argv[1];
    int evaluating = strcmp(a->cmd, "run") == 0 || strcmp(a->cmd, "trace") == 0;
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
        if (!evaluating) return usage("`ccm core` takes only --json and --input, not `%s`", o);
        if (strcmp(o, "--rule-counts") == 0 && strcmp(a->cmd, "run") == 0) { a->rule_counts = 1; continue; }
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (!v) return usage("option `%s` needs a value", o);
        i++;
        if (strcmp(o, "--rules") == 0) {
            if (strcmp(v, "fig6") == 0) a->opt.rules = CCM_RULES_FIG6;
            else if (strcmp(v, "fig2") == 0) a->opt.rules = CCM_RULES_FIG2;
            else return usage("--rules takes fig6 or fig2, not `%s`", v);
        } else if (strcmp(o, "--scoping") == 0) {
            if (strcmp(v, "lexical") == 0) a->opt.scoping = CCM_LEXICAL;
            else if (strcmp(v, "evaluation") == 0) a->opt.scoping = CCM_EVALUATION;
            else return usage("--scoping takes lexical or evaluation, not `%s`", v);
        } else if (strcmp(o, "--order") == 0) {
            if (strcmp(v, "ltr") == 0) a->opt.order = CCM_LEFT_TO_RIGHT;
            else if (strcmp(v, "rtl") == 0) a->opt.order = CCM_RIGHT_TO_LEFT;
            else return usage("--order takes ltr or rtl, not `%s`", v);
        } else if (strcmp(o, "--max-steps") == 0) {
            if (number(v, 0, CCM_MAX_STEPS, &n)) return usage("--max-steps takes a number from 0 to 2^48, not `%s`", v);
            a->opt.max_steps = n;
            a->steps_zero = n == 0;
        } else if (strcmp(o, "--max-heap") == 0) {
            if (number(v, 1, CCM_MAX_CAP, &n)) return usage("--max-heap takes a number from 1 to 2^30, not `%s`", v);
            a->opt.max_heap = (int32_t)n;
        } else if (strcmp(o, "--max-cells") == 0) {
            if (number(v, 1, CCM_MAX_CAP, &n)) return usage("--max-cells takes a number from 1 to 2^30, not `%s`", v);
            a->opt.max_cells = (int32_t)n;
        } else if (strcmp(o, "--max-stack") == 0) {
            if (number(v, 1, CCM_MAX_CAP, &n)) return usage("--max-stack takes a number from 1 to 2^30, not `%s`", v);
            a->opt.max_stack = (int32_t)n;
        } else {
            return usage("unknown option `%s`", o);
        }
    }
    if (!a->file) return usage("%s: missing FILE", a->cmd);
    return 0;
}

static int cmd_core(const struct args *a)
{
    struct ast_program p;
    struct front_diag d;
    int rc = a->input_json ? front_read_json_program(a->file, &p, &d) : front_read_program(a->file, &p, &d);
    if (rc != 0) { fprintf(stderr, "%s\n", d.text); return 2; }
    if (a->json) rc = front_print_core_json(stdout, &p);
    else front_print_core(stdout, &p);
    ast_free(&p);
    if (rc != 0) fputs("ccm: core: out of memory writing JSON core\n", stderr);
    return fflush(stdout) == 0 && rc == 0 ? 0 : 2;
}

static int cmd_eval(const struct args *a, int trace)
{
    char err[1100];
    struct ccm_session *s = a->input_json ? ccm_session_from_json_file(a->file, &a->opt, err, sizeof err)
                                          : ccm_session_from_file(a->file, &a->opt, err, sizeof err);
    if (!s) { fprintf(stderr, "%s\n", err); return 2; }
    if (a->steps_zero) ccm_session_machine(s)->max_steps = 0;
    uint64_t counts[CCM_NRULES] = { 0 };
    int st = trace ? trace_run(stdout, s, a->json)
           : a->rule_counts ? ccm_session_run_counted(s, counts) : ccm_session_run(s);
    if (a->json) { report_json_counted(stdout, s, st, a->rule_counts ? counts : NULL); fputc('\n', stdout); }
    else {
        if (trace) fputc('\n', stdout);
        report_table(stdout, a->file, s, st);
        if (a->rule_counts) rulecount_table(stdout, counts);
    }
    if (st != CCM_VALUE) {
        char buf[512];
        fprintf(stderr, "ccm: %s: %s\n", ccm_error_kind(st), ccm_session_error_message(s, st, buf, sizeof buf));
    }
    ccm_session_free(s);
    if (fflush(stdout) != 0) return 2;
    return ccm_exit_status(st);
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage("%s", "missing command");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(usage_text, stdout);
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
        int json = 0;
        const char *file = NULL;
        for (int i = 2; i < argc; i++) {
            if (strcmp(argv[i], "--json") == 0) json = 1;
            else if (strncmp(argv[i], "--", 2) == 0) return usage("`ccm compare` takes only --json, not `%s`", argv[i]);
            else if (file) return usage("more than one FILE (`%s`)", argv[i]);
            else file = argv[i];
        }
        if (!file) return usage("%s", "`ccm compare` needs a FILE");
        return cmd_compare(file, json);
    }
    if (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "trace") != 0 && strcmp(argv[1], "core") != 0)
        return usage("unknown command `%s`", argv[1]);
    struct args a = { 0 };
    int rc = parse_args(argc, argv, &a);
    if (rc) return rc;
    if (strcmp(a.cmd, "core") == 0) return cmd_core(&a);
    return cmd_eval(&a, strcmp(a.cmd, "trace") == 0);
}
