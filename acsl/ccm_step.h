/* ccm_step.h -- which row a state matches, for the behaviors of ccm_step.
 *
 * SEMANTICS.md section 4 matches the control first and, for a value, the
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
  predicate case2_args{L}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < ctl_b(m) ==>
      resolves(m, m->ctl_env, m->code[m->code[m->ctl_code].c + i].a);

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
#endif
