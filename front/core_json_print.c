/* core_json_print.c -- the core tree as JSON core (docs/core-json.md), for
 * `ccm core --json`: one object per node, the members core_json_read.c
 * reads back to the same tree.  Built as a Jansson value and dumped on one
 * line.  Recursion is bounded by the parser's nesting limit; a tree taller
 * than Jansson's reading limit (2048 JSON levels) prints, but does not read
 * back (docs/core-json.md, "Limits"). */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "front_internal.h"

/* The source position of pos: a text position, or the "pos" a JSON-read
 * node carried; {0, 0} if none. */
static struct ast_pos source_pos(const struct ast_program *p, struct ast_pos pos)
{
    if (pos.line > 0) return pos;
    long k = -(long)pos.line - 1;
    if (pos.line < 0 && p->jpaths && k < p->njpaths) return p->jpaths[k].src;
    return (struct ast_pos){ 0, 0 };
}

/* Add member "pos" to o when pos has a source position; o on success. */
static json_t *with_pos(const struct ast_program *p, json_t *o, struct ast_pos pos)
{
    struct ast_pos s = source_pos(p, pos);
    if (o && s.line > 0 && json_object_set_new(o, "pos", json_pack("{s:i,s:i}", "line", s.line, "col", s.col)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *names(const char *const *n, int count)
{
    json_t *a = json_array();
    for (int i = 0; a && i < count; i++)
        if (json_array_append_new(a, json_stringn(n[i], strlen(n[i]))) != 0) { json_decref(a); return NULL; }
    return a;
}

static json_t *node(const struct ast_program *p, const struct ast_expr *e);

static json_t *bindings(const struct ast_program *p, const struct ast_binding *b, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++) {
        json_t *o = with_pos(p, json_pack("{s:s,s:o}", "name", b[i].name, "body", node(p, b[i].rhs)), b[i].pos);
        if (json_array_append_new(a, o) != 0) { json_decref(a); return NULL; }
    }
    return a;
}

static json_t *alts(const struct ast_program *p, const struct ast_expr *e)
{
    json_t *a = json_array();
    for (int i = 0; a && i < e->nalts; i++) {
        const struct ast_alt *x = &e->alts[i];
        json_t *o = x->con ? json_pack("{s:s,s:o,s:o}", "con", x->con, "vars", names(x->vars, x->nvars),
                                       "body", node(p, x->body))
                           : json_pack("{s:b,s:o}", "default", 1, "body", node(p, x->body));
        if (json_array_append_new(a, with_pos(p, o, x->pos)) != 0) { json_decref(a); return NULL; }
    }
    return a;
}

/* One node; NULL if memory runs out (json_pack's "o" takes a NULL member as
 * a failure, so a NULL anywhere below reaches the top). */
static json_t *node(const struct ast_program *p, const struct ast_expr *e)
{
    json_t *o = NULL;
    switch (e->kind) {
    case AST_LAM: o = json_pack("{s:s,s:s,s:o}", "node", "lambda", "param", e->name, "body", node(p, e->body)); break;
    case AST_APP: o = json_pack("{s:s,s:o,s:s}", "node", "application", "fun", node(p, e->body), "arg", e->name); break;
    case AST_VAR: o = json_pack("{s:s,s:s}", "node", "variable", "name", e->name); break;
    case AST_LET:
        o = json_pack("{s:s,s:o,s:o}", "node", "let", "bindings", bindings(p, e->binds, e->nbinds),
                      "body", node(p, e->body));
        break;
    case AST_CASE: o = json_pack("{s:s,s:o,s:o}", "node", "case", "scrutinee", node(p, e->body), "alts", alts(p, e)); break;
    case AST_CON: o = json_pack("{s:s,s:s,s:o}", "node", "constructor", "con", e->name, "args", names(e->args, e->nargs)); break;
    case AST_LIT: o = json_pack("{s:s,s:I}", "node", "literal", "value", (json_int_t)e->lit); break;
    case AST_PRIM:
        o = json_pack("{s:s,s:s,s:o,s:o}", "node", "primitive", "op", ast_op_text(e->op),
                      "left", node(p, e->left), "right", node(p, e->right));
        break;
    case AST_SCC: case AST_SCC_SUB:
        o = json_pack("{s:s,s:s,s:o}", "node", e->kind == AST_SCC ? "scc" : "scc_sub", "cc", e->name,
                      "body", node(p, e->body));
        break;
    }
    return with_pos(p, o, e->pos);
}

int front_print_core_json(FILE *out, const struct ast_program *p)
{
    json_t *doc = json_pack("{s:o}", "bindings", bindings(p, p->binds, p->nbinds));
    if (!doc) return -1;
    int rc = json_dumpf(doc, out, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
    json_decref(doc);
    if (rc == 0) fputc('\n', out);
    return rc;
}
