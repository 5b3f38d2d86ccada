/* from_gen.c -- see from_gen.h. */
#include "from_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gen_ast {
    void **blocks; size_t nblocks, capblocks;
    const char **names; size_t cap, n;      /* open addressing, interned strings */
};

static void *alloc(struct gen_ast *A, size_t n)
{
    if (A->nblocks == A->capblocks) {
        size_t cap = A->capblocks ? 2 * A->capblocks : 256;
        void **b = realloc(A->blocks, cap * sizeof *b);
        if (!b) { fprintf(stderr, "props: out of memory\n"); exit(3); }
        A->blocks = b; A->capblocks = cap;
    }
    void *p = calloc(1, n ? n : 1);
    if (!p) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    A->blocks[A->nblocks++] = p;
    return p;
}

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static const char *intern(struct gen_ast *A, const char *s)
{
    if (2 * (A->n + 1) > A->cap) {
        size_t cap = A->cap ? 2 * A->cap : 256;
        const char **t = calloc(cap, sizeof *t);
        if (!t) { fprintf(stderr, "props: out of memory\n"); exit(3); }
        for (size_t i = 0; i < A->cap; i++)
            if (A->names[i]) {
                size_t j = hash(A->names[i]) & (cap - 1);
                while (t[j]) j = (j + 1) & (cap - 1);
                t[j] = A->names[i];
            }
        free(A->names);
        A->names = t; A->cap = cap;
    }
    size_t j = hash(s) & (A->cap - 1);
    while (A->names[j]) {
        if (strcmp(A->names[j], s) == 0) return A->names[j];
        j = (j + 1) & (A->cap - 1);
    }
    size_t n = strlen(s) + 1;
    char *p = alloc(A, n);
    memcpy(p, s, n);
    A->names[j] = p;
    A->n++;
    return p;
}

/* The operators by spelling, in the order of enum ast_op. */
static const char *const op_spelling[] = { "+", "-", "*", "/", "%", "==", "/=", "<", "<=", ">", ">=" };

static enum ast_op op_of(int gop)
{
    for (int i = 0; i < (int)(sizeof op_spelling / sizeof op_spelling[0]); i++)
        if (strcmp(op_spelling[i], gen_op_text[gop]) == 0) return (enum ast_op)i;
    fprintf(stderr, "props: unknown generator operator %d\n", gop);
    exit(3);
}

static struct ast_expr *node(struct gen_ast *A, enum ast_kind k)
{
    struct ast_expr *e = alloc(A, sizeof *e);
    e->kind = k;
    return e;
}

static const char **names(struct gen_ast *A, char *const *v, int n)
{
    const char **a = alloc(A, (size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = intern(A, v[i]);
    return a;
}

static struct ast_expr *conv(struct gen_ast *A, const struct gnode *g)
{
    struct ast_expr *e = NULL;
    switch (g->k) {
    case GK_VAR:
        e = node(A, AST_VAR);
        e->name = intern(A, g->name);
        break;
    case GK_INT:
        e = node(A, AST_LIT);
        e->lit = g->lit;
        break;
    case GK_PRIM:
        e = node(A, AST_PRIM);
        e->op = op_of(g->op);
        e->left = conv(A, g->l);
        e->right = conv(A, g->r);
        break;
    case GK_LAM: {                      /* \x1 .. xn -> b  =  \x1 -> .. \xn -> b */
        struct ast_expr *b = conv(A, g->body);
        for (int i = g->nnames - 1; i >= 0; i--) {
            e = node(A, AST_LAM);
            e->name = intern(A, g->names[i]);
            e->body = b;
            b = e;
        }
        break;
    }
    case GK_APP: {                      /* f a1 .. an  =  (.. (f a1) ..) an */
        e = conv(A, g->body);
        for (int i = 0; i < g->nnames; i++) {
            struct ast_expr *a = node(A, AST_APP);
            a->body = e;
            a->name = intern(A, g->names[i]);
            e = a;
        }
        break;
    }
    case GK_LET:
        e = node(A, AST_LET);
        e->nbinds = g->nbinds;
        e->binds = alloc(A, (size_t)g->nbinds * sizeof *e->binds);
        for (int i = 0; i < g->nbinds; i++) {
            e->binds[i].name = intern(A, g->binds[i].name);
            e->binds[i].rhs = conv(A, g->binds[i].rhs);
        }
        e->body = conv(A, g->body);
        break;
    case GK_CASE:
        e = node(A, AST_CASE);
        e->body = conv(A, g->body);
        e->nalts = g->nalts;
        e->alts = alloc(A, (size_t)g->nalts * sizeof *e->alts);
        for (int i = 0; i < g->nalts; i++) {
            const struct galt *a = &g->alts[i];
            e->alts[i].con = a->con ? intern(A, a->con) : NULL;
            e->alts[i].nvars = a->nvars;
            e->alts[i].vars = names(A, a->vars, a->nvars);
            e->alts[i].var_pos = alloc(A, (size_t)a->nvars * sizeof *e->alts[i].var_pos);
            e->alts[i].body = conv(A, a->body);
        }
        break;
    case GK_CON:
        e = node(A, AST_CON);
        e->name = intern(A, g->name);
        e->nargs = g->nnames;
        e->args = names(A, g->names, g->nnames);
        e->arg_pos = alloc(A, (size_t)g->nnames * sizeof *e->arg_pos);
        break;
    case GK_SCC: case GK_SCCSUB:
        e = node(A, g->k == GK_SCC ? AST_SCC : AST_SCC_SUB);
        e->name = intern(A, g->name);
        e->body = conv(A, g->body);
        break;
    }
    if (!e) { fprintf(stderr, "props: bad generator node %d\n", (int)g->k); exit(3); }
    return e;
}

struct gen_ast *gen_to_ast(const struct gtree *t, struct ast_program *out)
{
    struct gen_ast *A = calloc(1, sizeof *A);
    if (!A) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    memset(out, 0, sizeof *out);
    out->nbinds = t->nbinds;
    out->binds = alloc(A, (size_t)t->nbinds * sizeof *out->binds);
    for (int i = 0; i < t->nbinds; i++) {
        out->binds[i].name = intern(A, t->binds[i].name);
        out->binds[i].rhs = conv(A, t->binds[i].rhs);
    }
    return A;
}

void gen_ast_free(struct gen_ast *A)
{
    if (!A) return;
    for (size_t i = 0; i < A->nblocks; i++) free(A->blocks[i]);
    free(A->blocks);
    free(A->names);
    free(A);
}
