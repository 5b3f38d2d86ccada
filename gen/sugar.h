/* sugar.h -- which nodes of a generated core tree have a surface form
 * (docs/surface.md) that the front end desugars back to the very same
 * core (up to the names of bound parts), decided on the generator's own
 * tree, without front/.  gtree_print_surface (print.c) prints them that
 * way; the property of tests/surface/gen_props.py then holds the front
 * end's desugaring to docs/surface.md's table from the other side: the
 * surface text must cost exactly what the core text costs. */
#ifndef CCM_GEN_SUGAR_H
#define CCM_GEN_SUGAR_H

#include "tree.h"

/* A `let` that is exactly the one docs/surface.md adds around its body (an
 * application, a constructor or a primitive): it binds only parts of the
 * body, each used once there and nowhere else, in the order the parts are
 * written, and each part one the desugaring binds (not a variable; for an
 * operand not an integer either).  Then the body is printed with each such
 * part written in place. */
int gsugar_inlines(const struct gnode *let);

/* The right-hand side the inlinable `let` binds to `name`, or NULL. */
const struct gnode *gsugar_part(const struct gnode *let, const char *name);

/* case c of { True -> a; False -> b }, written `if c then a else b`. */
int gsugar_is_if(const struct gnode *n);

#endif
