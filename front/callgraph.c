/* callgraph.c -- the units of a program and the static call graph between
 * them (front.h, front_units), for the bottleneck search.
 *
 * A reference is any occurrence of a variable (applied, passed, matched):
 * a function passed to `map` is as much a callee as one applied directly.
 * Variables are resolved through the scopes (lambda and pattern variables
 * shadow), so a local `go` in two functions is two units, f.go and g.go.
 * What the text cannot say (who applies a function passed as an argument)
 * the bottleneck search learns from a run (cli/bottleneck.c). */
#include <stdlib.h>
#include <string.h>
#include "front_internal.h"

struct scope_entry { const char *name; int unit; };   /* unit -1: not a unit */

struct graph {
    struct front_units *us;
    struct scope_entry *scope; int nscope, capscope;
    int failed;
};

static int push(struct graph *G, const char *name, int unit)
{
    if (G->nscope == G->capscope) {
        int cap = G->capscope ? 2 * G->capscope : 64;
        struct scope_entry *s = realloc(G->scope, (size_t)cap * sizeof *s);
        if (!s) { G->failed = 1; return -1; }
        G->scope = s; G->capscope = cap;
    }
    G->scope[G->nscope++] = (struct scope_entry){ name, unit };
    return 0;
}

int front_unit_find(const struct front_units *us, const char *name)
{
    for (int i = 0; i < us->n; i++)
        if (strcmp(us->u[i].name, name) == 0) return i;
    return -1;
}

static int unit_of(struct graph *G, const char *name, enum front_unit_kind kind, struct ast_pos pos)
{
    int i = front_unit_find(G->us, name);
    if (i >= 0) return i;
    struct front_unit *u = realloc(G->us->u, (size_t)(G->us->n + 1) * sizeof *u);
    char *copy = strdup(name);
    if (!u || !copy) { if (u) G->us->u = u; free(copy); G->failed = 1; return -1; }
    G->us->u = u;
    u[G->us->n] = (struct front_unit){ .name = copy, .kind = kind, .pos = pos };
    return G->us->n++;
}

static void edge(struct graph *G, int from, int to)
{
    if (from < 0 || to < 0 || from == to) return;
    struct front_unit *u = &G->us->u[from];
    for (int i = 0; i < u->ncallees; i++)
        if (u->callees[i] == to) return;
    int *c = realloc(u->callees, (size_t)(u->ncallees + 1) * sizeof *c);
    if (!c) { G->failed = 1; return; }
    u->callees = c;
    c[u->ncallees++] = to;
}

static void ref(struct graph *G, int cur, const char *name)
{
    for (int i = G->nscope - 1; i >= 0; i--)
        if (G->scope[i].name == name) { edge(G, cur, G->scope[i].unit); return; }
}

/* Does rhs bind a function (lambdas, possibly under sccs)? */
static int is_function(const struct ast_expr *e)
{
    while (e->kind == AST_SCC || e->kind == AST_SCC_SUB) e = e->body;
    return e->kind == AST_LAM;
}

static void walk(struct graph *G, const struct ast_expr *e, int cur, const char *prefix)
{
    if (G->failed) return;
    int mark = G->nscope;
    switch (e->kind) {
    case AST_LAM:
        if (push(G, e->name, -1) == 0) walk(G, e->body, cur, prefix);
        break;
    case AST_APP:
        walk(G, e->body, cur, prefix);
        ref(G, cur, e->name);
        break;
    case AST_VAR:
        ref(G, cur, e->name);
        break;
    case AST_LET: {
        int *unit = calloc((size_t)e->nbinds, sizeof *unit);
        if (!unit) { G->failed = 1; break; }
        for (int i = 0; i < e->nbinds && !G->failed; i++) {
            unit[i] = -1;
            if (is_function(e->binds[i].rhs)) {
                char *name = front_unit_name(prefix, e->binds[i].name);
                if (!name) { G->failed = 1; break; }
                unit[i] = unit_of(G, name, FRONT_UNIT_FUNCTION, e->binds[i].pos);
                free(name);
            }
            push(G, e->binds[i].name, unit[i]);
        }
        for (int i = 0; i < e->nbinds && !G->failed; i++) {
            if (unit[i] >= 0) walk(G, e->binds[i].rhs, unit[i], G->us->u[unit[i]].name);
            else walk(G, e->binds[i].rhs, cur, prefix);
        }
        free(unit);
        walk(G, e->body, cur, prefix);
        break;
    }
    case AST_CASE:
        walk(G, e->body, cur, prefix);
        for (int i = 0; i < e->nalts && !G->failed; i++) {
            int m = G->nscope;
            for (int k = 0; k < e->alts[i].nvars; k++) push(G, e->alts[i].vars[k], -1);
            walk(G, e->alts[i].body, cur, prefix);
            G->nscope = m;
        }
        break;
    case AST_CON:
        for (int i = 0; i < e->nargs; i++) ref(G, cur, e->args[i]);
        break;
    case AST_PRIM:
        if (e->left->kind == AST_VAR) ref(G, cur, e->left->name);
        if (e->right->kind == AST_VAR) ref(G, cur, e->right->name);
        break;
    case AST_SCC:
    case AST_SCC_SUB:
        walk(G, e->body, cur, prefix);
        break;
    case AST_LIT:
        break;
    }
    G->nscope = mark;
}

int front_units(const struct ast_program *p, struct front_units *out)
{
    memset(out, 0, sizeof *out);
    struct graph G = { .us = out };
    int *unit = calloc((size_t)p->nbinds + 1, sizeof *unit);
    if (!unit) return -1;
    for (int i = 0; i < p->nbinds && !G.failed; i++) {
        const struct ast_binding *b = &p->binds[i];
        enum front_unit_kind k = strcmp(b->name, "main") == 0 ? FRONT_UNIT_MAIN
                               : is_function(b->rhs) ? FRONT_UNIT_FUNCTION : FRONT_UNIT_CAF;
        unit[i] = unit_of(&G, b->name, k, b->pos);
        push(&G, b->name, unit[i]);
    }
    for (int i = 0; i < p->nbinds && !G.failed; i++)
        walk(&G, p->binds[i].rhs, unit[i], p->binds[i].name);
    free(unit);
    free(G.scope);
    if (G.failed) { front_units_free(out); return -1; }
    return 0;
}

void front_units_free(struct front_units *us)
{
    for (int i = 0; i < us->n; i++) { free(us->u[i].name); free(us->u[i].callees); }
    free(us->u);
    memset(us, 0, sizeof *us);
}
