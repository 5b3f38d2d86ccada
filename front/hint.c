/* hint.c -- friendlier parse errors for two shapes a Haskell reader
 * writes and this language refuses (docs/surface.md (errors that explain)):
 *
 *   f \x -> x, f case ..., f if ..., f let ..., f scc "c" e
 *       an argument is an atom (a name, a literal, a constructor, a list
 *       or a parenthesised expression), so a block needs parentheses;
 *   f = -1, 2 * -x
 *       there is no unary minus; `0 - x` says the same.
 *
 * The parser stops at the block's keyword or at the `-`, with its own
 * message; the hint follows it, at the same place.  Only the tokens next to
 * that point are read. */
#include <stdio.h>
#include <string.h>
#include "hint.h"

/* One token as source text. */
static void tok_text(const struct token *t, char *buf, size_t cap)
{
    switch (t->kind) {
    case T_IDENT: case T_CON: snprintf(buf, cap, "%.40s", t->text); break;
    case T_INT:    snprintf(buf, cap, "%lld", (long long)t->num); break;
    case T_STRING: snprintf(buf, cap, "\"%.40s\"", t->text); break;
    default: {
        char d[80];
        token_describe(t, d, sizeof d);              /* "`let`": drop the backquotes */
        size_t n = strlen(d);
        if (n >= 2 && d[0] == '`' && d[n - 1] == '`') snprintf(buf, cap, "%.*s", (int)(n - 2 < 60 ? n - 2 : 60), d + 1);
        else snprintf(buf, cap, "%.60s", d);
    }
    }
}

static int starts_block(const struct token *t)
{
    return t->kind == T_BACKSLASH || t->kind == T_LET || t->kind == T_CASE || t->kind == T_IF
        || t->kind == T_SCC || t->kind == T_SCC_SUB || t->kind == T_PRAGMA_OPEN;
}

/* Does an atom (so possibly an application's head or argument) end at t? */
static int ends_atom(const struct token *t)
{
    return t->kind == T_IDENT || t->kind == T_INT || t->kind == T_CON
        || t->kind == T_RPAREN || t->kind == T_RBRACKET;
}

/* Is an expression wanted right after t (so a `-` there would be unary)? */
static int wants_expr(const struct token *t)
{
    return t->kind == T_EQUALS || t->kind == T_OP || t->kind == T_COLON || t->kind == T_LPAREN
        || t->kind == T_LBRACKET || t->kind == T_COMMA || t->kind == T_IN || t->kind == T_ARROW
        || t->kind == T_THEN || t->kind == T_ELSE || t->kind == T_IF || t->kind == T_CASE
        || t->kind == T_STRING || t->kind == T_PRAGMA_CLOSE;
}

int front_hint(const struct token *toks, long at, struct hint *h)
{
    const struct token *t = &toks[at];
    if (at < 1 || t->kind == T_ERROR) return 0;
    char a[64], b[64];
    if (starts_block(t) && ends_atom(&toks[at - 1])) {
        tok_text(&toks[at - 1], a, sizeof a);
        tok_text(t, b, sizeof b);
        snprintf(h->msg, sizeof h->msg, "an argument that starts with `%s` needs parentheses: `%s (%s ...)`", b, a, b);
        return 1;
    }
    if (t->kind == T_OP && t->op == AST_SUB && wants_expr(&toks[at - 1])
        && (toks[at + 1].kind == T_INT || toks[at + 1].kind == T_IDENT)) {
        tok_text(&toks[at + 1], a, sizeof a);
        snprintf(h->msg, sizeof h->msg, "there is no unary minus: write `(0 - %s)`", a);
        return 1;
    }
    return 0;
}
