/* print_core.c -- the core tree as program text (docs/syntax-and-cli.md (syntax)).
 *
 * The text re-parses to the same tree: every construct but an application
 * head extends as far right as it can and is ended by the `;`, `}`, `)`,
 * `in` or `of` that follows it, so only heads need parentheses (a head is
 * printed bare when it is a variable or a literal).  `ccm core` therefore
 * reaches a fixed point after one round.  Recursion is bounded by the
 * parser's nesting limit. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <inttypes.h>
#include "front_internal.h"

/* Output goes to a FILE, or to a bounded buffer that stops accepting (and
 * makes the printer stop walking) once `max` characters are written. */
struct sink {
    FILE *out;
    char *buf; size_t cap, len, max;
    int full;
};

static void put(struct sink *s, const char *text)
{
    if (s->out) { fputs(text, s->out); return; }
    for (; *text && !s->full; text++) {
        if (s->len >= s->max || s->len + 4 >= s->cap) {
            memcpy(s->buf + (s->len + 4 < s->cap ? s->len : s->cap - 4), "...", 4);
            s->full = 1;
            return;
        }
        s->buf[s->len++] = *text;
        s->buf[s->len] = '\0';
    }
}

static void put_int(struct sink *s, int64_t n)
{
    char b[32];
    snprintf(b, sizeof b, "%" PRId64, n);
    put(s, b);
}

static void print_expr(struct sink *s, const struct ast_expr *e);

/* f x1 .. xn: the function part first, then the arguments in order.
 * (Depth is the tree's height, bounded like every other recursion here.) */
static void print_app(struct sink *s, const struct ast_expr *e)
{
    const struct ast_expr *f = e->body;
    if (f->kind == AST_APP) print_app(s, f);
    else if (f->kind == AST_VAR) put(s, f->name);
    else if (f->kind == AST_LIT && f->lit >= 0) put_int(s, f->lit);
    else { put(s, "("); print_expr(s, f); put(s, ")"); }
    put(s, " ");
    put(s, e->name);
}

static void print_binds(struct sink *s, const struct ast_binding *b, int n)
{
    for (int i = 0; i < n && !s->full; i++) {
        if (i) put(s, "; ");
        put(s, b[i].name);
        put(s, " = ");
        print_expr(s, b[i].rhs);
    }
}

static void print_expr(struct sink *s, const struct ast_expr *e)
{
    if (s->full) return;
    switch (e->kind) {
    case AST_LAM:
        put(s, "\\"); put(s, e->name); put(s, " -> ");
        print_expr(s, e->body);
        return;
    case AST_APP:
        print_app(s, e);
        return;
    case AST_VAR:
        put(s, e->name);
        return;
    case AST_LET:
        put(s, "let ");
        print_binds(s, e->binds, e->nbinds);
        put(s, " in ");
        print_expr(s, e->body);
        return;
    case AST_CON:
        put(s, e->name);
        for (int i = 0; i < e->nargs && !s->full; i++) { put(s, " "); put(s, e->args[i]); }
        return;
    case AST_CASE:
        put(s, "case ");
        print_expr(s, e->body);
        put(s, " of { ");
        for (int i = 0; i < e->nalts && !s->full; i++) {
            const struct ast_alt *a = &e->alts[i];
            if (i) put(s, "; ");
            put(s, a->con ? a->con : "_");
            for (int k = 0; k < a->nvars; k++) { put(s, " "); put(s, a->vars[k]); }
            put(s, " -> ");
            print_expr(s, a->body);
        }
        put(s, " }");
        return;
    case AST_SCC: case AST_SCC_SUB:
        put(s, e->kind == AST_SCC ? "scc \"" : "scc_sub \"");
        put(s, e->name);
        put(s, "\" ");
        print_expr(s, e->body);
        return;
    case AST_LIT:
        put_int(s, e->lit);
        return;
    case AST_PRIM:
        print_expr(s, e->left);
        put(s, " "); put(s, ast_op_text(e->op)); put(s, " ");
        print_expr(s, e->right);
        return;
    }
    put(s, "?");
}

void front_print_core(FILE *out, const struct ast_program *p)
{
    struct sink s = { .out = out };
    for (int i = 0; i < p->nbinds; i++) {
        put(&s, p->binds[i].name);
        put(&s, " = ");
        print_expr(&s, p->binds[i].rhs);
        put(&s, ";\n");
    }
}

const char *front_expr_text(const struct ast_expr *e, char *buf, size_t cap, size_t max)
{
    if (cap == 0) return buf;
    buf[0] = '\0';
    if (cap < 8) return buf;
    struct sink s = { .buf = buf, .cap = cap, .max = max };
    print_expr(&s, e);
    return buf;
}

char *front_core_text(const struct ast_program *p, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    front_print_core(f, p);
    if (fclose(f) != 0) { free(buf); return NULL; }
    return buf;
}
