/* force / resume [ext]: begin a thunk early, charging nothing, then resume. */
#include "kt.h"

Test(force, enters_thunk_with_update_and_resume_frames)
{
    struct kt t;
    kt_begin(&t);
    int32_t c1 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t c3 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t seven = kt_lit(&t, 7);
    int32_t sc = kt_node(&t, CCM_SCC_SUB, c3, seven, 0);   /* a thunk body: not a value */
    int32_t y = kt_node(&t, CCM_VAR, kt_gref(1), 0, 0);
    int32_t app = kt_node(&t, CCM_APP, y, kt_gref(1), 0);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, app, CCM_CC_MAIN);
    int32_t th = kt_top(&t, sc, c3);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    int32_t env = kt_cell(&t, 0, CCM_NIL);
    kt_control(&t, c1, app, env, 0);
    kt_snap(&t);
    cr_assert_eq(ccm_force(&t.m, th), CCM_RUNNING);
    cr_assert_eq(t.m.last_rule, CCM_R_FORCE);
    cr_assert_eq(t.m.steps, 1);
    KT_NO_DELTA(&t);
    cr_assert_eq(t.m.ccc, c3);
    cr_assert_eq(t.m.ctl_code, sc);
    cr_assert_eq(t.heap[th].hole, 1);
    cr_assert_eq(t.m.stack_len, 2);
    cr_assert_eq(t.stack[1].kind, CCM_F_UPD);
    cr_assert_eq(t.stack[1].a, th);
    cr_assert_eq(t.stack[1].cc, c1);
    cr_assert_eq(t.stack[0].kind, CCM_F_RESUME);
    cr_assert_eq(t.stack[0].cc, c1);
    cr_assert_eq(t.stack[0].a, app);
    cr_assert_eq(t.stack[0].b, env);
    /* forcing a thunk under evaluation (or a value) is refused */
    cr_assert_eq(ccm_force(&t.m, th), CCM_ERR_BAD_CODE);
    cr_assert_eq(t.m.steps, 1);
    /* scc_sub, var3 (c3 pays U; SUBCAF(c3, c1) = c3), then resume */
    kt_fire(&t, CCM_R_SCC_SUB);
    kt_fire(&t, CCM_R_VAR3);
    KT_DELTA(&t, {c3, CCM_U, 1});
    kt_fire(&t, CCM_R_RESUME);
    KT_NO_DELTA(&t);
    cr_assert_eq(t.m.ccc, c1, "resume restores the cc of the interrupted control");
    cr_assert_eq(t.m.ctl_code, app);
    cr_assert_eq(t.m.ctl_env, env);
    cr_assert_eq(t.m.stack_len, 0);
    cr_assert_eq(t.heap[th].code, seven);
    cr_assert_eq(t.heap[th].hole, 0);
}

Test(resume, restores_saved_number)
{
    struct kt t;
    kt_begin(&t);
    int32_t c1 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, CCM_NODE_TRUE, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    kt_push(&t, CCM_F_RESUME, c1, CCM_NODE_INTVAL, CCM_NIL, 99);
    kt_control(&t, CCM_CC_MAIN, CCM_NODE_FALSE, CCM_NIL, 0);
    kt_fire(&t, CCM_R_RESUME);
    KT_NO_DELTA(&t);
    cr_assert_eq(t.m.ccc, c1);
    cr_assert_eq(t.m.ctl_code, CCM_NODE_INTVAL);
    cr_assert_eq(t.m.ctl_num, 99);
    cr_assert_eq(t.m.stack_len, 0);
}
