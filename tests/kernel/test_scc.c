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

/* ---- over cost-centre stacks (docs/stacks.md sections 2-3) ----
 * Cost centres: MAIN 0, f 1, g 2; the roots are nodes 0, 1, 2 (<MAIN>,
 * <f>, <g>), so the first pushed stack is node 3.  Each test fires
 * `scc L e` from a current stack S and derives push(L, S) by hand. */
struct stk_fix { struct kt t; int32_t f, g, body, scc_f, scc_g; };

static void stk_setup(struct stk_fix *x, int push)
{
    struct kt *t = &x->t;
    kt_begin(t);
    x->f = kt_cc(t, CCM_CC_PLAIN);
    x->g = kt_cc(t, CCM_CC_PLAIN);
    x->body = kt_lit(t, 3);
    x->scc_f = kt_node(t, CCM_SCC, x->f, x->body, 0);
    x->scc_g = kt_node(t, CCM_SCC, x->g, x->body, 0);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, x->body, CCM_CC_MAIN);
    t->m.push = (uint8_t)push;
    kt_init(t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    t->m.push = (uint8_t)push;
}

/* fire scc (node sccn) from stack s; the new stack is the ccc after */
static int32_t stk_fire(struct stk_fix *x, int32_t s, int32_t sccn)
{
    kt_control(&x->t, s, sccn, CCM_NIL, 0);
    kt_fire(&x->t, CCM_R_SCC);
    cr_assert_eq(x->t.m.ctl_code, x->body);
    return x->t.m.ccc;
}

Test(stacks, init_lays_one_root_per_cost_centre)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_APPEND);
    cr_assert_eq(x.t.m.stk.len, 3);
    for (uint32_t c = 0; c < 3; c++) {
        cr_assert_eq(x.t.nodes[c].up, 0);
        cr_assert_eq(x.t.nodes[c].cc, c);
    }
    for (int i = 0; i < KT_SLOTS; i++) cr_assert_eq(x.t.slots[i], 0);
}

/* append: <f> then scc g makes <f,g> = node 3 (parent 1, cc g); entries
 * to node 3, subentries to <f>.  Again from <f>: the same node, none added. */
Test(stacks, append_makes_a_child_once)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_APPEND);
    int32_t s = stk_fire(&x, x.f, x.scc_g);
    cr_assert_eq(s, 3);
    cr_assert_eq(x.t.nodes[3].up, x.f + 1);
    cr_assert_eq(x.t.nodes[3].cc, x.g);
    cr_assert_eq(x.t.m.stk.len, 4);
    KT_DELTA(&x.t, {3, CCM_ENTRIES, 1}, {x.f, CCM_SUBENTRIES, 1});
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
    cr_assert_eq(x.t.m.stk.len, 4);
    /* <f,g> then scc g again: append grows, <f,g,g> = node 4 */
    cr_assert_eq(stk_fire(&x, 3, x.scc_g), 4);
    cr_assert_eq(x.t.nodes[4].up, 4);
    cr_assert_eq(x.t.nodes[4].cc, x.g);
}

/* ghc: <f> then scc g makes <f,g> (node 3); from <f,g>, scc g keeps
 * <f,g> (top is g: entry and subentry both on it); scc f cuts back to <f>. */
Test(stacks, ghc_keeps_on_top_and_cuts_back)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_GHC);
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
    cr_assert_eq(stk_fire(&x, 3, x.scc_g), 3);
    KT_DELTA(&x.t, {3, CCM_ENTRIES, 1}, {3, CCM_SUBENTRIES, 1});
    cr_assert_eq(stk_fire(&x, 3, x.scc_f), x.f);
    KT_DELTA(&x.t, {x.f, CCM_ENTRIES, 1}, {3, CCM_SUBENTRIES, 1});
    cr_assert_eq(x.t.m.stk.len, 4);
}

/* single: every stack is a root, whatever S */
Test(stacks, single_gives_the_root)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_SINGLE);
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), x.g);
    cr_assert_eq(x.t.m.stk.len, 3);
}

/* a full table: scc refuses with nothing written; a stack already there
 * is still found */
Test(stacks, full_table_refuses)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_APPEND);
    x.t.m.stk.cap = 4;
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
    kt_control(&x.t, x.g, x.scc_f, CCM_NIL, 0);
    kt_expect_refused(&x.t, CCM_RES_HEAP);
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
}

/* SUBCAF decides on the top of the value's stack: a value under
 * <MAIN,CAF:k> leaves the demander's stack; one under <MAIN,CAF:k,f>
 * (top f, plain) replaces it */
Test(stacks, subcaf_reads_the_top)
{
    struct kt t;
    kt_begin(&t);
    int32_t caf = kt_cc(&t, CCM_CC_CAF);
    int32_t f = kt_cc(&t, CCM_CC_PLAIN);
    int32_t lit = kt_lit(&t, 7);
    int32_t xvar = kt_node(&t, CCM_VAR, 0, 0, 0);
    int32_t entry = kt_node(&t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(&t, lit, CCM_CC_MAIN);
    kt_init(&t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    /* nodes 3 = <MAIN,CAF:k>, 4 = <MAIN,CAF:k,f>, poked as a run would make them */
    t.nodes[3] = (struct ccm_snode){ .up = 1, .cc = (uint32_t)caf };
    t.nodes[4] = (struct ccm_snode){ .up = 4, .cc = (uint32_t)f };
    t.m.stk.len = 5;
    int32_t o1 = kt_obj(&t, lit, CCM_NIL, 3, 0);
    int32_t o2 = kt_obj(&t, lit, CCM_NIL, 4, 0);
    kt_control(&t, f, xvar, kt_cell(&t, o1, CCM_NIL), 0);
    kt_fire(&t, CCM_R_VAR1);
    cr_assert_eq(t.m.ccc, f);
    KT_DELTA(&t, {f, CCM_V, 1});
    kt_control(&t, f, xvar, kt_cell(&t, o2, CCM_NIL), 0);
    kt_fire(&t, CCM_R_VAR1);
    cr_assert_eq(t.m.ccc, 4);
}

/* reindex: after the index is wiped, a stack already there is found again */
Test(stacks, reindex_restores_lookup)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_APPEND);
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
    cr_assert_eq(stk_fire(&x, 3, x.scc_f), 4);
    memset(x.t.slots, 0, sizeof x.t.slots);
    ccm_stack_reindex(&x.t.m);
    cr_assert_eq(stk_fire(&x, 3, x.scc_f), 4);
    cr_assert_eq(stk_fire(&x, x.f, x.scc_g), 3);
    cr_assert_eq(x.t.m.stk.len, 5);
}

/* scc_sub pushes as scc does (docs/stacks.md section 2) and charges
 * nothing: <f> then scc_sub g under append is <f,g> = node 3 */
Test(stacks, scc_sub_pushes_without_charge)
{
    struct stk_fix x;
    stk_setup(&x, CCM_PUSH_APPEND);
    int32_t n = kt_node(&x.t, CCM_SCC_SUB, x.g, x.body, 0);
    x.t.m.ncode = x.t.ncode;
    x.t.p.ncode = x.t.ncode;
    kt_control(&x.t, x.f, n, CCM_NIL, 0);
    kt_fire(&x.t, CCM_R_SCC_SUB);
    cr_assert_eq(x.t.m.ccc, 3);
    cr_assert_eq(x.t.nodes[3].up, x.f + 1);
    cr_assert_eq(x.t.nodes[3].cc, x.g);
    KT_NO_DELTA(&x.t);
}
