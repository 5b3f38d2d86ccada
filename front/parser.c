/* parser.c -- tokens to the core tree (docs/syntax-and-cli.md (syntax)).
 *
 * Recursive descent with an explicit nesting limit: every nested
 * expression costs one level, and a tree taller than FRONT_MAX_DEPTH is
 * refused ("nesting deeper than ..."), so neither this parser nor any later
 * pass can overflow the C stack.  Height counts the desugared tree: the
 * lambda \x1..xk -> e is k levels, f x1..xk is k levels.
 *
 * Desugaring: \x y -> e  becomes  \x -> \y -> e;  f x y  becomes (f x) y;
 * a head with no arguments is itself (a variable, a literal, (e) = e).
 */
#include <stdlib.h>
#include <string.h>
#include "lexer.h"
#include "hint.h"

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
};

#define MAX_ARGS 1000000   /* arguments of one application/constructor/pattern */

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

static struct ast_expr *parse_expr(struct parser *P, int depth, int *height);

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

static struct ast_expr *parse_lambda(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    next(P);                                        /* \ */
    long n = idents(P);
    if (n < 0) return NULL;
    if (n == 0) { fail(P, P->t->pos, "expected a parameter name after `\\`%s", NULL); return NULL; }
    size_t base = P->nnames - (size_t)n;
    if (expect(P, T_ARROW, "expected `->` after lambda parameters") != 0) return NULL;
    struct ast_expr *body = parse_expr(P, depth + 1, height);
    if (!body) return NULL;
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

/* binding ::= ident "=" expr;  pushed on the binding stack. */
static int parse_binding(struct parser *P, int depth, int *height, const char *where)
{
    struct ast_binding b = { .pos = P->t->pos };
    if (P->t->kind != T_IDENT) return fail(P, P->t->pos, "expected a binding name %s", where);
    b.name = P->t->text;
    next(P);
    if (expect(P, T_EQUALS, "expected `=` after the bound name") != 0) return -1;
    b.rhs = parse_expr(P, depth + 1, height);
    if (!b.rhs) return -1;
    return push_binding(P, &b);
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

static struct ast_expr *parse_let(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = new_expr(P, AST_LET, P->t->pos);
    if (!e) return NULL;
    next(P);                                        /* let */
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

/* alt ::= con { ident } "->" expr  |  "_" "->" expr */
static int parse_alt(struct parser *P, int depth, int *height)
{
    struct ast_alt a = { .pos = P->t->pos };
    if (P->t->kind == T_CON) {
        a.con = P->t->text;
        next(P);
        long n = idents(P);
        if (n < 0) return -1;
        a.nvars = (int)n;
        if (pop_names(P, n, &a.vars, &a.var_pos) != 0) return -1;
    } else if (P->t->kind == T_UNDERSCORE) {
        next(P);
    } else {
        return fail(P, P->t->pos, "expected a constructor pattern or `_` in a case alternative%s", NULL);
    }
    if (expect(P, T_ARROW, a.con ? "expected `->` after the pattern" : "expected `->` after `_`") != 0)
        return -1;
    if (!(a.body = parse_expr(P, depth + 1, height))) return -1;
    return push_alt(P, &a);
}

static struct ast_expr *parse_case(struct parser *P, int depth, int *height)
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

static struct ast_expr *parse_scc(struct parser *P, int depth, int *height)
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

static struct ast_expr *operand(struct parser *P)
{
    struct ast_expr *e = NULL;
    if (P->t->kind == T_IDENT) {
        if ((e = new_expr(P, AST_VAR, P->t->pos))) e->name = P->t->text;
    } else if (P->t->kind == T_INT) {
        if ((e = new_expr(P, AST_LIT, P->t->pos))) e->lit = P->t->num;
    } else {
        fail(P, P->t->pos, "expected a variable or an integer as the second operand%s", NULL);
        return NULL;
    }
    next(P);
    return e;
}

/* An identifier or integer: a primitive if an operator follows, else the
 * head of an application. */
static struct ast_expr *parse_atom_start(struct parser *P, int *height)
{
    if (P->t[1].kind == T_OP) {
        struct ast_expr *e = new_expr(P, AST_PRIM, P->t->pos);
        if (!e || !(e->left = operand(P))) return NULL;
        e->op = P->t->op;
        next(P);
        if (!(e->right = operand(P))) return NULL;
        *height = 1;
        return e;
    }
    struct ast_expr *head = operand(P);
    if (!head) return NULL;
    *height = 1;
    long n = idents(P);
    if (n < 0) return NULL;
    return apply_args(P, head, n, height);
}

static struct ast_expr *parse_con(struct parser *P, int *height)
{
    struct ast_expr *e = new_expr(P, AST_CON, P->t->pos);
    if (!e) return NULL;
    e->name = P->t->text;
    next(P);
    long n = idents(P);
    if (n < 0) return NULL;
    e->nargs = (int)n;
    if (pop_names(P, n, &e->args, &e->arg_pos) != 0) return NULL;
    *height = 1;
    return e;
}

static struct ast_expr *parse_paren(struct parser *P, int depth, int *height)
{
    struct ast_pos open = P->t->pos;
    next(P);                                        /* ( */
    struct ast_expr *e = parse_expr(P, depth + 1, height);
    if (!e) return NULL;
    if (P->t->kind != T_RPAREN) {
        char msg[120];
        snprintf(msg, sizeof msg, "expected `)` to close the `(` at %d:%d", open.line, open.col);
        fail(P, P->t->pos, "%s", msg);
        return NULL;
    }
    next(P);
    long n = idents(P);
    if (n < 0) return NULL;
    return apply_args(P, e, n, height);
}

static struct ast_expr *parse_expr(struct parser *P, int depth, int *height)
{
    if (depth > FRONT_MAX_DEPTH) { too_deep(P, P->t->pos); return NULL; }
    *height = 0;
    struct ast_expr *e;
    switch (P->t->kind) {
    case T_BACKSLASH: e = parse_lambda(P, depth, height); break;
    case T_LET:       e = parse_let(P, depth, height); break;
    case T_CASE:      e = parse_case(P, depth, height); break;
    case T_SCC: case T_SCC_SUB: e = parse_scc(P, depth, height); break;
    case T_CON:       e = parse_con(P, height); break;
    case T_IDENT: case T_INT: e = parse_atom_start(P, height); break;
    case T_LPAREN:    e = parse_paren(P, depth, height); break;
    default:
        fail(P, P->t->pos, "expected an expression%s", NULL);
        return NULL;
    }
    if (e && *height > FRONT_MAX_DEPTH) { too_deep(P, e->pos); return NULL; }
    return e;
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
    int rc = parse_program(&P, out);
    if (rc == 0 && P.t->kind == T_ERROR) rc = fail(&P, P.t->pos, "%s", "");
    free(toks);
    free(P.binds);
    free(P.alts);
    free(P.names);
    free(P.poss);
    if (rc != 0) ast_free(out);
    return rc;
}
