/* ccm_state.h -- observers and memory layout of a machine state (ACSL).
 * Included by kernel/ccm.h under __FRAMAC__ only: the C compiler never sees it. */
#ifndef CCM_ACSL_STATE_H
#define CCM_ACSL_STATE_H

/*@
  // index of counter k of cost centre cc in m->costs
  logic integer cost_ix(integer cc, integer k) = cc * CCM_NCOUNTERS + k;

  predicate in_code{L}(struct ccm_machine *m, integer i) = 0 <= i < m->ncode;
  // a cost-centre stack: a node of the stack table in use
  predicate in_cc{L}(struct ccm_machine *m, integer cc) = 0 <= cc < m->stk.len;
  predicate in_heap{L}(struct ccm_machine *m, integer x) = 0 <= x < m->heap_len;
  // an environment: a cell index or CCM_NIL
  predicate is_env{L}(struct ccm_machine *m, integer e) = CCM_NIL <= e < m->cell_len;

  logic integer kind_at{L}(struct ccm_machine *m, integer i) = m->code[i].kind;
  logic integer ctl_kind{L}(struct ccm_machine *m) = m->code[m->ctl_code].kind;

  predicate value_kind(integer k) =
    k == CCM_LAM || k == CCM_CON || k == CCM_LIT || k == CCM_INTVAL;
  predicate int_kind(integer k) = k == CCM_LIT || k == CCM_INTVAL;

  // the stack table's two arrays are valid and apart from the machine and
  // from each other (they hold uint32_t only, which no other array of the
  // machine does: WP's typed model keeps them apart from the others
  // without a hypothesis)
  predicate stk_valid{L}(struct ccm_machine *m) =
    \valid(m) &&
    \valid(m->stk.node + (0 .. m->stk.cap - 1)) && \valid(m->stk.slot + (0 .. m->stk.nslot - 1)) &&
    \base_addr(m) != \base_addr(m->stk.node) && \base_addr(m) != \base_addr(m->stk.slot) &&
    \base_addr(m->stk.node) != \base_addr(m->stk.slot);

  // every array the kernel touches is valid, and the machine and its seven
  // arrays are distinct allocations (so no two overlap)
  predicate machine_valid{L}(struct ccm_machine *m) =
    \valid(m) && stk_valid(m) &&
    0 <= m->ncode && 0 <= m->ncc && 0 <= m->heap_cap && 0 <= m->cell_cap && 0 <= m->stack_cap &&
    \valid_read(m->code + (0 .. m->ncode - 1)) &&
    \valid_read(m->cc_kind + (0 .. m->ncc - 1)) &&
    \valid(m->heap + (0 .. m->heap_cap - 1)) &&
    \valid(m->cells + (0 .. m->cell_cap - 1)) &&
    \valid(m->stack + (0 .. m->stack_cap - 1)) &&
    \valid(m->costs + (0 .. m->stk.cap * CCM_NCOUNTERS - 1)) &&
    \base_addr(m) != \base_addr(m->code) && \base_addr(m) != \base_addr(m->cc_kind) &&
    \base_addr(m) != \base_addr(m->heap) && \base_addr(m) != \base_addr(m->cells) &&
    \base_addr(m) != \base_addr(m->stack) && \base_addr(m) != \base_addr(m->costs) &&
    \base_addr(m->code) != \base_addr(m->heap) && \base_addr(m->code) != \base_addr(m->cells) &&
    \base_addr(m->code) != \base_addr(m->stack) && \base_addr(m->code) != \base_addr(m->costs) &&
    \base_addr(m->cc_kind) != \base_addr(m->heap) && \base_addr(m->cc_kind) != \base_addr(m->cells) &&
    \base_addr(m->cc_kind) != \base_addr(m->stack) && \base_addr(m->cc_kind) != \base_addr(m->costs) &&
    \base_addr(m->heap) != \base_addr(m->cells) && \base_addr(m->heap) != \base_addr(m->stack) &&
    \base_addr(m->heap) != \base_addr(m->costs) && \base_addr(m->cells) != \base_addr(m->stack) &&
    \base_addr(m->cells) != \base_addr(m->costs) && \base_addr(m->stack) != \base_addr(m->costs);
*/
#endif
