/* load.c -- lay a checked tree into kernel code (kernel/ccm.h).
 *
 * Layout: nodes 0..2 reserved (INTVAL, True, False); then each top-level
 * right-hand side in program order; last, the entry: a VAR node naming main.
 * A node's children that must be consecutive (let's BINDs, a constructor's
 * ARGs, a case's ALTs) are allocated right after the node, before their
 * subtrees.
 *
 * Cost centres: 0 "MAIN", 1 "SUB" (kind SUB), one "CAF:name" (kind CAF) per
 * top-level binding other than main whose rhs is not a value, then the
 * names of scc/scc_sub in order of first appearance (kind PLAIN).  Pinning
 * (docs/semantics.md section 2): main -> MAIN, value rhs -> SUB, CAF -> CAF:name.
 *
 * Constructor tags: True 0, False 1, the others from 2 in order of first
 * appearance.  Variable references: a binder pushes one environment entry
 * (lambda parameter; let bindings in order; pattern variables in order), a
 * reference is the distance to the nearest entry of that name (0 = newest),
 * or -1-i for top-level binding i.  Recursion is bounded by the parser's
 * nesting limit. */
#include <stdlib.h>
#include <string.h>
#include "front_internal.h"

struct loader {
    struct front_image *img;
    const struct ast_program *prog;   /* for positions: line:col or JSON path */
    struct front_diag *err;
    int32_t capcode, capcc, capcon;
    struct name_map top, ccs, cons;
    /* the environment: entry k binds names[k]; prev[k] is the older entry of
     * the same name; `where` maps a name to its newest entry */
    struct name_map where;
    const char **env_names; int32_t *env_prev; int32_t depth, capenv;
    int failed;
};

static void oom(struct loader *L)
{
    struct ast_pos p = { 1, 1 };
    if (!L->failed) front_diag_set(L->err, "", p, "out of memory while loading");
    L->failed = 1;
}

static char *dup_str(struct loader *L, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d) { oom(L); return NULL; }
    memcpy(d, s, n);
    return d;
}

/* A new node of kind k; returns its index or -1. */
static int32_t node(struct loader *L, int32_t kind, const struct ast_expr *from)
{
    struct front_image *I = L->img;
    if (L->failed) return -1;
    if (I->ncode == L->capcode) {
        if (L->capcode >= CCM_MAX_CODE) {
            struct ast_pos p = from ? from->pos : (struct ast_pos){ 1, 1 };
            front_diag_at(L->err, "", L->prog, p, "program too large (more than %d code nodes)", CCM_MAX_CODE);
            L->failed = 1;
            return -1;
        }
        int32_t cap = L->capcode ? L->capcode * 2 : 256;
        if (cap > CCM_MAX_CODE) cap = CCM_MAX_CODE;
        struct ccm_node *c = realloc(I->code, (size_t)cap * sizeof *c);
        if (!c) { oom(L); return -1; }
        I->code = c;
        const struct ast_expr **x = realloc(I->node_expr, (size_t)cap * sizeof *x);
        if (!x) { oom(L); return -1; }
        I->node_expr = x;
        L->capcode = cap;
    }
    int32_t i = I->ncode++;
    memset(&I->code[i], 0, sizeof I->code[i]);
    I->code[i].kind = kind;
    I->node_expr[i] = from;
    return i;
}

/* Reserve `count` consecutive nodes of `kind` (a run of BIND, ALT or ARG
 * nodes) and return the first, or -1 once the loader has failed. */
static int32_t node_run(struct loader *L, int32_t kind, int count)
{
    int32_t first = -1;
    for (int i = 0; i < count; i++) {
        int32_t k = node(L, kind, NULL);
        if (k < 0) return -1;
        if (i == 0) first = k;
    }
    return first;
}

/* Cost centre named name (added with kind if new); -1 on failure. */
static int32_t cost_centre(struct loader *L, const char *name, int32_t kind)
{
    struct front_image *I = L->img;
    int v;
    if (name_map_get(&L->ccs, name, &v)) return v;
    if (I->ncc >= CCM_MAX_CC) {
        struct ast_pos p = { 1, 1 };
        front_diag_set(L->err, "", p, "too many cost centres (more than %d)", CCM_MAX_CC);
        L->failed = 1;
        return -1;
    }
    if (I->ncc == L->capcc) {
        int32_t cap = L->capcc ? L->capcc * 2 : 16;
        char **n = realloc(I->cc_names, (size_t)cap * sizeof *n);
        if (!n) { oom(L); return -1; }
        I->cc_names = n;
        int32_t *k = realloc(I->cc_kind, (size_t)cap * sizeof *k);
        if (!k) { oom(L); return -1; }
        I->cc_kind = k;
        L->capcc = cap;
    }
    char *copy = dup_str(L, name);
    if (!copy) return -1;
    I->cc_names[I->ncc] = copy;
    I->cc_kind[I->ncc] = kind;
    if (name_map_put(&L->ccs, copy, I->ncc) != 0) { oom(L); return -1; }
    return I->ncc++;
}

static int32_t con_tag(struct loader *L, const char *name)
{
    struct front_image *I = L->img;
    int v;
    if (name_map_get(&L->cons, name, &v)) return v;
    if (I->ncon == L->capcon) {
        int32_t cap = L->capcon ? L->capcon * 2 : 16;
        char **n = realloc(I->con_names, (size_t)cap * sizeof *n);
        if (!n) { oom(L); return -1; }
        I->con_names = n;
        L->capcon = cap;
    }
    char *copy = dup_str(L, name);
    if (!copy) return -1;
    I->con_names[I->ncon] = copy;
    if (name_map_put(&L->cons, copy, I->ncon) != 0) { oom(L); return -1; }
    return I->ncon++;
}

static void push_binder(struct loader *L, const char *name)
{
    if (L->failed) return;
    if (L->depth == L->capenv) {
        int32_t cap = L->capenv ? L->capenv * 2 : 256;
        const char **n = realloc(L->env_names, (size_t)cap * sizeof *n);
        if (!n) { oom(L); return; }
        L->env_names = n;
        int32_t *p = realloc(L->env_prev, (size_t)cap * sizeof *p);
        if (!p) { oom(L); return; }
        L->env_prev = p;
        L->capenv = cap;
    }
    int prev = -1;
    name_map_get(&L->where, name, &prev);
    L->env_names[L->depth] = name;
    L->env_prev[L->depth] = prev;
    if (name_map_put(&L->where, name, L->depth) != 0) { oom(L); return; }
    L->depth++;
}

static void pop_binders(struct loader *L, int32_t n)
{
    for (; n > 0 && L->depth > 0; n--) {
        L->depth--;
        name_map_put(&L->where, L->env_names[L->depth], L->env_prev[L->depth]);
    }
}

/* The variable reference for name here (the checker proved it bound): the
 * number of binders between the use and its binder, which the kernel's
 * lookup walks one environment cell each.  Past FRONT_MAX_REF the program
 * is refused (docs/syntax-and-cli.md, "Limits"): so that no transition
 * costs more than FRONT_MAX_REF cell steps, however wide the scope. */
static int32_t var_ref(struct loader *L, const char *name, struct ast_pos at)
{
    int pos = -1, top = -1;
    if (name_map_get(&L->where, name, &pos) && pos >= 0) {
        int32_t ref = L->depth - 1 - pos;
        if (ref >= FRONT_MAX_REF && !L->failed) {
            front_diag_at(L->err, "", L->prog, at,
                           "`%s` is bound %d binders away from this use, more than ccm allows (%d): "
                           "every lookup walks them; bind it closer to where it is used "
                           "(e.g. nested lets instead of one wide let)",
                           name, (int)ref + 1, FRONT_MAX_REF);
            L->failed = 1;
        }
        return ref;
    }
    if (name_map_get(&L->top, name, &top)) return -1 - top;
    struct ast_pos p = { 1, 1 };
    if (!L->failed) front_diag_set(L->err, "", p, "internal error: unbound `%s` reached the loader", name);
    L->failed = 1;
    return 0;
}

static int32_t lay(struct loader *L, const struct ast_expr *e);

static int32_t lay_operand(struct loader *L, const struct ast_expr *e)
{
    int32_t n = node(L, e->kind == AST_LIT ? CCM_LIT : CCM_VAR, e);
    if (n < 0) return -1;
    if (e->kind == AST_LIT) L->img->code[n].lit = e->lit;
    else L->img->code[n].a = var_ref(L, e->name, e->pos);
    return n;
}

static int32_t lay_let(struct loader *L, const struct ast_expr *e, int32_t n)
{
    int32_t first = node_run(L, CCM_BIND, e->nbinds);
    for (int i = 0; i < e->nbinds; i++) push_binder(L, e->binds[i].name);
    for (int i = 0; i < e->nbinds && !L->failed; i++) {
        int32_t r = lay(L, e->binds[i].rhs);
        if (r >= 0) L->img->code[first + i].a = r;
    }
    int32_t body = lay(L, e->body);
    pop_binders(L, e->nbinds);
    if (L->failed) return -1;
    struct ccm_node *x = &L->img->code[n];
    x->a = first;
    x->b = e->nbinds;
    x->c = body;
    return n;
}

static int32_t lay_case(struct loader *L, const struct ast_expr *e, int32_t n)
{
    int32_t first = node_run(L, CCM_ALT, e->nalts);
    int32_t scrut = lay(L, e->body);
    for (int i = 0; i < e->nalts && !L->failed; i++) {
        const struct ast_alt *a = &e->alts[i];
        int32_t tag = a->con ? con_tag(L, a->con) : CCM_DEFAULT_TAG;
        for (int k = 0; k < a->nvars; k++) push_binder(L, a->vars[k]);
        int32_t body = lay(L, a->body);
        pop_binders(L, a->nvars);
        if (L->failed) return -1;
        struct ccm_node *x = &L->img->code[first + i];
        x->a = tag;
        x->b = a->nvars;
        x->c = body;
    }
    if (L->failed) return -1;
    struct ccm_node *x = &L->img->code[n];
    x->a = scrut;
    x->b = first;
    x->c = e->nalts;
    return n;
}

static int32_t lay(struct loader *L, const struct ast_expr *e)
{
    static const int32_t kind_of[] = {
        [AST_LAM] = CCM_LAM, [AST_APP] = CCM_APP, [AST_VAR] = CCM_VAR, [AST_LET] = CCM_LET,
        [AST_CON] = CCM_CON, [AST_CASE] = CCM_CASE, [AST_SCC] = CCM_SCC,
        [AST_SCC_SUB] = CCM_SCC_SUB, [AST_LIT] = CCM_LIT, [AST_PRIM] = CCM_PRIM,
    };
    if (L->failed) return -1;
    if (e->kind < AST_LAM || e->kind > AST_PRIM) {
        front_diag_set(L->err, "", e->pos, "internal error: unknown expression kind");
        L->failed = 1;
        return -1;
    }
    int32_t n = node(L, kind_of[e->kind], e);
    if (n < 0) return -1;
    int32_t a = 0, b = 0, c = 0;
    switch (e->kind) {
    case AST_LAM:
        push_binder(L, e->name);
        a = lay(L, e->body);
        pop_binders(L, 1);
        break;
    case AST_APP:
        a = lay(L, e->body);
        b = var_ref(L, e->name, e->name_pos);
        break;
    case AST_VAR:
        a = var_ref(L, e->name, e->pos);
        break;
    case AST_LET:
        return lay_let(L, e, n);
    case AST_CASE:
        return lay_case(L, e, n);
    case AST_CON:
        a = con_tag(L, e->name);
        b = e->nargs;
        c = 0;
        if (e->nargs > 0) {
            c = node_run(L, CCM_ARG, e->nargs);
            if (c < 0) return -1;
            for (int i = 0; i < e->nargs; i++)
                L->img->code[c + i].a = var_ref(L, e->args[i], e->arg_pos[i]);
        }
        break;
    case AST_SCC: case AST_SCC_SUB:
        a = cost_centre(L, e->name, CCM_CC_PLAIN);
        b = lay(L, e->body);
        break;
    case AST_LIT:
        L->img->code[n].lit = e->lit;
        break;
    case AST_PRIM:
        a = (int32_t)e->op;
        b = lay_operand(L, e->left);
        c = lay_operand(L, e->right);
        break;
    }
    if (L->failed) return -1;
    struct ccm_node *x = &L->img->code[n];
    x->a = a;
    x->b = b;
    x->c = c;
    return n;
}

static int is_value(const struct ast_expr *e)
{
    return e->kind == AST_LAM || e->kind == AST_CON || e->kind == AST_LIT;
}

static int alloc_top(struct loader *L, int32_t n)
{
    struct front_image *I = L->img;
    I->top_code = calloc((size_t)n, sizeof *I->top_code);
    I->top_cc = calloc((size_t)n, sizeof *I->top_cc);
    I->top_names = calloc((size_t)n, sizeof *I->top_names);
    if (!I->top_code || !I->top_cc || !I->top_names) { oom(L); return -1; }
    return 0;
}

int front_load(const struct ast_program *p, struct front_image *img, struct front_diag *err)
{
    memset(img, 0, sizeof *img);
    struct loader L = { .img = img, .prog = p, .err = err };
    name_map_init(&L.top); name_map_init(&L.ccs); name_map_init(&L.cons); name_map_init(&L.where);
    int32_t ntop = p->nbinds, main_index = -1;
    if (ntop < 1 || alloc_top(&L, ntop) != 0) {
        if (!L.failed) front_diag_set(err, "", (struct ast_pos){ 1, 1 }, "no binding for `main`");
        L.failed = 1;
    }
    img->ntop = ntop;
    for (int32_t i = 0; !L.failed && i < ntop; i++) {
        img->top_names[i] = dup_str(&L, p->binds[i].name);
        if (name_map_put(&L.top, p->binds[i].name, i) != 0) oom(&L);
        if (strcmp(p->binds[i].name, "main") == 0) main_index = i;
    }
    /* reserved nodes and constructors */
    node(&L, CCM_INTVAL, NULL);
    int32_t t = node(&L, CCM_CON, NULL), f = node(&L, CCM_CON, NULL);
    if (!L.failed) {
        img->code[t].a = CCM_TAG_TRUE;
        img->code[f].a = CCM_TAG_FALSE;
    }
    con_tag(&L, "True");
    con_tag(&L, "False");
    /* cost centres: MAIN, SUB, the CAFs, then user names as met */
    cost_centre(&L, "MAIN", CCM_CC_PLAIN);
    cost_centre(&L, "SUB", CCM_CC_SUB);
    for (int32_t i = 0; !L.failed && i < ntop; i++) {
        if (i == main_index) img->top_cc[i] = CCM_CC_MAIN;
        else if (is_value(p->binds[i].rhs)) img->top_cc[i] = 1;
        else {
            size_t len = strlen(p->binds[i].name) + 5;
            char *name = malloc(len);
            if (!name) { oom(&L); break; }
            snprintf(name, len, "CAF:%s", p->binds[i].name);
            img->top_cc[i] = cost_centre(&L, name, CCM_CC_CAF);
            free(name);
        }
    }
    for (int32_t i = 0; !L.failed && i < ntop; i++)
        img->top_code[i] = lay(&L, p->binds[i].rhs);
    if (!L.failed && main_index < 0) {
        front_diag_set(err, "", (struct ast_pos){ 1, 1 }, "no binding for `main`");
        L.failed = 1;
    }
    int32_t entry = node(&L, CCM_VAR, NULL);
    if (!L.failed) {
        img->code[entry].a = -1 - main_index;
        img->entry = entry;
    }
    name_map_free(&L.top); name_map_free(&L.ccs); name_map_free(&L.cons); name_map_free(&L.where);
    free(L.env_names);
    free(L.env_prev);
    if (L.failed) { front_image_free(img); return -1; }
    img->program = (struct ccm_program){
        .code = img->code, .ncode = img->ncode, .cc_kind = img->cc_kind, .ncc = img->ncc,
        .ntop = img->ntop, .top_code = img->top_code, .top_cc = img->top_cc, .entry = img->entry,
    };
    return 0;
}

void front_image_free(struct front_image *img)
{
    if (!img) return;
    for (int32_t i = 0; img->cc_names && i < img->ncc; i++) free(img->cc_names[i]);
    for (int32_t i = 0; img->top_names && i < img->ntop; i++) free(img->top_names[i]);
    for (int32_t i = 0; img->con_names && i < img->ncon; i++) free(img->con_names[i]);
    free(img->code); free(img->node_expr);
    free(img->cc_kind); free(img->cc_names);
    free(img->top_code); free(img->top_cc); free(img->top_names);
    free(img->con_names);
    memset(img, 0, sizeof *img);
}
