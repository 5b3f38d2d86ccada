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
#include "sugar.h"

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

struct out {
    char *p; size_t n, cap; unsigned ncomment, nsep;
    int surface;            /* gtree_print_surface: the surface forms of sugar.h */
    unsigned nscc;          /* surface: every other scc is written as an SCC pragma */
};

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

static void expr(struct out *o, const struct gnode *n);

/* ---- the surface forms (gtree_print_surface) ------------------------------
 * Precedences as docs/surface.md's table: an atom or a parenthesised node
 * 10, an application 9, `* / %` 7, `+ -` 6, `:` 5, comparisons 4, a block
 * (lambda, let, case, if, scc) -1. */
static int op_prec(int op) { return op == GOP_ADD || op == GOP_SUB ? 6 : op <= GOP_MOD ? 7 : 4; }

static int is_cons(const struct gnode *n) { return n->k == GK_CON && n->nnames == 2 && strcmp(n->name, "Cons") == 0; }

/* Is n, bound as a cons's tail, a list the surface writes `[e1, ..., ek]`:
 * Nil, or an inlinable let around a Cons whose tail is bound and is one?
 * (`[e1, e2]` desugars to `e1 : (e2 : [])`, docs/surface.md.)  Nodes with a
 * style are left to the other forms. */
static int is_list(const struct gnode *n)
{
    if (n->style) return 0;
    if (n->k == GK_CON) return n->nnames == 0 && strcmp(n->name, "Nil") == 0;
    if (n->k != GK_LET || !gsugar_inlines(n) || !is_cons(n->body) || n->body->style) return 0;
    const struct gnode *tail = gsugar_part(n, n->body->names[1]);
    return tail && is_list(tail);
}

/* The elements of such a list, ", "-separated. */
static void list_elems(struct out *o, const struct gnode *n, int first)
{
    if (n->k == GK_CON) return;
    const struct gnode *b = n->body, *head = gsugar_part(n, b->names[0]);
    if (!first) put(o, ", ");
    if (head) expr(o, head); else put(o, b->names[0]);
    list_elems(o, gsugar_part(n, b->names[1]), 0);
}

static int surface_prec(const struct gnode *n)
{
    if (n->style & GS_PAREN) return 10;
    if (is_list(n)) return 10;
    switch (n->k) {
    case GK_VAR: case GK_INT: return 10;
    case GK_CON: return n->nnames == 0 ? 10 : is_cons(n) ? 5 : 9;
    case GK_APP: return 9;
    case GK_PRIM: return op_prec(n->op);
    case GK_LET: return gsugar_inlines(n) ? surface_prec(n->body) : -1;
    default: return -1;
    }
}

/* n as an argument: bare when an atom, else in parentheses. */
static void arg(struct out *o, const struct gnode *n)
{
    if (surface_prec(n) == 10) expr(o, n);
    else { put(o, "("); expr(o, n); put(o, ")"); }
}

/* n as an operand of an operator of precedence p, on the left (0) or the
 * right (1): bare where the table lets it be read back the same. */
static void operand(struct out *o, const struct gnode *n, int p, int right)
{
    int q = surface_prec(n);
    int bare = q > p || (q == p && ((!right && p >= 6) || (right && p == 5)));
    if (bare) expr(o, n);
    else { put(o, "("); expr(o, n); put(o, ")"); }
}

/* A part of b: the node the inlined let binds to it, or (NULL) its name. */
static const struct gnode *bound(const struct gnode *let, const char *name)
{
    return let && name ? gsugar_part(let, name) : NULL;
}

/* b (an application, constructor or primitive) with the parts `let` binds written in place. */
static void with_parts(struct out *o, const struct gnode *b, const struct gnode *let)
{
    unsigned s = b->style;
    const struct gnode *p;
    if (b->k == GK_PRIM) {
        const struct gnode *side[2] = { b->l, b->r };
        for (int k = 0; k < 2; k++) {
            if (k) { sep(o, s); put(o, gen_op_text[b->op]); sep(o, s); }
            p = side[k]->k == GK_VAR ? bound(let, side[k]->name) : NULL;
            operand(o, p ? p : side[k], op_prec(b->op), k);
        }
    } else if (is_cons(b)) {
        for (int k = 0; k < 2; k++) {
            if (k) { sep(o, s); put(o, ":"); sep(o, s); }
            if ((p = bound(let, b->names[k]))) operand(o, p, 5, k);
            else put(o, b->names[k]);
        }
    } else {
        if (b->k == GK_CON) put(o, b->name);
        else arg(o, b->body);
        for (int k = 0; k < b->nnames; k++) {
            sep(o, s);
            if ((p = bound(let, b->names[k]))) arg(o, p);
            else put(o, b->names[k]);
        }
    }
}

static void binding(struct out *o, const struct gbind *b, int top);

/* The surface form of n, if it has one: 1 when printed. */
static int surface_form(struct out *o, const struct gnode *n)
{
    if (n->k == GK_LET && is_list(n)) { put(o, "["); list_elems(o, n, 1); put(o, "]"); return 1; }
    if (n->k == GK_LET && gsugar_inlines(n)) { with_parts(o, n->body, n); return 1; }
    if (n->k == GK_PRIM || is_cons(n)) { with_parts(o, n, NULL); return 1; }
    if (n->k == GK_CON && n->nnames == 0 && strcmp(n->name, "Nil") == 0) { put(o, "[]"); return 1; }
    if (gsugar_is_if(n)) {
        put(o, "if"); sep(o, n->style); expr(o, n->body);
        sep(o, n->style); put(o, "then"); sep(o, n->style); expr(o, n->alts[0].body);
        sep(o, n->style); put(o, "else"); sep(o, n->style); expr(o, n->alts[1].body);
        return 1;
    }
    if (n->k == GK_SCC && o->nscc++ % 2) {
        put(o, "{-# SCC \""); put(o, n->name); put(o, "\" #-}"); sep(o, n->style);
        expr(o, n->body);
        return 1;
    }
    if (n->k == GK_LET) {                       /* bindings written as equations */
        put(o, "let");
        for (int i = 0; i < n->nbinds; i++) {
            put(o, i ? ";" : ""); sep(o, n->style);
            binding(o, &n->binds[i], 0);
        }
        sep(o, n->style); put(o, "in"); sep(o, n->style);
        expr(o, n->body);
        return 1;
    }
    return 0;
}

/* name = e, as an equation `name x y = e` when e is a lambda; at top level
 * a `let` (not inlined) under it as `where`. */
static void binding(struct out *o, const struct gbind *b, int top)
{
    const struct gnode *e = b->rhs;
    put(o, b->name);
    if (e->k == GK_LAM && !(e->style & (GS_PAREN | GS_COMMENT))) {
        names(o, e->names, e->nnames, e->style);
        e = e->body;
    }
    put(o, " = ");
    if (top && e->k == GK_LET && !gsugar_inlines(e) && !(e->style & (GS_PAREN | GS_COMMENT))) {
        expr(o, e->body);
        put(o, " where {");
        for (int i = 0; i < e->nbinds; i++) {
            put(o, i ? "; " : " ");
            binding(o, &e->binds[i], 0);
        }
        put(o, " }");
        return;
    }
    expr(o, e);
}

static void expr(struct out *o, const struct gnode *n)
{
    unsigned s = n->style;
    if (s & GS_COMMENT) {
        unsigned k = o->ncomment++;
        int block = o->surface && k % 2;          /* surface: every other one as {- ... -} */
        if (block) put(o, "{- ");
        put(o, comments[k % (sizeof comments / sizeof comments[0])]);
        put(o, block ? " -}" : "\n");
    }
    if (s & GS_PAREN) put(o, "(");
    if (o->surface && surface_form(o, n)) {
        if (s & GS_PAREN) put(o, ")");
        return;
    }
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

static char *print_program(const struct gtree *t, size_t *len, int surface)
{
    struct out o = { .surface = surface };
    put(&o, "");
    for (int i = 0; i < t->nbinds; i++) {
        if (surface) binding(&o, &t->binds[i], 1);
        else { put(&o, t->binds[i].name); put(&o, " = "); expr(&o, t->binds[i].rhs); }
        if (i + 1 < t->nbinds || !(t->style & GS_NOSEMI)) put(&o, ";");
        put(&o, "\n");
    }
    if (t->style & GS_NOSEMI) put(&o, "-- the last \";\" omitted; this comment ends the file without a newline");
    if (len) *len = o.n;
    return o.p;
}

char *gtree_print(const struct gtree *t, size_t *len) { return print_program(t, len, 0); }

char *gtree_print_surface(const struct gtree *t, size_t *len) { return print_program(t, len, 1); }

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
