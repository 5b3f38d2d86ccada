/* ccm_step.h -- which row a state matches, for the behaviors of ccm_step.
 *
 * SEMANTICS.md section 4 matches the control first and, for a value, the
 * top frame.  The dispatcher refuses a stuck state before an exhausted
 * budget (docs/design.md): so each row below is "the state matches, no
 * stuck condition, the step budget and the room the row needs are there",
 * and the budget behaviors of ccm_step take the states that match a row
 * (`ready`) but lack the budget. */
#ifndef CCM_ACSL_STEP_H
#define CCM_ACSL_STEP_H
#include "ccm_rows.h"

/*@
  logic integer ctl_a{L}(struct ccm_machine *m) = m->code[m->ctl_code].a;
  logic integer ctl_b{L}(struct ccm_machine *m) = m->code[m->ctl_code].b;

  predicate has_step{L}(struct ccm_machine *m) = m->steps < m->max_steps;
  predicate stack_room{L}(struct ccm_machine *m, integer k) = m->stack_len + k <= m->stack_cap;
  predicate cell_room{L}(struct ccm_machine *m, integer k) = m->cell_len + k <= m->cell_cap;
  predicate heap_room{L}(struct ccm_machine *m, integer k) = m->heap_len + k <= m->heap_cap;

  // ---- a variable or an application as control ----
  // the heap object a VAR control names
  logic integer var_addr{L}(struct ccm_machine *m) = resolve(m, m->ctl_env, ctl_a(m));
  predicate var_found{L}(struct ccm_machine *m) =
    ctl_kind(m) == CCM_VAR && resolves(m, m->ctl_env, ctl_a(m));
  // found and not under evaluation (else: black hole)
  predicate var_ok{L}(struct ccm_machine *m) =
    var_found(m) && m->heap[var_addr(m)].hole == 0;
  // ... and already a value (var1) rather than a thunk (var2)
  predicate var_is_value{L}(struct ccm_machine *m) =
    value_kind(m->code[m->heap[var_addr(m)].code].kind);
  predicate app_ok{L}(struct ccm_machine *m) =
    ctl_kind(m) == CCM_APP && resolves(m, m->ctl_env, ctl_b(m));

  // ---- a value as control: the top frame decides ----
  predicate ctl_value{L}(struct ccm_machine *m) = value_kind(ctl_kind(m));
  logic struct ccm_frame top{L}(struct ccm_machine *m) = m->stack[m->stack_len - 1];
  predicate on_frame{L}(struct ccm_machine *m, integer k) =
    ctl_value(m) && m->stack_len > 0 && top(m).kind == k;

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
  predicate alt_con{L}(struct ccm_machine *m) =
    on_frame(m, CCM_F_CASE) && case_alt(m) >= 0 && m->code[case_alt(m)].a != CCM_DEFAULT_TAG;
  predicate alt_default{L}(struct ccm_machine *m) =
    on_frame(m, CCM_F_CASE) && case_alt(m) >= 0 && m->code[case_alt(m)].a == CCM_DEFAULT_TAG;
  // the alternative binds as many names as the constructor has arguments
  predicate case2_ok{L}(struct ccm_machine *m) =
    alt_con(m) && m->code[case_alt(m)].b == ctl_b(m);
  predicate case2_args{L}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < ctl_b(m) ==>
      resolves(m, m->ctl_env, m->code[m->code[m->ctl_code].c + i].a);

  // prim2/prim3: the operands in the order the operator takes them
  logic integer prim_op{L}(struct ccm_machine *m) = m->code[top(m).a].a;
  logic integer prim_x{L}(struct ccm_machine *m) =
    m->order == CCM_RIGHT_TO_LEFT ? ctl_int(m) : top(m).num;
  logic integer prim_y{L}(struct ccm_machine *m) =
    m->order == CCM_RIGHT_TO_LEFT ? top(m).num : ctl_int(m);
  predicate prim2_ok{L}(struct ccm_machine *m) =
    on_frame(m, CCM_F_PRIM1) && int_kind(ctl_kind(m));
  predicate prim_div_zero{L}(struct ccm_machine *m) =
    (prim_op(m) == CCM_DIV || prim_op(m) == CCM_MOD) && prim_y(m) == 0;
  predicate prim3_ok{L}(struct ccm_machine *m) =
    on_frame(m, CCM_F_PRIM2) && int_kind(ctl_kind(m)) && prim_ok(prim_op(m), prim_x(m), prim_y(m));

  // control kinds that are a row's own (the rest are never a control)
  predicate plain_row{L}(struct ccm_machine *m) =
    ctl_kind(m) == CCM_LET || ctl_kind(m) == CCM_CASE || ctl_kind(m) == CCM_SCC ||
    ctl_kind(m) == CCM_SCC_SUB || ctl_kind(m) == CCM_PRIM;
  predicate ctl_known{L}(struct ccm_machine *m) =
    ctl_value(m) || ctl_kind(m) == CCM_VAR || ctl_kind(m) == CCM_APP || plain_row(m);
  predicate frame_known(integer k) = CCM_F_ARG <= k <= CCM_F_RESUME;

  // the state matches a row and is not stuck: only budgets can stop it
  predicate ready{L}(struct ccm_machine *m) =
    var_ok(m) || app_ok(m) || plain_row(m) ||
    (on_frame(m, CCM_F_ARG) && ctl_kind(m) == CCM_LAM) || on_frame(m, CCM_F_UPD) ||
    case2_ok(m) || alt_default(m) || prim2_ok(m) || prim3_ok(m) || on_frame(m, CCM_F_RESUME);

  // the row would fire but needs more heap objects or cells than are left
  predicate short_of_heap{L}(struct ccm_machine *m) =
    (ctl_kind(m) == CCM_LET && !(heap_room(m, ctl_b(m)) && cell_room(m, ctl_b(m)))) ||
    (on_frame(m, CCM_F_ARG) && ctl_kind(m) == CCM_LAM && !cell_room(m, 1)) ||
    (case2_ok(m) && !cell_room(m, ctl_b(m)));
  // ... or one more frame than the stack holds
  predicate short_of_stack{L}(struct ccm_machine *m) =
    ((var_ok(m) && !var_is_value(m)) || app_ok(m) || ctl_kind(m) == CCM_CASE ||
     ctl_kind(m) == CCM_PRIM) && !stack_room(m, 1);

  // a reference the code promised does not exist (a loader bug)
  predicate bad_code{L}(struct ccm_machine *m) =
    (ctl_kind(m) == CCM_VAR && !resolves(m, m->ctl_env, ctl_a(m))) ||
    (ctl_kind(m) == CCM_APP && !resolves(m, m->ctl_env, ctl_b(m))) ||
    !ctl_known(m) ||
    (ctl_value(m) && m->stack_len > 0 && !frame_known(top(m).kind)) ||
    (alt_con(m) && m->code[case_alt(m)].b != ctl_b(m)) ||
    (case2_ok(m) && has_step(m) && cell_room(m, ctl_b(m)) && !case2_args(m));

  // force: x must be a thunk that is not under evaluation
  predicate is_thunk{L}(struct ccm_machine *m, integer x) =
    in_heap(m, x) && m->heap[x].hole == 0 && !value_kind(m->code[m->heap[x].code].kind);
*/
#endif
