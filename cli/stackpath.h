/* stackpath.h -- a cost-centre stack named on the command line as the path
 * of its names from the root, joined by `/` (`MAIN/main/f`, `CAF:x/g`,
 * `SUB`), the way `ccm compare --stacks` writes stacks; found in a
 * finished run's stack table (`ccm explain --stack`, docs/audit.md). */
#ifndef CCM_CLI_STACKPATH_H
#define CCM_CLI_STACKPATH_H

#include <stddef.h>
#include <stdint.h>
#include "../lib/ccmlib.h"

/* The cost centres of node's stack, root first, in a new array of
 * *depth; NULL when memory ran out (or node is no stack). */
int32_t *stack_ccs(const struct ccm_session *s, int32_t node, int32_t *depth);

/* node's names, root first, joined by sep, in a new string; NULL when
 * memory ran out. */
char *stack_path_text(const struct ccm_session *s, int32_t node, const char *sep);

/* Is path well formed: not empty, no empty name (no leading, trailing or
 * doubled `/`)?  0, or -1 with the reason in err. */
int stack_path_check(const char *path, char *err, size_t cap);

/* The node whose path reads `path`: >= 0; -1 when no stack of the run
 * reads so, with in *nearest the node of the longest prefix of path (cut
 * at a `/`) that is one (-1: not even the first name is a root); -2 when
 * two stacks read so (a name holding `/`); -3 when memory ran out. */
int32_t stack_path_find(const struct ccm_session *s, const char *path, int32_t *nearest);

/* The message for a path stack_path_find did not find (rc its result,
 * nearest its *nearest), into buf: names the path, the nearest existing
 * prefix and its children, or the roots.  A flat run (push single) is
 * told that its stacks are its cost centres. */
void stack_path_not_found(const struct ccm_session *s, const char *path, int32_t rc, int32_t nearest,
                          char *buf, size_t cap);

#endif
