/* step_parts.h -- the dispatcher in pieces: one function per control kind
 * (step_control.c) and one per top frame under a value (step_value.c).
 *
 * Each piece requires the kind it handles and lists, as ccm_step does, the
 * behaviors of acsl/ccm_step.h that a state of that kind can take.  WP
 * proves each piece against its rows' contracts in a small context, and
 * ccm_step (a switch over the control kind) from the pieces' contracts: the
 * same behavior macros on both sides, so each of ccm_step's goals is a
 * callee's postcondition restated.  One function holding every path made
 * each behavior a goal with about 40 path parts, beyond the provers.
 *
 * A refusal's `unchanged` is one goal over all the paths of its piece, the
 * firing's included, where the firing's whole postcondition is a
 * hypothesis.  Where that was slow (6-12 s), the firing path says before
 * its call that it is none of the refusals' (`for B: assert
 * refused_elsewhere: \false`, proven by Qed from the tests on the path),
 * and their goals on it are then immediate (docs/proofs.md). */
#ifndef CCM_STEP_PARTS_H
#define CCM_STEP_PARTS_H
#include "fire.h"

/* ---- control is not a value (step_control.c) ---- */

/*@ STEP_PIECE(STEP_KIND(m) == CCM_VAR,
      B_VAR1 B_VAR2 B_BLACK_HOLE B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_STACK) */
int ccm_step_var(struct ccm_machine *m);

/* The variable names a heap object that is not a hole, and a step is left:
 * var1 if it is a value, else var2 if the stack has room.  One firing per
 * function: with the refusals and both firings in ccm_step_var, each of its
 * wf goals took the provers 20-50 s (30 s timeouts cold); apart, each
 * function passes its one firing's wf on.  in_heap(m, addr) follows from
 * VAR_OK and addr == var_addr(m) through cells_ok; it is required as well
 * so that the firings' preconditions need no lookup in wf. */
/*@ STEP_PIECE(VAR_OK(m) && HAS_STEP(m) && addr == var_addr(m) && in_heap(m, addr),
      B_VAR1 B_VAR2 B_OUT_OF_STACK) */
int ccm_step_var_enter(struct ccm_machine *m, int32_t addr);

/*@ STEP_PIECE(VAR_OK(m) && HAS_STEP(m) && !VAR_IS_VALUE(m) && addr == var_addr(m) && in_heap(m, addr),
      B_VAR2 B_OUT_OF_STACK) */
int ccm_step_var_thunk(struct ccm_machine *m, int32_t addr);

/*@ STEP_PIECE(STEP_KIND(m) == CCM_APP,
      B_APP1 B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_STACK) */
int ccm_step_app(struct ccm_machine *m);

/*@ STEP_PIECE(STEP_KIND(m) == CCM_LET,
      B_LET B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_step_let(struct ccm_machine *m);

/*@ STEP_PIECE(STEP_KIND(m) == CCM_CASE,
      B_CASE1 B_OUT_OF_STEPS B_OUT_OF_STACK) */
int ccm_step_case(struct ccm_machine *m);

/* (ccm_step's frame with the stack table: scc may add a node) */
/*@ STEP_PIECE(STEP_KIND(m) == CCM_SCC, STACKS_ASSIGNS
      B_SCC B_OUT_OF_STEPS) */
int ccm_step_scc(struct ccm_machine *m);

/*@ STEP_PIECE(STEP_KIND(m) == CCM_SCC_SUB, STACKS_ASSIGNS
      B_SCC_SUB B_OUT_OF_STEPS) */
int ccm_step_scc_sub(struct ccm_machine *m);

/*@ STEP_PIECE(STEP_KIND(m) == CCM_PRIM,
      B_PRIM1 B_OUT_OF_STEPS B_OUT_OF_STACK) */
int ccm_step_prim(struct ccm_machine *m);

/* ---- control is a value: the top frame decides (step_value.c) ---- */

/*@ STEP_PIECE(CTL_VALUE(m),
      B_FINAL B_APP2 B_NOT_A_FUNCTION B_VAR3 B_CASE2 B_CASE2_DEFAULT B_NO_ALTERNATIVE B_PRIM2 B_PRIM3 B_TYPE_ERROR B_DIV_ZERO B_OVERFLOW B_RESUME B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_step_value(struct ccm_machine *m);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_ARG),
      B_APP2 B_NOT_A_FUNCTION B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_value_arg(struct ccm_machine *m);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_UPD),
      B_VAR3 B_OUT_OF_STEPS) */
int ccm_value_upd(struct ccm_machine *m);

/* The alternative case2 takes, searched in a context of its own (the
 * search's goals drown in wf's quantifiers otherwise). */
/*@ requires ctx: machine_valid(m) && sizes_ok(m) && regs_ok(m) && m->ncode <= CCM_MAX_CODE;
    requires frame: top_ok(m) && top(m).kind == CCM_F_CASE;
    requires alts: node_ok(m->code, m->ncode, m->ncc, top(m).a);
    assigns \nothing;
    ensures result: \result == case_alt(m);
    ensures found: \result == -1 || (in_code(m, \result) && kind_at(m, \result) == CCM_ALT);
    ensures tag: \result >= 0 ==> m->code[\result].a == scrut_tag(m) || m->code[\result].a == CCM_DEFAULT_TAG;
*/
int32_t ccm_case_alt(const struct ccm_machine *m);

/* Whether every argument of the constructor in control resolves in its
 * environment (case2 refuses as bad code otherwise), checked before the row
 * fires so that the firing has one outcome.  Stated twice: as the steps'
 * case2_args, and as the row's text of it (CASE2_ARGS_RESOLVE), so that the
 * piece need not match the two (they differ in ctl_b) in its own context. */
/*@ requires ctx: machine_valid(m) && sizes_ok(m) && cells_ok(m) && regs_ok(m);
    requires con: ctl_node_ok(m) && ctl_kind(m) == CCM_CON;
    assigns \nothing;
    ensures args: \result != 0 <==> case2_args(m);
    ensures row_args: \result != 0 <==> (CASE2_ARGS_RESOLVE);
*/
int ccm_case2_args(const struct ccm_machine *m);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_CASE),
      B_CASE2 B_CASE2_DEFAULT B_NO_ALTERNATIVE B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_value_case(struct ccm_machine *m);

/* An alternative was found: case2 takes it (each of ccm_value_case and this
 * function joins two paths; with all three paths in one function, its
 * stack_ok goal ran the provers out of memory).  The alternative's facts are
 * ccm_case_alt's postcondition, restated (the provers cannot get them from
 * case_alt's recursive definition) */
/*@ STEP_PIECE(ON_FRAME(m, CCM_F_CASE) && alt == case_alt(m) && alt >= 0 && in_code(m, alt) &&
                kind_at(m, alt) == CCM_ALT &&
                (m->code[alt].a == scrut_tag(m) || m->code[alt].a == CCM_DEFAULT_TAG),
      B_CASE2 B_CASE2_DEFAULT B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_value_case_found(struct ccm_machine *m, int32_t alt);

/* what ccm_case_alt ensures of the alternative it found, restated (a
 * conjunction to append with &&: unparenthesized, so that the contracts read
 * as they were proven) */
#define ALT_FACTS(m, alt) alt == case_alt(m) && in_code(m, alt) && kind_at(m, alt) == CCM_ALT && \
                          (m->code[alt].a == scrut_tag(m) || m->code[alt].a == CCM_DEFAULT_TAG)
/* case2 in two halves, by the alternative found: the default, or the
 * constructor's own (with both firings in one function, its wf goals time
 * out).  Same restated facts as ccm_value_case_found */
/*@ STEP_PIECE(ALT_DEFAULT(m) && ALT_FACTS(m, alt),
      B_CASE2_DEFAULT B_OUT_OF_STEPS) */
int ccm_value_case_default(struct ccm_machine *m, int32_t alt);

/*@ STEP_PIECE(ALT_CON(m) && ALT_FACTS(m, alt),
      B_CASE2 B_BAD_CODE B_OUT_OF_STEPS B_OUT_OF_HEAP) */
int ccm_value_case_con(struct ccm_machine *m, int32_t alt);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_PRIM1),
      B_PRIM2 B_TYPE_ERROR B_OUT_OF_STEPS) */
int ccm_value_prim1(struct ccm_machine *m);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_PRIM2),
      B_PRIM3 B_TYPE_ERROR B_DIV_ZERO B_OVERFLOW B_OUT_OF_STEPS) */
int ccm_value_prim2(struct ccm_machine *m);

/*@ STEP_PIECE(ON_FRAME(m, CCM_F_RESUME),
      B_RESUME B_OUT_OF_STEPS) */
int ccm_value_resume(struct ccm_machine *m);

#endif
