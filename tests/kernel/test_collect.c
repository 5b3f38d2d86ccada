/* collect [kernel/collect.c]: the collector on a hand-built state whose
 * live objects and cells are derived by hand below (docs/collector.md). */
#include "kt.h"

struct kt_gc {
    uint32_t hmark[KT_HEAP];
    uint64_t cmark[KT_CELLS];
    uint32_t work[KT_HEAP + KT_CELLS];
    struct ccm_gc g;
};

static void kt_gc_init(struct kt_gc *s, int32_t work_cap)
{
    memset(s, 0, sizeof *s);
    s->g = (struct ccm_gc){ s->hmark, s->cmark, s->work, work_cap };
}

/* Two top-level objects (0: main's application, 1: a literal), then
 *   objects  2 garbage   3 live (env c2)   4 garbage (env c0)
 *            5 live (an update frame's)    6 live (c2 binds it)
 *   cells    c0 = (2, nil) garbage   c1 = (3, nil) the control's env
 *            c2 = (6, c1) obj 3's env  c3 = (4, c0) garbage
 *            c4 = (5, c2) a case frame's env
 * Live: objects 0 1 3 5 6 -> 0 1 2 3 4; cells c1 c2 c4 -> 0 1 2. */
struct gc_state { struct kt t; int32_t cse, lit, c1; };

static struct kt *build(struct gc_state *s, struct kt_gc *g, int32_t work_cap)
{
    struct kt *t = &s->t;
    kt_gc_init(g, work_cap);
    kt_begin(t);
    s->lit = kt_lit(t, 7);
    int32_t v = kt_node(t, CCM_VAR, kt_gref(1), 0, 0);
    int32_t alt = kt_node(t, CCM_ALT, CCM_TAG_TRUE, 0, s->lit);
    s->cse = kt_node(t, CCM_CASE, v, alt, 1);
    int32_t entry = kt_node(t, CCM_VAR, kt_gref(0), 0, 0);
    kt_top(t, s->cse, CCM_CC_MAIN);
    kt_top(t, s->lit, CCM_CC_MAIN);
    kt_init(t, entry, CCM_RULES_FIG6, CCM_LEXICAL);
    cr_assert_eq(t->m.heap_len, 2);
    cr_assert_eq(t->m.cell_len, 0);
    kt_obj(t, s->lit, CCM_NIL, 0, 0);         /* 2 */
    kt_obj(t, s->lit, 2, 0, 0);               /* 3: env c2 (made below) */
    kt_obj(t, s->lit, 0, 0, 0);               /* 4: env c0 */
    kt_obj(t, s->lit, CCM_NIL, 0, 5);         /* 5 */
    kt_obj(t, s->lit, CCM_NIL, 0, 6);         /* 6 */
    kt_cell(t, 2, CCM_NIL);                   /* c0 */
    s->c1 = kt_cell(t, 3, CCM_NIL);           /* c1 */
    kt_cell(t, 6, 1);                         /* c2 */
    kt_cell(t, 4, 0);                         /* c3 */
    kt_cell(t, 5, 2);                         /* c4 */
    kt_push(t, CCM_F_UPD, 0, 5, 0, 0);
    kt_push(t, CCM_F_CASE, 0, s->cse, 4, 0);
    kt_control(t, 0, s->lit, s->c1, 0);
    t->m.steps = 10;
    t->costs[CCM_V] = 3;
    return t;
}

/* The heap and the cells in use, kept to compare with after a call. */
struct gc_snap { struct ccm_obj heap[KT_HEAP]; struct ccm_cell cells[KT_CELLS]; int32_t nh, nc; };

static void snap_take(struct gc_snap *p, const struct kt *t)
{
    p->nh = t->m.heap_len;
    p->nc = t->m.cell_len;
    memcpy(p->heap, t->heap, sizeof p->heap);
    memcpy(p->cells, t->cells, sizeof p->cells);
}

/* The call left the heap and the cells in use as they were. */
static void snap_same(const struct gc_snap *p, const struct kt *t)
{
    cr_assert_eq(t->m.heap_len, p->nh);
    cr_assert_eq(t->m.cell_len, p->nc);
    cr_assert(memcmp(p->heap, t->heap, (size_t)p->nh * sizeof p->heap[0]) == 0);
    cr_assert(memcmp(p->cells, t->cells, (size_t)p->nc * sizeof p->cells[0]) == 0);
}

Test(collect, slides_the_live_objects_and_cells_down)
{
    struct gc_state s;
    struct kt_gc g;
    struct kt *t = build(&s, &g, KT_HEAP + KT_CELLS);
    kt_snap(t);
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RUNNING);
    cr_assert_eq(t->m.heap_len, 5);
    cr_assert_eq(t->m.cell_len, 3);
    /* objects 3 5 6 are now 2 3 4, in order; their numbers say who they were */
    cr_assert_eq(t->heap[3].num, 5);
    cr_assert_eq(t->heap[4].num, 6);
    cr_assert_eq(t->heap[2].env, 1, "object 3's env c2 is now cell 1");
    cr_assert_eq(t->heap[3].env, CCM_NIL);
    /* cells c1 c2 c4 are now 0 1 2, each object and next renamed */
    cr_assert_eq(t->cells[0].addr, 2); cr_assert_eq(t->cells[0].next, CCM_NIL);
    cr_assert_eq(t->cells[1].addr, 4); cr_assert_eq(t->cells[1].next, 0);
    cr_assert_eq(t->cells[2].addr, 3); cr_assert_eq(t->cells[2].next, 1);
    /* the roots: the control's env, the update frame's thunk, the case frame's env */
    cr_assert_eq(t->m.ctl_env, 0);
    kt_expect_frame(t, 0, CCM_F_UPD, 0, 3, 0);
    kt_expect_frame(t, 1, CCM_F_CASE, 0, s.cse, 2);
    /* the top-level objects stay; costs and steps are untouched */
    cr_assert_eq(t->heap[0].code, s.cse);
    cr_assert_eq(t->heap[1].code, s.lit);
    cr_assert_eq(t->m.steps, 10);
    KT_NO_DELTA(t);
    cr_assert_eq(g.hmark[0], 1); cr_assert_eq(g.hmark[1], 2);
}

Test(collect, a_second_collection_frees_nothing_more)
{
    struct gc_state s;
    struct kt_gc g;
    struct kt *t = build(&s, &g, KT_HEAP + KT_CELLS);
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RUNNING);
    struct gc_snap p;
    snap_take(&p, t);
    cr_assert_eq(p.nh, 5);
    cr_assert_eq(p.nc, 3);
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RUNNING);
    snap_same(&p, t);
}

Test(collect, refuses_with_a_small_work_stack_and_changes_nothing)
{
    struct gc_state s;
    struct kt_gc g;
    struct kt *t = build(&s, &g, 3);       /* the roots alone are 5 entries */
    struct gc_snap p;
    snap_take(&p, t);
    cr_assert_eq(p.nh, 7);
    cr_assert_eq(p.nc, 5);
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RES_HEAP);
    snap_same(&p, t);
    cr_assert_eq(t->m.ctl_env, s.c1);
}

Test(collect, refuses_when_a_counter_exceeds_steps_plus_the_top_level)
{
    struct gc_state s;
    struct kt_gc g;
    struct kt *t = build(&s, &g, KT_HEAP + KT_CELLS);
    /* H = 13 > steps 10 + 2 top-level objects: after a collection to fewer
     * than 3 objects, wf's bound (steps + heap_len) could not hold */
    t->costs[CCM_H] = 13;
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RES_HEAP);
    cr_assert_eq(t->m.heap_len, 7);
    t->costs[CCM_H] = 12;
    cr_assert_eq(ccm_collect(&t->m, &g.g, 2), CCM_RUNNING);
    cr_assert_eq(t->m.heap_len, 5);
}

Test(collect, refuses_a_top_level_count_outside_the_heap)
{
    struct gc_state s;
    struct kt_gc g;
    build(&s, &g, KT_HEAP + KT_CELLS);
    cr_assert_eq(ccm_collect(&s.t.m, &g.g, 8), CCM_ERR_BAD_CODE);
    cr_assert_eq(ccm_collect(&s.t.m, &g.g, -1), CCM_ERR_BAD_CODE);
    cr_assert_eq(s.t.m.heap_len, 7);
}
