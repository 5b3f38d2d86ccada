/* parser_internal.h -- what the two halves of the parser share:
 * parser.c (the program, bindings, and the constructs the core has: lambda,
 * let, case, scc) and parse_expr.c (operators, applications, atoms, lists,
 * if, SCC pragmas).  Not public. */
#ifndef CCM_PARSER_INTERNAL_H
#define CCM_PARSER_INTERNAL_H

#include "lexer.h"
#include "surface.h"

struct parser {
    const char *file;
    struct ast_arena *arena;
    const struct token *first;    /* all the tokens (hint.c looks around the current one) */
    const struct token *t;        /* current token */
    struct front_diag *err;
    int failed;
    /* scratch stacks: a construct pushes its parts, then copies them out */
    struct ast_binding *binds; size_t nbinds, capbinds;
    struct ast_alt *alts;      size_t nalts, capalts;
    const char **names;        size_t nnames, capnames;
    struct ast_pos *poss;      size_t capposs;   /* parallel to names */
    struct surface S;             /* fresh names and the bindings waiting for their let */
    struct part { struct ast_expr *e; int height; } *parts; size_t nparts, capparts;   /* arguments read, not yet bound */
};

#define MAX_ARGS 1000000   /* arguments of one application/constructor/pattern */
/* Every nesting level passes through parse_infix, parse_operand/parse_fexp
 * and parse_aexp; a construct's own parser keeps its locals out of those
 * frames (inlined, they would all sit in parse_operand's), so that 10000
 * levels fit in the C stack even under AddressSanitizer. */
#define NOINLINE __attribute__((noinline))


/* Errors: each sets the diagnostic once (the first error wins) and returns -1. */
int parser_fail(struct parser *P, struct ast_pos pos, const char *fmt, const char *what);  /* "..., found X" */
int parser_fail_plain(struct parser *P, struct ast_pos pos, const char *msg);              /* msg alone */
int parser_oom(struct parser *P);
/* items (an array of *cap elements of size bytes, len in use) with room for
 * one more: items itself, a larger copy (*cap updated), or NULL when out of
 * memory (reported as parser_oom does) */
void *parser_room(struct parser *P, void *items, size_t *cap, size_t len, size_t size);
int parser_too_deep(struct parser *P, struct ast_pos pos);

void parser_next(struct parser *P);
int parser_expect(struct parser *P, enum tok_kind k, const char *msg);
struct ast_expr *parser_new_expr(struct parser *P, enum ast_kind k, struct ast_pos pos);
int parser_push_name(struct parser *P, const char *name, struct ast_pos pos);
int parser_pop_names(struct parser *P, long n, const char ***names, struct ast_pos **pos);
/* Apply e to the n names on top of the name stack: (e x1) ... xn. */
struct ast_expr *parser_apply_args(struct parser *P, struct ast_expr *e, long n, int *height);

/* The constructs of the core (parser.c); each at the token that starts it. */
struct ast_expr *parse_lambda(struct parser *P, int depth, int *height);
struct ast_expr *parse_let(struct parser *P, int depth, int *height);
struct ast_expr *parse_case(struct parser *P, int depth, int *height);
struct ast_expr *parse_scc(struct parser *P, int depth, int *height);

/* Operands joined by operators binding at least min_prec (parse_expr.c). */
struct ast_expr *parse_infix(struct parser *P, int depth, int min_prec, int *height);

/* A whole expression: operators over operands, the loosest first.  (Always
 * inlined: a frame of its own on every nesting level would cost stack.) */
__attribute__((always_inline)) static inline struct ast_expr *parse_expr(struct parser *P, int depth, int *height)
{
    return parse_infix(P, depth, 0, height);
}

#endif
