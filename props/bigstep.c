/* bigstep.c -- the big-step cost semantics of docs/semantics.md section 3 (see
 * bigstep.h).  One C function per rule, named after it. */
#include "bigstep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- arena: every expression of one run; freed at the next run ---------- */

struct chunk { struct chunk *next; size_t used, cap; _Alignas(16) unsigned char mem[]; };

struct bs {
    struct chunk *chunks;
    struct bs_obj *heap; int32_t heap_len, heap_cap, ntop;
    const char **cc_name; int *cc_kind; int32_t ncc, cc_cap;
    uint64_t *costs; int32_t costs_cap;          /* ncc * BS_NCOUNTERS, folded after a run */
    /* stack nodes (parent, cost centre), costs per node, a hash of (parent, cc) */
    int32_t *nd_parent, *nd_cc, *nd_depth; uint64_t *nd_costs;
    int32_t nnodes, nd_cap, max_nodes;
    int32_t *hash; int32_t hash_cap;             /* open addressing, -1 empty */
    int32_t *path; int32_t path_cap;             /* scratch of the ghc call */
    int rules, push, call, rtl;
    uint64_t steps, max_steps;
    int depth, max_depth;
    struct bs_expr *lit_true, *lit_false;
};

static void die(void) { fprintf(stderr, "bigstep: out of memory\n"); exit(3); }

static void *alloc(struct bs *S, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    struct chunk *c = S->chunks;
    if (!c || c->used + n > c->cap) {
        size_t cap = n > (1u << 20) ? n : (1u << 20);
        c = malloc(sizeof *c + cap);
        if (!c) die();
        c->next = S->chunks; c->used = 0; c->cap = cap;
        S->chunks = c;
    }
    void *p = c->mem + c->used;
    c->used += n;
    return p;
}

static void arena_reset(struct bs *S)
{
    /* keep the newest chunk, free the rest */
    struct chunk *c = S->chunks;
    if (!c) return;
    struct chunk *rest = c->next;
    while (rest) { struct chunk *n = rest->next; free(rest); rest = n; }
    c->next = NULL; c->used = 0;
}

static struct bs_expr *node(struct bs *S, enum ast_kind k)
{
    struct bs_expr *e = alloc(S, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = k;
    return e;
}

struct bs *bs_new(void)
{
    struct bs *S = calloc(1, sizeof *S);
    if (!S) die();
    return S;
}

void bs_free(struct bs *S)
{
    if (!S) return;
    while (S->chunks) { struct chunk *n = S->chunks->next; free(S->chunks); S->chunks = n; }
    free(S->heap); free(S->cc_name); free(S->cc_kind); free(S->costs);
    free(S->nd_parent); free(S->nd_cc); free(S->nd_depth); free(S->nd_costs);
    free(S->hash); free(S->path);
    free(S);
}

/* ---- cost centres -------------------------------------------------------- */

static int32_t cc_intern(struct bs *S, const char *name, int kind)
{
    for (int32_t i = 0; i < S->ncc; i++)
        if (strcmp(S->cc_name[i], name) == 0) return i;
    if (S->ncc == S->cc_cap) {
        S->cc_cap = S->cc_cap ? 2 * S->cc_cap : 16;
        S->cc_name = realloc(S->cc_name, (size_t)S->cc_cap * sizeof *S->cc_name);
        S->cc_kind = realloc(S->cc_kind, (size_t)S->cc_cap * sizeof *S->cc_kind);
        if (!S->cc_name || !S->cc_kind) die();
    }
    if ((S->ncc + 1) * BS_NCOUNTERS > S->costs_cap) {
        S->costs_cap = 2 * (S->ncc + 1) * BS_NCOUNTERS;
        S->costs = realloc(S->costs, (size_t)S->costs_cap * sizeof *S->costs);
        if (!S->costs) die();
    }
    S->cc_name[S->ncc] = name;
    S->cc_kind[S->ncc] = kind;
    memset(&S->costs[S->ncc * BS_NCOUNTERS], 0, BS_NCOUNTERS * sizeof *S->costs);
    return S->ncc++;
}

/* ---- stacks: interned nodes (docs/stacks.md) ------------------------------- */

static uint32_t node_hash(int32_t parent, int32_t cc)
{
    uint64_t h = (uint64_t)(uint32_t)(parent + 1) * 0x9E3779B97F4A7C15ULL
               ^ (uint64_t)(uint32_t)cc * 0xC2B2AE3D27D4EB4FULL;
    return (uint32_t)(h ^ (h >> 29));
}

static int32_t node_lookup(const struct bs *S, int32_t parent, int32_t cc)
{
    if (!S->hash_cap) return -1;
    uint32_t mask = (uint32_t)S->hash_cap - 1;
    for (uint32_t i = node_hash(parent, cc) & mask;; i = (i + 1) & mask) {
        int32_t n = S->hash[i];
        if (n < 0) return -1;
        if (S->nd_parent[n] == parent && S->nd_cc[n] == cc) return n;
    }
}

static void hash_insert(struct bs *S, int32_t n)
{
    uint32_t mask = (uint32_t)S->hash_cap - 1;
    uint32_t i = node_hash(S->nd_parent[n], S->nd_cc[n]) & mask;
    while (S->hash[i] >= 0) i = (i + 1) & mask;
    S->hash[i] = n;
}

/* The stack `parent` with cc on top (parent -1: the one-node stack <cc>),
 * made once; -1 when the table is full. */
static int32_t stack_node(struct bs *S, int32_t parent, int32_t cc)
{
    int32_t n = node_lookup(S, parent, cc);
    if (n >= 0) return n;
    if (S->nnodes >= S->max_nodes) return -1;
    if (S->nnodes == S->nd_cap) {
        S->nd_cap = S->nd_cap ? 2 * S->nd_cap : 256;
        S->nd_parent = realloc(S->nd_parent, (size_t)S->nd_cap * sizeof *S->nd_parent);
        S->nd_cc = realloc(S->nd_cc, (size_t)S->nd_cap * sizeof *S->nd_cc);
        S->nd_depth = realloc(S->nd_depth, (size_t)S->nd_cap * sizeof *S->nd_depth);
        S->nd_costs = realloc(S->nd_costs, (size_t)S->nd_cap * BS_NCOUNTERS * sizeof *S->nd_costs);
        if (!S->nd_parent || !S->nd_cc || !S->nd_depth || !S->nd_costs) die();
    }
    if (2 * (S->nnodes + 1) > S->hash_cap) {     /* load at most one half */
        free(S->hash);
        S->hash_cap = S->hash_cap ? 2 * S->hash_cap : 1024;
        S->hash = malloc((size_t)S->hash_cap * sizeof *S->hash);
        if (!S->hash) die();
        memset(S->hash, 0xff, (size_t)S->hash_cap * sizeof *S->hash);
        for (int32_t k = 0; k < S->nnodes; k++) hash_insert(S, k);
    }
    n = S->nnodes++;
    S->nd_parent[n] = parent;
    S->nd_cc[n] = cc;
    S->nd_depth[n] = parent < 0 ? 1 : S->nd_depth[parent] + 1;
    memset(&S->nd_costs[(size_t)n * BS_NCOUNTERS], 0, BS_NCOUNTERS * sizeof *S->nd_costs);
    hash_insert(S, n);
    return n;
}

static int32_t top(const struct bs *S, int32_t s) { return S->nd_cc[s]; }

/* MAIN, SUB and CAF:x: the cost centres a run's stacks start from. */
static int is_root_cc(const struct bs *S, int32_t c)
{
    return c == 0 || S->cc_kind[c] != BS_CC_PLAIN;
}

/* scc "L" under s: the push policy.  -1: table full. */
static int32_t push(struct bs *S, int32_t L, int32_t s)
{
    switch (S->push) {
    case BS_PUSH_SINGLE: return stack_node(S, -1, L);
    case BS_PUSH_APPEND: return stack_node(S, s, L);
    default:
        /* ghc: L on top already, or L further down (cut back to it: the
         * nearest from the top), or a new top */
        for (int32_t t = s; t >= 0; t = S->nd_parent[t])
            if (S->nd_cc[t] == L) return t;
        return stack_node(S, s, L);
    }
}

/* The stack a function body runs under: Sa the caller's (app1's frame), Sl
 * the lambda's.  ghc: Sl's part after the longest common prefix of the two
 * pushed onto Sa one by one; with no common prefix Sl's bottom is dropped
 * when it is a root (MAIN, SUB, CAF:x).  -1: table full. */
static int32_t call(struct bs *S, int32_t sa, int32_t sl)
{
    if (S->call == BS_CALL_LEXICAL) return sl;
    if (S->call == BS_CALL_EVALUATION) return sa;
    int32_t a = sa, l = sl;
    while (S->nd_depth[a] > S->nd_depth[l]) a = S->nd_parent[a];
    while (S->nd_depth[l] > S->nd_depth[a]) l = S->nd_parent[l];
    while (a != l) { a = S->nd_parent[a]; l = S->nd_parent[l]; }
    int32_t lcp = a;                               /* -1: none */
    int32_t n = 0;
    if (S->nd_depth[sl] > S->path_cap) {
        S->path_cap = S->nd_depth[sl];
        S->path = realloc(S->path, (size_t)S->path_cap * sizeof *S->path);
        if (!S->path) die();
    }
    for (int32_t t = sl; t != lcp; t = S->nd_parent[t]) S->path[n++] = S->nd_cc[t];
    if (lcp < 0 && n > 0 && is_root_cc(S, S->path[n - 1])) n--;
    int32_t r = sa;
    while (n > 0 && r >= 0) r = push(S, S->path[--n], r);
    return r;
}

static void charge(struct bs *S, int32_t s, int counter, uint64_t n)
{
    S->nd_costs[(size_t)s * BS_NCOUNTERS + counter] += n;
}

/* SUB(c, cc) and SUBCAF(c, cc) of docs/semantics.md section 2, on the top
 * of the value's stack z; s the current stack. */
static int32_t sub(const struct bs *S, int32_t z, int32_t s)
{
    return S->cc_kind[top(S, z)] == BS_CC_SUB ? s : z;
}

static int32_t subcaf(const struct bs *S, int32_t z, int32_t s)
{
    int k = S->cc_kind[top(S, z)];
    return k == BS_CC_SUB || k == BS_CC_CAF ? s : z;
}

/* ---- heap ------------------------------------------------------------------ */

static int32_t fresh(struct bs *S, struct bs_expr *e, int32_t stk)
{
    if (S->heap_len == S->heap_cap) {
        S->heap_cap = S->heap_cap ? 2 * S->heap_cap : 1024;
        S->heap = realloc(S->heap, (size_t)S->heap_cap * sizeof *S->heap);
        if (!S->heap) die();
    }
    S->heap[S->heap_len].e = e;
    S->heap[S->heap_len].stk = stk;
    S->heap[S->heap_len].under_eval = 0;
    return S->heap_len++;
}

static int is_value(const struct bs_expr *e)
{
    return e->kind == AST_LAM || e->kind == AST_CON || e->kind == AST_LIT;
}

/* ---- substitution e[ys/xs]: source names xs by heap names ys ------------ */

struct subst { const char **from; const int32_t *to; int n; };

/* The substitution without the names in `bound` (a binder shadows them).
 * Returns 0 if nothing is left to substitute. */
static int shadow(const struct subst *s, const char *const *bound, int nb,
                  struct subst *out, const char **from, int32_t *to)
{
    int k = 0;
    for (int i = 0; i < s->n; i++) {
        int hidden = 0;
        for (int j = 0; j < nb; j++)
            if (s->from[i] == bound[j]) hidden = 1;      /* names are interned */
        if (!hidden) { from[k] = s->from[i]; to[k] = s->to[i]; k++; }
    }
    out->from = from; out->to = to; out->n = k;
    return k;
}

static struct bs_var subst_var(const struct subst *s, struct bs_var v)
{
    if (v.heap >= 0) return v;
    for (int i = 0; i < s->n; i++)
        if (s->from[i] == v.src) {
            struct bs_var h = { NULL, s->to[i] };
            return h;
        }
    return v;
}

#define MAXSUBST 64

static struct bs_expr *subst(struct bs *S, struct bs_expr *e, const struct subst *s)
{
    if (s->n == 0) return e;
    if (s->n > MAXSUBST) { fprintf(stderr, "bigstep: too many names bound at once\n"); exit(3); }
    const char *from[MAXSUBST]; int32_t to[MAXSUBST];
    struct subst in;
    struct bs_expr *r = node(S, e->kind);
    *r = *e;
    switch (e->kind) {
    case AST_LAM:
        if (shadow(s, &e->name, 1, &in, from, to)) r->body = subst(S, e->body, &in);
        break;
    case AST_APP:
        r->var = subst_var(s, e->var);
        r->body = subst(S, e->body, s);
        break;
    case AST_VAR:
        r->var = subst_var(s, e->var);
        break;
    case AST_LET:
        if (shadow(s, e->bnames, e->nbinds, &in, from, to)) {
            r->brhs = alloc(S, (size_t)e->nbinds * sizeof *r->brhs);
            for (int i = 0; i < e->nbinds; i++) r->brhs[i] = subst(S, e->brhs[i], &in);
            r->body = subst(S, e->body, &in);
        }
        break;
    case AST_CON:
        r->args = alloc(S, (size_t)(e->nargs ? e->nargs : 1) * sizeof *r->args);
        for (int i = 0; i < e->nargs; i++) r->args[i] = subst_var(s, e->args[i]);
        break;
    case AST_CASE:
        r->body = subst(S, e->body, s);
        r->alts = alloc(S, (size_t)e->nalts * sizeof *r->alts);
        for (int i = 0; i < e->nalts; i++) {
            r->alts[i] = e->alts[i];
            if (shadow(s, e->alts[i].vars, e->alts[i].nvars, &in, from, to))
                r->alts[i].body = subst(S, e->alts[i].body, &in);
        }
        break;
    case AST_SCC: case AST_SCC_SUB:
        r->body = subst(S, e->body, s);
        break;
    case AST_LIT:
        break;
    case AST_PRIM:
        for (int i = 0; i < 2; i++)
            if (!e->opnd[i].is_lit) r->opnd[i].v = subst_var(s, e->opnd[i].v);
        break;
    }
    return r;
}

static struct bs_expr *subst1(struct bs *S, struct bs_expr *e, const char *x, int32_t y)
{
    struct subst s = { &x, &y, 1 };
    return subst(S, e, &s);
}

/* ---- conversion from the AST: top-level names become heap names 0..ntop-1 */

struct scope { const char **names; int n, cap; };

static void scope_push(struct scope *sc, const char *name)
{
    if (sc->n == sc->cap) {
        sc->cap = sc->cap ? 2 * sc->cap : 64;
        sc->names = realloc(sc->names, (size_t)sc->cap * sizeof *sc->names);
        if (!sc->names) die();
    }
    sc->names[sc->n++] = name;
}

static struct bs_var convert_var(const struct ast_program *p, const struct scope *sc,
                                 const char *name)
{
    struct bs_var v = { name, -1 };
    for (int i = sc->n - 1; i >= 0; i--)
        if (sc->names[i] == name) return v;                 /* names are interned */
    for (int i = 0; i < p->nbinds; i++)
        if (p->binds[i].name == name) { v.src = NULL; v.heap = i; return v; }
    return v;   /* unreachable after front_check */
}

static struct bs_expr *convert(struct bs *S, const struct ast_program *p, struct scope *sc,
                               const struct ast_expr *a)
{
    struct bs_expr *e = node(S, a->kind);
    int mark = sc->n;
    switch (a->kind) {
    case AST_LAM:
        e->name = a->name;
        scope_push(sc, a->name);
        e->body = convert(S, p, sc, a->body);
        break;
    case AST_APP:
        e->var = convert_var(p, sc, a->name);
        e->body = convert(S, p, sc, a->body);
        break;
    case AST_VAR:
        e->var = convert_var(p, sc, a->name);
        break;
    case AST_LET:
        e->nbinds = a->nbinds;
        e->bnames = alloc(S, (size_t)a->nbinds * sizeof *e->bnames);
        e->brhs = alloc(S, (size_t)a->nbinds * sizeof *e->brhs);
        for (int i = 0; i < a->nbinds; i++) {
            e->bnames[i] = a->binds[i].name;
            scope_push(sc, a->binds[i].name);
        }
        for (int i = 0; i < a->nbinds; i++) e->brhs[i] = convert(S, p, sc, a->binds[i].rhs);
        e->body = convert(S, p, sc, a->body);
        break;
    case AST_CON:
        e->name = a->name;
        e->nargs = a->nargs;
        e->args = alloc(S, (size_t)(a->nargs ? a->nargs : 1) * sizeof *e->args);
        for (int i = 0; i < a->nargs; i++) e->args[i] = convert_var(p, sc, a->args[i]);
        break;
    case AST_CASE:
        e->body = convert(S, p, sc, a->body);
        e->nalts = a->nalts;
        e->alts = alloc(S, (size_t)a->nalts * sizeof *e->alts);
        for (int i = 0; i < a->nalts; i++) {
            const struct ast_alt *al = &a->alts[i];
            e->alts[i].con = al->con;
            e->alts[i].vars = al->vars;
            e->alts[i].nvars = al->nvars;
            int m2 = sc->n;
            for (int j = 0; j < al->nvars; j++) scope_push(sc, al->vars[j]);
            e->alts[i].body = convert(S, p, sc, al->body);
            sc->n = m2;
        }
        break;
    case AST_SCC: case AST_SCC_SUB:
        e->name = a->name;
        e->body = convert(S, p, sc, a->body);
        break;
    case AST_LIT:
        e->lit = a->lit;
        break;
    case AST_PRIM: {
        e->op = a->op;
        const struct ast_expr *o[2] = { a->left, a->right };
        for (int i = 0; i < 2; i++) {
            if (o[i]->kind == AST_LIT) { e->opnd[i].is_lit = 1; e->opnd[i].lit = o[i]->lit; }
            else e->opnd[i].v = convert_var(p, sc, o[i]->name);
        }
        break;
    }
    }
    sc->n = mark;
    return e;
}

/* ---- the rules ------------------------------------------------------------ *
 * In each rule `cc` is the current stack (a node of the table above); the
 * flat rules' cost centre is its top. */

enum { K_A, K_C, K_V, K_U, K_H, K_P, K_ENTRIES, K_SUBENTRIES };

struct val { struct bs_expr *z; int32_t s; };   /* value, its stack */

static int eval(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out);

/* One transition of the machine: counted before its premises run, so the
 * count is "steps so far" at any stuck state. */
static int step(struct bs *S)
{
    if (S->steps >= S->max_steps) return BS_STEPS;
    S->steps++;
    return BS_VALUE;
}

/* Var(whnf) and Var(thunk). */
static int rule_var(struct bs *S, struct bs_var x, int32_t cc, struct val *out)
{
    if (x.heap < 0) { fprintf(stderr, "bigstep: free source name %s\n", x.src); exit(3); }
    struct bs_obj *o = &S->heap[x.heap];
    if (o->under_eval) return BS_BLACK_HOLE;
    int st = step(S);
    if (st) return st;
    charge(S, cc, K_V, 1);
    if (is_value(o->e)) {                     /* Var(whnf): R = SUBCAF (fig6) or SUB (fig2) */
        out->z = o->e;
        out->s = S->rules == 0 ? subcaf(S, o->stk, cc) : sub(S, o->stk, cc);
        return BS_VALUE;
    }
    struct val v;                             /* Var(thunk) */
    o->under_eval = 1;                        /* x is absent while e runs */
    st = eval(S, o->e, o->stk, &v);
    o = &S->heap[x.heap];                     /* the heap array may have moved */
    if (st) return st;
    if ((st = step(S))) return st;
    charge(S, v.s, K_U, 1);
    o->e = v.z;
    o->stk = v.s;
    o->under_eval = 0;
    out->z = v.z;
    out->s = S->rules == 0 ? subcaf(S, v.s, cc) : v.s;   /* R' */
    return BS_VALUE;
}

static int rule_app(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    int st = step(S);
    if (st) return st;
    charge(S, cc, K_A, 1);
    struct val f;
    if ((st = eval(S, e->body, cc, &f))) return st;
    if (f.z->kind != AST_LAM) return BS_NOT_A_FUNCTION;
    if ((st = step(S))) return st;
    struct bs_expr *body = subst1(S, f.z->body, f.z->name, e->var.heap);
    int32_t box = call(S, cc, f.s);           /* lexical: ccλ; evaluation: cc */
    if (box < 0) return BS_STACKS;
    return eval(S, body, box, out);
}

static int rule_let(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    int st = step(S);
    if (st) return st;
    charge(S, cc, K_H, (uint64_t)e->nbinds);
    int n = e->nbinds;
    if (n > MAXSUBST) { fprintf(stderr, "bigstep: let too wide\n"); exit(3); }
    int32_t ys[MAXSUBST];
    for (int i = 0; i < n; i++) ys[i] = fresh(S, NULL, cc);
    struct subst s = { e->bnames, ys, n };
    for (int i = 0; i < n; i++) {
        struct bs_expr *rhs = subst(S, e->brhs[i], &s);
        S->heap[ys[i]].e = rhs;
    }
    return eval(S, subst(S, e->body, &s), cc, out);
}

static int rule_case(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    int st = step(S);
    if (st) return st;
    charge(S, cc, K_C, 1);
    struct val v;
    if ((st = eval(S, e->body, cc, &v))) return st;
    for (int i = 0; i < e->nalts; i++) {
        const struct bs_alt *a = &e->alts[i];
        if (a->con == NULL) {                 /* default: matches any value */
            if ((st = step(S))) return st;
            return eval(S, a->body, cc, out);
        }
        if (v.z->kind == AST_CON && strcmp(a->con, v.z->name) == 0) {
            if ((st = step(S))) return st;
            if (a->nvars > MAXSUBST || a->nvars != v.z->nargs) {
                fprintf(stderr, "bigstep: bad pattern arity\n"); exit(3);
            }
            int32_t ys[MAXSUBST];
            for (int j = 0; j < a->nvars; j++) ys[j] = v.z->args[j].heap;
            struct subst s = { a->vars, ys, a->nvars };
            return eval(S, subst(S, a->body, &s), cc, out);
        }
    }
    return BS_NO_ALTERNATIVE;
}

static int rule_scc(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    int st = step(S);
    if (st) return st;
    int32_t s2 = push(S, cc_intern(S, e->name, BS_CC_PLAIN), cc);
    if (s2 < 0) return BS_STACKS;
    if (e->kind == AST_SCC) {                 /* entries to the new stack, subentries to the old */
        charge(S, s2, K_ENTRIES, 1);
        charge(S, cc, K_SUBENTRIES, 1);
    }
    return eval(S, e->body, s2, out);
}

/* 64-bit arithmetic of docs/syntax-and-cli.md (syntax). */
static int arith(enum ast_op op, int64_t x, int64_t y, int64_t *r, int *is_bool)
{
    *is_bool = 0;
    switch (op) {
    case AST_ADD: return __builtin_add_overflow(x, y, r) ? BS_OVERFLOW : BS_VALUE;
    case AST_SUB: return __builtin_sub_overflow(x, y, r) ? BS_OVERFLOW : BS_VALUE;
    case AST_MUL: return __builtin_mul_overflow(x, y, r) ? BS_OVERFLOW : BS_VALUE;
    case AST_DIV:
        if (y == 0) return BS_DIV_ZERO;
        if (x == INT64_MIN && y == -1) return BS_OVERFLOW;
        *r = x / y; return BS_VALUE;
    case AST_MOD:
        if (y == 0) return BS_DIV_ZERO;
        *r = y == -1 ? 0 : x % y; return BS_VALUE;
    default: break;
    }
    *is_bool = 1;
    switch (op) {
    case AST_EQ: *r = x == y; break;
    case AST_NE: *r = x != y; break;
    case AST_LT: *r = x < y; break;
    case AST_LE: *r = x <= y; break;
    case AST_GT: *r = x > y; break;
    default:     *r = x >= y; break;
    }
    return BS_VALUE;
}

static int operand(struct bs *S, const struct bs_operand *o, int32_t cc, int64_t *n)
{
    if (o->is_lit) { *n = o->lit; return BS_VALUE; }   /* Literal: no step */
    struct val v;
    int st = rule_var(S, o->v, cc, &v);
    if (st) return st;
    if (v.z->kind != AST_LIT) return BS_TYPE;
    *n = v.z->lit;
    return BS_VALUE;
}

static int rule_prim(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    int st = step(S);
    if (st) return st;
    charge(S, cc, K_P, 1);
    int first = S->rtl ? 1 : 0;
    int64_t n[2];
    if ((st = operand(S, &e->opnd[first], cc, &n[first]))) return st;
    if ((st = step(S))) return st;
    if ((st = operand(S, &e->opnd[1 - first], cc, &n[1 - first]))) return st;
    int64_t r; int is_bool;
    if ((st = arith(e->op, n[0], n[1], &r, &is_bool))) return st;
    if ((st = step(S))) return st;
    if (is_bool) out->z = r ? S->lit_true : S->lit_false;
    else { out->z = node(S, AST_LIT); out->z->lit = r; }
    out->s = cc;
    return BS_VALUE;
}

static int eval(struct bs *S, struct bs_expr *e, int32_t cc, struct val *out)
{
    if (++S->depth > S->max_depth) return BS_TOO_DEEP;
    int st;
    switch (e->kind) {
    case AST_LAM: case AST_CON: case AST_LIT:          /* Lambda, Constructor, Literal */
        out->z = e; out->s = cc; st = BS_VALUE; break;
    case AST_APP:  st = rule_app(S, e, cc, out); break;
    case AST_VAR:  st = rule_var(S, e->var, cc, out); break;
    case AST_LET:  st = rule_let(S, e, cc, out); break;
    case AST_CASE: st = rule_case(S, e, cc, out); break;
    case AST_SCC: case AST_SCC_SUB: st = rule_scc(S, e, cc, out); break;
    default:       st = rule_prim(S, e, cc, out); break;
    }
    S->depth--;
    return st;
}

/* ---- a whole program -------------------------------------------------------- */

static int rhs_is_value(const struct ast_expr *a)
{
    return a->kind == AST_LAM || a->kind == AST_CON || a->kind == AST_LIT;
}

/* The costs by cost centre: each node's summed into its top's (the flat θ). */
static void fold_costs(struct bs *S)
{
    memset(S->costs, 0, (size_t)S->ncc * BS_NCOUNTERS * sizeof *S->costs);
    for (int32_t n = 0; n < S->nnodes; n++)
        for (int k = 0; k < BS_NCOUNTERS; k++)
            S->costs[(size_t)S->nd_cc[n] * BS_NCOUNTERS + k] += S->nd_costs[(size_t)n * BS_NCOUNTERS + k];
}

struct bs_result bs_eval_program(struct bs *S, const struct ast_program *p, int rules,
                                 int scoping, int rtl, uint64_t max_steps, int max_depth)
{
    struct bs_config c = { rules, BS_PUSH_SINGLE, scoping ? BS_CALL_EVALUATION : BS_CALL_LEXICAL,
                           rtl, max_steps, max_depth, BS_MAX_NODES };
    return bs_eval_config(S, p, &c);
}

struct bs_result bs_eval_config(struct bs *S, const struct ast_program *p,
                                const struct bs_config *cfg)
{
    struct bs_result res = { BS_VALUE, NULL, 0, 0, 0 };
    arena_reset(S);
    S->heap_len = 0; S->ncc = 0;
    S->nnodes = 0;
    if (S->hash) memset(S->hash, 0xff, (size_t)S->hash_cap * sizeof *S->hash);
    S->max_nodes = cfg->max_nodes;
    S->rules = cfg->rules; S->push = cfg->push; S->call = cfg->call; S->rtl = cfg->rtl;
    S->steps = 0; S->max_steps = cfg->max_steps;
    S->depth = 0; S->max_depth = cfg->max_depth;
    S->lit_true = node(S, AST_CON); S->lit_true->name = "True";
    S->lit_false = node(S, AST_CON); S->lit_false->name = "False";
    /* Γinit: main pinned MAIN, values SUB, the others CAF:name; each a
     * one-node stack */
    cc_intern(S, "MAIN", BS_CC_PLAIN);
    cc_intern(S, "SUB", BS_CC_SUB);
    struct scope sc = { 0 };
    int32_t main_name = -1;
    for (int i = 0; i < p->nbinds; i++) {
        const struct ast_binding *b = &p->binds[i];
        int32_t cc;
        if (strcmp(b->name, "main") == 0) { cc = 0; main_name = i; }
        else if (rhs_is_value(b->rhs)) cc = 1;
        else {
            size_t n = strlen(b->name) + 5;
            char *name = alloc(S, n);
            snprintf(name, n, "CAF:%s", b->name);
            cc = cc_intern(S, name, BS_CC_CAF);
        }
        int32_t stk = stack_node(S, -1, cc);
        if (stk < 0) { res.status = BS_STACKS; break; }
        fresh(S, convert(S, p, &sc, b->rhs), stk);
    }
    free(sc.names);
    S->ntop = p->nbinds;
    if (res.status == BS_VALUE) {
        struct bs_var m = { NULL, main_name };
        struct val v;
        int32_t s0 = stack_node(S, -1, 0);
        res.status = s0 < 0 ? BS_STACKS : rule_var(S, m, s0, &v);
        if (res.status == BS_VALUE) { res.value = v.z; res.stack = v.s; res.cc = top(S, v.s); }
    }
    res.steps = S->steps;
    fold_costs(S);
    return res;
}

int32_t bs_ncc(const struct bs *S) { return S->ncc; }
const char *bs_cc_name(const struct bs *S, int32_t cc) { return S->cc_name[cc]; }
uint64_t bs_cost(const struct bs *S, int32_t cc, int counter)
{
    return S->costs[cc * BS_NCOUNTERS + counter];
}
int32_t bs_heap_len(const struct bs *S) { return S->heap_len; }
const struct bs_obj *bs_heap(const struct bs *S, int32_t name) { return &S->heap[name]; }
int32_t bs_ntop(const struct bs *S) { return S->ntop; }

int32_t bs_nnodes(const struct bs *S) { return S->nnodes; }
int32_t bs_node_parent(const struct bs *S, int32_t n) { return S->nd_parent[n]; }
int32_t bs_node_cc(const struct bs *S, int32_t n) { return S->nd_cc[n]; }
int32_t bs_node_depth(const struct bs *S, int32_t n) { return S->nd_depth[n]; }
uint64_t bs_node_cost(const struct bs *S, int32_t n, int counter)
{
    return S->nd_costs[(size_t)n * BS_NCOUNTERS + counter];
}
int32_t bs_node_find(const struct bs *S, int32_t parent, const char *cc)
{
    for (int32_t c = 0; c < S->ncc; c++)
        if (strcmp(S->cc_name[c], cc) == 0) return node_lookup(S, parent, c);
    return -1;
}
