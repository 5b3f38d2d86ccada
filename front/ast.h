/* ast.h -- the core program as a tree: what the parser builds, the checker
 * checks, the loader lays into kernel code, the printer prints (`ccm core`)
 * and the big-step evaluator (props/) evaluates.
 *
 * The tree is *core*: every lambda binds one name and every application
 * has one argument variable; the parser desugars `\x y -> e` and `f x y`,
 * and front/surface.c the rest of the surface language (docs/surface.md).
 * All memory belongs to the program's arena (ast_free releases it).
 */
#ifndef CCM_AST_H
#define CCM_AST_H

#include <stddef.h>
#include <stdint.h>

enum ast_kind {
    AST_LAM = 1,   /* \name -> body                            */
    AST_APP,       /* fn name         (name: the argument var) */
    AST_VAR,       /* name                                     */
    AST_LET,       /* let binds in body                        */
    AST_CON,       /* name args...    (name: constructor)      */
    AST_CASE,      /* case body of alts                        */
    AST_SCC,       /* scc "name" body                          */
    AST_SCC_SUB,   /* scc_sub "name" body                      */
    AST_LIT,       /* lit                                      */
    AST_PRIM       /* left op right  (operands: AST_VAR/AST_LIT)*/
};

/* Operators, in the order of enum ccm_op in kernel/ccm.h. */
enum ast_op {
    AST_ADD = 0, AST_SUB, AST_MUL, AST_DIV, AST_MOD,
    AST_EQ, AST_NE, AST_LT, AST_LE, AST_GT, AST_GE
};

struct ast_expr;

struct ast_pos { int line, col; };

struct ast_binding {
    const char *name;
    struct ast_pos pos;
    struct ast_expr *rhs;
};

struct ast_alt {
    const char *con;          /* NULL for the default alternative `_ -> e` */
    const char **vars;        /* pattern variables                          */
    struct ast_pos *var_pos;
    int nvars;
    struct ast_expr *body;
    struct ast_pos pos;
};

struct ast_expr {
    enum ast_kind kind;
    struct ast_pos pos;
    const char *name;         /* VAR, LAM parameter, APP argument, CON, SCC cost centre */
    struct ast_pos name_pos;  /* where name stands (APP argument, LAM parameter)        */
    int64_t lit;              /* LIT */
    enum ast_op op;           /* PRIM */
    struct ast_expr *body;    /* LAM/LET/SCC body, APP function, CASE scrutinee */
    struct ast_expr *left, *right;   /* PRIM operands */
    const char **args;        /* CON argument variables */
    struct ast_pos *arg_pos;
    int nargs;
    struct ast_binding *binds; int nbinds;   /* LET  */
    struct ast_alt *alts;      int nalts;    /* CASE (a default, if any, is last) */
};

struct ast_arena;             /* opaque: owns every node and string */

/* One step of a JSON path: the member `key` of entry `parent` (-1: the
 * document), then, if index >= 0, that array's element `index` -- so
 * "/bindings/3/body/alts/1" is four entries.  Entry 0 is "/bindings", the
 * whole program's place.  src: the node's optional "pos" ({0, 0} if none). */
struct ast_jpath {
    int parent;
    const char *key;
    int index;
    struct ast_pos src;
};

struct ast_program {
    struct ast_binding *binds;
    int nbinds;
    struct ast_arena *arena;
    /* A program read from JSON core (docs/core-json.md) is located by JSON
     * paths, not by line and column: its positions are {-(k+1), 0}, naming
     * entry k of jpaths.  NULL for program text. */
    const struct ast_jpath *jpaths;
    int njpaths;
};

/* Names are interned in the arena: equal names are equal pointers. */

const char *ast_op_text(enum ast_op op);     /* "+", "==", ... */
void ast_free(struct ast_program *p);

#endif
