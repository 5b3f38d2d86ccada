/* print.c -- the generator's tree as program text (see tree.h).
 *
 * Written from the grammar of docs/syntax-and-cli.md (syntax), not from front/'s
 * printer: application heads other than a variable or a literal are
 * parenthesised (lambda, let and scc bodies extend as far right as
 * possible); every other parenthesis comes from a node's GS_PAREN style.
 * The styles vary the text (comments, tabs and newlines, leading zeros,
 * operators without spaces, the final ";") without changing the tree.
 */
#include "tree.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const gen_op_text[GOP_N] =
    { "+", "-", "*", "/", "%", "==", "/=", "<", "<=", ">", ">=" };

/* Comments hold what must not be read as tokens: keywords, symbols, a
 * string's quote, more dashes. */
static const char *const comments[] = {
    "-- a comment: let in case of { } ; -> \\ = ( )",
    "--- three dashes, \"not a string",
    "--",
    "-- scc \"c0\" main = 1 -- twice",
    "--\tx <= y /= z _ Nil",
};

struct out { char *p; size_t n, cap; unsigned ncomment, nsep; };

static void putn(struct out *o, const char *s, size_t n)
{
    if (o->n + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (cap < o->n + n + 1) cap *= 2;
        char *p = realloc(o->p, cap);
        if (!p) { perror("ccm-gen"); exit(2); }
        o->p = p; o->cap = cap;
    }
    memcpy(o->p + o->n, s, n);
    o->n += n;
    o->p[o->n] = 0;
}

static void put(struct out *o, const char *s) { putn(o, s, strlen(s)); }

/* A separator: a space, or with GS_TAB the other whitespace the lexer
 * takes, in turn: newline and tab, CR LF, form feed, vertical tab. */
static void sep(struct out *o, unsigned style)
{
    static const char *const ws[] = { "\n\t", "\r\n  ", "\t\f", "\v " };
    if (style & GS_TAB) put(o, ws[o->nsep++ % (sizeof ws / sizeof ws[0])]);
    else put(o, " ");
}

static void names(struct out *o, char *const *v, int n, unsigned style)
{
    for (int i = 0; i < n; i++) { sep(o, style); put(o, v[i]); }
}

static void atom(struct out *o, const struct gnode *n)
{
    if (n->k == GK_VAR) { put(o, n->name); return; }
    char buf[32];
    snprintf(buf, sizeof buf, "%s%" PRId64, n->style & GS_ZEROS ? "00" : "", n->lit);
    put(o, buf);
}

static void expr(struct out *o, const struct gnode *n)
{
    unsigned s = n->style;
    if (s & GS_COMMENT) {
        put(o, comments[o->ncomment++ % (sizeof comments / sizeof comments[0])]);
        put(o, "\n");
    }
    if (s & GS_PAREN) put(o, "(");
    switch (n->k) {
    case GK_VAR: case GK_INT:
        atom(o, n);
        break;
    case GK_PRIM:
        atom(o, n->l);
        if (!(s & GS_TIGHT)) sep(o, s);
        put(o, gen_op_text[n->op]);
        if (!(s & GS_TIGHT)) sep(o, s);
        atom(o, n->r);
        break;
    case GK_LAM:
        put(o, "\\");
        for (int i = 0; i < n->nnames; i++) { if (i) sep(o, s); put(o, n->names[i]); }
        put(o, " ->"); sep(o, s);
        expr(o, n->body);
        break;
    case GK_APP: {
        const struct gnode *h = n->body;
        int bare = (h->k == GK_VAR || h->k == GK_INT) && !(h->style & GS_COMMENT);
        if (!bare) put(o, "(");
        expr(o, h);
        if (!bare) put(o, ")");
        names(o, n->names, n->nnames, s);
        break;
    }
    case GK_LET:
        put(o, "let");
        for (int i = 0; i < n->nbinds; i++) {
            put(o, i ? ";" : ""); sep(o, s);
            put(o, n->binds[i].name); put(o, " ="); sep(o, s);
            expr(o, n->binds[i].rhs);
        }
        sep(o, s); put(o, "in"); sep(o, s);
        expr(o, n->body);
        break;
    case GK_CASE:
        put(o, "case"); sep(o, s);
        expr(o, n->body);
        sep(o, s); put(o, "of {");
        for (int i = 0; i < n->nalts; i++) {
            const struct galt *a = &n->alts[i];
            if (i) { put(o, ";"); sep(o, s); }
            put(o, a->con ? a->con : "_");
            names(o, a->vars, a->nvars, s);
            put(o, " ->"); sep(o, s);
            expr(o, a->body);
        }
        put(o, "}");
        break;
    case GK_CON:
        put(o, n->name);
        names(o, n->names, n->nnames, s);
        break;
    case GK_SCC: case GK_SCCSUB:
        put(o, n->k == GK_SCC ? "scc \"" : "scc_sub \"");
        put(o, n->name); put(o, "\""); sep(o, s);
        expr(o, n->body);
        break;
    }
    if (s & GS_PAREN) put(o, ")");
}

char *gtree_print(const struct gtree *t, size_t *len)
{
    struct out o = { 0 };
    put(&o, "");
    for (int i = 0; i < t->nbinds; i++) {
        put(&o, t->binds[i].name); put(&o, " = ");
        expr(&o, t->binds[i].rhs);
        if (i + 1 < t->nbinds || !(t->style & GS_NOSEMI)) put(&o, ";");
        put(&o, "\n");
    }
    if (t->style & GS_NOSEMI) put(&o, "-- the last \";\" omitted; this comment ends the file without a newline");
    if (len) *len = o.n;
    return o.p;
}

/* ---- allocation ------------------------------------------------------------ */

void *gtree_alloc(struct gtree *t, size_t n)
{
    if (t->nblocks == t->capblocks) {
        size_t cap = t->capblocks ? 2 * t->capblocks : 256;
        void **b = realloc(t->blocks, cap * sizeof *b);
        if (!b) { perror("ccm-gen"); exit(2); }
        t->blocks = b; t->capblocks = cap;
    }
    void *p = calloc(1, n ? n : 1);
    if (!p) { perror("ccm-gen"); exit(2); }
    t->blocks[t->nblocks++] = p;
    return p;
}

char *gtree_str(struct gtree *t, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = gtree_alloc(t, n);
    memcpy(p, s, n);
    return p;
}

void gtree_free(struct gtree *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->nblocks; i++) free(t->blocks[i]);
    free(t->blocks);
    free(t->binds);
    free(t);
}
