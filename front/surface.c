/* surface.c -- surface forms to core nodes (surface.h; the table of
 * translations and their costs is docs/surface.md).
 *
 * Fresh names: `_` repeated one more time than the longest run of leading
 * underscores of any identifier in the file, then the role (arg, fld, opd)
 * and a number counting every fresh name of the file from 1.  No identifier
 * of the file starts with that many underscores, so no fresh name can equal
 * a user's name or capture one, and the numbers keep them apart from each
 * other.  They are ordinary identifiers, so `ccm core`'s output re-parses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "surface.h"

int surface_init(struct surface *S, struct ast_arena *arena, const struct token *toks)
{
    memset(S, 0, sizeof *S);
    S->arena = arena;
    for (const struct token *t = toks; t->kind != T_EOF && t->kind != T_ERROR; t++) {
        if (t->kind != T_IDENT) continue;
        size_t n = 0;
        while (t->text[n] == '_') n++;
        if (n > S->underscores) S->underscores = n;
    }
    S->underscores++;
    S->cons = arena_intern(arena, "Cons", 4);
    S->nil = arena_intern(arena, "Nil", 3);
    S->true_con = arena_intern(arena, "True", 4);
    S->false_con = arena_intern(arena, "False", 5);
    return S->cons && S->nil && S->true_con && S->false_con ? 0 : -1;
}

void surface_free(struct surface *S)
{
    free(S->pending);
    S->pending = NULL;
    S->npending = S->cap = 0;
}

static struct ast_expr *node(struct surface *S, enum ast_kind k, struct ast_pos pos)
{
    struct ast_expr *e = arena_alloc(S->arena, sizeof *e);
    if (e) { e->kind = k; e->pos = pos; }
    return e;
}

static const char *fresh_name(struct surface *S, enum surface_role role)
{
    static const char *const word[] = { [SURFACE_ARG] = "arg", [SURFACE_FIELD] = "fld", [SURFACE_OPERAND] = "opd" };
    size_t n = S->underscores;
    char *buf = malloc(n + 32);
    if (!buf) return NULL;
    memset(buf, '_', n);
    int w = snprintf(buf + n, 32, "%s%lu", word[role], ++S->fresh);
    const char *name = w > 0 ? arena_intern(S->arena, buf, n + (size_t)w) : NULL;
    free(buf);
    return name;
}

/* Bind e to a fresh name on the pending stack; the name, or NULL. */
static const char *bind_fresh(struct surface *S, struct ast_expr *e, int height,
                              struct ast_pos pos, enum surface_role role)
{
    if (S->npending == S->cap) {
        size_t cap = S->cap ? S->cap * 2 : 32;
        struct surface_pending *p = realloc(S->pending, cap * sizeof *p);
        if (!p) return NULL;
        S->pending = p;
        S->cap = cap;
    }
    const char *name = fresh_name(S, role);
    if (!name) return NULL;
    struct surface_pending *p = &S->pending[S->npending++];
    p->bind.name = name;
    p->bind.pos = pos;
    p->bind.rhs = e;
    p->height = height;
    return name;
}

const char *surface_atom_name(struct surface *S, struct ast_expr *e, int height,
                              struct ast_pos pos, enum surface_role role)
{
    if (e->kind == AST_VAR) return e->name;
    return bind_fresh(S, e, height, pos, role);
}

struct ast_expr *surface_operand(struct surface *S, struct ast_expr *e, int height)
{
    if (e->kind == AST_VAR || e->kind == AST_LIT) return e;
    struct ast_expr *v = node(S, AST_VAR, e->pos);
    if (!v || !(v->name = bind_fresh(S, e, height, e->pos, SURFACE_OPERAND))) return NULL;
    return v;
}

struct ast_expr *surface_wrap(struct surface *S, size_t base, struct ast_expr *body,
                              struct ast_pos pos, int *height)
{
    if (S->npending == base) return body;
    size_t n = S->npending - base;
    struct ast_expr *let = node(S, AST_LET, pos);
    if (!let || !(let->binds = arena_alloc(S->arena, n * sizeof *let->binds))) return NULL;
    int h = *height;
    for (size_t i = 0; i < n; i++) {
        let->binds[i] = S->pending[base + i].bind;
        if (S->pending[base + i].height > h) h = S->pending[base + i].height;
    }
    let->nbinds = (int)n;
    let->body = body;
    S->npending = base;
    *height = h + 1;
    return let;
}

struct ast_expr *surface_prim(struct surface *S, enum ast_op op, struct ast_expr *left, int hl,
                              struct ast_expr *right, int hr, int *height)
{
    size_t base = S->npending;
    struct ast_expr *e = node(S, AST_PRIM, left->pos);
    if (!e) return NULL;
    e->op = op;
    if (!(e->left = surface_operand(S, left, hl))) return NULL;     /* left operand bound first */
    if (!(e->right = surface_operand(S, right, hr))) return NULL;
    *height = 1;
    return surface_wrap(S, base, e, left->pos, height);
}

struct ast_expr *surface_cons(struct surface *S, struct ast_pos pos, struct ast_expr *head, int hh,
                              struct ast_expr *tail, int ht, int *height)
{
    size_t base = S->npending;
    struct ast_expr *e = node(S, AST_CON, pos);
    if (!e) return NULL;
    e->name = S->cons;
    e->nargs = 2;
    e->args = arena_alloc(S->arena, 2 * sizeof *e->args);
    e->arg_pos = arena_alloc(S->arena, 2 * sizeof *e->arg_pos);
    if (!e->args || !e->arg_pos) return NULL;
    e->arg_pos[0] = head->pos;
    e->arg_pos[1] = tail->pos;
    if (!(e->args[0] = surface_atom_name(S, head, hh, head->pos, SURFACE_FIELD))) return NULL;
    if (!(e->args[1] = surface_atom_name(S, tail, ht, tail->pos, SURFACE_FIELD))) return NULL;
    *height = 1;
    return surface_wrap(S, base, e, pos, height);
}

struct ast_expr *surface_nil(struct surface *S, struct ast_pos pos)
{
    struct ast_expr *e = node(S, AST_CON, pos);
    if (e) e->name = S->nil;
    return e;
}

struct ast_expr *surface_if(struct surface *S, struct ast_pos pos, struct ast_expr *c,
                            struct ast_pos then_pos, struct ast_expr *a,
                            struct ast_pos else_pos, struct ast_expr *b)
{
    struct ast_expr *e = node(S, AST_CASE, pos);
    if (!e || !(e->alts = arena_alloc(S->arena, 2 * sizeof *e->alts))) return NULL;
    e->body = c;
    e->nalts = 2;
    e->alts[0] = (struct ast_alt){ .con = S->true_con, .body = a, .pos = then_pos };
    e->alts[1] = (struct ast_alt){ .con = S->false_con, .body = b, .pos = else_pos };
    return e;
}
