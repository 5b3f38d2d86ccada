/* scc (entries on cc', subentries on cc) and scc_sub (nothing). */
#include "kt.h"

static void scc_case(int kind, int same)
{
    struct kt t;
    kt_begin(&t);
    int32_t c1 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t c2 = kt_cc(&t, CCM_CC_PLAIN);
    int32_t target = same ? c1 : c2;
    int32_t body = kt_lit(&t, 3);
    int32_t s = kt_node(&t, kind, target, body, 0);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, s, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    int32_t env = kt_cell(&t, 0, CCM_NIL);
    kt_control(&t, c1, s, env, 0);
    kt_fire(&t, kind == CCM_SCC ? CCM_R_SCC : CCM_R_SCC_SUB);
    if (kind == CCM_SCC)
        KT_DELTA(&t, {target, CCM_ENTRIES, 1}, {c1, CCM_SUBENTRIES, 1});
    else
        KT_NO_DELTA(&t);
    cr_assert_eq(t.m.ccc, target);
    cr_assert_eq(t.m.ctl_code, body);
    cr_assert_eq(t.m.ctl_env, env);
    cr_assert_eq(t.m.stack_len, 0);
}

Test(scc, entries_on_new_subentries_on_old) { scc_case(CCM_SCC, 0); }
Test(scc, same_cc_counts_both)              { scc_case(CCM_SCC, 1); }
Test(scc_sub, charges_nothing)              { scc_case(CCM_SCC_SUB, 0); }
