/* core_json_read.c -- JSON core (docs/core-json.md, docs/core.schema.json)
 * to the same core tree the parser builds (ast.h), for the same checker
 * and loader.
 *
 * Jansson parses the text (its own nesting limit, 2048 levels, keeps its
 * parser off the end of the C stack); this walk checks every member's
 * presence, type and form and refuses a tree taller than FRONT_MAX_DEPTH,
 * as the parser does, so no later pass recurses deeper than for text.
 * Every value the walk enters gets a JSON path entry (ast_jpath), and the
 * tree's positions name those entries: a diagnostic here, in the checker
 * or in the loader reads "FILE:/bindings/3/body/alts/1: message". */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "front_internal.h"
#include "lexer.h"

struct jreader {
    const char *file;
    struct ast_program *prog;      /* prog->jpaths follows ent (for diagnostics) */
    struct front_diag *err;
    struct ast_jpath *ent;
    int nent, capent;
    int failed;
};

enum name_kind { NAME_VAR, NAME_CON, NAME_CC };

static struct ast_pos at(int k) { return (struct ast_pos){ -(k + 1), 0 }; }

static int fail(struct jreader *R, int k, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct jreader *R, int k, const char *fmt, ...)
{
    if (!R->failed) {
        char msg[600];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        front_diag_at(R->err, R->file, R->prog, at(k), "%s", msg);
    }
    R->failed = 1;
    return -1;
}

static int oom(struct jreader *R)
{
    if (!R->failed) front_diag_set(R->err, R->file, (struct ast_pos){ 1, 1 }, "out of memory");
    R->failed = 1;
    return -1;
}

/* A new path entry: member key of entry parent, then element index (or -1). */
static int enter(struct jreader *R, int parent, const char *key, int index)
{
    if (R->nent == R->capent) {
        int cap = R->capent ? R->capent * 2 : 256;
        struct ast_jpath *e = realloc(R->ent, (size_t)cap * sizeof *e);
        if (!e) return oom(R);
        R->ent = e;
        R->capent = cap;
        R->prog->jpaths = e;
    }
    R->ent[R->nent] = (struct ast_jpath){ .parent = parent, .key = key, .index = index };
    R->prog->njpaths = R->nent + 1;
    return R->nent++;
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE: case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* The object's members must be among `allowed` (NULL-terminated). */
static int only_members(struct jreader *R, int k, json_t *o, const char *const *allowed, const char *what)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++) ok = strcmp(*a, key) == 0;
        if (!ok) return fail(R, k, "unknown member \"%.60s\" in %s", key, what);
    }
    return 0;
}

/* Member key of object o (entry k), which must be present. */
static json_t *member(struct jreader *R, int k, json_t *o, const char *key, const char *what)
{
    json_t *v = json_object_get(o, key);
    if (!v) fail(R, k, "%s has no \"%s\"", what, key);
    return v;
}

/* The optional "pos": {"line": L, "col": C} of the object at entry k. */
static int read_pos(struct jreader *R, int k, json_t *o)
{
    json_t *p = json_object_get(o, "pos");
    if (!p) return 0;
    int pk = enter(R, k, "pos", -1);
    if (pk < 0) return -1;
    static const char *const allowed[] = { "line", "col", NULL };
    if (!json_is_object(p)) return fail(R, pk, "\"pos\" must be an object {\"line\": L, \"col\": C}, not %s", type_name(p));
    if (only_members(R, pk, p, allowed, "a position") != 0) return -1;
    json_t *l = json_object_get(p, "line"), *c = json_object_get(p, "col");
    if (!json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 1 || json_integer_value(c) < 1
        || json_integer_value(l) > 1000000000 || json_integer_value(c) > 1000000000)
        return fail(R, pk, "\"pos\" needs \"line\" and \"col\", integers from 1 to 10^9");
    R->ent[k].src = (struct ast_pos){ (int)json_integer_value(l), (int)json_integer_value(c) };
    return 0;
}

/* Is s a name of this kind in the program text's syntax?  (The JSON form
 * names what the text can name, so `ccm core` prints it back.) */
static const char *name_problem(const char *s, size_t len, enum name_kind kind)
{
    if (kind == NAME_CC) {
        for (size_t i = 0; i < len; i++)
            if (s[i] == '"' || s[i] == '\n' || s[i] == '\0')
                return "a cost-centre name may not hold `\"`, a newline or NUL";
        return NULL;
    }
    int first_ok = kind == NAME_VAR ? ((s[0] >= 'a' && s[0] <= 'z') || s[0] == '_')
                                    : (s[0] >= 'A' && s[0] <= 'Z');
    if (len == 0 || !first_ok)
        return kind == NAME_VAR ? "a variable name starts with a lower-case letter or `_`"
                                : "a constructor name starts with an upper-case letter";
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '\''))
            return "a name holds only letters, digits, `_` and `'`";
    }
    if (kind == NAME_VAR && lex_is_keyword(s)) return "a keyword is not a variable name";
    return NULL;
}

/* A name (string) at entry k: interned, or NULL with a diagnostic. */
static const char *name_at(struct jreader *R, int k, json_t *v, enum name_kind kind)
{
    static const char *const what[] = { "variable name", "constructor name", "cost-centre name" };
    if (!json_is_string(v)) { fail(R, k, "expected a %s (a string), not %s", what[kind], type_name(v)); return NULL; }
    const char *s = json_string_value(v);
    size_t len = json_string_length(v);
    const char *bad = name_problem(s, len, kind);
    if (bad) { fail(R, k, "bad %s \"%.60s\": %s", what[kind], s, bad); return NULL; }
    const char *n = arena_intern(R->prog->arena, s, len);
    if (!n) oom(R);
    return n;
}

/* Member key of o (entry k) as a name; its own entry in *nk. */
static const char *name_member(struct jreader *R, int k, json_t *o, const char *key,
                               enum name_kind kind, const char *what, int *nk)
{
    json_t *v = member(R, k, o, key, what);
    if (!v) return NULL;
    if ((*nk = enter(R, k, key, -1)) < 0) return NULL;
    return name_at(R, *nk, v, kind);
}

/* The optional array of names o[key] (absent: none) into names and pos. */
static int name_list(struct jreader *R, int k, json_t *o, const char *key,
                     const char ***names, struct ast_pos **pos, int *n)
{
    json_t *a = json_object_get(o, key);
    *names = NULL; *pos = NULL; *n = 0;
    if (!a) return 0;
    int ak = enter(R, k, key, -1);
    if (ak < 0) return -1;
    if (!json_is_array(a)) return fail(R, ak, "\"%s\" must be an array of variable names, not %s", key, type_name(a));
    size_t count = json_array_size(a);
    if (count == 0) return 0;
    if (count > 1000000) return fail(R, ak, "more than 1000000 names");
    *names = arena_alloc(R->prog->arena, count * sizeof **names);
    *pos = arena_alloc(R->prog->arena, count * sizeof **pos);
    if (!*names || !*pos) return oom(R);
    for (size_t i = 0; i < count; i++) {
        int ek = enter(R, k, key, (int)i);
        if (ek < 0 || !((*names)[i] = name_at(R, ek, json_array_get(a, i), NAME_VAR))) return -1;
        (*pos)[i] = at(ek);
    }
    *n = (int)count;
    return 0;
}

static struct ast_expr *expr(struct jreader *R, int k, json_t *v, int depth);

/* Member key of o (entry k): an expression one level deeper. */
static struct ast_expr *expr_member(struct jreader *R, int k, json_t *o, const char *key,
                                    const char *what, int depth)
{
    json_t *v = member(R, k, o, key, what);
    if (!v) return NULL;
    int ek = enter(R, k, key, -1);
    return ek < 0 ? NULL : expr(R, ek, v, depth + 1);
}

/* "bindings": [{"name": x, "body": e, "pos"?}, ...] of o (entry k); at least
 * `min` of them. */
static struct ast_binding *bindings(struct jreader *R, int k, json_t *o, int min, int *n, int depth)
{
    static const char *const allowed[] = { "name", "body", "pos", NULL };
    json_t *a = json_object_get(o, "bindings");
    int ak = k;
    if (a && (ak = enter(R, k, "bindings", -1)) < 0) return NULL;
    if (!a || !json_is_array(a)) {
        fail(R, ak, "\"bindings\" must be an array of bindings{\"name\", \"body\"}, not %s", a ? type_name(a) : "missing");
        return NULL;
    }
    size_t count = json_array_size(a);
    if ((int)count < min) { fail(R, ak, "a let binds at least one name"); return NULL; }
    if (count > 1000000) { fail(R, ak, "more than 1000000 bindings"); return NULL; }
    struct ast_binding *b = arena_alloc(R->prog->arena, (count ? count : 1) * sizeof *b);
    if (!b) { oom(R); return NULL; }
    for (size_t i = 0; i < count; i++) {
        json_t *bj = json_array_get(a, i);
        int bk = enter(R, k, "bindings", (int)i), nk;
        if (bk < 0) return NULL;
        if (!json_is_object(bj)) { fail(R, bk, "a binding is an object {\"name\", \"body\"}, not %s", type_name(bj)); return NULL; }
        if (only_members(R, bk, bj, allowed, "a binding") != 0 || read_pos(R, bk, bj) != 0) return NULL;
        b[i].pos = at(bk);
        if (!(b[i].name = name_member(R, bk, bj, "name", NAME_VAR, "a binding", &nk))) return NULL;
        if (!(b[i].rhs = expr_member(R, bk, bj, "body", "a binding", depth))) return NULL;
    }
    *n = (int)count;
    return b;
}

static int alt(struct jreader *R, int k, json_t *aj, struct ast_alt *a, int depth)
{
    static const char *const allowed[] = { "con", "vars", "default", "body", "pos", NULL };
    if (!json_is_object(aj))
        return fail(R, k, "an alternative is an object {\"con\", \"vars\", \"body\"} or {\"default\": true, \"body\"}, not %s", type_name(aj));
    if (only_members(R, k, aj, allowed, "an alternative") != 0 || read_pos(R, k, aj) != 0) return -1;
    a->pos = at(k);
    json_t *def = json_object_get(aj, "default");
    if (def && !json_is_true(def)) return fail(R, k, "\"default\" may only be true");
    if (def && (json_object_get(aj, "con") || json_object_get(aj, "vars")))
        return fail(R, k, "a default alternative has no \"con\" or \"vars\"");
    if (!def) {
        int ck;
        if (!json_object_get(aj, "con")) return fail(R, k, "an alternative has \"con\" or \"default\": true");
        if (!(a->con = name_member(R, k, aj, "con", NAME_CON, "an alternative", &ck))) return -1;
        if (name_list(R, k, aj, "vars", &a->vars, &a->var_pos, &a->nvars) != 0) return -1;
    }
    return (a->body = expr_member(R, k, aj, "body", "an alternative", depth)) ? 0 : -1;
}

static struct ast_alt *alts(struct jreader *R, int k, json_t *o, int *n, int depth)
{
    json_t *a = member(R, k, o, "alts", "a case");
    int ak = a ? enter(R, k, "alts", -1) : -1;
    if (ak < 0) return NULL;
    if (!json_is_array(a) || json_array_size(a) == 0) {
        fail(R, ak, "\"alts\" must be a non-empty array of alternatives, not %s", json_is_array(a) ? "empty" : type_name(a));
        return NULL;
    }
    size_t count = json_array_size(a);
    if (count > 1000000) { fail(R, ak, "more than 1000000 alternatives"); return NULL; }
    struct ast_alt *out = arena_alloc(R->prog->arena, count * sizeof *out);
    if (!out) { oom(R); return NULL; }
    for (size_t i = 0; i < count; i++) {
        int ek = enter(R, k, "alts", (int)i);
        if (ek < 0 || alt(R, ek, json_array_get(a, i), &out[i], depth) != 0) return NULL;
    }
    *n = (int)count;
    return out;
}

static const struct { const char *text; enum ast_op op; } ops[] = {
    { "+", AST_ADD }, { "-", AST_SUB }, { "*", AST_MUL }, { "/", AST_DIV }, { "%", AST_MOD },
    { "==", AST_EQ }, { "/=", AST_NE }, { "<", AST_LT }, { "<=", AST_LE }, { ">", AST_GT }, { ">=", AST_GE },
};

/* The members each node kind may have ("node" and "pos" for all). */
static const struct {
    const char *name;
    enum ast_kind kind;
    const char *members[5];
} kinds[] = {
    { "lambda", AST_LAM, { "param", "body" } },
    { "application", AST_APP, { "fun", "arg" } },
    { "variable", AST_VAR, { "name" } },
    { "let", AST_LET, { "bindings", "body" } },
    { "case", AST_CASE, { "scrutinee", "alts" } },
    { "constructor", AST_CON, { "con", "args" } },
    { "literal", AST_LIT, { "value" } },
    { "primitive", AST_PRIM, { "op", "left", "right" } },
    { "scc", AST_SCC, { "cc", "body" } },
    { "scc_sub", AST_SCC_SUB, { "cc", "body" } },
};

static int literal(struct jreader *R, int k, json_t *o, struct ast_expr *e)
{
    json_t *v = member(R, k, o, "value", "a literal");
    if (!v) return -1;
    int vk = enter(R, k, "value", -1);
    if (vk < 0) return -1;
    if (!json_is_integer(v)) return fail(R, vk, "a literal's \"value\" is an integer, not %s", type_name(v));
    json_int_t n = json_integer_value(v);
    if (n < 0)       /* as in the text, where a negative number is written 0 - n */
        return fail(R, vk, "integer %lld out of range (a literal is from 0 to 9223372036854775807; write 0 - n with a primitive)",
                    (long long)n);
    e->lit = (int64_t)n;
    return 0;
}

static int primitive(struct jreader *R, int k, json_t *o, struct ast_expr *e, int depth)
{
    json_t *op = member(R, k, o, "op", "a primitive");
    if (!op) return -1;
    int ok = enter(R, k, "op", -1), found = 0;
    if (ok < 0) return -1;
    for (size_t i = 0; json_is_string(op) && i < sizeof ops / sizeof ops[0] && !found; i++)
        if (strcmp(json_string_value(op), ops[i].text) == 0) { e->op = ops[i].op; found = 1; }
    if (!found) return fail(R, ok, "\"op\" is one of + - * / %% == /= < <= > >=");
    static const char *const side[] = { "left", "right" };
    for (int s = 0; s < 2; s++) {
        struct ast_expr *x = expr_member(R, k, o, side[s], "a primitive", depth);
        if (!x) return -1;
        if (x->kind != AST_VAR && x->kind != AST_LIT)
            return fail(R, -x->pos.line - 1, "an operand of a primitive is a variable or a literal node");
        if (s == 0) e->left = x; else e->right = x;
    }
    return 0;
}

/* The fields of node e (kind already set) from object o at entry k. */
static int fields(struct jreader *R, int k, json_t *o, struct ast_expr *e, int depth)
{
    int nk;
    switch (e->kind) {
    case AST_LAM:
        if (!(e->name = name_member(R, k, o, "param", NAME_VAR, "a lambda", &nk))) return -1;
        e->name_pos = at(nk);
        return (e->body = expr_member(R, k, o, "body", "a lambda", depth)) ? 0 : -1;
    case AST_APP:
        if (!(e->body = expr_member(R, k, o, "fun", "an application", depth))) return -1;
        if (!(e->name = name_member(R, k, o, "arg", NAME_VAR, "an application", &nk))) return -1;
        e->name_pos = at(nk);
        return 0;
    case AST_VAR:
        return (e->name = name_member(R, k, o, "name", NAME_VAR, "a variable", &nk)) ? 0 : -1;
    case AST_LET:
        if (!(e->binds = bindings(R, k, o, 1, &e->nbinds, depth))) return -1;
        return (e->body = expr_member(R, k, o, "body", "a let", depth)) ? 0 : -1;
    case AST_CASE:
        if (!(e->body = expr_member(R, k, o, "scrutinee", "a case", depth))) return -1;
        return (e->alts = alts(R, k, o, &e->nalts, depth)) ? 0 : -1;
    case AST_CON:
        if (!(e->name = name_member(R, k, o, "con", NAME_CON, "a constructor", &nk))) return -1;
        return name_list(R, k, o, "args", &e->args, &e->arg_pos, &e->nargs);
    case AST_LIT:
        return literal(R, k, o, e);
    case AST_PRIM:
        return primitive(R, k, o, e, depth);
    case AST_SCC: case AST_SCC_SUB:
        if (!(e->name = name_member(R, k, o, "cc", NAME_CC, "an scc", &nk))) return -1;
        e->name_pos = at(nk);
        return (e->body = expr_member(R, k, o, "body", "an scc", depth)) ? 0 : -1;
    }
    return fail(R, k, "internal error: unknown node kind");
}

/* One node at entry k, `depth` nodes below its binding. */
static struct ast_expr *expr(struct jreader *R, int k, json_t *v, int depth)
{
    if (depth > FRONT_MAX_DEPTH) { fail(R, k, "nesting deeper than %d levels", FRONT_MAX_DEPTH); return NULL; }
    if (!json_is_object(v)) { fail(R, k, "a node is an object with a \"node\" member, not %s", type_name(v)); return NULL; }
    json_t *kind = json_object_get(v, "node");
    size_t i = 0;
    if (!kind) { fail(R, k, "a node has no \"node\" member (its kind)"); return NULL; }
    while (i < sizeof kinds / sizeof kinds[0] && !(json_is_string(kind) && strcmp(json_string_value(kind), kinds[i].name) == 0)) i++;
    if (i == sizeof kinds / sizeof kinds[0]) {
        fail(R, k, "unknown node kind %s%.40s%s (lambda, application, variable, let, case, constructor, "
                   "literal, primitive, scc, scc_sub)", json_is_string(kind) ? "\"" : "",
             json_is_string(kind) ? json_string_value(kind) : type_name(kind), json_is_string(kind) ? "\"" : "");
        return NULL;
    }
    const char *allowed[8] = { "node", "pos" };
    for (int m = 0; m < 5 && kinds[i].members[m]; m++) allowed[2 + m] = kinds[i].members[m];
    char what[40];
    snprintf(what, sizeof what, "a %s node", kinds[i].name);
    if (only_members(R, k, v, allowed, what) != 0 || read_pos(R, k, v) != 0) return NULL;
    struct ast_expr *e = arena_alloc(R->prog->arena, sizeof *e);
    if (!e) { oom(R); return NULL; }
    e->kind = kinds[i].kind;
    e->pos = at(k);
    return fields(R, k, v, e, depth) == 0 ? e : NULL;
}

/* The document: {"bindings": [...]}.  Its own faults are located at 1:1
 * (where the document starts), like Jansson's syntax errors. */
static int program(struct jreader *R, json_t *doc)
{
    struct ast_pos start = { 1, 1 };
    if (!json_is_object(doc) || json_object_size(doc) != 1 || !json_object_get(doc, "bindings")) {
        front_diag_set(R->err, R->file, start, "a core program is an object with one member, "
                       "\"bindings\": [...] (not %s)", json_is_object(doc) ? "other members" : type_name(doc));
        R->failed = 1;
        return -1;
    }
    if (enter(R, -1, "bindings", -1) != 0) return -1;   /* entry 0: "/bindings" */
    int n = 0;
    /* the top-level bindings hang off the document (parent -1), as "/bindings/i" */
    struct ast_binding *b = bindings(R, -1, doc, 0, &n, 0);
    if (!b) return -1;
    R->prog->binds = b;
    R->prog->nbinds = n;
    return 0;
}

int front_json_parse(const char *file, const char *text, size_t len,
                     struct ast_program *out, struct front_diag *err)
{
    memset(out, 0, sizeof *out);
    struct ast_pos start = { 1, 1 };
    json_error_t jerr;
    json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc) {
        struct ast_pos p = { jerr.line > 0 ? jerr.line : 1, jerr.column > 0 ? jerr.column : 1 };
        front_diag_set(err, file, p, "not JSON core: %s", jerr.text);
        return -1;
    }
    out->arena = arena_new();
    if (!out->arena) { json_decref(doc); front_diag_set(err, file, start, "out of memory"); return -1; }
    struct jreader R = { .file = file, .prog = out, .err = err };
    int rc = program(&R, doc);
    json_decref(doc);
    /* the path entries move into the arena, which owns all of the program */
    struct ast_jpath *kept = rc == 0 ? arena_alloc(out->arena, (size_t)R.nent * sizeof *kept) : NULL;
    if (rc == 0 && !kept) rc = oom(&R);
    if (rc == 0) memcpy(kept, R.ent, (size_t)R.nent * sizeof *kept);
    free(R.ent);
    if (rc != 0) { ast_free(out); return -1; }
    out->jpaths = kept;
    out->njpaths = R.nent;
    return 0;
}

int front_read_json_program(const char *path, struct ast_program *out, struct front_diag *err)
{
    return front_read_with(path, front_json_parse, out, err);
}
