/* parse_expr.c -- the expressions of the surface language (docs/surface.md):
 * operators by precedence climbing (parse_infix, the only place that knows
 * the table), operands, applications and constructors with their atoms,
 * list literals, `if` and SCC pragmas.  Parts the core wants atomic are
 * bound by front/surface.c; the core's own constructs are parser.c's.
 * The nesting limit is kept as parser.c says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parser_internal.h"

/* {-# SCC "name" #-} e  (or {-# SCC name #-} e, as GHC allows) = scc "name" e */
NOINLINE static struct ast_expr *parse_scc_pragma(struct parser *P, int depth, int *height)
{
    struct ast_expr *e = parser_new_expr(P, AST_SCC, P->t->pos);
    if (!e) return NULL;
    parser_next(P);                                        /* {-# */
    if (P->t->kind != T_CON || strcmp(P->t->text, "SCC") != 0) {
        parser_fail(P, P->t->pos, "expected `SCC` after `{-#` (the only pragma ccm reads)%s", NULL);
        return NULL;
    }
    parser_next(P);
    if (P->t->kind != T_STRING && P->t->kind != T_IDENT) {
        parser_fail(P, P->t->pos, "expected a cost-centre name after `{-# SCC`%s", NULL);
        return NULL;
    }
    e->name = P->t->text;
    e->name_pos = P->t->pos;
    parser_next(P);
    if (parser_expect(P, T_PRAGMA_CLOSE, "expected `#-}` to close the `{-# SCC` pragma") != 0) return NULL;
    if (!(e->body = parse_expr(P, depth + 1, height))) return NULL;
    *height += 1;
    return e;
}

/* if c then a else b: a case on True/False (surface_if). */
NOINLINE static struct ast_expr *parse_if(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos, then_pos, else_pos;
    parser_next(P);                                        /* if */
    int hc = 0, ha = 0, hb = 0;
    struct ast_expr *c = parse_expr(P, depth + 1, &hc);
    if (!c) return NULL;
    then_pos = P->t->pos;
    if (parser_expect(P, T_THEN, "expected `then` after the condition of `if`") != 0) return NULL;
    struct ast_expr *a = parse_expr(P, depth + 1, &ha);
    if (!a) return NULL;
    else_pos = P->t->pos;
    if (parser_expect(P, T_ELSE, "expected `else` after the `then` branch (an `if` needs both)") != 0) return NULL;
    struct ast_expr *b = parse_expr(P, depth + 1, &hb);
    if (!b) return NULL;
    struct ast_expr *e = surface_if(&P->S, pos, c, then_pos, a, else_pos, b);
    if (!e) { parser_oom(P); return NULL; }
    *height = (hc > ha ? (hc > hb ? hc : hb) : (ha > hb ? ha : hb)) + 1;
    return e;
}

NOINLINE static void unclosed_paren(struct parser *P, struct ast_pos open)
{
    char msg[120];
    snprintf(msg, sizeof msg, "expected `)` to close the `(` at %d:%d", open.line, open.col);
    parser_fail(P, P->t->pos, "%s", msg);
}

NOINLINE static void chained_comparison(struct parser *P, enum ast_op first)
{
    char msg[200];
    snprintf(msg, sizeof msg, "comparisons do not chain: `%s` follows `%s` (infix 4, non-associative); "
             "put one of them in parentheses", ast_op_text(P->t->op), ast_op_text(first));
    parser_fail_plain(P, P->t->pos, msg);
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
        if ((e = parser_new_expr(P, AST_VAR, P->t->pos))) e->name = P->t->text;
        break;
    case T_INT:
        if ((e = parser_new_expr(P, AST_LIT, P->t->pos))) e->lit = P->t->num;
        break;
    case T_CON:
        if ((e = parser_new_expr(P, AST_CON, P->t->pos))) e->name = P->t->text;
        break;
    case T_LBRACKET:
        return parse_list(P, depth, height);
    case T_LPAREN: {
        struct ast_pos open = P->t->pos;
        parser_next(P);                                    /* ( */
        if (!(e = parse_expr(P, depth + 1, height))) return NULL;
        if (P->t->kind != T_RPAREN) { unclosed_paren(P, open); return NULL; }
        break;
    }
    default:
        parser_fail(P, P->t->pos, "expected an expression%s", NULL);
        return NULL;
    }
    if (!e) return NULL;
    parser_next(P);
    return e;
}

/* The rest of a list after `[` or `,`: e1, ..., en ] as e1 : (e2 : ... : []),
 * read right-recursively (each element one level deeper). */
static struct ast_expr *list_rest(struct parser *P, int depth, int *height)
{
    if (depth > FRONT_MAX_DEPTH) { parser_too_deep(P, P->t->pos); return NULL; }
    struct ast_pos pos = P->t->pos;
    int hh = 0, ht = 0;
    struct ast_expr *head = parse_expr(P, depth + 1, &hh), *tail;
    if (!head) return NULL;
    if (P->t->kind == T_COMMA) {
        parser_next(P);
        if (!(tail = list_rest(P, depth + 1, &ht))) return NULL;
    } else if (P->t->kind == T_RBRACKET) {
        if (!(tail = surface_nil(&P->S, P->t->pos))) { parser_oom(P); return NULL; }
        ht = 1;
        parser_next(P);
    } else {
        parser_fail(P, P->t->pos, "expected `,` or `]` after a list element%s", NULL);
        return NULL;
    }
    struct ast_expr *e = surface_cons(&P->S, pos, head, hh, tail, ht, height);
    if (!e) { parser_oom(P); return NULL; }
    if (*height > FRONT_MAX_DEPTH) { parser_too_deep(P, pos); return NULL; }
    return e;
}

/* "[" "]" is Nil; "[" e1, ..., en "]" is e1 : ... : en : []. */
NOINLINE static struct ast_expr *parse_list(struct parser *P, int depth, int *height)
{
    struct ast_pos pos = P->t->pos;
    parser_next(P);                                        /* [ */
    *height = 1;
    if (P->t->kind == T_RBRACKET) {
        parser_next(P);
        struct ast_expr *e = surface_nil(&P->S, pos);
        if (!e) parser_oom(P);
        return e;
    }
    return list_rest(P, depth, height);
}

static int push_part(struct parser *P, struct ast_expr *e, int height)
{
    struct part *parts = parser_room(P, P->parts, &P->capparts, P->nparts, sizeof *parts);
    if (!parts) return -1;
    P->parts = parts;
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
        if (n >= MAX_ARGS) return parser_fail(P, P->t->pos, "more than %s arguments", "1000000");
        int ha = 0;
        struct ast_expr *a = parse_aexp(P, depth, &ha);
        if (!a || push_part(P, a, ha) != 0) return -1;
        n++;
    }
    for (size_t k = first; k < P->nparts; k++) {
        struct ast_expr *a = P->parts[k].e;
        const char *name = surface_atom_name(&P->S, a, P->parts[k].height, a->pos, role);
        if (!name) return parser_oom(P);
        if (parser_push_name(P, name, a->pos) != 0) return -1;
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
        if ((head = parser_new_expr(P, AST_CON, P->t->pos))) head->name = P->t->text;
        parser_next(P);
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
        if (parser_pop_names(P, n, &head->args, &head->arg_pos) != 0) return NULL;
    } else if (!(e = parser_apply_args(P, head, n, height))) {
        return NULL;
    }
    if (!(e = surface_wrap(&P->S, pending, e, head->pos, height))) { parser_oom(P); return NULL; }
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
        if (*height > FRONT_MAX_DEPTH) { parser_too_deep(P, e->pos); return NULL; }
        int prec = precedence(P->t);
        if (prec == PREC_NONE || prec < min_prec) return e;
        const struct token *op = P->t;
        parser_next(P);
        int hr = 0, hl = *height;
        struct ast_expr *right = parse_infix(P, depth + 1, prec == PREC_CONS ? prec : prec + 1, &hr);
        if (!right) return NULL;
        e = op->kind == T_COLON ? surface_cons(&P->S, e->pos, e, hl, right, hr, height)
                                : surface_prim(&P->S, op->op, e, hl, right, hr, height);
        if (!e) { parser_oom(P); return NULL; }
        if (prec == PREC_CMP && precedence(P->t) == PREC_CMP) { chained_comparison(P, op->op); return NULL; }
    }
}

/* Operands joined by operators binding at least min_prec: the left one
 * read, then while an operator that binds tightly enough follows, its right
 * operand at the next level (the same level for the right-associative `:`)
 * -- so left-associative chains loop here and only `:` chains recurse, each
 * `:` one level deeper. */
struct ast_expr *parse_infix(struct parser *P, int depth, int min_prec, int *height)
{
    if (depth > FRONT_MAX_DEPTH) { parser_too_deep(P, P->t->pos); return NULL; }
    *height = 0;
    struct ast_expr *e = parse_operand(P, depth, height);
    if (!e) return NULL;
    if (*height > FRONT_MAX_DEPTH) { parser_too_deep(P, e->pos); return NULL; }
    return precedence(P->t) == PREC_NONE ? e : infix_rest(P, depth, min_prec, e, height);
}

