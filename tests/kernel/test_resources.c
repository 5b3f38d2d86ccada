/* Resource errors (docs/semantics.md section 6): steps, heap, cells, stack.  The
 * refused transition charges nothing, is not counted, leaves the state. */
#include "kt.h"

/* main = let a = 1 in f a;  f = \y -> y  (SUB).  Transitions of a full run:
 * var2 main, let, app1, var1 f, app2, var1 a, var3 main  = 7. */
struct res_fix { struct kt t; int32_t let, app; };

static void res_setup(struct res_fix *x, int32_t heap_cap, int32_t cell_cap, int32_t stack_cap)
{
    struct kt *t = &x->t;
    kt_begin(t);
    int32_t bind = kt_reserve(t, 1);
    int32_t one = kt_lit(t, 1);
    kt_set(t, bind, CCM_BIND, one, 0, 0);
    int32_t fv = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    x->app = kt_node(t, CCM_APP, fv, 0, 0);
    x->let = kt_node(t, CCM_LET, bind, 1, x->app);
    int32_t yv = kt_node(t, CCM_VAR, 0, 0, 0);
    int32_t lam = kt_node(t, CCM_LAM, yv, 0, 0);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->let, CCM_CC_MAIN);
    int32_t sub = kt_cc(t, CCM_CC_SUB);
    kt_top(t, lam, sub);
    kt_init_caps(t, entry, CCM_RULES_FIG6, CCM_LEXICAL, heap_cap, cell_cap, stack_cap);
}

Test(resources, full_run_needs_7_steps_3_heap_2_cells_2_frames)
{
    struct res_fix x;
    res_setup(&x, 3, 2, 2);
    cr_assert_eq(ccm_run(&x.t.m), CCM_VALUE);
    cr_assert_eq(x.t.m.steps, 7);
    cr_assert_eq(x.t.m.heap_len, 3);
    cr_assert_eq(x.t.m.cell_len, 2);
}

/* Each budget one short: the run stops on the transition that needs it. */
static void run_until_refused(struct res_fix *x, int status, uint64_t steps_done, int rule_refused_ctl_kind)
{
    struct kt *t = &x->t;
    int st;
    while ((st = ccm_step(&t->m)) == CCM_RUNNING)
        if (t->m.steps > 100) break;
    cr_assert_eq(st, status, "got %s", ccm_status_kind(st));
    cr_assert_eq(t->m.steps, steps_done);
    cr_assert_eq(t->code[t->m.ctl_code].kind, rule_refused_ctl_kind);
    /* and it stays refused, changing nothing */
    kt_expect_refused(t, status);
}

Test(resources, steps_budget_exact)
{
    for (uint64_t n = 0; n < 7; n++) {
        struct res_fix x;
        res_setup(&x, 3, 2, 2);
        x.t.m.max_steps = n;
        int st = ccm_run(&x.t.m);
        cr_assert_eq(st, CCM_RES_STEPS);
        cr_assert_eq(x.t.m.steps, n, "--max-steps %llu allows exactly that many", (unsigned long long)n);
        kt_expect_refused(&x.t, CCM_RES_STEPS);
    }
    struct res_fix x;
    res_setup(&x, 3, 2, 2);
    x.t.m.max_steps = 7;
    cr_assert_eq(ccm_run(&x.t.m), CCM_VALUE);
}

Test(resources, steps_refusal_charges_nothing)
{
    struct res_fix x;
    res_setup(&x, 3, 2, 2);
    x.t.m.max_steps = 2;          /* var2 main, let; app1 refused: no A */
    cr_assert_eq(ccm_run(&x.t.m), CCM_RES_STEPS);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_A), 0);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_H), 1);
    cr_assert_eq(x.t.m.ctl_code, x.app);
}

Test(resources, heap_objects)
{
    struct res_fix x;
    res_setup(&x, 2, 2, 2);       /* the let needs a third heap object */
    run_until_refused(&x, CCM_RES_HEAP, 1, CCM_LET);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_H), 0);
    cr_assert_eq(x.t.m.heap_len, 2);
}

Test(resources, cells_in_let)
{
    struct res_fix x;
    res_setup(&x, 3, 0, 2);       /* the let needs a cell */
    run_until_refused(&x, CCM_RES_HEAP, 1, CCM_LET);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_H), 0);
}

Test(resources, cells_in_app2)
{
    struct res_fix x;
    res_setup(&x, 3, 1, 2);       /* the let's cell fits, app2's does not */
    run_until_refused(&x, CCM_RES_HEAP, 4, CCM_LAM);
    cr_assert_eq(x.t.m.stack_len, 2);
}

Test(resources, stack_in_app1)
{
    struct res_fix x;
    res_setup(&x, 3, 2, 1);       /* the update frame of main fills the stack */
    x.t.m.stack_cap = 1;
    run_until_refused(&x, CCM_RES_STACK, 2, CCM_APP);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_A), 0);
}

Test(resources, stack_in_var2)
{
    struct res_fix x;
    res_setup(&x, 3, 2, 0);       /* not even main's update frame fits */
    run_until_refused(&x, CCM_RES_STACK, 0, CCM_VAR);
    cr_assert_eq(kt_cost(&x.t, CCM_CC_MAIN, CCM_V), 0);
}
