/* shrink.c -- see shrink.h. */
#include "shrink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../front/front.h"
#include "../gen/gen.h"
#include "../gen/tree.h"

struct shrinker {
    struct checker *C;
    unsigned mask;
    const struct verdict *orig;
    int tries, max_tries;
};

static int same_failure(struct shrinker *K, const char *text, size_t len)
{
    if (K->tries >= K->max_tries) return 0;
    K->tries++;
    struct verdict v;
    check_program(K->C, text, len, K->mask, &v);
    return v.failed && strcmp(v.prop, K->orig->prop) == 0 && strcmp(v.how, K->orig->how) == 0;
}

/* A generated candidate: checked as generated programs are (the big-step
 * on the generator's tree, property rt), so that a front-end failure
 * shrinks too. */
static int same_failure_gen(struct shrinker *K, const uint32_t *choices, size_t n, int size)
{
    if (K->tries >= K->max_tries) return 0;
    K->tries++;
    struct gtree *t = gen_tree_replay(choices, n, size, NULL);
    struct verdict v;
    check_generated(K->C, t, K->mask, &v);
    gtree_free(t);
    return v.failed && strcmp(v.prop, K->orig->prop) == 0 && strcmp(v.how, K->orig->how) == 0;
}

/* ---- phase 1: the generator's choices ----------------------------------- */

static char *shrink_choices(struct shrinker *K, const uint32_t *choices, size_t n, int size)
{
    uint32_t *cur = malloc((n ? n : 1) * sizeof *cur);
    if (!cur) return NULL;
    memcpy(cur, choices, n * sizeof *cur);
    size_t len;
    int progress = 1;
    while (progress && K->tries < K->max_tries) {
        progress = 0;
        /* shorter prefixes: the rest replays as 0 */
        for (size_t keep = 0; keep < n && K->tries < K->max_tries; keep = keep ? keep * 2 : 1) {
            int ok = same_failure_gen(K, cur, keep, size);
            if (ok) { for (size_t i = keep; i < n; i++) cur[i] = 0; progress = 1; break; }
        }
        for (size_t i = 0; i < n && K->tries < K->max_tries; i++) {
            if (cur[i] == 0) continue;
            uint32_t old = cur[i];
            uint32_t cand[2] = { 0, old / 2 };
            for (int c = 0; c < 2; c++) {
                if (c == 1 && (cand[1] == 0 || cand[1] == old)) break;
                cur[i] = cand[c];
                int ok = same_failure_gen(K, cur, n, size);
                if (ok) { progress = 1; break; }
                cur[i] = old;
            }
        }
    }
    char *t = gen_program_replay(cur, n, size, &len, NULL);
    free(cur);
    return t;
}

/* ---- phase 2: the tree ---------------------------------------------------- */

/* ---- inlining a let binding used once ------------------------------------ */

/* Occurrences of name (interned) free in e; *site gets the slot of the last
 * one that is a whole expression (a VAR node), so it can be replaced. */
static int uses(struct ast_expr **slot, const char *name, struct ast_expr ***site)
{
    struct ast_expr *e = *slot;
    int n = 0;
    switch (e->kind) {
    case AST_VAR:
        if (e->name == name) { *site = slot; return 1; }
        return 0;
    case AST_LAM:
        return e->name == name ? 0 : uses(&e->body, name, site);
    case AST_APP:
        return (e->name == name) + uses(&e->body, name, site);
    case AST_LET:
        for (int i = 0; i < e->nbinds; i++) if (e->binds[i].name == name) return 0;
        for (int i = 0; i < e->nbinds; i++) n += uses(&e->binds[i].rhs, name, site);
        return n + uses(&e->body, name, site);
    case AST_CON:
        for (int i = 0; i < e->nargs; i++) n += e->args[i] == name;
        return n;
    case AST_CASE:
        n = uses(&e->body, name, site);
        for (int i = 0; i < e->nalts; i++) {
            int bound = 0;
            for (int j = 0; j < e->alts[i].nvars; j++) bound |= e->alts[i].vars[j] == name;
            if (!bound) n += uses(&e->alts[i].body, name, site);
        }
        return n;
    case AST_SCC: case AST_SCC_SUB:
        return uses(&e->body, name, site);
    case AST_PRIM:
        return (e->left->kind == AST_VAR && e->left->name == name)
             + (e->right->kind == AST_VAR && e->right->name == name);
    default:
        return 0;
    }
}

/* Binding i of let e used exactly once, as an expression: put its rhs there
 * and drop the binding.  (Free variables of the rhs may be captured on the
 * way; the shrinker keeps the result only if it still fails the same way.) */
static int inline_binding(struct ast_expr *e, int i)
{
    const char *x = e->binds[i].name;
    struct ast_expr **site = NULL;
    int n = 0;
    for (int k = 0; k < e->nbinds; k++) n += uses(&e->binds[k].rhs, x, &site);
    n += uses(&e->body, x, &site);
    if (n != 1 || !site || *site == e->binds[i].rhs) return 0;
    struct ast_expr *rhs = e->binds[i].rhs;
    if (uses(&rhs, x, &site) != 0) return 0;           /* recursive: keep */
    n = 0; site = NULL;
    for (int k = 0; k < e->nbinds; k++) if (k != i) n += uses(&e->binds[k].rhs, x, &site);
    n += uses(&e->body, x, &site);
    if (n != 1 || !site) return 0;
    *site = rhs;
    if (e->nbinds == 1) { *e = *e->body; return 1; }
    memmove(&e->binds[i], &e->binds[i + 1], (size_t)(e->nbinds - i - 1) * sizeof e->binds[0]);
    e->nbinds--;
    return 1;
}

/* Apply mutation number *idx (counting down) somewhere under *slot;
 * returns 1 once applied, -1 if that mutation does not apply, 0 if there
 * are fewer mutations under *slot. */
static int mutate_expr(struct ast_expr **slot, int *idx)
{
    struct ast_expr *e = *slot;
    /* replace the node by a child */
    struct ast_expr *kids[4]; int nk = 0;
    switch (e->kind) {
    case AST_LAM: case AST_LET: case AST_SCC: case AST_SCC_SUB: case AST_APP:
        kids[nk++] = e->body; break;
    case AST_CASE:
        kids[nk++] = e->body;
        for (int i = 0; i < e->nalts && nk < 4; i++) kids[nk++] = e->alts[i].body;
        break;
    default: break;
    }
    for (int i = 0; i < nk; i++)
        if ((*idx)-- == 0) { *slot = kids[i]; return 1; }
    if (e->kind == AST_LET && e->nbinds > 1)
        for (int i = 0; i < e->nbinds; i++)
            if ((*idx)-- == 0) {
                memmove(&e->binds[i], &e->binds[i + 1], (size_t)(e->nbinds - i - 1) * sizeof e->binds[0]);
                e->nbinds--;
                return 1;
            }
    if (e->kind == AST_LET)
        for (int i = 0; i < e->nbinds; i++)
            if ((*idx)-- == 0) return inline_binding(e, i) ? 1 : -1;
    if (e->kind == AST_CASE && e->nalts > 1)
        for (int i = 0; i < e->nalts; i++)
            if ((*idx)-- == 0) {
                memmove(&e->alts[i], &e->alts[i + 1], (size_t)(e->nalts - i - 1) * sizeof e->alts[0]);
                e->nalts--;
                return 1;
            }
    /* recurse */
    switch (e->kind) {
    case AST_LAM: case AST_SCC: case AST_SCC_SUB: case AST_APP:
        return mutate_expr(&e->body, idx);
    case AST_LET:
        for (int i = 0; i < e->nbinds; i++) { int r = mutate_expr(&e->binds[i].rhs, idx); if (r) return r; }
        return mutate_expr(&e->body, idx);
    case AST_CASE:
        { int r = mutate_expr(&e->body, idx); if (r) return r; }
        for (int i = 0; i < e->nalts; i++) { int r = mutate_expr(&e->alts[i].body, idx); if (r) return r; }
        return 0;
    default:
        return 0;
    }
}

static int mutate_program(struct ast_program *p, int idx)
{
    for (int i = 0; i < p->nbinds; i++)
        if (strcmp(p->binds[i].name, "main") != 0 && idx-- == 0) {
            memmove(&p->binds[i], &p->binds[i + 1], (size_t)(p->nbinds - i - 1) * sizeof p->binds[0]);
            p->nbinds--;
            return 1;
        }
    for (int i = 0; i < p->nbinds; i++)
        { int r = mutate_expr(&p->binds[i].rhs, &idx); if (r) return r; }
    return 0;
}

static char *print_program(const struct ast_program *p, size_t *len)
{
    return front_core_text(p, len);
}

static char *shrink_tree(struct shrinker *K, char *text)
{
    size_t len = strlen(text);
    int idx = 0;
    while (K->tries < K->max_tries) {
        struct ast_program p;
        struct front_diag err;
        if (front_parse("shrink.lam", text, len, &p, &err) != 0) break;
        int r = mutate_program(&p, idx);
        if (r == 0) { ast_free(&p); break; }            /* no mutation number idx */
        if (r < 0) { ast_free(&p); idx++; continue; }   /* not applicable there */
        size_t clen;
        char *cand = print_program(&p, &clen);
        ast_free(&p);
        if (cand && same_failure(K, cand, clen)) {
            free(text);
            text = cand; len = clen;
            continue;                   /* same index: the next mutation there */
        }
        free(cand);
        idx++;
    }
    return text;
}

char *shrink_program(struct checker *C, const uint32_t *choices, size_t nchoices, int size,
                     const char *text, unsigned mask, const struct verdict *orig, int max_tries)
{
    struct shrinker K = { C, mask, orig, 0, max_tries / 2 };
    char *t = choices ? shrink_choices(&K, choices, nchoices, size) : NULL;
    K.tries = 0;
    K.max_tries = max_tries - max_tries / 2;
    if (!t) t = strdup(text);
    if (!t) return NULL;
    /* the core printer's form, so that tree steps start from parsed text */
    return shrink_tree(&K, t);
}
