/* check.c -- the static errors of docs/syntax-and-cli.md (syntax), reported in
 * source order (the first one found walking the program left to right):
 * duplicate binding (top level or one let), unbound variable, duplicate
 * pattern variable or constructor in one case, constructor arity mismatch
 * (the first use in source order fixes the arity; True and False are
 * nullary; patterns are uses), reserved cost-centre name, missing main.
 * Recursion depth is bounded by the parser's nesting limit. */
#include <stdlib.h>
#include <string.h>
#include "front_internal.h"

struct checker {
    const char *file;
    const struct ast_program *prog;   /* for positions: line:col or JSON path */
    struct front_diag *err;
    struct name_map top;          /* top-level name -> index                 */
    struct name_map scope;        /* local name -> number of enclosing binders */
    struct name_map arity;        /* constructor -> index into first_use     */
    struct { int arity; struct ast_pos pos; } *first_use;
    int ncons, capcons;
    char where[400];              /* WHERE's text */
};

/* An earlier position named in a message ("first bound at ..."), written
 * in the checker (a buffer in the recursive functions' frames would cost
 * stack on every level of a deep tree; a message names one at most). */
#define WHERE(C, pos) front_where((C)->prog, (pos), (C)->where, sizeof (C)->where)

static int oom(struct checker *C)
{
    struct ast_pos p = { 1, 1 };
    front_diag_at(C->err, C->file, C->prog, p, "out of memory");
    return -1;
}

static int bind(struct checker *C, const char *name)
{
    int n = 0;
    name_map_get(&C->scope, name, &n);
    return name_map_put(&C->scope, name, n + 1) == 0 ? 0 : oom(C);
}

static void unbind(struct checker *C, const char *name)
{
    int n = 0;
    name_map_get(&C->scope, name, &n);
    name_map_put(&C->scope, name, n - 1);   /* the key exists: cannot fail */
}

static int use_var(struct checker *C, const char *name, struct ast_pos pos)
{
    int n = 0, i;
    if (name_map_get(&C->scope, name, &n) && n > 0) return 0;
    if (name_map_get(&C->top, name, &i)) return 0;
    front_diag_at(C->err, C->file, C->prog, pos, "unbound variable `%s`", name);
    return -1;
}

static int use_con(struct checker *C, const char *con, int arity, struct ast_pos pos)
{
    if (strcmp(con, "True") == 0 || strcmp(con, "False") == 0) {
        if (arity == 0) return 0;
        front_diag_at(C->err, C->file, C->prog, pos,
                       "arity mismatch: constructor `%s` takes no arguments, used with %d", con, arity);
        return -1;
    }
    int i;
    if (name_map_get(&C->arity, con, &i)) {
        if (C->first_use[i].arity == arity) return 0;
        front_diag_at(C->err, C->file, C->prog, pos,
                       "arity mismatch: constructor `%s` used with %d argument%s, but its first use at %s has %d",
                       con, arity, arity == 1 ? "" : "s", WHERE(C, C->first_use[i].pos),
                       C->first_use[i].arity);
        return -1;
    }
    if (C->ncons == C->capcons) {
        int cap = C->capcons ? C->capcons * 2 : 32;
        void *n = realloc(C->first_use, (size_t)cap * sizeof *C->first_use);
        if (!n) return oom(C);
        C->first_use = n;
        C->capcons = cap;
    }
    C->first_use[C->ncons].arity = arity;
    C->first_use[C->ncons].pos = pos;
    if (name_map_put(&C->arity, con, C->ncons) != 0) return oom(C);
    C->ncons++;
    return 0;
}

static int cc_name_ok(struct checker *C, const char *name, struct ast_pos pos)
{
    if (strcmp(name, "MAIN") == 0 || strcmp(name, "SUB") == 0 || strcmp(name, "CAF") == 0
        || strncmp(name, "CAF:", 4) == 0) {
        front_diag_at(C->err, C->file, C->prog, pos,
                       "reserved cost-centre name \"%s\" (MAIN, SUB, CAF and CAF:... belong to the machine)",
                       name);
        return -1;
    }
    return 0;
}

/* Index of name among the first n names of a list, or -1.  (Only for short
 * lists: longer ones use a map, so huge inputs stay linear.) */
static int find_dup(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (names[i] == name || strcmp(names[i], name) == 0) return i;
    return -1;
}

static int check_expr(struct checker *C, const struct ast_expr *e);

static int check_group_dups(struct checker *C, const struct ast_binding *b, int n, const char *what)
{
    if (n > 64) {
        struct name_map seen;
        name_map_init(&seen);
        for (int i = 0; i < n; i++) {
            int j;
            if (name_map_get(&seen, b[i].name, &j)) {
                front_diag_at(C->err, C->file, C->prog, b[i].pos, "duplicate binding `%s` in one %s (first bound at %s)",
                               b[i].name, what, WHERE(C, b[j].pos));
                name_map_free(&seen);
                return -1;
            }
            if (name_map_put(&seen, b[i].name, i) != 0) { name_map_free(&seen); return oom(C); }
        }
        name_map_free(&seen);
        return 0;
    }
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            if (b[j].name == b[i].name || strcmp(b[j].name, b[i].name) == 0) {
                front_diag_at(C->err, C->file, C->prog, b[i].pos, "duplicate binding `%s` in one %s (first bound at %s)",
                               b[i].name, what, WHERE(C, b[j].pos));
                return -1;
            }
    return 0;
}

static int check_let(struct checker *C, const struct ast_expr *e)
{
    if (check_group_dups(C, e->binds, e->nbinds, "let") != 0) return -1;
    int rc = 0, bound = 0;
    for (; bound < e->nbinds; bound++)
        if ((rc = bind(C, e->binds[bound].name)) != 0) break;
    for (int i = 0; rc == 0 && i < e->nbinds; i++)
        rc = check_expr(C, e->binds[i].rhs);
    if (rc == 0) rc = check_expr(C, e->body);
    while (bound > 0) unbind(C, e->binds[--bound].name);
    return rc;
}

static int check_alt(struct checker *C, const struct ast_alt *a)
{
    if (a->con && use_con(C, a->con, a->nvars, a->pos) != 0) return -1;
    struct name_map seen;             /* long patterns: a map, not a quadratic scan */
    name_map_init(&seen);
    for (int i = 0; i < a->nvars; i++) {
        int j = -1;
        if (a->nvars <= 64) j = find_dup(a->vars, i, a->vars[i]);
        else if (!name_map_get(&seen, a->vars[i], &j) && name_map_put(&seen, a->vars[i], i) != 0) {
            name_map_free(&seen);
            return oom(C);
        }
        if (j >= 0) {
            front_diag_at(C->err, C->file, C->prog, a->var_pos[i],
                           "duplicate pattern variable `%s` (first at %s)", a->vars[i],
                           WHERE(C, a->var_pos[j]));
            name_map_free(&seen);
            return -1;
        }
    }
    name_map_free(&seen);
    int rc = 0, bound = 0;
    for (; bound < a->nvars; bound++)
        if ((rc = bind(C, a->vars[bound])) != 0) break;
    if (rc == 0) rc = check_expr(C, a->body);
    while (bound > 0) unbind(C, a->vars[--bound]);
    return rc;
}

/* Index of an earlier alternative for constructor con, or -1.  A map keeps
 * cases with thousands of alternatives linear. */
static int earlier_alt(struct checker *C, const struct ast_expr *e, int i, struct name_map *seen)
{
    const char *con = e->alts[i].con;
    int j = -1;
    if (e->nalts <= 64) {
        for (int k = 0; k < i; k++)
            if (e->alts[k].con && strcmp(e->alts[k].con, con) == 0) return k;
        return -1;
    }
    if (name_map_get(seen, con, &j)) return j;
    if (name_map_put(seen, con, i) != 0) { oom(C); return -2; }
    return -1;
}

static int check_case(struct checker *C, const struct ast_expr *e)
{
    if (check_expr(C, e->body) != 0) return -1;
    struct name_map seen;
    name_map_init(&seen);
    int rc = 0;
    for (int i = 0; rc == 0 && i < e->nalts; i++) {
        const struct ast_alt *a = &e->alts[i];
        if (!a->con && i != e->nalts - 1) {
            front_diag_at(C->err, C->file, C->prog, e->alts[i + 1].pos,
                           "an alternative after the default `_ ->` (the default must be last)");
            rc = -1;
            break;
        }
        int j = a->con ? earlier_alt(C, e, i, &seen) : -1;
        if (j == -2) { rc = -1; break; }
        if (j >= 0) {
            front_diag_at(C->err, C->file, C->prog, a->pos,
                           "duplicate alternative for constructor `%s` in one case (first at %s)",
                           a->con, WHERE(C, e->alts[j].pos));
            rc = -1;
            break;
        }
        rc = check_alt(C, a);
    }
    name_map_free(&seen);
    return rc;
}

static int check_expr(struct checker *C, const struct ast_expr *e)
{
    switch (e->kind) {
    case AST_LAM: {
        if (bind(C, e->name) != 0) return -1;
        int rc = check_expr(C, e->body);
        unbind(C, e->name);
        return rc;
    }
    case AST_APP:
        if (check_expr(C, e->body) != 0) return -1;
        return use_var(C, e->name, e->name_pos);
    case AST_VAR:
        return use_var(C, e->name, e->pos);
    case AST_LET:
        return check_let(C, e);
    case AST_CON:
        if (use_con(C, e->name, e->nargs, e->pos) != 0) return -1;
        for (int i = 0; i < e->nargs; i++)
            if (use_var(C, e->args[i], e->arg_pos ? e->arg_pos[i] : e->pos) != 0) return -1;
        return 0;
    case AST_CASE:
        return check_case(C, e);
    case AST_SCC: case AST_SCC_SUB:
        if (cc_name_ok(C, e->name, e->name_pos.line ? e->name_pos : e->pos) != 0) return -1;
        return check_expr(C, e->body);
    case AST_LIT:
        return 0;
    case AST_PRIM:
        if (e->left->kind == AST_VAR && use_var(C, e->left->name, e->left->pos) != 0) return -1;
        if (e->right->kind == AST_VAR && use_var(C, e->right->name, e->right->pos) != 0) return -1;
        return 0;
    }
    front_diag_at(C->err, C->file, C->prog, e->pos, "internal error: unknown expression kind %d", (int)e->kind);
    return -1;
}

int front_check(const char *file, const struct ast_program *p, struct front_diag *err)
{
    struct checker C = { .file = file, .prog = p, .err = err };
    name_map_init(&C.top);
    name_map_init(&C.scope);
    name_map_init(&C.arity);
    int rc = 0;
    for (int i = 0; rc == 0 && i < p->nbinds; i++) {
        int j;
        if (!name_map_get(&C.top, p->binds[i].name, &j) && name_map_put(&C.top, p->binds[i].name, i) != 0)
            rc = oom(&C);
    }
    for (int i = 0; rc == 0 && i < p->nbinds; i++) {
        int j = -1;
        name_map_get(&C.top, p->binds[i].name, &j);
        if (j != i) {
            front_diag_at(err, file, p, p->binds[i].pos,
                           "duplicate top-level binding `%s` (first bound at %s)", p->binds[i].name,
                           WHERE(&C, p->binds[j].pos));
            rc = -1;
            break;
        }
        rc = check_expr(&C, p->binds[i].rhs);
    }
    int m;
    if (rc == 0 && !name_map_get(&C.top, "main", &m)) {
        struct ast_pos one = p->jpaths ? (struct ast_pos){ -1, 0 } : (struct ast_pos){ 1, 1 };
        front_diag_at(err, file, p, one, "no binding for `main` (a program must bind main)");
        rc = -1;
    }
    name_map_free(&C.top);
    name_map_free(&C.scope);
    name_map_free(&C.arity);
    free(C.first_use);
    return rc;
}
