/* var1, var2, var3 under both rule sets (docs/semantics.md section 4):
 * fig6 uses SUBCAF in var1 and restores the demander in var3; fig2 uses SUB
 * in var1 and leaves ccc = ccz in var3. */
#include "kt.h"

/* main = x;  the binding under test is heap object `x`, a value (lit 7)
 * or a thunk (main itself is not used).  Cost centres: MAIN, SUB, CAF:x,
 * plain p, demander d. */
struct var_fix { struct kt t; int32_t sub, caf, p, d; int32_t lit7, thunk_body, xvar; };

static void var_setup(struct var_fix *x, int rules)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->sub = kt_cc(t, CCM_CC_SUB);
    x->caf = kt_cc(t, CCM_CC_CAF);
    x->p = kt_cc(t, CCM_CC_PLAIN);
    x->d = kt_cc(t, CCM_CC_PLAIN);
    x->lit7 = kt_lit(t, 7);
    int32_t y = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    x->thunk_body = kt_node(t, CCM_APP, y, kt_gref(0), 0);   /* not a value */
    x->xvar = kt_node(t, CCM_VAR, 0, 0, 0);                   /* ref 0 of its env */
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->lit7, CCM_CC_MAIN);
    kt_init(t, entry, rules, CCM_LEXICAL);
}

/* var1 on a value pinned `pin`: ccc becomes want, d pays V. */
static void var1_case(int rules, int which, int expect_demander)
{
    struct var_fix x;
    var_setup(&x, rules);
    struct kt *t = &x.t;
    int32_t pin = which == 0 ? x.sub : which == 1 ? x.caf : x.p;
    int32_t obj = kt_obj(t, x.lit7, CCM_NIL, pin, 0);
    int32_t env = kt_cell(t, obj, CCM_NIL);
    kt_control(t, x.d, x.xvar, env, 0);
    kt_fire(t, CCM_R_VAR1);
    KT_DELTA(t, {x.d, CCM_V, 1});
    cr_assert_eq(t->m.ccc, expect_demander ? x.d : pin);
    cr_assert_eq(t->m.ctl_code, x.lit7);
    cr_assert_eq(t->m.stack_len, 0);
    cr_assert_eq(t->heap[obj].hole, 0);
}

Test(var1, fig6_on_SUB_keeps_demander)   { var1_case(CCM_RULES_FIG6, 0, 1); }
Test(var1, fig6_on_CAF_keeps_demander)   { var1_case(CCM_RULES_FIG6, 1, 1); }
Test(var1, fig6_on_plain_takes_pinned)   { var1_case(CCM_RULES_FIG6, 2, 0); }
Test(var1, fig2_on_SUB_keeps_demander)   { var1_case(CCM_RULES_FIG2, 0, 1); }
Test(var1, fig2_on_CAF_takes_CAF)        { var1_case(CCM_RULES_FIG2, 1, 0); }
Test(var1, fig2_on_plain_takes_pinned)   { var1_case(CCM_RULES_FIG2, 2, 0); }

static void var2_case(int rules)
{
    struct var_fix x;
    var_setup(&x, rules);
    struct kt *t = &x.t;
    int32_t inner = kt_cell(t, 0, CCM_NIL);
    int32_t obj = kt_obj(t, x.thunk_body, inner, x.p, 0);
    int32_t env = kt_cell(t, obj, CCM_NIL);
    kt_control(t, x.d, x.xvar, env, 0);
    kt_fire(t, CCM_R_VAR2);
    KT_DELTA(t, {x.d, CCM_V, 1});
    cr_assert_eq(t->m.ccc, x.p, "the thunk runs in its pinned cost centre");
    cr_assert_eq(t->m.ctl_code, x.thunk_body);
    cr_assert_eq(t->m.ctl_env, inner);
    cr_assert_eq(t->m.stack_len, 1);
    cr_assert_eq(t->stack[0].kind, CCM_F_UPD);
    cr_assert_eq(t->stack[0].a, obj);
    if (rules == CCM_RULES_FIG6)
        cr_assert_eq(t->stack[0].cc, x.d, "the update frame remembers the demander");
    cr_assert_eq(t->heap[obj].hole, 1, "x is absent while its thunk runs");
    cr_assert_eq(t->m.heap_len, 2);
}

Test(var2, fig6_enters_thunk) { var2_case(CCM_RULES_FIG6); }
Test(var2, fig2_enters_thunk) { var2_case(CCM_RULES_FIG2); }

/* var3: value in ccc = ccz (pinned kind `which`), frame (#x, d). */
static void var3_case(int rules, int which, int expect_demander)
{
    struct var_fix x;
    var_setup(&x, rules);
    struct kt *t = &x.t;
    int32_t ccz = which == 0 ? x.sub : which == 1 ? x.caf : x.p;
    int32_t inner = kt_cell(t, 0, CCM_NIL);
    int32_t obj = kt_obj(t, x.thunk_body, inner, x.p, 0);
    t->heap[obj].hole = 1;
    kt_push(t, CCM_F_UPD, x.d, obj, CCM_NIL, 0);
    kt_control(t, ccz, CCM_NODE_INTVAL, CCM_NIL, 42);
    kt_fire(t, CCM_R_VAR3);
    KT_DELTA(t, {ccz, CCM_U, 1});
    cr_assert_eq(t->m.ccc, expect_demander ? x.d : ccz);
    cr_assert_eq(t->m.stack_len, 0);
    cr_assert_eq(t->m.ctl_code, CCM_NODE_INTVAL);
    cr_assert_eq(t->m.ctl_num, 42);
    cr_assert_eq(t->heap[obj].code, CCM_NODE_INTVAL, "x is updated with its value");
    cr_assert_eq(t->heap[obj].num, 42);
    cr_assert_eq(t->heap[obj].cc, ccz, "and pinned with ccz");
    cr_assert_eq(t->heap[obj].hole, 0);
}

Test(var3, fig6_plain_result_stays)        { var3_case(CCM_RULES_FIG6, 2, 0); }
Test(var3, fig6_SUB_result_restores)       { var3_case(CCM_RULES_FIG6, 0, 1); }
Test(var3, fig6_CAF_result_restores)       { var3_case(CCM_RULES_FIG6, 1, 1); }
Test(var3, fig2_plain_result_stays)        { var3_case(CCM_RULES_FIG2, 2, 0); }
Test(var3, fig2_SUB_result_stays)          { var3_case(CCM_RULES_FIG2, 0, 0); }
Test(var3, fig2_CAF_result_stays)          { var3_case(CCM_RULES_FIG2, 1, 0); }

/* Updating with a lambda keeps its env (sharing the closure). */
Test(var3, update_keeps_closure_env)
{
    struct var_fix x;
    var_setup(&x, CCM_RULES_FIG6);
    struct kt *t = &x.t;
    int32_t lam = kt_node(t, CCM_LAM, x.xvar, 0, 0);
    /* re-init is not needed: ccm_code_ok ran at init, the new node is only
     * reached through the control we set */
    t->m.ncode = t->ncode;
    int32_t env = kt_cell(t, 0, CCM_NIL);
    int32_t obj = kt_obj(t, x.thunk_body, CCM_NIL, x.p, 0);
    t->heap[obj].hole = 1;
    kt_push(t, CCM_F_UPD, x.d, obj, CCM_NIL, 0);
    kt_control(t, x.p, lam, env, 0);
    kt_fire(t, CCM_R_VAR3);
    KT_DELTA(t, {x.p, CCM_U, 1});
    cr_assert_eq(t->heap[obj].code, lam);
    cr_assert_eq(t->heap[obj].env, env);
}

/* var2 on a CAF: the CAF's own cost centre runs it, never the demander's
 * (the naive treatment would evaluate it in d). */
Test(var2, caf_runs_in_its_own_cc)
{
    for (int rules = 0; rules < 2; rules++) {
        struct var_fix x;
        var_setup(&x, rules);
        struct kt *t = &x.t;
        int32_t obj = kt_obj(t, x.thunk_body, CCM_NIL, x.caf, 0);
        int32_t env = kt_cell(t, obj, CCM_NIL);
        kt_control(t, x.d, x.xvar, env, 0);
        kt_fire(t, CCM_R_VAR2);
        KT_DELTA(t, {x.d, CCM_V, 1});
        cr_assert_eq(t->m.ccc, x.caf);
    }
}
