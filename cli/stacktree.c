/* stacktree.c -- see stacktree.h. */
#include <stdlib.h>
#include <string.h>
#include "stacktree.h"

int stacks_shown(const struct ccm_session *s)
{
    return ccm_session_options(s)->push != CCM_PUSH_SINGLE;
}

int stack_tree_build(const struct ccm_session *s, struct stack_tree *t)
{
    memset(t, 0, sizeof *t);
    int32_t len = ccm_session_nstacks(s);
    size_t n = len > 0 ? (size_t)len : 1;
    int32_t *child = malloc(n * sizeof *child), *sib = malloc(n * sizeof *sib), *todo = malloc(n * sizeof *todo);
    t->node = malloc(n * sizeof *t->node);
    t->depth = malloc(n * sizeof *t->depth);
    t->inh = calloc(n * CCM_NCOUNTERS, sizeof *t->inh);
    if (!child || !sib || !todo || !t->node || !t->depth || !t->inh) {
        free(child); free(sib); free(todo);
        stack_tree_free(t);
        return -1;
    }
    /* each node's depth below its root: parents come first */
    int32_t *below = malloc(n * sizeof *below);
    if (!below) {
        free(child); free(sib); free(todo);
        stack_tree_free(t);
        return -1;
    }
    for (int32_t i = 0; i < len; i++) {
        int32_t p = ccm_session_stack_parent(s, i);
        below[i] = p >= 0 && p < i ? below[p] + 1 : 0;
    }
    for (int32_t i = 0; i < len; i++) {
        child[i] = -1;
        for (int k = 0; k < CCM_NCOUNTERS; k++) t->inh[(size_t)i * CCM_NCOUNTERS + k] = ccm_session_stack_cost(s, i, k);
    }
    /* a parent is interned before its children (it is the stack the scc
     * pushed onto): one backward pass sums the subtrees and links each
     * node in front of its younger siblings */
    for (int32_t i = len - 1; i >= 0; i--) {
        int32_t p = ccm_session_stack_parent(s, i);
        if (p < 0 || p >= i) continue;
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            t->inh[(size_t)p * CCM_NCOUNTERS + k] += t->inh[(size_t)i * CCM_NCOUNTERS + k];
        sib[i] = child[p];
        child[p] = i;
    }
    /* preorder, skipping what has nothing charged at or below it */
    for (int32_t r = 0; r < len; r++) {
        if (ccm_session_stack_parent(s, r) >= 0) continue;
        int32_t sp = 0;
        todo[sp++] = r;
        while (sp > 0) {
            int32_t i = todo[--sp], any = i == 0;
            for (int k = 0; k < CCM_NCOUNTERS; k++) any |= t->inh[(size_t)i * CCM_NCOUNTERS + k] != 0;
            if (!any) continue;
            t->node[t->n] = i;
            t->depth[t->n++] = below[i];
            /* push the children last first, so that the first comes out first */
            int32_t k0 = sp;
            for (int32_t c = child[i]; c >= 0; c = sib[c]) todo[sp++] = c;
            for (int32_t a = k0, b = sp - 1; a < b; a++, b--) { int32_t x = todo[a]; todo[a] = todo[b]; todo[b] = x; }
        }
    }
    free(child); free(sib); free(todo); free(below);
    return 0;
}

void stack_tree_free(struct stack_tree *t)
{
    free(t->node); free(t->depth); free(t->inh);
    memset(t, 0, sizeof *t);
}
