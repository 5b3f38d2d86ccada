/* parser.c -- tokens of the surface language to the core tree
 * (docs/surface.md for the grammar and its desugaring, docs/syntax-and-cli.md
 * for the core, which is a part of it that reads as itself): the program,
 * its bindings, and the constructs the core has; parse_expr.c reads
 * operators, applications, atoms and the other surface forms.
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
 * other surface form is built by front/surface.c.
 */
#include <stdlib.h>
#include <string.h>
#include "parser_internal.h"
#include "hint.h"

int parser_fail(struct parser *P, struct ast_pos pos, const char *fmt, const char *what)
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
            else
                front_diag_set(P->err, P->file, pos, "%s, found %s: %s", msg, desc, h.msg);
        }
    }
    P->failed = 1;
    return -1;
}

/* A message that stands alone (no "found ..." after it). */
int parser_fail_plain(struct parser *P, struct ast_pos pos, const char *msg)
{
    if (!P->failed) front_diag_set(P->err, P->file, pos, "%s", msg);
    P->failed = 1;
    return -1;
}

int parser_oom(struct parser *P)
{
    if (!P->failed) front_diag_set(P->err, P->file, P->t->pos, "out of memory");
    P->failed = 1;
    return -1;
}

int parser_too_deep(struct parser *P, struct ast_pos pos)
{
    if (!P->failed)
        front_diag_set(P->err, P->file, pos, "nesting deeper than %d levels", FRONT_MAX_DEPTH);
    P->failed = 1;
    return -1;
}

void parser_next(struct parser *P) { if (P->t->kind != T_EOF && P->t->kind != T_ERROR) P->t++; }

int parser_expect(struct parser *P, enum tok_kind k, const char *msg)
{
    if (P->t->kind != k) return parser_fail(P, P->t->pos, "%s", msg);
    parser_next(P);
    return 0;
}

struct ast_expr *parser_new_expr(struct parser *P, enum ast_kind k, struct ast_pos pos)
{
    struct ast_expr *e = arena_alloc(P->arena, sizeof *e);
    if (!e) { parser_oom(P); return NULL; }
    e->kind = k;
    e->pos = pos;
    return e;
}

/* Push an identifier (name, pos) on the scratch name stack. */
int parser_push_name(struct parser *P, const char *name, struct ast_pos pos)
{
    if (P->nnames == P->capnames) {
        size_t cap = P->capnames ? P->capnames * 2 : 64;
        const char **n = realloc(P->names, cap * sizeof *n);
        if (!n) return parser_oom(P);
        P->names = n;
        struct ast_pos *p = realloc(P->poss, cap * sizeof *p);
        if (!p) return parser_oom(P);
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
        if (n >= MAX_ARGS) return parser_fail(P, P->t->pos, "more than %s arguments", "1000000");
        if (parser_push_name(P, P->t->text, P->t->pos) != 0) return -1;
        n++;
        parser_next(P);
    }
    return n;
}

/* Copy the top n names off the scratch stack into the arena. */
int parser_pop_names(struct parser *P, long n, const char ***names, struct ast_pos **pos)
{
    *names = NULL;
    *pos = NULL;
    if (n > 0) {
        *names = arena_alloc(P->arena, (size_t)n * sizeof **names);
        *pos = arena_alloc(P->arena, (size_t)n * sizeof **pos);
        if (!*names || !*pos) return parser_oom(P);
        memcpy(*names, P->names + P->nnames - (size_t)n, (size_t)n * sizeof **names);
        memcpy(*pos, P->poss + P->nnames - (size_t)n, (size_t)n * sizeof **pos);
    }
    P->nnames -= (size_t)n;
    return 0;
}


/* Apply e to the n identifiers on top of the name stack: (e x1) ... xn. */
struct ast_expr *parser_apply_args(struct parser *P, struct ast_expr *e, long n, int *height)
{
    size_t base = P->nnames - (size_t)n;
    if (n > FRONT_MAX_DEPTH - *height) { parser_too_deep(P, e->pos); return NULL; }
    for (long k = 0; k < n; k++) {
        struct ast_expr *a = parser_new_expr(P, AST_APP, e->pos);
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
    if (n > FRONT_MAX_DEPTH - *height) { parser_too_deep(P, pos); return NULL; }
    for (long k = n - 1; k >= 0; k--) {             /* innermost parameter first */
        struct ast_expr *l = parser_new_expr(P, AST_LAM, k == 0 ? pos : P->poss[base + (size_t)k]);
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

NOINLINE struct ast_expr *parse_lambda(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    parser_next(P);                                        /* \ */
    long n = idents(P);
    if (n < 0) return NULL;
    if (n == 0) { parser_fail(P, P->t->pos, "expected a parameter name after `\\`%s", NULL); return NULL; }
    if (parser_expect(P, T_ARROW, "expected `->` after lambda parameters") != 0) return NULL;
    struct ast_expr *body = parse_expr(P, depth + 1, height);
    if (!body) return NULL;
    return lambdas(P, n, body, pos, height);
}

void *parser_room(struct parser *P, void *items, size_t *cap, size_t len, size_t size)
{
    if (len < *cap) return items;
    size_t more = *cap ? *cap * 2 : 64;
    void *n = realloc(items, more * size);
    if (!n) { parser_oom(P); return NULL; }
    *cap = more;
    return n;
}

static int push_binding(struct parser *P, const struct ast_binding *b)
{
    struct ast_binding *binds = parser_room(P, P->binds, &P->capbinds, P->nbinds, sizeof *binds);
    if (!binds) return -1;
    P->binds = binds;
    P->binds[P->nbinds++] = *b;
    return 0;
}

static struct ast_binding *pop_bindings(struct parser *P, size_t base, int *n)
{
    size_t count = P->nbinds - base;
    struct ast_binding *b = arena_alloc(P->arena, count * sizeof *b);
    if (!b) { parser_oom(P); return NULL; }
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
    if (parser_expect(P, T_LBRACE, msg) != 0) return NULL;
    struct ast_expr *e = parser_new_expr(P, AST_LET, pos);
    if (!e) return NULL;
    size_t base = P->nbinds;
    int h = *height;
    for (;;) {
        int hb = 0;
        if (parse_binding(P, depth, &hb, after) != 0) return NULL;
        if (hb > h) h = hb;
        if (P->t->kind == T_SEMI) parser_next(P);
        if (P->t->kind == T_RBRACE) { parser_next(P); break; }
        if (P->t[-1].kind != T_SEMI) {
            snprintf(msg, sizeof msg, "expected `;` or `}` (closing the `{` at %d:%d) after a binding",
                     open.line, open.col);
            parser_fail(P, P->t->pos, "%s", msg);
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
    if (P->t->kind != T_IDENT) return parser_fail(P, P->t->pos, "expected a binding name %s", where);
    b.name = P->t->text;
    parser_next(P);
    struct ast_pos params = P->t->pos;
    long n = idents(P);
    if (n < 0) return -1;
    if (parser_expect(P, T_EQUALS, n ? "expected `=` after the parameters" : "expected `=` after the bound name") != 0)
        return -1;
    b.rhs = parse_expr(P, depth + 1, height);
    if (!b.rhs) return -1;
    if (P->t->kind == T_WHERE) {
        struct ast_pos w = P->t->pos;
        parser_next(P);
        if (!(b.rhs = braced_let(P, depth + 1, w, b.rhs, height, "after `where`"))) return -1;
    }
    if (n > 0 && !(b.rhs = lambdas(P, n, b.rhs, params, height))) return -1;
    return push_binding(P, &b);
}

NOINLINE struct ast_expr *parse_let(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    parser_next(P);                                        /* let */
    if (P->t->kind == T_LBRACE) {                   /* let { b1; ...; bn } in e */
        *height = 0;
        struct ast_expr *e = braced_let(P, depth, pos, NULL, height, "after `let`");
        if (!e) return NULL;
        if (parser_expect(P, T_IN, "expected `in` after the bindings of `let { ... }`") != 0) return NULL;
        int hb = 0;
        if (!(e->body = parse_expr(P, depth + 1, &hb))) return NULL;
        if (hb + 1 > *height) *height = hb + 1;
        return e;
    }
    struct ast_expr *e = parser_new_expr(P, AST_LET, pos);
    if (!e) return NULL;
    size_t base = P->nbinds;
    int h = 0;
    for (;;) {
        int hb = 0;
        if (parse_binding(P, depth, &hb, "after `let`") != 0) return NULL;
        if (hb > h) h = hb;
        if (P->t->kind == T_SEMI) { parser_next(P); continue; }
        if (P->t->kind == T_IN) { parser_next(P); break; }
        parser_fail(P, P->t->pos, "expected `;` or `in` after a let binding%s", NULL);
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
        if (!n) return parser_oom(P);
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
        parser_next(P); parser_next(P);
    } else if (P->t->kind == T_IDENT && P->t[1].kind == T_COLON && P->t[2].kind == T_IDENT) {
        a.con = P->S.cons;
        if (parser_push_name(P, P->t[0].text, P->t[0].pos) != 0 || parser_push_name(P, P->t[2].text, P->t[2].pos) != 0)
            return -1;
        parser_next(P); parser_next(P); parser_next(P);
        a.nvars = 2;
        if (parser_pop_names(P, 2, &a.vars, &a.var_pos) != 0) return -1;
    } else if (P->t->kind == T_CON) {
        a.con = P->t->text;
        parser_next(P);
        long n = idents(P);
        if (n < 0) return -1;
        a.nvars = (int)n;
        if (parser_pop_names(P, n, &a.vars, &a.var_pos) != 0) return -1;
    } else if (P->t->kind == T_UNDERSCORE) {
        parser_next(P);
    } else {
        return parser_fail(P, P->t->pos, "expected a pattern (`C x y`, `[]`, `x : xs` or `_`) in a case alternative%s", NULL);
    }
    if (parser_expect(P, T_ARROW, a.con ? "expected `->` after the pattern" : "expected `->` after `_`") != 0)
        return -1;
    if (!(a.body = parse_expr(P, depth + 1, height))) return -1;
    return push_alt(P, &a);
}

NOINLINE struct ast_expr *parse_case(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = parser_new_expr(P, AST_CASE, P->t->pos);
    if (!e) return NULL;
    parser_next(P);                                        /* case */
    int h = 0;
    if (!(e->body = parse_expr(P, depth + 1, &h))) return NULL;
    if (parser_expect(P, T_OF, "expected `of` after the case scrutinee") != 0) return NULL;
    if (parser_expect(P, T_LBRACE, "expected `{` after `of`") != 0) return NULL;
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
        if (P->t->kind == T_SEMI) { parser_next(P); continue; }
        if (P->t->kind == T_RBRACE) { parser_next(P); break; }
        parser_fail(P, P->t->pos, "expected `;` or `}` after a case alternative%s", NULL);
        return NULL;
    }
    size_t count = P->nalts - base;
    e->alts = arena_alloc(P->arena, count * sizeof *e->alts);
    if (!e->alts) { parser_oom(P); return NULL; }
    memcpy(e->alts, P->alts + base, count * sizeof *e->alts);
    e->nalts = (int)count;
    P->nalts = base;
    *height = h + 1;
    return e;
}

NOINLINE struct ast_expr *parse_scc(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = parser_new_expr(P, P->t->kind == T_SCC ? AST_SCC : AST_SCC_SUB, P->t->pos);
    if (!e) return NULL;
    const char *kw = P->t->kind == T_SCC ? "`scc`" : "`scc_sub`";
    parser_next(P);
    if (P->t->kind != T_STRING) { parser_fail(P, P->t->pos, "expected a cost-centre name string after %s", kw); return NULL; }
    e->name = P->t->text;
    e->name_pos = P->t->pos;
    parser_next(P);
    if (!(e->body = parse_expr(P, depth + 1, height))) return NULL;
    *height += 1;
    return e;
}

static int parse_program(struct parser *P, struct ast_program *out)
{
    while (P->t->kind != T_EOF) {
        int h = 0;
        if (parse_binding(P, 0, &h, "at top level") != 0) return -1;
        if (P->t->kind == T_SEMI) { parser_next(P); continue; }
        if (P->t->kind != T_EOF) {
            char msg[200];
            snprintf(msg, sizeof msg, "expected `;` after the binding of `%.60s`",
                     P->binds[P->nbinds - 1].name);
            return parser_fail(P, P->t->pos, "%s", msg);
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
    int rc = surface_init(&P.S, out->arena, toks) == 0 ? parse_program(&P, out) : parser_oom(&P);
    if (rc == 0 && P.t->kind == T_ERROR) rc = parser_fail(&P, P.t->pos, "%s", "");
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
