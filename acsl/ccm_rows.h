/* ccm_rows.h -- one two-state predicate per row of docs/semantics.md section 4:
 * Row{A,B}(m, ...) says what the transition from state A to state B does to
 * the current cost centre, the control, the stack, the heap, the cells and
 * the cost counters (which counter of which cost centre grows by how much;
 * every other counter is unchanged). */
#ifndef CCM_ACSL_ROWS_H
#define CCM_ACSL_ROWS_H
#include "ccm_wf.h"
#include "ccm_env.h"
#include "ccm_prim.h"
#include "ccm_call.h"

/*@
  // ---- SUB / SUBCAF (Figs. 2 and 6), over stacks: decided by the top
  // cost centre of the value's stack, replacing the whole stack ----
  logic integer top_kind{L}(struct ccm_machine *m, integer s) = m->cc_kind[m->stk.node[s].cc];
  logic integer sub_cc{L}(struct ccm_machine *m, integer ccz, integer cc) =
    top_kind(m, ccz) == CCM_CC_SUB ? cc : ccz;
  logic integer subcaf_cc{L}(struct ccm_machine *m, integer ccz, integer cc) =
    (top_kind(m, ccz) == CCM_CC_SUB || top_kind(m, ccz) == CCM_CC_CAF) ? cc : ccz;

  // the number of an integer control
  logic integer ctl_int{L}(struct ccm_machine *m) =
    m->code[m->ctl_code].kind == CCM_LIT ? m->code[m->ctl_code].lit : m->ctl_num;

  // ---- pieces of a transition ----
  predicate frame_is(struct ccm_frame f, integer kind, integer cc, integer a, integer b, integer num) =
    f.kind == kind && f.cc == cc && f.a == a && f.b == b && f.num == num;
  predicate cell_is(struct ccm_cell c, integer addr, integer next) =
    c.addr == addr && c.next == next;
  predicate obj_is(struct ccm_obj o, integer code, integer env, integer cc, integer hole, integer num) =
    o.code == code && o.env == env && o.cc == cc && o.hole == hole && o.num == num;

  // field by field (the provers handle that better than struct equality)
  predicate obj_eq{A,B}(struct ccm_machine *m, integer x) =
    \at(m->heap[x].code, B) == \at(m->heap[x].code, A) && \at(m->heap[x].env, B) == \at(m->heap[x].env, A) &&
    \at(m->heap[x].cc, B) == \at(m->heap[x].cc, A) && \at(m->heap[x].hole, B) == \at(m->heap[x].hole, A) &&
    \at(m->heap[x].num, B) == \at(m->heap[x].num, A);
  predicate cell_eq{A,B}(struct ccm_machine *m, integer c) =
    \at(m->cells[c].addr, B) == \at(m->cells[c].addr, A) && \at(m->cells[c].next, B) == \at(m->cells[c].next, A);
  predicate frame_eq{A,B}(struct ccm_machine *m, integer j) =
    \at(m->stack[j].kind, B) == \at(m->stack[j].kind, A) && \at(m->stack[j].cc, B) == \at(m->stack[j].cc, A) &&
    \at(m->stack[j].a, B) == \at(m->stack[j].a, A) && \at(m->stack[j].b, B) == \at(m->stack[j].b, A) &&
    \at(m->stack[j].num, B) == \at(m->stack[j].num, A);

  predicate heap_keeps{A,B}(struct ccm_machine *m, integer n) =
    \forall integer x; 0 <= x < n ==> obj_eq{A,B}(m, x);
  predicate heap_same{A,B}(struct ccm_machine *m) =
    \at(m->heap_len, B) == \at(m->heap_len, A) && heap_keeps{A,B}(m, \at(m->heap_len, A));
  // heap object x (and only it) changed to o
  predicate heap_set{A,B}(struct ccm_machine *m, integer x, struct ccm_obj o) =
    \at(m->heap_len, B) == \at(m->heap_len, A) &&
    obj_is(\at(m->heap[x], B), o.code, o.env, o.cc, o.hole, o.num) &&
    \forall integer y; 0 <= y < \at(m->heap_len, A) && y != x ==> obj_eq{A,B}(m, y);

  predicate cells_keep{A,B}(struct ccm_machine *m, integer n) =
    \forall integer c; 0 <= c < n ==> cell_eq{A,B}(m, c);
  predicate cells_same{A,B}(struct ccm_machine *m) =
    \at(m->cell_len, B) == \at(m->cell_len, A) && cells_keep{A,B}(m, \at(m->cell_len, A));

  predicate stack_keeps{A,B}(struct ccm_machine *m, integer n) =
    \forall integer j; 0 <= j < n ==> frame_eq{A,B}(m, j);
  predicate stack_same{A,B}(struct ccm_machine *m) =
    \at(m->stack_len, B) == \at(m->stack_len, A) && stack_keeps{A,B}(m, \at(m->stack_len, A));
  // the top frame popped
  predicate stack_popped{A,B}(struct ccm_machine *m) =
    \at(m->stack_len, B) == \at(m->stack_len, A) - 1 && stack_keeps{A,B}(m, \at(m->stack_len, B));

  // counter ix grows by amount, every other counter unchanged
  predicate costs_plus{A,B}(struct ccm_machine *m, integer ix, integer amount) =
    \forall integer i; 0 <= i < \at(m->stk.cap, A) * CCM_NCOUNTERS ==>
      \at(m->costs[i], B) == \at(m->costs[i], A) + (i == ix ? amount : 0);
  predicate costs_plus2{A,B}(struct ccm_machine *m, integer ix1, integer ix2) =
    \forall integer i; 0 <= i < \at(m->stk.cap, A) * CCM_NCOUNTERS ==>
      \at(m->costs[i], B) == \at(m->costs[i], A) + (i == ix1 ? 1 : 0) + (i == ix2 ? 1 : 0);
  predicate costs_same{A,B}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < \at(m->stk.cap, A) * CCM_NCOUNTERS ==> \at(m->costs[i], B) == \at(m->costs[i], A);

  predicate counted{A,B}(struct ccm_machine *m, integer rule) =
    \at(m->steps, B) == \at(m->steps, A) + 1 && \at(m->last_rule, B) == rule;

  predicate ctl_is{L}(struct ccm_machine *m, integer cc, integer code, integer env, integer num) =
    m->ccc == cc && m->ctl_code == code && m->ctl_env == env && m->ctl_num == num;

  // ---- the rows ----
  predicate Step_App1{A,B}(struct ccm_machine *m, integer x) =
    \let cc = \at(m->ccc, A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, cc, \at(m->code[m->ctl_code].a, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    \at(m->stack_len, B) == sl + 1 && frame_is(\at(m->stack[sl], B), CCM_F_ARG, cc, x, CCM_NIL, 0) &&
    stack_keeps{A,B}(m, sl) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_A), 1) && counted{A,B}(m, CCM_R_APP1);

  predicate Step_App2{A,B}(struct ccm_machine *m) =
    \let f = \at(m->stack[m->stack_len - 1], A); \let cl = \at(m->cell_len, A);
    ctl_is{B}(m, \at(m->scoping, A) == CCM_LEXICAL ? \at(m->ccc, A) : f.cc,
              \at(m->code[m->ctl_code].a, A), cl, 0) &&
    \at(m->cell_len, B) == cl + 1 && cell_is(\at(m->cells[cl], B), f.a, \at(m->ctl_env, A)) &&
    cells_keep{A,B}(m, cl) && stack_popped{A,B}(m) && heap_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_APP2);

  predicate Step_Var1{A,B}(struct ccm_machine *m, integer x) =
    \let cc = \at(m->ccc, A); \let o = \at(m->heap[x], A);
    ctl_is{B}(m, \at(m->rules, A) == CCM_RULES_FIG6 ? subcaf_cc{A}(m, o.cc, cc) : sub_cc{A}(m, o.cc, cc),
              o.code, o.env, o.num) &&
    stack_same{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_V), 1) && counted{A,B}(m, CCM_R_VAR1);

  predicate Step_Var2{A,B}(struct ccm_machine *m, integer x) =
    \let cc = \at(m->ccc, A); \let o = \at(m->heap[x], A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, o.cc, o.code, o.env, o.num) &&
    \at(m->stack_len, B) == sl + 1 && frame_is(\at(m->stack[sl], B), CCM_F_UPD, cc, x, CCM_NIL, 0) &&
    stack_keeps{A,B}(m, sl) &&
    heap_set{A,B}(m, x, {o \with .hole = (int32_t)1}) && cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_V), 1) && counted{A,B}(m, CCM_R_VAR2);

  predicate Step_Var3{A,B}(struct ccm_machine *m) =
    \let ccz = \at(m->ccc, A); \let f = \at(m->stack[m->stack_len - 1], A);
    ctl_is{B}(m, \at(m->rules, A) == CCM_RULES_FIG6 ? subcaf_cc{A}(m, ccz, f.cc) : ccz,
              \at(m->ctl_code, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    stack_popped{A,B}(m) &&
    \at(m->heap_len, B) == \at(m->heap_len, A) &&
    obj_is(\at(m->heap[f.a], B), \at(m->ctl_code, A), \at(m->ctl_env, A), ccz, 0, \at(m->ctl_num, A)) &&
    (\forall integer y; 0 <= y < \at(m->heap_len, A) && y != f.a ==> obj_eq{A,B}(m, y)) &&
    cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(ccz, CCM_U), 1) && counted{A,B}(m, CCM_R_VAR3);

  // let's fresh cells and objects, as two predicates of their own (so that
  // ccm_row_let can assert them one by one); absolute indices: cell cl+i
  // binds base+i (a prover trigger cannot contain base + i)
  predicate Let_cells{A,B}(struct ccm_machine *m) =
    \let cl = \at(m->cell_len, A); \let base = \at(m->heap_len, A);
    \let k = \at(m->code[m->ctl_code].b, A);
    \forall integer c; cl <= c < cl + k ==>
      cell_is(\at(m->cells[c], B), base + (c - cl), c == cl ? \at(m->ctl_env, A) : c - 1);
  predicate Let_objs{A,B}(struct ccm_machine *m) =
    \let cc = \at(m->ccc, A); \let n = \at(m->code[m->ctl_code], A);
    \let base = \at(m->heap_len, A); \let cl = \at(m->cell_len, A); \let k = n.b;
    \forall integer x; base <= x < base + k ==>
      obj_is(\at(m->heap[x], B), \at(m->code[n.a + (x - base)].a, A), cl + k - 1, cc, 0, 0);

  predicate Step_Let{A,B}(struct ccm_machine *m) =
    \let cc = \at(m->ccc, A); \let n = \at(m->code[m->ctl_code], A);
    \let base = \at(m->heap_len, A); \let cl = \at(m->cell_len, A); \let k = n.b;
    ctl_is{B}(m, cc, n.c, cl + k - 1, \at(m->ctl_num, A)) &&
    \at(m->heap_len, B) == base + k && \at(m->cell_len, B) == cl + k &&
    Let_cells{A,B}(m) && Let_objs{A,B}(m) &&
    heap_keeps{A,B}(m, base) && cells_keep{A,B}(m, cl) && stack_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_H), k) && counted{A,B}(m, CCM_R_LET);

  predicate Step_Case1{A,B}(struct ccm_machine *m) =
    \let cc = \at(m->ccc, A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, cc, \at(m->code[m->ctl_code].a, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    \at(m->stack_len, B) == sl + 1 &&
    frame_is(\at(m->stack[sl], B), CCM_F_CASE, cc, \at(m->ctl_code, A), \at(m->ctl_env, A), 0) &&
    stack_keeps{A,B}(m, sl) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_C), 1) && counted{A,B}(m, CCM_R_CASE1);

  // the pattern variables: one cell per constructor argument, in order:
  // cell c (cl <= c < cl + k) binds the address argument c - cl denotes in
  // the constructor's environment and points to the cell before it (the
  // first to the case's own environment).  Case2_cells and Step_Case2 name
  // the node's and the frame's fields, not the whole structs: since a node's
  // kind is a uint8_t, a whole node is read from two memories, and with it
  // two of ccm_row_case2's goals timed out (docs/proofs.md)
  predicate Case2_cells{A,B}(struct ccm_machine *m) =
    \let env0 = \at(m->stack[m->stack_len - 1].b, A);
    \let k = \at(m->code[m->ctl_code].b, A); \let first = \at(m->code[m->ctl_code].c, A);
    \let cl = \at(m->cell_len, A);
    \forall integer c; cl <= c < cl + k ==>
      cell_is(\at(m->cells[c], B), resolve{A}(m, \at(m->ctl_env, A), \at(m->code[first + (c - cl)].a, A)),
              c == cl ? env0 : c - 1);

  predicate Step_Case2{A,B}(struct ccm_machine *m, integer alt) =
    \let fcc = \at(m->stack[m->stack_len - 1].cc, A); \let env0 = \at(m->stack[m->stack_len - 1].b, A);
    \let cl = \at(m->cell_len, A); \let k = \at(m->code[m->ctl_code].b, A);
    ctl_is{B}(m, fcc, \at(m->code[alt].c, A), k == 0 ? env0 : cl + k - 1, 0) &&
    \at(m->cell_len, B) == cl + k && Case2_cells{A,B}(m) &&
    cells_keep{A,B}(m, cl) && stack_popped{A,B}(m) && heap_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_CASE2);

  predicate Step_Case2_Default{A,B}(struct ccm_machine *m, integer alt) =
    \let f = \at(m->stack[m->stack_len - 1], A);
    ctl_is{B}(m, f.cc, \at(m->code[alt].c, A), f.b, 0) &&
    stack_popped{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_CASE2_DEFAULT);

  // the row once the new stack s is known
  predicate Row_Scc{A,B}(struct ccm_machine *m, integer s) =
    \let cc = \at(m->ccc, A); \let n = \at(m->code[m->ctl_code], A);
    ctl_is{B}(m, s, n.b, \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    stack_same{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_plus2{A,B}(m, cost_ix(s, CCM_ENTRIES), cost_ix(cc, CCM_SUBENTRIES)) &&
    counted{A,B}(m, CCM_R_SCC);
  // scc L: the new stack is push(L, S) (acsl/ccm_stacks.h, pushed)
  predicate Step_Scc{A,B}(struct ccm_machine *m) =
    pushed{A,B}(m, \at(m->code[m->ctl_code].a, A), \at(m->ccc, A), \at(m->ccc, B)) &&
    Row_Scc{A,B}(m, \at(m->ccc, B));

  predicate Row_Scc_Sub{A,B}(struct ccm_machine *m, integer s) =
    \let n = \at(m->code[m->ctl_code], A);
    ctl_is{B}(m, s, n.b, \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    stack_same{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_SCC_SUB);
  predicate Step_Scc_Sub{A,B}(struct ccm_machine *m) =
    pushed{A,B}(m, \at(m->code[m->ctl_code].a, A), \at(m->ccc, A), \at(m->ccc, B)) &&
    Row_Scc_Sub{A,B}(m, \at(m->ccc, B));

  predicate Step_Prim1{A,B}(struct ccm_machine *m) =
    \let cc = \at(m->ccc, A); \let n = \at(m->code[m->ctl_code], A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, cc, \at(m->order, A) == CCM_RIGHT_TO_LEFT ? n.c : n.b, \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    \at(m->stack_len, B) == sl + 1 &&
    frame_is(\at(m->stack[sl], B), CCM_F_PRIM1, cc, \at(m->ctl_code, A), \at(m->ctl_env, A), 0) &&
    stack_keeps{A,B}(m, sl) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_plus{A,B}(m, cost_ix(cc, CCM_P), 1) && counted{A,B}(m, CCM_R_PRIM1);

  predicate Step_Prim2{A,B}(struct ccm_machine *m) =
    \let f = \at(m->stack[m->stack_len - 1], A); \let p = \at(m->code[f.a], A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, f.cc, \at(m->order, A) == CCM_RIGHT_TO_LEFT ? p.b : p.c, f.b, 0) &&
    \at(m->stack_len, B) == sl && frame_is(\at(m->stack[sl - 1], B), CCM_F_PRIM2, f.cc, f.a, CCM_NIL, ctl_int{A}(m)) &&
    stack_keeps{A,B}(m, sl - 1) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_PRIM2);

  predicate Step_Prim3{A,B}(struct ccm_machine *m, integer result, integer is_bool) =
    \let f = \at(m->stack[m->stack_len - 1], A);
    (is_bool != 0 ==> ctl_is{B}(m, f.cc, result != 0 ? CCM_NODE_TRUE : CCM_NODE_FALSE, CCM_NIL, 0)) &&
    (is_bool == 0 ==> ctl_is{B}(m, f.cc, CCM_NODE_INTVAL, CCM_NIL, result)) &&
    stack_popped{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_PRIM3);

  predicate Step_Force{A,B}(struct ccm_machine *m, integer x) =
    \let cc = \at(m->ccc, A); \let o = \at(m->heap[x], A); \let sl = \at(m->stack_len, A);
    ctl_is{B}(m, o.cc, o.code, o.env, o.num) &&
    \at(m->stack_len, B) == sl + 2 &&
    frame_is(\at(m->stack[sl], B), CCM_F_RESUME, cc, \at(m->ctl_code, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    frame_is(\at(m->stack[sl + 1], B), CCM_F_UPD, cc, x, CCM_NIL, 0) &&
    stack_keeps{A,B}(m, sl) &&
    heap_set{A,B}(m, x, {o \with .hole = (int32_t)1}) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_FORCE);

  predicate Step_Resume{A,B}(struct ccm_machine *m) =
    \let f = \at(m->stack[m->stack_len - 1], A);
    ctl_is{B}(m, f.cc, f.a, f.b, f.num) &&
    stack_popped{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) &&
    costs_same{A,B}(m) && counted{A,B}(m, CCM_R_RESUME);

  // a call transition (one push of a ghc call, ccm_call_step): the current
  // stack becomes s; not a step: nothing else moves
  predicate Row_Call{A,B}(struct ccm_machine *m, integer s) =
    ctl_is{B}(m, s, \at(m->ctl_code, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    \at(m->steps, B) == \at(m->steps, A) && \at(m->last_rule, B) == CCM_R_CALL &&
    stack_same{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) && costs_same{A,B}(m);
  // ... s being the node k - 1 steps from sl pushed onto the current stack
  // (pushed, ccm_stacks.h)
  predicate Step_Call{A,B}(struct ccm_machine *m, integer sl, integer k) =
    \let c = stk_anc{A}(m, sl, k - 1);
    pushed{A,B}(m, \at(m->stk.node[c].cc, A), \at(m->ccc, A), \at(m->ccc, B)) &&
    Row_Call{A,B}(m, \at(m->ccc, B));

  // nothing fired: the state is exactly as it was
  predicate Unchanged{A,B}(struct ccm_machine *m) =
    ctl_is{B}(m, \at(m->ccc, A), \at(m->ctl_code, A), \at(m->ctl_env, A), \at(m->ctl_num, A)) &&
    \at(m->steps, B) == \at(m->steps, A) && \at(m->last_rule, B) == \at(m->last_rule, A) &&
    stack_same{A,B}(m) && heap_same{A,B}(m) && cells_same{A,B}(m) && costs_same{A,B}(m) &&
    stk_same{A,B}(m);
*/
#endif
