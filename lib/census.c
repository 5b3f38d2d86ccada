/* census.c -- live heap by cost centre (census.h).  A mark-only traversal
 * with an explicit work list (no recursion: live structures may be deep).
 * Every index read from the machine is checked against its fill, so a
 * census of any well-formed state reads only initialised memory. */
#include <stdlib.h>
#include <string.h>
#include "census.h"

/* profiles state alloc = H x CCM_OBJ_BYTES: the size of the machine's object */
_Static_assert(sizeof(struct ccm_obj) == CCM_OBJ_BYTES, "CCM_OBJ_BYTES is sizeof(struct ccm_obj)");

struct ccm_census {
    uint32_t epoch;                    /* marks equal to it are this census's */
    uint32_t *obj_mark;  int32_t obj_cap;
    uint32_t *cell_mark; int32_t cell_cap;
    int32_t *work;       int64_t work_len, work_cap;
    uint64_t *per_cc;    int32_t per_cc_cap;   /* objects per cc (or stack node), this census */
    int32_t *touched;    int32_t ntouched;     /* ccs (nodes) with per_cc > 0 */
};

struct ccm_census *ccm_census_new(void) { return calloc(1, sizeof(struct ccm_census)); }

void ccm_census_free(struct ccm_census *c)
{
    if (!c) return;
    free(c->obj_mark); free(c->cell_mark); free(c->work); free(c->per_cc); free(c->touched);
    free(c);
}

/* A mark array for every slot the machine may fill, allocated with calloc
 * (again when the machine's arrays have grown: the marks of earlier
 * censuses are not needed): pages are zero-filled on first touch, so a
 * census touches only the pages of the objects (cells) it marks -- nothing
 * in proportion to what was allocated.  Marks from earlier censuses are
 * stale epochs. */
static int ensure_marks(uint32_t **marks, int32_t *cap, int32_t n)
{
    if (n <= *cap) return 0;
    free(*marks);
    *marks = calloc((size_t)n, sizeof **marks);
    *cap = *marks ? n : 0;
    return *marks ? 0 : -1;
}

static int push(struct ccm_census *c, int32_t addr)
{
    if (c->work_len == c->work_cap) {
        int64_t cap = c->work_cap ? c->work_cap * 2 : 1024;
        int32_t *w = realloc(c->work, (size_t)cap * sizeof *w);
        if (!w) return -1;
        c->work = w;
        c->work_cap = cap;
    }
    c->work[c->work_len++] = addr;
    return 0;
}

/* Mark an object and queue it for its environment (once per census). */
static int reach(struct ccm_census *c, const struct ccm_machine *m, int32_t addr)
{
    if (addr < 0 || addr >= m->heap_len || c->obj_mark[addr] == c->epoch) return 0;
    c->obj_mark[addr] = c->epoch;
    return push(c, addr);
}

/* Walk an environment chain, reaching the object of every cell.  A marked
 * cell stops the walk: its whole tail was walked when it was marked. */
static int reach_env(struct ccm_census *c, const struct ccm_machine *m, int32_t env)
{
    while (env >= 0 && env < m->cell_len && c->cell_mark[env] != c->epoch) {
        c->cell_mark[env] = c->epoch;
        if (reach(c, m, m->cells[env].addr)) return -1;
        env = m->cells[env].next;
    }
    return 0;
}

static int reach_roots(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop)
{
    for (int32_t i = 0; i < ntop; i++)
        if (reach(c, m, i)) return -1;
    if (reach_env(c, m, m->ctl_env)) return -1;
    for (int32_t i = 0; i < m->stack_len; i++) {
        const struct ccm_frame *f = &m->stack[i];
        int rc = 0;
        switch (f->kind) {
        case CCM_F_ARG: case CCM_F_UPD:                   rc = reach(c, m, f->a); break;
        case CCM_F_CASE: case CCM_F_PRIM1: case CCM_F_RESUME: rc = reach_env(c, m, f->b); break;
        default: break;                                   /* PRIM2 holds a number only */
        }
        if (rc) return -1;
    }
    return 0;
}

static int count(struct ccm_census *c, int32_t cc)
{
    if (cc >= c->per_cc_cap) {
        int32_t cap = c->per_cc_cap ? c->per_cc_cap : 64;
        while (cap <= cc) cap *= 2;
        uint64_t *p = realloc(c->per_cc, (size_t)cap * sizeof *p);
        if (!p) return -1;
        memset(p + c->per_cc_cap, 0, (size_t)(cap - c->per_cc_cap) * sizeof *p);
        c->per_cc = p;
        int32_t *t = realloc(c->touched, (size_t)cap * sizeof *t);
        if (!t) return -1;
        c->touched = t;
        c->per_cc_cap = cap;
    }
    if (c->per_cc[cc]++ == 0) c->touched[c->ntouched++] = cc;
    return 0;
}

/* The census of ccm_census_take (by_stack 0: by each object's top cost
 * centre) and ccm_census_take_stacks (1: by its stack node). */
static int64_t take(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop, int by_stack,
                    void (*emit)(void *arg, int32_t key, uint64_t objects), void *arg)
{
    if (ensure_marks(&c->obj_mark, &c->obj_cap, m->heap_cap)
        || ensure_marks(&c->cell_mark, &c->cell_cap, m->cell_cap))
        return -1;
    if (++c->epoch == 0) {            /* wrapped: old stamps could collide */
        memset(c->obj_mark, 0, (size_t)c->obj_cap * sizeof *c->obj_mark);
        memset(c->cell_mark, 0, (size_t)c->cell_cap * sizeof *c->cell_mark);
        c->epoch = 1;
    }
    c->work_len = 0;
    for (int32_t i = 0; i < c->ntouched; i++) c->per_cc[c->touched[i]] = 0;   /* a failed census's */
    c->ntouched = 0;
    if (ntop > m->heap_len) ntop = m->heap_len;
    if (reach_roots(c, m, ntop)) return -1;
    int64_t live = 0;
    while (c->work_len > 0) {
        const struct ccm_obj *o = &m->heap[c->work[--c->work_len]];
        live++;
        /* an object carries a stack: counted under it, or under its top cost centre */
        int32_t cc = o->cc >= 0 && (uint32_t)o->cc < m->stk.len ? (int32_t)m->stk.node[o->cc].cc : -1;
        if (cc >= 0 && cc < m->ncc && count(c, by_stack ? o->cc : cc)) return -1;
        if (reach_env(c, m, o->env)) return -1;
    }
    for (int32_t i = 0; i < c->ntouched; i++) {
        int32_t cc = c->touched[i];
        emit(arg, cc, c->per_cc[cc]);
    }
    return live;
}

int64_t ccm_census_take(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop,
                        void (*emit)(void *arg, int32_t cc, uint64_t objects), void *arg)
{
    return take(c, m, ntop, 0, emit, arg);
}

int64_t ccm_census_take_stacks(struct ccm_census *c, const struct ccm_machine *m, int32_t ntop,
                               void (*emit)(void *arg, int32_t node, uint64_t objects), void *arg)
{
    return take(c, m, ntop, 1, emit, arg);
}
