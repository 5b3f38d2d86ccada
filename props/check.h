/* check.h -- the properties of docs/semantics.md section 5 on one program.
 *
 *   p1   equivalence: machine ≡ big-step (outcome, value, returned cost
 *        centre, steps, every counter of every cost centre, final heap up
 *        to renaming); for fig6/fig2 x lexical/evaluation, and for both
 *        operand orders (the big-step evaluates operands in the same order).
 *        On a runtime error: same error kind, same θ so far, same steps so far.
 *   p2a  right-to-left operands: same θ, value, returned cost centre, steps
 *        and final heap (up to renaming) as left to right.
 *   p2b  early forces: same θ, value, returned cost centre and final heap,
 *        exactly two more steps per force.
 *   p3   θ sanity: each counter's total equals the count of the rows that
 *        charge it (A app1; C case1; V var1+var2; U var3; H the n of each
 *        let; P prim1; entries and subentries scc).
 *   rt   round trip (generated programs): the front end's parse of the
 *        printed text is the generator's own tree, positions ignored.
 *   stk-flat, stk-order, stk-nodup: the big-step evaluator with cost-centre
 *        stacks alone, no machine (prop_stacks.c; chosen by name only).
 *   stk-machine: the machine's stacks against the evaluator's, every push
 *        policy x scoping (prop_stk_machine.c; by name only).
 * For a generated program the big-step evaluator runs on the generator's
 * tree (converted by from_gen.c), never on what the front end parsed; the
 * machine runs the text through the real front end.
 * Programs whose run exhausts a budget, or whose big-step is too deep, are
 * skipped (counted).
 */
#ifndef CCM_PROPS_CHECK_H
#define CCM_PROPS_CHECK_H

#include <stddef.h>
#include <stdint.h>

enum { PROP_1 = 1, PROP_2A = 2, PROP_2B = 4, PROP_3 = 8, PROP_RT = 16, PROP_EDGE = 32,
       /* the collector changes no report (prop_gc.c) */
       PROP_GC = 1024,
       PROP_ALL = 63 | PROP_GC, PROP_MACHINE = 63,
       /* the evaluator with stacks alone (prop_stacks.c); not in PROP_ALL */
       PROP_STK_FLAT = 64, PROP_STK_ORDER = 128, PROP_STK_NODUP = 256,
       /* the machine's stacks against the evaluator's (prop_stk_machine.c) */
       PROP_STK_MACHINE = 512, PROP_STK = 960 };

struct verdict {
    int failed;           /* a property failed (or the program was rejected: "gen") */
    int skipped;          /* some configuration was skipped (resource / too deep)   */
    int value;            /* the plain fig6/lexical run reached a value             */
    int forces;           /* valid early forces tried                                */
    uint64_t collections; /* collections in the collecting runs of property gc       */
    char prop[16];        /* "p1", "p2a", "p2b", "p3", "gen", "stk-flat", ...         */
    char how[96];         /* the kind of difference: "fig6/lexical/ltr cost V"        */
    char msg[2048];       /* the difference in full                                   */
};

struct checker;
struct ast_program;

/* prop_stacks.c: stk-flat, stk-order, stk-nodup on the big-step's program
 * (check.c calls it for a mask with PROP_STK). */
void check_stacks(struct checker *C, const struct ast_program *p, unsigned mask,
                  struct verdict *v);
/* prop_stk_machine.c: stk-machine, the machine's stacks (a session run on
 * text) against the evaluator's (on p), push x scoping. */
void check_stk_machine(struct checker *C, const char *text, size_t len, const struct ast_program *p,
                       struct verdict *v);

struct checker *checker_new(void);
void checker_free(struct checker *C);
/* Check one program text against the properties in mask (PROP_*); the
 * big-step evaluator runs on the front end's parse (for files). */
void check_program(struct checker *C, const char *text, size_t len, unsigned mask,
                   struct verdict *v);
/* Check a generated program: the machine gets its printed text, the
 * big-step evaluator its tree; plus property rt. */
struct gtree;
void check_generated(struct checker *C, const struct gtree *t, unsigned mask, struct verdict *v);

#endif
