/* core_json_print.c -- the core tree as JSON core (docs/core-json.md), for
 * `ccm core --json`: one object per node, the members core_json_read.c
 * reads back to the same tree, on one line.  Written as it walks (a
 * Jansson document of a large program would take gigabytes); Jansson
 * encodes the strings.  Recursion is bounded by the parser's nesting
 * limit; a tree taller than Jansson's reading limit (2048 JSON levels)
 * prints, but does not read back (docs/core-json.md, "Limits"). */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <inttypes.h>
#include <jansson.h>
#include "front_internal.h"

struct out {
    FILE *f;
    const struct ast_program *p;
    int failed;                  /* out of memory encoding a string */
};

/* Formatted text (short: keys, numbers).  Not fprintf: the library calls
 * no printf-family stream function (tests/embed/symbols.sh). */
static void putf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct out *o, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fputs(buf, o->f);
}

/* A string as a JSON literal (escaped, ASCII), by Jansson. */
static void str(struct out *o, const char *s)
{
    json_t *v = json_stringn(s, strlen(s));
    if (!v || json_dumpf(v, o->f, JSON_ENCODE_ANY | JSON_ENSURE_ASCII) != 0) o->failed = 1;
    json_decref(v);
}

/* `,"key":` and the string value (every member but "node", which comes first). */
static void member_str(struct out *o, const char *key, const char *value)
{
    putf(o, ",\"%s\":", key);
    str(o, value);
}

static void names(struct out *o, const char *key, const char *const *n, int count)
{
    putf(o, ",\"%s\":[", key);
    for (int i = 0; i < count; i++) {
        if (i) fputc(',', o->f);
        str(o, n[i]);
    }
    fputc(']', o->f);
}

/* `,"pos":{...}` when pos has a source position (a text position, or the
 * "pos" a JSON-read node carried), then the object's closing brace. */
static void close_pos(struct out *o, struct ast_pos pos)
{
    struct ast_pos s = pos;
    long k = -(long)pos.line - 1;
    if (pos.line < 0) s = o->p->jpaths && k < o->p->njpaths ? o->p->jpaths[k].src : (struct ast_pos){ 0, 0 };
    if (s.line > 0) putf(o, ",\"pos\":{\"line\":%d,\"col\":%d}", s.line, s.col);
    fputc('}', o->f);
}

static void node(struct out *o, const struct ast_expr *e);

static void bindings(struct out *o, const struct ast_binding *b, int n)
{
    fputc('[', o->f);
    for (int i = 0; i < n && !o->failed; i++) {
        fputs(i ? ",{\"name\":" : "{\"name\":", o->f);
        str(o, b[i].name);
        fputs(",\"body\":", o->f);
        node(o, b[i].rhs);
        close_pos(o, b[i].pos);
    }
    fputc(']', o->f);
}

static void alts(struct out *o, const struct ast_expr *e)
{
    fputc('[', o->f);
    for (int i = 0; i < e->nalts && !o->failed; i++) {
        const struct ast_alt *a = &e->alts[i];
        if (i) fputc(',', o->f);
        if (a->con) {
            fputs("{\"con\":", o->f);
            str(o, a->con);
            names(o, "vars", a->vars, a->nvars);
        } else {
            fputs("{\"default\":true", o->f);
        }
        fputs(",\"body\":", o->f);
        node(o, a->body);
        close_pos(o, a->pos);
    }
    fputc(']', o->f);
}

/* `,"key":NODE` */
static void member_node(struct out *o, const char *key, const struct ast_expr *e)
{
    putf(o, ",\"%s\":", key);
    node(o, e);
}

static void node(struct out *o, const struct ast_expr *e)
{
    static const char *const kind[] = {
        [AST_LAM] = "lambda", [AST_APP] = "application", [AST_VAR] = "variable", [AST_LET] = "let",
        [AST_CON] = "constructor", [AST_CASE] = "case", [AST_SCC] = "scc", [AST_SCC_SUB] = "scc_sub",
        [AST_LIT] = "literal", [AST_PRIM] = "primitive",
    };
    if (o->failed) return;
    putf(o, "{\"node\":\"%s\"", kind[e->kind]);
    switch (e->kind) {
    case AST_LAM: member_str(o, "param", e->name); member_node(o, "body", e->body); break;
    case AST_APP: member_node(o, "fun", e->body); member_str(o, "arg", e->name); break;
    case AST_VAR: member_str(o, "name", e->name); break;
    case AST_LET:
        fputs(",\"bindings\":", o->f);
        bindings(o, e->binds, e->nbinds);
        member_node(o, "body", e->body);
        break;
    case AST_CASE:
        member_node(o, "scrutinee", e->body);
        fputs(",\"alts\":", o->f);
        alts(o, e);
        break;
    case AST_CON: member_str(o, "con", e->name); names(o, "args", e->args, e->nargs); break;
    case AST_LIT: putf(o, ",\"value\":%" PRId64, e->lit); break;
    case AST_PRIM:
        member_str(o, "op", ast_op_text(e->op));
        member_node(o, "left", e->left);
        member_node(o, "right", e->right);
        break;
    case AST_SCC: case AST_SCC_SUB: member_str(o, "cc", e->name); member_node(o, "body", e->body); break;
    }
    close_pos(o, e->pos);
}

int front_print_core_json(FILE *f, const struct ast_program *p)
{
    struct out o = { .f = f, .p = p };
    fputs("{\"bindings\":", f);
    bindings(&o, p->binds, p->nbinds);
    fputs("}\n", f);
    return o.failed || ferror(f) ? -1 : 0;
}
