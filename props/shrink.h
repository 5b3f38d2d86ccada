/* shrink.h -- reduce a failing program to a small one that fails the same
 * property the same way (same verdict prop and how).
 *
 * Two phases.  (1) The generator's choices: replay the recorded choice
 * array truncated, and with single choices set to 0 or halved (choice 0 is
 * always the simplest option).  (2) Program-level steps on the parsed
 * tree, each kept if the program still fails the same way: drop a
 * top-level binding, drop a let binding, drop a case alternative, replace
 * a node by one of its children (which also drops an scc).  Candidates
 * that no longer pass the static checks are simply rejected.
 */
#ifndef CCM_PROPS_SHRINK_H
#define CCM_PROPS_SHRINK_H

#include <stddef.h>
#include <stdint.h>
#include "check.h"

/* choices may be NULL (a program from a file).  Returns a malloc'd text. */
char *shrink_program(struct checker *C, const uint32_t *choices, size_t nchoices, int size,
                     const char *text, unsigned mask, const struct verdict *orig, int max_tries);

#endif
