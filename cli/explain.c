/* explain.c -- `ccm explain FILE [--cc NAME | --stack PATH] [--counter K]
 * [--json]`: each counter of each cost centre, or of one cost-centre stack,
 * broken down by the node and rule that charged it (docs/audit.md).  The
 * groups come from observe.c; they add up to the report's counters (the
 * stack's individual counters), or nothing is printed. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "observe.h"
#include "stackpath.h"
#include "stacktree.h"

/* The order a breakdown is listed in: largest count first, then by
 * position in the source, then by rule. */
static const struct ccm_session *sort_session;

static int by_count(const void *x, const void *y)
{
    const struct charge *a = x, *b = y;
    if (a->count != b->count) return a->count > b->count ? -1 : 1;
    struct ast_pos pa = observe_pos(sort_session, a->node), pb = observe_pos(sort_session, b->node);
    if (pa.line != pb.line) return pa.line < pb.line ? -1 : 1;
    if (pa.col != pb.col) return pa.col < pb.col ? -1 : 1;
    if (a->rule != b->rule) return a->rule < b->rule ? -1 : 1;
    return a->thunk < b->thunk ? -1 : a->thunk > b->thunk;
}

/* Is cost centre cc listed?  As in the report: MAIN always, others when a
 * counter is non-zero. */
static int listed(const struct ccm_session *s, int32_t cc)
{
    if (cc == CCM_CC_MAIN) return 1;
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (ccm_session_cost(s, cc, k)) return 1;
    return 0;
}

/* What a V or U line adds: the variable, and for a thunk its cost centre
 * (by_stack: the stack it was built under). */
static void entered_text(const struct ccm_session *s, const struct charge *c, int by_stack, char *buf, size_t cap)
{
    const char *v = observe_var_name(s, c->node);
    buf[0] = '\0';
    if (!v || (c->counter != CCM_V && c->counter != CCM_U)) return;
    if (c->thunk < 0) { snprintf(buf, cap, "enters `%s`, a value", v); return; }
    int n = snprintf(buf, cap, "%s `%s`, a thunk built %s ", c->counter == CCM_U ? "updates" : "enters", v,
                     by_stack ? "under" : "in");
    if (n < 0 || (size_t)n >= cap) return;
    if (by_stack) ccm_session_stack_path(s, c->thunk, "/", buf + n, cap - (size_t)n);
    else snprintf(buf + n, cap - (size_t)n, "%s", ccm_session_cc_name(s, c->thunk_cc));
}

static void print_group(FILE *out, const struct ccm_session *s, const char *file, const struct charge *c,
                        int by_stack, int json, int first)
{
    char at[1100], src[128], why[1200];
    observe_where(s, file, c->node, at, sizeof at, src, sizeof src);
    if (!json) {
        entered_text(s, c, by_stack, why, sizeof why);
        fprintf(out, "    %10" PRIu64 "  %-7s %-24s %s%s%s\n", c->count, ccm_rule_name(c->rule), at, src,
                why[0] ? "   -- " : "", why);
        return;
    }
    fprintf(out, "%s{\"count\":%" PRIu64 ",\"rule\":\"%s\",\"at\":", first ? "" : ",", c->count,
            ccm_rule_name(c->rule));
    json_put_string(out, at);
    fputs(",\"source\":", out);
    json_put_string(out, src);
    const char *v = observe_var_name(s, c->node);
    if (v && (c->counter == CCM_V || c->counter == CCM_U)) {
        fputs(",\"variable\":", out);
        json_put_string(out, v);
        fputs(",\"thunk_cc\":", out);
        if (c->thunk_cc >= 0) json_put_string(out, ccm_session_cc_name(s, c->thunk_cc));
        else fputs("null", out);
        if (by_stack) {
            fputs(",\"thunk_stack\":", out);
            if (c->thunk >= 0) json_stack_names(out, s, c->thunk);
            else fputs("null", out);
        }
    }
    fputc('}', out);
}

/* Counter k of one group key (a stack; in the per-cost-centre
 * observation, observe_by_top's, a cost centre): its total, then its
 * groups.  JSON: `"K":[groups]` after sep. */
static void print_counter(FILE *out, const struct ccm_session *s, const char *file, const struct observation *o,
                          int32_t key, int k, uint64_t total, int by_stack, int json, const char *sep)
{
    if (json) fprintf(out, "%s\"%s\":[", sep, observe_counter_names[k]);
    else if (total) fprintf(out, "  %s %" PRIu64 "\n", observe_counter_names[k], total);
    int first = 1;
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].stack == key && o->v[i].counter == k) {
            print_group(out, s, file, &o->v[i], by_stack, json, first);
            first = 0;
        }
    if (json) fputc(']', out);
}

static void print_breakdown(FILE *out, const struct ccm_session *s, const char *file,
                            const struct observation *o, int32_t only_cc, int only_k, int json)
{
    int first_cc = 1;
    if (json) fputs(",\"costs\":{", out);
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) {
        if (only_cc >= 0 ? cc != only_cc : !listed(s, cc)) continue;
        if (json) {
            if (!first_cc) fputc(',', out);
            json_put_string(out, ccm_session_cc_name(s, cc));
            fputc(':', out);
        } else fprintf(out, "%scost centre %s\n", first_cc ? "" : "\n", ccm_session_cc_name(s, cc));
        first_cc = 0;
        int first_k = 1;
        for (int k = 0; k < CCM_NCOUNTERS; k++) {
            if (only_k >= 0 && k != only_k) continue;
            print_counter(out, s, file, o, cc, k, ccm_session_cost(s, cc, k), 0, json, first_k ? "{" : ",");
            first_k = 0;
        }
        if (json) fputs(first_k ? "{}" : "}", out);
    }
    if (json) fputc('}', out);
}

/* The breakdown of one stack: its individual counters (each non-zero one,
 * or only_k), each with the groups charged while it was the current stack. */
static void print_stack_breakdown(FILE *out, const struct ccm_session *s, const char *file,
                                  const struct observation *o, int32_t stack, int only_k, int json)
{
    if (json) {
        fputs(",\"stack\":", out);
        json_stack_names(out, s, stack);
        fputs(",\"stack_costs\":{", out);
    } else {
        char *p = stack_path_text(s, stack, "/");
        fprintf(out, "stack %s\n", p ? p : "(out of memory)");
        free(p);
    }
    int first_k = 1;
    for (int k = 0; k < CCM_NCOUNTERS; k++) {
        if (only_k >= 0 && k != only_k) continue;
        print_counter(out, s, file, o, stack, k, ccm_session_stack_cost(s, stack, k), 1, json, first_k ? "" : ",");
        first_k = 0;
    }
    if (json) fputc('}', out);
}

/* Do the groups of `stack` add up to its individual counters?  (They do
 * whenever the observation is complete; checked again here, as the flat
 * breakdown is, so that a breakdown that would not add up is never shown.) */
static int stack_adds_up(const struct ccm_session *s, const struct observation *o, int32_t stack)
{
    uint64_t sum[CCM_NCOUNTERS] = { 0 };
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].stack == stack) sum[o->v[i].counter] += o->v[i].count;
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (sum[k] != ccm_session_stack_cost(s, stack, k)) return 0;
    return 1;
}

int cmd_explain(const char *file, const struct ccm_options *opt,
                const char *cc_name, const char *counter, const char *stack_path, int json)
{
    int only_k = -1;
    char err[1100];
    if (counter) {
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            if (strcmp(counter, observe_counter_names[k]) == 0) only_k = k;
        if (only_k < 0) {
            fprintf(stderr, "ccm: --counter takes A, C, V, U, H, P, entries or subentries, not `%s`\n", counter);
            return 2;
        }
    }
    if (stack_path && stack_path_check(stack_path, err, sizeof err) != 0) {
        fprintf(stderr, "ccm: %s\n", err);
        return 2;
    }
    struct ccm_session *s = ccm_session_from_file(file, opt, err, sizeof err);
    if (!s) { fprintf(stderr, "%s\n", err); return 2; }
    int32_t only_cc = -1;
    if (cc_name && (only_cc = ccm_session_cc_find(s, cc_name)) < 0) {
        fprintf(stderr, "ccm: the program has no cost centre `%s`\n", cc_name);
        ccm_session_free(s);
        return 2;
    }
    struct observation o, by_top = { 0 };
    int st = observe_run(s, &o);
    int ok = st >= 0 && o.complete;
    /* the stack exists once the run has made it: looked up after the run */
    int32_t stack = -1, nearest = -1;
    if (ok && stack_path && (stack = stack_path_find(s, stack_path, &nearest)) < 0) {
        char msg[4096];
        stack_path_not_found(s, stack_path, stack, nearest, msg, sizeof msg);
        fprintf(stderr, "ccm: %s\n", msg);
        observe_free(&o);
        ccm_session_free(s);
        return stack == -3 ? 3 : 2;
    }
    if (ok && stack >= 0) ok = stack_adds_up(s, &o, stack);
    if (ok && stack < 0 && observe_by_top(&o, &by_top) != 0) st = -1, ok = 0;
    if (!ok) {
        fprintf(stderr, "ccm: %s\n", st < 0 ? "out of memory while explaining"
                                            : "internal error: the breakdown does not add up to the counters");
        observe_free(&o);
        ccm_session_free(s);
        return st < 0 ? 3 : 1;
    }
    /* the per-cost-centre view sums each group over the stacks with one top */
    struct observation *shown = stack >= 0 ? &o : &by_top;
    const char *where = strcmp(file, "-") == 0 ? "<stdin>" : file;   /* as diagnostics name it */
    sort_session = s;
    qsort(shown->v, shown->n, sizeof *shown->v, by_count);
    FILE *out = stdout;
    char buf[512];
    if (json) {
        /* the report's own members, then the breakdown in place of its costs */
        fputs("{\"report\":", out);
        report_json(out, s, st);
        if (stack >= 0) print_stack_breakdown(out, s, where, shown, stack, only_k, 1);
        else print_breakdown(out, s, where, shown, only_cc, only_k, 1);
        fputs("}\n", out);
    } else {
        report_table(out, file, s, st);
        fputc('\n', out);
        if (stack >= 0) print_stack_breakdown(out, s, where, shown, stack, only_k, 0);
        else print_breakdown(out, s, where, shown, only_cc, only_k, 0);
    }
    if (st != CCM_VALUE)
        fprintf(stderr, "ccm: %s: %s\n", ccm_error_kind(st), ccm_session_error_message(s, st, buf, sizeof buf));
    observe_free(&o);
    observe_free(&by_top);
    ccm_session_free(s);
    if (fflush(stdout) != 0) return 2;
    return ccm_exit_status(st);
}
