/* bottleneck.c -- `ccm bottleneck`: the iterative search of Mera et al.'s
 * Fig. 6 (docs/bottleneck.md).  Each run is an ordinary run of the
 * machine on the program with automatic cost centres on a chosen set of
 * functions (front_auto_cc), read through the session API. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ccgraph.h"
#include "../front/front.h"

struct node {
    int unit;
    int parent;                     /* index into the tree, -1 for main */
    int depth;
    int run;                        /* the run that found it (0: main, the goal) */
    uint64_t inherited, individual; /* amounts of the resource */
    uint64_t inherited_total, individual_total;   /* of the runs they were read in */
};

struct search {
    const char *file;               /* as named on the command line */
    const char *text; size_t len;
    int resource;
    enum { HEUR_MAX, HEUR_THRESHOLD, HEUR_COVER } heuristic;
    double pct;                     /* threshold=PCT, cover=PCT */
    struct ccm_options opt;
    struct front_units units;
    struct node *tree; int ntree;
    int *in_tree;                   /* [unit]: 1 once in the tree */
    int runs;
    int status;                     /* CCM_VALUE, or how a run ended */
    char err[1100];
};

/* The cost centre a unit's costs go to. */
static void unit_cc(const struct front_unit *u, char *buf, size_t cap)
{
    if (u->kind == FRONT_UNIT_MAIN) snprintf(buf, cap, "MAIN");
    else if (u->kind == FRONT_UNIT_CAF) snprintf(buf, cap, "CAF:%s", u->name);
    else snprintf(buf, cap, "%s", u->name);
}

static uint64_t pct_base(uint64_t total) { return total ? total : 1; }
static double share(uint64_t part, uint64_t total) { return 100.0 * (double)part / (double)pct_base(total); }

/* u calls v (once in the list). */
static int add_callee(struct front_unit *u, int v)
{
    for (int k = 0; k < u->ncallees; k++)
        if (u->callees[k] == v) return 0;
    int *c = realloc(u->callees, (size_t)(u->ncallees + 1) * sizeof *c);
    if (!c) return -1;
    u->callees = c;
    c[u->ncallees++] = v;
    return 0;
}

/* The calls the run saw: an scc of unit v's cost centre entered while unit
 * u's was current makes v a callee of u (a function passed as an argument
 * is found here; the program text alone does not say who applies it). */
static int add_dynamic_callees(struct search *S, const struct ccgraph *g, struct ccm_session *s)
{
    int *unit = malloc(((size_t)g->ncc + 1) * sizeof *unit);
    if (!unit) return -1;
    for (int32_t cc = 0; cc < g->ncc; cc++) unit[cc] = -1;
    for (int u = 0; u < S->units.n; u++) {
        char name[600];
        unit_cc(&S->units.u[u], name, sizeof name);
        int32_t cc = ccm_session_cc_find(s, name);
        if (cc >= 0) unit[cc] = u;
    }
    int rc = g->failed ? -1 : 0;
    for (size_t k = 0; k < g->nedges && rc == 0; k++) {
        int from = unit[g->edges[k].from], to = unit[g->edges[k].to];
        if (from >= 0 && to >= 0 && from != to && S->units.u[to].kind != FRONT_UNIT_MAIN)
            rc = add_callee(&S->units.u[from], to);
    }
    free(unit);
    return rc;
}

/* S's text parsed and checked; 0, or -1 with d set.  Each run parses it
 * again: the automatic cost centres rewrite the tree they are given. */
static int parse_checked(const struct search *S, struct ast_program *p, struct front_diag *d)
{
    if (front_parse(S->file, S->text, S->len, p, d) != 0) return -1;
    if (front_check(S->file, p, d) != 0) { ast_free(p); return -1; }
    return 0;
}

/* One run with cost centres on the functions marked[]: amount[u] for every
 * unit, *total the resource's total; with calls set, the calls seen are
 * added to the units' callees.  0, or -1 with S->err (bad program, memory)
 * or S->status (the run did not reach a value). */
static int profile(struct search *S, const int *marked, uint64_t *amount, uint64_t *total, int calls)
{
    struct ast_program p;
    struct front_diag d;
    const char **names = malloc((size_t)S->units.n * sizeof *names + 1);
    if (!names) { snprintf(S->err, sizeof S->err, "ccm: out of memory"); return -1; }
    int n = 0;
    for (int u = 0; u < S->units.n; u++)
        if (marked[u] && S->units.u[u].kind == FRONT_UNIT_FUNCTION) names[n++] = S->units.u[u].name;
    int rc = parse_checked(S, &p, &d);
    if (rc == 0 && (rc = front_auto_cc(&p, FRONT_AUTO_ALL, names, n, S->file, &d)) != 0) ast_free(&p);
    free(names);
    if (rc != 0) { snprintf(S->err, sizeof S->err, "%s", d.text); return -1; }
    struct ccm_session *s = ccm_session_from_program(&p, S->file, &S->opt, S->err, sizeof S->err);
    if (!s) return -1;
    struct ccgraph g;
    if (ccgraph_init(&g, s) != 0) {
        ccm_session_free(s);
        snprintf(S->err, sizeof S->err, "ccm: out of memory");
        return -1;
    }
    S->runs++;
    int st = ccgraph_run(&g, s);
    if (st != CCM_VALUE) {
        char buf[512];
        S->status = st;
        snprintf(S->err, sizeof S->err, "ccm: bottleneck: run %d: %s: %s", S->runs, ccm_error_kind(st),
                 ccm_session_error_message(s, st, buf, sizeof buf));
    }
    *total = 0;
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) *total += ccgraph_amount(&g, s, cc, S->resource);
    for (int u = 0; u < S->units.n; u++) {
        char name[600];
        unit_cc(&S->units.u[u], name, sizeof name);
        int32_t cc = ccm_session_cc_find(s, name);
        amount[u] = cc >= 0 ? ccgraph_amount(&g, s, cc, S->resource) : 0;
    }
    if (calls && st == CCM_VALUE && add_dynamic_callees(S, &g, s) != 0) {
        snprintf(S->err, sizeof S->err, "ccm: out of memory");
        st = -1;
    }
    ccgraph_free(&g);
    ccm_session_free(s);
    return st == CCM_VALUE ? 0 : -1;
}

static int add_node(struct search *S, int unit, int parent, int run, uint64_t amount, uint64_t total)
{
    struct node *t = realloc(S->tree, (size_t)(S->ntree + 1) * sizeof *t);
    if (!t) { snprintf(S->err, sizeof S->err, "ccm: out of memory"); return -1; }
    S->tree = t;
    t[S->ntree] = (struct node){ .unit = unit, .parent = parent, .run = run,
                                 .depth = parent >= 0 ? t[parent].depth + 1 : 0,
                                 .inherited = amount, .inherited_total = total,
                                 .individual = amount, .individual_total = total };
    S->in_tree[unit] = 1;
    return S->ntree++;
}

/* Candidates: more first, then by name (deterministic). */
struct cand { int unit; uint64_t amount; const char *name; };
static int by_amount(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    if (x->amount != y->amount) return x->amount > y->amount ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* iter_cc_config of Fig. 6 for tree node `at`. */
static int descend(struct search *S, int at)
{
    const struct front_unit *cur = &S->units.u[S->tree[at].unit];
    if (cur->ncallees == 0 && at != 0) return 0;   /* a leaf: nothing a run could separate */
    int *marked = calloc((size_t)S->units.n, sizeof *marked);
    uint64_t *amount = calloc((size_t)S->units.n, sizeof *amount);
    struct cand *c = calloc((size_t)cur->ncallees, sizeof *c);
    int rc = -1, nc = 0;
    if (!marked || !amount || !c) { snprintf(S->err, sizeof S->err, "ccm: out of memory"); goto out; }
    for (int u = 0; u < S->units.n; u++) marked[u] = S->in_tree[u];
    for (int k = 0; k < cur->ncallees; k++) marked[cur->callees[k]] = 1;
    uint64_t total;
    if (profile(S, marked, amount, &total, 0) != 0) goto out;
    int run = S->runs;
    S->tree[at].individual = amount[S->tree[at].unit];
    S->tree[at].individual_total = total;
    for (int k = 0; k < cur->ncallees; k++) {
        int u = cur->callees[k];
        if (S->in_tree[u] || S->units.u[u].kind == FRONT_UNIT_MAIN || amount[u] == 0) continue;
        c[nc++] = (struct cand){ u, amount[u], S->units.u[u].name };
    }
    qsort(c, (size_t)nc, sizeof *c, by_amount);
    /* cover: what cur and its candidates got together is what they explain */
    uint64_t base = amount[S->tree[at].unit], kept = 0;
    for (int k = 0; k < nc; k++) base += c[k].amount;
    rc = 0;
    for (int k = 0; k < nc && rc == 0; k++) {
        if (S->heuristic == HEUR_MAX && k > 0) break;
        if (S->heuristic == HEUR_THRESHOLD && share(c[k].amount, total) < S->pct) break;
        if (S->heuristic == HEUR_COVER && share(kept, base) >= S->pct) break;
        kept += c[k].amount;
        if (S->in_tree[c[k].unit]) continue;     /* found meanwhile below a sibling */
        int child = add_node(S, c[k].unit, at, run, c[k].amount, total);
        rc = child < 0 ? -1 : descend(S, child);
    }
out:
    free(marked);
    free(amount);
    free(c);
    return rc;
}

/* The first run of Mera et al.'s search: every function costed, to see who
 * calls whom beyond what the text says. */
static int call_graph_run(struct search *S)
{
    int *marked = malloc(((size_t)S->units.n + 1) * sizeof *marked);
    uint64_t *amount = malloc(((size_t)S->units.n + 1) * sizeof *amount);
    uint64_t total;
    int rc = -1;
    if (!marked || !amount) snprintf(S->err, sizeof S->err, "ccm: out of memory");
    else {
        for (int u = 0; u < S->units.n; u++) marked[u] = 1;
        rc = profile(S, marked, amount, &total, 1);
    }
    free(marked);
    free(amount);
    return rc;
}

/* ---- the report ------------------------------------------------------------ */

/* The tree in depth-first order (children in the order found). */
static void print_subtree(FILE *out, const struct search *S, int at)
{
    const struct node *n = &S->tree[at];
    int indent = 2 * n->depth;
    fprintf(out, "%*s%-*s %10" PRIu64 " %6.1f%% %10" PRIu64 " %6.1f%%  %3d\n", indent, "",
            28 - indent > 1 ? 28 - indent : 1, S->units.u[n->unit].name,
            n->inherited, share(n->inherited, n->inherited_total),
            n->individual, share(n->individual, n->individual_total), n->run);
    for (int k = 0; k < S->ntree; k++)
        if (S->tree[k].parent == at) print_subtree(out, S, k);
}

/* The node that keeps the largest share for itself (the first on a tie). */
static int worst(const struct search *S)
{
    int w = 0;
    for (int k = 1; k < S->ntree; k++)
        if (share(S->tree[k].individual, S->tree[k].individual_total)
            > share(S->tree[w].individual, S->tree[w].individual_total)) w = k;
    return w;
}

static void print_text(FILE *out, const struct search *S)
{
    char heur[64];
    if (S->heuristic == HEUR_MAX) snprintf(heur, sizeof heur, "max");
    else snprintf(heur, sizeof heur, "%s=%g", S->heuristic == HEUR_COVER ? "cover" : "threshold", S->pct);
    fprintf(out, "bottleneck search of %s for %s (heuristic %s): %d run%s, %d node%s\n\n", S->file,
            ccgraph_resource_name(S->resource), heur, S->runs, S->runs == 1 ? "" : "s",
            S->ntree, S->ntree == 1 ? "" : "s");
    fprintf(out, "%-28s %10s %7s %10s %7s  %3s\n", "function", "inherited", "%", "individual", "%", "run");
    print_subtree(out, S, 0);
    const struct node *w = &S->tree[worst(S)];
    fprintf(out, "\nbottleneck: %s (%.1f%% of %s for itself)\n", S->units.u[w->unit].name,
            share(w->individual, w->individual_total), ccgraph_resource_name(S->resource));
}

static void print_json(FILE *out, const struct search *S)
{
    fputs("{\"program\":", out);
    json_put_string(out, S->file);
    fprintf(out, ",\"resource\":\"%s\",\"heuristic\":", ccgraph_resource_name(S->resource));
    if (S->heuristic == HEUR_MAX) fputs("\"max\"", out);
    else fprintf(out, "\"%s\",\"pct\":%g", S->heuristic == HEUR_COVER ? "cover" : "threshold", S->pct);
    fprintf(out, ",\"runs\":%d,\"bottleneck\":", S->runs);
    json_put_string(out, S->units.u[S->tree[worst(S)].unit].name);
    fputs(",\"tree\":[", out);
    for (int k = 0; k < S->ntree; k++) {
        const struct node *n = &S->tree[k];
        static const char *const kind[] = { "main", "caf", "function" };
        fputs(k ? ",{\"name\":" : "{\"name\":", out);
        json_put_string(out, S->units.u[n->unit].name);
        fprintf(out, ",\"kind\":\"%s\",\"parent\":", kind[S->units.u[n->unit].kind]);
        if (n->parent < 0) fputs("null", out); else fprintf(out, "%d", n->parent);
        fprintf(out, ",\"depth\":%d,\"run\":%d,\"inherited\":%" PRIu64 ",\"inherited_share\":%.1f,"
                "\"individual\":%" PRIu64 ",\"individual_share\":%.1f}", n->depth, n->run,
                n->inherited, share(n->inherited, n->inherited_total),
                n->individual, share(n->individual, n->individual_total));
    }
    fputs("]}\n", out);
}

static int draw(const struct search *S, const char *dot_path, const char *svg_path)
{
    struct dot_node *nodes = calloc((size_t)S->ntree, sizeof *nodes);
    struct dot_edge *edges = calloc((size_t)S->ntree, sizeof *edges);
    int nedges = 0;
    if (!nodes || !edges) { free(nodes); free(edges); fputs("ccm: out of memory drawing the tree\n", stderr); return 2; }
    for (int k = 0; k < S->ntree; k++) {
        const struct node *n = &S->tree[k];
        nodes[k].name = S->units.u[n->unit].name;
        /* area: what the node explains with its callees (the size of Mera et al.'s Fig. 8);
         * colour: what it keeps for itself, so the bottleneck stands out */
        nodes[k].share = share(n->inherited, n->inherited_total) / 100.0;
        nodes[k].colour_share = share(n->individual, n->individual_total) / 100.0;
        snprintf(nodes[k].label, sizeof nodes[k].label, "inherited %.1f%%\nindividual %.1f%%",
                 share(n->inherited, n->inherited_total), share(n->individual, n->individual_total));
        if (n->parent >= 0) edges[nedges++] = (struct dot_edge){ n->parent, k, 0 };
    }
    char title[300];
    snprintf(title, sizeof title, "%s: where %s goes (%d runs)", S->file,
             ccgraph_resource_name(S->resource), S->runs);
    int rc = dot_write(dot_path, svg_path, title, nodes, S->ntree, edges, nedges);
    free(nodes);
    free(edges);
    return rc;
}

/* ---- the command ----------------------------------------------------------- */

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("ccm: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    cli_usage(stderr);
    return 2;
}

int cmd_bottleneck(int argc, char **argv)
{
    struct search S = { .resource = -1, .heuristic = HEUR_MAX, .status = CCM_VALUE };
    ccm_options_default(&S.opt);
    const char *dot_path = NULL, *svg_path = NULL;
    int json = 0;
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i];
        if (strncmp(o, "--", 2) != 0 || strcmp(o, "-") == 0) {
            if (S.file) return bad_usage("more than one FILE (`%s`)", o);
            S.file = o;
            continue;
        }
        if (strcmp(o, "--json") == 0) { json = 1; continue; }
        const char *v = i + 1 < argc ? argv[++i] : NULL;
        if (strcmp(o, "--resource") != 0 && strcmp(o, "--heuristic") != 0 && strcmp(o, "--dot") != 0
            && strcmp(o, "--svg") != 0 && ccm_option_find(o) != CCM_OPT_max_steps)
            return bad_usage("`ccm bottleneck` takes --resource, --heuristic, --json, --dot, --svg and --max-steps, not `%s`", o);
        if (!v) return bad_usage("option `%s` needs a value", o);
        if (strcmp(o, "--resource") == 0) {
            if ((S.resource = ccgraph_resource(v)) < 0)
                return bad_usage("--resource takes A, C, V, U, H, P or steps, not `%s`", v);
        } else if (strcmp(o, "--heuristic") == 0) {
            char *end;
            size_t at = strncmp(v, "threshold=", 10) == 0 ? 10 : strncmp(v, "cover=", 6) == 0 ? 6 : 0;
            if (strcmp(v, "max") == 0) S.heuristic = HEUR_MAX;
            else if (at && v[at] >= '0' && v[at] <= '9'
                     && (errno = 0, S.pct = strtod(v + at, &end), !errno && !*end)
                     && S.pct > 0 && S.pct <= 100)
                S.heuristic = at == 10 ? HEUR_THRESHOLD : HEUR_COVER;
            else return bad_usage("--heuristic takes max, threshold=PCT or cover=PCT (PCT above 0, at most 100), not `%s`", v);
        } else if (strcmp(o, "--dot") == 0) dot_path = v;
        else if (strcmp(o, "--svg") == 0) svg_path = v;
        else {
            char msg[200];          /* --max-steps: the table's range (lib/options.c) */
            if (ccm_option_arg(&S.opt, ccm_option_find(o), v, msg, sizeof msg) != 0) return bad_usage("%s", msg);
        }
    }
    if (!S.file) return bad_usage("%s", "`ccm bottleneck` needs a FILE");
    if (S.resource < 0) return bad_usage("%s", "`ccm bottleneck` needs --resource A|C|V|U|H|P|steps");
    struct ast_program p;
    struct front_diag d;
    char *text = front_read_text(S.file, &S.len, &d);
    if (!text) { fprintf(stderr, "%s\n", d.text); return 2; }
    S.text = text;
    S.file = strcmp(S.file, "-") == 0 ? "<stdin>" : S.file;
    int rc = 2;
    if (parse_checked(&S, &p, &d) != 0) {
        fprintf(stderr, "%s\n", d.text);
        free(text);
        return 2;
    }
    int units_ok = front_units(&p, &S.units);
    ast_free(&p);
    int root = units_ok == 0 ? front_unit_find(&S.units, "main") : -1;
    S.in_tree = units_ok == 0 ? calloc((size_t)S.units.n, sizeof *S.in_tree) : NULL;
    if (root < 0 || !S.in_tree) { fputs("ccm: out of memory\n", stderr); goto out; }
    if (add_node(&S, root, -1, 0, 0, 0) < 0) { fputs("ccm: out of memory\n", stderr); goto out; }
    if (call_graph_run(&S) != 0 || descend(&S, 0) != 0) {
        fprintf(stderr, "%s\n", S.err);
        rc = S.status != CCM_VALUE ? ccm_exit_status(S.status) : 2;
        goto out;
    }
    /* the goal explains the whole run: 100 % by definition (Fig. 8) */
    S.tree[0].inherited = S.tree[0].inherited_total = S.tree[0].individual_total;
    if (json) print_json(stdout, &S);
    else print_text(stdout, &S);
    rc = fflush(stdout) == 0 ? 0 : 2;
    if (rc == 0 && (dot_path || svg_path)) rc = draw(&S, dot_path, svg_path);
out:
    front_units_free(&S.units);
    free(S.tree);
    free(S.in_tree);
    free(text);
    return rc;
}
