/* fire.h -- a row fired from a well-formed state keeps it well formed.
 *
 * One function per row: it requires wf but the options (instead of the
 * small context the row function needs) and the row's match and budget
 * (ROW_X_PRE, kernel_internal.h), fires the row, and ensures the row's effect
 * (ROW_X_POST), every part of wf about the state, and that the
 * configuration (the code and the number of cost centres) is as it was;
 * the caller gets code_wf from that (acsl/ccm_wf.h, wf_code_frame) and
 * options_ok from its frame (the options are not in it).
 * The dispatcher's pieces (step_parts.h) fire rows through these, so that
 * each piece passes wf on from its callee instead of proving, through two
 * rows' frames at once, that it holds after either.
 *
 * Why a layer of its own: wf after a row is a frame argument (every array
 * element the row does not assign is as it was) over wf's quantified parts.
 * In one call's context the provers do it in seconds; inside a piece, with a
 * lookup and a second row on another path, they time out (docs/proofs.md). */
/* A firing's frame is ccm_step's (STEP_ASSIGNS), not its row's: the pieces
 * then check their calls' frames syntactically (the row's frame, checked
 * in a piece's context with every wf fact of the firing, timed out even at
 * 180 s).  Force keeps its row's frame, which is also ccm_force's. */
#ifndef CCM_FIRE_H
#define CCM_FIRE_H
#include "kernel_internal.h"   /* the rows, and under Frama-C ccm_keeps.h */

/* the contract of a firing of row X: wf (but the options: acsl/ccm_wf.h,
 * wf_but_options) and the row's match and budget, ccm_step's frame, the
 * row, and wf kept */
#define FIRING(X) \
  requires wf: wf_but_options(m); \
  ROW_##X##_PRE \
  STEP_ASSIGNS \
  ROW_##X##_POST \
  FIRE_KEEPS_WF

/* the firing of a row that pushes a stack first (scc, scc_sub;
 * kernel/stacks.c): it fires (its row predicate STEP), or refuses with
 * nothing written when the stack table is full */
#define FIRING_PUSH(X, STEP) \
  requires wf: wf_but_options(m); \
  requires push: push_ok(m); \
  ROW_##X##_PRE \
  STEP_ASSIGNS \
  STACKS_ASSIGNS \
  FIRES_OR_FULL(STEP{Pre,Post}(m)) \
  ensures progress: \result == CCM_RUNNING ==> m->steps == \old(m->steps) + 1; \
  FIRE_KEEPS

/* what every firing ensures besides its row */
#define FIRE_KEEPS_CONFIG \
  ensures config: config_scalars{Pre,Post}(m); \
  ensures config_kind: config_kind{Pre,Post}(m); \
  ensures config_a: config_a{Pre,Post}(m); \
  ensures config_b: config_b{Pre,Post}(m); \
  ensures config_c: config_c{Pre,Post}(m); \
  ensures config_lit: config_lit{Pre,Post}(m);
/* the configuration and every part of wf about the state */
#define FIRE_KEEPS \
  FIRE_KEEPS_CONFIG \
  CCM_ENSURES_WF_STATE
/* ... and a step counted */
#define FIRE_KEEPS_WF \
  ensures progress: m->steps == \old(m->steps) + 1; \
  FIRE_KEEPS

/*@ FIRING(APP1) */
void ccm_fire_app1(struct ccm_machine *m, int32_t addr);

/*@ FIRING(APP2) */
void ccm_fire_app2(struct ccm_machine *m);

/*@ FIRING(VAR1) */
void ccm_fire_var1(struct ccm_machine *m, int32_t addr);

/*@ FIRING(VAR2) */
void ccm_fire_var2(struct ccm_machine *m, int32_t addr);

/*@ FIRING(VAR3) */
void ccm_fire_var3(struct ccm_machine *m);

/* The code of let's new heap objects is in the code: each binding's
 * right-hand side (a BIND node's, by node_ok).  In a function of its own:
 * in ccm_fire_let's context the provers did not find the instance of node_ok
 * this needs, or, given it, timed out on wf_stack. */
/*@ requires nodes: \forall integer j; 0 <= j < m->ncode ==> node_ok(m->code, m->ncode, m->ncc, j);
    requires run: run_of(m->code, m->ncode, m->code[m->ctl_code].a, m->code[m->ctl_code].b, CCM_BIND);
    assigns \nothing;
    ensures binds: \forall integer j; m->code[m->ctl_code].a <= j < m->code[m->ctl_code].a + m->code[m->ctl_code].b ==>
                     0 <= m->code[j].a < m->ncode;
*/
void let_binds_in_code(const struct ccm_machine *m);

/*@ FIRING(LET) */
void ccm_fire_let(struct ccm_machine *m);

/*@ FIRING(CASE1) */
void ccm_fire_case1(struct ccm_machine *m);

/* case2 fires only once every argument resolves (ccm_case2_args checked
 * it): then the row cannot refuse, and the firing has one outcome like the
 * others (with the row's two behaviors, wf after it timed out) */
/*@ requires wf: wf_but_options(m);
    ROW_CASE2_PRE
    requires args: CASE2_ARGS_RESOLVE;
    STEP_ASSIGNS
    ensures row: Step_Case2{Pre,Post}(m, alt);
    FIRE_KEEPS_WF */
void ccm_fire_case2(struct ccm_machine *m, int32_t alt);

/*@ FIRING(CASE2_DEFAULT) */
void ccm_fire_case2_default(struct ccm_machine *m, int32_t alt);

/*@ FIRING_PUSH(SCC, Step_Scc) */
int ccm_fire_scc(struct ccm_machine *m);

/*@ FIRING_PUSH(SCC_SUB, Step_Scc_Sub) */
int ccm_fire_scc_sub(struct ccm_machine *m);

/* a ghc call's push: the node c, k - 1 steps from sl, pushed onto the
 * current stack (stack_call.c); not a step */
/*@ requires wf: wf_but_options(m);
    requires push: push_ok(m);
    requires next: c == stk_anc(m, sl, k - 1) && in_cc(m, c);
    CALL_ASSIGNS
    FIRES_OR_FULL(Step_Call{Pre,Post}(m, sl, k))
    FIRE_KEEPS
*/
int ccm_fire_call(struct ccm_machine *m, int32_t sl, int32_t k, int32_t c);

/*@ FIRING(PRIM1) */
void ccm_fire_prim1(struct ccm_machine *m);

/*@ FIRING(PRIM2) */
void ccm_fire_prim2(struct ccm_machine *m);

/*@ FIRING(PRIM3) */
void ccm_fire_prim3(struct ccm_machine *m, int64_t result, int is_bool);

/*@ requires wf: wf_but_options(m);
    ROW_FORCE_PRE
    ROW_FORCE_ASSIGNS
    ROW_FORCE_POST
    FIRE_KEEPS_WF */
void ccm_fire_force(struct ccm_machine *m, int32_t addr);

/*@ FIRING(RESUME) */
void ccm_fire_resume(struct ccm_machine *m);

#endif
