/* ccm_wf.h -- the well-formedness of a machine state, preserved by every
 * transition: sizes and capacities, a well-formed code array, every heap
 * object, cell and frame pointing inside its array, the current cost centre
 * and the control valid, counters bounded. */
#ifndef CCM_ACSL_WF_H
#define CCM_ACSL_WF_H
#include "ccm_state.h"
#include "ccm_code.h"
#include "ccm_stacks.h"

/*@
  predicate sizes_ok{L}(struct ccm_machine *m) =
    0 <= m->heap_len  <= m->heap_cap  <= CCM_MAX_CAP &&
    0 <= m->cell_len  <= m->cell_cap  <= CCM_MAX_CAP &&
    0 <= m->stack_len <= m->stack_cap <= CCM_MAX_CAP &&
    m->steps <= m->max_steps <= CCM_MAX_STEPS &&
    stk_sizes(m);

  predicate cc_kinds_ok{L}(struct ccm_machine *m) =
    \forall integer c; 0 <= c < m->ncc ==> CCM_CC_PLAIN <= m->cc_kind[c] <= CCM_CC_CAF;

  predicate obj_ok{L}(struct ccm_machine *m, struct ccm_obj o) =
    in_code(m, o.code) && is_env(m, o.env) && in_cc(m, o.cc);

  predicate heap_ok{L}(struct ccm_machine *m) =
    \forall integer x; 0 <= x < m->heap_len ==> obj_ok(m, m->heap[x]);

  // a cell binds a heap address and points to an OLDER cell: chains end
  predicate cells_ok{L}(struct ccm_machine *m) =
    \forall integer c; 0 <= c < m->cell_len ==>
      in_heap(m, m->cells[c].addr) && CCM_NIL <= m->cells[c].next < c;

  predicate frame_ok{L}(struct ccm_machine *m, struct ccm_frame f) =
    in_cc(m, f.cc) &&
    (f.kind == CCM_F_ARG    ==> in_heap(m, f.a)) &&
    (f.kind == CCM_F_UPD    ==> in_heap(m, f.a)) &&
    (f.kind == CCM_F_CASE   ==> in_code(m, f.a) && m->code[f.a].kind == CCM_CASE && is_env(m, f.b)) &&
    (f.kind == CCM_F_PRIM1  ==> in_code(m, f.a) && m->code[f.a].kind == CCM_PRIM && is_env(m, f.b)) &&
    (f.kind == CCM_F_PRIM2  ==> in_code(m, f.a) && m->code[f.a].kind == CCM_PRIM) &&
    (f.kind == CCM_F_RESUME ==> in_code(m, f.a) && is_env(m, f.b));

  predicate stack_ok{L}(struct ccm_machine *m) =
    \forall integer j; 0 <= j < m->stack_len ==> frame_ok(m, m->stack[j]);

  predicate regs_ok{L}(struct ccm_machine *m) =
    in_cc(m, m->ccc) && in_code(m, m->ctl_code) && is_env(m, m->ctl_env);

  // every counter grows by 1 per step, except H which grows by one per
  // heap object allocated: so no counter exceeds steps + heap_len
  predicate costs_ok{L}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < m->stk.cap * CCM_NCOUNTERS ==> m->costs[i] <= m->steps + m->heap_len;

  // the run's options are named values (the rows test them against one
  // value each, so any other would silently mean one of the two); ccm_init
  // refuses any other.  They are uint8_t fields (kernel/ccm.h), the only
  // ones of that type: WP's typed memory model keeps them in a memory of
  // their own that no transition writes, so this part of wf is kept by a
  // frame argument of a fraction of a second (as int32_t fields, beside the
  // heap's, the same goal took 10-60 s in a firing, or timed out)
  predicate push_ok{L}(struct ccm_machine *m) =
    m->push == CCM_PUSH_SINGLE || m->push == CCM_PUSH_APPEND || m->push == CCM_PUSH_GHC;

  predicate options_ok{L}(struct ccm_machine *m) =
    (m->rules == CCM_RULES_FIG6 || m->rules == CCM_RULES_FIG2) &&
    (m->scoping == CCM_LEXICAL || m->scoping == CCM_EVALUATION || m->scoping == CCM_CALL_GHC) &&
    (m->order == CCM_LEFT_TO_RIGHT || m->order == CCM_RIGHT_TO_LEFT) && push_ok(m);

  // wf but the options: what a row firing (kernel/fire.h) requires.  A
  // firing reads the options but needs no fact about them, and with
  // options_ok in its context two of its goals went from 40-51 s to over
  // 120 s (the provers' search is that fragile); its callers, which do need
  // them, get options_ok from the firing's frame.
  predicate wf_but_options{L}(struct ccm_machine *m) =
    machine_valid(m) && code_wf(m->code, m->ncode, m->ncc) && cc_kinds_ok(m) &&
    sizes_ok(m) && heap_ok(m) && cells_ok(m) && stack_ok(m) && regs_ok(m) && costs_ok(m) && stk_ok(m);

  predicate wf{L}(struct ccm_machine *m) = wf_but_options(m) && options_ok(m);
*/


/*@
  axiomatic ConfigFrame {
    // The configuration, which no transition writes: the code (its address,
    // size and nodes) and the number of cost centres, from state A to B.
    // (The options need no predicate here: see options_ok.)
    // One predicate per node field (and one for the scalars), each the
    // postcondition of a row firing (kernel/fire.h): each a goal of well
    // under a second, where their conjunction as one goal takes 25-40 s.
    predicate config_scalars{A,B}(struct ccm_machine *m) =
      \at(m->code, B) == \at(m->code, A) && \at(m->ncode, B) == \at(m->ncode, A) &&
      \at(m->ncc, B) == \at(m->ncc, A);
    predicate config_kind{A,B}(struct ccm_machine *m) =
      \forall integer i; 0 <= i < \at(m->ncode, A) ==> \at(m->code[i].kind, B) == \at(m->code[i].kind, A);
    predicate config_a{A,B}(struct ccm_machine *m) =
      \forall integer i; 0 <= i < \at(m->ncode, A) ==> \at(m->code[i].a, B) == \at(m->code[i].a, A);
    predicate config_b{A,B}(struct ccm_machine *m) =
      \forall integer i; 0 <= i < \at(m->ncode, A) ==> \at(m->code[i].b, B) == \at(m->code[i].b, A);
    predicate config_c{A,B}(struct ccm_machine *m) =
      \forall integer i; 0 <= i < \at(m->ncode, A) ==> \at(m->code[i].c, B) == \at(m->code[i].c, A);
    predicate config_lit{A,B}(struct ccm_machine *m) =
      \forall integer i; 0 <= i < \at(m->ncode, A) ==> \at(m->code[i].lit, B) == \at(m->code[i].lit, A);

    // the six together are code_same (acsl/ccm_code.h) of the code in A
    lemma config_code_same{A,B}: \forall struct ccm_machine *m;
      config_scalars{A,B}(m) ==> config_kind{A,B}(m) ==> config_a{A,B}(m) ==> config_b{A,B}(m) ==>
      config_c{A,B}(m) ==> config_lit{A,B}(m) ==>
      code_same{A,B}(\at(m->code, A), \at(m->ncode, A));

    // a transition keeps the configuration, so it keeps code_wf (proven by
    // WP from the lemma above and code_wf_frame); the premises are the
    // firing's postconditions as they are, so a prover instantiates this
    // on the code_wf terms without proving anything to get there
    lemma wf_code_frame{A,B}: \forall struct ccm_machine *m;
      config_scalars{A,B}(m) ==> config_kind{A,B}(m) ==> config_a{A,B}(m) ==> config_b{A,B}(m) ==>
      config_c{A,B}(m) ==> config_lit{A,B}(m) ==>
      code_wf{A}(\at(m->code, A), \at(m->ncode, A), \at(m->ncc, A)) ==>
      code_wf{B}(\at(m->code, B), \at(m->ncode, B), \at(m->ncc, B));
  }
*/

/* wf(m) as separate named postconditions: one goal per part, so that the
 * provers never face the whole predicate at once.  A row firing
 * (kernel/fire.h) proves the state's parts and that the configuration is
 * as it was; the dispatcher's pieces get code_wf from that by the lemma
 * wf_code_frame (in WP's typed pass: the lemma carries the memory typing
 * hypotheses that the -wp-simplify-type pass drops from goals),
 * options_ok by the frame (see options_ok), and pass wf on. */
#define CCM_ENSURES_WF \
  ensures wf_code:  code_wf(m->code, m->ncode, m->ncc); \
  ensures wf_options: options_ok(m); \
  CCM_ENSURES_WF_STATE
/* the parts of wf about the state (not the configuration: the code and the
 * options, which no transition writes) */
#define CCM_ENSURES_WF_STATE \
  ensures wf_valid: machine_valid(m); \
  ensures wf_kinds: cc_kinds_ok(m); \
  ensures wf_sizes: sizes_ok(m); \
  ensures wf_heap:  heap_ok(m); \
  ensures wf_cells: cells_ok(m); \
  ensures wf_stack: stack_ok(m); \
  ensures wf_regs:  regs_ok(m); \
  ensures wf_costs: costs_ok(m); \
  ensures wf_stk:   stk_ok(m);
/*@
  // The local context a row function relies on: the arrays, the sizes,
  // the registers and the counter bound of wf, without the global
  // quantified parts (the provers are lost in those); each row adds the
  // one node / frame / object fact it reads.
  predicate row_ctx{L}(struct ccm_machine *m) =
    machine_valid(m) && sizes_ok(m) && regs_ok(m) && costs_ok(m) &&
    1 <= m->ncc <= CCM_MAX_CC && m->ncode <= CCM_MAX_CODE;

  predicate ctl_node_ok{L}(struct ccm_machine *m) = node_ok(m->code, m->ncode, m->ncc, m->ctl_code);
  predicate top_ok{L}(struct ccm_machine *m) =
    m->stack_len > 0 && frame_ok(m, m->stack[m->stack_len - 1]);

*/
#endif
