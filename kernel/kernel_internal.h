/* kernel_internal.h -- what the kernel's units share: the machine's small
 * helpers (environment, charging, SUB/SUBCAF) and one function per row.
 *
 * A row function performs its transition unconditionally; the dispatcher
 * (step.c) has already matched the state against the row and checked the
 * budgets, so a row never fails half-way.  Row functions charge θ, move the
 * registers, push/pop frames and count the step.
 */
#ifndef CCM_KERNEL_INTERNAL_H
#define CCM_KERNEL_INTERNAL_H

#include "ccm.h"
#include "mutants.h"

/* environment (env.c) */
int  ccm_lookup(const struct ccm_machine *m, int32_t env, int32_t ref, int32_t *addr);
int32_t ccm_push_cell(struct ccm_machine *m, int32_t addr, int32_t next);

/* costs and cost-centre subsumption (costs.c) */
void ccm_charge(struct ccm_machine *m, int32_t cc, int counter, uint64_t amount);
int32_t ccm_sub(const struct ccm_machine *m, int32_t ccz, int32_t cc);
int32_t ccm_subcaf(const struct ccm_machine *m, int32_t ccz, int32_t cc);
int64_t ccm_control_int(const struct ccm_machine *m);
int ccm_control_is_int(const struct ccm_machine *m);

/* one function per row of SEMANTICS.md section 4 */
void ccm_row_app1(struct ccm_machine *m, int32_t addr);
void ccm_row_app2(struct ccm_machine *m);
void ccm_row_var1(struct ccm_machine *m, int32_t addr);
void ccm_row_var2(struct ccm_machine *m, int32_t addr);
void ccm_row_var3(struct ccm_machine *m);
void ccm_row_let(struct ccm_machine *m);
void ccm_row_case1(struct ccm_machine *m);
int  ccm_row_case2(struct ccm_machine *m, int32_t alt);
void ccm_row_case2_default(struct ccm_machine *m, int32_t alt);
void ccm_row_scc(struct ccm_machine *m);
void ccm_row_scc_sub(struct ccm_machine *m);
void ccm_row_prim1(struct ccm_machine *m);
void ccm_row_prim2(struct ccm_machine *m);
void ccm_row_prim3(struct ccm_machine *m, int64_t result, int is_bool);
void ccm_row_force(struct ccm_machine *m, int32_t addr);
void ccm_row_resume(struct ccm_machine *m);

/* primitive arithmetic with every error case decided first (prim.c) */
int ccm_prim_apply(int op, int64_t x, int64_t y, int64_t *result, int *is_bool);

#endif
