/* report.c -- the cost report: Fig. 3 style table, or docs/syntax-and-cli.md's JSON.
 * A cost centre is listed if any of its counters is non-zero; MAIN always. */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "cli.h"
#include "stackpath.h"
#include "stacktree.h"

static const char *const counter_names[CCM_NCOUNTERS] = {
    "A", "C", "V", "U", "H", "P", "entries", "subentries"
};

static int listed(const struct ccm_session *s, int32_t cc)
{
    if (cc == CCM_CC_MAIN) return 1;
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (ccm_session_cost(s, cc, k)) return 1;
    return 0;
}

/* The costs the share is of: A+C+V+U+H+P (entries are counts, not costs). */
static uint64_t counted(const struct ccm_session *s, int32_t cc)
{
    uint64_t sum = 0;
    for (int k = CCM_A; k <= CCM_P; k++) sum += ccm_session_cost(s, cc, k);
    return sum;
}

const char *option_value(const struct ccm_options *o, int k, int words)
{
    return ccm_option_value_name(k, ccm_option_get(o, k), words);
}

/* Is option k echoed in the report's configuration?  Every named option,
 * but push only when it keeps stacks (a flat run's report is the one it
 * was before stacks existed), and never gc: the report is the same with
 * and without the collector. */
static int echoed(const struct ccm_options *o, int k)
{
    return ccm_option_info(k)->kind == CCM_OPTION_ENUM && (k != CCM_OPT_push || o->push != CCM_PUSH_SINGLE)
           && k != CCM_OPT_gc;
}

/* A stack's names, root first, as a JSON array (cli.h). */
void json_stack_names(FILE *out, const struct ccm_session *s, int32_t node)
{
    int32_t d;
    int32_t *ccs = stack_ccs(s, node, &d);
    if (!ccs) { fputs("null", out); return; }
    fputc('[', out);
    for (int32_t i = 0; i < d; i++) {
        if (i) fputc(',', out);
        json_put_string(out, ccm_session_cc_name(s, ccs[i]));
    }
    fputc(']', out);
    free(ccs);
}

/* "stacks": every node of the stack table, its parent (null for a root),
 * its top cost centre and its own counters. */
static void json_stacks(FILE *out, const struct ccm_session *s)
{
    fputs(",\"stacks\":[", out);
    for (int32_t i = 0; i < ccm_session_nstacks(s); i++) {
        int32_t p = ccm_session_stack_parent(s, i);
        fprintf(out, "%s{\"id\":%" PRId32 ",\"parent\":", i ? "," : "", i);
        if (p < 0) fputs("null", out);
        else fprintf(out, "%" PRId32, p);
        fputs(",\"cc\":", out);
        json_put_string(out, ccm_session_cc_name(s, ccm_session_stack_cc(s, i)));
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            fprintf(out, ",\"%s\":%" PRIu64, counter_names[k], ccm_session_stack_cost(s, i, k));
        fputc('}', out);
    }
    fputc(']', out);
}

void report_json(FILE *out, struct ccm_session *s, int status) { report_json_counted(out, s, status, NULL); }

void report_json_counted(FILE *out, struct ccm_session *s, int status, const uint64_t *rule_counts)
{
    struct ccm_machine *m = ccm_session_machine(s);
    const struct ccm_options *o = ccm_session_options(s);
    char buf[512];
    fputs("{\"outcome\":", out);
    if (status == CCM_VALUE) fputs("\"value\",\"error\":null,\"value\":", out);
    else {
        fputs(ccm_exit_status(status) == 3 ? "\"resource_error\"" : "\"runtime_error\"", out);
        fputs(",\"error\":{\"kind\":", out);
        json_put_string(out, ccm_error_kind(status));
        fputs(",\"message\":", out);
        json_put_string(out, ccm_session_error_message(s, status, buf, sizeof buf));
        fputs("},\"value\":", out);
    }
    if (status == CCM_VALUE) {
        json_put_string(out, ccm_session_value(s, buf, sizeof buf));
        fputs(",\"returned_cc\":", out);
        json_put_string(out, ccm_session_cc_name(s, ccm_session_current_cc(s)));
        if (stacks_shown(s)) { fputs(",\"returned_stack\":", out); json_stack_names(out, s, m->ccc); }
    } else {
        fputs("null,\"returned_cc\":null", out);
        if (stacks_shown(s)) fputs(",\"returned_stack\":null", out);
    }
    fprintf(out, ",\"steps\":%" PRIu64, m->steps);
    /* the configuration: every named option (the budgets are not echoed) */
    for (int k = 0; k < ccm_option_count(); k++)
        if (echoed(o, k))
            fprintf(out, ",\"%s\":\"%s\"", ccm_option_info(k)->key, option_value(o, k, 0));
    fputs(",\"costs\":{", out);
    int first = 1;
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) {
        if (!listed(s, cc)) continue;
        if (!first) fputc(',', out);
        first = 0;
        json_put_string(out, ccm_session_cc_name(s, cc));
        fputc(':', out);
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            fprintf(out, "%s\"%s\":%" PRIu64, k ? "," : "{", counter_names[k], ccm_session_cost(s, cc, k));
        fputc('}', out);
    }
    fputc('}', out);
    if (stacks_shown(s)) json_stacks(out, s);
    if (rule_counts) rulecount_json(out, rule_counts);
    fputc('}', out);
}

struct row { int32_t cc; uint64_t counted; const char *name; char shown[128]; };

/* A name as the table shows it: control bytes as \xNN (a name may hold any
 * byte but '"' and newline), cut at about 120 bytes. */
static void shown_name(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && n + 8 < cap; p++) {
        if (*p < 0x20 || *p == 0x7F) n += (size_t)snprintf(out + n, cap - n, "\\x%02X", *p);
        else out[n++] = (char)*p;
    }
    out[n] = '\0';
}

static int by_share(const void *x, const void *y)
{
    const struct row *a = x, *b = y;
    if (a->counted != b->counted) return a->counted > b->counted ? -1 : 1;
    return strcmp(a->name, b->name);
}

static void print_row(FILE *out, int width, const char *name, const uint64_t *c, uint64_t part, uint64_t total)
{
    fprintf(out, "%-*s %8" PRIu64 " %10" PRIu64, width, name, c[CCM_ENTRIES], c[CCM_SUBENTRIES]);
    for (int k = CCM_A; k <= CCM_P; k++) fprintf(out, " %8" PRIu64, c[k]);
    fprintf(out, " %6.1f%%\n", total ? 100.0 * (double)part / (double)total : 0.0);
}

/* The stack view (push append or ghc): one line per stack with something
 * charged at or below it, as GHC's .prof tree -- indented one space per
 * level under its parent -- with its individual counters and its share of
 * the counted costs, individual and inherited (itself and every stack
 * below it, docs/stacks.md section 6). */
#define STACK_INDENT 40

static void stack_view(FILE *out, const struct ccm_session *s, uint64_t total)
{
    struct stack_tree t;
    if (stack_tree_build(s, &t) != 0) { fprintf(out, "\n(out of memory for the stack view)\n"); return; }
    int width = 11;                                   /* "cost centre" */
    char shown[128];
    for (int32_t i = 0; i < t.n; i++) {
        shown_name(ccm_session_cc_name(s, ccm_session_stack_cc(s, t.node[i])), shown, sizeof shown);
        int len = (t.depth[i] <= STACK_INDENT ? t.depth[i] : STACK_INDENT + 12) + (int)strlen(shown);
        if (len > width) width = len > 60 ? 60 : len;
    }
    fprintf(out, "\ncost-centre stacks (push %s): individual counts, shares individual and inherited\n",
            option_value(ccm_session_options(s), CCM_OPT_push, 1));
    fprintf(out, "%-*s %8s %10s", width, "cost centre", "entries", "subentries");
    for (int k = CCM_A; k <= CCM_P; k++) fprintf(out, " %8s", counter_names[k]);
    fprintf(out, " %7s %7s\n", "indiv", "inherit");
    for (int32_t i = 0; i < t.n; i++) {
        int32_t node = t.node[i];
        char name[200];
        shown_name(ccm_session_cc_name(s, ccm_session_stack_cc(s, node)), shown, sizeof shown);
        /* one space per level, up to STACK_INDENT levels; deeper, the
         * depth in brackets (the view stays linear in the stacks) */
        if (t.depth[i] <= STACK_INDENT) snprintf(name, sizeof name, "%*s%s", t.depth[i], "", shown);
        else snprintf(name, sizeof name, "%*s[%d] %s", STACK_INDENT, "", (int)t.depth[i], shown);
        uint64_t own = 0, inh = 0;
        for (int k = CCM_A; k <= CCM_P; k++) {
            own += ccm_session_stack_cost(s, node, k);
            inh += t.inh[(size_t)node * CCM_NCOUNTERS + k];
        }
        fprintf(out, "%-*s %8" PRIu64 " %10" PRIu64, width, name, ccm_session_stack_cost(s, node, CCM_ENTRIES),
                ccm_session_stack_cost(s, node, CCM_SUBENTRIES));
        for (int k = CCM_A; k <= CCM_P; k++) fprintf(out, " %8" PRIu64, ccm_session_stack_cost(s, node, k));
        fprintf(out, " %6.1f%% %6.1f%%\n", total ? 100.0 * (double)own / (double)total : 0.0,
                total ? 100.0 * (double)inh / (double)total : 0.0);
    }
    stack_tree_free(&t);
}

void report_table(FILE *out, const char *program, struct ccm_session *s, int status)
{
    struct ccm_machine *m = ccm_session_machine(s);
    const struct ccm_options *o = ccm_session_options(s);
    char buf[512];
    fprintf(out, "program      %s\n", program);
    /* "rules        fig6   scoping lexical   order left-to-right" */
    for (int k = 0, first = 1; k < ccm_option_count(); k++)
        if (echoed(o, k)) {
            fprintf(out, first ? "%-12s %s" : "   %s %s", ccm_option_info(k)->key, option_value(o, k, 1));
            first = 0;
        }
    fputc('\n', out);
    if (status == CCM_VALUE) {
        fprintf(out, "outcome      value %s\n", ccm_session_value(s, buf, sizeof buf));
        fprintf(out, "returned cc  %s\n", ccm_session_cc_name(s, ccm_session_current_cc(s)));
        if (stacks_shown(s)) {
            char *path = stack_path_text(s, m->ccc, ",");
            fprintf(out, "returned stack <%s>\n", path ? path : "(out of memory)");
            free(path);
        }
    } else {
        fprintf(out, "outcome      %s: %s\n", ccm_exit_status(status) == 3 ? "resource error" : "runtime error",
                ccm_error_kind(status));
        fprintf(out, "error        %s\n", ccm_session_error_message(s, status, buf, sizeof buf));
    }
    fprintf(out, "steps        %" PRIu64 "\n\n", m->steps);

    int32_t ncc = ccm_session_ncc(s), nrows = 0;
    struct row *rows = calloc((size_t)ncc, sizeof *rows);
    if (!rows) { fprintf(out, "(out of memory)\n"); return; }
    int width = 11;                                   /* "cost centre" */
    uint64_t total = 0, sums[CCM_NCOUNTERS] = { 0 };
    for (int32_t cc = 0; cc < ncc; cc++) {
        if (!listed(s, cc)) continue;
        rows[nrows].cc = cc;
        rows[nrows].counted = counted(s, cc);
        rows[nrows].name = ccm_session_cc_name(s, cc);
        shown_name(rows[nrows].name, rows[nrows].shown, sizeof rows[nrows].shown);
        int len = (int)strlen(rows[nrows].shown);
        if (len > width) width = len > 60 ? 60 : len;
        total += rows[nrows].counted;
        for (int k = 0; k < CCM_NCOUNTERS; k++) sums[k] += ccm_session_cost(s, cc, k);
        nrows++;
    }
    qsort(rows, (size_t)nrows, sizeof *rows, by_share);
    fprintf(out, "%-*s %8s %10s", width, "cost centre", "entries", "subentries");
    for (int k = CCM_A; k <= CCM_P; k++) fprintf(out, " %8s", counter_names[k]);
    fprintf(out, " %7s\n", "share");
    for (int32_t i = 0; i < nrows; i++) {
        uint64_t c[CCM_NCOUNTERS];
        for (int k = 0; k < CCM_NCOUNTERS; k++) c[k] = ccm_session_cost(s, rows[i].cc, k);
        print_row(out, width, rows[i].shown, c, rows[i].counted, total);
    }
    print_row(out, width, "total", sums, total, total);
    free(rows);
    if (stacks_shown(s)) stack_view(out, s, total);
}
