/* same_tree.c -- see same_tree.h.  Iterative over an explicit stack, so a
 * deep tree cannot overflow the C stack. */
#include "same_tree.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int same_name(const char *a, const char *b)
{
    if (!a || !b) return a == b;
    return strcmp(a, b) == 0;
}

static int same_names(const char *const *a, const char *const *b, int n)
{
    for (int i = 0; i < n; i++) if (!same_name(a[i], b[i])) return 0;
    return 1;
}

struct pair { const struct ast_expr *w, *g; };

struct stack { struct pair *p; size_t n, cap; };

static void push(struct stack *s, const struct ast_expr *w, const struct ast_expr *g)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        struct pair *p = realloc(s->p, cap * sizeof *p);
        if (!p) { fprintf(stderr, "props: out of memory\n"); exit(3); }
        s->p = p; s->cap = cap;
    }
    s->p[s->n].w = w; s->p[s->n].g = g; s->n++;
}

/* One node's own fields (children are pushed); NULL if equal, else why. */
static const char *node_differs(struct stack *s, const struct ast_expr *w, const struct ast_expr *g)
{
    if (w->kind != g->kind) return "a different kind of expression";
    switch (w->kind) {
    case AST_VAR:
        return same_name(w->name, g->name) ? NULL : "a different variable";
    case AST_LIT:
        return w->lit == g->lit ? NULL : "a different literal";
    case AST_PRIM:
        if (w->op != g->op) return "a different operator";
        push(s, w->left, g->left); push(s, w->right, g->right);
        return NULL;
    case AST_LAM:
        if (!same_name(w->name, g->name)) return "a different lambda parameter";
        push(s, w->body, g->body);
        return NULL;
    case AST_APP:
        if (!same_name(w->name, g->name)) return "a different argument";
        push(s, w->body, g->body);
        return NULL;
    case AST_LET:
        if (w->nbinds != g->nbinds) return "a different number of let bindings";
        for (int i = 0; i < w->nbinds; i++) {
            if (!same_name(w->binds[i].name, g->binds[i].name)) return "a different let binder";
            push(s, w->binds[i].rhs, g->binds[i].rhs);
        }
        push(s, w->body, g->body);
        return NULL;
    case AST_CASE:
        if (w->nalts != g->nalts) return "a different number of alternatives";
        for (int i = 0; i < w->nalts; i++) {
            const struct ast_alt *a = &w->alts[i], *b = &g->alts[i];
            if (!same_name(a->con, b->con)) return "a different pattern constructor";
            if (a->nvars != b->nvars || !same_names(a->vars, b->vars, a->nvars))
                return "different pattern variables";
            push(s, a->body, b->body);
        }
        push(s, w->body, g->body);
        return NULL;
    case AST_CON:
        if (!same_name(w->name, g->name)) return "a different constructor";
        if (w->nargs != g->nargs || !same_names(w->args, g->args, w->nargs))
            return "different constructor arguments";
        return NULL;
    case AST_SCC: case AST_SCC_SUB:
        if (!same_name(w->name, g->name)) return "a different cost-centre name";
        push(s, w->body, g->body);
        return NULL;
    }
    return "an unknown kind of expression";
}

int same_tree(const struct ast_program *want, const struct ast_program *got, char *msg, size_t cap)
{
    if (want->nbinds != got->nbinds) {
        snprintf(msg, cap, "round trip: %d top-level bindings generated, %d parsed",
                 want->nbinds, got->nbinds);
        return 0;
    }
    struct stack s = { 0 };
    int ok = 1;
    for (int i = 0; i < want->nbinds && ok; i++) {
        if (!same_name(want->binds[i].name, got->binds[i].name)) {
            snprintf(msg, cap, "round trip: top-level binding %d is `%s` generated, `%s` parsed",
                     i + 1, want->binds[i].name, got->binds[i].name);
            ok = 0;
            break;
        }
        s.n = 0;
        push(&s, want->binds[i].rhs, got->binds[i].rhs);
        while (s.n > 0 && ok) {
            struct pair p = s.p[--s.n];
            const char *why = node_differs(&s, p.w, p.g);
            if (why) {
                snprintf(msg, cap, "round trip: in the binding of `%s`, the parse at line %d, col %d "
                         "differs from the generator's tree: %s", want->binds[i].name, p.g->pos.line,
                         p.g->pos.col, why);
                ok = 0;
            }
        }
    }
    free(s.p);
    return ok;
}
