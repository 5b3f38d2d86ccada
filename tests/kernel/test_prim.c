/* prim1 / prim2 / prim3 [ext]: each operator, the comparison's True/False
 * node, and the result's cost centre (the cc that began the primitive). */
#include "kt.h"

struct prim_fix { struct kt t; int32_t c1, c2, prim, a1, a2, k; };

/* main = k op 4  with k = 10 a top-level SUB literal (a1 a variable, a2 a literal). */
static void prim_setup(struct prim_fix *x, int op, int64_t left, int64_t right)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->c1 = kt_cc(t, CCM_CC_PLAIN);
    x->c2 = kt_cc(t, CCM_CC_PLAIN);
    x->a1 = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    x->a2 = kt_lit(t, right);
    x->prim = kt_node(t, CCM_PRIM, op, x->a1, x->a2);
    int32_t lk = kt_lit(t, left);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->prim, CCM_CC_MAIN);
    int32_t sub = kt_cc(t, CCM_CC_SUB);
    x->k = kt_top(t, lk, sub);
    kt_init(t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
}

Test(prim1, pushes_first_operand_charges_P)
{
    struct prim_fix x;
    prim_setup(&x, CCM_ADD, 10, 4);
    struct kt *t = &x.t;
    int32_t env = kt_cell(t, 0, CCM_NIL);
    kt_control(t, x.c1, x.prim, env, 0);
    kt_fire(t, CCM_R_PRIM1);
    KT_DELTA(t, {x.c1, CCM_P, 1});
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.ctl_code, x.a1);
    cr_assert_eq(t->m.ctl_env, env);
    cr_assert_eq(t->m.stack_len, 1);
    kt_expect_frame(t, 0, CCM_F_PRIM1, x.c1, x.prim, env);
}

Test(prim2, moves_to_second_operand_restores_cc)
{
    struct prim_fix x;
    prim_setup(&x, CCM_SUB, 10, 4);
    struct kt *t = &x.t;
    int32_t env = kt_cell(t, 0, CCM_NIL);
    kt_push(t, CCM_F_PRIM1, x.c1, x.prim, env, 0);
    kt_control(t, x.c2, CCM_NODE_INTVAL, CCM_NIL, 10);
    kt_fire(t, CCM_R_PRIM2);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.ctl_code, x.a2);
    cr_assert_eq(t->m.ctl_env, env, "the second operand is read in the primitive's env");
    cr_assert_eq(t->m.stack_len, 1);
    cr_assert_eq(t->stack[0].kind, CCM_F_PRIM2);
    cr_assert_eq(t->stack[0].num, 10);
    cr_assert_eq(t->stack[0].cc, x.c1);
}

/* prim3 for one operator: state (c2 | n2 | (n1 op □, c1)). */
static void prim3_case(int op, int64_t n1, int64_t n2, int is_bool, int64_t want)
{
    struct prim_fix x;
    prim_setup(&x, op, n1, n2);
    struct kt *t = &x.t;
    kt_push(t, CCM_F_PRIM2, x.c1, x.prim, CCM_NIL, n1);
    kt_control(t, x.c2, x.a2, CCM_NIL, 0);       /* the literal n2 */
    kt_fire(t, CCM_R_PRIM3);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ccc, x.c1, "the result belongs to the primitive's cc");
    cr_assert_eq(t->m.stack_len, 0);
    if (is_bool) {
        cr_assert_eq(t->m.ctl_code, want ? CCM_NODE_TRUE : CCM_NODE_FALSE,
                     "op %d on %lld %lld", op, (long long)n1, (long long)n2);
    } else {
        cr_assert_eq(t->m.ctl_code, CCM_NODE_INTVAL);
        cr_assert_eq(t->m.ctl_num, want, "op %d on %lld %lld gave %lld, want %lld", op,
                     (long long)n1, (long long)n2, (long long)t->m.ctl_num, (long long)want);
    }
}

Test(prim3, add) { prim3_case(CCM_ADD, 10, 4, 0, 14); prim3_case(CCM_ADD, -3, 3, 0, 0); }
Test(prim3, sub) { prim3_case(CCM_SUB, 10, 4, 0, 6); prim3_case(CCM_SUB, 4, 10, 0, -6); }
Test(prim3, mul) { prim3_case(CCM_MUL, 10, 4, 0, 40); prim3_case(CCM_MUL, -7, 6, 0, -42); }
Test(prim3, div_truncates_toward_zero)
{
    prim3_case(CCM_DIV, 10, 4, 0, 2);
    prim3_case(CCM_DIV, -7, 2, 0, -3);
    prim3_case(CCM_DIV, 7, -2, 0, -3);
    prim3_case(CCM_DIV, INT64_MIN, 1, 0, INT64_MIN);
}
Test(prim3, mod_sign_of_dividend)
{
    prim3_case(CCM_MOD, 10, 4, 0, 2);
    prim3_case(CCM_MOD, -7, 2, 0, -1);
    prim3_case(CCM_MOD, 7, -2, 0, 1);
    prim3_case(CCM_MOD, INT64_MIN, -1, 0, 0);   /* docs/syntax-and-cli.md: INT64_MIN % -1 is 0 */
}
Test(prim3, comparisons_yield_true_false_nodes)
{
    prim3_case(CCM_EQ, 4, 4, 1, 1); prim3_case(CCM_EQ, 4, 5, 1, 0);
    prim3_case(CCM_NE, 4, 4, 1, 0); prim3_case(CCM_NE, 4, 5, 1, 1);
    prim3_case(CCM_LT, 4, 5, 1, 1); prim3_case(CCM_LT, 5, 5, 1, 0);
    prim3_case(CCM_LE, 5, 5, 1, 1); prim3_case(CCM_LE, 6, 5, 1, 0);
    prim3_case(CCM_GT, 6, 5, 1, 1); prim3_case(CCM_GT, 5, 5, 1, 0);
    prim3_case(CCM_GE, 5, 5, 1, 1); prim3_case(CCM_GE, 4, 5, 1, 0);
    prim3_case(CCM_LT, INT64_MIN, INT64_MAX, 1, 1);
}

/* The whole primitive: var2 main, prim1, var1 k, prim2, prim3, var3 main. */
Test(prim, whole_program_charges_one_P)
{
    struct prim_fix x;
    prim_setup(&x, CCM_MUL, 10, 4);
    struct kt *t = &x.t;
    cr_assert_eq(ccm_run(&t->m), CCM_VALUE);
    cr_assert_eq(t->m.steps, 6);
    cr_assert_eq(t->m.ctl_num, 40);
    cr_assert_eq(t->m.ccc, CCM_CC_MAIN);
    cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_P), 1);
    cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_V), 2);
    cr_assert_eq(kt_cost(t, CCM_CC_MAIN, CCM_U), 1);
}
