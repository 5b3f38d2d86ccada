/* same_tree.h -- property "rt" (round trip): the front end's parse of a
 * generated program's text is the generator's own tree (as converted by
 * from_gen.c), node for node, names and literals equal, positions ignored.
 * A structural walk written here, not front/'s printer or checker. */
#ifndef CCM_PROPS_SAME_TREE_H
#define CCM_PROPS_SAME_TREE_H

#include <stddef.h>
#include "../front/ast.h"

/* 1 if equal; else 0 with where and how they differ in msg. */
int same_tree(const struct ast_program *want, const struct ast_program *got, char *msg, size_t cap);

#endif
