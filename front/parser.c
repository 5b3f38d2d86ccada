/* parser.c -- tokens of the surface language to the core tree
 * (docs/surface.md for the grammar and its desugaring, docs/syntax-and-cli.md
 * for the core, which is a part of it that reads as itself).
 *
 * Recursive descent with an explicit nesting limit: every nested
 * expression costs one level, and a tree taller than FRONT_MAX_DEPTH is
 * refused ("nesting deeper than ..."), so neither this parser nor any later
 * pass can overflow the C stack.  Height counts the desugared tree: the
 * lambda \x1..xk -> e is k levels, f x1..xk is k levels, a `let` the
 * desugaring adds one.
 *
 * Desugaring: \x y -> e  becomes  \x -> \y -> e;  f x y  becomes (f x) y;
 * a head with no arguments is itself (a variable, a literal, (e) = e); every
 * other surface form is built by front/surface.c.  Operators are read by
 * precedence climbing (parse_infix), the only place that knows the table.
 */
#include <stdlib.h>
#include <string.h>
#include "lexer.h"
#include "hint.h"
#include "surface.h"

struct parser {
    const char *file;
    struct ast_arena *arena;
    const struct token *first;    /* all the tokens (hint.c looks around the current one) */
    const struct token *t;        /* current token */
    struct front_diag *err;
    int failed;
    /* scratch stacks: a construct pushes its parts, then copies them out */
    struct ast_binding *binds; size_t nbinds, capbinds;
    struct ast_alt *alts;      size_t nalts, capalts;
    const char **names;        size_t nnames, capnames;
    struct ast_pos *poss;      size_t capposs;   /* parallel to names */
    struct surface S;             /* fresh names and the bindings waiting for their let */
    struct part { struct ast_expr *e; int height; } *parts; size_t nparts, capparts;   /* arguments read, not yet bound */
};

#define MAX_ARGS 1000000   /* arguments of one application/constructor/pattern */
/* Every nesting level passes through parse_infix, parse_operand/parse_fexp
 * and parse_aexp; a construct's own parser keeps its locals out of those
 * frames (inlined, they would all sit in parse_operand's), so that 10000
 * levels fit in the C stack even under AddressSanitizer. */
#define NOINLINE __attribute__((noinline))

static int fail(struct parser *P, struct ast_pos pos, const char *fmt, const char *what)
{
    if (!P->failed) {
        char desc[160];
        token_describe(P->t, desc, sizeof desc);
        if (P->t->kind == T_ERROR)           /* a lexical error wins: it is where we stand */
            front_diag_set(P->err, P->file, P->t->pos, "%s", desc);
        else {
            char msg[400];
            struct hint h;
            snprintf(msg, sizeof msg, fmt, what ? what : "");
            if (!front_hint(P->first, (long)(P->t - P->first), &h))
                front_diag_set(P->err, P->file, pos, "%s, found %s", msg, desc);
            else if (h.replaces)                 /* a construct the core lacks: say that instead */
                front_diag_set(P->err, P->file, h.pos, "%s", h.msg);
            else
                front_diag_set(P->err, P->file, pos, "%s, found %s: %s", msg, desc, h.msg);
        }
    }
    P->failed = 1;
    return -1;
}

/* A message that stands alone (no "found ..." after it). */
static int fail_plain(struct parser *P, struct ast_pos pos, const char *msg)
{
    if (!P->failed) front_diag_set(P->err, P->file, pos, "%s", msg);
    P->failed = 1;
    return -1;
}

static int oom(struct parser *P)
{
    if (!P->failed) front_diag_set(P->err, P->file, P->t->pos, "out of memory");
    P->failed = 1;
    return -1;
}

static int too_deep(struct parser *P, struct ast_pos pos)
{
    if (!P->failed)
        front_diag_set(P->err, P->file, pos, "nesting deeper than %d levels", FRONT_MAX_DEPTH);
    P->failed = 1;
    return -1;
}

static void next(struct parser *P) { if (P->t->kind != T_EOF && P->t->kind != T_ERROR) P->t++; }

static int expect(struct parser *P, enum tok_kind k, const char *msg)
{
    if (P->t->kind != k) return fail(P, P->t->pos, "%s", msg);
    next(P);
    return 0;
}

static struct ast_expr *new_expr(struct parser *P, enum ast_kind k, struct ast_pos pos)
{
    struct ast_expr *e = arena_alloc(P->arena, sizeof *e);
    if (!e) { oom(P); return NULL; }
    e->kind = k;
    e->pos = pos;
    return e;
}

/* Push an identifier (name, pos) on the scratch name stack. */
static int push_name(struct parser *P, const char *name, struct ast_pos pos)
{
    if (P->nnames == P->capnames) {
        size_t cap = P->capnames ? P->capnames * 2 : 64;
        const char **n = realloc(P->names, cap * sizeof *n);
        if (!n) return oom(P);
        P->names = n;
        struct ast_pos *p = realloc(P->poss, cap * sizeof *p);
        if (!p) return oom(P);
        P->poss = p;
        P->capnames = cap;
    }
    P->names[P->nnames] = name;
    P->poss[P->nnames] = pos;
    P->nnames++;
    return 0;
}

/* Zero or more identifiers (arguments, pattern variables); returns their
 * count and leaves them on the name stack from `base`. */
static long idents(struct parser *P)
{
    long n = 0;
    while (P->t->kind == T_IDENT) {
        if (n >= MAX_ARGS) return fail(P, P->t->pos, "more than %s arguments", "1000000");
        if (push_name(P, P->t->text, P->t->pos) != 0) return -1;
        n++;
        next(P);
    }
    return n;
}

/* Copy the top n names off the scratch stack into the arena. */
static int pop_names(struct parser *P, long n, const char ***names, struct ast_pos **pos)
{
    *names = NULL;
    *pos = NULL;
    if (n > 0) {
        *names = arena_alloc(P->arena, (size_t)n * sizeof **names);
        *pos = arena_alloc(P->arena, (size_t)n * sizeof **pos);
        if (!*names || !*pos) return oom(P);
        memcpy(*names, P->names + P->nnames - (size_t)n, (size_t)n * sizeof **names);
        memcpy(*pos, P->poss + P->nnames - (size_t)n, (size_t)n * sizeof **pos);
    }
    P->nnames -= (size_t)n;
    return 0;
}

static struct ast_expr *parse_infix(struct parser *P, int depth, int min_prec, int *height);
static struct ast_expr *infix_rest(struct parser *P, int depth, int min_prec, struct ast_expr *e, int *height);

/* A whole expression: operators over operands, the loosest first.  (Always
 * inlined: a frame of its own on every nesting level would cost stack.) */
__attribute__((always_inline)) static inline struct ast_expr *parse_expr(struct parser *P, int depth, int *height)
{
    return parse_infix(P, depth, 0, height);
}

/* Apply e to the n identifiers on top of the name stack: (e x1) ... xn. */
static struct ast_expr *apply_args(struct parser *P, struct ast_expr *e, long n, int *height)
{
    size_t base = P->nnames - (size_t)n;
    if (n > FRONT_MAX_DEPTH - *height) { too_deep(P, e->pos); return NULL; }
    for (long k = 0; k < n; k++) {
        struct ast_expr *a = new_expr(P, AST_APP, e->pos);
        if (!a) return NULL;
        a->body = e;
        a->name = P->names[base + (size_t)k];
        a->name_pos = P->poss[base + (size_t)k];
        e = a;
    }
    *height += (int)n;
    P->nnames = base;
    return e;
}

/* \p1 -> ... \pn -> body for the n parameters on top of the name stack;
 * the outermost lambda is placed at pos (the `\`, or the first parameter
 * of an equation), the others at their parameters. */
static struct ast_expr *lambdas(struct parser *P, long n, struct ast_expr *body, struct ast_pos pos, int *height)
{
    size_t base = P->nnames - (size_t)n;
    if (n > FRONT_MAX_DEPTH - *height) { too_deep(P, pos); return NULL; }
    for (long k = n - 1; k >= 0; k--) {             /* innermost parameter first */
        struct ast_expr *l = new_expr(P, AST_LAM, k == 0 ? pos : P->poss[base + (size_t)k]);
        if (!l) return NULL;
        l->name = P->names[base + (size_t)k];
        l->name_pos = P->poss[base + (size_t)k];
        l->body = body;
        body = l;
    }
    *height += (int)n;
    P->nnames = base;
    return body;
}

NOINLINE static struct ast_expr *parse_lambda(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    next(P);                                        /* \ */
    long n = idents(P);
    if (n < 0) return NULL;
    if (n == 0) { fail(P, P->t->pos, "expected a parameter name after `\\`%s", NULL); return NULL; }
    if (expect(P, T_ARROW, "expected `->` after lambda parameters") != 0) return NULL;
    struct ast_expr *body = parse_expr(P, depth + 1, height);
    if (!body) return NULL;
    return lambdas(P, n, body, pos, height);
}

static int push_binding(struct parser *P, const struct ast_binding *b)
{
    if (P->nbinds == P->capbinds) {
        size_t cap = P->capbinds ? P->capbinds * 2 : 64;
        struct ast_binding *n = realloc(P->binds, cap * sizeof *n);
        if (!n) return oom(P);
        P->binds = n;
        P->capbinds = cap;
    }
    P->binds[P->nbinds++] = *b;
    return 0;
}

static struct ast_binding *pop_bindings(struct parser *P, size_t base, int *n)
{
    size_t count = P->nbinds - base;
    struct ast_binding *b = arena_alloc(P->arena, count * sizeof *b);
    if (!b) { oom(P); return NULL; }
    if (count) memcpy(b, P->binds + base, count * sizeof *b);
    P->nbinds = base;
    *n = (int)count;
    return b;
}

static int parse_binding(struct parser *P, int depth, int *height, const char *where);

/* The bindings of `{ b1; ...; bn }` (after `where`, or `let {`), with an
 * optional `;` before the `}`, as a `let` around body, placed at pos. */
NOINLINE static struct ast_expr *braced_let(struct parser *P, int depth, struct ast_pos pos,
                                   struct ast_expr *body, int *height, const char *after)
{
    struct ast_pos open = P->t->pos;
    char msg[120];
    snprintf(msg, sizeof msg, "expected `{` %s", after);
    if (expect(P, T_LBRACE, msg) != 0) return NULL;
    struct ast_expr *e = new_expr(P, AST_LET, pos);
    if (!e) return NULL;
    size_t base = P->nbinds;
    int h = *height;
    for (;;) {
        int hb = 0;
        if (parse_binding(P, depth, &hb, after) != 0) return NULL;
        if (hb > h) h = hb;
        if (P->t->kind == T_SEMI) next(P);
        if (P->t->kind == T_RBRACE) { next(P); break; }
        if (P->t[-1].kind != T_SEMI) {
            snprintf(msg, sizeof msg, "expected `;` or `}` (closing the `{` at %d:%d) after a binding",
                     open.line, open.col);
            fail(P, P->t->pos, "%s", msg);
            return NULL;
        }
    }
    if (!(e->binds = pop_bindings(P, base, &e->nbinds))) return NULL;
    e->body = body;
    *height = h + 1;
    return e;
}

/* binding ::= ident { ident } "=" expr [ "where" "{" bindings "}" ];
 * pushed on the binding stack.  `f x y = e where {bs}` is
 * `f = \x -> \y -> let {bs} in e` (the where bindings see the parameters). */
NOINLINE static int parse_binding(struct parser *P, int depth, int *height, const char *where)
{
    struct ast_binding b = { .pos = P->t->pos };
    if (P->t->kind != T_IDENT) return fail(P, P->t->pos, "expected a binding name %s", where);
    b.name = P->t->text;
    next(P);
    struct ast_pos params = P->t->pos;
    long n = idents(P);
    if (n < 0) return -1;
    if (expect(P, T_EQUALS, n ? "expected `=` after the parameters" : "expected `=` after the bound name") != 0)
        return -1;
    b.rhs = parse_expr(P, depth + 1, height);
    if (!b.rhs) return -1;
    if (P->t->kind == T_WHERE) {
        struct ast_pos w = P->t->pos;
        next(P);
        if (!(b.rhs = braced_let(P, depth + 1, w, b.rhs, height, "after `where`"))) return -1;
    }
    if (n > 0 && !(b.rhs = lambdas(P, n, b.rhs, params, height))) return -1;
    return push_binding(P, &b);
}

NOINLINE static struct ast_expr *parse_let(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    next(P);                                        /* let */
    if (P->t->kind == T_LBRACE) {                   /* let { b1; ...; bn } in e */
        *height = 0;
        struct ast_expr *e = braced_let(P, depth, pos, NULL, height, "after `let`");
        if (!e) return NULL;
        if (expect(P, T_IN, "expected `in` after the bindings of `let { ... }`") != 0) return NULL;
        int hb = 0;
        if (!(e->body = parse_expr(P, depth + 1, &hb))) return NULL;
        if (hb + 1 > *height) *height = hb + 1;
        return e;
    }
    struct ast_expr *e = new_expr(P, AST_LET, pos);
    if (!e) return NULL;
    size_t base = P->nbinds;
    int h = 0;
    for (;;) {
        int hb = 0;
        if (parse_binding(P, depth, &hb, "after `let`") != 0) return NULL;
        if (hb > h) h = hb;
        if (P->t->kind == T_SEMI) { next(P); continue; }
        if (P->t->kind == T_IN) { next(P); break; }
        fail(P, P->t->pos, "expected `;` or `in` after a let binding%s", NULL);
        return NULL;
    }
    if (!(e->binds = pop_bindings(P, base, &e->nbinds))) return NULL;
    int hb = 0;
    if (!(e->body = parse_expr(P, depth + 1, &hb))) return NULL;
    if (hb > h) h = hb;
    *height = h + 1;
    return e;
}

static int push_alt(struct parser *P, const struct ast_alt *a)
{
    if (P->nalts == P->capalts) {
        size_t cap = P->capalts ? P->capalts * 2 : 64;
        struct ast_alt *n = realloc(P->alts, cap * sizeof *n);
        if (!n) return oom(P);
        P->alts = n;
        P->capalts = cap;
    }
    P->alts[P->nalts++] = *a;
    return 0;
}

/* alt ::= con { ident } "->" expr  |  "_" "->" expr
 *       | "[" "]" "->" expr  |  ident ":" ident "->" expr    (Nil, Cons x xs) */
static int parse_alt(struct parser *P, int depth, int *height)
{
    struct ast_alt a = { .pos = P->t->pos };
    if (P->t->kind == T_LBRACKET && P->t[1].kind == T_RBRACKET) {
        a.con = P->S.nil;
        next(P); next(P);
    } else if (P->t->kind == T_IDENT && P->t[1].kind == T_COLON && P->t[2].kind == T_IDENT) {
        a.con = P->S.cons;
        if (push_name(P, P->t[0].text, P->t[0].pos) != 0 || push_name(P, P->t[2].text, P->t[2].pos) != 0)
            return -1;
        next(P); next(P); next(P);
        a.nvars = 2;
        if (pop_names(P, 2, &a.vars, &a.var_pos) != 0) return -1;
    } else if (P->t->kind == T_CON) {
        a.con = P->t->text;
        next(P);
        long n = idents(P);
        if (n < 0) return -1;
        a.nvars = (int)n;
        if (pop_names(P, n, &a.vars, &a.var_pos) != 0) return -1;
    } else if (P->t->kind == T_UNDERSCORE) {
        next(P);
    } else {
        return fail(P, P->t->pos, "expected a pattern (`C x y`, `[]`, `x : xs` or `_`) in a case alternative%s", NULL);
    }
    if (expect(P, T_ARROW, a.con ? "expected `->` after the pattern" : "expected `->` after `_`") != 0)
        return -1;
    if (!(a.body = parse_expr(P, depth + 1, height))) return -1;
    return push_alt(P, &a);
}

NOINLINE static struct ast_expr *parse_case(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = new_expr(P, AST_CASE, P->t->pos);
    if (!e) return NULL;
    next(P);                                        /* case */
    int h = 0;
    if (!(e->body = parse_expr(P, depth + 1, &h))) return NULL;
    if (expect(P, T_OF, "expected `of` after the case scrutinee") != 0) return NULL;
    if (expect(P, T_LBRACE, "expected `{` after `of`") != 0) return NULL;
    size_t base = P->nalts;
    for (;;) {
        if (P->nalts > base && P->alts[P->nalts - 1].con == NULL) {
            if (!P->failed)
                front_diag_set(P->err, P->file, P->t->pos,
                               "an alternative after the default `_ ->` (the default must be last)");
            P->failed = 1;
            return NULL;
        }
        int ha = 0;
        if (parse_alt(P, depth, &ha) != 0) return NULL;
        if (ha > h) h = ha;
        if (P->t->kind == T_SEMI) { next(P); continue; }
        if (P->t->kind == T_RBRACE) { next(P); break; }
        fail(P, P->t->pos, "expected `;` or `}` after a case alternative%s", NULL);
        return NULL;
    }
    size_t count = P->nalts - base;
    e->alts = arena_alloc(P->arena, count * sizeof *e->alts);
    if (!e->alts) { oom(P); return NULL; }
    memcpy(e->alts, P->alts + base, count * sizeof *e->alts);
    e->nalts = (int)count;
    P->nalts = base;
    *height = h + 1;
    return e;
}

NOINLINE static struct ast_expr *parse_scc(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = new_expr(P, P->t->kind == T_SCC ? AST_SCC : AST_SCC_SUB, P->t->pos);
    if (!e) return NULL;
    const char *kw = P->t->kind == T_SCC ? "`scc`" : "`scc_sub`";
    next(P);
    if (P->t->kind != T_STRING) { fail(P, P->t->pos, "expected a cost-centre name string after %s", kw); return NULL; }
    e->name = P->t->text;
    e->name_pos = P->t->pos;
    next(P);
    if (!(e->body = parse_expr(P, depth + 1, height))) return NULL;
    *height += 1;
    return e;
}

/* {-# SCC "name" #-} e  (or {-# SCC name #-} e, as GHC allows) = scc "name" e */
NOINLINE static struct ast_expr *parse_scc_pragma(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = new_expr(P, AST_SCC, P->t->pos);
    if (!e) return NULL;
    next(P);                                        /* {-# */
    if (P->t->kind != T_CON || strcmp(P->t->text, "SCC") != 0) {
        fail(P, P->t->pos, "expected `SCC` after `{-#` (the only pragma ccm reads)%s", NULL);
        return NULL;
    }
    next(P);
    if (P->t->kind != T_STRING && P->t->kind != T_IDENT) {
        fail(P, P->t->pos, "expected a cost-centre name after `{-# SCC`%s", NULL);
        return NULL;
    }
    e->name = P->t->text;
    e->name_pos = P->t->pos;
    next(P);
    if (expect(P, T_PRAGMA_CLOSE, "expected `#-}` to close the `{-# SCC` pragma") != 0) return NULL;
    if (!(e->body = parse_expr(P, depth + 1, height))) return NULL;
    *height += 1;
    return e;
}

/* if c then a else b: a case on True/False (surface_if). */
NOINLINE static struct ast_expr *parse_if(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos, then_pos, else_pos;
    next(P);                                        /* if */
    int hc = 0, ha = 0, hb = 0;
    struct ast_expr *c = parse_expr(P, depth + 1, &hc);
    if (!c) return NULL;
    then_pos = P->t->pos;
    if (expect(P, T_THEN, "expected `then` after the condition of `if`") != 0) return NULL;
    struct ast_expr *a = parse_expr(P, depth + 1, &ha);
    if (!a) return NULL;
    else_pos = P->t->pos;
    if (expect(P, T_ELSE, "expected `else` after the `then` branch (an `if` needs both)") != 0) return NULL;
    struct ast_expr *b = parse_expr(P, depth + 1, &hb);
    if (!b) return NULL;
    struct ast_expr *e = surface_if(&P->S, pos, c, then_pos, a, else_pos, b);
    if (!e) { oom(P); return NULL; }
    *height = (hc > ha ? (hc > hb ? hc : hb) : (ha > hb ? ha : hb)) + 1;
    return e;
}

NOINLINE static void unclosed_paren(struct parser *P, struct ast_pos open)
{
    char msg[120];
    snprintf(msg, sizeof msg, "expected `)` to close the `(` at %d:%d", open.line, open.col);
    fail(P, P->t->pos, "%s", msg);
}

NOINLINE static void chained_comparison(struct parser *P, enum ast_op first)
{
    char msg[200];
    snprintf(msg, sizeof msg, "comparisons do not chain: `%s` follows `%s` (infix 4, non-associative); "
             "put one of them in parentheses", ast_op_text(P->t->op), ast_op_text(first));
    fail_plain(P, P->t->pos, msg);
}

/* Can an atomic expression (aexp) start at t? */
static int starts_aexp(const struct token *t)
{
    return t->kind == T_IDENT || t->kind == T_INT || t->kind == T_CON
        || t->kind == T_LPAREN || t->kind == T_LBRACKET;
}

static struct ast_expr *parse_list(struct parser *P, int depth, int *height);

/* aexp ::= ident | integer | Con | "(" expr ")" | list.  A constructor
 * here is nullary (apply one by parenthesising it: `f (Cons x xs)`). */
static struct ast_expr *parse_aexp(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = NULL;
    *height = 1;
    switch (P->t->kind) {
    case T_IDENT:
        if ((e = new_expr(P, AST_VAR, P->t->pos))) e->name = P->t->text;
        break;
    case T_INT:
        if ((e = new_expr(P, AST_LIT, P->t->pos))) e->lit = P->t->num;
        break;
    case T_CON:
        if ((e = new_expr(P, AST_CON, P->t->pos))) e->name = P->t->text;
        break;
    case T_LBRACKET:
        return parse_list(P, depth, height);
    case T_LPAREN: {
        struct ast_pos open = P->t->pos;
        next(P);                                    /* ( */
        if (!(e = parse_expr(P, depth + 1, height))) return NULL;
        if (P->t->kind != T_RPAREN) { unclosed_paren(P, open); return NULL; }
        break;
    }
    default:
        fail(P, P->t->pos, "expected an expression%s", NULL);
        return NULL;
    }
    if (!e) return NULL;
    next(P);
    return e;
}

/* The rest of a list after `[` or `,`: e1, ..., en ] as e1 : (e2 : ... : []),
 * read right-recursively (each element one level deeper). */
static struct ast_expr *list_rest(struct parser *P, int depth, int *height)
{
    if (depth > FRONT_MAX_DEPTH) { too_deep(P, P->t->pos); return NULL; }
    struct ast_pos pos = P->t->pos;
    int hh = 0, ht = 0;
    struct ast_expr *head = parse_expr(P, depth + 1, &hh), *tail;
    if (!head) return NULL;
    if (P->t->kind == T_COMMA) {
        next(P);
        if (!(tail = list_rest(P, depth + 1, &ht))) return NULL;
    } else if (P->t->kind == T_RBRACKET) {
        if (!(tail = surface_nil(&P->S, P->t->pos))) { oom(P); return NULL; }
        ht = 1;
        next(P);
    } else {
        fail(P, P->t->pos, "expected `,` or `]` after a list element%s", NULL);
        return NULL;
    }
    struct ast_expr *e = surface_cons(&P->S, pos, head, hh, tail, ht, height);
    if (!e) { oom(P); return NULL; }
    if (*height > FRONT_MAX_DEPTH) { too_deep(P, pos); return NULL; }
    return e;
}

/* "[" "]" is Nil; "[" e1, ..., en "]" is e1 : ... : en : []. */
NOINLINE static struct ast_expr *parse_list(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    next(P);                                        /* [ */
    *height = 1;
    if (P->t->kind == T_RBRACKET) {
        next(P);
        struct ast_expr *e = surface_nil(&P->S, pos);
        if (!e) oom(P);
        return e;
    }
    return list_rest(P, depth, height);
}

static int push_part(struct parser *P, struct ast_expr *e, int height)
{
    if (P->nparts == P->capparts) {
        size_t cap = P->capparts ? P->capparts * 2 : 64;
        struct part *n = realloc(P->parts, cap * sizeof *n);
        if (!n) return oom(P);
        P->parts = n;
        P->capparts = cap;
    }
    P->parts[P->nparts].e = e;
    P->parts[P->nparts].height = height;
    P->nparts++;
    return 0;
}

/* fexp ::= Con { aexp }  |  aexp { aexp }: a constructor given its fields,
 * or a head applied to arguments.  A field or argument that is not a
 * variable is bound by a `let` around the whole (surface_atom_name). */
/* Read the atoms after a head, then bind each that is not a variable,
 * left to right, once all are read (docs/surface.md (fresh names)), and
 * push the names they are passed by; their count, or -1.  Apart from
 * parse_fexp so that its locals sit on the stack only while arguments are
 * read. */
NOINLINE static long read_parts(struct parser *P, int depth, enum surface_role role)
{
    size_t first = P->nparts;
    long n = 0;
    while (starts_aexp(P->t)) {
        if (n >= MAX_ARGS) return fail(P, P->t->pos, "more than %s arguments", "1000000");
        int ha = 0;
        struct ast_expr *a = parse_aexp(P, depth, &ha);
        if (!a || push_part(P, a, ha) != 0) return -1;
        n++;
    }
    for (size_t k = first; k < P->nparts; k++) {
        struct ast_expr *a = P->parts[k].e;
        const char *name = surface_atom_name(&P->S, a, P->parts[k].height, a->pos, role);
        if (!name) return oom(P);
        if (push_name(P, name, a->pos) != 0) return -1;
    }
    P->nparts = first;
    return n;
}

/* fexp ::= Con { aexp }  |  aexp { aexp }: a constructor given its fields,
 * or a head applied to arguments.  A field or argument that is not a
 * variable is bound by a `let` around the whole (surface_atom_name). */
static struct ast_expr *parse_fexp(struct parser *P, int depth, int *height)
{
    size_t pending = P->S.npending;
    struct ast_expr *head;
    int is_con = P->t->kind == T_CON;      /* a constructor given fields, not (C) applied */
    if (is_con) {
        if ((head = new_expr(P, AST_CON, P->t->pos))) head->name = P->t->text;
        next(P);
        *height = 1;
    } else {
        head = parse_aexp(P, depth, height);
    }
    if (!head) return NULL;
    if (!starts_aexp(P->t)) return head;
    long n = read_parts(P, depth, is_con ? SURFACE_FIELD : SURFACE_ARG);
    if (n < 0) return NULL;
    struct ast_expr *e = head;
    if (is_con) {
        head->nargs = (int)n;
        if (pop_names(P, n, &head->args, &head->arg_pos) != 0) return NULL;
    } else if (!(e = apply_args(P, head, n, height))) {
        return NULL;
    }
    if (!(e = surface_wrap(&P->S, pending, e, head->pos, height))) { oom(P); return NULL; }
    return e;
}

/* An operand of the operators: a block that extends as far right as it can
 * (lambda, let, if, case, scc) or an application. */
static struct ast_expr *parse_operand(struct parser *P, int depth, int *height)
{
    switch (P->t->kind) {
    case T_BACKSLASH: return parse_lambda(P, depth, height);
    case T_LET:       return parse_let(P, depth, height);
    case T_CASE:      return parse_case(P, depth, height);
    case T_IF:        return parse_if(P, depth, height);
    case T_SCC: case T_SCC_SUB: return parse_scc(P, depth, height);
    case T_PRAGMA_OPEN: return parse_scc_pragma(P, depth, height);
    default:          return parse_fexp(P, depth, height);
    }
}

/* Precedence and associativity, as Haskell's Prelude has them. */
enum { PREC_NONE = -1, PREC_CMP = 4, PREC_CONS = 5, PREC_ADD = 6, PREC_MUL = 7 };

static int precedence(const struct token *t)
{
    if (t->kind == T_COLON) return PREC_CONS;              /* infixr 5 */
    if (t->kind != T_OP) return PREC_NONE;
    switch (t->op) {
    case AST_MUL: case AST_DIV: case AST_MOD: return PREC_MUL;   /* infixl 7 */
    case AST_ADD: case AST_SUB: return PREC_ADD;                 /* infixl 6 */
    default: return PREC_CMP;                                    /* infix 4 */
    }
}

/* The operators after the operand e (see parse_infix), apart so that its
 * locals sit on the stack only where an operator is. */
NOINLINE static struct ast_expr *infix_rest(struct parser *P, int depth, int min_prec,
                                            struct ast_expr *e, int *height)
{
    for (;;) {
        if (*height > FRONT_MAX_DEPTH) { too_deep(P, e->pos); return NULL; }
        int prec = precedence(P->t);
        if (prec == PREC_NONE || prec < min_prec) return e;
        const struct token *op = P->t;
        next(P);
        int hr = 0, hl = *height;
        struct ast_expr *right = parse_infix(P, depth + 1, prec == PREC_CONS ? prec : prec + 1, &hr);
        if (!right) return NULL;
        e = op->kind == T_COLON ? surface_cons(&P->S, e->pos, e, hl, right, hr, height)
                                : surface_prim(&P->S, op->op, e, hl, right, hr, height);
        if (!e) { oom(P); return NULL; }
        if (prec == PREC_CMP && precedence(P->t) == PREC_CMP) { chained_comparison(P, op->op); return NULL; }
    }
}

/* Operands joined by operators binding at least min_prec: the left one
 * read, then while an operator that binds tightly enough follows, its right
 * operand at the next level (the same level for the right-associative `:`)
 * -- so left-associative chains loop here and only `:` chains recurse, each
 * `:` one level deeper. */
static struct ast_expr *parse_infix(struct parser *P, int depth, int min_prec, int *height)
{
    if (depth > FRONT_MAX_DEPTH) { too_deep(P, P->t->pos); return NULL; }
    *height = 0;
    struct ast_expr *e = parse_operand(P, depth, height);
    if (!e) return NULL;
    if (*height > FRONT_MAX_DEPTH) { too_deep(P, e->pos); return NULL; }
    return precedence(P->t) == PREC_NONE ? e : infix_rest(P, depth, min_prec, e, height);
}

static int parse_program(struct parser *P, struct ast_program *out)
{
    while (P->t->kind != T_EOF) {
        int h = 0;
        if (parse_binding(P, 0, &h, "at top level") != 0) return -1;
        if (P->t->kind == T_SEMI) { next(P); continue; }
        if (P->t->kind != T_EOF) {
            char msg[200];
            snprintf(msg, sizeof msg, "expected `;` after the binding of `%.60s`",
                     P->binds[P->nbinds - 1].name);
            return fail(P, P->t->pos, "%s", msg);
        }
    }
    int n = 0;
    if (!(out->binds = pop_bindings(P, 0, &n))) return -1;
    out->nbinds = n;
    return 0;
}

int front_parse(const char *file, const char *text, size_t len,
                struct ast_program *out, struct front_diag *err)
{
    memset(out, 0, sizeof *out);
    struct ast_pos start = { 1, 1 };
    out->arena = arena_new();
    if (!out->arena) { front_diag_set(err, file, start, "out of memory"); return -1; }
    struct token *toks = NULL;
    if (lex_all(out->arena, text, len, &toks) < 0) {
        front_diag_set(err, file, start, "out of memory");
        ast_free(out);
        return -1;
    }
    struct parser P = { .file = file, .arena = out->arena, .first = toks, .t = toks, .err = err };
    int rc = surface_init(&P.S, out->arena, toks) == 0 ? parse_program(&P, out) : oom(&P);
    if (rc == 0 && P.t->kind == T_ERROR) rc = fail(&P, P.t->pos, "%s", "");
    free(toks);
    free(P.binds);
    free(P.alts);
    free(P.names);
    free(P.poss);
    free(P.parts);
    surface_free(&P.S);
    if (rc != 0) ast_free(out);
    return rc;
}
