/* bigstep.h -- an independent big-step evaluator, written straight from
 * docs/semantics.md section 3 (Fig. 2 as modified by Fig. 6), for property 1.
 *
 * Deliberately unlike the machine: it recurses over the expression tree,
 * performs e[x/y] as a real substitution of fresh heap names for source
 * names (new trees), and keeps the heap as a plain array from name to
 * (expression, cost centre, under-evaluation flag).  It shares only the
 * parser's tree (front/ast.h) with the machine.
 *
 * Step count (the machine's transitions, derived rule by rule):
 *   Lambda / Constructor / Literal 0, Var(whnf) 1, Var(thunk) 2 + premise,
 *   Application 2 + premises, Let 1 + premise, Case 2 + premises,
 *   SCC 1 + premise, Prim 3 + operands.
 * Steps and costs are accumulated in the order the machine would fire the
 * corresponding transitions, so after a runtime error they are "θ so far"
 * and "steps so far" exactly as docs/semantics.md section 6 defines them: the
 * transition that would leave a stuck state is neither counted nor charged.
 *
 * Cost-centre stacks (docs/stacks.md): the register and every heap object
 * carry a stack, interned in a node table of (parent, cost centre), and θ
 * is kept per node.  The push policy says what `scc` does to the stack and
 * the call policy which stack a function body runs under.  Push `single`
 * makes every stack one node, so push single with call lexical (or
 * evaluation) is the flat semantics of docs/semantics.md exactly: the flat
 * accessors (bs_cost, bs_cc_name, the result's cc) are the node costs
 * summed by each node's top cost centre.
 *
 * The recursion depth is bounded by (program depth x evaluation depth);
 * callers run it on a thread with a big stack, and a depth cap gives the
 * verdict BS_TOO_DEEP rather than a crash.
 */
#ifndef CCM_PROPS_BIGSTEP_H
#define CCM_PROPS_BIGSTEP_H

#include <stdint.h>
#include "../front/ast.h"

enum bs_status {
    BS_VALUE = 0,
    BS_NOT_A_FUNCTION, BS_NO_ALTERNATIVE, BS_TYPE, BS_BLACK_HOLE,
    BS_DIV_ZERO, BS_OVERFLOW,
    BS_STEPS,        /* step budget exhausted (a resource outcome: skipped) */
    BS_TOO_DEEP,     /* recursion cap (skipped) */
    BS_STACKS        /* the stack node table is full (a resource outcome) */
};

enum bs_push { BS_PUSH_SINGLE, BS_PUSH_APPEND, BS_PUSH_GHC };
enum bs_call { BS_CALL_LEXICAL, BS_CALL_EVALUATION, BS_CALL_GHC };

/* Default cap on distinct stacks of one run. */
#define BS_MAX_NODES (1 << 20)

/* Expressions after conversion from the AST.  A variable is either a source
 * name (bound inside the expression) or a heap name (an index). */
struct bs_var { const char *src; int32_t heap; };       /* heap < 0: source name */
struct bs_operand { int is_lit; int64_t lit; struct bs_var v; };
struct bs_alt { const char *con; const char **vars; int nvars; struct bs_expr *body; };

struct bs_expr {
    enum ast_kind kind;
    const char *name;            /* LAM parameter, CON name, SCC cost centre */
    struct bs_var var;           /* VAR, APP argument */
    int64_t lit;
    enum ast_op op;
    struct bs_expr *body;        /* LAM / LET / SCC body, APP function, CASE scrutinee */
    struct bs_var *args; int nargs;                 /* CON */
    struct bs_operand opnd[2];                      /* PRIM */
    const char **bnames; struct bs_expr **brhs; int nbinds;   /* LET */
    struct bs_alt *alts; int nalts;                 /* CASE */
};

/* stk: the object's stack (its cost centre is the top, bs_node_cc). */
struct bs_obj { struct bs_expr *e; int under_eval; int32_t stk; };

enum bs_cc_kind { BS_CC_PLAIN, BS_CC_SUB, BS_CC_CAF };
#define BS_NCOUNTERS 8   /* A C V U H P entries subentries: kernel order */

struct bs_result {
    int status;
    struct bs_expr *value;   /* BS_VALUE: the weak head normal form */
    int32_t cc;              /* returned cost centre: the top of `stack` */
    int32_t stack;           /* returned stack (a node) */
    uint64_t steps;
};

/* What one run follows: rule set (0 fig6, 1 fig2), push and call policy,
 * operand order, budgets. */
struct bs_config {
    int rules, push, call, rtl;
    uint64_t max_steps;
    int max_depth;
    int32_t max_nodes;
};

struct bs;                   /* an evaluator: arena, heap, cost centres, costs */

/* rules: 0 fig6, 1 fig2; scoping: 0 lexical, 1 evaluation; rtl: operands
 * right to left.  The program must have passed front_check. */
struct bs *bs_new(void);
void bs_free(struct bs *S);
struct bs_result bs_eval_program(struct bs *S, const struct ast_program *p, int rules,
                                 int scoping, int rtl, uint64_t max_steps, int max_depth);
/* The same with stacks; bs_eval_program is push single, call = scoping. */
struct bs_result bs_eval_config(struct bs *S, const struct ast_program *p,
                                const struct bs_config *cfg);

/* After a run: cost centres, costs, heap. */
int32_t bs_ncc(const struct bs *S);
const char *bs_cc_name(const struct bs *S, int32_t cc);
uint64_t bs_cost(const struct bs *S, int32_t cc, int counter);
int32_t bs_heap_len(const struct bs *S);
const struct bs_obj *bs_heap(const struct bs *S, int32_t name);
int32_t bs_ntop(const struct bs *S);

/* After a run: the stack nodes.  A node's parent is -1 for a one-node
 * stack; parents have smaller numbers than their children.  Costs are the
 * node's own (individual) counts. */
int32_t bs_nnodes(const struct bs *S);
int32_t bs_node_parent(const struct bs *S, int32_t node);
int32_t bs_node_cc(const struct bs *S, int32_t node);
int32_t bs_node_depth(const struct bs *S, int32_t node);    /* 1 for a one-node stack */
uint64_t bs_node_cost(const struct bs *S, int32_t node, int counter);
/* The node (parent, the cost centre named cc), or -1 if the run made none. */
int32_t bs_node_find(const struct bs *S, int32_t parent, const char *cc);

#endif
