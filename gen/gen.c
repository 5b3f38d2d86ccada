/* gen.c -- the program generator (see gen.h).
 *
 * Generation is by type.  Each gen_* function emits one expression of its
 * type into the output buffer and leaves the variable context as it found
 * it.  Arguments of applications and constructors, and operands of
 * primitives, must be variables (or literals for operands), so a compound
 * argument is let-bound first: "let v = <arg> in f v".  Expressions that a
 * parent follows with more text (a case scrutinee, an application head) are
 * parenthesised, because lambda, let, case and scc bodies extend as far
 * right as possible.
 *
 * Termination: no binding can reach itself except through the fixed
 * recursive templates, which recurse on a list tail (lists are finite:
 * built from Nil upwards) or on a counter n-1 guarded by n > 0 and started
 * from v % 5.
 */
#include "gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum ty { T_INT, T_BOOL, T_LIST, T_FN, T_FN2, T_BOX,
          T_HOF, T_LFUN, T_MAP, T_SEL, T_HIDDEN };

/* Features a program may use; drawn per program so that programs vary. */
enum {
    F_CAF = 1 << 0, F_SCC = 1 << 1, F_SCCSUB = 1 << 2, F_REC = 1 << 3,
    F_LIST = 1 << 4, F_BOX = 1 << 5, F_HOF = 1 << 6, F_DEFAULT = 1 << 7,
    F_SHADOW = 1 << 8, F_PARTIAL = 1 << 9, F_SHARE = 1 << 10, F_SEL = 1 << 11,
    F_EDGE = 1 << 12,
    F_NFEATURES = 13
};

#define MAXCTX 1024

struct sb { char *p; size_t n, cap; };

struct var { char name[16]; int ty; };

struct g {
    uint64_t rng;
    const uint32_t *replay; size_t nreplay, pos; int replaying;
    struct gen_choices *rec;
    struct sb *out;
    struct var ctx[MAXCTX]; int nctx;
    int fresh, budget;
    int noleaf;          /* the next gen_int may not be a leaf */
    unsigned feat;
};

/* ---- output ------------------------------------------------------------ */

static void sb_putn(struct sb *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) { perror("ccm-gen"); exit(2); }
        b->p = p; b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void put(struct g *g, const char *s) { sb_putn(g->out, s, strlen(s)); }

/* ---- choices ------------------------------------------------------------ */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rec_push(struct gen_choices *r, uint32_t v)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        uint32_t *p = realloc(r->v, cap * sizeof *p);
        if (!p) { perror("ccm-gen"); exit(2); }
        r->v = p; r->cap = cap;
    }
    r->v[r->n++] = v;
}

/* A choice among n options, 0 the simplest. */
static int draw(struct g *g, int n)
{
    if (n <= 1) return 0;
    uint32_t v;
    if (g->replaying)
        v = g->pos < g->nreplay ? g->replay[g->pos] % (uint32_t)n : 0;
    else
        v = (uint32_t)(splitmix(&g->rng) % (uint64_t)n);
    g->pos++;
    if (g->rec) rec_push(g->rec, v);
    return (int)v;
}

static int has(const struct g *g, unsigned f) { return (g->feat & f) != 0; }

/* ---- the variable context ---------------------------------------------- */

static int visible(const struct g *g, int i)
{
    for (int j = i + 1; j < g->nctx; j++)
        if (strcmp(g->ctx[j].name, g->ctx[i].name) == 0) return 0;
    return 1;
}

/* A visible variable of type ty, or NULL. */
static const char *pick(struct g *g, int ty)
{
    int idx[MAXCTX], k = 0;
    for (int i = 0; i < g->nctx; i++)
        if (g->ctx[i].ty == ty && visible(g, i)) idx[k++] = i;
    if (k == 0) return NULL;
    return g->ctx[idx[draw(g, k)]].name;
}

static int count_visible(const struct g *g, int ty)
{
    int k = 0;
    for (int i = 0; i < g->nctx; i++)
        if (g->ctx[i].ty == ty && visible(g, i)) k++;
    return k;
}

/* Name a new binder: usually fresh, with F_SHADOW sometimes an existing
 * name (of any type) so that scoping is exercised. */
static void binder_from(struct g *g, char *name, const char *prefix, int mark)
{
    if (has(g, F_SHADOW) && g->nctx > 0 && draw(g, 6) == 5) {
        int i = draw(g, g->nctx), dup = 0;
        /* names bound by the same let / pattern / lambda (from mark on) may
         * not repeat; top-level template names keep their special types */
        for (int j = mark; j < g->nctx; j++)
            if (strcmp(g->ctx[j].name, g->ctx[i].name) == 0) dup = 1;
        if (!dup && g->ctx[i].ty < T_HOF) { strcpy(name, g->ctx[i].name); return; }
    }
    snprintf(name, 16, "%s%d", prefix, g->fresh++);
}

static void binder(struct g *g, char *name, const char *prefix)
{
    binder_from(g, name, prefix, g->nctx);
}

static void push(struct g *g, const char *name, int ty)
{
    if (g->nctx >= MAXCTX) { fprintf(stderr, "ccm-gen: context overflow\n"); exit(2); }
    snprintf(g->ctx[g->nctx].name, sizeof g->ctx[0].name, "%s", name);
    g->ctx[g->nctx].ty = ty;
    g->nctx++;
}

/* ---- expressions -------------------------------------------------------- */

static void gen(struct g *g, int ty, int d);
static void gen_int(struct g *g, int d);

static int spend(struct g *g, int d)
{
    if (d <= 0 || g->budget <= 0) return 0;
    g->budget--;
    return 1;
}

static void cc_name(struct g *g, char *buf)
{
    snprintf(buf, 16, "c%d", draw(g, 5));
}

/* An Int variable for an argument: an existing one, or a new let-bound one
 * ("let v = e in" is emitted and v stays in the context until the caller
 * restores it). */
static void arg_var(struct g *g, int d, int ty, char *name)
{
    const char *v = count_visible(g, ty) > 0 && draw(g, 2) == 0 ? pick(g, ty) : NULL;
    if (v) { strcpy(name, v); return; }
    /* always fresh: the caller may already hold names it will use after */
    snprintf(name, 16, "a%d", g->fresh++);
    put(g, "let "); put(g, name); put(g, " = ");
    int save = g->nctx;
    push(g, name, T_HIDDEN);           /* let is recursive: hide the name in its rhs */
    gen(g, ty, d - 1);
    g->nctx = save;
    put(g, " in ");
    push(g, name, ty);
}

/* A primitive operand: a literal, an Int variable, or a let-bound one. */
static void operand(struct g *g, int d, char *buf)
{
    int c = draw(g, 3);
    if (c == 1 && count_visible(g, T_INT) > 0) { strcpy(buf, pick(g, T_INT)); return; }
    if (c == 2 && d > 0) { arg_var(g, d, T_INT, buf); return; }
    if (draw(g, 25) == 24) {
        /* rarely a 64-bit edge: near INT64_MAX, INT64_MIN, sqrt(INT64_MAX),
         * so that overflow and division edge cases are exercised */
        static const char *edge[] = { "9223372036854775807", "4611686018427387904",
                                      "3037000499", "3037000500", "2147483648" };
        const char *e = edge[draw(g, 5)];
        int form = draw(g, 3);
        snprintf(buf, 16, "a%d", g->fresh++);
        put(g, "let "); put(g, buf); put(g, " = ");
        if (form == 0) put(g, e);
        else if (form == 1) { put(g, "0 - "); put(g, e); }
        else { put(g, "let m = 0 - "); put(g, e); put(g, " in m - 1"); }
        put(g, " in ");
        push(g, buf, T_INT);
        return;
    }
    snprintf(buf, 16, "%d", draw(g, 10));
}

static void prim(struct g *g, int d, int boolean)
{
    static const char *arith[] = { "+", "-", "*", "/", "%" };
    static const char *cmp[] = { "<", "==", "/=", "<=", ">", ">=" };
    char a[16], b[16];
    operand(g, d, a);
    const char *op = boolean ? cmp[draw(g, 6)] : arith[draw(g, 5)];
    if ((op[0] == '/' && !op[1]) || op[0] == '%') {
        if (draw(g, 8) == 7) operand(g, d, b);         /* may divide by zero: rare */
        else snprintf(b, sizeof b, "%d", 1 + draw(g, 5));
    } else {
        operand(g, d, b);
    }
    put(g, a); put(g, " "); put(g, op); put(g, " "); put(g, b);
}

/* let with 1..3 bindings, possibly referring to each other (acyclically,
 * in either text order), then a body of type ty. */
static void gen_let(struct g *g, int d, int ty)
{
    static const int tys[] = { T_INT, T_BOOL, T_FN, T_LIST, T_FN2, T_BOX };
    int n = 1 + draw(g, 3);
    char names[3][16];
    int btys[3];
    struct sb rhs[3];
    memset(rhs, 0, sizeof rhs);
    int save = g->nctx;
    for (int i = 0; i < n; i++) {
        binder_from(g, names[i], "v", save);
        int t = tys[draw(g, 6)];
        if ((t == T_LIST && !has(g, F_LIST)) || (t == T_FN2 && !has(g, F_PARTIAL))
            || (t == T_BOX && !has(g, F_BOX)))
            t = T_INT;
        btys[i] = t;
        push(g, names[i], T_HIDDEN);
    }
    for (int i = 0; i < n; i++) {
        struct sb *o = g->out;
        g->out = &rhs[i];
        int inner = g->nctx;
        gen(g, btys[i], d - 1);
        g->nctx = inner;
        g->out = o;
        g->ctx[save + i].ty = btys[i];           /* later rhs may use it */
    }
    int reversed = has(g, F_REC) && draw(g, 2);
    put(g, "let ");
    for (int k = 0; k < n; k++) {
        int i = reversed ? n - 1 - k : k;
        if (k) put(g, "; ");
        put(g, names[i]); put(g, " = "); put(g, rhs[i].p ? rhs[i].p : "0");
        free(rhs[i].p);
    }
    put(g, " in ");
    gen(g, ty, d - 1);
    g->nctx = save;
}

static void gen_bool_scrutinee(struct g *g, int d)
{
    put(g, "case (");
    gen(g, T_BOOL, d - 1);
    put(g, ") of {");
}

static void gen_caseb(struct g *g, int d, int ty)
{
    gen_bool_scrutinee(g, d);
    int form = draw(g, has(g, F_DEFAULT) ? 4 : 2);
    static const char *first[] = { "True -> ", "False -> ", "True -> ", "False -> " };
    static const char *second[] = { "; False -> ", "; True -> ", "; _ -> ", "; _ -> " };
    put(g, first[form]);
    gen(g, ty, d - 1);
    put(g, second[form]);
    gen(g, ty, d - 1);
    put(g, "}");
}

static void gen_scc(struct g *g, int d, int ty, int sub)
{
    char cc[16];
    cc_name(g, cc);
    put(g, sub ? "scc_sub \"" : "scc \""); put(g, cc); put(g, "\" ");
    gen(g, ty, d - 1);
}

/* case on a list with both alternatives or one and a default. */
static void gen_caselist(struct g *g, int d, int ty)
{
    int save = g->nctx;
    char xs[16], h[16], t[16];
    arg_var(g, d, T_LIST, xs);
    put(g, "case "); put(g, xs); put(g, " of {");
    int form = draw(g, has(g, F_DEFAULT) ? 4 : 2);
    if (form == 0 || form == 2) {
        put(g, "Nil -> "); gen(g, ty, d - 1); put(g, "; ");
    }
    if (form != 3) {
        int s2 = g->nctx;
        binder(g, h, "h"); push(g, h, T_INT);
        binder_from(g, t, "t", s2); push(g, t, T_LIST);
        put(g, "Cons "); put(g, h); put(g, " "); put(g, t); put(g, " -> ");
        gen(g, ty, d - 1);
        g->nctx = s2;
        if (form == 1) { put(g, "; Nil -> "); gen(g, ty, d - 1); }
    } else {
        put(g, "Nil -> "); gen(g, ty, d - 1);
    }
    if (form >= 2) { put(g, "; _ -> "); gen(g, ty, d - 1); }
    put(g, "}");
    g->nctx = save;
}

/* An application f a (f : Int -> ty) with f a variable or a parenthesised
 * function expression. */
static void gen_app(struct g *g, int d)
{
    int save = g->nctx;
    char a[16];
    arg_var(g, d, T_INT, a);
    const char *f = draw(g, 2) == 0 ? pick(g, T_FN) : NULL;
    if (f) put(g, f);
    else { put(g, "("); gen(g, T_FN, d - 1); put(g, ")"); }
    put(g, " "); put(g, a);
    g->nctx = save;
}

static void gen_app2(struct g *g, int d, int partial)
{
    int save = g->nctx;
    char a[16], b[16];
    arg_var(g, d, T_INT, a);
    if (!partial) arg_var(g, d, T_INT, b);
    const char *f = draw(g, 2) == 0 ? pick(g, T_FN2) : NULL;
    if (f) put(g, f);
    else { put(g, "("); gen(g, T_FN2, d - 1); put(g, ")"); }
    put(g, " "); put(g, a);
    if (!partial) { put(g, " "); put(g, b); }
    g->nctx = save;
}

/* A function-typed variable, let-binding a new function if asked or if
 * none is in scope. */
static void fn_var(struct g *g, int d, char *name)
{
    arg_var(g, d, T_FN, name);
}

/* A counting loop: a recursive let-bound function on n, started at v % 5. */
static void gen_loop(struct g *g, int d)
{
    int save = g->nctx;
    char go[16], n[16], m[16], r[16], k[16], v[16];
    snprintf(go, 16, "go%d", g->fresh++);
    binder(g, n, "n");
    snprintf(m, 16, "m%d", g->fresh++);
    snprintf(r, 16, "r%d", g->fresh++);
    put(g, "let "); put(g, go); put(g, " = \\"); put(g, n); put(g, " -> case ");
    put(g, n); put(g, " > 0 of {True -> let "); put(g, m); put(g, " = "); put(g, n);
    put(g, " - 1 in let "); put(g, r); put(g, " = "); put(g, go); put(g, " "); put(g, m);
    put(g, " in ");
    push(g, go, T_HIDDEN);
    push(g, n, T_INT);
    push(g, r, T_INT);
    gen_int(g, d - 1);
    g->nctx -= 1;                                   /* r out of scope */
    put(g, has(g, F_DEFAULT) && draw(g, 2) ? "; _ -> " : "; False -> ");
    gen_int(g, d - 1);
    put(g, "} in ");
    g->nctx = save;
    push(g, go, T_HIDDEN);                          /* no other calls of go */
    operand(g, d, v);
    snprintf(k, 16, "k%d", g->fresh++);
    put(g, "let "); put(g, k); put(g, " = "); put(g, v); put(g, " % 5 in ");
    put(g, go); put(g, " "); put(g, k);
    g->nctx = save;
}

/* A thunk shared by two cost centres, then a primitive on two thunks. */
static void gen_share(struct g *g, int d)
{
    int save = g->nctx;
    char t[16], u[16], w[16], o[16], c1[16], c2[16];
    snprintf(t, 16, "s%d", g->fresh++);
    snprintf(u, 16, "s%d", g->fresh++);
    snprintf(w, 16, "s%d", g->fresh++);
    put(g, "let "); put(g, t); put(g, " = ");
    gen_int(g, d - 1);
    put(g, " in ");
    push(g, t, T_INT);
    cc_name(g, c1); cc_name(g, c2);
    operand(g, d, o);
    put(g, "let "); put(g, u); put(g, " = scc \""); put(g, c1); put(g, "\" ");
    put(g, t); put(g, " + "); put(g, o); put(g, " in let "); put(g, w);
    put(g, has(g, F_SCCSUB) && draw(g, 2) ? " = scc_sub \"" : " = scc \"");
    put(g, c2); put(g, "\" ");
    put(g, o); put(g, " * "); put(g, t); put(g, " in ");
    put(g, u); put(g, draw(g, 2) ? " - " : " + "); put(g, w);
    g->nctx = save;
}

static void gen_int(struct g *g, int d)
{
    enum { O_LEAF, O_PRIM, O_LET, O_CASEB, O_APP, O_SCC, O_SCCSUB, O_APP2, O_TWICE,
           O_LIST, O_LSUM, O_BOX, O_LOOP, O_SHARE, O_SEL, O_CASEDEF, O_EDGE, O_N };
    int opts[2 * O_N], n = 0;
    int noleaf = g->noleaf;
    g->noleaf = 0;
    if (!spend(g, d)) opts[n++] = O_LEAF;
    else {
        if (!noleaf) opts[n++] = O_LEAF;
        opts[n++] = O_PRIM; opts[n++] = O_PRIM; opts[n++] = O_LET;
        opts[n++] = O_CASEB; opts[n++] = O_APP;
        if (has(g, F_SCC)) { opts[n++] = O_SCC; opts[n++] = O_SCC; }
        if (has(g, F_SCCSUB)) opts[n++] = O_SCCSUB;
        if (has(g, F_PARTIAL)) opts[n++] = O_APP2;
        if (count_visible(g, T_HOF)) opts[n++] = O_TWICE;
        if (has(g, F_LIST)) opts[n++] = O_LIST;
        if (count_visible(g, T_LFUN)) opts[n++] = O_LSUM;
        if (has(g, F_BOX)) opts[n++] = O_BOX;
        if (has(g, F_REC)) opts[n++] = O_LOOP;
        if (has(g, F_SHARE)) opts[n++] = O_SHARE;
        if (count_visible(g, T_SEL)) opts[n++] = O_SEL;
        if (has(g, F_DEFAULT)) opts[n++] = O_CASEDEF;
        if (has(g, F_EDGE)) { opts[n++] = O_EDGE; opts[n++] = O_EDGE; }
    }
    int save = g->nctx;
    char a[16], f[16];
    switch (opts[draw(g, n)]) {
    case O_LEAF:
        if (draw(g, 2) && count_visible(g, T_INT)) put(g, pick(g, T_INT));
        else { snprintf(a, 16, "%d", draw(g, 10)); put(g, a); }
        break;
    case O_PRIM:   prim(g, d, 0); break;
    case O_LET:    gen_let(g, d, T_INT); break;
    case O_CASEB:  gen_caseb(g, d, T_INT); break;
    case O_APP:    gen_app(g, d); break;
    case O_SCC:    gen_scc(g, d, T_INT, 0); break;
    case O_SCCSUB: gen_scc(g, d, T_INT, 1); break;
    case O_APP2:   gen_app2(g, d, 0); break;
    case O_TWICE:
        arg_var(g, d, T_INT, a);
        fn_var(g, d, f);
        put(g, pick(g, T_HOF)); put(g, " "); put(g, f); put(g, " "); put(g, a);
        break;
    case O_LIST:   gen_caselist(g, d, T_INT); break;
    case O_LSUM:
        arg_var(g, d, T_LIST, a);
        put(g, pick(g, T_LFUN)); put(g, " "); put(g, a);
        break;
    case O_BOX: {
        char b[16], h[16];
        arg_var(g, d, T_BOX, b);
        arg_var(g, d, T_INT, a);
        snprintf(h, 16, "g%d", g->fresh++);
        put(g, "case "); put(g, b); put(g, " of {Box "); put(g, h); put(g, " -> ");
        put(g, h); put(g, " "); put(g, a); put(g, "}");
        break;
    }
    case O_LOOP:
        if (draw(g, 12) == 11) {                    /* rarely a black hole (if demanded) */
            snprintf(a, 16, "b%d", g->fresh++);
            put(g, "let "); put(g, a); put(g, " = "); put(g, a); put(g, " + 1 in ");
            if (draw(g, 2)) put(g, a);
            else gen_int(g, d - 1);
        } else if (has(g, F_LIST) && draw(g, 4) == 3) {   /* a cyclic list, looked at twice */
            char c[16], h[16], t[16], h2[16], t2[16];
            arg_var(g, d, T_INT, a);
            snprintf(c, 16, "c%d", g->fresh++);
            snprintf(h, 16, "h%d", g->fresh++); snprintf(t, 16, "t%d", g->fresh++);
            snprintf(h2, 16, "h%d", g->fresh++); snprintf(t2, 16, "t%d", g->fresh++);
            put(g, "let "); put(g, c); put(g, " = Cons "); put(g, a); put(g, " "); put(g, c);
            put(g, " in case "); put(g, c); put(g, " of {Cons "); put(g, h); put(g, " ");
            put(g, t); put(g, " -> case "); put(g, t); put(g, " of {Cons "); put(g, h2);
            put(g, " "); put(g, t2); put(g, " -> "); put(g, h2); put(g, " + "); put(g, h);
            put(g, "; Nil -> 0}; Nil -> 0}");
        } else {
            gen_loop(g, d);
        }
        break;
    case O_SHARE:  gen_share(g, d); break;
    case O_SEL:
        arg_var(g, d, T_INT, a);
        arg_var(g, d, T_BOOL, f);
        put(g, pick(g, T_SEL)); put(g, " "); put(g, f); put(g, " "); put(g, a);
        break;
    case O_EDGE: {
        /* two operands at the 64-bit edges: INT64_MIN / -1, INT64_MIN % -1,
         * overflowing + - *, and their near misses */
        /* interesting pairs, fatal (overflow, division by zero) and not */
#define MIN64 "let m = 0 - 9223372036854775807 in m - 1"
        static const char *const pairs[][3] = {
            { MIN64, "/", "0 - 1" }, { MIN64, "%", "0 - 1" }, { MIN64, "/", "1" },
            { MIN64, "*", "0 - 1" }, { MIN64, "-", "1" }, { MIN64, "+", "0 - 1" },
            { MIN64, "%", "2" }, { MIN64, "<", "0" },
            { "9223372036854775807", "+", "1" }, { "9223372036854775807", "*", "0 - 1" },
            { "9223372036854775807", "-", "0 - 1" }, { "9223372036854775807", "%", "0 - 1" },
            { "3037000500", "*", "3037000500" }, { "3037000499", "*", "3037000499" },
            { "4611686018427387904", "*", "2" }, { "4611686018427387904", "*", "0 - 2" },
            { "0 - 7", "/", "2" }, { "0 - 7", "%", "2" }, { "7", "/", "0 - 2" },
            { "7", "%", "0 - 2" }, { "5", "/", "0" }, { "5", "%", "0" },
        };
#undef MIN64
        int k = draw(g, (int)(sizeof pairs / sizeof pairs[0]));
        char b[16];
        snprintf(a, 16, "e%d", g->fresh++);
        snprintf(b, 16, "e%d", g->fresh++);
        put(g, "let "); put(g, a); put(g, " = "); put(g, pairs[k][0]); put(g, " in ");
        put(g, "let "); put(g, b); put(g, " = "); put(g, pairs[k][2]); put(g, " in ");
        put(g, a); put(g, " "); put(g, pairs[k][1]); put(g, " "); put(g, b);
        break;
    }
    case O_CASEDEF:
        if (draw(g, 2)) fn_var(g, d, a); else arg_var(g, d, T_INT, a);
        put(g, "case "); put(g, a); put(g, " of {_ -> ");
        gen_int(g, d - 1);
        put(g, "}");
        break;
    }
    g->nctx = save;
}

static void gen_bool(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, has(g, F_SCC) ? 5 : 4) : 0;
    switch (c) {
    case 0: {
        const char *v = draw(g, 2) ? pick(g, T_BOOL) : NULL;
        put(g, v ? v : draw(g, 2) ? "True" : "False");
        break;
    }
    case 1: { int save = g->nctx; prim(g, d, 1); g->nctx = save; break; }
    case 2: gen_let(g, d, T_BOOL); break;
    case 3: gen_caseb(g, d, T_BOOL); break;
    default: gen_scc(g, d, T_BOOL, 0); break;
    }
}

static void gen_list(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, 6) : 0;
    int save = g->nctx;
    char h[16], t[16], f[16];
    switch (c) {
    case 0: {
        const char *v = draw(g, 2) ? pick(g, T_LIST) : NULL;
        put(g, v ? v : "Nil");
        break;
    }
    case 1: case 2:
        arg_var(g, d, T_INT, h);
        arg_var(g, d, T_LIST, t);
        put(g, "Cons "); put(g, h); put(g, " "); put(g, t);
        break;
    case 3:
        if (count_visible(g, T_MAP)) {
            fn_var(g, d, f);
            arg_var(g, d, T_LIST, t);
            put(g, pick(g, T_MAP)); put(g, " "); put(g, f); put(g, " "); put(g, t);
        } else {
            gen_caselist(g, d, T_LIST);
        }
        break;
    case 4: gen_let(g, d, T_LIST); break;
    default: gen_caseb(g, d, T_LIST); break;
    }
    g->nctx = save;
}

static void gen_lambda(struct g *g, int d)
{
    char x[16];
    int save = g->nctx;
    binder(g, x, "x");
    put(g, "\\"); put(g, x); put(g, " -> ");
    push(g, x, T_INT);
    gen_int(g, d - 1);
    g->nctx = save;
}

static void gen_fn(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, 9) : 0;
    int save = g->nctx;
    char a[16], cc[16];
    switch (c) {
    case 0: {
        const char *v = draw(g, 3) ? pick(g, T_FN) : NULL;
        if (v) put(g, v);
        else { gen_lambda(g, 0); }
        break;
    }
    case 1: gen_lambda(g, d); break;
    case 2:                                        /* scc around a lambda */
        if (has(g, F_SCC) || has(g, F_SCCSUB)) {
            cc_name(g, cc);
            put(g, has(g, F_SCC) ? "scc \"" : "scc_sub \""); put(g, cc); put(g, "\" ");
        }
        gen_lambda(g, d);
        break;
    case 3:                                        /* partial application */
        if (has(g, F_PARTIAL)) gen_app2(g, d, 1);
        else gen_lambda(g, d);
        break;
    case 4:
        if (count_visible(g, T_HOF)) {
            fn_var(g, d, a);
            put(g, pick(g, T_HOF)); put(g, " "); put(g, a);
        } else gen_lambda(g, d);
        break;
    case 5:
        if (count_visible(g, T_SEL)) {
            arg_var(g, d, T_BOOL, a);
            put(g, pick(g, T_SEL)); put(g, " "); put(g, a);
        } else gen_lambda(g, d);
        break;
    case 6: gen_let(g, d, T_FN); break;            /* let-bound lambdas */
    case 7: gen_caseb(g, d, T_FN); break;          /* a function chosen by a case */
    default:
        if (has(g, F_BOX)) {                        /* a function taken out of a box */
            char b[16], h[16];
            arg_var(g, d, T_BOX, b);
            snprintf(h, 16, "g%d", g->fresh++);
            put(g, "case "); put(g, b); put(g, " of {Box "); put(g, h); put(g, " -> ");
            put(g, h); put(g, "}");
        } else gen_scc(g, d, T_FN, 0);
        break;
    }
    g->nctx = save;
}

static void gen_fn2(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, 4) : 0;
    int save = g->nctx;
    char x[16], y[16];
    const char *v;
    switch (c) {
    case 0:
        v = draw(g, 2) ? pick(g, T_FN2) : NULL;
        if (v) { put(g, v); break; }
        /* fall through */
    case 1:
        binder(g, x, "x"); push(g, x, T_INT);
        binder_from(g, y, "y", save); push(g, y, T_INT);
        put(g, "\\"); put(g, x); put(g, " "); put(g, y); put(g, " -> ");
        gen_int(g, d - 1);
        break;
    case 2:                                         /* \x -> scc "c" \y -> ... */
        binder(g, x, "x"); push(g, x, T_INT);
        put(g, "\\"); put(g, x); put(g, " -> ");
        if (has(g, F_SCC)) { char cc[16]; cc_name(g, cc); put(g, "scc \""); put(g, cc); put(g, "\" "); }
        gen_fn(g, d - 1);
        break;
    default: gen_let(g, d, T_FN2); break;
    }
    g->nctx = save;
}

static void gen_box(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, 3) : 0;
    int save = g->nctx;
    char f[16];
    const char *v;
    switch (c) {
    case 0:
        v = draw(g, 2) ? pick(g, T_BOX) : NULL;
        if (v) { put(g, v); break; }
        /* fall through */
    case 1:
        fn_var(g, d, f);
        put(g, "Box "); put(g, f);
        break;
    default: gen_caseb(g, d, T_BOX); break;
    }
    g->nctx = save;
}

static void gen(struct g *g, int ty, int d)
{
    switch (ty) {
    case T_INT:  gen_int(g, d); break;
    case T_BOOL: gen_bool(g, d); break;
    case T_LIST: gen_list(g, d); break;
    case T_FN:   gen_fn(g, d); break;
    case T_FN2:  gen_fn2(g, d); break;
    default:     gen_box(g, d); break;
    }
}

/* ---- programs ----------------------------------------------------------- */

static void top(struct g *g, const char *name, int ty, const char *text)
{
    put(g, name); put(g, " = "); put(g, text); put(g, ";\n");
    push(g, name, ty);
}

static void program(struct g *g, int size)
{
    for (int i = 0; i < F_NFEATURES; i++)
        if (draw(g, 4)) g->feat |= 1u << i;
    /* 64-bit edge arithmetic ends in overflow often: in one program in 8 */
    if (has(g, F_EDGE) && draw(g, 6) >= 1) g->feat &= ~(unsigned)F_EDGE;
    int d = size;
    char name[16];
    int nfun = 1 + draw(g, size / 2 + 1);
    for (int i = 0; i < nfun; i++) {            /* first-order Int -> Int functions */
        snprintf(name, 16, "f%d", i);
        g->budget = 2 * size;
        put(g, name); put(g, " = ");
        gen_lambda(g, d - 1);
        put(g, ";\n");
        push(g, name, T_FN);
    }
    if (has(g, F_PARTIAL)) {
        g->budget = 2 * size;
        put(g, "add = \\x y -> ");
        push(g, "x", T_INT); push(g, "y", T_INT);
        int save = g->nctx - 2;
        gen_int(g, d - 2);
        g->nctx = save;
        put(g, ";\n");
        push(g, "add", T_FN2);
    }
    if (has(g, F_HOF))
        top(g, "twice", T_HOF, "\\f x -> let y = f x in f y");
    if (has(g, F_LIST)) {
        top(g, "sum", T_LFUN, "\\xs -> case xs of {Nil -> 0; Cons h t -> let r = sum t in h + r}");
        top(g, "len", T_LFUN, has(g, F_DEFAULT)
            ? "\\xs -> case xs of {Cons h t -> let r = len t in 1 + r; _ -> 0}"
            : "\\xs -> case xs of {Cons h t -> let r = len t in 1 + r; Nil -> 0}");
        if (has(g, F_HOF))
            top(g, "mapf", T_MAP, "\\f xs -> case xs of {Nil -> Nil; Cons h t -> "
                "let h2 = f h in let t2 = mapf f t in Cons h2 t2}");
    }
    if (has(g, F_SEL)) {
        put(g, "sel = \\b -> case b of {True -> ");
        gen_fn(g, 1);
        put(g, "; False -> ");
        gen_fn(g, 1);
        put(g, "};\n");
        push(g, "sel", T_SEL);
    }
    if (has(g, F_CAF)) {                          /* CAFs of every type */
        static const int tys[] = { T_INT, T_FN, T_BOOL, T_LIST, T_BOX, T_FN };
        int ncaf = 1 + draw(g, 3);
        for (int i = 0; i < ncaf; i++) {
            int t = tys[draw(g, 6)];
            if ((t == T_LIST && !has(g, F_LIST)) || (t == T_BOX && !has(g, F_BOX))) t = T_INT;
            snprintf(name, 16, "k%d", i);
            g->budget = 2 * size;
            put(g, name); put(g, " = ");
            if (t == T_FN && draw(g, 2)) {        /* a CAF whose value is a function */
                if (draw(g, 2)) gen_caseb(g, 2, T_FN);
                else gen_let(g, 2, T_FN);
            } else {
                gen(g, t, d - 1);
            }
            put(g, ";\n");
            push(g, name, t);
        }
    }
    static const int mains[] = { T_INT, T_INT, T_INT, T_INT, T_INT, T_BOOL, T_LIST, T_FN };
    int mt = mains[draw(g, 8)];
    if (mt == T_LIST && !has(g, F_LIST)) mt = T_INT;
    g->budget = 6 * size;
    g->noleaf = mt == T_INT;
    put(g, "main = ");
    gen(g, mt, d + 1);
    put(g, ";\n");
}

static char *run(struct g *g, int size, size_t *len)
{
    struct sb out = { 0 };
    g->out = &out;
    if (size < 1) size = 1;
    if (size > 40) size = 40;
    program(g, size);
    if (len) *len = out.n;
    return out.p;
}

char *gen_program(uint64_t seed, int size, size_t *len, struct gen_choices *rec)
{
    static struct g zero;
    struct g *g = malloc(sizeof *g);
    if (!g) { perror("ccm-gen"); exit(2); }
    *g = zero;
    g->rng = seed * 0x2545F4914F6CDD1DULL + (uint64_t)size;
    g->rec = rec;
    char *p = run(g, size, len);
    free(g);
    return p;
}

char *gen_program_replay(const uint32_t *choices, size_t n, int size, size_t *len,
                         struct gen_choices *rec)
{
    static struct g zero;
    struct g *g = malloc(sizeof *g);
    if (!g) { perror("ccm-gen"); exit(2); }
    *g = zero;
    g->replaying = 1;
    g->replay = choices;
    g->nreplay = n;
    g->rec = rec;
    char *p = run(g, size, len);
    free(g);
    return p;
}
