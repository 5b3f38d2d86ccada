/* ccm.h -- the public interface of the ccm kernel.
 *
 * The kernel is the stack machine of docs/semantics.md section 4 (Sansom &
 * Peyton Jones, POPL 1995, Figures 5 and 6, plus our extensions).  It is
 * written to be proven with Frama-C/WP: the caller hands it every array it
 * uses (code, heap, environment cells, stack, cost counters), and the kernel
 * allocates nothing, recurses nowhere, calls through no pointer and does no
 * I/O.  Every index it reads is checked against a capacity or guaranteed by
 * a precondition stated in the contracts (acsl/).
 *
 * HOW e[x/y] IS REALISED.  Substitution is never performed.  The control
 * is a closure: a code node plus an environment.  An environment is a chain
 * of cells in the caller's cell array; each cell holds one heap address and
 * the index of the next (older) cell, or CCM_NIL.  A variable occurrence in
 * the code is a *variable reference*:
 *   ref >= 0   the ref-th cell of the current environment (0 = newest);
 *   ref <  0   the top-level binding number -1-ref, whose heap address is
 *              that number (top-level bindings occupy heap[0 .. ntop-1]).
 * So e[x/y] -- the body e of \y->e with the argument address x -- is the
 * closure (e, cell{x} -> env_of_lambda); let and case alternatives push one
 * cell per bound name in binding order, so the last name bound is ref 0.
 * A name in docs/semantics.md is a heap address here; "fresh names" are the next
 * free heap slots.
 *
 * No transition frees a cell or a heap object; ccm_collect, called by the
 * embedder between transitions, reclaims those no root reaches.
 */
#ifndef CCM_KERNEL_CCM_H
#define CCM_KERNEL_CCM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {   /* C linkage for C++ embedders (the contracts are C only) */
#endif

#define CCM_NIL (-1)

/* ---- code ------------------------------------------------------------ */

/* Node kinds.  Children are node indices into the same code array; runs of
 * BIND, ARG and ALT nodes are consecutive. */
enum ccm_node_kind {
    CCM_LAM = 1,    /* \y -> body          a = body                               */
    CCM_APP,        /* e x                 a = function expr, b = arg var ref     */
    CCM_VAR,        /* x                   a = var ref                            */
    CCM_LET,        /* let {..} in e       a = first BIND, b = n >= 1, c = body   */
    CCM_BIND,       /* one let binding     a = right-hand side                    */
    CCM_CON,        /* C x1..xk            a = constructor tag, b = k, c = first ARG (if k>0) */
    CCM_ARG,        /* constructor arg     a = var ref                            */
    CCM_CASE,       /* case e of alts      a = scrutinee, b = first ALT, c = number of ALTs >= 1 */
    CCM_ALT,        /* C y1..yk -> e       a = tag (CCM_DEFAULT_TAG for _), b = k, c = body */
    CCM_SCC,        /* scc "cc" e          a = cost centre, b = body              */
    CCM_SCC_SUB,    /* scc_sub "cc" e      a = cost centre, b = body              */
    CCM_LIT,        /* n                   lit = n                                */
    CCM_PRIM,       /* a1 op a2            a = op, b = VAR/LIT node, c = VAR/LIT node */
    CCM_INTVAL      /* a computed integer: the number is in the closure           */
};
#define CCM_DEFAULT_TAG (-1)

/* Reserved nodes every loaded code array starts with (ccm_code_ok checks). */
#define CCM_NODE_INTVAL 0   /* kind CCM_INTVAL                         */
#define CCM_NODE_TRUE   1   /* kind CCM_CON, tag CCM_TAG_TRUE, arity 0  */
#define CCM_NODE_FALSE  2   /* kind CCM_CON, tag CCM_TAG_FALSE, arity 0 */
#define CCM_NODE_FIRST  3   /* first node of the program proper         */
#define CCM_TAG_TRUE    0
#define CCM_TAG_FALSE   1

enum ccm_op {
    CCM_ADD = 0, CCM_SUB, CCM_MUL, CCM_DIV, CCM_MOD,
    CCM_EQ, CCM_NE, CCM_LT, CCM_LE, CCM_GT, CCM_GE,
    CCM_NOPS
};

struct ccm_node {
    /* enum ccm_node_kind.  uint8_t, as the options below: no transition
     * writes a uint8_t, so the proof sees at once that a row leaves every
     * node's kind as it was (docs/proofs.md, "Node kinds in a memory of
     * their own") */
    uint8_t kind;
    int32_t a, b, c;
    int64_t lit;
};

/* ---- cost centres and counters -------------------------------------- */

/* What SUB / SUBCAF need to know of a cost centre. */
enum ccm_cc_kind { CCM_CC_PLAIN = 0, CCM_CC_SUB = 1, CCM_CC_CAF = 2 };

/* Cost centre 0 is always MAIN (pinned on main, the initial ccc). */
#define CCM_CC_MAIN 0

enum ccm_counter {
    CCM_A = 0, CCM_C, CCM_V, CCM_U, CCM_H, CCM_P, CCM_ENTRIES, CCM_SUBENTRIES,
    CCM_NCOUNTERS
};

/* ---- cost-centre stacks ---------------------------------------------- */

/* The current cost centre, every heap object's and every frame's is a
 * *stack* of cost centres (docs/stacks.md), held as a node of an interned
 * tree: node s is the stack parent(s) extended by the cost centre cc.  The
 * caller hands the kernel the node array and its index.  Nodes
 * 0 .. ncc - 1 are the one-node stacks <c> (the roots, laid by ccm_init);
 * every later node's parent is an earlier node.  The counters are kept per
 * node.  Under push single every stack is a root: node c is cost centre c,
 * and the machine is the flat one of docs/semantics.md. */
struct ccm_snode {
    uint32_t up;     /* parent + 1; 0 for a root */
    uint32_t cc;     /* the top cost centre */
};

/* uint32_t throughout: no row but scc writes a uint32_t, so WP's typed
 * memory model sees at once that the others keep the table */
struct ccm_stacks {
    struct ccm_snode *node;  uint32_t cap;   /* nodes and their capacity */
    uint32_t len;                            /* nodes in use */
    uint32_t *slot;          uint32_t nslot; /* the index of the non-root nodes, open
                                              * addressing: 0 free, else node + 1;
                                              * nslot > cap, so a slot is always free */
};

/* What `scc L` does to the current stack S (docs/stacks.md section 3). */
enum ccm_push { CCM_PUSH_SINGLE = 0, CCM_PUSH_APPEND = 1, CCM_PUSH_GHC = 2 };

#define CCM_MAX_NODES  (1 << 24)
#define CCM_MAX_SLOTS  (1 << 26)

/* ---- machine state --------------------------------------------------- */

/* A heap object x |-cc-> e: the closure (code, env, num) pinned with cc.
 * hole != 0 marks a thunk under evaluation (the semantics' "x is absent
 * while e runs"): demanding it is a black hole. */
struct ccm_obj {
    int32_t code;
    int32_t env;
    int32_t cc;
    int32_t hole;
    int64_t num;     /* the number when code == CCM_NODE_INTVAL */
};

struct ccm_cell {
    int32_t addr;    /* heap address bound by this cell      */
    int32_t next;    /* older cell, or CCM_NIL               */
};

enum ccm_frame_kind {
    CCM_F_ARG = 1,   /* x : S            a = address (evaluation scoping: cc = caller's ccc) */
    CCM_F_UPD,       /* (#x, cc) : S     a = address, cc = demander                          */
    CCM_F_CASE,      /* (alts, cc) : S   a = CASE node, b = env of the case                  */
    CCM_F_PRIM1,     /* (□ op a2, cc)    a = PRIM node, b = env: first operand under way     */
    CCM_F_PRIM2,     /* (n1 op □, cc)    a = PRIM node, num = first value: second under way   */
    CCM_F_RESUME     /* (resume c, cc)   a = code, b = env, num = num of the saved control    */
};

struct ccm_frame {
    int32_t kind;
    int32_t cc;
    int32_t a;
    int32_t b;
    int64_t num;
};

enum ccm_rules   { CCM_RULES_FIG6 = 0, CCM_RULES_FIG2 = 1 };
/* The call policy of app2 (docs/stacks.md section 4): the body runs under
 * the lambda's stack (lexical), the caller's (evaluation), or the caller's
 * with the lambda's path pushed onto it (ghc: Sa ++> Sλ, ccm_ghc_call). */
enum ccm_scoping { CCM_LEXICAL = 0, CCM_EVALUATION = 1, CCM_CALL_GHC = 2 };
/* Order in which a primitive's operands are evaluated: left to right is the
 * machine of docs/semantics.md; right to left exists for property 2 only. */
enum ccm_order   { CCM_LEFT_TO_RIGHT = 0, CCM_RIGHT_TO_LEFT = 1 };

/* The rule a transition fired (names as in docs/semantics.md section 4). */
enum ccm_rule {
    CCM_R_NONE = 0,
    CCM_R_APP1, CCM_R_APP2, CCM_R_VAR1, CCM_R_VAR2, CCM_R_VAR3, CCM_R_LET,
    CCM_R_CASE1, CCM_R_CASE2, CCM_R_CASE2_DEFAULT, CCM_R_SCC, CCM_R_SCC_SUB,
    CCM_R_PRIM1, CCM_R_PRIM2, CCM_R_PRIM3, CCM_R_FORCE, CCM_R_RESUME,
    CCM_R_CALL,   /* one push of a ghc call (ccm_call_step): not a step */
    CCM_NRULES
};
/* The rows of the semantics are CCM_R_NONE + 1 .. CCM_NROWS - 1 (each
 * counts one step); CCM_R_CALL is a transition of the machine only. */
#define CCM_NROWS CCM_R_CALL

/* Result of a transition attempt.  CCM_RUNNING: a transition fired.
 * CCM_VALUE: final state (a value, empty stack).  Runtime errors: stuck
 * states, nothing fired.  Resource errors: the transition needed more
 * steps, heap, cells or stack than the caller gave; nothing fired. */
enum ccm_status {
    CCM_RUNNING = 0,
    CCM_VALUE,
    CCM_ERR_NOT_A_FUNCTION,
    CCM_ERR_NO_ALTERNATIVE,
    CCM_ERR_TYPE,
    CCM_ERR_BLACK_HOLE,
    CCM_ERR_DIV_ZERO,
    CCM_ERR_OVERFLOW,
    CCM_ERR_BAD_CODE,   /* a reference the code promised does not exist: a loader bug */
    CCM_RES_STEPS,
    CCM_RES_HEAP,       /* heap objects or environment cells exhausted */
    CCM_RES_STACK,
    CCM_NSTATUS
};

/* Hard limits that keep every count and index inside its C type. */
#define CCM_MAX_CODE   (1 << 24)
#define CCM_MAX_CC     (1 << 20)
#define CCM_MAX_CAP    (1 << 30)
#define CCM_MAX_STEPS  ((uint64_t)1 << 48)

struct ccm_machine {
    /* configuration (read only for the kernel) */
    const struct ccm_node *code;  int32_t ncode;
    const int32_t *cc_kind;       int32_t ncc;      /* enum ccm_cc_kind per cost centre */
    /* enum ccm_rules, ccm_scoping, ccm_order.  uint8_t, the type of the
     * nodes' kinds, which no transition writes: WP's typed memory model
     * keeps them in a memory of their own, so no store of a row can touch
     * them in the proof (acsl/ccm_wf.h, options_ok) */
    uint8_t rules, scoping, order, push;
    uint64_t max_steps;
    struct ccm_stacks stk;    /* the stack table (nodes grow; the arrays are the caller's) */
    /* caller's arrays and their fill */
    struct ccm_obj   *heap;   int32_t heap_cap,  heap_len;
    struct ccm_cell  *cells;  int32_t cell_cap,  cell_len;
    struct ccm_frame *stack;  int32_t stack_cap, stack_len;
    uint64_t *costs;          /* stk.cap * CCM_NCOUNTERS, costs[node*CCM_NCOUNTERS + counter] */
    /* registers */
    int32_t ccc;              /* current stack (a node of stk) */
    int32_t ctl_code;         /* control: code node     */
    int32_t ctl_env;          /*          environment   */
    int64_t ctl_num;          /*          number (INTVAL) */
    uint64_t steps;           /* transitions fired      */
    int32_t last_rule;        /* enum ccm_rule of the last transition fired */
};

/* The collector's scratch arrays (ccm_collect), the caller's: a mark per
 * heap object (at least heap_len of them) and per cell (cell_len), and a
 * work stack of work_cap entries (heap_len + cell_len always suffice).
 * Of types the heap, cells and frames do not hold, so that WP's typed
 * model keeps them apart without a hypothesis; the cells' marks of a type
 * of their own, apart from the objects' (acsl/ccm_gc.h). */
struct ccm_gc {
    uint32_t *hmark;
    uint64_t *cmark;
    uint32_t *work;  int32_t work_cap;
};

/* The logic of the contracts below (acsl/, ACSL by Example style) is seen
 * by Frama-C only; a C compiler never reads it. */
#ifdef __FRAMAC__
#include "ccm_step.h"
#include "ccm_gc.h"
#endif

/* The program as the loader lays it out. */
struct ccm_program {
    const struct ccm_node *code;  int32_t ncode;
    const int32_t *cc_kind;       int32_t ncc;
    int32_t ntop;                 /* top-level bindings = heap[0..ntop-1]      */
    const int32_t *top_code;      /* right-hand side node of each             */
    const int32_t *top_cc;        /* cost centre pinned on each               */
    int32_t entry;                /* a VAR node naming main: the first control */
};

#ifdef __FRAMAC__
#include "ccm_init.h"
#endif

/* Is the code array well formed (every child index, tag, cost centre and
 * operator in range; reserved nodes present)?  1 or 0.  ccm_init calls it. */
/*@ requires valid: \valid_read(code + (0 .. ncode - 1));
    assigns \nothing;
    ensures result: \result != 0 <==> code_wf(code, ncode, ncc);
*/
int ccm_code_ok(const struct ccm_node *code, int32_t ncode, int32_t ncc);

/* Lay the initial state (MAIN, Γinit, main, [], {}) into m, whose array
 * pointers, capacities, options, budget and stack table arrays (stk.node,
 * cap, slot, nslot) the caller has set; it lays the roots <c> and clears
 * the index.  Returns CCM_RUNNING, or CCM_ERR_BAD_CODE when the program
 * (or an option: rules, scoping, order, push not one of their named
 * values; or the table: cap > CCM_MAX_NODES, nslot <= cap or nslot >
 * CCM_MAX_SLOTS) is bad, CCM_RES_HEAP when the top-level bindings or the
 * roots do not fit. */
/*@ requires program: program_valid(p);
    requires arrays: init_arrays(m, p);
    requires budget: 0 <= m->max_steps;
    assigns m->code, m->ncode, m->cc_kind, m->ncc, m->costs[0 .. m->stk.cap * CCM_NCOUNTERS - 1],
            m->heap[0 .. m->heap_cap - 1], m->heap_len, m->cell_len, m->stack_len,
            m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->steps, m->last_rule, m->max_steps,
            m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
    behavior laid:
      assumes INIT_FITS(m, p);
      ensures result: \result == CCM_RUNNING;
      // wf(m) of the final memory, part by part (the code is the program's,
      // its nodes unchanged: ccm_code_ok's verdict still holds; the
      // options are the caller's, checked)
      ensures wf_code: code_wf(m->code, m->ncode, m->ncc);
      ensures wf_options: options_ok(m);
      CCM_INIT_LAID
    // a refusal writes nothing: m is as the caller left it
    behavior bad_program:
      assumes !INIT_OK(m, p);
      assigns \nothing;
      ensures result: \result == CCM_ERR_BAD_CODE;
    behavior no_room:
      assumes INIT_OK(m, p) && !INIT_ROOM(m, p);
      assigns \nothing;
      ensures result: \result == CCM_RES_HEAP;
    complete behaviors;
    disjoint behaviors;
*/
int ccm_init(struct ccm_machine *m, const struct ccm_program *p);

/* One transition.  Returns CCM_RUNNING if a rule fired (m->last_rule says
 * which), otherwise the final or error status; the state is then unchanged.
 * One behavior per row of docs/semantics.md section 4 (acsl/ccm_rows.h says what
 * each does), one per stuck state and budget error (acsl/ccm_step.h says
 * which state matches which). */
/*@ requires wf: wf(m);
    STEP_ASSIGNS
    STACKS_ASSIGNS
    STEP_PROGRESS
    CCM_ENSURES_WF
    // only scc and scc_sub add to the stack table
    ensures table: \at(STEP_KIND(m), Pre) != CCM_SCC && \at(STEP_KIND(m), Pre) != CCM_SCC_SUB ==>
                   stk_same{Pre,Post}(m);
    B_APP1 B_APP2 B_VAR1 B_VAR2 B_VAR3 B_LET B_CASE1 B_CASE2 B_CASE2_DEFAULT
    B_SCC B_SCC_SUB B_PRIM1 B_PRIM2 B_PRIM3 B_RESUME
    B_FINAL B_NOT_A_FUNCTION B_NO_ALTERNATIVE B_TYPE_ERROR B_BLACK_HOLE B_DIV_ZERO B_OVERFLOW
    B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_HEAP B_OUT_OF_STACK
    complete behaviors;
    disjoint behaviors;
*/
int ccm_step(struct ccm_machine *m);

/* The ghc call policy (docs/stacks.md section 4).  Under CCM_CALL_GHC an
 * app2 runs the body under the caller's stack Sa, as evaluation scoping
 * does; the caller of ccm_step then pushes onto it the nodes of the
 * lambda's stack Sλ (the current stack before the step) above the two
 * paths' longest common prefix, farthest first, one ccm_call_step each:
 * ccm_call_count(m, Sa, Sλ) of them, the k-th (from n down to 1) the node
 * k - 1 steps from Sλ.  ccm_ghc_call does it all; ccm_run calls it after
 * every app2 under ghc, and stops before an app2 the table lacks room for
 * (ccm_call_room).  The pushes are not steps: they count no step and
 * charge nothing. */

/* How many nodes of sl's path the ghc call from sa pushes
 * (acsl/ccm_call.h: call_counted). */
/*@ requires wf: wf(m);
    requires sa: in_cc(m, sa);
    requires sl: in_cc(m, sl);
    assigns \nothing;
    ensures count: call_counted(m, sa, sl, \result);
    ensures bound: 0 <= \result <= sl + 1;
*/
int32_t ccm_call_count(const struct ccm_machine *m, int32_t sa, int32_t sl);

/* One push of a ghc call: the node k - 1 steps from sl pushed onto the
 * current stack with the run's push policy (Step_Call, acsl/ccm_rows.h).
 * CCM_RES_HEAP with nothing written when the stack table is full;
 * CCM_ERR_BAD_CODE, nothing written, if sl is not a node in use or its
 * path is shorter than k. */
/*@ requires wf: wf(m);
    requires k: 1 <= k;
    CALL_ASSIGNS
    CCM_ENSURES_WF
    behavior pushes:
      assumes in_cc(m, sl) && in_cc(m, stk_anc(m, sl, k - 1));
      FIRES_OR_FULL(Step_Call{Pre,Post}(m, sl, k))
    behavior lost:
      assumes !in_cc(m, sl) || !in_cc(m, stk_anc(m, sl, k - 1));
      REFUSES(CCM_ERR_BAD_CODE)
    complete behaviors;
    disjoint behaviors;
*/
int ccm_call_step(struct ccm_machine *m, int32_t sl, int32_t k);

/* Is there room in the stack table for the ghc call of the step to come?
 * 1 when the step is not an app2 (the control a lambda, an argument frame
 * on top), or the table has as many free nodes as the call may push
 * (ccm_call_count: some may be found, not made); else 0.  So that a run
 * stops for room before the app2, never between its pushes, which cannot
 * resume (ccm_run). */
/*@ requires wf: wf(m);
    assigns \nothing;
    ensures one: \result == 0 || \result == 1;
*/
int ccm_call_room(const struct ccm_machine *m);

/* All the pushes of the ghc call of an app2 that fired under stack sl
 * (before ccm_step): CCM_RUNNING, or the first push's refusal.  Its frame
 * (CALL_ASSIGNS) is the current stack, the rule and the stack table: no
 * step counted, nothing charged, the control, the heap, the cells and the
 * frames as they were. */
/*@ requires wf: wf(m);
    CALL_ASSIGNS
    CCM_ENSURES_WF
*/
int ccm_ghc_call(struct ccm_machine *m, int32_t sl);

/* Transitions until the status is not CCM_RUNNING (at most max_steps of
 * them: each counts one step); the state stays well formed throughout. */
/*@ requires wf: wf(m);
    // (inside the arrays, bounded by the hard limits: see step.c)
    assigns m->heap[0 .. CCM_MAX_CAP - 1], m->heap_len, m->cells[0 .. CCM_MAX_CAP - 1], m->cell_len,
            m->stack[0 .. CCM_MAX_CAP - 1], m->stack_len, m->costs[0 .. CCM_MAX_NODES * CCM_NCOUNTERS - 1],
            m->stk.node[0 .. CCM_MAX_NODES - 1], m->stk.slot[0 .. CCM_MAX_SLOTS - 1], m->stk.len,
            m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ensures stopped: \result != CCM_RUNNING;
    CCM_ENSURES_WF
*/
int ccm_run(struct ccm_machine *m);

/* From a program to a finished run: ccm_init, then ccm_run if the state
 * was laid.  Its contract closes the chain formally: a program that
 * passes the checks ends, within the step budget, in a well-formed state
 * with a final or error status; one that does not is refused. */
/*@ requires program: program_valid(p);
    requires arrays: init_arrays(m, p);
    requires budget: 0 <= m->max_steps;
    // ccm_init's frame, then ccm_run's
    assigns m->code, m->ncode, m->cc_kind, m->ncc, m->costs[0 .. m->stk.cap * CCM_NCOUNTERS - 1],
            m->heap[0 .. m->heap_cap - 1], m->heap_len, m->cell_len, m->stack_len,
            m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->steps, m->last_rule, m->max_steps,
            m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len,
            m->heap[0 .. CCM_MAX_CAP - 1], m->cells[0 .. CCM_MAX_CAP - 1],
            m->stack[0 .. CCM_MAX_CAP - 1], m->costs[0 .. CCM_MAX_NODES * CCM_NCOUNTERS - 1],
            m->stk.node[0 .. CCM_MAX_NODES - 1], m->stk.slot[0 .. CCM_MAX_SLOTS - 1];
    ensures stopped: \result != CCM_RUNNING;
    behavior laid:
      assumes INIT_FITS(m, p);
      CCM_ENSURES_WF
    behavior bad_program:
      assumes !INIT_OK(m, p);
      ensures result: \result == CCM_ERR_BAD_CODE;
    behavior no_room:
      assumes INIT_OK(m, p) && !INIT_ROOM(m, p);
      ensures result: \result == CCM_RES_HEAP;
    complete behaviors;
    disjoint behaviors;
*/
int ccm_init_run(struct ccm_machine *m, const struct ccm_program *p);

/* The force row: begin evaluating the thunk at addr now, resuming the
 * current control afterwards.  Returns CCM_RUNNING if it fired, or
 * CCM_ERR_BAD_CODE if addr is not an unevaluated thunk, or a resource error. */
/* Its frame is the force row's (ROW_FORCE_ASSIGNS, acsl/ccm_step.h). */
/*@ requires wf: wf(m);
    ROW_FORCE_ASSIGNS
    CCM_ENSURES_WF
    behavior fires:
      assumes IS_THUNK(m, addr) && HAS_STEP(m) && STACK_ROOM(m, 2);
      FIRES(Step_Force{Pre,Post}(m, addr))
    behavior not_a_thunk:
      assumes !IS_THUNK(m, addr);
      REFUSES(CCM_ERR_BAD_CODE)
    behavior out_of_steps:
      assumes IS_THUNK(m, addr) && !HAS_STEP(m);
      REFUSES(CCM_RES_STEPS)
    behavior out_of_stack:
      assumes IS_THUNK(m, addr) && HAS_STEP(m) && !STACK_ROOM(m, 2);
      REFUSES(CCM_RES_STACK)
    complete behaviors;
    disjoint behaviors;
*/
int ccm_force(struct ccm_machine *m, int32_t addr);

/* The garbage collector (docs/collector.md), for an embedder to call
 * between transitions, typically when one stopped with CCM_RES_HEAP: the
 * heap objects and cells that no root reaches (roots: the top-level
 * bindings heap[0 .. ntop-1], the control's environment, the frames) are
 * reclaimed, the live ones slid down in order to g->hmark[x] - 1 and
 * g->cmark[c] - 1, every reference renamed; the top-level bindings stay in
 * place.  Costs, steps, the stack table and the registers but the
 * control's environment are untouched.  CCM_RUNNING; or CCM_RES_HEAP, the
 * machine unchanged, when the work stack is too small or a counter exceeds
 * steps + ntop (the bound wf keeps once the heap may hold only the ntop
 * top-level objects: docs/collector.md); CCM_ERR_BAD_CODE, unchanged, when
 * ntop is not within the heap. */
/*@ requires wf: wf(m);
    requires scratch: gc_valid(m, g);
    assigns m->heap[0 .. m->heap_len - 1], m->heap_len, m->cells[0 .. m->cell_len - 1], m->cell_len,
            m->stack[0 .. m->stack_len - 1], m->ctl_env,
            g->hmark[0 .. m->heap_len - 1], g->cmark[0 .. m->cell_len - 1], g->work[0 .. g->work_cap - 1];
    CCM_ENSURES_WF
    ensures status: \result == CCM_RUNNING || \result == CCM_RES_HEAP || \result == CCM_ERR_BAD_CODE;
    ensures refused: \result != CCM_RUNNING ==>
                       heap_same{Pre,Post}(m) && cells_same{Pre,Post}(m) && stack_same{Pre,Post}(m) &&
                       m->ctl_env == \old(m->ctl_env);
    ensures fewer: m->heap_len <= \old(m->heap_len) && m->cell_len <= \old(m->cell_len);
    ensures tops: \result == CCM_RUNNING ==> \forall integer x; 0 <= x < ntop ==> g->hmark[x] == x + 1;
*/
int ccm_collect(struct ccm_machine *m, struct ccm_gc *g, int32_t ntop);

/* Rebuild the stack table's index from its nodes: for an embedder that
 * moved the nodes into bigger arrays (growing cap and nslot) after a run
 * stopped with CCM_RES_HEAP for want of nodes (kernel/stacks.c). */
/*@ requires table: stk_valid(m) && stk_sizes(m) && stk_nodes_ok(m);
    assigns m->stk.slot[0 .. m->stk.nslot - 1];
    ensures index: stk_index_ok(m);
*/
void ccm_stack_reindex(struct ccm_machine *m);

/* Observers for callers. */
/*@ requires valid: \valid_read(m) && \valid_read(m->code + node) && 0 <= node < m->ncode;
    assigns \nothing;
    ensures result: \result != 0 <==> value_kind(kind_at(m, node));
*/
int ccm_is_value_node(const struct ccm_machine *m, int32_t node);
/* Any int is accepted (an unknown one is named "?"): the precondition is
 * \true, stated because WP runs a function's smoke tests (are its branches
 * reachable?) only where it has one (docs/proofs.md, "No vacuity"). */
/*@ requires any: \true;
    assigns \nothing; */
const char *ccm_rule_name(int rule);        /* "app1", ...            */
/*@ requires any: \true;
    assigns \nothing; */
const char *ccm_status_kind(int status);    /* JSON error kind, or "value"/"running" */

#ifdef __cplusplus
}
#endif

#endif
