/* let, case1, case2 (binding pattern variables), case2 default. */
#include "kt.h"

/* let {a = 1; b = \y -> a} in b : n = 2 bindings in ccc c1. */
Test(let, allocates_n_fresh_recursive_closures_charging_nH)
{
    struct kt t;
    kt_begin(&t);
    int32_t c1 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t binds = kt_reserve(&t, 2);
    int32_t one = kt_lit(&t, 1);
    int32_t a_in_lam = kt_node(&t, CCM_VAR, 2, 0, 0);   /* under \y: y=0, b=1, a=2 */
    int32_t lam = kt_node(&t, CCM_LAM, a_in_lam, 0, 0);
    int32_t body = kt_node(&t, CCM_VAR, 0, 0, 0);        /* b */
    kt_set(&t, binds, CCM_BIND, one, 0, 0);
    kt_set(&t, binds + 1, CCM_BIND, lam, 0, 0);
    int32_t let = kt_node(&t, CCM_LET, binds, 2, body);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, let, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    int32_t outer = kt_cell(&t, 0, CCM_NIL);
    kt_control(&t, c1, let, outer, 0);
    kt_fire(&t, CCM_R_LET);
    KT_DELTA(&t, {c1, CCM_H, 2});
    cr_assert_eq(t.m.ccc, c1);
    cr_assert_eq(t.m.ctl_code, body);
    cr_assert_eq(t.m.heap_len, 3, "two fresh addresses after the one top-level binding");
    cr_assert_eq(t.m.cell_len, 3);
    /* env: ref 0 = b (address 2), ref 1 = a (address 1), then the outer env */
    int32_t e = t.m.ctl_env;
    cr_assert_eq(t.cells[e].addr, 2);
    cr_assert_eq(t.cells[t.cells[e].next].addr, 1);
    cr_assert_eq(t.cells[t.cells[e].next].next, outer);
    for (int32_t i = 1; i <= 2; i++) {
        cr_assert_eq(t.heap[i].cc, c1, "pinned with the ccc");
        cr_assert_eq(t.heap[i].env, e, "every right-hand side sees all bindings");
        cr_assert_eq(t.heap[i].hole, 0);
    }
    cr_assert_eq(t.heap[1].code, one);
    cr_assert_eq(t.heap[2].code, lam);
    cr_assert_eq(t.m.stack_len, 0);
}

/* case e of {Pair p q -> q; Nil -> 0; _ -> 9}   tags Pair=2 Nil=3 */
struct case_fix { struct kt t; int32_t c1, c2; int32_t cse, scrut, alt_pair, alt_nil, alt_def;
                  int32_t body_q, body_0, body_9, pair, lam, lit5; };

static void case_setup(struct case_fix *x, int with_default)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->c1 = kt_cc(t, CCM_CC_PLAIN);
    x->c2 = kt_cc(t, CCM_CC_PLAIN);
    int32_t nalts = with_default ? 3 : 2;
    int32_t alts = kt_reserve(t, nalts);
    x->body_q = kt_node(t, CCM_VAR, 0, 0, 0);
    x->body_0 = kt_lit(t, 0);
    x->body_9 = kt_lit(t, 9);
    x->alt_pair = alts; x->alt_nil = alts + 1; x->alt_def = with_default ? alts + 2 : -1;
    kt_set(t, alts, CCM_ALT, 2, 2, x->body_q);
    kt_set(t, alts + 1, CCM_ALT, 3, 0, x->body_0);
    if (with_default) kt_set(t, alts + 2, CCM_ALT, CCM_DEFAULT_TAG, 0, x->body_9);
    x->scrut = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    x->cse = kt_node(t, CCM_CASE, x->scrut, alts, nalts);
    int32_t args = kt_reserve(t, 2);
    kt_set(t, args, CCM_ARG, kt_gref(1), 0, 0);
    kt_set(t, args + 1, CCM_ARG, kt_gref(2), 0, 0);
    x->pair = kt_node(t, CCM_CON, 2, 2, args);           /* Pair k1 k2 */
    x->lam = kt_node(t, CCM_LAM, x->body_0, 0, 0);
    x->lit5 = kt_lit(t, 5);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->cse, CCM_CC_MAIN);
    int32_t sub = kt_cc(t, CCM_CC_SUB);
    kt_top(t, x->lit5, sub);    /* address 1 */
    kt_top(t, x->lam, sub);     /* address 2 */
    kt_init(t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
}

Test(case1, pushes_alts_charges_C)
{
    struct case_fix x;
    case_setup(&x, 1);
    struct kt *t = &x.t;
    int32_t env = kt_cell(t, 1, CCM_NIL);
    kt_control(t, x.c1, x.cse, env, 0);
    kt_fire(t, CCM_R_CASE1);
    KT_DELTA(t, {x.c1, CCM_C, 1});
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.ctl_code, x.scrut);
    cr_assert_eq(t->m.ctl_env, env);
    cr_assert_eq(t->m.stack_len, 1);
    kt_expect_frame(t, 0, CCM_F_CASE, x.c1, x.cse, env);
}

Test(case2, binds_pattern_variables_restores_cc)
{
    struct case_fix x;
    case_setup(&x, 0);
    struct kt *t = &x.t;
    int32_t case_env = kt_cell(t, 0, CCM_NIL);
    kt_push(t, CCM_F_CASE, x.c1, x.cse, case_env, 0);
    kt_control(t, x.c2, x.pair, CCM_NIL, 0);
    kt_fire(t, CCM_R_CASE2);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ccc, x.c1, "the case's own cc comes back");
    cr_assert_eq(t->m.ctl_code, x.body_q);
    cr_assert_eq(t->m.stack_len, 0);
    /* q (second argument, address 2) is ref 0, p (address 1) ref 1, then the case env */
    int32_t e = t->m.ctl_env;
    cr_assert_eq(t->cells[e].addr, 2);
    cr_assert_eq(t->cells[t->cells[e].next].addr, 1);
    cr_assert_eq(t->cells[t->cells[e].next].next, case_env);
}

Test(case2, nullary_constructor_alternative)
{
    struct case_fix x;
    case_setup(&x, 1);
    struct kt *t = &x.t;
    int32_t nil = kt_node(t, CCM_CON, 3, 0, 0);
    t->m.ncode = t->ncode;
    kt_push(t, CCM_F_CASE, x.c1, x.cse, CCM_NIL, 0);
    kt_control(t, x.c2, nil, CCM_NIL, 0);
    kt_fire(t, CCM_R_CASE2);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ctl_code, x.body_0);
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.cell_len, 0);
}

static void default_case(int what)
{
    struct case_fix x;
    case_setup(&x, 1);
    struct kt *t = &x.t;
    int32_t case_env = kt_cell(t, 1, CCM_NIL);
    kt_push(t, CCM_F_CASE, x.c1, x.cse, case_env, 0);
    if (what == 0) kt_control(t, x.c2, CCM_NODE_TRUE, CCM_NIL, 0);      /* unmatched constructor */
    if (what == 1) kt_control(t, x.c2, x.lam, CCM_NIL, 0);              /* a lambda */
    if (what == 2) kt_control(t, x.c2, x.lit5, CCM_NIL, 0);             /* a literal */
    if (what == 3) kt_control(t, x.c2, CCM_NODE_INTVAL, CCM_NIL, -3);   /* a computed integer */
    kt_fire(t, CCM_R_CASE2_DEFAULT);
    KT_NO_DELTA(t);
    cr_assert_eq(t->m.ccc, x.c1);
    cr_assert_eq(t->m.ctl_code, x.body_9);
    cr_assert_eq(t->m.ctl_env, case_env, "the default binds nothing");
    cr_assert_eq(t->m.cell_len, 1);
    cr_assert_eq(t->m.stack_len, 0);
}

Test(case2_default, on_constructor) { default_case(0); }
Test(case2_default, on_lambda)      { default_case(1); }
Test(case2_default, on_literal)     { default_case(2); }
Test(case2_default, on_computed_int){ default_case(3); }
