/* collect.c -- the garbage collector (docs/collector.md).
 *
 * Mark, then slide.  The objects and cells reachable from the roots (the
 * top-level bindings, the control's environment, every frame) are marked
 * with an explicit work stack; each array's live entries are then numbered
 * in order and slid down in place to their numbers, every reference
 * renamed.  Sliding keeps the order, so a cell's next is still an older
 * cell, and the top-level bindings, all live, stay where they are.  The
 * caller hands every scratch array (struct ccm_gc); the machine is written
 * only once the marking has succeeded, so a refusal (the work stack too
 * small) leaves it as it was. */
#include "kernel_internal.h"

/* The arrays the pieces work on, as values read once from the machine and
 * the scratch struct: so that the proof of a store into one array never
 * has to show that it moved another array or a length. */
struct gc_arrays {
    struct ccm_obj *heap;   int32_t nh;    /* the heap and its fill  */
    struct ccm_cell *cells; int32_t nc;    /* the cells and their fill */
    uint32_t *hm;  uint64_t *cm;           /* their marks            */
    uint32_t *work; int32_t cap;           /* the work stack         */
};

#ifdef __FRAMAC__
#include "ccm_gc_arrays.h"
#endif

/*@ requires n: 0 <= n;
    requires valid: \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1];
    ensures zero: \forall integer i; 0 <= i < n ==> p[i] == 0;
*/
static void gc_zero(uint32_t *p, int32_t n)
{
    /*@ loop invariant bounds: 0 <= i <= n;
        loop invariant zero: \forall integer k; 0 <= k < i ==> p[k] == 0;
        loop assigns i, p[0 .. n - 1];
        loop variant n - i;
    */
    for (int32_t i = 0; i < n; i++) p[i] = 0;
}

/* Reach entry i of marks MARK, pushed as ENTRY: mark it and push it,
 * unless it is reached already.  The new height of the work stack (the
 * caller checked that it has room). */
#define GC_REACH(MARK, i, n, ENTRY) \
    requires ok: arrays_ok(a); \
    requires i: 0 <= i < n; \
    requires sp: 0 <= sp < a.cap; \
    assigns MARK[i], a.work[sp]; \
    behavior reached_before: \
      assumes MARK[i] != 0; \
      assigns \nothing; \
      ensures result: \result == sp; \
      ensures mark: MARK[i] == \old(MARK[i]); \
      ensures work: a.work[sp] == \old(a.work[sp]); \
    behavior reached: \
      assumes MARK[i] == 0; \
      ensures result: \result == sp + 1; \
      ensures mark: MARK[i] == 1; \
      ensures work: a.work[sp] == ENTRY; \
    complete behaviors; \
    disjoint behaviors;

/* object x, pushed as 2 x */
/*@ GC_REACH(a.hm, x, a.nh, 2 * x) */
static int32_t gc_reach_obj(struct gc_arrays a, int32_t x, int32_t sp)
{
    if (a.hm[x] != 0) return sp;
    a.hm[x] = 1;
    a.work[sp] = 2 * (uint32_t)x;
    return sp + 1;
}

/* cell c, pushed as 2 c + 1 */
/*@ GC_REACH(a.cm, c, a.nc, 2 * c + 1) */
static int32_t gc_reach_cell(struct gc_arrays a, int32_t c, int32_t sp)
{
    if (a.cm[c] != 0) return sp;
    a.cm[c] = 1;
    a.work[sp] = 2 * (uint32_t)c + 1;
    return sp + 1;
}

#define GC_MARKS_ASSIGNS \
  assigns a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1], a.work[0 .. a.cap - 1];

/* Reach what frame f holds (kind k, fields fa, fb), the stack at sp. */
/*@ requires ok: arrays_ok(a);
    requires fa: (k == CCM_F_ARG || k == CCM_F_UPD) ==> 0 <= fa < a.nh;
    requires fb: (k == CCM_F_CASE || k == CCM_F_PRIM1 || k == CCM_F_RESUME) ==> CCM_NIL <= fb < a.nc;
    requires small: marks_small(a);
    requires work: work_ok(a, sp);
    requires greys_objs: greys_objs(a, sp);
    requires greys_cells: greys_cells(a, sp);
    requires blacks_objs: blacks_objs(a);
    requires blacks_cells: blacks_cells(a);
    assigns a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1], a.work[0 .. a.cap - 1];
    ensures result: -1 <= \result;
    ensures small: marks_small(a);
    ensures work: \result >= 0 ==> work_ok(a, \result);
    ensures greys_objs: \result >= 0 ==> greys_objs(a, \result);
    ensures greys_cells: \result >= 0 ==> greys_cells(a, \result);
    ensures blacks_objs: blacks_objs(a);
    ensures blacks_cells: blacks_cells(a);
    ensures grow_objs: grow_objs{Pre,Post}(a);
    ensures grow_cells: grow_cells{Pre,Post}(a);
    ensures live_a: \result >= 0 ==> (k == CCM_F_ARG || k == CCM_F_UPD) ==> a.hm[fa] != 0;
    ensures live_b: \result >= 0 ==> (k == CCM_F_CASE || k == CCM_F_PRIM1 || k == CCM_F_RESUME) ==> live_env(a, fb);
*/
static int32_t gc_reach_frame(struct gc_arrays a, int32_t k, int32_t fa, int32_t fb, int32_t sp)
{
    if (k == CCM_F_ARG || k == CCM_F_UPD) {
        if (sp >= a.cap) return -1;
        return gc_reach_obj(a, fa, sp);
    }
    if ((k == CCM_F_CASE || k == CCM_F_PRIM1 || k == CCM_F_RESUME) && fb != CCM_NIL) {
        if (sp >= a.cap) return -1;
        return gc_reach_cell(a, fb, sp);
    }
    return sp;
}

/* Reach the roots: the top-level bindings (objects 0 .. ntop-1), the
 * control's environment, what each frame of stack[0 .. n-1] holds.  The
 * work stack's height, or -1 when it is full. */
/*@ requires ok: arrays_ok(a);
    requires tops: 0 <= ntop <= a.nh;
    requires env: CCM_NIL <= env < a.nc;
    requires stack: 0 <= n && \valid_read(stack + (0 .. n - 1));
    requires frames: \forall integer j; 0 <= j < n ==>
                       ((stack[j].kind == CCM_F_ARG || stack[j].kind == CCM_F_UPD) ==> 0 <= stack[j].a < a.nh) &&
                       ((stack[j].kind == CCM_F_CASE || stack[j].kind == CCM_F_PRIM1 ||
                         stack[j].kind == CCM_F_RESUME) ==> CCM_NIL <= stack[j].b < a.nc);
    requires clear: \forall integer x; 0 <= x < a.nh ==> a.hm[x] == 0;
    requires clear_cells: \forall integer c; 0 <= c < a.nc ==> a.cm[c] == 0;
    GC_MARKS_ASSIGNS
    ensures result: -1 <= \result;
    ensures marking: \result >= 0 ==> marking(a, \result);
    ensures roots: \result >= 0 ==> tops_live(a, ntop) && live_env(a, env) && frames_live(a, stack, n);
*/
static int32_t gc_roots(struct gc_arrays a, int32_t ntop, int32_t env, const struct ccm_frame *stack, int32_t n)
{
    int32_t sp = 0;
    /*@ loop invariant bounds: 0 <= x <= ntop;
        loop invariant small: marks_small(a);
        loop invariant work: work_ok(a, sp);
        loop invariant greys_objs: greys_objs(a, sp);
        loop invariant greys_cells: greys_cells(a, sp);
        loop invariant blacks_objs: blacks_objs(a);
        loop invariant blacks_cells: blacks_cells(a);
        loop invariant tops: tops_live(a, x);
        loop invariant clear_cells: \forall integer c; 0 <= c < a.nc ==> a.cm[c] == 0;
        loop assigns x, sp, a.hm[0 .. a.nh - 1], a.work[0 .. a.cap - 1];
        loop variant ntop - x;
    */
    for (int32_t x = 0; x < ntop; x++) {
        if (sp >= a.cap) return -1;
        sp = gc_reach_obj(a, x, sp);
    }
    if (env != CCM_NIL) {
        if (sp >= a.cap) return -1;
        sp = gc_reach_cell(a, env, sp);
    }
    /*@ loop invariant bounds: 0 <= j <= n;
        loop invariant small: marks_small(a);
        loop invariant work: work_ok(a, sp);
        loop invariant greys_objs: greys_objs(a, sp);
        loop invariant greys_cells: greys_cells(a, sp);
        loop invariant blacks_objs: blacks_objs(a);
        loop invariant blacks_cells: blacks_cells(a);
        loop invariant tops: tops_live(a, ntop) && live_env(a, env);
        loop invariant frames: frames_live(a, stack, j);
        loop assigns j, sp, a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1], a.work[0 .. a.cap - 1];
        loop variant n - j;
    */
    for (int32_t j = 0; j < n; j++) {
        sp = gc_reach_frame(a, stack[j].kind, stack[j].a, stack[j].b, sp);
        if (sp < 0) return -1;
        /*@ assert this: frame_live(a, stack[j]); */
    }
    return sp;
}

/* The marking's invariant but for one entry popped from the stack (sp is
 * the height after the pop): every reached object but x (cell c) is on
 * the stack or scanned. */
#define GC_POPPED(but_objs, but_cells) \
    requires sp: 0 <= sp < a.cap; \
    requires small: marks_small(a); \
    requires work: work_ok(a, sp); \
    requires greys_objs: \forall integer y; 0 <= y < a.nh ==> but_objs ==> a.hm[y] == 1 ==> \
                           \exists integer j; 0 <= j < sp && a.work[j] == 2 * y; \
    requires greys_cells: \forall integer d; 0 <= d < a.nc ==> but_cells ==> a.cm[d] == 1 ==> \
                            \exists integer j; 0 <= j < sp && a.work[j] == 2 * d + 1; \
    requires blacks_objs: blacks_objs(a); \
    requires blacks_cells: blacks_cells(a);
#define GC_SCANNED \
    ensures small: marks_small(a); \
    ensures work: \result >= 0 ==> work_ok(a, \result); \
    ensures greys_objs: \result >= 0 ==> greys_objs(a, \result); \
    ensures greys_cells: \result >= 0 ==> greys_cells(a, \result); \
    ensures blacks_objs: \result >= 0 ==> blacks_objs(a); \
    ensures blacks_cells: \result >= 0 ==> blacks_cells(a); \
    ensures grow_objs: grow_objs{Pre,Post}(a); \
    ensures grow_cells: grow_cells{Pre,Post}(a);

/* Scan object x, popped: its environment reached, x marked scanned (2). */
/*@ requires ok: arrays_ok(a);
    requires links: obj_links(a);
    requires x: 0 <= x < a.nh && a.hm[x] != 0;
    GC_POPPED(y != x, \true)
    assigns a.hm[x], a.cm[0 .. a.nc - 1], a.work[sp];
    ensures result: \result == sp || \result == sp + 1;
    GC_SCANNED
*/
static int32_t gc_scan_obj(struct gc_arrays a, int32_t x, int32_t sp)
{
    a.hm[x] = 2;
    int32_t e = a.heap[x].env;
    if (e == CCM_NIL) return sp;
    return gc_reach_cell(a, e, sp);
}

/* Scan cell c, popped: its object and its next reached, c marked scanned
 * (2).  The new height, or -1 when the stack has no room for both. */
/*@ requires ok: arrays_ok(a);
    requires links: cell_links(a);
    requires c: 0 <= c < a.nc && a.cm[c] != 0;
    GC_POPPED(\true, d != c)
    assigns a.cm[0 .. a.nc - 1], a.hm[0 .. a.nh - 1], a.work[0 .. a.cap - 1];
    ensures result: -1 <= \result <= sp + 2 && \result <= a.cap;
    GC_SCANNED
*/
static int32_t gc_scan_cell(struct gc_arrays a, int32_t c, int32_t sp)
{
    a.cm[c] = 2;
    int32_t x = a.cells[c].addr;
    int32_t e = a.cells[c].next;
    sp = gc_reach_obj(a, x, sp);
    /*@ assert work1: work_ok(a, sp); */
    /*@ assert greys_objs1: greys_objs(a, sp); */
    /*@ assert greys_cells1: \forall integer d; 0 <= d < a.nc ==> d != c ==> a.cm[d] == 1 ==>
                               \exists integer j; 0 <= j < sp && a.work[j] == 2 * d + 1; */
    /*@ assert grow1: grow_objs{Pre,Here}(a) && grow_cells{Pre,Here}(a); */
    /*@ assert reached1: a.hm[x] != 0; */
    if (e != CCM_NIL) {
        if (sp >= a.cap) return -1;
        sp = gc_reach_cell(a, e, sp);
    }
    /*@ assert closed_c: cell_closed(a, c); */
    return sp;
}

/* Scan the work stack until it is empty, each entry's children reached.
 * 0, then the live set is closed; or -1 when the work stack is full, or
 * (never: an entry is pushed once, when reached) more entries are popped
 * than there are objects and cells. */
/*@ requires ok: arrays_ok(a);
    requires links: obj_links(a) && cell_links(a);
    requires marking: marking(a, sp);
    GC_MARKS_ASSIGNS
    ensures result: \result == 0 || \result == -1;
    ensures closed: \result == 0 ==> objs_closed(a) && cells_closed(a);
    ensures grow: marks_grow{Pre,Post}(a);
*/
static int gc_scan(struct gc_arrays a, int32_t sp)
{
    int64_t fuel = (int64_t)a.nh + a.nc;
    /*@ loop invariant small: marks_small(a);
        loop invariant work: work_ok(a, sp);
        loop invariant greys_objs: greys_objs(a, sp);
        loop invariant greys_cells: greys_cells(a, sp);
        loop invariant blacks_objs: blacks_objs(a);
        loop invariant blacks_cells: blacks_cells(a);
        loop invariant grow_objs: grow_objs{Pre,Here}(a);
        loop invariant grow_cells: grow_cells{Pre,Here}(a);
        loop invariant fuel: 0 <= fuel;
        loop assigns sp, fuel, a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1], a.work[0 .. a.cap - 1];
        loop variant fuel;
    */
    while (sp > 0) {
        if (fuel == 0) return -1;
        fuel--;
        uint32_t w = a.work[sp - 1];
        /*@ assert entry: work_entry(a, w); */
        /*@ assert others_objs: \forall integer y; 0 <= y < a.nh ==> 2 * y != w ==> a.hm[y] == 1 ==>
                                  \exists integer j; 0 <= j < sp - 1 && a.work[j] == 2 * y; */
        /*@ assert others_cells: \forall integer d; 0 <= d < a.nc ==> 2 * d + 1 != w ==> a.cm[d] == 1 ==>
                                   \exists integer j; 0 <= j < sp - 1 && a.work[j] == 2 * d + 1; */
        sp--;
        if (w % 2 == 0)
            sp = gc_scan_obj(a, (int32_t)(w / 2), sp);
        else
            sp = gc_scan_cell(a, (int32_t)(w / 2), sp);
        if (sp < 0) return -1;
    }
    /*@ assert no_grey: marking(a, 0); */
    return 0;
}

/* Number the live objects 1, 2, ... in order (the mark becomes the
 * number) and slide each down to its number - 1; its environment is
 * renamed later (gc_rename_envs), once the cells are numbered.  The number
 * of live objects.  (The code and the cost-centre stack of each are below
 * ncode and nstk, as they were.) */
/*@ requires ok: arrays_ok(a);
    requires links: obj_links(a);
    requires closed: objs_closed(a);
    requires tops: 0 <= ntop <= a.nh && tops_live(a, ntop);
    requires objs: \forall integer x; 0 <= x < a.nh ==> 0 <= a.heap[x].code < ncode && 0 <= a.heap[x].cc < nstk;
    assigns a.heap[0 .. a.nh - 1], a.hm[0 .. a.nh - 1];
    ensures count: 0 <= \result <= a.nh;
    ensures live: \forall integer x; 0 <= x < a.nh ==> (a.hm[x] != 0 <==> \old(a.hm[x]) != 0);
    ensures numbers: \forall integer x; 0 <= x < a.nh ==> a.hm[x] != 0 ==> 1 <= a.hm[x] <= \result;
    ensures tops: ntop <= \result;
    ensures tops_kept: \forall integer x; 0 <= x < ntop ==> a.hm[x] == x + 1;
    ensures fits_code: \forall integer y; 0 <= y < \result ==> 0 <= a.heap[y].code < ncode;
    ensures fits_cc: \forall integer y; 0 <= y < \result ==> 0 <= a.heap[y].cc < nstk;
    ensures fits_env: \forall integer y; 0 <= y < \result ==> live_env(a, a.heap[y].env) && CCM_NIL <= a.heap[y].env < a.nc;
*/
static int32_t gc_slide_objs(struct gc_arrays a, int32_t ntop, int32_t ncode, int32_t nstk)
{
    (void)ntop; (void)ncode; (void)nstk;   /* for the contract only */
    int32_t j = 0;
    /*@ loop invariant bounds: 0 <= j <= x <= a.nh;
        loop invariant live: \forall integer z; 0 <= z < a.nh ==> (a.hm[z] != 0 <==> \at(a.hm[z], Pre) != 0);
        loop invariant numbers: \forall integer z; 0 <= z < x ==> a.hm[z] != 0 ==> 1 <= a.hm[z] <= j;
        loop invariant tops: x <= ntop ==> j == x;
        loop invariant tops_after: ntop <= x ==> ntop <= j;
        loop invariant tops_kept: \forall integer z; 0 <= z < x && z < ntop ==> a.hm[z] == z + 1;
        loop invariant fits_code: \forall integer y; 0 <= y < j ==> 0 <= a.heap[y].code < ncode;
        loop invariant fits_cc: \forall integer y; 0 <= y < j ==> 0 <= a.heap[y].cc < nstk;
        loop invariant fits_env: \forall integer y; 0 <= y < j ==> live_env(a, a.heap[y].env) && CCM_NIL <= a.heap[y].env < a.nc;
        loop invariant rest_code: \forall integer z; x <= z < a.nh ==> a.heap[z].code == \at(a.heap[z].code, Pre);
        loop invariant rest_env: \forall integer z; x <= z < a.nh ==> a.heap[z].env == \at(a.heap[z].env, Pre);
        loop invariant rest_cc: \forall integer z; x <= z < a.nh ==> a.heap[z].cc == \at(a.heap[z].cc, Pre);
        loop invariant rest_hm: \forall integer z; x <= z < a.nh ==> a.hm[z] == \at(a.hm[z], Pre);
        loop assigns x, j, a.heap[0 .. a.nh - 1], a.hm[0 .. a.nh - 1];
        loop variant a.nh - x;
    */
    for (int32_t x = 0; x < a.nh; x++) {
        if (a.hm[x] == 0) continue;
        int32_t code = a.heap[x].code, env = a.heap[x].env, cc = a.heap[x].cc, hole = a.heap[x].hole;
        int64_t num = a.heap[x].num;
        /*@ assert this: \let k = x; 0 <= code < ncode && 0 <= cc < nstk &&
                           live_env(a, env) && CCM_NIL <= env < a.nc && env == \at(a.heap[k].env, Pre); */
        a.heap[j].code = code;
        a.heap[j].env = env;
        a.heap[j].cc = cc;
        a.heap[j].hole = hole;
        a.heap[j].num = num;
        j++;
        a.hm[x] = (uint32_t)j;
    }
    return j;
}

/* Number the live cells 1, 2, ... in order (the mark becomes the number)
 * and slide each down to its number - 1, its object renamed (the objects
 * are numbered: nh of them) and its next (an older cell, numbered
 * already).  The number of live cells. */
/*@ requires ok: arrays_ok(a);
    requires links: cell_links(a);
    requires closed: cells_closed(a);
    requires objs: 0 <= nh && \forall integer x; 0 <= x < a.nh ==> a.hm[x] != 0 ==> 1 <= a.hm[x] <= nh;
    assigns a.cells[0 .. a.nc - 1], a.cm[0 .. a.nc - 1];
    ensures count: 0 <= \result <= a.nc;
    ensures live: \forall integer c; 0 <= c < a.nc ==> (a.cm[c] != 0 <==> \old(a.cm[c]) != 0);
    ensures numbers: \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> 1 <= a.cm[c] <= \result;
    ensures fits_addr: \forall integer d; 0 <= d < \result ==> 0 <= a.cells[d].addr < nh;
    ensures fits_next: \forall integer d; 0 <= d < \result ==> CCM_NIL <= a.cells[d].next < d;
*/
static int32_t gc_slide_cells(struct gc_arrays a, int32_t nh)
{
    (void)nh;   /* the objects' count: for the contract only */
    int32_t j = 0;
    /*@ loop invariant bounds: 0 <= j <= c <= a.nc;
        loop invariant live: \forall integer z; 0 <= z < a.nc ==> (a.cm[z] != 0 <==> \at(a.cm[z], Pre) != 0);
        loop invariant numbers: \forall integer z; 0 <= z < c ==> a.cm[z] != 0 ==> 1 <= a.cm[z] <= j;
        loop invariant fits_addr: \forall integer d; 0 <= d < j ==> 0 <= a.cells[d].addr < nh;
        loop invariant fits_next: \forall integer d; 0 <= d < j ==> CCM_NIL <= a.cells[d].next < d;
        loop invariant rest_addr: \forall integer z; c <= z < a.nc ==> a.cells[z].addr == \at(a.cells[z].addr, Pre);
        loop invariant rest_next: \forall integer z; c <= z < a.nc ==> a.cells[z].next == \at(a.cells[z].next, Pre);
        loop invariant rest_cm: \forall integer z; c <= z < a.nc ==> a.cm[z] == \at(a.cm[z], Pre);
        loop assigns c, j, a.cells[0 .. a.nc - 1], a.cm[0 .. a.nc - 1];
        loop variant a.nc - c;
    */
    for (int32_t c = 0; c < a.nc; c++) {
        if (a.cm[c] == 0) continue;
        int32_t addr = a.cells[c].addr;
        int32_t next = a.cells[c].next;
        /*@ assert this: \let k = c; addr == \at(a.cells[k].addr, Pre) && next == \at(a.cells[k].next, Pre); */
        /*@ assert addr: 0 <= addr < a.nh && a.hm[addr] != 0; */
        /*@ assert next: CCM_NIL <= next < c && (next != CCM_NIL ==> 1 <= a.cm[next] <= j); */
        addr = (int32_t)a.hm[addr] - 1;
        if (next != CCM_NIL) next = (int32_t)a.cm[next] - 1;
        a.cells[j].addr = addr;
        a.cells[j].next = next;
        j++;
        a.cm[c] = (uint64_t)j;
    }
    return j;
}

/* The live objects' environments renamed, now that the cells are
 * numbered (nc of them). */
/*@ requires ok: arrays_ok(a);
    requires nh: 0 <= nh <= a.nh;
    requires envs: \forall integer y; 0 <= y < nh ==> live_env(a, a.heap[y].env) && CCM_NIL <= a.heap[y].env < a.nc;
    requires cells: 0 <= nc && \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> 1 <= a.cm[c] <= nc;
    assigns a.heap[0 .. nh - 1];
    ensures fits: \forall integer y; 0 <= y < nh ==> CCM_NIL <= a.heap[y].env < nc;
    ensures code: \forall integer y; 0 <= y < nh ==> a.heap[y].code == \old(a.heap[y].code);
    ensures cc: \forall integer y; 0 <= y < nh ==> a.heap[y].cc == \old(a.heap[y].cc);
*/
static void gc_rename_envs(struct gc_arrays a, int32_t nh, int32_t nc)
{
    (void)nc;   /* the cells' count: for the contract only */
    /*@ loop invariant bounds: 0 <= y <= nh;
        loop invariant done: \forall integer i; 0 <= i < y ==> CCM_NIL <= a.heap[i].env < nc;
        loop invariant rest: \forall integer i; y <= i < nh ==> a.heap[i].env == \at(a.heap[i].env, Pre);
        loop invariant code: \forall integer i; 0 <= i < nh ==> a.heap[i].code == \at(a.heap[i].code, Pre);
        loop invariant cc: \forall integer i; 0 <= i < nh ==> a.heap[i].cc == \at(a.heap[i].cc, Pre);
        loop assigns y, a.heap[0 .. nh - 1].env;
        loop variant nh - y;
    */
    for (int32_t y = 0; y < nh; y++)
        if (a.heap[y].env != CCM_NIL)
            a.heap[y].env = (int32_t)a.cm[a.heap[y].env] - 1;
}

/* One frame's references renamed. */
/*@ requires ok: arrays_ok(a);
    requires f: \valid(f);
    requires n: 0 <= nh && 0 <= nc;
    requires live: frame_live(a, *f);
    requires fits: frame_fits(*f, code, ncode, nstk, a.nh, a.nc);
    requires objs: \forall integer x; 0 <= x < a.nh ==> a.hm[x] != 0 ==> 1 <= a.hm[x] <= nh;
    requires cells: \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> 1 <= a.cm[c] <= nc;
    assigns f->a, f->b;
    ensures fits: frame_fits(*f, code, ncode, nstk, nh, nc);
*/
static void gc_move_frame(struct gc_arrays a, struct ccm_frame *f, const struct ccm_node *code,
                          int32_t ncode, int32_t nstk, int32_t nh, int32_t nc)
{
    (void)code; (void)ncode; (void)nstk; (void)nh; (void)nc;   /* for the contract only */
    int32_t k = f->kind;
    if (k == CCM_F_ARG || k == CCM_F_UPD)
        f->a = (int32_t)a.hm[f->a] - 1;
    else if ((k == CCM_F_CASE || k == CCM_F_PRIM1 || k == CCM_F_RESUME) && f->b != CCM_NIL)
        f->b = (int32_t)a.cm[f->b] - 1;
}

/* Every frame's references renamed. */
/*@ requires ok: arrays_ok(a);
    requires stack: 0 <= n && \valid(stack + (0 .. n - 1));
    requires live: frames_live(a, stack, n);
    requires fits: \forall integer j; 0 <= j < n ==> frame_fits(stack[j], code, ncode, nstk, a.nh, a.nc);
    requires objs: 0 <= nh && \forall integer x; 0 <= x < a.nh ==> a.hm[x] != 0 ==> 1 <= a.hm[x] <= nh;
    requires cells: 0 <= nc && \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> 1 <= a.cm[c] <= nc;
    assigns stack[0 .. n - 1];
    ensures fits: \forall integer j; 0 <= j < n ==> frame_fits(stack[j], code, ncode, nstk, nh, nc);
*/
static void gc_move_frames(struct gc_arrays a, struct ccm_frame *stack, int32_t n, const struct ccm_node *code,
                           int32_t ncode, int32_t nstk, int32_t nh, int32_t nc)
{
    /*@ loop invariant bounds: 0 <= j <= n;
        loop invariant done: \forall integer i; 0 <= i < j ==> frame_fits(stack[i], code, ncode, nstk, nh, nc);
        loop invariant todo: \forall integer i; j <= i < n ==>
                               frame_live(a, stack[i]) && frame_fits(stack[i], code, ncode, nstk, a.nh, a.nc);
        loop assigns j, stack[0 .. n - 1];
        loop variant n - j;
    */
    for (int32_t j = 0; j < n; j++)
        gc_move_frame(a, &stack[j], code, ncode, nstk, nh, nc);
}

/* Does every counter stay within steps + lo, the bound wf keeps
 * (costs_ok), once the heap holds lo objects?  1 or 0. */
/*@ requires ctx: machine_valid(m) && sizes_ok(m);
    requires lo: 0 <= lo;
    assigns \nothing;
    ensures fit: \result != 0 ==>
                 \forall integer i; 0 <= i < m->stk.cap * CCM_NCOUNTERS ==> m->costs[i] <= m->steps + lo;
*/
static int gc_costs_fit(const struct ccm_machine *m, int32_t lo)
{
    int64_t n = (int64_t)m->stk.cap * CCM_NCOUNTERS;
    /*@ loop invariant bounds: 0 <= i <= n;
        loop invariant fit: \forall integer k; 0 <= k < i ==> m->costs[k] <= m->steps + lo;
        loop assigns i;
        loop variant n - i;
    */
    for (int64_t i = 0; i < n; i++)
        if (m->costs[i] > m->steps + (uint64_t)lo) return 0;
    return 1;
}

/* Mark the live objects and cells: 0, the live set closed and holding
 * the roots; or -1 (the work stack too small). */
/*@ requires ok: arrays_ok(a);
    requires links: obj_links(a) && cell_links(a);
    requires tops: 0 <= ntop <= a.nh;
    requires env: CCM_NIL <= env < a.nc;
    requires stack: 0 <= n && \valid_read(stack + (0 .. n - 1));
    requires frames: \forall integer j; 0 <= j < n ==>
                       ((stack[j].kind == CCM_F_ARG || stack[j].kind == CCM_F_UPD) ==> 0 <= stack[j].a < a.nh) &&
                       ((stack[j].kind == CCM_F_CASE || stack[j].kind == CCM_F_PRIM1 ||
                         stack[j].kind == CCM_F_RESUME) ==> CCM_NIL <= stack[j].b < a.nc);
    GC_MARKS_ASSIGNS
    ensures result: \result == 0 || \result == -1;
    ensures roots: \result == 0 ==> tops_live(a, ntop) && live_env(a, env) && frames_live(a, stack, n);
    ensures closed: \result == 0 ==> objs_closed(a) && cells_closed(a);
*/
static int gc_mark(struct gc_arrays a, int32_t ntop, int32_t env, const struct ccm_frame *stack, int32_t n)
{
    gc_zero(a.hm, a.nh);
    zero_u64(a.cm, a.nc);
    int32_t sp = gc_roots(a, ntop, env, stack, n);
    if (sp < 0) return -1;
    return gc_scan(a, sp);
}

/* gc_mark on the machine's arrays: the marks and the work stack are
 * written, nothing of the machine; wf's parts as they were, one per goal
 * (the marks share their types with the stack table and the counters), so
 * that the caller's context never has to carry wf across the marking. */
/*@ requires valid: machine_valid(m);
    requires sizes: sizes_ok(m);
    requires kinds: cc_kinds_ok(m);
    requires heap: heap_ok(m);
    requires cells: cells_ok(m);
    requires stack: stack_ok(m);
    requires regs: regs_ok(m);
    requires costs: costs_ok(m);
    requires stk: stk_ok(m);
    requires arrays: m->heap == a.heap && m->cells == a.cells && m->heap_len == a.nh && m->cell_len == a.nc;
    requires ok: arrays_ok(a);
    requires apart: gc_apart(m, a.hm) && gc_apart(m, a.work) &&
                    \base_addr(a.cm) != \base_addr(m) && \base_addr(a.cm) != \base_addr(m->costs);
    requires links: obj_links(a) && cell_links(a);
    requires tops: 0 <= ntop <= a.nh;
    GC_MARKS_ASSIGNS
    ensures result: \result == 0 || \result == -1;
    ensures roots: \result == 0 ==> tops_live(a, ntop) && live_env(a, m->ctl_env) &&
                                    frames_live(a, m->stack, m->stack_len);
    ensures closed: \result == 0 ==> objs_closed(a) && cells_closed(a);
    CCM_ENSURES_WF_STATE
*/
static int gc_mark_m(const struct ccm_machine *m, struct gc_arrays a, int32_t ntop)
{
    return gc_mark(a, ntop, m->ctl_env, m->stack, m->stack_len);
}

/* The new lengths of the heap and the cells. */
struct gc_lens { int32_t nh, nc; };

/* Slide the live objects and cells down and rename every reference in
 * them and in the frames of stack[0 .. n-1]: the new lengths. */
/*@ requires ok: arrays_ok(a);
    requires links: obj_links(a) && cell_links(a);
    requires closed: objs_closed(a) && cells_closed(a);
    requires tops: 0 <= ntop <= a.nh && tops_live(a, ntop);
    requires objs: \forall integer x; 0 <= x < a.nh ==> 0 <= a.heap[x].code < ncode && 0 <= a.heap[x].cc < nstk;
    requires stack: 0 <= n && \valid(stack + (0 .. n - 1));
    requires frames_apart: \base_addr(stack) != \base_addr(a.heap) && \base_addr(stack) != \base_addr(a.cells);
    requires live: frames_live(a, stack, n);
    requires fits: \forall integer j; 0 <= j < n ==> frame_fits(stack[j], code, ncode, nstk, a.nh, a.nc);
    assigns a.heap[0 .. a.nh - 1], a.cells[0 .. a.nc - 1], stack[0 .. n - 1], a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1];
    ensures lens: ntop <= \result.nh <= a.nh && 0 <= \result.nc <= a.nc;
    ensures h_code: \forall integer y; 0 <= y < \result.nh ==> 0 <= a.heap[y].code < ncode;
    ensures h_cc: \forall integer y; 0 <= y < \result.nh ==> 0 <= a.heap[y].cc < nstk;
    ensures h_env: \forall integer y; 0 <= y < \result.nh ==> CCM_NIL <= a.heap[y].env < \result.nc;
    ensures c_addr: \forall integer d; 0 <= d < \result.nc ==> 0 <= a.cells[d].addr < \result.nh;
    ensures c_next: \forall integer d; 0 <= d < \result.nc ==> CCM_NIL <= a.cells[d].next < d;
    ensures s_fits: \forall integer j; 0 <= j < n ==> frame_fits(stack[j], code, ncode, nstk, \result.nh, \result.nc);
    ensures live: \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> 1 <= a.cm[c] <= \result.nc;
    ensures live_same: \forall integer c; 0 <= c < a.nc ==> (a.cm[c] != 0 <==> \old(a.cm[c]) != 0);
    ensures tops_kept: \forall integer x; 0 <= x < ntop ==> a.hm[x] == x + 1;
*/
static struct gc_lens gc_slide(struct gc_arrays a, int32_t ntop, struct ccm_frame *stack, int32_t n,
                               const struct ccm_node *code, int32_t ncode, int32_t nstk)
{
    int32_t h = gc_slide_objs(a, ntop, ncode, nstk);
    int32_t c = gc_slide_cells(a, h);
    gc_rename_envs(a, h, c);
    gc_move_frames(a, stack, n, code, ncode, nstk, h, c);
    struct gc_lens l = { h, c };
    return l;
}

/* gc_slide on the machine's arrays, then the last stores: the lengths and
 * the control's environment.  wf's parts, each from what the slide proved
 * of the arrays, and the configuration as it was (whence code_wf, by the
 * lemma wf_code_frame, in the caller). */
/*@ requires valid: machine_valid(m);
    requires sizes: sizes_ok(m);
    requires kinds: cc_kinds_ok(m);
    requires stk: stk_ok(m);
    requires regs: in_cc(m, m->ccc) && in_code(m, m->ctl_code);
    requires arrays: m->heap == a.heap && m->cells == a.cells && m->heap_len == a.nh && m->cell_len == a.nc;
    requires ok: arrays_ok(a);
    requires apart: gc_apart(m, a.hm) && \base_addr(a.cm) != \base_addr(m) && \base_addr(a.cm) != \base_addr(m->costs);
    requires links: obj_links(a) && cell_links(a);
    requires closed: objs_closed(a) && cells_closed(a);
    requires tops: 0 <= ntop <= a.nh && tops_live(a, ntop);
    requires costs: \forall integer i; 0 <= i < m->stk.cap * CCM_NCOUNTERS ==> m->costs[i] <= m->steps + ntop;
    requires objs: \forall integer x; 0 <= x < a.nh ==> 0 <= a.heap[x].code < m->ncode && 0 <= a.heap[x].cc < m->stk.len;
    requires env: CCM_NIL <= m->ctl_env < a.nc && live_env(a, m->ctl_env);
    requires live: frames_live(a, m->stack, m->stack_len);
    requires fits: \forall integer j; 0 <= j < m->stack_len ==>
                     frame_fits(m->stack[j], m->code, m->ncode, m->stk.len, a.nh, a.nc);
    assigns a.heap[0 .. a.nh - 1], a.cells[0 .. a.nc - 1], m->stack[0 .. m->stack_len - 1],
            a.hm[0 .. a.nh - 1], a.cm[0 .. a.nc - 1], m->heap_len, m->cell_len, m->ctl_env;
    ensures fewer: ntop <= m->heap_len <= \old(m->heap_len) && m->cell_len <= \old(m->cell_len);
    ensures tops_kept: \forall integer x; 0 <= x < ntop ==> a.hm[x] == x + 1;
    ensures m_scalars: config_scalars{Pre,Post}(m);
    ensures m_kind: config_kind{Pre,Post}(m);
    ensures m_a: config_a{Pre,Post}(m);
    ensures m_b: config_b{Pre,Post}(m);
    ensures m_c: config_c{Pre,Post}(m);
    ensures m_lit: config_lit{Pre,Post}(m);
    CCM_ENSURES_WF_STATE
*/
static void gc_finish(struct ccm_machine *m, struct gc_arrays a, int32_t ntop)
{
    struct gc_lens l = gc_slide(a, ntop, m->stack, m->stack_len, m->code, m->ncode, (int32_t)m->stk.len);
    /* what the slide kept, each a frame goal of its own, so that wf's
     * goals below find them in context instead of redoing the frame */
    /*@ assert kept_ptrs: gc_kept_ptrs{Pre,Here}(m); */
    /*@ assert kept_config: gc_kept_config{Pre,Here}(m); */
    /*@ assert kept_caps: gc_kept_caps{Pre,Here}(m); */
    /*@ assert kept_regs: gc_kept_regs{Pre,Here}(m); */
    /*@ assert kept_stack_len: m->stack_len == \at(m->stack_len, Pre); */
    /*@ assert kept_lens: m->heap_len == \at(m->heap_len, Pre) && m->cell_len == \at(m->cell_len, Pre) &&
                          m->ctl_env == \at(m->ctl_env, Pre); */
    /*@ assert kept_counts: gc_kept_counts{Pre,Here}(m); */
    /*@ assert kept_kinds: \forall integer c; 0 <= c < m->ncc ==> m->cc_kind[c] == \at(m->cc_kind[c], Pre); */
    /*@ assert kept_nodes: stk_same{Pre,Here}(m); */
    /*@ assert kept_slots: \forall integer i; 0 <= i < m->stk.nslot ==> m->stk.slot[i] == \at(m->stk.slot[i], Pre); */
    /*@ assert kept_costs: \forall integer i; 0 <= i < m->stk.cap * CCM_NCOUNTERS ==>
                             m->costs[i] == \at(m->costs[i], Pre); */
    int32_t env = m->ctl_env;
    if (env != CCM_NIL) env = (int32_t)a.cm[env] - 1;
    m->heap_len = l.nh;
    m->cell_len = l.nc;
    m->ctl_env = env;
}

int ccm_collect(struct ccm_machine *m, struct ccm_gc *g, int32_t ntop)
{
    if (ntop < 0 || ntop > m->heap_len) return CCM_ERR_BAD_CODE;
    /* the collection keeps at least the ntop top-level objects; H, which
     * counts every allocation, may exceed the bound wf keeps for fewer
     * (docs/collector.md): then nothing is collected */
    if (!gc_costs_fit(m, ntop)) return CCM_RES_HEAP;
    struct gc_arrays a = { m->heap, m->heap_len, m->cells, m->cell_len,
                           g->hmark, g->cmark, g->work, g->work_cap };
    /*@ assert ok: arrays_ok(a); */
    /*@ assert obj_links: obj_links(a); */
    /*@ assert cell_links: cell_links(a); */
    /*@ assert objs: \forall integer x; 0 <= x < a.nh ==>
                       0 <= a.heap[x].code < m->ncode && 0 <= a.heap[x].cc < m->stk.len; */
    /*@ assert frames: \forall integer j; 0 <= j < m->stack_len ==>
                         frame_fits(m->stack[j], m->code, m->ncode, m->stk.len, a.nh, a.nc); */
    if (gc_mark_m(m, a, ntop) != 0) return CCM_RES_HEAP;
    gc_finish(m, a, ntop);
    return CCM_RUNNING;
}
