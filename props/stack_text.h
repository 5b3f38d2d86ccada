/* stack_text.h -- a stack of the big-step evaluator as text: its cost-centre
 * names root first, each in double quotes, one space between
 * ("\"MAIN\" \"main\" \"f\"").  A name holds no '"', so the text is
 * unambiguous (docs/syntax-and-cli.md, strings). */
#ifndef CCM_PROPS_STACK_TEXT_H
#define CCM_PROPS_STACK_TEXT_H

#include <stddef.h>
#include <stdint.h>

struct bs;
struct stack_text { char *buf; size_t cap; };

/* The text of node s of S's last run, valid until the next call on t. */
const char *stack_text(struct stack_text *t, const struct bs *S, int32_t s);

/* How many stacks of S's last run have a non-zero counter. */
int32_t stacks_with_costs(const struct bs *S);

/* A table of stacks to compare with an evaluator's run by their names:
 * n nodes, each one's parent (an earlier node; -1 for a one-node stack),
 * its top cost centre's name and its own counters, read through x. */
struct stack_side {
    const void *x;
    int32_t n;
    int32_t (*parent)(const void *x, int32_t node);
    const char *(*name)(const void *x, int32_t node);
    uint64_t (*cost)(const void *x, int32_t node, int counter);
};
/* The first node of a whose counter *k differs from that of B's stack of
 * the same names (*want; 0 when B has no such stack), or -1 when none
 * does; then *costly is how many of a's stacks have a non-zero counter.
 * -2 when a node's parent does not come before it. */
int32_t stacks_differ(const struct stack_side *a, const struct bs *B, int *k, uint64_t *want,
                      int32_t *costly);

#endif
