/* sugar.c -- see sugar.h.  Conservative: a name that occurs anywhere in a
 * bound part or the head (even shadowed) keeps the `let`. */
#include "sugar.h"

#include <string.h>

static int occurs(const struct gnode *n, const char *name)
{
    if (!n) return 0;
    if (n->name && (n->k == GK_VAR) && strcmp(n->name, name) == 0) return 1;
    for (int i = 0; i < n->nnames; i++) if (strcmp(n->names[i], name) == 0) return 1;
    for (int i = 0; i < n->nbinds; i++)
        if (strcmp(n->binds[i].name, name) == 0 || occurs(n->binds[i].rhs, name)) return 1;
    for (int i = 0; i < n->nalts; i++) {
        for (int k = 0; k < n->alts[i].nvars; k++) if (strcmp(n->alts[i].vars[k], name) == 0) return 1;
        if (occurs(n->alts[i].body, name)) return 1;
    }
    return occurs(n->l, name) || occurs(n->r, name) || occurs(n->body, name);
}

/* The body's parts (names of the arguments, fields or variable operands):
 * how many, and the k-th (NULL for an integer operand). */
static int nparts(const struct gnode *b)
{
    return b->k == GK_PRIM ? 2 : b->nnames;
}

static const char *part(const struct gnode *b, int k)
{
    if (b->k != GK_PRIM) return b->names[k];
    const struct gnode *o = k == 0 ? b->l : b->r;
    return o->k == GK_VAR ? o->name : NULL;
}

int gsugar_inlines(const struct gnode *let)
{
    const struct gnode *b = let->body;
    if (let->k != GK_LET || !(b->k == GK_APP || b->k == GK_CON || b->k == GK_PRIM)) return 0;
    if (b->style & (GS_COMMENT | GS_PAREN)) return 0;
    int last = -1;
    for (int i = 0; i < let->nbinds; i++) {
        const char *y = let->binds[i].name;
        const struct gnode *rhs = let->binds[i].rhs;
        if (rhs->k == GK_VAR || (b->k == GK_PRIM && rhs->k == GK_INT)) return 0;   /* not bound by the desugaring */
        int at = -1, uses = 0;
        for (int k = 0; k < nparts(b); k++)
            if (part(b, k) && strcmp(part(b, k), y) == 0) { at = k; uses++; }
        if (uses != 1 || at <= last) return 0;
        last = at;
        if (b->k == GK_APP && occurs(b->body, y)) return 0;
        for (int j = 0; j < let->nbinds; j++) if (occurs(let->binds[j].rhs, y)) return 0;
    }
    return 1;
}

const struct gnode *gsugar_part(const struct gnode *let, const char *name)
{
    for (int i = 0; i < let->nbinds; i++)
        if (strcmp(let->binds[i].name, name) == 0) return let->binds[i].rhs;
    return NULL;
}

int gsugar_is_if(const struct gnode *n)
{
    return n->k == GK_CASE && n->nalts == 2
        && n->alts[0].con && strcmp(n->alts[0].con, "True") == 0 && n->alts[0].nvars == 0
        && n->alts[1].con && strcmp(n->alts[1].con, "False") == 0 && n->alts[1].nvars == 0;
}
