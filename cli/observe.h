/* observe.h -- a run watched one transition at a time, each charge tied to
 * the code node that caused it (shared by `ccm explain` and `ccm annotate`).
 * Only reads the machine: the steps and costs are those of ccm_run. */
#ifndef CCM_CLI_OBSERVE_H
#define CCM_CLI_OBSERVE_H

#include <stdint.h>
#include "../lib/ccmlib.h"
#include "../front/ast.h"

/* One group of charges: the same counter of the same cost-centre stack,
 * charged by the same rule at the same node.  For var2 and var3, node is
 * the variable that entered the thunk and thunk the stack the thunk was
 * pinned with when entered; otherwise thunk is -1.  cc and thunk_cc are
 * the tops of stack and thunk (under push single, the default, a stack is
 * its one cost centre: stack == cc, thunk == thunk_cc). */
struct charge {
    int32_t stack;          /* the stack node charged */
    int32_t counter;        /* enum ccm_counter */
    int32_t node;           /* code node; the entry node for `main` */
    int32_t rule;           /* enum ccm_rule */
    int32_t thunk;          /* stack node, or -1 */
    int32_t cc, thunk_cc;   /* the tops of stack and thunk (-1 for no thunk) */
    uint64_t count;
};

struct observation {
    struct charge *v;  size_t n, cap;
    int32_t *slot;     size_t nslots;      /* open addressing into v, -1 empty */
    int complete;      /* 1 when the groups add up to every counter of the run */
};

/* Run s to the end (value, error or budget), grouping every charge.
 * Returns the final status (enum ccm_status); -1 if memory ran out (then
 * the observation is partial and complete is 0). */
int observe_run(struct ccm_session *s, struct observation *o);
void observe_free(struct observation *o);
/* The same groups summed by the tops of their stacks (stack := cc, thunk
 * := thunk_cc): the per-cost-centre breakdown, as the flat machine's by
 * the flattening theorem (docs/stacks.md section 7).  0, or -1 if memory
 * ran out (out is then empty).  out->complete is in->complete. */
int observe_by_top(const struct observation *in, struct observation *out);

/* Where a node stands and what it says: "FILE:LINE:COL" and a short
 * excerpt of the expression ("main" for the entry node). */
void observe_where(const struct ccm_session *s, const char *file, int32_t node,
                   char *at, size_t atcap, char *src, size_t srccap);
/* The source position of a node (line 0 if none). */
struct ast_pos observe_pos(const struct ccm_session *s, int32_t node);
/* The variable a VAR node names (NULL for other nodes). */
const char *observe_var_name(const struct ccm_session *s, int32_t node);

extern const char *const observe_counter_names[CCM_NCOUNTERS];

#endif
