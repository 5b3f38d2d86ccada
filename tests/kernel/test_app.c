/* app1 / app2, lexical and evaluation scoping (docs/semantics.md section 4). */
#include "kt.h"

/* main = f k;  f = \y -> y;  k = 5.   Cost centres: MAIN, c1, c2 (plain). */
struct app_fix { struct kt t; int32_t app, fvar, lam, body, k, f; int32_t c1, c2; };

static void app_setup(struct app_fix *x, int scoping)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->c1 = kt_cc(t, CCM_CC_PLAIN);
    x->c2 = kt_cc(t, CCM_CC_PLAIN);
    x->fvar = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    x->app  = kt_node(t, CCM_APP, x->fvar, kt_gref(2), 0);
    x->body = kt_node(t, CCM_VAR, 0, 0, 0);
    x->lam  = kt_node(t, CCM_LAM, x->body, 0, 0);
    int32_t five = kt_lit(t, 5);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->app, CCM_CC_MAIN);
    int32_t sub = kt_cc(t, CCM_CC_SUB);
    x->f = kt_top(t, x->lam, sub);
    x->k = kt_top(t, five, sub);
    kt_init(t, entry, CCM_RULES_FIG6, scoping);
}

static void app1_case(int scoping)
{
    struct app_fix x;
    app_setup(&x, scoping);
    struct kt *t = &x.t;
    kt_control(t, x.c1, x.app, CCM_NIL, 0);
    kt_fire(t, CCM_R_APP1);
    KT_DELTA(t, {x.c1, CCM_A, 1});
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.ctl_code, x.fvar);
    cr_assert_eq(t->m.ctl_env, CCM_NIL);
    cr_assert_eq(t->m.stack_len, 1);
    cr_assert_eq(t->stack[0].kind, CCM_F_ARG);
    cr_assert_eq(t->stack[0].a, x.k, "the argument frame holds k's address");
    if (scoping == CCM_EVALUATION)
        cr_assert_eq(t->stack[0].cc, x.c1, "evaluation scoping records the caller's cc");
    cr_assert_eq(t->m.heap_len, 3);
}

Test(app1, lexical_pushes_arg_charges_A_on_ccc) { app1_case(CCM_LEXICAL); }
Test(app1, evaluation_pushes_arg_with_cc) { app1_case(CCM_EVALUATION); }

static void app2_case(int scoping)
{
    struct app_fix x;
    app_setup(&x, scoping);
    struct kt *t = &x.t;
    int32_t outer = kt_cell(t, x.f, CCM_NIL);   /* the lambda's own env: one cell */
    kt_push(t, CCM_F_ARG, x.c2, x.k, CCM_NIL, 0);
    kt_control(t, x.c1, x.lam, outer, 0);
    kt_fire(t, CCM_R_APP2);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ccc, scoping == CCM_LEXICAL ? x.c1 : x.c2,
                 "lexical keeps ccλ, evaluation restores the applier's cc");
    cr_assert_eq(t->m.ctl_code, x.body);
    cr_assert_eq(t->m.stack_len, 0);
    /* e[x/y]: a new cell binding k in front of the lambda's env */
    cr_assert_eq(t->m.cell_len, 2);
    cr_assert_eq(t->m.ctl_env, 1);
    cr_assert_eq(t->cells[1].addr, x.k);
    cr_assert_eq(t->cells[1].next, outer);
}

Test(app2, lexical_keeps_lambda_cc) { app2_case(CCM_LEXICAL); }
Test(app2, evaluation_restores_callers_cc) { app2_case(CCM_EVALUATION); }

/* The whole program runs: var2 main, app1, var1 f, app2, var1 y=k, var3 main. */
Test(app, whole_program_both_scopings)
{
    for (int s = 0; s < 2; s++) {
        struct app_fix x;
        app_setup(&x, s);
        struct kt *t = &x.t;
        cr_assert_eq(ccm_run(&t->m), CCM_VALUE);
        cr_assert_eq(t->m.steps, 6);
        cr_assert_eq(t->m.ccc, CCM_CC_MAIN);
        cr_assert_eq(t->code[t->m.ctl_code].kind, CCM_LIT);
        cr_assert_eq(t->code[t->m.ctl_code].lit, 5);
        cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_A), 1);
        cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_V), 3);
        cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_U), 1);
    }
}
