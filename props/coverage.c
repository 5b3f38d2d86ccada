/* coverage.c -- see coverage.h. */
#include "coverage.h"

#include <inttypes.h>
#include <string.h>

#include "../gen/tree.h"

static const char *const form_name[COV_N] = {
    [COV_VAR] = "variable", [COV_LIT0] = "literal 0",
    [COV_LITMAX] = "literal 9223372036854775807", [COV_MIN64] = "INT64_MIN as 0 - 9223372036854775807 - 1",
    [COV_ZEROS] = "literal with leading zeros",
    [COV_ADD] = "op +", [COV_SUB] = "op -", [COV_MUL] = "op *", [COV_DIV] = "op /", [COV_MOD] = "op %",
    [COV_EQ] = "op ==", [COV_NE] = "op /=", [COV_LT] = "op <", [COV_LE] = "op <=", [COV_GT] = "op >",
    [COV_GE] = "op >=", [COV_TIGHT] = "operator without spaces",
    [COV_LAM1] = "lambda, one parameter", [COV_LAMN] = "lambda, several parameters",
    [COV_APP1] = "application, one argument", [COV_APPN] = "application, several arguments",
    [COV_HEADPAREN] = "application head (e)", [COV_HEADINT] = "application head integer",
    [COV_LET1] = "let, one binding", [COV_LETN] = "let, several bindings", [COV_CASE] = "case",
    [COV_ALTVARS] = "pattern with variables", [COV_ALTNULLARY] = "nullary pattern",
    [COV_DEFAULT] = "default alternative _", [COV_CON0] = "nullary constructor",
    [COV_CONN] = "constructor with arguments", [COV_SCC] = "scc", [COV_SCCSUB] = "scc_sub",
    [COV_CCODD] = "cost centre with spaces or symbols", [COV_CCEMPTY] = "cost centre \"\"",
    [COV_CCUTF8] = "cost centre in UTF-8", [COV_PAREN] = "redundant parentheses",
    [COV_COMMENT] = "comment", [COV_TAB] = "newline, tab, CR, FF, VT between tokens",
    [COV_NOSEMI] = "last ; omitted", [COV_PRIME] = "identifier with '",
    [COV_UNDERSCORE] = "identifier starting with _", [COV_KWPREFIX] = "identifier with a keyword prefix",
};

static void name_seen(uint8_t *seen, const char *s)
{
    if (strchr(s, '\'')) seen[COV_PRIME] = 1;
    if (s[0] == '_') seen[COV_UNDERSCORE] = 1;
    static const char *const kw[] = { "let", "in", "case", "of", "scc" };
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strncmp(s, kw[i], strlen(kw[i])) == 0 && strlen(s) > strlen(kw[i])) seen[COV_KWPREFIX] = 1;
}

static void walk(uint8_t *seen, const struct gnode *n)
{
    /* iterative over the spine (lets nest deeply), recursive elsewhere:
     * generated trees are at most a few dozen levels deep */
    for (; n; ) {
        if (n->style & GS_PAREN) seen[COV_PAREN] = 1;
        if (n->style & GS_COMMENT) seen[COV_COMMENT] = 1;
        if (n->style & GS_TAB) seen[COV_TAB] = 1;
        for (int i = 0; i < n->nnames; i++) name_seen(seen, n->names[i]);
        const struct gnode *next = NULL;
        switch (n->k) {
        case GK_VAR: seen[COV_VAR] = 1; name_seen(seen, n->name); break;
        case GK_INT:
            if (n->lit == 0) seen[COV_LIT0] = 1;
            if (n->lit == INT64_MAX) seen[COV_LITMAX] = 1;
            if (n->style & GS_ZEROS) seen[COV_ZEROS] = 1;
            break;
        case GK_PRIM:
            seen[COV_ADD + n->op] = 1;
            if (n->style & GS_TIGHT) seen[COV_TIGHT] = 1;
            if (n->op == GOP_SUB && n->l->k == GK_INT && n->l->lit == 0 && n->r->k == GK_INT
                && n->r->lit == INT64_MAX)
                seen[COV_MIN64] = 1;
            walk(seen, n->l); walk(seen, n->r);
            break;
        case GK_LAM: seen[n->nnames > 1 ? COV_LAMN : COV_LAM1] = 1; next = n->body; break;
        case GK_APP:
            seen[n->nnames > 1 ? COV_APPN : COV_APP1] = 1;
            if (n->body->k == GK_INT) seen[COV_HEADINT] = 1;
            else if (n->body->k != GK_VAR) seen[COV_HEADPAREN] = 1;
            next = n->body;
            break;
        case GK_LET:
            seen[n->nbinds > 1 ? COV_LETN : COV_LET1] = 1;
            for (int i = 0; i < n->nbinds; i++) { name_seen(seen, n->binds[i].name); walk(seen, n->binds[i].rhs); }
            next = n->body;
            break;
        case GK_CASE:
            seen[COV_CASE] = 1;
            for (int i = 0; i < n->nalts; i++) {
                const struct galt *a = &n->alts[i];
                seen[!a->con ? COV_DEFAULT : a->nvars ? COV_ALTVARS : COV_ALTNULLARY] = 1;
                for (int j = 0; j < a->nvars; j++) name_seen(seen, a->vars[j]);
                walk(seen, a->body);
            }
            next = n->body;
            break;
        case GK_CON: seen[n->nnames ? COV_CONN : COV_CON0] = 1; break;
        case GK_SCC: case GK_SCCSUB:
            seen[n->k == GK_SCC ? COV_SCC : COV_SCCSUB] = 1;
            if (n->name[0] == 0) seen[COV_CCEMPTY] = 1;
            for (const char *p = n->name; *p; p++) {
                unsigned char c = (unsigned char)*p;
                if (c >= 0x80) seen[COV_CCUTF8] = 1;
                else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) seen[COV_CCODD] = 1;
            }
            next = n->body;
            break;
        }
        n = next;
    }
}

void coverage_add(struct coverage *c, const struct gtree *t)
{
    uint8_t seen[COV_N] = { 0 };
    for (int i = 0; i < t->nbinds; i++) walk(seen, t->binds[i].rhs);
    if (t->style & GS_NOSEMI) seen[COV_NOSEMI] = 1;
    c->programs++;
    for (int i = 0; i < COV_N; i++) c->n[i] += seen[i];
}

void coverage_merge(struct coverage *into, const struct coverage *c)
{
    into->programs += c->programs;
    for (int i = 0; i < COV_N; i++) into->n[i] += c->n[i];
}

int coverage_print(FILE *out, const struct coverage *c)
{
    int missing = 0;
    fprintf(out, "coverage: programs containing each form (of %" PRIu64 "):\n", c->programs);
    for (int i = 0; i < COV_N; i++) {
        fprintf(out, "  %-42s %8" PRIu64 "%s", form_name[i], c->n[i], i % 2 ? "\n" : "");
        if (c->n[i] == 0) missing++;
    }
    if (COV_N % 2) fprintf(out, "\n");
    for (int i = 0; i < COV_N; i++)
        if (c->n[i] == 0) fprintf(out, "coverage: no program contains: %s\n", form_name[i]);
    fprintf(out, "coverage: %d of %d forms met\n", COV_N - missing, COV_N);
    return missing;
}
