/* front.h -- the front end: text -> checked core tree -> kernel code.
 * Outside the verified kernel; every error is a located diagnostic
 * "FILE:LINE:COL: message" (callers print it and exit with status 2). */
#ifndef CCM_FRONT_H
#define CCM_FRONT_H

#include <stdio.h>
#include <stddef.h>
#include "ast.h"
#include "../kernel/ccm.h"

/* Deepest expression tree the parser accepts (nesting and tree height
 * alike; "nesting deeper than 10000 levels" beyond).  Every later pass --
 * checker, loader, printers, an evaluator of the tree -- may recurse this
 * deep without endangering the C stack. */
#define FRONT_MAX_DEPTH 10000
/* A variable may be at most this many binders inside its binder's scope
 * (the kernel's lookup walks one environment cell per binder between a use
 * and its binder): a wider reference is refused, so no transition walks
 * more cells than this. */
#define FRONT_MAX_REF 4096

struct front_diag {
    char text[1024];          /* "FILE:LINE:COL: message" */
};

/* Parse program text (any bytes; need not be NUL-terminated).  0 on
 * success; -1 with a diagnostic.  Never recurses on the C stack in a way
 * that nesting depth can overflow. */
int front_parse(const char *file, const char *text, size_t len,
                struct ast_program *out, struct front_diag *err);

/* Static checks of docs/syntax-and-cli.md (syntax): unbound variable, duplicate
 * binding (let / top level), duplicate pattern variable or constructor in a
 * case, constructor arity mismatch, reserved cost-centre name, missing main. */
int front_check(const char *file, const struct ast_program *p, struct front_diag *err);

/* Read, parse and check a file (or "-" for standard input). */
int front_read_program(const char *path, struct ast_program *out, struct front_diag *err);

/* JSON core (docs/core-json.md): read a document into the tree the parser
 * would build (not yet checked).  0, or -1 with a diagnostic that names
 * the JSON path of the offending node ("FILE:/bindings/3/body/alts/1: ...";
 * a syntax error: "FILE:LINE:COL: not JSON core: ...").  The tree's
 * positions are JSON paths: front_check's and front_load's diagnostics
 * name them too.  core_json_read.c */
int front_json_parse(const char *file, const char *text, size_t len,
                     struct ast_program *out, struct front_diag *err);
/* The whole of path (or standard input for "-") in a malloc'd buffer of
 * *len bytes; NULL with a diagnostic ("cannot open", "cannot read").  For
 * a caller that parses the same text more than once (`ccm bottleneck`). */
char *front_read_text(const char *path, size_t *len, struct front_diag *err);
/* front_read_program for a file of JSON core: read, front_json_parse, check. */
int front_read_json_program(const char *path, struct ast_program *out, struct front_diag *err);
/* `ccm core --json`: the program as JSON core on one line (with the source
 * positions it has).  0, or -1 if memory or output fails.  core_json_print.c */
int front_print_core_json(FILE *out, const struct ast_program *p);

/* Automatic cost centres (docs/auto-cc.md; autocc.c).  The modes: */
enum front_auto_cc_mode {
    FRONT_AUTO_NONE = 0,   /* leave the program as written                      */
    FRONT_AUTO_TOP,        /* the body of every top-level function: scc "f"     */
    FRONT_AUTO_ALL,        /* and of every let-bound function: scc "f.go"       */
    FRONT_AUTO_CALLS       /* every application of a variable: scc "f@LINE:COL" */
};
/* The mode a word names ("none", "top", "all", "calls"), or -1. */
int front_auto_cc_mode(const char *word);
/* Wrap the parts of checked program p (parsed: it owns an arena) that mode
 * names in `scc`, leaving every part under a hand-written scc or scc_sub
 * alone.  only (FRONT_AUTO_ALL and FRONT_AUTO_TOP): wrap only the functions
 * whose names are among only[0 .. nonly-1]; NULL: all of them.  0, or -1
 * with a diagnostic (out of memory; the tree nested too deeply). */
int front_auto_cc(struct ast_program *p, int mode, const char *const *only, int nonly,
                  const char *file, struct front_diag *err);
/* The name FRONT_AUTO_ALL gives a function `name` bound inside unit prefix:
 * "prefix.name", or "name" at the top (prefix NULL); malloc'd, NULL if
 * memory runs out.  The bottleneck search's units (below) share it. */
char *front_unit_name(const char *prefix, const char *name);

/* The program's functions and who refers to whom (callgraph.c), for the
 * bottleneck search (docs/bottleneck.md).  A unit is main, a top-level
 * constant (its costs go to CAF:name) or a function binding, named as
 * FRONT_AUTO_ALL names it; callees[i] lists the units unit i's own code
 * (not that of the functions it binds inside) refers to, in order of first
 * reference, without repeats. */
enum front_unit_kind { FRONT_UNIT_MAIN, FRONT_UNIT_CAF, FRONT_UNIT_FUNCTION };
struct front_unit {
    char *name;                 /* "f", "f.go"; the cost centre: name, CAF:name or MAIN */
    enum front_unit_kind kind;
    struct ast_pos pos;
    int *callees; int ncallees;
};
struct front_units { struct front_unit *u; int n; };
/* 0, or -1 if memory runs out.  Units with the same name are one unit. */
int front_units(const struct ast_program *p, struct front_units *out);
void front_units_free(struct front_units *us);
int front_unit_find(const struct front_units *us, const char *name);   /* -1 if none */

/* The program laid out for the kernel, with the names a report needs. */
struct front_image {
    struct ccm_node *code;   int32_t ncode;
    int32_t *cc_kind;        int32_t ncc;
    char **cc_names;         /* "MAIN", "SUB", "CAF:x", user names */
    int32_t ntop;
    int32_t *top_code;
    int32_t *top_cc;
    char **top_names;
    int32_t entry;
    char **con_names;        int32_t ncon;   /* tag -> constructor name */
    /* node -> the tree expression it was laid from (NULL for BIND, ARG, ALT
     * and the reserved nodes): names for traces and error messages.  Points
     * into the ast_program, which must outlive this use. */
    const struct ast_expr **node_expr;
    struct ccm_program program;              /* a view of the arrays above */
};

int  front_load(const struct ast_program *p, struct front_image *img, struct front_diag *err);
void front_image_free(struct front_image *img);

/* `ccm core`: the desugared core, in the syntax of docs/syntax-and-cli.md, re-parsable. */
void front_print_core(FILE *out, const struct ast_program *p);

/* The same text in a malloc'd, NUL-terminated buffer (its length in *len);
 * NULL if memory runs out.  The caller frees it. */
char *front_core_text(const struct ast_program *p, size_t *len);

/* One expression as source text into buf (always NUL-terminated), cut
 * with "..." after about `max` characters; returns buf.  For traces and
 * error messages: the work done is bounded by max, not by the tree. */
const char *front_expr_text(const struct ast_expr *e, char *buf, size_t cap, size_t max);

#endif
