/* cli/compare.c -- `ccm compare FILE [--json]`: the program run under the
 * four configurations (fig6/fig2 x lexical/evaluation), one row per cost
 * centre and counter with the four values side by side, `*` where they
 * differ.  `ccm compare --stacks FILE [--json]`: under six stack
 * configurations (push append/ghc x call lexical/evaluation/ghc, rules
 * fig6), one row per stack (its names root first, joined by `/`) and counter,
 * stacks matched across the runs by those paths, 0 where a run lacks one.
 * Each run is an ordinary session; nothing here touches a cost. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "stackpath.h"
#include "../front/front.h"
#include "../kernel/ccm.h"

/* One configuration: the options a run changes from the defaults. */
struct cfg { int rules, scoping, push; };
/* How many configurations each mode runs; NMAX sizes the per-run arrays. */
enum { NPLAIN = 4, NSTACK = 6, NMAX = NSTACK };
_Static_assert(NPLAIN <= NMAX && NSTACK <= NMAX, "every mode fits the per-run arrays");
static const struct cfg plain_cfgs[NPLAIN] = {
    { CCM_RULES_FIG6, CCM_LEXICAL, CCM_PUSH_SINGLE }, { CCM_RULES_FIG6, CCM_EVALUATION, CCM_PUSH_SINGLE },
    { CCM_RULES_FIG2, CCM_LEXICAL, CCM_PUSH_SINGLE }, { CCM_RULES_FIG2, CCM_EVALUATION, CCM_PUSH_SINGLE },
};
/* Push single is left out: its stacks are the flat cost centres, which
 * plain compare shows.  The last is GHC's own scheme (--stacks ghc). */
static const struct cfg stack_cfgs[NSTACK] = {
    { CCM_RULES_FIG6, CCM_LEXICAL, CCM_PUSH_APPEND }, { CCM_RULES_FIG6, CCM_EVALUATION, CCM_PUSH_APPEND },
    { CCM_RULES_FIG6, CCM_CALL_GHC, CCM_PUSH_APPEND },
    { CCM_RULES_FIG6, CCM_LEXICAL, CCM_PUSH_GHC }, { CCM_RULES_FIG6, CCM_EVALUATION, CCM_PUSH_GHC },
    { CCM_RULES_FIG6, CCM_CALL_GHC, CCM_PUSH_GHC },
};
/* A mode: its configurations in column order; under --stacks they differ
 * in push (and the rows are stacks), otherwise in rules. */
struct mode { const struct cfg *cfgs; int n, stacks; };
static const struct mode plain_mode = { plain_cfgs, NPLAIN, 0 };
static const struct mode stack_mode = { stack_cfgs, NSTACK, 1 };

/* Configuration i's name from the names of the options table:
 * "fig6/lexical", or "append/lexical" under --stacks. */
static const char *cfg_name(const struct mode *m, int i, char *buf, size_t cap)
{
    const struct cfg *c = &m->cfgs[i];
    snprintf(buf, cap, "%s/%s",
             m->stacks ? ccm_option_value_name(CCM_OPT_push, c->push, 0)
                       : ccm_option_value_name(CCM_OPT_rules, c->rules, 0),
             ccm_option_value_name(CCM_OPT_scoping, c->scoping, 0));
    return buf;
}
/* A value column: as wide as the longest configuration name, so that the
 * header's names line up over the values. */
static int col_width(const struct mode *m)
{
    char name[64];
    int w = 0;
    for (int i = 0; i < m->n; i++) {
        int len = (int)strlen(cfg_name(m, i, name, sizeof name));
        if (len > w) w = len;
    }
    return w;
}
static const char *const ctr_names[CCM_NCOUNTERS] = { "A", "C", "V", "U", "H", "P", "entries", "subentries" };

/* The mode's runs; 2 (message given) when the program is refused, else 0
 * with *rc the exit status of the first run that did not end in a value. */
static int run_all(const char *file, const struct mode *m, struct ccm_session *s[NMAX], int *rc)
{
    char err[1100];
    *rc = 0;
    /* Standard input is read once, for all the runs. */
    size_t len = 0;
    char *text = NULL;
    if (strcmp(file, "-") == 0) {
        struct front_diag d;
        if (!(text = front_read_text(file, &len, &d))) { fprintf(stderr, "%s\n", d.text); return 2; }
    }
    for (int i = 0; i < m->n; i++) {
        struct ccm_options o;
        ccm_options_default(&o);
        o.rules = m->cfgs[i].rules;
        o.scoping = m->cfgs[i].scoping;
        o.push = m->cfgs[i].push;
        s[i] = text ? ccm_session_from_text("<stdin>", text, len, &o, err, sizeof err)
                    : ccm_session_from_file(file, &o, err, sizeof err);
        if (!s[i]) {
            fprintf(stderr, "%s\n", err);
            for (int j = 0; j < i; j++) ccm_session_free(s[j]);
            free(text);
            return 2;
        }
        int st = ccm_session_run(s[i]);
        if (st != CCM_VALUE && !*rc) *rc = ccm_exit_status(st);
    }
    free(text);
    return 0;
}

/* The header and the (run) steps row; in JSON the object up to its rows. */
static void put_head(int json, const struct mode *m, struct ccm_session *s[NMAX])
{
    char name[64];
    int w = col_width(m);
    if (json) {
        fputs("{\"configurations\":[", stdout);
        for (int i = 0; i < m->n; i++) printf("%s\"%s\"", i ? "," : "", cfg_name(m, i, name, sizeof name));
        fputs("],\"steps\":[", stdout);
    } else {
        printf("%-24s %-10s", m->stacks ? "stack" : "cost centre", "counter");
        for (int i = 0; i < m->n; i++) printf(" %*s", w, cfg_name(m, i, name, sizeof name));
        printf("\n%-24s %-10s", "(run)", "steps");
    }
    uint64_t steps[NMAX];
    int sd = 0;
    for (int i = 0; i < m->n; i++) {
        steps[i] = ccm_session_machine(s[i])->steps;
        if (steps[i] != steps[0]) sd = 1;
        if (json) printf("%s%" PRIu64, i ? "," : "", steps[i]);
        else printf(" %*" PRIu64, w, steps[i]);
    }
    if (json) fputs("],\"rows\":[", stdout);
    else printf("%s\n", sd ? "  *" : "");
}

/* One row, unless all its values are zero; returns whether it printed.
 * The JSON member naming the row is "cc", or "stack" under --stacks. */
static int put_row(int json, int first, const struct mode *m, const char *label, int k, const uint64_t v[NMAX])
{
    int any = 0, differ = 0;
    for (int i = 0; i < m->n; i++) {
        any |= v[i] != 0;
        differ |= v[i] != v[0];
    }
    if (!any) return 0;                          /* zero in every run: no row */
    if (json) {
        printf("%s{\"%s\":", first ? "" : ",", m->stacks ? "stack" : "cc");
        json_put_string(stdout, label);
        printf(",\"counter\":\"%s\",\"values\":[", ctr_names[k]);
        for (int i = 0; i < m->n; i++) printf("%s%" PRIu64, i ? "," : "", v[i]);
        printf("],\"differ\":%s}", differ ? "true" : "false");
    } else {
        int w = col_width(m);
        printf("%-24s %-10s", label, ctr_names[k]);
        for (int i = 0; i < m->n; i++) printf(" %*" PRIu64, w, v[i]);
        printf("%s\n", differ ? "  *" : "");
    }
    return 1;
}

static int put_tail(int json, const struct mode *m, struct ccm_session *s[NMAX], int rc)
{
    if (json) fputs("]}\n", stdout);
    for (int i = 0; i < m->n; i++) ccm_session_free(s[i]);
    if (fflush(stdout) != 0) return 2;
    return rc;
}

/* A stack of one run: its path, its cost centres root first (the same
 * numbers in every run: one program) and its node.  The runs' stacks
 * are matched by the cost centres, so that two stacks whose paths read
 * alike (a name with `/` in it) stay apart; the rows are in path order. */
struct named { char *path; int32_t *ccs; int32_t depth, node; };
static int by_path(const void *a, const void *b)
{
    const struct named *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    for (int32_t i = 0; !c && i < x->depth && i < y->depth; i++)
        c = (x->ccs[i] > y->ccs[i]) - (x->ccs[i] < y->ccs[i]);
    return c ? c : (x->depth > y->depth) - (x->depth < y->depth);
}
static int name_stack(const struct ccm_session *s, int32_t node, struct named *out)
{
    out->node = node;
    out->path = stack_path_text(s, node, "/");
    out->ccs = stack_ccs(s, node, &out->depth);
    return out->path && out->ccs;
}

/* Every stack of every run, sorted: st[i] (n[i] of them) run i's, all
 * (*nall) the distinct stacks of the runs (pointing into st).  0 when
 * memory ran out. */
static int stack_tables(int runs, struct ccm_session *s[NMAX], struct named *st[NMAX], int32_t n[NMAX],
                        const struct named ***all, size_t *nall)
{
    size_t tot = 0;
    for (int i = 0; i < runs; i++) {
        n[i] = ccm_session_nstacks(s[i]);
        st[i] = calloc((size_t)n[i] + 1, sizeof *st[i]);
        if (!st[i]) return 0;
        for (int32_t j = 0; j < n[i]; j++)
            if (!name_stack(s[i], j, &st[i][j])) return 0;
        qsort(st[i], (size_t)n[i], sizeof *st[i], by_path);
        tot += (size_t)n[i];
    }
    struct named *m = malloc((tot + 1) * sizeof *m);
    *all = malloc((tot + 1) * sizeof **all);
    if (!m || !*all) { free(m); return 0; }
    size_t t = 0;
    for (int i = 0; i < runs; i++) for (int32_t j = 0; j < n[i]; j++) m[t++] = st[i][j];
    qsort(m, tot, sizeof *m, by_path);
    *nall = 0;
    for (size_t j = 0; j < tot; j++) {
        if (*nall && by_path((*all)[*nall - 1], &m[j]) == 0) continue;
        /* the same stack in st (m's copies are freed below) */
        for (int i = 0; i < runs; i++) {
            const struct named *f = bsearch(&m[j], st[i], (size_t)n[i], sizeof *st[i], by_path);
            if (f) { (*all)[(*nall)++] = f; break; }
        }
    }
    free(m);
    return 1;
}

static int cmd_compare_stacks(const char *file, int json)
{
    const struct mode *m = &stack_mode;
    struct ccm_session *s[NMAX] = { 0 };
    int rc;
    if (run_all(file, m, s, &rc)) return 2;
    struct named *st[NMAX] = { 0 };
    int32_t n[NMAX] = { 0 };
    const struct named **all = NULL;
    size_t nall = 0;
    int ok = stack_tables(m->n, s, st, n, &all, &nall);
    if (ok) {
        put_head(json, m, s);
        int first = 1;
        for (size_t j = 0; j < nall; j++) {
            int32_t node[NMAX];
            for (int i = 0; i < m->n; i++) {
                const struct named *f = bsearch(all[j], st[i], (size_t)n[i], sizeof *st[i], by_path);
                node[i] = f ? f->node : -1;
            }
            for (int k = 0; k < CCM_NCOUNTERS; k++) {
                uint64_t v[NMAX];
                for (int i = 0; i < m->n; i++) v[i] = node[i] < 0 ? 0 : ccm_session_stack_cost(s[i], node[i], k);
                if (put_row(json, first, m, all[j]->path, k, v)) first = 0;
            }
        }
    } else fputs("ccm: out of memory\n", stderr);
    free(all);
    for (int i = 0; i < m->n; i++) {
        for (int32_t j = 0; st[i] && j < n[i]; j++) {
            free(st[i][j].path);
            free(st[i][j].ccs);
        }
        free(st[i]);
    }
    if (!ok) {
        for (int i = 0; i < m->n; i++) ccm_session_free(s[i]);
        return 2;
    }
    return put_tail(json, m, s, rc);
}

int cmd_compare(const char *file, int json, int stacks)
{
    if (stacks) return cmd_compare_stacks(file, json);
    const struct mode *m = &plain_mode;
    struct ccm_session *s[NMAX] = { 0 };
    int rc;
    if (run_all(file, m, s, &rc)) return 2;
    put_head(json, m, s);
    /* The cost centres are the same in every run's image (same program). */
    int32_t ncc = ccm_session_ncc(s[0]);
    int first = 1;
    for (int32_t cc = 0; cc < ncc; cc++)
        for (int k = 0; k < CCM_NCOUNTERS; k++) {
            uint64_t v[NMAX];
            for (int i = 0; i < m->n; i++) v[i] = ccm_session_cost(s[i], cc, k);
            if (put_row(json, first, m, ccm_session_cc_name(s[0], cc), k, v)) first = 0;
        }
    return put_tail(json, m, s, rc);
}
