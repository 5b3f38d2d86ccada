/* stacktree.h -- the cost-centre stacks of a finished run as a tree, for
 * the reports that show them (docs/stacks.md): the table's stack view
 * (report.c), the JSON report's `stacks` (report.c) and the profiles'
 * tree (proftree.c).  Only under push append or ghc: push single makes no
 * stack but the roots, and every report is the flat one. */
#ifndef CCM_CLI_STACKTREE_H
#define CCM_CLI_STACKTREE_H

#include <stdint.h>
#include "../lib/ccmlib.h"

/* The machine's stack nodes with something charged at or below them, in
 * preorder: the roots in node order (<MAIN> first, and always), each
 * followed by its subtree, children in node order (the order the run made
 * them). */
struct stack_tree {
    int32_t n;                 /* nodes listed */
    int32_t *node;             /* [n] the listed nodes, preorder */
    int32_t *depth;            /* [n] 0 for a root */
    uint64_t *inh;             /* [nstacks x CCM_NCOUNTERS] inherited counters, by node */
};

/* 0, or -1 when memory ran out (nothing to free then). */
int stack_tree_build(const struct ccm_session *s, struct stack_tree *t);
void stack_tree_free(struct stack_tree *t);
/* Does the session's run keep stacks (push append or ghc)? */
int stacks_shown(const struct ccm_session *s);

#endif
