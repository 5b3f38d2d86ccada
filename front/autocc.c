/* autocc.c -- automatic cost centres (docs/auto-cc.md): wrap parts of a
 * checked core program in `scc`, the way GHC's -fprof-auto family does.
 *
 * The transformation only inserts AST_SCC nodes (allocated in the
 * program's arena) above existing expressions; it never moves, copies or
 * renames anything, so every variable keeps its binder and the program
 * stays checked.  A part already under a hand-written scc or scc_sub is
 * left alone, so a user's cost centre is never wrapped a second time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front_internal.h"

static const char *const mode_word[] = {
    [FRONT_AUTO_NONE] = "none", [FRONT_AUTO_TOP] = "top",
    [FRONT_AUTO_ALL] = "all", [FRONT_AUTO_CALLS] = "calls",
};

int front_auto_cc_mode(const char *word)
{
    for (int m = FRONT_AUTO_NONE; m <= FRONT_AUTO_CALLS; m++)
        if (strcmp(word, mode_word[m]) == 0) return m;
    return -1;
}

struct autocc {
    struct ast_program *p;
    int mode;
    const char *const *only; int nonly;   /* FRONT_AUTO_ALL restricted to these names */
    int failed;                           /* out of memory */
};

static int selected(const struct autocc *A, const char *name)
{
    if (!A->only) return 1;
    for (int i = 0; i < A->nonly; i++)
        if (strcmp(A->only[i], name) == 0) return 1;
    return 0;
}

/* A new `scc "name"` above *slot. */
static void wrap(struct autocc *A, struct ast_expr **slot, const char *name)
{
    struct ast_expr *s = arena_alloc(A->p->arena, sizeof *s);
    const char *n = s ? arena_intern(A->p->arena, name, strlen(name)) : NULL;
    if (!n) { A->failed = 1; return; }
    s->kind = AST_SCC;
    s->pos = (*slot)->pos;
    s->name_pos = (*slot)->pos;
    s->name = n;
    s->body = *slot;
    *slot = s;
}

char *front_unit_name(const char *prefix, const char *name)
{
    size_t a = prefix ? strlen(prefix) + 1 : 0, b = strlen(name);
    char *s = malloc(a + b + 1);
    if (!s) return NULL;
    if (prefix) { memcpy(s, prefix, a - 1); s[a - 1] = '.'; }
    memcpy(s + a, name, b + 1);
    return s;
}

static void walk(struct autocc *A, struct ast_expr **slot, const char *prefix, int under_scc);

/* One binding: a function binding (lambdas, possibly under hand-written
 * sccs) is a unit named `prefix.name`; its body after the lambdas is
 * wrapped in top (top level only) and all modes.  The rest is walked with
 * the unit's name as the prefix of what it binds inside. */
static void binding(struct autocc *A, struct ast_binding *b, const char *prefix, int top)
{
    char *name = front_unit_name(prefix, b->name);
    if (!name) { A->failed = 1; return; }
    struct ast_expr **slot = &b->rhs;
    int lambdas = 0, hand = 0;
    for (;;) {
        struct ast_expr *e = *slot;
        if (e->kind == AST_LAM) lambdas++;
        else if (e->kind == AST_SCC || e->kind == AST_SCC_SUB) hand = 1;
        else break;
        slot = &e->body;
    }
    int wraps = (A->mode == FRONT_AUTO_ALL || (A->mode == FRONT_AUTO_TOP && top))
                && lambdas > 0 && !hand && selected(A, name);
    /* a function binding names what it binds inside; so does a top-level
     * constant (main.go); a local constant belongs to its enclosing unit */
    const char *inner = lambdas > 0 || top ? name : prefix;
    walk(A, slot, inner, hand);
    if (wraps && !A->failed) wrap(A, slot, name);
    free(name);
}

/* The head of an application spine f x1 .. xn. */
static struct ast_expr **spine_head(struct ast_expr **slot)
{
    while ((*slot)->kind == AST_APP) slot = &(*slot)->body;
    return slot;
}

/* Walk an expression; under_scc: the expression is the body of a
 * hand-written scc (a call there is already attributed by hand). */
static void walk(struct autocc *A, struct ast_expr **slot, const char *prefix, int under_scc)
{
    struct ast_expr *e = *slot;
    if (A->failed) return;
    switch (e->kind) {
    case AST_LAM:
        walk(A, &e->body, prefix, 0);
        return;
    case AST_APP: {
        struct ast_expr **head = spine_head(slot);
        if ((*head)->kind != AST_VAR) { walk(A, head, prefix, 0); }
        if (A->mode != FRONT_AUTO_CALLS || under_scc || (*head)->kind != AST_VAR) return;
        char where[400], name[600];
        front_where(A->p, (*head)->pos, where, sizeof where);
        snprintf(name, sizeof name, "%s@%s", (*head)->name, where);
        wrap(A, slot, name);
        return;
    }
    case AST_LET:
        for (int i = 0; i < e->nbinds; i++) binding(A, &e->binds[i], prefix, 0);
        walk(A, &e->body, prefix, 0);
        return;
    case AST_CASE:
        walk(A, &e->body, prefix, 0);
        for (int i = 0; i < e->nalts; i++) walk(A, &e->alts[i].body, prefix, 0);
        return;
    case AST_SCC:
    case AST_SCC_SUB:
        walk(A, &e->body, prefix, 1);
        return;
    case AST_VAR: case AST_CON: case AST_LIT: case AST_PRIM:
        return;
    }
}

/* Height of the tree (the loader and every later pass recurse this deep). */
static int height(const struct ast_expr *e)
{
    int h = 0;
    switch (e->kind) {
    case AST_LAM: case AST_APP: case AST_SCC: case AST_SCC_SUB:
        h = height(e->body); break;
    case AST_LET:
        h = height(e->body);
        for (int i = 0; i < e->nbinds; i++) { int k = height(e->binds[i].rhs); if (k > h) h = k; }
        break;
    case AST_CASE:
        h = height(e->body);
        for (int i = 0; i < e->nalts; i++) { int k = height(e->alts[i].body); if (k > h) h = k; }
        break;
    default: break;
    }
    return h + 1;
}

int front_auto_cc(struct ast_program *p, int mode, const char *const *only, int nonly,
                  const char *file, struct front_diag *err)
{
    if (mode == FRONT_AUTO_NONE) return 0;
    if (!p->arena) {      /* a tree the caller owns without an arena: nowhere to put nodes */
        front_diag_set(err, file, (struct ast_pos){ 1, 1 }, "automatic cost centres need a parsed program");
        return -1;
    }
    struct autocc A = { .p = p, .mode = mode, .only = only, .nonly = only ? nonly : 0 };
    for (int i = 0; i < p->nbinds && !A.failed; i++) binding(&A, &p->binds[i], NULL, 1);
    if (A.failed) {
        front_diag_set(err, file, (struct ast_pos){ 1, 1 }, "out of memory adding automatic cost centres");
        return -1;
    }
    for (int i = 0; i < p->nbinds; i++)
        if (height(p->binds[i].rhs) > FRONT_MAX_DEPTH) {
            front_diag_set(err, file, p->binds[i].pos,
                           "with automatic cost centres `%s` is nested deeper than %d levels",
                           p->binds[i].name, FRONT_MAX_DEPTH);
            return -1;
        }
    return 0;
}
