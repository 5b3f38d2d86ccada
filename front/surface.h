/* surface.h -- the surface language's desugaring into the core tree
 * (docs/surface.md has the table: one translation per surface form).
 *
 * The parser reads surface syntax and calls these constructors, which
 * build only core nodes: a part that the core wants atomic (an argument,
 * a constructor field, a primitive operand) and is not is bound to a fresh
 * name, and the binding waits on the pending stack until the application,
 * constructor or primitive that uses it is built and wrapped in one `let`
 * of them (surface_wrap).  The stack is LIFO, so a part parsed inside
 * another (itself wrapped first) never sees its container's bindings. */
#ifndef CCM_SURFACE_H
#define CCM_SURFACE_H

#include "lexer.h"

/* What a fresh name holds; it names the name: _arg3, _fld4, _opd5. */
enum surface_role { SURFACE_ARG, SURFACE_FIELD, SURFACE_OPERAND };

struct surface_pending {
    struct ast_binding bind;
    int height;                   /* of bind.rhs */
};

struct surface {
    struct ast_arena *arena;
    size_t underscores;           /* fresh names start with this many `_`: one more than any identifier of the file */
    unsigned long fresh;          /* fresh names made so far (the next one's number - 1) */
    struct surface_pending *pending;
    size_t npending, cap;
    const char *cons, *nil;       /* "Cons", "Nil", interned */
    const char *true_con, *false_con;   /* "True", "False": the alternatives of an `if` */
};

/* toks: the file's tokens, ending with T_EOF or T_ERROR.  0, or -1 if out of memory. */
int surface_init(struct surface *S, struct ast_arena *arena, const struct token *toks);
void surface_free(struct surface *S);

/* The name by which e is passed: its own when e is a variable, else a fresh
 * name bound to e on the pending stack (the binding placed at pos).  NULL if
 * out of memory. */
const char *surface_atom_name(struct surface *S, struct ast_expr *e, int height,
                              struct ast_pos pos, enum surface_role role);

/* A primitive operand: e itself when a variable or an integer, else a
 * variable of a fresh name bound to e (pending).  NULL if out of memory. */
struct ast_expr *surface_operand(struct surface *S, struct ast_expr *e, int height);

/* body wrapped in one `let` (placed at pos) of the bindings pending from
 * `base` on, which it pops; body itself when there are none.  *height is
 * body's height on entry, the result's on return.  NULL if out of memory. */
struct ast_expr *surface_wrap(struct surface *S, size_t base, struct ast_expr *body,
                              struct ast_pos pos, int *height);

/* left op right (both already parsed); *height as for surface_wrap, in: max of the operands'. */
struct ast_expr *surface_prim(struct surface *S, enum ast_op op, struct ast_expr *left, int hl,
                              struct ast_expr *right, int hr, int *height);

/* head : tail, i.e. Cons head tail, placed at pos. */
struct ast_expr *surface_cons(struct surface *S, struct ast_pos pos, struct ast_expr *head, int hh,
                              struct ast_expr *tail, int ht, int *height);

/* [] , i.e. Nil, placed at pos. */
struct ast_expr *surface_nil(struct surface *S, struct ast_pos pos);

/* if c then a else b  =  case c of { True -> a; False -> b }.  then_pos,
 * else_pos: the keywords' positions, given to the two alternatives. */
struct ast_expr *surface_if(struct surface *S, struct ast_pos pos, struct ast_expr *c,
                            struct ast_pos then_pos, struct ast_expr *a,
                            struct ast_pos else_pos, struct ast_expr *b);

#endif
