/* ccm_init.h -- what ccm_init needs of the caller and of the program. */
#ifndef CCM_ACSL_INIT_H
#define CCM_ACSL_INIT_H
#include "ccm_wf.h"

/*@
  // the program's arrays are readable
  predicate program_valid{L}(struct ccm_program *p) =
    \valid_read(p) &&
    \valid_read(p->code + (0 .. p->ncode - 1)) && \valid_read(p->cc_kind + (0 .. p->ncc - 1)) &&
    \valid_read(p->top_code + (0 .. p->ntop - 1)) && \valid_read(p->top_cc + (0 .. p->ntop - 1));

  // the caller's arrays for m: valid for their capacities, every capacity
  // within the kernel's limit, and no two of them (nor the program's code
  // and cost-centre kinds, which m will point to) in one allocation
  predicate init_arrays{L}(struct ccm_machine *m, struct ccm_program *p) =
    \valid(m) &&
    0 <= m->heap_cap <= CCM_MAX_CAP && 0 <= m->cell_cap <= CCM_MAX_CAP &&
    0 <= m->stack_cap <= CCM_MAX_CAP &&
    \valid(m->heap + (0 .. m->heap_cap - 1)) && \valid(m->cells + (0 .. m->cell_cap - 1)) &&
    \valid(m->stack + (0 .. m->stack_cap - 1)) &&
    \valid(m->costs + (0 .. m->stk.cap * CCM_NCOUNTERS - 1)) && stk_valid(m) &&
    \base_addr(m) != \base_addr(p->code) && \base_addr(m) != \base_addr(p->cc_kind) &&
    \base_addr(m) != \base_addr(m->heap) && \base_addr(m) != \base_addr(m->cells) &&
    \base_addr(m) != \base_addr(m->stack) && \base_addr(m) != \base_addr(m->costs) &&
    \base_addr(p->code) != \base_addr(m->heap) && \base_addr(p->code) != \base_addr(m->cells) &&
    \base_addr(p->code) != \base_addr(m->stack) && \base_addr(p->code) != \base_addr(m->costs) &&
    \base_addr(p->cc_kind) != \base_addr(m->heap) && \base_addr(p->cc_kind) != \base_addr(m->cells) &&
    \base_addr(p->cc_kind) != \base_addr(m->stack) && \base_addr(p->cc_kind) != \base_addr(m->costs) &&
    \base_addr(m->heap) != \base_addr(m->cells) && \base_addr(m->heap) != \base_addr(m->stack) &&
    \base_addr(m->heap) != \base_addr(m->costs) && \base_addr(m->cells) != \base_addr(m->stack) &&
    \base_addr(m->cells) != \base_addr(m->costs) && \base_addr(m->stack) != \base_addr(m->costs) &&
    // what ccm_init writes is apart from what it reads
    \separated(m, p) &&
    \separated(m->heap + (0 .. m->heap_cap - 1), p, p->top_code + (0 .. p->ntop - 1), p->top_cc + (0 .. p->ntop - 1)) &&
    \separated(m->costs + (0 .. m->stk.cap * CCM_NCOUNTERS - 1), p) &&
    \separated(m, p->top_code + (0 .. p->ntop - 1), p->top_cc + (0 .. p->ntop - 1));

  // the program can be laid out: well-formed code, main a variable, every
  // top-level binding's code and cost centre in range
  predicate program_ok{L}(struct ccm_program *p) =
    code_wf(p->code, p->ncode, p->ncc) &&
    0 <= p->entry < p->ncode && p->code[p->entry].kind == CCM_VAR && p->ntop >= 1 &&
    (\forall integer c; 0 <= c < p->ncc ==> CCM_CC_PLAIN <= p->cc_kind[c] <= CCM_CC_CAF) &&
    (\forall integer x; 0 <= x < p->ntop ==> 0 <= p->top_code[x] < p->ncode && 0 <= p->top_cc[x] < p->ncc);

  // the stack table's shape: within the limits, its index bigger than it
  predicate table_ok{L}(struct ccm_machine *m) =
    m->stk.cap <= CCM_MAX_NODES && m->stk.cap < m->stk.nslot <= CCM_MAX_SLOTS;

  // the stack table as ccm_init lays it: the n roots, an empty index
  predicate stk_laid{L}(struct ccm_machine *m, integer n) =
    m->stk.len == n &&
    (\forall integer s; 0 <= s < n ==> m->stk.node[s].up == 0 && m->stk.node[s].cc == s) &&
    (\forall integer i; 0 <= i < m->stk.nslot ==> m->stk.slot[i] == 0);
*/

/* ccm_init's cases: the program, options and table are good; they fit */
#define INIT_OK(m, p)   (program_ok(p) && options_ok(m) && table_ok(m))
#define INIT_ROOM(m, p) ((p)->ntop <= (m)->heap_cap && (p)->ncc <= (m)->stk.cap)
#define INIT_FITS(m, p) (INIT_OK(m, p) && INIT_ROOM(m, p))

/* The state ccm_init lays (its behavior `laid`, and init_lay that does the
 * writes): the program's code and cost centres, the parts of wf about the
 * state, the initial registers, the top-level objects, zero counters, the
 * budget clamped.  The two parts of wf about the configuration, code_wf and
 * options_ok, are not here: init_lay writes neither, and ccm_init states
 * them itself (code_wf from init_lay's field-by-field frame of the nodes). */
#define CCM_INIT_LAID \
  ensures config: m->code == \old(p->code) && m->ncode == \old(p->ncode) && \
                  m->cc_kind == \old(p->cc_kind) && m->ncc == \old(p->ncc); \
  CCM_ENSURES_WF_STATE \
  ensures initial: ctl_is(m, CCM_CC_MAIN, \old(p->entry), CCM_NIL, 0) && m->steps == 0 && \
                   m->last_rule == CCM_R_NONE && m->stack_len == 0 && m->cell_len == 0; \
  ensures heap_len: m->heap_len == \old(p->ntop); \
  ensures stacks: stk_laid(m, \old(p->ncc)); \
  ensures heap_code: \forall integer x; 0 <= x < \old(p->ntop) ==> m->heap[x].code == \old(p->top_code[x]); \
  ensures heap_env: \forall integer x; 0 <= x < \old(p->ntop) ==> m->heap[x].env == CCM_NIL; \
  ensures heap_cc: \forall integer x; 0 <= x < \old(p->ntop) ==> m->heap[x].cc == \old(p->top_cc[x]); \
  ensures heap_hole: \forall integer x; 0 <= x < \old(p->ntop) ==> m->heap[x].hole == 0; \
  ensures heap_num: \forall integer x; 0 <= x < \old(p->ntop) ==> m->heap[x].num == 0; \
  ensures costs: \forall integer i; 0 <= i < m->stk.cap * CCM_NCOUNTERS ==> m->costs[i] == 0; \
  ensures clamp: m->max_steps == (\old(m->max_steps) > CCM_MAX_STEPS ? CCM_MAX_STEPS : \old(m->max_steps));

/*@
  // ccm_init keeps the program's nodes: one predicate per field (each a
  // postcondition of init_lay, kernel/init.c: a goal of a second, where
  // code_same as one goal times out), and the lemmas that carry code_wf
  // over, as ConfigFrame (acsl/ccm_wf.h) does for a transition.  In an
  // axiomatic block: WP adds the lemmas only to goals that use these
  // predicates.
  axiomatic InitFrame {
    predicate kept_kind{A,B}(struct ccm_node *code, integer n) =
      \forall integer i; 0 <= i < n ==> \at(code[i].kind, A) == \at(code[i].kind, B);
    predicate kept_a{A,B}(struct ccm_node *code, integer n) =
      \forall integer i; 0 <= i < n ==> \at(code[i].a, A) == \at(code[i].a, B);
    predicate kept_b{A,B}(struct ccm_node *code, integer n) =
      \forall integer i; 0 <= i < n ==> \at(code[i].b, A) == \at(code[i].b, B);
    predicate kept_c{A,B}(struct ccm_node *code, integer n) =
      \forall integer i; 0 <= i < n ==> \at(code[i].c, A) == \at(code[i].c, B);
    predicate kept_lit{A,B}(struct ccm_node *code, integer n) =
      \forall integer i; 0 <= i < n ==> \at(code[i].lit, A) == \at(code[i].lit, B);

    // the five together are code_same (acsl/ccm_code.h)
    lemma kept_code_same{A,B}: \forall struct ccm_node *code, integer n;
      kept_kind{A,B}(code, n) ==> kept_a{A,B}(code, n) ==> kept_b{A,B}(code, n) ==>
      kept_c{A,B}(code, n) ==> kept_lit{A,B}(code, n) ==> code_same{A,B}(code, n);

    // so nodes kept keep code_wf (from code_wf_frame)
    lemma kept_code_wf{A,B}: \forall struct ccm_node *code, integer n, ncc;
      kept_kind{A,B}(code, n) ==> kept_a{A,B}(code, n) ==> kept_b{A,B}(code, n) ==>
      kept_c{A,B}(code, n) ==> kept_lit{A,B}(code, n) ==>
      code_wf{A}(code, n, ncc) ==> code_wf{B}(code, n, ncc);
  }
*/
#endif
