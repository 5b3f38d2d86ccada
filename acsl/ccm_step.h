/* ccm_step.h -- which row a state matches, for the behaviors of ccm_step.
 *
 * docs/semantics.md section 4 matches the control first and, for a value, the
 * top frame.  The dispatcher refuses a stuck state before an exhausted
 * budget (docs/design.md): so each row below is "the state matches, no
 * stuck condition, the step budget and the room the row needs are there",
 * and the budget behaviors of ccm_step take the states that match a row
 * (STEP_READY) but lack the budget.
 *
 * The matching conditions are MACROS, not ACSL predicates, on purpose: WP
 * never unfolds a predicate, so with predicates the simplifier cannot see
 * that a path of the dispatcher (say kind == CCM_VAR) contradicts a behavior
 * (kind == CCM_APP), and every behavior's goal is split into one part per
 * path of ccm_step (about 40) for the provers to refute one by one.  As
 * macros, the same field comparison appears on both sides and the
 * simplifier discards those parts itself.  The values a behavior names
 * (which heap object, which alternative, which operands) stay logic
 * functions. */
#ifndef CCM_ACSL_STEP_H
#define CCM_ACSL_STEP_H
#include "ccm_rows.h"

/*@
  logic integer ctl_a{L}(struct ccm_machine *m) = m->code[m->ctl_code].a;
  logic integer ctl_b{L}(struct ccm_machine *m) = m->code[m->ctl_code].b;

  // the heap object a VAR control names
  logic integer var_addr{L}(struct ccm_machine *m) = resolve(m, m->ctl_env, ctl_a(m));

  // the top frame
  logic struct ccm_frame top{L}(struct ccm_machine *m) = m->stack[m->stack_len - 1];

  // case2: the first alternative, in order, whose tag is the constructor's
  // or the default; a value that is not a constructor matches only the
  // default (its "tag" is one no alternative carries).  -1 if none.
  logic integer scrut_tag{L}(struct ccm_machine *m) =
    ctl_kind(m) == CCM_CON ? ctl_a(m) : CCM_DEFAULT_TAG - 1;
  logic integer find_alt{L}(struct ccm_machine *m, integer alt, integer last, integer tag) =
    alt > last ? -1 :
    (m->code[alt].a == tag || m->code[alt].a == CCM_DEFAULT_TAG) ? alt :
    find_alt(m, alt + 1, last, tag);
  logic integer case_alt{L}(struct ccm_machine *m) =
    \let c = m->code[top(m).a]; find_alt(m, c.b, c.b + c.c - 1, scrut_tag(m));

  // every argument of the constructor in control resolves
  // (indexed as ccm_row_case2's contract indexes them: the arguments are
  // the nodes c .. c + b - 1 of the constructor)
  predicate case2_args{L}(struct ccm_machine *m) =
    \forall integer j; m->code[m->ctl_code].c <= j < m->code[m->ctl_code].c + ctl_b(m) ==>
      resolves(m, m->ctl_env, m->code[j].a);

  // prim2/prim3: the operator and its operands in the order it takes them
  logic integer prim_op{L}(struct ccm_machine *m) = m->code[top(m).a].a;
  logic integer prim_x{L}(struct ccm_machine *m) =
    m->order == CCM_RIGHT_TO_LEFT ? ctl_int(m) : top(m).num;
  logic integer prim_y{L}(struct ccm_machine *m) =
    m->order == CCM_RIGHT_TO_LEFT ? top(m).num : ctl_int(m);
*/

/* a behavior's outcome: the row fired (its row predicate), or nothing
 * fired (the status, the state as it was) */
#define FIRES(...)            ensures result: \result == CCM_RUNNING; ensures row: __VA_ARGS__;
#define REFUSES(status)       ensures result: \result == status; ensures unchanged: Unchanged{Pre,Post}(m);
/* ... or, for scc, either: the row fired, or the stack table is full */
#define FIRES_OR_FULL(...)    ensures result: \result == CCM_RUNNING || \result == CCM_RES_HEAP; \
                              ensures row: \result == CCM_RUNNING ==> __VA_ARGS__; \
                              ensures full: \result == CCM_RES_HEAP ==> Unchanged{Pre,Post}(m);

/* the control's node kind, and budgets */
#define STEP_KIND(m)          ((m)->code[(m)->ctl_code].kind)
#define HAS_STEP(m)           ((m)->steps < (m)->max_steps)
#define STACK_ROOM(m, k)      ((m)->stack_len + (k) <= (m)->stack_cap)
#define CELL_ROOM(m, k)       ((m)->cell_len + (k) <= (m)->cell_cap)
#define HEAP_ROOM(m, k)       ((m)->heap_len + (k) <= (m)->heap_cap)

/* a variable or an application as control */
#define VAR_FOUND(m)          (STEP_KIND(m) == CCM_VAR && resolves(m, (m)->ctl_env, ctl_a(m)))
/* ... found and not under evaluation (else: black hole) */
#define VAR_OK(m)             (VAR_FOUND(m) && (m)->heap[var_addr(m)].hole == 0)
/* ... and already a value (var1) rather than a thunk (var2) */
#define VAR_IS_VALUE(m)       value_kind((m)->code[(m)->heap[var_addr(m)].code].kind)
#define APP_OK(m)             (STEP_KIND(m) == CCM_APP && resolves(m, (m)->ctl_env, ctl_b(m)))

/* a value as control: the top frame decides */
#define CTL_VALUE(m)          (STEP_KIND(m) == CCM_LAM || STEP_KIND(m) == CCM_CON || \
                               STEP_KIND(m) == CCM_LIT || STEP_KIND(m) == CCM_INTVAL)
#define CTL_INT(m)            (STEP_KIND(m) == CCM_LIT || STEP_KIND(m) == CCM_INTVAL)
#define ON_FRAME(m, k)        (CTL_VALUE(m) && (m)->stack_len > 0 && \
                               (m)->stack[(m)->stack_len - 1].kind == (k))
#define APP2_OK(m)            (ON_FRAME(m, CCM_F_ARG) && STEP_KIND(m) == CCM_LAM)
#define ALT_CON(m)            (ON_FRAME(m, CCM_F_CASE) && case_alt(m) >= 0 && \
                               (m)->code[case_alt(m)].a != CCM_DEFAULT_TAG)
#define ALT_DEFAULT(m)        (ON_FRAME(m, CCM_F_CASE) && case_alt(m) >= 0 && \
                               (m)->code[case_alt(m)].a == CCM_DEFAULT_TAG)
/* the alternative binds as many names as the constructor has arguments */
#define CASE2_OK(m)           (ALT_CON(m) && (m)->code[case_alt(m)].b == ctl_b(m))
#define PRIM2_OK(m)           (ON_FRAME(m, CCM_F_PRIM1) && CTL_INT(m))
#define PRIM_DIV_ZERO(m)      ((prim_op(m) == CCM_DIV || prim_op(m) == CCM_MOD) && prim_y(m) == 0)
#define PRIM3_OK(m)           (ON_FRAME(m, CCM_F_PRIM2) && CTL_INT(m) && \
                               prim_ok(prim_op(m), prim_x(m), prim_y(m)))

/* control kinds that are a row's own (the others are never a control) */
#define PLAIN_ROW(m)          (STEP_KIND(m) == CCM_LET || STEP_KIND(m) == CCM_CASE || \
                               STEP_KIND(m) == CCM_SCC || STEP_KIND(m) == CCM_SCC_SUB || \
                               STEP_KIND(m) == CCM_PRIM)
#define CTL_KNOWN(m)          (CTL_VALUE(m) || STEP_KIND(m) == CCM_VAR || \
                               STEP_KIND(m) == CCM_APP || PLAIN_ROW(m))
#define FRAME_KNOWN(m)        (CCM_F_ARG <= (m)->stack[(m)->stack_len - 1].kind <= CCM_F_RESUME)

/* the state matches a row and is not stuck: only budgets can stop it */
#define STEP_READY(m)         (VAR_OK(m) || APP_OK(m) || PLAIN_ROW(m) || APP2_OK(m) || \
                               ON_FRAME(m, CCM_F_UPD) || CASE2_OK(m) || ALT_DEFAULT(m) || \
                               PRIM2_OK(m) || PRIM3_OK(m) || ON_FRAME(m, CCM_F_RESUME))
/* the row would fire but needs more heap objects or cells than are left */
#define SHORT_OF_HEAP(m)      ((STEP_KIND(m) == CCM_LET && !(HEAP_ROOM(m, ctl_b(m)) && CELL_ROOM(m, ctl_b(m)))) || \
                               (APP2_OK(m) && !CELL_ROOM(m, 1)) || \
                               (CASE2_OK(m) && !CELL_ROOM(m, ctl_b(m))))
/* ... or one more frame than the stack holds */
#define SHORT_OF_STACK(m)     (((VAR_OK(m) && !VAR_IS_VALUE(m)) || APP_OK(m) || \
                                STEP_KIND(m) == CCM_CASE || STEP_KIND(m) == CCM_PRIM) && \
                               !STACK_ROOM(m, 1))
/* a reference the code promised does not exist (a loader bug) */
#define BAD_CODE(m)           ((STEP_KIND(m) == CCM_VAR && !resolves(m, (m)->ctl_env, ctl_a(m))) || \
                               (STEP_KIND(m) == CCM_APP && !resolves(m, (m)->ctl_env, ctl_b(m))) || \
                               !CTL_KNOWN(m) || \
                               (CTL_VALUE(m) && (m)->stack_len > 0 && !FRAME_KNOWN(m)) || \
                               (ALT_CON(m) && (m)->code[case_alt(m)].b != ctl_b(m)) || \
                               (CASE2_OK(m) && HAS_STEP(m) && CELL_ROOM(m, ctl_b(m)) && !case2_args(m)))

/* force: x must be a thunk that is not under evaluation */
#define IS_THUNK(m, x)        (in_heap(m, x) && (m)->heap[x].hole == 0 && \
                               !value_kind((m)->code[(m)->heap[x].code].kind))
/* The behaviors of ccm_step, one macro each, so that the dispatcher's
 * pieces (kernel/step_parts.h) list the very same behaviors: a piece
 * requires the control kind (or frame kind) it handles and lists the
 * behaviors that kind can take; ccm_step then follows from the pieces'
 * contracts formula for formula.  Under a piece's `requires`, the global
 * assumes (BAD_CODE, STEP_READY, ...) reduce to that kind's cases. */
#define STEP_ASSIGNS \
  assigns m->heap[0 .. m->heap_cap - 1], m->heap_len, m->cells[0 .. m->cell_cap - 1], m->cell_len, \
          m->stack[0 .. m->stack_cap - 1], m->stack_len, m->costs[0 .. m->stk.cap * CCM_NCOUNTERS - 1], \
          m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
/* ... and the stack table, which only scc writes (ccm_step, its scc
 * piece and firing): the other pieces keep the table by their frames */
/* ... and a ghc call's pushes (ccm_call_step, ccm_ghc_call): the current
 * stack, the rule and the stack table, nothing else */
#define CALL_ASSIGNS \
  assigns m->ccc, m->last_rule, m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
#define STACKS_ASSIGNS \
  assigns m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
/* the force row's frame (two frames pushed, the thunk's hole mark, the
 * registers): that of ccm_row_force, ccm_fire_force and the public
 * ccm_force alike, so that each call's frame is inside its caller's as
 * written (with ccm_step's wider frame on ccm_force, that inclusion was a
 * 47 s goal) */
#define ROW_FORCE_ASSIGNS \
  assigns m->stack[m->stack_len .. m->stack_len + 1], m->stack_len, m->heap[addr].hole, \
          m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
/* a transition counts one step (so ccm_run stops within max_steps) */
#define STEP_PROGRESS \
  ensures progress: \result == CCM_RUNNING ==> m->steps == \old(m->steps) + 1;
/* the contract of a piece of the dispatcher: wf, the kind it handles (a
 * condition on m), ccm_step's frame, that wf is kept, the behaviors that
 * kind can take */
#define STEP_PIECE(KIND, ...) \
  requires wf: wf(m); \
  requires kind: KIND; \
  STEP_ASSIGNS \
  STEP_PROGRESS \
  CCM_ENSURES_WF \
  __VA_ARGS__ \
  complete behaviors; \
  disjoint behaviors;
#define B_APP1 behavior app1: \
  assumes APP_OK(m) && HAS_STEP(m) && STACK_ROOM(m, 1); \
  FIRES(Step_App1{Pre,Post}(m, \old(resolve(m, m->ctl_env, ctl_b(m)))))
#define B_APP2 behavior app2: \
  assumes APP2_OK(m) && HAS_STEP(m) && CELL_ROOM(m, 1); \
  FIRES(Step_App2{Pre,Post}(m))
#define B_VAR1 behavior var1: \
  assumes VAR_OK(m) && HAS_STEP(m) && VAR_IS_VALUE(m); \
  FIRES(Step_Var1{Pre,Post}(m, \old(var_addr(m))))
#define B_VAR2 behavior var2: \
  assumes VAR_OK(m) && HAS_STEP(m) && !VAR_IS_VALUE(m) && STACK_ROOM(m, 1); \
  FIRES(Step_Var2{Pre,Post}(m, \old(var_addr(m))))
#define B_VAR3 behavior var3: \
  assumes ON_FRAME(m, CCM_F_UPD) && HAS_STEP(m); \
  FIRES(Step_Var3{Pre,Post}(m))
#define B_LET behavior let: \
  assumes STEP_KIND(m) == CCM_LET && HAS_STEP(m) && HEAP_ROOM(m, ctl_b(m)) && CELL_ROOM(m, ctl_b(m)); \
  FIRES(Step_Let{Pre,Post}(m))
#define B_CASE1 behavior case1: \
  assumes STEP_KIND(m) == CCM_CASE && HAS_STEP(m) && STACK_ROOM(m, 1); \
  FIRES(Step_Case1{Pre,Post}(m))
#define B_CASE2 behavior case2: \
  assumes CASE2_OK(m) && HAS_STEP(m) && CELL_ROOM(m, ctl_b(m)) && case2_args(m); \
  FIRES(Step_Case2{Pre,Post}(m, \old(case_alt(m))))
#define B_CASE2_DEFAULT behavior case2_default: \
  assumes ALT_DEFAULT(m) && HAS_STEP(m); \
  FIRES(Step_Case2_Default{Pre,Post}(m, \old(case_alt(m))))
#define B_SCC behavior scc: \
  assumes STEP_KIND(m) == CCM_SCC && HAS_STEP(m); \
  FIRES_OR_FULL(Step_Scc{Pre,Post}(m))
#define B_SCC_SUB behavior scc_sub: \
  assumes STEP_KIND(m) == CCM_SCC_SUB && HAS_STEP(m); \
  FIRES_OR_FULL(Step_Scc_Sub{Pre,Post}(m))
#define B_PRIM1 behavior prim1: \
  assumes STEP_KIND(m) == CCM_PRIM && HAS_STEP(m) && STACK_ROOM(m, 1); \
  FIRES(Step_Prim1{Pre,Post}(m))
#define B_PRIM2 behavior prim2: \
  assumes PRIM2_OK(m) && HAS_STEP(m); \
  FIRES(Step_Prim2{Pre,Post}(m))
#define B_PRIM3 behavior prim3: \
  assumes PRIM3_OK(m) && HAS_STEP(m); \
  FIRES(Step_Prim3{Pre,Post}(m, \old(prim_value(prim_op(m), prim_x(m), prim_y(m))), \
                                \old(prim_op(m)) >= CCM_EQ ? 1 : 0))
#define B_RESUME behavior resume: \
  assumes ON_FRAME(m, CCM_F_RESUME) && HAS_STEP(m); \
  FIRES(Step_Resume{Pre,Post}(m))
#define B_FINAL behavior final: \
  assumes CTL_VALUE(m) && m->stack_len == 0; \
  REFUSES(CCM_VALUE)
#define B_NOT_A_FUNCTION behavior not_a_function: \
  assumes ON_FRAME(m, CCM_F_ARG) && STEP_KIND(m) != CCM_LAM; \
  REFUSES(CCM_ERR_NOT_A_FUNCTION)
#define B_NO_ALTERNATIVE behavior no_alternative: \
  assumes ON_FRAME(m, CCM_F_CASE) && case_alt(m) < 0; \
  REFUSES(CCM_ERR_NO_ALTERNATIVE)
#define B_TYPE_ERROR behavior type_error: \
  assumes (ON_FRAME(m, CCM_F_PRIM1) || ON_FRAME(m, CCM_F_PRIM2)) && !CTL_INT(m); \
  REFUSES(CCM_ERR_TYPE)
#define B_BLACK_HOLE behavior black_hole: \
  assumes VAR_FOUND(m) && m->heap[var_addr(m)].hole != 0; \
  REFUSES(CCM_ERR_BLACK_HOLE)
#define B_DIV_ZERO behavior div_zero: \
  assumes ON_FRAME(m, CCM_F_PRIM2) && CTL_INT(m) && PRIM_DIV_ZERO(m); \
  REFUSES(CCM_ERR_DIV_ZERO)
#define B_OVERFLOW behavior overflow: \
  assumes ON_FRAME(m, CCM_F_PRIM2) && CTL_INT(m) && !PRIM_DIV_ZERO(m) && \
          !prim_ok(prim_op(m), prim_x(m), prim_y(m)); \
  REFUSES(CCM_ERR_OVERFLOW)
#define B_BAD_CODE behavior bad_code: \
  assumes BAD_CODE(m); \
  REFUSES(CCM_ERR_BAD_CODE)
#define B_OUT_OF_STEPS behavior out_of_steps: \
  assumes STEP_READY(m) && !HAS_STEP(m); \
  REFUSES(CCM_RES_STEPS)
#define B_OUT_OF_HEAP behavior out_of_heap: \
  assumes HAS_STEP(m) && SHORT_OF_HEAP(m); \
  REFUSES(CCM_RES_HEAP)
#define B_OUT_OF_STACK behavior out_of_stack: \
  assumes HAS_STEP(m) && SHORT_OF_STACK(m); \
  REFUSES(CCM_RES_STACK)
#endif
