/* gen.c -- the program generator (see gen.h).
 *
 * Generation is by type, into the generator's own tree (tree.h), which is
 * then printed.  Each gen_* function fills the current *hole* (g->hole: the
 * slot of the parent node where the next expression goes) with one
 * expression of its type and leaves the variable context as it found it.
 * Arguments of applications and constructors, and operands of primitives,
 * must be variables (or literals for operands), so a compound argument is
 * let-bound first: arg_var fills the hole with "let v = <arg> in []" and
 * moves the hole to the let's body, where the caller then puts "f v".
 *
 * Termination: no binding can reach itself except through the fixed
 * recursive templates, which recurse on a list tail (lists are finite:
 * built from Nil upwards) or on a counter n-1 guarded by n > 0 and started
 * from v % 5.
 *
 * Surface variety (so that every token and form of the grammar is met):
 * each expression node may get a printing style (redundant parentheses, a
 * comment before it, tabs and newlines as separators), literals leading
 * zeros, primitives no spaces; fresh names sometimes carry primes,
 * underscores or a keyword as prefix; cost-centre names are sometimes odd
 * strings (empty, spaces, "--", UTF-8, a keyword).
 */
#include "gen.h"
#include "tree.h"

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

struct var { char name[16]; int ty; };

struct g {
    uint64_t rng;
    const uint32_t *replay; size_t nreplay, pos; int src;   /* SRC_* */
    const uint8_t *bytes; size_t nbytes, bpos;
    struct gen_choices *rec;
    struct gtree *t;
    struct gnode **hole;     /* where the next expression goes */
    struct var ctx[MAXCTX]; int nctx;
    int fresh, budget;
    int noleaf;          /* the next gen_int may not be a leaf */
    unsigned feat;
};

/* ---- choices ------------------------------------------------------------ */

/* Where choices come from: the seeded PRNG, a recorded choice array, or a
 * byte string (a fuzzer's input, gen_tree_bytes). */
enum { SRC_SEED, SRC_REPLAY, SRC_BYTES };

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

/* A choice among n options from the byte string: one byte when n <= 256,
 * else two (big-endian), each taken modulo n; 0 once the bytes run out, so
 * a short input is a small program and a mutated byte changes one choice. */
static uint32_t from_bytes(struct g *g, int n)
{
    uint32_t v = 0;
    for (int k = n <= 256 ? 1 : 2; k > 0; k--)
        v = (v << 8) | (g->bpos < g->nbytes ? g->bytes[g->bpos++] : 0u);
    return v % (uint32_t)n;
}

/* A choice among n options, 0 the simplest. */
static int draw(struct g *g, int n)
{
    if (n <= 1) return 0;
    uint32_t v;
    if (g->src == SRC_REPLAY)
        v = g->pos < g->nreplay ? g->replay[g->pos] % (uint32_t)n : 0;
    else if (g->src == SRC_BYTES)
        v = from_bytes(g, n);
    else
        v = (uint32_t)(splitmix(&g->rng) % (uint64_t)n);
    g->pos++;
    if (g->rec) rec_push(g->rec, v);
    return (int)v;
}

static int has(const struct g *g, unsigned f) { return (g->feat & f) != 0; }

/* ---- tree nodes ----------------------------------------------------------- */

static char *S(struct g *g, const char *s) { return gtree_str(g->t, s); }

static struct gnode *mk(struct g *g, enum gk k)
{
    struct gnode *n = gtree_alloc(g->t, sizeof *n);
    n->k = k;
    return n;
}

static char **strs(struct g *g, int n, const char *const *v)
{
    char **a = gtree_alloc(g->t, (size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = S(g, v[i]);
    return a;
}

/* Put n into the current hole, with a printing style drawn for it: 0 is
 * plain (the simplest, for the shrinker). */
static struct gnode *emit(struct g *g, struct gnode *n)
{
    int s = draw(g, 64);
    if (s == 60) n->style |= GS_PAREN;
    else if (s == 61) n->style |= GS_COMMENT;
    else if (s == 62) n->style |= GS_TAB;
    else if (s == 63) n->style |= GS_PAREN | GS_COMMENT | GS_TAB;
    else if (s >= 44 && n->k == GK_PRIM) n->style |= GS_TIGHT;
    else if (s >= 52 && n->k == GK_INT) n->style |= GS_ZEROS;
    *g->hole = n;
    g->hole = NULL;
    return n;
}

static struct gnode *var_node(struct g *g, const char *name)
{
    struct gnode *n = mk(g, GK_VAR);
    n->name = S(g, name);
    return n;
}

static struct gnode *int_node(struct g *g, int64_t v)
{
    struct gnode *n = mk(g, GK_INT);
    n->lit = v;
    return n;
}

/* An operand: an integer literal (digits) or a variable name. */
static struct gnode *operand_node(struct g *g, const char *s)
{
    if (s[0] >= '0' && s[0] <= '9') {
        struct gnode *n = int_node(g, strtoll(s, NULL, 10));
        if (draw(g, 8) == 7) n->style |= GS_ZEROS;
        return n;
    }
    return var_node(g, s);
}

static int op_index(const char *op)
{
    for (int i = 0; i < GOP_N; i++)
        if (strcmp(gen_op_text[i], op) == 0) return i;
    fprintf(stderr, "ccm-gen: no operator %s\n", op);
    exit(2);
}

static struct gnode *prim_node(struct g *g, const char *a, const char *op, const char *b)
{
    struct gnode *n = mk(g, GK_PRIM);
    n->l = operand_node(g, a);
    n->op = op_index(op);
    n->r = operand_node(g, b);
    return n;
}

/* f a1 .. an (f a variable) */
static struct gnode *app_node(struct g *g, struct gnode *head, int n, const char *const *args)
{
    struct gnode *a = mk(g, GK_APP);
    a->body = head;
    a->nnames = n;
    a->names = strs(g, n, args);
    return a;
}

static struct gnode *con_node(struct g *g, const char *con, int n, const char *const *args)
{
    struct gnode *c = mk(g, GK_CON);
    c->name = S(g, con);
    c->nnames = n;
    c->names = strs(g, n, args);
    return c;
}

static struct gnode *let_node(struct g *g, int n)
{
    struct gnode *l = mk(g, GK_LET);
    l->nbinds = n;
    l->binds = gtree_alloc(g->t, (size_t)n * sizeof *l->binds);
    return l;
}

/* let name = rhs in body, for fixed templates */
static struct gnode *let1(struct g *g, const char *name, struct gnode *rhs, struct gnode *body)
{
    struct gnode *l = let_node(g, 1);
    l->binds[0].name = S(g, name);
    l->binds[0].rhs = rhs;
    l->body = body;
    return l;
}

static struct gnode *lam_node(struct g *g, int n, const char *const *params, struct gnode *body)
{
    struct gnode *l = mk(g, GK_LAM);
    l->nnames = n;
    l->names = strs(g, n, params);
    l->body = body;
    return l;
}

static struct gnode *case_node(struct g *g, struct gnode *scrut, int nalts)
{
    struct gnode *c = mk(g, GK_CASE);
    c->body = scrut;
    c->nalts = nalts;
    c->alts = gtree_alloc(g->t, (size_t)nalts * sizeof *c->alts);
    return c;
}

static void set_alt(struct g *g, struct galt *a, const char *con, int n, const char *const *vars,
                    struct gnode *body)
{
    a->con = con ? S(g, con) : NULL;
    a->nvars = n;
    a->vars = strs(g, n, vars);
    a->body = body;
}

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

/* A fresh name prefix<k>; one in ten is spelled oddly (a prime, a leading
 * underscore, a keyword as prefix), which the lexer must read as one
 * identifier. */
static void fresh(struct g *g, char *name, const char *prefix)
{
    static const char *const odd[] = { "%s%d'", "_%s%d", "%s_%d", "let%s%d", "in%s%d",
                                       "case%s%d", "scc_%s%d", "%sX%d''", "of%s%d" };
    int k = g->fresh++;
    if (draw(g, 10) == 9) snprintf(name, 16, odd[draw(g, 9)], prefix, k);
    else snprintf(name, 16, "%s%d", prefix, k);
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
    fresh(g, name, prefix);
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

/* A cost-centre name: c0..c4, and one in eight an odd string the lexer
 * must keep whole (no comment, keyword or escape inside a string). */
static void cc_name(struct g *g, char *buf)
{
    static const char *const odd[] = { "", "a b", "--c", "let", "caf:x", "\\", "{;}",
                                       "\xc3\xa9t\xc3\xa9", "MAINx", "c0 ", "\t", "CAF_", "sub" };
    int k = draw(g, 5);
    if (draw(g, 8) == 7) snprintf(buf, 16, "%s", odd[draw(g, (int)(sizeof odd / sizeof odd[0]))]);
    else snprintf(buf, 16, "c%d", k);
}

/* let name = <e of type ty> in [] : fills the hole and moves it to the body. */
static void let_arg(struct g *g, const char *name, int ty, int d)
{
    struct gnode *l = emit(g, let_node(g, 1));
    l->binds[0].name = S(g, name);
    int save = g->nctx;
    push(g, name, T_HIDDEN);           /* let is recursive: hide the name in its rhs */
    g->hole = &l->binds[0].rhs;
    gen(g, ty, d - 1);
    g->nctx = save;
    g->hole = &l->body;
}

/* A variable of type ty for an argument: an existing one, or a new
 * let-bound one (the hole moves into the let's body and the name stays in
 * the context until the caller restores it). */
static void arg_var(struct g *g, int d, int ty, char *name)
{
    const char *v = count_visible(g, ty) > 0 && draw(g, 2) == 0 ? pick(g, ty) : NULL;
    if (v) { strcpy(name, v); return; }
    /* always fresh: the caller may already hold names it will use after */
    fresh(g, name, "a");
    let_arg(g, name, ty, d);
    push(g, name, ty);
}

/* INT64_MIN spelled as the grammar allows: let m = 0 - 9223372036854775807 in m - 1 */
static struct gnode *min64(struct g *g)
{
    return let1(g, "m", prim_node(g, "0", "-", "9223372036854775807"), prim_node(g, "m", "-", "1"));
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
        fresh(g, buf, "a");
        struct gnode *l = emit(g, let_node(g, 1));
        l->binds[0].name = S(g, buf);
        if (form == 0) l->binds[0].rhs = operand_node(g, e);
        else if (form == 1) l->binds[0].rhs = prim_node(g, "0", "-", e);
        else l->binds[0].rhs = let1(g, "m", prim_node(g, "0", "-", e), prim_node(g, "m", "-", "1"));
        g->hole = &l->body;
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
    emit(g, prim_node(g, a, op, b));
}

/* let with 1..3 bindings, possibly referring to each other (acyclically,
 * in either text order), then a body of type ty. */
static void gen_let(struct g *g, int d, int ty)
{
    static const int tys[] = { T_INT, T_BOOL, T_FN, T_LIST, T_FN2, T_BOX };
    struct gnode **h = g->hole;
    int n = 1 + draw(g, 3);
    char names[3][16];
    int btys[3];
    struct gnode *rhs[3] = { 0 };
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
        int inner = g->nctx;
        g->hole = &rhs[i];
        gen(g, btys[i], d - 1);
        g->nctx = inner;
        g->ctx[save + i].ty = btys[i];           /* later rhs may use it */
    }
    int reversed = has(g, F_REC) && draw(g, 2);
    struct gnode *l = let_node(g, n);
    for (int k = 0; k < n; k++) {
        int i = reversed ? n - 1 - k : k;
        l->binds[k].name = S(g, names[i]);
        l->binds[k].rhs = rhs[i];
    }
    g->hole = h;
    emit(g, l);
    g->hole = &l->body;
    gen(g, ty, d - 1);
    g->nctx = save;
}

/* case <scrutinee> of {alts}: fills the hole; the caller fills the alts */
static struct gnode *case_of(struct g *g, int nalts)
{
    struct gnode *c = emit(g, case_node(g, NULL, nalts));
    g->hole = &c->body;
    return c;
}

static void gen_caseb(struct g *g, int d, int ty)
{
    struct gnode *c = case_of(g, 2);
    gen(g, T_BOOL, d - 1);
    c->body->style |= GS_PAREN;                   /* case (b) of ... as it always was */
    int form = draw(g, has(g, F_DEFAULT) ? 4 : 2);
    static const char *first[] = { "True", "False", "True", "False" };
    static const char *second[] = { "False", "True", NULL, NULL };
    set_alt(g, &c->alts[0], first[form], 0, NULL, NULL);
    g->hole = &c->alts[0].body;
    gen(g, ty, d - 1);
    set_alt(g, &c->alts[1], second[form], 0, NULL, NULL);
    g->hole = &c->alts[1].body;
    gen(g, ty, d - 1);
}

static void gen_scc(struct g *g, int d, int ty, int sub)
{
    char cc[16];
    cc_name(g, cc);
    struct gnode *s = mk(g, sub ? GK_SCCSUB : GK_SCC);
    s->name = S(g, cc);
    emit(g, s);
    g->hole = &s->body;
    gen(g, ty, d - 1);
}

/* case on a list with both alternatives or one and a default. */
static void gen_caselist(struct g *g, int d, int ty)
{
    int save = g->nctx;
    char xs[16], h[16], t[16];
    arg_var(g, d, T_LIST, xs);
    int form = draw(g, has(g, F_DEFAULT) ? 4 : 2);
    static const int nalts[] = { 2, 2, 3, 2 };
    struct gnode *c = case_of(g, nalts[form]);
    emit(g, var_node(g, xs));
    int k = 0;
    if (form == 0 || form == 2) {
        set_alt(g, &c->alts[k], "Nil", 0, NULL, NULL);
        g->hole = &c->alts[k++].body;
        gen(g, ty, d - 1);
    }
    if (form != 3) {
        int s2 = g->nctx;
        binder(g, h, "h"); push(g, h, T_INT);
        binder_from(g, t, "t", s2); push(g, t, T_LIST);
        const char *vars[2] = { h, t };
        set_alt(g, &c->alts[k], "Cons", 2, vars, NULL);
        g->hole = &c->alts[k++].body;
        gen(g, ty, d - 1);
        g->nctx = s2;
        if (form == 1) {
            set_alt(g, &c->alts[k], "Nil", 0, NULL, NULL);
            g->hole = &c->alts[k++].body;
            gen(g, ty, d - 1);
        }
    } else {
        set_alt(g, &c->alts[k], "Nil", 0, NULL, NULL);
        g->hole = &c->alts[k++].body;
        gen(g, ty, d - 1);
    }
    if (form >= 2) {
        set_alt(g, &c->alts[k], NULL, 0, NULL, NULL);
        g->hole = &c->alts[k++].body;
        gen(g, ty, d - 1);
    }
    g->nctx = save;
}

/* An application f a1 .. an with f a variable (or, rarely, an integer:
 * not_a_function at run time) or a function expression of type fty. */
static void gen_apply(struct g *g, int d, int fty, int n, const char *const *args)
{
    struct gnode *a = emit(g, app_node(g, NULL, n, args));
    g->hole = &a->body;
    const char *f = draw(g, 2) == 0 ? pick(g, fty) : NULL;
    if (f) emit(g, var_node(g, f));
    else if (draw(g, 200) == 199) emit(g, int_node(g, draw(g, 10)));
    else gen(g, fty, d - 1);
}

static void gen_app(struct g *g, int d)
{
    int save = g->nctx;
    char a[16];
    arg_var(g, d, T_INT, a);
    const char *args[1] = { a };
    gen_apply(g, d, T_FN, 1, args);
    g->nctx = save;
}

static void gen_app2(struct g *g, int d, int partial)
{
    int save = g->nctx;
    char a[16], b[16];
    arg_var(g, d, T_INT, a);
    if (!partial) arg_var(g, d, T_INT, b);
    const char *args[2] = { a, b };
    gen_apply(g, d, T_FN2, partial ? 1 : 2, args);
    g->nctx = save;
}

/* A function-typed variable, let-binding a new function if asked or if
 * none is in scope. */
static void fn_var(struct g *g, int d, char *name)
{
    arg_var(g, d, T_FN, name);
}

/* A counting loop: a recursive let-bound function on n, started at v % 5:
 *   let go = \n -> case n > 0 of {True -> let m = n - 1 in let r = go m in <int>;
 *                                 False -> <int>}          (or _ -> <int>)
 *   in let k = v % 5 in go k                                              */
static void gen_loop(struct g *g, int d)
{
    int save = g->nctx;
    char go[16], n[16], m[16], r[16], k[16], v[16];
    fresh(g, go, "go");
    binder(g, n, "n");
    fresh(g, m, "m");
    fresh(g, r, "r");
    struct gnode *c = case_node(g, prim_node(g, n, ">", "0"), 2);
    const char *ns[1] = { n }, *ms[1] = { m };
    struct gnode *rl = let1(g, r, app_node(g, var_node(g, go), 1, ms), NULL);
    set_alt(g, &c->alts[0], "True", 0, NULL, let1(g, m, prim_node(g, n, "-", "1"), rl));
    struct gnode *lp = let1(g, go, lam_node(g, 1, ns, c), NULL);
    emit(g, lp);
    push(g, go, T_HIDDEN);
    push(g, n, T_INT);
    push(g, r, T_INT);
    g->hole = &rl->body;
    gen_int(g, d - 1);
    g->nctx -= 1;                                   /* r out of scope */
    set_alt(g, &c->alts[1], has(g, F_DEFAULT) && draw(g, 2) ? NULL : "False", 0, NULL, NULL);
    g->hole = &c->alts[1].body;
    gen_int(g, d - 1);
    g->nctx = save;
    push(g, go, T_HIDDEN);                          /* no other calls of go */
    g->hole = &lp->body;
    operand(g, d, v);
    fresh(g, k, "k");
    const char *ks[1] = { k };
    emit(g, let1(g, k, prim_node(g, v, "%", "5"), app_node(g, var_node(g, go), 1, ks)));
    g->nctx = save;
}

/* A thunk shared by two cost centres, then a primitive on two thunks:
 *   let t = <int> in [operand] let u = scc "c1" t + o in
 *   let w = scc(_sub) "c2" o * t in u -/+ w                              */
static void gen_share(struct g *g, int d)
{
    int save = g->nctx;
    char t[16], u[16], w[16], o[16], c1[16], c2[16];
    fresh(g, t, "s");
    fresh(g, u, "s");
    fresh(g, w, "s");
    struct gnode *lt = emit(g, let_node(g, 1));
    lt->binds[0].name = S(g, t);
    g->hole = &lt->binds[0].rhs;
    gen_int(g, d - 1);
    g->hole = &lt->body;
    push(g, t, T_INT);
    cc_name(g, c1); cc_name(g, c2);
    operand(g, d, o);
    struct gnode *s1 = mk(g, GK_SCC), *s2 = mk(g, has(g, F_SCCSUB) && draw(g, 2) ? GK_SCCSUB : GK_SCC);
    s1->name = S(g, c1); s1->body = prim_node(g, t, "+", o);
    s2->name = S(g, c2); s2->body = prim_node(g, o, "*", t);
    emit(g, let1(g, u, s1, let1(g, w, s2, prim_node(g, u, draw(g, 2) ? "-" : "+", w))));
    g->nctx = save;
}

/* Two operands at the 64-bit edges: INT64_MIN / -1, INT64_MIN % -1,
 * overflowing + - *, and their near misses (fatal or not). */
static void gen_edge(struct g *g)
{
    static const struct { const char *a; const char *op; const char *b; int aneg, bneg; } pairs[] = {
        { NULL, "/", "1", 0, 1 }, { NULL, "%", "1", 0, 1 }, { NULL, "/", "1", 0, 0 },
        { NULL, "*", "1", 0, 1 }, { NULL, "-", "1", 0, 0 }, { NULL, "+", "1", 0, 1 },
        { NULL, "%", "2", 0, 0 }, { NULL, "<", "0", 0, 0 },
        { "9223372036854775807", "+", "1", 0, 0 }, { "9223372036854775807", "*", "1", 0, 1 },
        { "9223372036854775807", "-", "1", 0, 1 }, { "9223372036854775807", "%", "1", 0, 1 },
        { "3037000500", "*", "3037000500", 0, 0 }, { "3037000499", "*", "3037000499", 0, 0 },
        { "4611686018427387904", "*", "2", 0, 0 }, { "4611686018427387904", "*", "2", 0, 1 },
        { "7", "/", "2", 1, 0 }, { "7", "%", "2", 1, 0 }, { "7", "/", "2", 0, 1 },
        { "7", "%", "2", 0, 1 }, { "5", "/", "0", 0, 0 }, { "5", "%", "0", 0, 0 },
    };
    int k = draw(g, (int)(sizeof pairs / sizeof pairs[0]));
    char a[16], b[16];
    fresh(g, a, "e");
    fresh(g, b, "e");
    /* a NULL left operand is INT64_MIN; a negative one is 0 - n */
    struct gnode *ra = !pairs[k].a ? min64(g)
                     : pairs[k].aneg ? prim_node(g, "0", "-", pairs[k].a) : operand_node(g, pairs[k].a);
    struct gnode *rb = pairs[k].bneg ? prim_node(g, "0", "-", pairs[k].b) : operand_node(g, pairs[k].b);
    emit(g, let1(g, a, ra, let1(g, b, rb, prim_node(g, a, pairs[k].op, b))));
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
        if (draw(g, 2) && count_visible(g, T_INT)) emit(g, var_node(g, pick(g, T_INT)));
        else emit(g, int_node(g, draw(g, 10)));
        break;
    case O_PRIM:   prim(g, d, 0); break;
    case O_LET:    gen_let(g, d, T_INT); break;
    case O_CASEB:  gen_caseb(g, d, T_INT); break;
    case O_APP:    gen_app(g, d); break;
    case O_SCC:    gen_scc(g, d, T_INT, 0); break;
    case O_SCCSUB: gen_scc(g, d, T_INT, 1); break;
    case O_APP2:   gen_app2(g, d, 0); break;
    case O_TWICE: {
        arg_var(g, d, T_INT, a);
        fn_var(g, d, f);
        const char *args[2] = { f, a };
        emit(g, app_node(g, var_node(g, pick(g, T_HOF)), 2, args));
        break;
    }
    case O_LIST:   gen_caselist(g, d, T_INT); break;
    case O_LSUM: {
        arg_var(g, d, T_LIST, a);
        const char *args[1] = { a };
        emit(g, app_node(g, var_node(g, pick(g, T_LFUN)), 1, args));
        break;
    }
    case O_BOX: {
        char b[16], h[16];
        arg_var(g, d, T_BOX, b);
        arg_var(g, d, T_INT, a);
        fresh(g, h, "g");
        const char *hs[1] = { h }, *as[1] = { a };
        struct gnode *c = case_node(g, var_node(g, b), 1);
        set_alt(g, &c->alts[0], "Box", 1, hs, app_node(g, var_node(g, h), 1, as));
        emit(g, c);
        break;
    }
    case O_LOOP:
        if (draw(g, 12) == 11) {                    /* rarely a black hole (if demanded) */
            fresh(g, a, "b");
            struct gnode *l = emit(g, let1(g, a, prim_node(g, a, "+", "1"), NULL));
            g->hole = &l->body;
            if (draw(g, 2)) emit(g, var_node(g, a));
            else gen_int(g, d - 1);
        } else if (has(g, F_LIST) && draw(g, 4) == 3) {   /* a cyclic list, looked at twice */
            char c[16], h[16], t[16], h2[16], t2[16];
            arg_var(g, d, T_INT, a);
            fresh(g, c, "c");
            fresh(g, h, "h"); fresh(g, t, "t");
            fresh(g, h2, "h"); fresh(g, t2, "t");
            const char *ac[2] = { a, c }, *ht[2] = { h, t }, *ht2[2] = { h2, t2 };
            struct gnode *inner = case_node(g, var_node(g, t), 2);
            set_alt(g, &inner->alts[0], "Cons", 2, ht2, prim_node(g, h2, "+", h));
            set_alt(g, &inner->alts[1], "Nil", 0, NULL, int_node(g, 0));
            struct gnode *outer = case_node(g, var_node(g, c), 2);
            set_alt(g, &outer->alts[0], "Cons", 2, ht, inner);
            set_alt(g, &outer->alts[1], "Nil", 0, NULL, int_node(g, 0));
            emit(g, let1(g, c, con_node(g, "Cons", 2, ac), outer));
        } else {
            gen_loop(g, d);
        }
        break;
    case O_SHARE:  gen_share(g, d); break;
    case O_SEL: {
        arg_var(g, d, T_INT, a);
        arg_var(g, d, T_BOOL, f);
        const char *args[2] = { f, a };
        emit(g, app_node(g, var_node(g, pick(g, T_SEL)), 2, args));
        break;
    }
    case O_EDGE:   gen_edge(g); break;
    case O_CASEDEF: {
        if (draw(g, 2)) fn_var(g, d, a); else arg_var(g, d, T_INT, a);
        struct gnode *c = emit(g, case_node(g, var_node(g, a), 1));
        set_alt(g, &c->alts[0], NULL, 0, NULL, NULL);
        g->hole = &c->alts[0].body;
        gen_int(g, d - 1);
        break;
    }
    }
    g->nctx = save;
}

static void gen_bool(struct g *g, int d)
{
    int c = spend(g, d) ? draw(g, has(g, F_SCC) ? 5 : 4) : 0;
    switch (c) {
    case 0: {
        const char *v = draw(g, 2) ? pick(g, T_BOOL) : NULL;
        if (v) emit(g, var_node(g, v));
        else emit(g, con_node(g, draw(g, 2) ? "True" : "False", 0, NULL));
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
        emit(g, v ? var_node(g, v) : con_node(g, "Nil", 0, NULL));
        break;
    }
    case 1: case 2: {
        arg_var(g, d, T_INT, h);
        arg_var(g, d, T_LIST, t);
        const char *args[2] = { h, t };
        emit(g, con_node(g, "Cons", 2, args));
        break;
    }
    case 3:
        if (count_visible(g, T_MAP)) {
            fn_var(g, d, f);
            arg_var(g, d, T_LIST, t);
            const char *args[2] = { f, t };
            emit(g, app_node(g, var_node(g, pick(g, T_MAP)), 2, args));
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
    const char *xs[1] = { x };
    struct gnode *l = emit(g, lam_node(g, 1, xs, NULL));
    push(g, x, T_INT);
    g->hole = &l->body;
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
        if (v) emit(g, var_node(g, v));
        else { gen_lambda(g, 0); }
        break;
    }
    case 1: gen_lambda(g, d); break;
    case 2:                                        /* scc around a lambda */
        if (has(g, F_SCC) || has(g, F_SCCSUB)) {
            cc_name(g, cc);
            struct gnode *s = mk(g, has(g, F_SCC) ? GK_SCC : GK_SCCSUB);
            s->name = S(g, cc);
            emit(g, s);
            g->hole = &s->body;
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
            const char *args[1] = { a };
            emit(g, app_node(g, var_node(g, pick(g, T_HOF)), 1, args));
        } else gen_lambda(g, d);
        break;
    case 5:
        if (count_visible(g, T_SEL)) {
            arg_var(g, d, T_BOOL, a);
            const char *args[1] = { a };
            emit(g, app_node(g, var_node(g, pick(g, T_SEL)), 1, args));
        } else gen_lambda(g, d);
        break;
    case 6: gen_let(g, d, T_FN); break;            /* let-bound lambdas */
    case 7: gen_caseb(g, d, T_FN); break;          /* a function chosen by a case */
    default:
        if (has(g, F_BOX)) {                        /* a function taken out of a box */
            char b[16], h[16];
            arg_var(g, d, T_BOX, b);
            fresh(g, h, "g");
            const char *hs[1] = { h };
            struct gnode *cs = case_node(g, var_node(g, b), 1);
            set_alt(g, &cs->alts[0], "Box", 1, hs, var_node(g, h));
            emit(g, cs);
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
        if (v) { emit(g, var_node(g, v)); break; }
        /* fall through */
    case 1: {                                       /* \x y -> <int> */
        binder(g, x, "x"); push(g, x, T_INT);
        binder_from(g, y, "y", save); push(g, y, T_INT);
        const char *xy[2] = { x, y };
        struct gnode *l = emit(g, lam_node(g, 2, xy, NULL));
        g->hole = &l->body;
        gen_int(g, d - 1);
        break;
    }
    case 2: {                                       /* \x -> scc "c" \y -> ... */
        binder(g, x, "x"); push(g, x, T_INT);
        const char *xs[1] = { x };
        struct gnode *l = emit(g, lam_node(g, 1, xs, NULL));
        g->hole = &l->body;
        if (has(g, F_SCC)) {
            char cc[16];
            cc_name(g, cc);
            struct gnode *s = mk(g, GK_SCC);
            s->name = S(g, cc);
            emit(g, s);
            g->hole = &s->body;
        }
        gen_fn(g, d - 1);
        break;
    }
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
        if (v) { emit(g, var_node(g, v)); break; }
        /* fall through */
    case 1: {
        fn_var(g, d, f);
        const char *args[1] = { f };
        emit(g, con_node(g, "Box", 1, args));
        break;
    }
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

/* A new top-level binding name = []; the hole is its right-hand side. */
static void top_bind(struct g *g, const char *name)
{
    struct gtree *t = g->t;
    if (t->nbinds == t->capbinds) {
        int cap = t->capbinds ? 2 * t->capbinds : 16;
        struct gbind *b = realloc(t->binds, (size_t)cap * sizeof *b);
        if (!b) { perror("ccm-gen"); exit(2); }
        t->binds = b; t->capbinds = cap;
    }
    struct gbind *b = &t->binds[t->nbinds++];
    b->name = S(g, name);
    b->rhs = NULL;
    g->hole = &b->rhs;
}

/* The fixed templates, as trees. */
static struct gnode *tpl_twice(struct g *g)          /* \f x -> let y = f x in f y */
{
    const char *fx[2] = { "f", "x" }, *x[1] = { "x" }, *y[1] = { "y" };
    return lam_node(g, 2, fx, let1(g, "y", app_node(g, var_node(g, "f"), 1, x),
                                   app_node(g, var_node(g, "f"), 1, y)));
}

/* \xs -> case xs of {Nil -> 0; Cons h t -> let r = NAME t in h + r}  (sum)
 * \xs -> case xs of {Cons h t -> let r = NAME t in 1 + r; Nil|_ -> 0}  (len) */
static struct gnode *tpl_fold(struct g *g, const char *name, int is_len, int dflt)
{
    const char *xs[1] = { "xs" }, *ht[2] = { "h", "t" }, *t1[1] = { "t" };
    struct gnode *c = case_node(g, var_node(g, "xs"), 2);
    struct gnode *cons = let1(g, "r", app_node(g, var_node(g, name), 1, t1),
                              prim_node(g, is_len ? "1" : "h", "+", "r"));
    if (is_len) {
        set_alt(g, &c->alts[0], "Cons", 2, ht, cons);
        set_alt(g, &c->alts[1], dflt ? NULL : "Nil", 0, NULL, int_node(g, 0));
    } else {
        set_alt(g, &c->alts[0], "Nil", 0, NULL, int_node(g, 0));
        set_alt(g, &c->alts[1], "Cons", 2, ht, cons);
    }
    return lam_node(g, 1, xs, c);
}

/* \f xs -> case xs of {Nil -> Nil; Cons h t -> let h2 = f h in let t2 = mapf f t in Cons h2 t2} */
static struct gnode *tpl_mapf(struct g *g)
{
    const char *fxs[2] = { "f", "xs" }, *ht[2] = { "h", "t" }, *h[1] = { "h" },
               *ft[2] = { "f", "t" }, *ht2[2] = { "h2", "t2" };
    struct gnode *c = case_node(g, var_node(g, "xs"), 2);
    set_alt(g, &c->alts[0], "Nil", 0, NULL, con_node(g, "Nil", 0, NULL));
    set_alt(g, &c->alts[1], "Cons", 2, ht,
            let1(g, "h2", app_node(g, var_node(g, "f"), 1, h),
                 let1(g, "t2", app_node(g, var_node(g, "mapf"), 2, ft), con_node(g, "Cons", 2, ht2))));
    return lam_node(g, 2, fxs, c);
}

static void top(struct g *g, const char *name, int ty, struct gnode *rhs)
{
    top_bind(g, name);
    emit(g, rhs);
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
        top_bind(g, name);
        gen_lambda(g, d - 1);
        push(g, name, T_FN);
    }
    if (has(g, F_PARTIAL)) {                     /* add = \x y -> <int> */
        g->budget = 2 * size;
        top_bind(g, "add");
        const char *xy[2] = { "x", "y" };
        struct gnode *l = emit(g, lam_node(g, 2, xy, NULL));
        push(g, "x", T_INT); push(g, "y", T_INT);
        int save = g->nctx - 2;
        g->hole = &l->body;
        gen_int(g, d - 2);
        g->nctx = save;
        push(g, "add", T_FN2);
    }
    if (has(g, F_HOF))
        top(g, "twice", T_HOF, tpl_twice(g));
    if (has(g, F_LIST)) {
        top(g, "sum", T_LFUN, tpl_fold(g, "sum", 0, 0));
        top(g, "len", T_LFUN, tpl_fold(g, "len", 1, has(g, F_DEFAULT)));
        if (has(g, F_HOF))
            top(g, "mapf", T_MAP, tpl_mapf(g));
    }
    if (has(g, F_SEL)) {                         /* sel = \b -> case b of {True -> fn; False -> fn} */
        top_bind(g, "sel");
        const char *b[1] = { "b" };
        struct gnode *c = case_node(g, var_node(g, "b"), 2);
        emit(g, lam_node(g, 1, b, c));
        set_alt(g, &c->alts[0], "True", 0, NULL, NULL);
        set_alt(g, &c->alts[1], "False", 0, NULL, NULL);
        g->hole = &c->alts[0].body;
        gen_fn(g, 1);
        g->hole = &c->alts[1].body;
        gen_fn(g, 1);
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
            top_bind(g, name);
            if (t == T_FN && draw(g, 2)) {        /* a CAF whose value is a function */
                if (draw(g, 2)) gen_caseb(g, 2, T_FN);
                else gen_let(g, 2, T_FN);
            } else {
                gen(g, t, d - 1);
            }
            push(g, name, t);
        }
    }
    static const int mains[] = { T_INT, T_INT, T_INT, T_INT, T_INT, T_BOOL, T_LIST, T_FN };
    int mt = mains[draw(g, 8)];
    if (mt == T_LIST && !has(g, F_LIST)) mt = T_INT;
    g->budget = 6 * size;
    g->noleaf = mt == T_INT;
    top_bind(g, "main");
    gen(g, mt, d + 1);
    if (draw(g, 2)) g->t->style |= GS_NOSEMI;
}

static struct gtree *run(struct g *g, int size)
{
    g->t = calloc(1, sizeof *g->t);
    if (!g->t) { perror("ccm-gen"); exit(2); }
    if (size < 1) size = 1;
    if (size > 40) size = 40;
    program(g, size);
    return g->t;
}

static struct gtree *make(uint64_t seed, const uint32_t *choices, size_t n,
                          const uint8_t *bytes, size_t nbytes, int src,
                          int size, struct gen_choices *rec)
{
    static struct g zero;
    struct g *g = malloc(sizeof *g);
    if (!g) { perror("ccm-gen"); exit(2); }
    *g = zero;
    g->rng = seed * 0x2545F4914F6CDD1DULL + (uint64_t)size;
    g->src = src;
    g->replay = choices;
    g->nreplay = n;
    g->bytes = bytes;
    g->nbytes = nbytes;
    g->rec = rec;
    struct gtree *t = run(g, size);
    free(g);
    return t;
}

struct gtree *gen_tree(uint64_t seed, int size, struct gen_choices *rec)
{
    return make(seed, NULL, 0, NULL, 0, SRC_SEED, size, rec);
}

struct gtree *gen_tree_replay(const uint32_t *choices, size_t n, int size, struct gen_choices *rec)
{
    return make(0, choices, n, NULL, 0, SRC_REPLAY, size, rec);
}

struct gtree *gen_tree_bytes(const uint8_t *bytes, size_t n, struct gen_choices *rec)
{
    int size = n ? 1 + bytes[0] % GEN_BYTES_MAX_SIZE : 1;
    return make(0, NULL, 0, n ? bytes + 1 : NULL, n ? n - 1 : 0, SRC_BYTES, size, rec);
}

static char *text_of(struct gtree *t, size_t *len)
{
    char *p = gtree_print(t, len);
    gtree_free(t);
    return p;
}

char *gen_program(uint64_t seed, int size, size_t *len, struct gen_choices *rec)
{
    return text_of(gen_tree(seed, size, rec), len);
}

char *gen_program_replay(const uint32_t *choices, size_t n, int size, size_t *len,
                         struct gen_choices *rec)
{
    return text_of(gen_tree_replay(choices, n, size, rec), len);
}
