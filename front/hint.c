/* hint.c -- friendlier parse errors for what the core language does not
 * have.  The core wants every argument, operand and case scrutinee's
 * pieces to be variables (or integers for operands), so `f (g x)`,
 * `f 1`, `1 + 2 * 3`, `f x + 1` and `if c then a else b` fail in the
 * parser with a message about the token it stopped at.  Here the tokens
 * around that point are matched against those shapes and the message says
 * what is wrong and what to write instead, with a `let` that binds the
 * nested part to a fresh name.  Only a bounded window of tokens is read, so
 * the work stays small whatever the input. */
#include <stdio.h>
#include <string.h>
#include "hint.h"

#define WINDOW 64          /* tokens looked at either side */
#define PART_TOKENS 12     /* a quoted part longer than this is cut with "..." */

/* One token as source text. */
static void tok_text(const struct token *t, char *buf, size_t cap)
{
    static const char *const fixed[] = {
        [T_LET] = "let", [T_IN] = "in", [T_CASE] = "case", [T_OF] = "of", [T_SCC] = "scc",
        [T_SCC_SUB] = "scc_sub", [T_UNDERSCORE] = "_", [T_BACKSLASH] = "\\", [T_ARROW] = "->",
        [T_EQUALS] = "=", [T_SEMI] = ";", [T_LBRACE] = "{", [T_RBRACE] = "}", [T_LPAREN] = "(",
        [T_RPAREN] = ")",
    };
    switch (t->kind) {
    case T_IDENT: case T_CON: snprintf(buf, cap, "%.40s", t->text); break;
    case T_INT:    snprintf(buf, cap, "%lld", (long long)t->num); break;
    case T_STRING: snprintf(buf, cap, "\"%.40s\"", t->text); break;
    case T_OP:     snprintf(buf, cap, "%s", ast_op_text(t->op)); break;
    default:       snprintf(buf, cap, "%s", t->kind < (int)(sizeof fixed / sizeof *fixed) && fixed[t->kind]
                                             ? fixed[t->kind] : "?"); break;
    }
}

/* Tokens [from, to) as text, spaced, cut after PART_TOKENS tokens. */
static void part(const struct token *toks, long from, long to, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (long i = from; i < to && n + 1 < cap; i++) {
        char t[64];
        if (i - from == PART_TOKENS) { snprintf(buf + n, cap - n, " ..."); return; }
        tok_text(&toks[i], t, sizeof t);
        int w = snprintf(buf + n, cap - n, "%s%s", i > from ? " " : "", t);
        if (w < 0) return;
        n += (size_t)w < cap - n ? (size_t)w : cap - n - 1;
    }
}

static int is_end(const struct token *t) { return t->kind == T_EOF || t->kind == T_ERROR; }

/* A name for the new binding that no identifier near here uses: y, y1, y2... */
static void fresh(const struct token *toks, long at, char *buf, size_t cap)
{
    long lo = at > WINDOW ? at - WINDOW : 0;
    for (int k = 0; k < 100; k++) {
        if (k) snprintf(buf, cap, "y%d", k); else snprintf(buf, cap, "y");
        int used = 0;
        for (long i = lo; i <= at + WINDOW && !used; i++) {
            if (toks[i].kind == T_IDENT && strcmp(toks[i].text, buf) == 0) used = 1;
            if (is_end(&toks[i])) break;
        }
        if (!used) return;
    }
}

/* Does an expression start right after token t (so a run of names after it
 * is an application head and its arguments)? */
static int starts_expr(const struct token *t)
{
    return t->kind == T_EQUALS || t->kind == T_IN || t->kind == T_ARROW || t->kind == T_LPAREN
        || t->kind == T_OF || t->kind == T_STRING || t->kind == T_CASE;
}

/* Start of the run of identifiers/constructors/integers ending at toks[end]
 * (an application), or -1 if the run is not preceded by an expression start. */
static long app_start(const struct token *toks, long end)
{
    if (end < 0 || (toks[end].kind != T_IDENT && toks[end].kind != T_CON)) return -1;
    long i = end;
    while (i > 0 && end - i < WINDOW && (toks[i - 1].kind == T_IDENT || toks[i - 1].kind == T_CON))
        i--;
    return i > 0 && starts_expr(&toks[i - 1]) ? i : -1;
}

/* The `)` closing the `(` at toks[open], or the end token / window's edge. */
static long closing(const struct token *toks, long open)
{
    int depth = 0;
    long i = open;
    for (; i < open + WINDOW && !is_end(&toks[i]); i++) {
        depth += toks[i].kind == T_LPAREN;
        if (toks[i].kind == T_RPAREN && --depth == 0) break;
    }
    return i;
}

static int is_operand(const struct token *t) { return t->kind == T_IDENT || t->kind == T_INT; }

static int prec(enum ast_op op)
{
    return op == AST_MUL || op == AST_DIV || op == AST_MOD ? 2 : op == AST_ADD || op == AST_SUB ? 1 : 0;
}

/* `if c then a else b`: an identifier `if` shortly before, `then` shortly after it. */
static int hint_if(const struct token *toks, long at, struct hint *h)
{
    long i = at, stop = at > WINDOW ? at - WINDOW : 0, then = -1, els = -1, end;
    while (i >= stop && !(toks[i].kind == T_IDENT && strcmp(toks[i].text, "if") == 0)) i--;
    if (i < stop) return 0;
    for (long j = i + 1; j <= i + WINDOW && !is_end(&toks[j]); j++) {
        if (toks[j].kind != T_IDENT) continue;
        if (then < 0 && strcmp(toks[j].text, "then") == 0) then = j;
        else if (then >= 0 && strcmp(toks[j].text, "else") == 0) { els = j; break; }
    }
    if (then < 0) return 0;
    char cond[200], yes[200], no[200], c[16];
    part(toks, i + 1, then, cond, sizeof cond);
    part(toks, then + 1, els > 0 ? els : then + 1, yes, sizeof yes);
    for (end = els + 1; els > 0 && end < els + WINDOW && !is_end(&toks[end]); end++)
        if (toks[end].kind == T_SEMI || toks[end].kind == T_IN || toks[end].kind == T_RBRACE
            || toks[end].kind == T_OF || toks[end].kind == T_RPAREN) break;
    part(toks, els + 1, els > 0 ? end : els + 1, no, sizeof no);
    h->pos = toks[i].pos;
    h->replaces = 1;
    if (then == i + 2 && toks[i + 1].kind == T_IDENT)
        snprintf(h->msg, sizeof h->msg, "the core language has no `if`: write `case %s of { True -> %s; False -> %s }`",
                 cond, els > 0 ? yes : "...", els > 0 ? no : "...");
    else {
        fresh(toks, at, c, sizeof c);
        snprintf(h->msg, sizeof h->msg, "the core language has no `if`: bind the test and use case: "
                 "`let %s = %s in case %s of { True -> %s; False -> %s }`",
                 c, cond, c, els > 0 ? yes : "...", els > 0 ? no : "...");
    }
    return 1;
}

/* Stopped at `(` or an integer where an argument was expected: the
 * application is head, the nested part, then the names after it (tail). */
static int hint_argument(const struct token *toks, long at, struct hint *h)
{
    long start = app_start(toks, at - 1);
    if (start < 0) return 0;
    char head[200], inner[200], tail[200], y[16];
    part(toks, start, at, head, sizeof head);
    fresh(toks, at, y, sizeof y);
    long close = toks[at].kind == T_LPAREN ? closing(toks, at) : at;
    if (toks[at].kind == T_LPAREN) part(toks, at + 1, close, inner, sizeof inner);
    else part(toks, at, at + 1, inner, sizeof inner);
    long end = close + 1;
    if (!is_end(&toks[close]))
        while (end < close + WINDOW && (toks[end].kind == T_IDENT || toks[end].kind == T_CON)) end++;
    else end = close;
    part(toks, close + 1, end, tail, sizeof tail);
    h->pos = toks[at].pos;
    h->replaces = 0;
    snprintf(h->msg, sizeof h->msg, "an argument must be a variable, not %s; bind it first: `let %s = %s in %s %s%s%s`",
             toks[at].kind == T_LPAREN ? "a nested expression" : "a literal", y, inner, head, y,
             tail[0] ? " " : "", tail);
    return 1;
}

/* Stopped at `(` where the second operand of a primitive was expected. */
static int hint_paren_operand(const struct token *toks, long at, struct hint *h)
{
    if (at < 2 || toks[at - 1].kind != T_OP || !is_operand(&toks[at - 2])) return 0;
    char left[64], inner[200], y[16];
    long close = closing(toks, at);
    tok_text(&toks[at - 2], left, sizeof left);
    part(toks, at + 1, close, inner, sizeof inner);
    fresh(toks, at, y, sizeof y);
    h->pos = toks[at].pos;
    h->replaces = 0;
    snprintf(h->msg, sizeof h->msg, "an operand must be a variable or an integer, not a nested expression; "
             "bind it first: `let %s = %s in %s %s %s`", y, inner, left, ast_op_text(toks[at - 1].op), y);
    return 1;
}

/* Stopped at an operator: `a + b * c` or `f x + c`. */
static int hint_operator(const struct token *toks, long at, struct hint *h)
{
    char a[64], b[64], c[64], y[16], inner[200];
    const char *op2 = ast_op_text(toks[at].op);
    if (is_end(&toks[at + 1]) || !is_operand(&toks[at + 1])) snprintf(c, sizeof c, "...");
    else tok_text(&toks[at + 1], c, sizeof c);
    fresh(toks, at, y, sizeof y);
    h->replaces = 1;
    if (at >= 3 && is_operand(&toks[at - 1]) && toks[at - 2].kind == T_OP && is_operand(&toks[at - 3])) {
        const char *op1 = ast_op_text(toks[at - 2].op);
        tok_text(&toks[at - 3], a, sizeof a);
        tok_text(&toks[at - 1], b, sizeof b);
        if (prec(toks[at].op) > prec(toks[at - 2].op)) {
            h->pos = toks[at - 1].pos;
            snprintf(h->msg, sizeof h->msg, "a primitive takes two operands, each a variable or an integer: "
                     "`%s %s %s %s %s` nests `%s %s %s` in `%s %s ...`; bind it first: `let %s = %s %s %s in %s %s %s`",
                     a, op1, b, op2, c, b, op2, c, a, op1, y, b, op2, c, a, op1, y);
        } else {
            h->pos = toks[at - 3].pos;
            snprintf(h->msg, sizeof h->msg, "a primitive takes two operands, each a variable or an integer: "
                     "`%s %s %s %s %s` nests `%s %s %s` in `... %s %s`; bind it first: `let %s = %s %s %s in %s %s %s`",
                     a, op1, b, op2, c, a, op1, b, op2, c, y, a, op1, b, y, op2, c);
        }
        return 1;
    }
    long start = app_start(toks, at - 1);
    if (start < 0 || at - start < 2) return 0;
    part(toks, start, at, inner, sizeof inner);
    h->pos = toks[start].pos;
    snprintf(h->msg, sizeof h->msg, "an operand of `%s` must be a variable or an integer, not the application `%s`; "
             "bind it first: `let %s = %s in %s %s %s`", op2, inner, y, inner, y, op2, c);
    return 1;
}

int front_hint(const struct token *toks, long at, struct hint *h)
{
    const struct token *t = &toks[at];
    if (t->kind == T_ERROR) return 0;
    if (hint_if(toks, at, h)) return 1;
    if (at < 1) return 0;
    if (t->kind == T_LPAREN && hint_paren_operand(toks, at, h)) return 1;
    if ((t->kind == T_LPAREN || t->kind == T_INT) && hint_argument(toks, at, h)) return 1;
    if (t->kind == T_OP && hint_operator(toks, at, h)) return 1;
    return 0;
}

const char *front_hint_unbound(const char *name)
{
    if (strcmp(name, "if") == 0 || strcmp(name, "then") == 0 || strcmp(name, "else") == 0)
        return ": the core language has no `if`; write `case c of { True -> a; False -> b }` with c a variable";
    return NULL;
}
