/* kernel_internal.h -- what the kernel's units share: the machine's small
 * helpers (environment, charging, SUB/SUBCAF) and one function per row.
 *
 * A row function performs its transition unconditionally; the dispatcher
 * (step.c and its pieces) has already matched the state against the row and checked the
 * budgets, so a row never fails half-way.  Row functions charge θ, move the
 * registers, push/pop frames and count the step.
 *
 * var2, let, force and case2 are proven without WP's C-type hypotheses
 * (-wp-simplify-type, mk/prove.mk: with them the provers drown in typing
 * facts about every intermediate memory), so the one such fact they need,
 * 0 <= steps, is stated in their budget clause.
 */
#ifndef CCM_KERNEL_INTERNAL_H
#define CCM_KERNEL_INTERNAL_H

#include "ccm.h"

#ifdef __FRAMAC__
#include "ccm_rows.h"
#include "ccm_keeps.h"
#include "ccm_call.h"
#endif

/* the n entries of p zeroed: the counters (init.c), the cells' marks
 * (collect.c) */
/*@ requires valid: 0 <= n && \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1];
    ensures zero: \forall integer j; 0 <= j < n ==> p[j] == 0;
*/
void zero_u64(uint64_t *p, int64_t n);

/* environment (env.c) */

/*@ requires ctx: machine_valid(m) && sizes_ok(m) && cells_ok(m);
    requires env: is_env(m, env);
    requires out: \valid(addr) && \separated(addr, m, m->cells + (0 .. m->cell_cap - 1),
                  m->heap + (0 .. m->heap_cap - 1), m->stack + (0 .. m->stack_cap - 1),
                  m->costs + (0 .. m->stk.cap * CCM_NCOUNTERS - 1));
    assigns *addr;
    behavior found:
      assumes resolves(m, env, ref);
      ensures result: \result == CCM_RUNNING;
      ensures addr: *addr == \old(resolve(m, env, ref));
      ensures in_heap: in_heap(m, *addr);
    behavior missing:
      assumes !resolves(m, env, ref);
      ensures result: \result == CCM_ERR_BAD_CODE;
      ensures addr: *addr == \old(*addr);
    complete behaviors;
    disjoint behaviors;
*/
int  ccm_lookup(const struct ccm_machine *m, int32_t env, int32_t ref, int32_t *addr);

/* ccm_lookup's answer as a value: the address, or -1 if the reference does
 * not resolve (a caller's locals stay out of memory, so a caller's proof
 * of the machine carries over this call unchanged) */
/*@ requires ctx: machine_valid(m) && sizes_ok(m) && cells_ok(m);
    requires env: is_env(m, env);
    assigns \nothing;
    behavior found:
      assumes resolves(m, env, ref);
      ensures addr: \result == resolve(m, env, ref);
      ensures in_heap: in_heap(m, \result);
    behavior missing:
      assumes !resolves(m, env, ref);
      ensures result: \result == -1;
    complete behaviors;
    disjoint behaviors;
*/
int32_t ccm_resolve(const struct ccm_machine *m, int32_t env, int32_t ref);

/* Pushing a cell changes no older lookup: the frame lemma for env_cell is
 * proven here once, by a ghost induction loop. */
/*@ requires ctx: machine_valid(m) && sizes_ok(m) && cells_ok(m);
    requires room: m->cell_len < m->cell_cap;
    requires addr: in_heap(m, addr);
    requires next: is_env(m, next);
    assigns m->cells[m->cell_len], m->cell_len;
    ensures result: \result == \old(m->cell_len);
    ensures len: m->cell_len == \old(m->cell_len) + 1;
    ensures cell: cell_is(m->cells[\result], addr, next);
    ensures keep: cells_keep{Pre,Post}(m, \old(m->cell_len));
    ensures cells_ok: cells_ok(m);
    ensures frame: \forall integer e, r; is_env{Pre}(m, e) && 0 <= r <= INT32_MAX ==>
                     env_cell{Post}(m, e, r) == env_cell{Pre}(m, e, r);
*/
int32_t ccm_push_cell(struct ccm_machine *m, int32_t addr, int32_t next);

/* What a row keeps besides its effect: the capacities, the step budget,
 * the configuration (acsl/ccm_keeps.h), each node field.  A row proves it
 * in its own small context, so that its firing (fire.h) has it as a fact
 * instead of proving it through the row's frame in the context of wf. */
#define ROW_KEEPS \
  ensures kept: row_keeps{Pre,Post}(m); \
  ensures kept_a: config_a{Pre,Post}(m); \
  ensures kept_b: config_b{Pre,Post}(m); \
  ensures kept_c: config_c{Pre,Post}(m); \
  ensures kept_lit: config_lit{Pre,Post}(m);

/* in an assertion: every frame below the stack's length on entry has its
 * field f as on entry (a row's frame facts one field at a time: rows_let.c) */
#define FRAMES_KEEP_FIELD(f) \
  \forall integer j; 0 <= j < \at(m->stack_len, Pre) ==> m->stack[j].f == \at(m->stack[j].f, Pre)

/* the stores rows share (rows_write.c): a row reads, then writes through one
 * of these, whose goals are proven in a small context */

/*@ requires valid: machine_valid(m);
    requires room: 0 <= m->stack_len < m->stack_cap;
    requires cc: in_cc(m, charged) && m->stk.len <= m->stk.cap <= CCM_MAX_NODES;
    requires counter: 0 <= counter < CCM_NCOUNTERS;
    requires no_overflow: m->costs[cost_ix(charged, counter)] < UINT64_MAX;
    requires budget: m->steps < m->max_steps;
    assigns m->stack[m->stack_len], m->stack_len, m->costs[cost_ix(charged, counter)],
            m->ctl_code, m->last_rule, m->steps;
    ensures ctl: ctl_is(m, \old(m->ccc), body, \old(m->ctl_env), \old(m->ctl_num));
    ensures push: m->stack_len == \old(m->stack_len) + 1 &&
                  frame_is(m->stack[\old(m->stack_len)], kind, cc, a, b, 0);
    ensures keeps: stack_keeps{Pre,Post}(m, \old(m->stack_len));
    ensures heap: heap_same{Pre,Post}(m);
    ensures cells: cells_same{Pre,Post}(m);
    ensures costs: costs_plus{Pre,Post}(m, cost_ix(charged, counter), 1);
    ensures counted: counted{Pre,Post}(m, rule);
*/
void ccm_push_write(struct ccm_machine *m, int32_t kind, int32_t cc, int32_t a, int32_t b,
                    int32_t charged, int counter, int32_t body, int32_t rule);

/*@ requires valid: machine_valid(m);
    requires pop: 0 < m->stack_len <= m->stack_cap;
    requires budget: m->steps < m->max_steps;
    assigns m->ccc, m->stack_len, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ensures ctl: ctl_is(m, cc, code, env, num);
    ensures popped: stack_popped{Pre,Post}(m);
    ensures stack_all: stack_keeps{Pre,Post}(m, \old(m->stack_len));
    ensures heap: heap_same{Pre,Post}(m);
    ensures cells: cells_same{Pre,Post}(m);
    ensures costs: costs_same{Pre,Post}(m);
    ensures counted: counted{Pre,Post}(m, rule);
*/
void ccm_pop_write(struct ccm_machine *m, int32_t cc, int32_t code, int32_t env, int64_t num,
                   int32_t rule);

/* the cost-centre stack table (stacks.c; acsl/ccm_stacks.h) */

/* the context every function of the table needs */
#define STK_CTX \
  requires table: stk_valid(m) && stk_sizes(m) && stk_ok(m);
/* the table grows by a node at most, and stays well formed */
#define STK_KEEPS \
  ensures sizes: stk_sizes(m); \
  ensures table: stk_ok(m); \
  ensures grown: \old(m->stk.len) <= m->stk.len;

/* The node (parent, l): found through the index, or added as the next
 * node (and indexed); -1, with nothing written, when it is not there and
 * the table is full. */
/*@ STK_CTX
    requires parent: in_cc(m, parent);
    requires cc: 0 <= l < m->ncc;
    assigns m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
    STK_KEEPS
    ensures found: \result >= 0 ==> stk_interned{Pre,Post}(m, parent, l, \result);
    ensures full: \result < 0 ==> \result == -1 && stk_same{Pre,Post}(m);
*/
int32_t ccm_stack_intern(struct ccm_machine *m, int32_t parent, int32_t l);

/* Push ghc's cut: the nearest node from s towards its root whose cost
 * centre is l, or -1. */
/*@ requires table: stk_valid(m) && stk_sizes(m) && stk_nodes_ok(m);
    requires s: in_cc(m, s);
    requires cc: 0 <= l < m->ncc;
    assigns \nothing;
    ensures result: \result == ghc_cut(m, s, l);
    ensures in_table: \result == -1 || in_cc(m, \result);
*/
int32_t ccm_stack_cut(const struct ccm_machine *m, int32_t s, int32_t l);

/* push(l, s) under the run's push policy (docs/stacks.md section 3); -1,
 * with nothing written, when the new node does not fit. */
/*@ STK_CTX
    requires push: push_ok(m);
    requires s: in_cc(m, s);
    requires cc: 0 <= l < m->ncc;
    assigns m->stk.node[0 .. m->stk.cap - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
    STK_KEEPS
    ensures pushed: \result >= 0 ==> pushed{Pre,Post}(m, l, s, \result) && in_cc(m, \result);
    ensures full: \result < 0 ==> stk_same{Pre,Post}(m);
*/
int32_t ccm_stack_push(struct ccm_machine *m, int32_t l, int32_t s);

/* a ghc call's push, its stores (rows_scc.c): the current stack becomes s */
/*@ requires ctx: row_ctx(m);
    requires pushed: in_cc(m, s);
    assigns m->ccc, m->last_rule;
    ensures row: Row_Call{Pre,Post}(m, s);
*/
void ccm_row_call(struct ccm_machine *m, int32_t s);

/* costs and cost-centre subsumption (costs.c) */

/*@ requires valid: \valid(m) && \valid(m->costs + (0 .. m->stk.cap * CCM_NCOUNTERS - 1));
    requires cc: in_cc(m, cc) && m->stk.len <= m->stk.cap <= CCM_MAX_NODES;
    requires counter: 0 <= counter < CCM_NCOUNTERS;
    requires no_overflow: m->costs[cost_ix(cc, counter)] + amount <= UINT64_MAX;
    assigns m->costs[cost_ix(cc, counter)];
    ensures grown: m->costs[cost_ix(cc, counter)] == \old(m->costs[cost_ix(cc, counter)]) + amount;
*/
void ccm_charge(struct ccm_machine *m, int32_t cc, int counter, uint64_t amount);

/*@ requires valid: \valid_read(m) && \valid_read(m->cc_kind + (0 .. m->ncc - 1)) &&
                    \valid_read(m->stk.node + (0 .. m->stk.cap - 1)) && m->stk.len <= m->stk.cap;
    requires cc: snode_ok(m, ccz);
    assigns \nothing;
    ensures result: \result == sub_cc(m, ccz, cc);
*/
int32_t ccm_sub(const struct ccm_machine *m, int32_t ccz, int32_t cc);

/*@ requires valid: \valid_read(m) && \valid_read(m->cc_kind + (0 .. m->ncc - 1)) &&
                    \valid_read(m->stk.node + (0 .. m->stk.cap - 1)) && m->stk.len <= m->stk.cap;
    requires cc: snode_ok(m, ccz);
    assigns \nothing;
    ensures result: \result == subcaf_cc(m, ccz, cc);
*/
int32_t ccm_subcaf(const struct ccm_machine *m, int32_t ccz, int32_t cc);

/*@ requires ctx: machine_valid(m) && regs_ok(m);
    assigns \nothing;
    ensures result: \result == ctl_int(m);
*/
int64_t ccm_control_int(const struct ccm_machine *m);

/*@ requires ctx: machine_valid(m) && regs_ok(m);
    assigns \nothing;
    ensures result: \result != 0 <==> int_kind(ctl_kind(m));
*/
int ccm_control_is_int(const struct ccm_machine *m);

/* one function per row of docs/semantics.md section 4.  Each states its row as a
 * two-state predicate of acsl/ccm_rows.h.  A row's match, budget, frame and
 * effect are one macro ROW_X, shared with the row's firing from a
 * well-formed state (fire.h): the row itself needs only a small context. */

#define ROW_APP1_PRE \
  requires row: ctl_kind(m) == CCM_APP && in_heap(m, addr); \
  requires budget: m->steps < m->max_steps && m->stack_len < m->stack_cap;
#define ROW_APP1_POST \
  ensures row: Step_App1{Pre,Post}(m, addr);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    ROW_APP1_PRE
    assigns m->stack[m->stack_len], m->stack_len, m->costs[cost_ix(m->ccc, CCM_A)],
            m->ctl_code, m->last_rule, m->steps;
    ROW_APP1_POST
*/
void ccm_row_app1(struct ccm_machine *m, int32_t addr);

#define ROW_APP2_PRE \
  requires row: ctl_kind(m) == CCM_LAM && m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_ARG; \
  requires budget: m->steps < m->max_steps && m->cell_len < m->cell_cap;
#define ROW_APP2_POST \
  ensures row: Step_App2{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m) && top_ok(m) && cells_ok(m);
    ROW_APP2_PRE
    assigns m->cells[m->cell_len], m->cell_len, m->ccc, m->stack_len,
            m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ROW_APP2_POST
*/
void ccm_row_app2(struct ccm_machine *m);

#define ROW_VAR1_PRE \
  requires row: in_heap(m, addr); \
  requires budget: m->steps < m->max_steps;
#define ROW_VAR1_POST \
  ensures row: Step_Var1{Pre,Post}(m, addr);
/*@ requires ctx: row_ctx(m);
    requires obj: obj_ok(m, m->heap[addr]) && cc_kinds_ok(m);
    requires top: snode_ok(m, m->heap[addr].cc);
    ROW_VAR1_PRE
    assigns m->costs[cost_ix(m->ccc, CCM_V)], m->ccc, m->ctl_code, m->ctl_env, m->ctl_num,
            m->last_rule, m->steps;
    ROW_VAR1_POST
*/
void ccm_row_var1(struct ccm_machine *m, int32_t addr);

#define ROW_VAR2_PRE \
  requires row: in_heap(m, addr); \
  requires budget: 0 <= m->steps < m->max_steps && m->stack_len < m->stack_cap;
#define ROW_VAR2_POST \
  ensures row: Step_Var2{Pre,Post}(m, addr);
/*@ requires ctx: row_ctx(m);
    requires obj: obj_ok(m, m->heap[addr]);
    ROW_VAR2_PRE
    assigns m->stack[m->stack_len], m->stack_len, m->heap[addr].hole,
            m->costs[cost_ix(m->ccc, CCM_V)], m->ccc, m->ctl_code, m->ctl_env, m->ctl_num,
            m->last_rule, m->steps;
    ROW_VAR2_POST
*/
void ccm_row_var2(struct ccm_machine *m, int32_t addr);

#define ROW_VAR3_PRE \
  requires row: m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_UPD; \
  requires budget: m->steps < m->max_steps;
#define ROW_VAR3_POST \
  ensures row: Step_Var3{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires top: top_ok(m) && cc_kinds_ok(m);
    requires ccz: snode_ok(m, m->ccc);
    ROW_VAR3_PRE
    assigns m->heap[m->stack[m->stack_len - 1].a], m->costs[cost_ix(m->ccc, CCM_U)],
            m->ccc, m->stack_len, m->last_rule, m->steps;
    ROW_VAR3_POST
*/
void ccm_row_var3(struct ccm_machine *m);

#define ROW_LET_PRE \
  requires row: ctl_kind(m) == CCM_LET; \
  requires budget: 0 <= m->steps < m->max_steps && \
                   m->heap_len + m->code[m->ctl_code].b <= m->heap_cap && \
                   m->cell_len + m->code[m->ctl_code].b <= m->cell_cap;
#define ROW_LET_ASSIGNS \
  assigns m->cells[m->cell_len .. m->cell_cap - 1], m->cell_len, \
          m->heap[m->heap_len .. m->heap_cap - 1], m->heap_len, \
          m->costs[cost_ix(m->ccc, CCM_H)], m->ctl_code, m->ctl_env, m->last_rule, m->steps;
#define ROW_LET_POST \
  ensures row: Step_Let{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    requires cells: cells_ok(m);
    ROW_LET_PRE
    ROW_LET_ASSIGNS
    ROW_LET_POST
*/
void ccm_row_let(struct ccm_machine *m);

#define ROW_CASE1_PRE \
  requires row: ctl_kind(m) == CCM_CASE; \
  requires budget: m->steps < m->max_steps && m->stack_len < m->stack_cap;
#define ROW_CASE1_POST \
  ensures row: Step_Case1{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    ROW_CASE1_PRE
    assigns m->stack[m->stack_len], m->stack_len, m->costs[cost_ix(m->ccc, CCM_C)],
            m->ctl_code, m->last_rule, m->steps;
    ROW_CASE1_POST
*/
void ccm_row_case1(struct ccm_machine *m);

#define ROW_CASE2_PRE \
  requires row: ctl_kind(m) == CCM_CON && m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_CASE; \
  requires alt: in_code(m, alt) && kind_at(m, alt) == CCM_ALT; \
  requires budget: 0 <= m->steps < m->max_steps && m->cell_len + m->code[m->ctl_code].b <= m->cell_cap;
/* every argument of the constructor resolves in its environment */
#define CASE2_ARGS_RESOLVE \
  \forall integer j; m->code[m->ctl_code].c <= j < m->code[m->ctl_code].c + m->code[m->ctl_code].b ==> \
    resolves(m, m->ctl_env, m->code[j].a)
#define ROW_CASE2_BEHAVIORS \
  behavior fires: \
    assumes CASE2_ARGS_RESOLVE; \
    ensures result: \result == CCM_RUNNING; \
    ensures row: Step_Case2{Pre,Post}(m, alt); \
  behavior bad_code: \
    assumes !CASE2_ARGS_RESOLVE; \
    ensures result: \result == CCM_ERR_BAD_CODE; \
    ensures unchanged: Unchanged{Pre,Post}(m); \
  complete behaviors; \
  disjoint behaviors;
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m) && top_ok(m) && cells_ok(m);
    ROW_CASE2_PRE
    assigns m->cells[m->cell_len .. m->cell_cap - 1], m->cell_len, m->ccc, m->stack_len,
            m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ROW_CASE2_BEHAVIORS
*/
int  ccm_row_case2(struct ccm_machine *m, int32_t alt);

#define ROW_CASE2_DEFAULT_PRE \
  requires row: m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_CASE; \
  requires alt: in_code(m, alt) && kind_at(m, alt) == CCM_ALT; \
  requires budget: m->steps < m->max_steps;
#define ROW_CASE2_DEFAULT_POST \
  ensures row: Step_Case2_Default{Pre,Post}(m, alt);
/*@ requires ctx: row_ctx(m);
    requires top: top_ok(m);
    ROW_CASE2_DEFAULT_PRE
    assigns m->ccc, m->stack_len, m->ctl_code, m->ctl_env, m->ctl_num, m->last_rule, m->steps;
    ROW_CASE2_DEFAULT_POST
*/
void ccm_row_case2_default(struct ccm_machine *m, int32_t alt);

#define ROW_SCC_PRE \
  requires row: ctl_kind(m) == CCM_SCC; \
  requires budget: m->steps < m->max_steps;
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    ROW_SCC_PRE
    requires pushed: in_cc(m, s);
    assigns m->costs[cost_ix(s, CCM_ENTRIES)],
            m->costs[cost_ix(m->ccc, CCM_SUBENTRIES)],
            m->ccc, m->ctl_code, m->last_rule, m->steps;
    ensures row: Row_Scc{Pre,Post}(m, s);
*/
void ccm_row_scc(struct ccm_machine *m, int32_t s);

#define ROW_SCC_SUB_PRE \
  requires row: ctl_kind(m) == CCM_SCC_SUB; \
  requires budget: m->steps < m->max_steps;
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    ROW_SCC_SUB_PRE
    requires pushed: in_cc(m, s);
    assigns m->ccc, m->ctl_code, m->last_rule, m->steps;
    ensures row: Row_Scc_Sub{Pre,Post}(m, s);
*/
void ccm_row_scc_sub(struct ccm_machine *m, int32_t s);

#define ROW_PRIM1_PRE \
  requires row: ctl_kind(m) == CCM_PRIM; \
  requires budget: m->steps < m->max_steps && m->stack_len < m->stack_cap;
#define ROW_PRIM1_POST \
  ensures row: Step_Prim1{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    ROW_PRIM1_PRE
    assigns m->stack[m->stack_len], m->stack_len, m->costs[cost_ix(m->ccc, CCM_P)],
            m->ctl_code, m->last_rule, m->steps;
    ROW_PRIM1_POST
*/
void ccm_row_prim1(struct ccm_machine *m);

#define ROW_PRIM2_PRE \
  requires row: int_kind(ctl_kind(m)) && m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_PRIM1; \
  requires budget: m->steps < m->max_steps;
#define ROW_PRIM2_POST \
  ensures row: Step_Prim2{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m) && top_ok(m);
    ROW_PRIM2_PRE
    assigns m->stack[m->stack_len - 1], m->ccc, m->ctl_code, m->ctl_env, m->ctl_num,
            m->last_rule, m->steps;
    ROW_PRIM2_POST
*/
void ccm_row_prim2(struct ccm_machine *m);

#define ROW_PRIM3_PRE \
  requires row: m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_PRIM2; \
  requires budget: m->steps < m->max_steps;
#define ROW_PRIM3_POST \
  ensures row: Step_Prim3{Pre,Post}(m, result, is_bool);
/*@ requires ctx: row_ctx(m);
    requires top: top_ok(m);
    ROW_PRIM3_PRE
    assigns m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->stack_len, m->last_rule, m->steps;
    ROW_PRIM3_POST
*/
void ccm_row_prim3(struct ccm_machine *m, int64_t result, int is_bool);

#define ROW_FORCE_PRE \
  requires row: in_heap(m, addr); \
  requires budget: 0 <= m->steps < m->max_steps && m->stack_len + 2 <= m->stack_cap;
#define ROW_FORCE_POST \
  ensures row: Step_Force{Pre,Post}(m, addr);
/*@ requires ctx: machine_valid(m) && sizes_ok(m);
    ROW_FORCE_PRE
    ROW_FORCE_ASSIGNS
    ROW_FORCE_POST
    ROW_KEEPS
    ensures wf_valid: machine_valid(m);
    ensures wf_sizes: sizes_ok(m);
    ensures wf_kinds: \old(cc_kinds_ok(m)) ==> cc_kinds_ok(m);
    ensures wf_heap: \old(heap_ok(m)) ==> heap_ok(m);
    ensures wf_cells: \old(cells_ok(m)) ==> cells_ok(m);
    ensures wf_stack: \old(stack_ok(m) && regs_ok(m)) ==> stack_ok(m);
    ensures wf_regs: \old(obj_ok(m, m->heap[addr])) ==> regs_ok(m);
    ensures wf_costs: \old(costs_ok(m)) ==> costs_ok(m);
*/
void ccm_row_force(struct ccm_machine *m, int32_t addr);

#define ROW_RESUME_PRE \
  requires row: m->stack_len > 0 && m->stack[m->stack_len - 1].kind == CCM_F_RESUME; \
  requires budget: m->steps < m->max_steps;
#define ROW_RESUME_POST \
  ensures row: Step_Resume{Pre,Post}(m);
/*@ requires ctx: row_ctx(m);
    requires top: top_ok(m);
    ROW_RESUME_PRE
    assigns m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->stack_len, m->last_rule, m->steps;
    ROW_RESUME_POST
*/
void ccm_row_resume(struct ccm_machine *m);

/* primitive arithmetic with every error case decided first (prim.c) */

/* what a primitive gives: a status and, if CCM_RUNNING, its value (a
 * comparison gives 0 or 1, with is_bool 1) */
struct ccm_prim_out {
    int status;
    int is_bool;
    int64_t value;
};

/*@ requires op: 0 <= op < CCM_NOPS;
    assigns \nothing;
    behavior ok:
      assumes prim_ok(op, x, y);
      ensures status: \result.status == CCM_RUNNING;
      ensures value: \result.value == prim_value(op, x, y);
      ensures is_bool: \result.is_bool == (op >= CCM_EQ ? 1 : 0);
    behavior div_zero:
      assumes (op == CCM_DIV || op == CCM_MOD) && y == 0;
      ensures status: \result.status == CCM_ERR_DIV_ZERO;
    behavior overflow:
      assumes !prim_ok(op, x, y) && !((op == CCM_DIV || op == CCM_MOD) && y == 0);
      ensures status: \result.status == CCM_ERR_OVERFLOW;
    complete behaviors;
    disjoint behaviors;
*/
struct ccm_prim_out ccm_prim_apply(int op, int64_t x, int64_t y);

#endif
