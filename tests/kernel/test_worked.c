/* docs/semantics.md section 7, laid out by hand:
 *   main = let f = scc "fun" \x -> x; a = 1 in f a;
 * 9 steps, θ = {MAIN: A1 V2 U1 H2 subentries1, fun: V1 U1 entries1},
 * result 1, returned cost centre MAIN. */
#include "kt.h"

static int32_t fun;

static void worked_setup(struct kt *t, int rules, int scoping)
{
    kt_begin(t);
    fun = kt_cc(t, CCM_CC_PLAIN);
    int32_t binds = kt_reserve(t, 2);                 /* f, a  (a is ref 0, f ref 1) */
    int32_t xv = kt_node(t, CCM_VAR, 0, 0, 0);
    int32_t lam = kt_node(t, CCM_LAM, xv, 0, 0);
    int32_t scc = kt_node(t, CCM_SCC, fun, lam, 0);
    int32_t one = kt_lit(t, 1);
    kt_set(t, binds, CCM_BIND, scc, 0, 0);
    kt_set(t, binds + 1, CCM_BIND, one, 0, 0);
    int32_t fv = kt_node(t, CCM_VAR, 1, 0, 0);
    int32_t app = kt_node(t, CCM_APP, fv, 0, 0);
    int32_t let = kt_node(t, CCM_LET, binds, 2, app);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, let, CCM_CC_MAIN);
    kt_init(t, entry, rules, scoping);
}

Test(worked_example, nine_transitions_exact_theta)
{
    static struct kt t;
    worked_setup(&t, CCM_RULES_FIG6, CCM_LEXICAL);
    const int32_t M = CCM_CC_MAIN;
    kt_fire(&t, CCM_R_VAR2);  KT_DELTA(&t, {M, CCM_V, 1});  cr_assert_eq(t.m.ccc, M);
    kt_fire(&t, CCM_R_LET);   KT_DELTA(&t, {M, CCM_H, 2});  cr_assert_eq(t.m.ccc, M);
    kt_fire(&t, CCM_R_APP1);  KT_DELTA(&t, {M, CCM_A, 1});  cr_assert_eq(t.m.ccc, M);
    kt_fire(&t, CCM_R_VAR2);  KT_DELTA(&t, {M, CCM_V, 1});  cr_assert_eq(t.m.ccc, M);
    kt_fire(&t, CCM_R_SCC);   KT_DELTA(&t, {fun, CCM_ENTRIES, 1}, {M, CCM_SUBENTRIES, 1});
    cr_assert_eq(t.m.ccc, fun);
    kt_fire(&t, CCM_R_VAR3);  KT_DELTA(&t, {fun, CCM_U, 1});  cr_assert_eq(t.m.ccc, fun);
    kt_fire(&t, CCM_R_APP2);  KT_NO_DELTA(&t);                cr_assert_eq(t.m.ccc, fun);
    kt_fire(&t, CCM_R_VAR1);  KT_DELTA(&t, {fun, CCM_V, 1});  cr_assert_eq(t.m.ccc, M);
    kt_fire(&t, CCM_R_VAR3);  KT_DELTA(&t, {M, CCM_U, 1});    cr_assert_eq(t.m.ccc, M);
    cr_assert_eq(ccm_step(&t.m), CCM_VALUE);
    cr_assert_eq(t.m.steps, 9);
    cr_assert_eq(t.code[t.m.ctl_code].kind, CCM_LIT);
    cr_assert_eq(t.code[t.m.ctl_code].lit, 1);
    /* the final θ in full */
    const uint64_t want_main[CCM_NCOUNTERS] = {1, 0, 2, 1, 2, 0, 0, 1};
    const uint64_t want_fun[CCM_NCOUNTERS]  = {0, 0, 1, 1, 0, 0, 1, 0};
    for (int k = 0; k < CCM_NCOUNTERS; k++) {
        cr_assert_eq(kt_cost(&t, M, k), want_main[k], "MAIN counter %d", k);
        cr_assert_eq(kt_cost(&t, fun, k), want_fun[k], "fun counter %d", k);
    }
}

/* fig2: var3 f leaves ccc = fun (same), var1 a uses SUB(MAIN, fun) = MAIN:
 * the same θ.  Evaluation scoping: app2 restores MAIN, so var1 a charges
 * V to MAIN instead of fun. */
Test(worked_example, fig2_and_evaluation_scoping)
{
    static struct kt t;
    worked_setup(&t, CCM_RULES_FIG2, CCM_LEXICAL);
    cr_assert_eq(ccm_run(&t.m), CCM_VALUE);
    cr_assert_eq(t.m.steps, 9);
    cr_assert_eq(t.m.ccc, CCM_CC_MAIN);
    cr_assert_eq(kt_cost(&t, fun, CCM_V), 1);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_V), 2);

    worked_setup(&t, CCM_RULES_FIG6, CCM_EVALUATION);
    cr_assert_eq(ccm_run(&t.m), CCM_VALUE);
    cr_assert_eq(t.m.steps, 9);
    cr_assert_eq(kt_cost(&t, fun, CCM_V), 0);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_V), 3);
    cr_assert_eq(kt_cost(&t, fun, CCM_U), 1);
    cr_assert_eq(kt_cost(&t, fun, CCM_ENTRIES), 1);
}
