/* eval_stacks_cli.c -- see eval_stacks_cli.h. */
#include "eval_stacks_cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "bigstep.h"
#include "eval_cli.h"
#include "stack_text.h"
#include "../front/front.h"
#include "../lib/options.h"

struct job { const char *path; struct bs_config cfg; int inherited, rc; };

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void *oom(void *p)
{
    if (!p) { fprintf(stderr, "eval-stacks: out of memory\n"); exit(3); }
    return p;
}

/* "WORD COUNTS STACK" for each stack with a non-zero count in c (n x
 * BS_NCOUNTERS), sorted by the stack's text: each line is built as
 * "STACK\tCOUNTS" for the sort. */
static void print_stacks(const struct bs *S, const char *word, const uint64_t *c,
                         struct stack_text *t)
{
    int32_t n = bs_nnodes(S), nl = 0;
    char **lines = oom(malloc((size_t)(n ? n : 1) * sizeof *lines));
    for (int32_t s = 0; s < n; s++) {
        const uint64_t *cs = &c[(size_t)s * BS_NCOUNTERS];
        uint64_t any = 0;
        for (int k = 0; k < BS_NCOUNTERS; k++) any |= cs[k];
        if (!any) continue;
        char counts[BS_NCOUNTERS * 21 + 1];
        int w = 0;
        for (int k = 0; k < BS_NCOUNTERS; k++)
            w += snprintf(counts + w, sizeof counts - (size_t)w, " %" PRIu64, cs[k]);
        const char *path = stack_text(t, S, s);
        size_t len = strlen(path) + (size_t)w + 2;
        lines[nl] = oom(malloc(len));
        snprintf(lines[nl++], len, "%s\t%s", path, counts);
    }
    qsort(lines, (size_t)nl, sizeof *lines, by_text);
    for (int32_t i = 0; i < nl; i++) {
        char *tab = strchr(lines[i], '\t');
        *tab = 0;
        printf("%s%s %s\n", word, tab + 1, lines[i]);
        free(lines[i]);
    }
    free(lines);
}

static void *run(void *arg)
{
    struct job *j = arg;
    struct ast_program p;
    struct front_diag err;
    if (front_read_program(j->path, &p, &err) != 0) { fprintf(stderr, "%s\n", err.text); j->rc = 2; return NULL; }
    struct bs *S = bs_new();
    struct bs_result r = bs_eval_config(S, &p, &j->cfg);
    eval_print_outcome(S, r);
    if (r.status == BS_STACKS)
        fprintf(stderr, "%s: more than %" PRId32 " distinct stacks (--max-nodes)\n", j->path,
                j->cfg.max_nodes);
    struct stack_text t = { 0 };
    if (r.status == BS_VALUE) printf("returned_stack %s\n", stack_text(&t, S, r.stack));
    eval_print_costs(S, r);
    /* individual counts, then (--inherited) each node's summed into its
     * ancestors': a parent's number is below its children's */
    int32_t n = bs_nnodes(S);
    uint64_t *c = oom(calloc((size_t)(n ? n : 1) * BS_NCOUNTERS, sizeof *c));
    for (int32_t x = 0; x < n; x++)
        for (int k = 0; k < BS_NCOUNTERS; k++) c[(size_t)x * BS_NCOUNTERS + k] = bs_node_cost(S, x, k);
    print_stacks(S, "stack", c, &t);
    if (j->inherited) {
        for (int32_t x = n - 1; x >= 0; x--) {
            int32_t up = bs_node_parent(S, x);
            if (up >= 0)
                for (int k = 0; k < BS_NCOUNTERS; k++)
                    c[(size_t)up * BS_NCOUNTERS + k] += c[(size_t)x * BS_NCOUNTERS + k];
        }
        print_stacks(S, "inherited", c, &t);
    }
    free(c);
    free(t.buf);
    bs_free(S);
    ast_free(&p);
    j->rc = r.status == BS_VALUE ? 0 : 1;
    return NULL;
}

/* i-th of the names, or -1 */
static int pick(const char *v, const char *const *names, int n)
{
    for (int i = 0; v && i < n; i++)
        if (strcmp(v, names[i]) == 0) return i;
    return -1;
}

int eval_stacks_cli(int argc, char **argv)
{
    static const char *const stacks[] = { "flat", "ghc" };
    static const char *const push[] = { "single", "append", "ghc" };
    static const char *const call[] = { "lexical", "evaluation", "ghc" };
    struct job j = { NULL, { 0, BS_PUSH_SINGLE, BS_CALL_LEXICAL, 0, 1000000000ULL, 400000,
                             BS_MAX_NODES }, 0, 0 };
    struct ccm_options o;
    ccm_options_default(&o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int k;
        if (strcmp(a, "--stacks") == 0) {
            if ((k = pick(v, stacks, 2)) < 0) return -1;
            j.cfg.push = k ? BS_PUSH_GHC : BS_PUSH_SINGLE;
            j.cfg.call = k ? BS_CALL_GHC : BS_CALL_LEXICAL;
        } else if (strcmp(a, "--push") == 0) {
            if ((k = pick(v, push, 3)) < 0) return -1;
            j.cfg.push = k;
        } else if (strcmp(a, "--call") == 0) {
            if ((k = pick(v, call, 3)) < 0) return -1;
            j.cfg.call = k;
        } else if ((k = ccm_option_find(a)) == CCM_OPT_rules || k == CCM_OPT_order) {
            /* the rule set and operand order as the options table spells them */
            char err[160];
            if (!v || ccm_option_arg(&o, k, v, err, sizeof err) != 0) return -1;
        } else if (strcmp(a, "--max-nodes") == 0) {
            char *end;
            long m = v ? strtol(v, &end, 10) : 0;
            if (!v || *end || m < 1 || m > BS_MAX_NODES) return -1;
            j.cfg.max_nodes = (int32_t)m;
        } else if (strcmp(a, "--inherited") == 0) { j.inherited = 1; continue; }
        else if (a[0] != '-' && !j.path) { j.path = a; continue; }
        else return -1;
        i++;
    }
    if (!j.path) return -1;
    j.cfg.rules = o.rules == CCM_RULES_FIG2;
    j.cfg.rtl = o.order == CCM_RIGHT_TO_LEFT;
    on_big_stack(run, &j);
    return j.rc;
}
