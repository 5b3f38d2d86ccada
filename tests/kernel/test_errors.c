/* Stuck states (docs/semantics.md section 6): each runtime error kind is
 * reported, nothing is charged, the step is not counted, the state is
 * unchanged.  Also whole programs that end in each error. */
#include "kt.h"

/* A workbench with: main (address 0), k = 5 (address 1, SUB), a lambda
 * (address 2, SUB), Pair k k (address 3, SUB); cost centre c1. */
struct err_fix { struct kt t; int32_t c1, lit5, lam, pair, lamvar, cse1, k; };

static void err_setup(struct err_fix *x, int32_t main_code_kind)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->c1 = kt_cc(t, CCM_CC_PLAIN);
    x->lit5 = kt_lit(t, 5);
    int32_t body = kt_node(t, CCM_VAR, 0, 0, 0);
    x->lam = kt_node(t, CCM_LAM, body, 0, 0);
    int32_t args = kt_reserve(t, 2);
    kt_set(t, args, CCM_ARG, kt_gref(1), 0, 0);
    kt_set(t, args + 1, CCM_ARG, kt_gref(1), 0, 0);
    x->pair = kt_node(t, CCM_CON, 2, 2, args);
    int32_t alt = kt_reserve(t, 1);
    kt_set(t, alt, CCM_ALT, 3, 0, x->lit5);                      /* only Nil (tag 3) */
    x->lamvar = kt_node(t, CCM_VAR, kt_gref(2), 0, 0);
    x->cse1 = kt_node(t, CCM_CASE, x->lamvar, alt, 1);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    (void)main_code_kind;
    kt_top(t, x->lit5, CCM_CC_MAIN);
    int32_t sub = kt_cc(t, CCM_CC_SUB);
    x->k = kt_top(t, x->lit5, sub);
    kt_top(t, x->lam, sub);
    kt_top(t, x->pair, sub);
    kt_init(t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    t->m.steps = 17;   /* some steps already taken: they must stay 17 */
}

Test(errors, black_hole_charges_no_V)
{
    struct err_fix x;
    err_setup(&x, 0);
    struct kt *t = &x.t;
    t->heap[x.k].hole = 1;
    int32_t kv = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    t->m.ncode = t->ncode;
    kt_push(t, CCM_F_UPD, x.c1, x.k, CCM_NIL, 0);
    kt_control(t, x.c1, kv, CCM_NIL, 0);
    kt_expect_refused(t, CCM_ERR_BLACK_HOLE);
}

static void not_a_function(int32_t code, int64_t num)
{
    struct err_fix x;
    err_setup(&x, 0);
    struct kt *t = &x.t;
    kt_push(t, CCM_F_ARG, x.c1, x.k, CCM_NIL, 0);
    kt_control(t, x.c1, code, CCM_NIL, num);
    kt_expect_refused(t, CCM_ERR_NOT_A_FUNCTION);
}
Test(errors, not_a_function_constructor) { struct err_fix x; err_setup(&x, 0); not_a_function(x.pair, 0); }
Test(errors, not_a_function_true)        { not_a_function(CCM_NODE_TRUE, 0); }
Test(errors, not_a_function_literal)     { struct err_fix x; err_setup(&x, 0); not_a_function(x.lit5, 0); }
Test(errors, not_a_function_integer)     { not_a_function(CCM_NODE_INTVAL, 3); }

static void no_alternative(int which)
{
    struct err_fix x;
    err_setup(&x, 0);
    struct kt *t = &x.t;
    kt_push(t, CCM_F_CASE, x.c1, x.cse1, CCM_NIL, 0);
    int32_t code = which == 0 ? x.pair : which == 1 ? x.lam : which == 2 ? x.lit5 : CCM_NODE_TRUE;
    kt_control(t, x.c1, code, CCM_NIL, 0);
    kt_expect_refused(t, CCM_ERR_NO_ALTERNATIVE);
}
Test(errors, no_alternative_constructor) { no_alternative(0); }
Test(errors, no_alternative_lambda)      { no_alternative(1); }
Test(errors, no_alternative_integer)     { no_alternative(2); }
Test(errors, no_alternative_true)        { no_alternative(3); }

static void type_error(int frame, int32_t code)
{
    struct err_fix x;
    err_setup(&x, 0);
    struct kt *t = &x.t;
    int32_t a2 = kt_lit(t, 1);
    int32_t prim = kt_node(t, CCM_PRIM, CCM_ADD, a2, a2);
    t->m.ncode = t->ncode;
    kt_push(t, frame, x.c1, prim, CCM_NIL, 4);
    kt_control(t, x.c1, code, CCM_NIL, 0);
    kt_expect_refused(t, CCM_ERR_TYPE);
}
Test(errors, type_error_first_operand_constructor) { struct err_fix x; err_setup(&x, 0); type_error(CCM_F_PRIM1, x.pair); }
Test(errors, type_error_first_operand_lambda)      { struct err_fix x; err_setup(&x, 0); type_error(CCM_F_PRIM1, x.lam); }
Test(errors, type_error_second_operand_true)       { type_error(CCM_F_PRIM2, CCM_NODE_TRUE); }
Test(errors, type_error_second_operand_lambda)     { struct err_fix x; err_setup(&x, 0); type_error(CCM_F_PRIM2, x.lam); }

/* prim3 refused: (n1 op □) with n2 in control. */
static void prim3_refused(int op, int64_t n1, int64_t n2, int status)
{
    struct err_fix x;
    err_setup(&x, 0);
    struct kt *t = &x.t;
    int32_t lit = kt_lit(t, n2);
    int32_t prim = kt_node(t, CCM_PRIM, op, lit, lit);
    t->m.ncode = t->ncode;
    kt_push(t, CCM_F_PRIM2, x.c1, prim, CCM_NIL, n1);
    kt_control(t, x.c1, CCM_NODE_INTVAL, CCM_NIL, n2);
    kt_expect_refused(t, status);
}
Test(errors, division_by_zero)   { prim3_refused(CCM_DIV, 7, 0, CCM_ERR_DIV_ZERO); }
Test(errors, remainder_by_zero)  { prim3_refused(CCM_MOD, 7, 0, CCM_ERR_DIV_ZERO); }
Test(errors, overflow_add)       { prim3_refused(CCM_ADD, INT64_MAX, 1, CCM_ERR_OVERFLOW); }
Test(errors, overflow_sub)       { prim3_refused(CCM_SUB, INT64_MIN, 1, CCM_ERR_OVERFLOW); }
Test(errors, overflow_mul)       { prim3_refused(CCM_MUL, INT64_MAX / 2 + 1, 2, CCM_ERR_OVERFLOW); }
Test(errors, overflow_mul_neg)   { prim3_refused(CCM_MUL, INT64_MIN, -1, CCM_ERR_OVERFLOW); }
Test(errors, overflow_div)       { prim3_refused(CCM_DIV, INT64_MIN, -1, CCM_ERR_OVERFLOW); }

/* Whole program: main = let x = x in x  -- black hole after var2 main, let, var2 x. */
Test(errors, black_hole_program)
{
    struct kt t;
    kt_begin(&t);
    int32_t bind = kt_reserve(&t, 1);
    int32_t xv = kt_node(&t, CCM_VAR, 0, 0, 0);
    kt_set(&t, bind, CCM_BIND, xv, 0, 0);
    int32_t let = kt_node(&t, CCM_LET, bind, 1, xv);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, let, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    cr_assert_eq(ccm_run(&t.m), CCM_ERR_BLACK_HOLE);
    cr_assert_eq(t.m.steps, 3);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_V), 2, "var2 main and var2 x; the third V is refused");
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_H), 1);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_U), 0);
    cr_assert_eq(t.m.stack_len, 2);
}

/* main = 7 / 0: var2 main, prim1, prim2, then prim3 refused: 3 steps, P 1. */
Test(errors, division_by_zero_program)
{
    struct kt t;
    kt_begin(&t);
    int32_t a = kt_lit(&t, 7), b = kt_lit(&t, 0);
    int32_t prim = kt_node(&t, CCM_PRIM, CCM_DIV, a, b);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, prim, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    cr_assert_eq(ccm_run(&t.m), CCM_ERR_DIV_ZERO);
    cr_assert_eq(t.m.steps, 3);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_P), 1);
    cr_assert_eq(kt_cost(&t, CCM_CC_MAIN, CCM_V), 1);
}

/* ccm_init's code check (ccm_code_ok) range-checks a case's scrutinee like
 * every other child index: case1 moves the control there, so an index past
 * the code array would be read on the next step (the wf-preservation proof
 * of case1 found the check missing).  main = case 0 of { _ -> 1 }. */
static int init_case_program(int scrutinee_in_range)
{
    struct kt t;
    kt_begin(&t);
    int32_t body = kt_lit(&t, 1);
    int32_t alt = kt_node(&t, CCM_ALT, CCM_DEFAULT_TAG, 0, body);
    int32_t scrut = kt_lit(&t, 0);
    int32_t cse = kt_node(&t, CCM_CASE, scrut, alt, 1);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, cse, CCM_CC_MAIN);
    if (!scrutinee_in_range) t.code[cse].a = t.ncode;   /* one past the last node */
    return kt_try_init_caps(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL, KT_HEAP, KT_CELLS, KT_STACK);
}

Test(errors, case_scrutinee_in_range_accepted)  { cr_assert_eq(init_case_program(1), CCM_RUNNING); }
Test(errors, case_scrutinee_out_of_range_refused)
{
    cr_assert_eq(init_case_program(0), CCM_ERR_BAD_CODE);
}

/* ccm_init refuses an option that is not one of its named values (the rows
 * test each against one value, so 7 would silently mean one of the two),
 * and a refusal writes nothing into the machine (contract: assigns
 * \nothing).  main = 1. */
static int init_with_options(struct kt *t, int rules, int scoping, int order)
{
    kt_begin(t);
    int32_t one = kt_lit(t, 1);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, one, CCM_CC_MAIN);
    int st = kt_try_init_caps(t, entry, CCM_RULES_FIG6, CCM_LEXICAL, KT_HEAP, KT_CELLS, KT_STACK);
    cr_assert_eq(st, CCM_RUNNING);
    t->m.rules = rules;
    t->m.scoping = scoping;
    t->m.order = order;
    t->m.steps = 42;                       /* a mark ccm_init would overwrite */
    return ccm_init(&t->m, &t->p);
}

Test(errors, init_refuses_bad_rules)
{
    struct kt t;
    cr_assert_eq(init_with_options(&t, 2, CCM_LEXICAL, CCM_LEFT_TO_RIGHT), CCM_ERR_BAD_CODE);
    cr_assert_eq(t.m.steps, 42);
}
Test(errors, init_refuses_bad_scoping)
{
    struct kt t;
    cr_assert_eq(init_with_options(&t, CCM_RULES_FIG2, -1, CCM_LEFT_TO_RIGHT), CCM_ERR_BAD_CODE);
    cr_assert_eq(t.m.steps, 42);
}
Test(errors, init_refuses_bad_order)
{
    struct kt t;
    cr_assert_eq(init_with_options(&t, CCM_RULES_FIG6, CCM_EVALUATION, 7), CCM_ERR_BAD_CODE);
    cr_assert_eq(t.m.steps, 42);
}
Test(errors, init_accepts_named_options)
{
    struct kt t;
    cr_assert_eq(init_with_options(&t, CCM_RULES_FIG2, CCM_EVALUATION, CCM_RIGHT_TO_LEFT), CCM_RUNNING);
    cr_assert_eq(t.m.steps, 0);
}

/* ccm_init clamps the step budget to the hard limit. */
Test(errors, init_clamps_max_steps)
{
    struct kt t;
    init_with_options(&t, CCM_RULES_FIG6, CCM_LEXICAL, CCM_LEFT_TO_RIGHT);
    t.m.max_steps = CCM_MAX_STEPS + 5;
    cr_assert_eq(ccm_init(&t.m, &t.p), CCM_RUNNING);
    cr_assert_eq(t.m.max_steps, CCM_MAX_STEPS);
}

/* ccm_init_run = ccm_init then ccm_run: the same status, steps, value and
 * costs as the two calls made one after the other. */
Test(errors, init_run_is_init_then_run)
{
    struct kt a, b;
    init_with_options(&a, CCM_RULES_FIG6, CCM_LEXICAL, CCM_LEFT_TO_RIGHT);
    init_with_options(&b, CCM_RULES_FIG6, CCM_LEXICAL, CCM_LEFT_TO_RIGHT);
    int sa = ccm_init_run(&a.m, &a.p);
    int sb = ccm_init(&b.m, &b.p);
    cr_assert_eq(sb, CCM_RUNNING);
    sb = ccm_run(&b.m);
    cr_assert_eq(sa, sb);
    cr_assert_eq(sa, CCM_VALUE);
    cr_assert_eq(a.m.steps, b.m.steps);
    cr_assert_eq(a.m.ctl_num, b.m.ctl_num);
    for (int i = 0; i < a.ncc * CCM_NCOUNTERS; i++)
        cr_assert_eq(a.costs[i], b.costs[i]);
}
Test(errors, init_run_refuses_bad_options)
{
    struct kt t;
    init_with_options(&t, CCM_RULES_FIG6, CCM_LEXICAL, CCM_LEFT_TO_RIGHT);
    t.m.order = 3;
    t.m.steps = 42;
    cr_assert_eq(ccm_init_run(&t.m, &t.p), CCM_ERR_BAD_CODE);
    cr_assert_eq(t.m.steps, 42);
}
