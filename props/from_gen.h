/* from_gen.h -- the generator's tree (gen/tree.h) as a core tree
 * (front/ast.h) for the big-step evaluator, without the front end.
 *
 * For generated programs the big-step evaluator must not see what the
 * front end made of the text (a lexer or parser bug would then be the same
 * on both sides of property 1).  This file desugars the generator's tree
 * itself -- `\x y -> e` into `\x -> \y -> e`, `f a b` into `(f a) b` --
 * and interns names in its own table (the evaluator compares names by
 * pointer).  It shares only the struct layout of front/ast.h, no code.
 */
#ifndef CCM_PROPS_FROM_GEN_H
#define CCM_PROPS_FROM_GEN_H

#include "../front/ast.h"
#include "../gen/tree.h"

struct gen_ast;   /* owns the converted tree */

/* out->arena is NULL: free with gen_ast_free(owner), never ast_free. */
struct gen_ast *gen_to_ast(const struct gtree *t, struct ast_program *out);
void gen_ast_free(struct gen_ast *owner);

#endif
