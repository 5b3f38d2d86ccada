/* session.c -- the embedding API of ccmlib.h: a loaded program, the
 * kernel's arrays (small at first, grown on demand up to the budgets:
 * docs/library.md, "Memory"), the machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "ccmlib.h"
#include "../front/front.h"
#include "session_internal.h"
#include "options.h"
#include "pages.h"
#include "gc.h"

/* The heap, cell and stack arrays and how many entries each has room for
 * (which may exceed the machine's capacity: that is min(room, budget)). */
struct arrays {
    struct ccm_obj *heap;    int32_t heap_cap;
    struct ccm_cell *cells;  int32_t cell_cap;
    struct ccm_frame *stack; int32_t stack_cap;
};

struct ccm_session {
    struct ast_program prog;
    struct front_image img;
    struct ccm_options opt;
    struct ccm_machine m;
    int status;
    struct ccm_workspace *ws;    /* non-NULL: the arrays are ws's */
    struct arrays own;           /* the arrays when ws is NULL */
    struct arrays *arr;          /* &own or &ws->arr */
    int32_t initial;             /* first capacity of each array */
    /* the last growth that failed for want of memory (reason 0: none) */
    struct { int array; int32_t from, to; } oom;
    /* the cost-centre stack table (docs/stacks.md): the machine's stk.node
     * and stk.slot, and m.costs, sized by stk.cap; the session's own */
    struct ccm_snode *snode;
    uint32_t *slot;
    uint32_t node_cap;           /* room in snode (and costs, by node)   */
    /* the node counters summed by top cost centre (the flat report), made
     * when read after a run that made stacks: valid while `by_top_len` and
     * `by_top_steps` are the machine's (every transition counts a step) */
    uint64_t *by_top;
    uint32_t by_top_len;
    uint64_t by_top_steps;
    /* a ghc call's push was refused for want of a stack node, the table
     * at its budget (transition): the run ends there */
    int call_short;
    /* the collector's scratch arrays (lib/gc.c), the session's own */
    struct gc_scratch gc;
};

/* Arrays kept between sessions (ccm batch): one session at a time borrows
 * them; they grow to the largest capacity a run needed and are never
 * cleared -- ccm_init lays a fresh state and the kernel reads only below
 * the fill. */
struct ccm_workspace {
    struct arrays arr;
    int in_use;
};

struct ccm_workspace *ccm_workspace_new(void)
{
    return calloc(1, sizeof(struct ccm_workspace));
}

static void arrays_free(struct arrays *a)
{
    pages_free(a->heap, (size_t)a->heap_cap * sizeof *a->heap);
    pages_free(a->cells, (size_t)a->cell_cap * sizeof *a->cells);
    pages_free(a->stack, (size_t)a->stack_cap * sizeof *a->stack);
    memset(a, 0, sizeof *a);
}

void ccm_workspace_free(struct ccm_workspace *ws)
{
    if (!ws) return;
    arrays_free(&ws->arr);
    free(ws);
}

/* The initial capacity of each array: CCM_INITIAL_CAP, or $CCM_INITIAL_CAP
 * (1 or more, decimal; for tests and experiments: 1 makes every run grow
 * its arrays many times, a number at least the budgets allocates them
 * whole).  The budgets bound it: each array starts at min(budget, this). */
static int32_t initial_cap(void)
{
    const char *e = getenv("CCM_INITIAL_CAP");
    if (e && *e) {
        char *end;
        long long v = strtoll(e, &end, 10);
        if (*end == '\0' && v >= 1 && v <= INT32_MAX) return (int32_t)v;
    }
    return CCM_INITIAL_CAP;
}

static int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }

/* The stack table's index size for cap nodes: a power of two above cap
 * (at least twice it, so probes stay short). */
static uint32_t slots_for(uint32_t cap)
{
    uint32_t n = 2;
    while (n < 2 * cap) n *= 2;
    return n;
}

/* Give the stack table room for cap nodes (more than it has, or the first
 * time): node, index and cost arrays, the new counters zeroed, the index
 * rebuilt when nodes are in use.  0, or -1 (out of memory) with the
 * machine's table as it was (an array that did grow keeps its contents). */
static int nodes_room(struct ccm_session *s, uint32_t cap)
{
    struct ccm_machine *m = &s->m;
    uint32_t old = s->node_cap, nslot = slots_for(cap);
    struct ccm_snode *node = realloc(s->snode, (size_t)cap * sizeof *node);
    if (!node) return -1;
    s->snode = m->stk.node = node;
    uint64_t *costs = realloc(m->costs, (size_t)cap * CCM_NCOUNTERS * sizeof *costs);
    if (!costs) return -1;
    m->costs = costs;
    memset(costs + (size_t)old * CCM_NCOUNTERS, 0, (size_t)(cap - old) * CCM_NCOUNTERS * sizeof *costs);
    uint32_t *slot = realloc(s->slot, (size_t)nslot * sizeof *slot);
    if (!slot) return -1;
    s->slot = m->stk.slot = slot;
    s->node_cap = m->stk.cap = cap;
    m->stk.nslot = nslot;
    free(s->by_top);
    s->by_top = NULL;
    if (old) ccm_stack_reindex(m);          /* a growth during a run */
    return 0;
}

/* The stack table's first capacity: the program's cost centres (the roots
 * ccm_init lays) under push single, which makes no other node; else room
 * for min(64, budget, the initial capacity) nodes, and never fewer than
 * the roots. */
static uint32_t first_nodes(const struct ccm_session *s)
{
    int32_t ncc = s->img.ncc, want = min32(min32(64, s->opt.max_nodes), s->initial);
    if (s->opt.push == CCM_PUSH_SINGLE || want < ncc) want = ncc;
    return want > 0 ? (uint32_t)want : 1;
}

int session_short_of_nodes(const struct ccm_session *s)
{
    const struct ccm_machine *m = &s->m;
    uint8_t kind = m->code[m->ctl_code].kind;
    return (kind == CCM_SCC || kind == CCM_SCC_SUB || s->call_short) && m->stk.len == m->stk.cap;
}

/* A full stack table (the scc in control needs a node it has no room
 * for): grow it, double, within --max-nodes.  0, or -1 (the budget, or out
 * of memory: s->oom says so). */
static int grow_nodes(struct ccm_session *s)
{
    struct ccm_machine *m = &s->m;
    uint32_t cap = m->stk.cap, budget = (uint32_t)s->opt.max_nodes;
    if (cap >= budget) return -1;
    uint32_t to = cap > budget / 2 ? budget : 2 * cap;
    if (nodes_room(s, to) != 0) {
        s->oom.array = CCM_ARRAY_NODES + 1;
        s->oom.from = (int32_t)cap;
        s->oom.to = (int32_t)to;
        return -1;
    }
    s->oom.array = 0;
    return 0;
}

/* The machine's arrays: the workspace's when there is one free, else the
 * session's own; room for min(budget, initial) entries each at least. */
static int take_arrays(struct ccm_session *s, struct ccm_workspace *ws)
{
    s->arr = &s->own;
    if (ws && !ws->in_use) {
        ws->in_use = 1;
        s->ws = ws;
        s->arr = &ws->arr;
    }
    struct arrays *a = s->arr;
    int32_t init = s->initial;
    if (pages_room((void **)&a->heap, &a->heap_cap, min32(s->opt.max_heap, init), sizeof *a->heap)
        || pages_room((void **)&a->cells, &a->cell_cap, min32(s->opt.max_cells, init), sizeof *a->cells)
        || pages_room((void **)&a->stack, &a->stack_cap, min32(s->opt.max_stack, init), sizeof *a->stack))
        return -1;
    return 0;
}

/* The machine's view of the arrays: their pointers, and capacities of
 * min(room, budget) -- never above the budget, so a budget error comes at
 * the transition it would come at with the arrays allocated whole. */
static void lend_arrays(struct ccm_session *s)
{
    struct ccm_machine *m = &s->m;
    struct arrays *a = s->arr;
    m->heap = a->heap;   m->heap_cap = min32(a->heap_cap, s->opt.max_heap);
    m->cells = a->cells; m->cell_cap = min32(a->cell_cap, s->opt.max_cells);
    m->stack = a->stack; m->stack_cap = min32(a->stack_cap, s->opt.max_stack);
}

/* The next capacity of an array of capacity cap that needs len + need
 * entries: double it (at least len + need), but not above the budget. */
static int32_t next_cap(int32_t cap, int32_t len, int64_t need, int32_t budget)
{
    int64_t want = (int64_t)cap * 2;
    if (want < (int64_t)len + need) want = (int64_t)len + need;
    return want > budget ? budget : (int32_t)want;
}

/* Grow array `which` to capacity `to` (above its capacity, at most its
 * budget).  0, or -1 (out of memory: s->oom says which and how far). */
static int grow_to(struct ccm_session *s, int which, int32_t to)
{
    struct arrays *a = s->arr;
    int32_t from = ccm_session_capacity(s, which);
    if (which == CCM_ARRAY_NODES) return -1;
    int rc = which == CCM_ARRAY_HEAP ? pages_room((void **)&a->heap, &a->heap_cap, to, sizeof *a->heap)
           : which == CCM_ARRAY_CELLS ? pages_room((void **)&a->cells, &a->cell_cap, to, sizeof *a->cells)
           : pages_room((void **)&a->stack, &a->stack_cap, to, sizeof *a->stack);
    if (rc != 0) {
        s->oom.array = which + 1;
        s->oom.from = from;
        s->oom.to = to;
        return -1;
    }
    s->oom.array = 0;
    lend_arrays(s);
    return 0;
}

/* Array `which` (capacity cap, fill len, budget) after a collection: is
 * it more than half full?  Then it grows (double, within its budget), so
 * that collections stay rare: their cost is proportional to the live data,
 * paid once per as many allocations.  A growth that fails leaves it as it
 * is: the collection made the room the step needs. */
static void grow_if_full(struct ccm_session *s, int which, int32_t cap, int32_t len, int32_t budget)
{
    if ((int64_t)len * 2 <= cap || cap >= budget) return;
    if (grow_to(s, which, next_cap(cap, len, 1, budget)) != 0) s->oom.array = 0;
}

/* The heap or the cells lack room for need_h objects and need_c cells:
 * collect (lib/gc.c), then grow what is still more than half full.  1
 * when both now have the room, else 0 (the kernel refused, or the live
 * data does not leave the room: then the caller grows as without a
 * collector, and the budgets bound the live data). */
static int collect(struct ccm_session *s, int32_t need_h, int32_t need_c)
{
    struct ccm_machine *m = &s->m;
    const struct ccm_options *o = &s->opt;
    if (gc_collect(&s->gc, m, s->img.ntop) != CCM_RUNNING) return 0;
    grow_if_full(s, CCM_ARRAY_HEAP, m->heap_cap, m->heap_len, o->max_heap);
    grow_if_full(s, CCM_ARRAY_CELLS, m->cell_cap, m->cell_len, o->max_cells);
    return (int64_t)m->heap_len + need_h <= m->heap_cap && (int64_t)m->cell_len + need_c <= m->cell_cap;
}

int ccm_session_grow(struct ccm_session *s, int status)
{
    struct ccm_machine *m = &s->m;
    const struct ccm_options *o = &s->opt;
    if (status == CCM_RES_STACK) {
        /* a step needs one more frame, the force row two */
        if (m->stack_cap >= o->max_stack) return status;
        return grow_to(s, CCM_ARRAY_STACK, next_cap(m->stack_cap, m->stack_len, 2, o->max_stack)) ? status
               : CCM_RUNNING;
    }
    if (status != CCM_RES_HEAP || m->ctl_code < 0 || m->ctl_code >= m->ncode) return status;
    /* an scc that makes a new stack with the table full (it needs no heap
     * object and no cell) */
    if (session_short_of_nodes(s))
        return grow_nodes(s) == 0 ? CCM_RUNNING : status;
    /* Who was short (acsl/ccm_step.h, SHORT_OF_HEAP): a let of n bindings
     * needs n objects and n cells; any other row only cells -- one (app2)
     * or as many as the constructor in control has arguments (case2). */
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t need_h = 0, need_c;
    if (n->kind == CCM_LET) need_h = need_c = n->b;
    else need_c = n->kind == CCM_CON ? n->b : 1;
    int heap_short = (int64_t)m->heap_len + need_h > m->heap_cap;
    int cells_short = (int64_t)m->cell_len + need_c > m->cell_cap;
    if (!cells_short && !heap_short) cells_short = 1;      /* cannot happen: grow the cells */
    if (o->gc == CCM_GC_ON) {
        if (collect(s, need_h, need_c)) return CCM_RUNNING;
        /* the collection may have left one of them room enough */
        heap_short = (int64_t)m->heap_len + need_h > m->heap_cap;
        cells_short = (int64_t)m->cell_len + need_c > m->cell_cap;
    }
    /* an array that would be short even at its budget: the budget error
     * stands, and nothing is grown for it */
    if ((heap_short && (int64_t)m->heap_len + need_h > o->max_heap)
        || (cells_short && (int64_t)m->cell_len + need_c > o->max_cells))
        return status;
    int64_t before = (int64_t)m->heap_cap + m->cell_cap;
    if (heap_short && grow_to(s, CCM_ARRAY_HEAP, next_cap(m->heap_cap, m->heap_len, need_h, o->max_heap)))
        return status;
    if (cells_short && grow_to(s, CCM_ARRAY_CELLS, next_cap(m->cell_cap, m->cell_len, need_c, o->max_cells)))
        return status;
    /* resume only after a capacity grew: every resumption is progress */
    return (int64_t)m->heap_cap + m->cell_cap > before ? CCM_RUNNING : status;
}

int32_t ccm_session_capacity(const struct ccm_session *s, int array)
{
    switch (array) {
    case CCM_ARRAY_HEAP:  return s->m.heap_cap;
    case CCM_ARRAY_CELLS: return s->m.cell_cap;
    case CCM_ARRAY_STACK: return s->m.stack_cap;
    case CCM_ARRAY_NODES: return (int32_t)s->m.stk.cap;
    default:              return -1;
    }
}

int ccm_session_out_of_memory(const struct ccm_session *s, int32_t *from, int32_t *to)
{
    if (!s->oom.array) return -1;
    if (from) *from = s->oom.from;
    if (to) *to = s->oom.to;
    return s->oom.array - 1;
}

static void set_err(char *err, size_t cap, const char *msg)
{
    if (err && cap) snprintf(err, cap, "%s", msg);
}

struct ccm_session *session_make(struct ast_program *prog, const struct ccm_options *opt,
                                        const char *file, char *err, size_t errcap,
                                        struct ccm_workspace *ws)
{
    struct ccm_session *s = calloc(1, sizeof *s);
    if (!s) { ast_free(prog); set_err(err, errcap, "out of memory"); return NULL; }
    s->prog = *prog;
    options_normalise(&s->opt, opt);
    char why[160];
    const char *bad = options_refusal(&s->opt, why, sizeof why);
    if (bad) {
        set_err(err, errcap, bad);
        ast_free(&s->prog);
        free(s);
        return NULL;
    }
    struct front_diag d;
    if (front_load(&s->prog, &s->img, &d) != 0) {
        /* loader diagnostics carry no file name: add it */
        if (err && errcap) snprintf(err, errcap, "%s%s", file, d.text);
        ast_free(&s->prog);
        free(s);
        return NULL;
    }
    s->initial = initial_cap();
    int arrays = take_arrays(s, ws);
    if (arrays != 0 || nodes_room(s, first_nodes(s)) != 0) {
        set_err(err, errcap, "out of memory allocating the machine's first arrays");
        ccm_session_free(s);
        return NULL;
    }
    if (ccm_session_reset(s) != CCM_RUNNING) {
        if (s->status == CCM_RES_HEAP && s->oom.array)
            snprintf(err, errcap, "%s:1:1: out of memory: the heap could not grow to the %d top-level bindings",
                     file, (int)s->img.ntop);
        else if (s->status == CCM_RES_HEAP)
            snprintf(err, errcap, "%s:1:1: the heap budget is smaller than the %d top-level bindings",
                     file, (int)s->img.ntop);
        else
            set_err(err, errcap, "internal error: the loaded code was refused by the kernel");
        ccm_session_free(s);
        return NULL;
    }
    return s;
}

struct ccm_session *ccm_session_from_text(const char *file, const char *text, size_t len,
                                          const struct ccm_options *opt,
                                          char *err, size_t errcap)
{
    return ccm_session_from_text_in(NULL, file, text, len, opt, err, errcap);
}

struct ccm_session *ccm_session_from_text_in(struct ccm_workspace *ws, const char *file,
                                             const char *text, size_t len,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap)
{
    return session_load(ws, file, text, len, front_parse, opt, err, errcap);
}

struct ccm_session *ccm_session_from_file(const char *path, const struct ccm_options *opt,
                                          char *err, size_t errcap)
{
    return session_load_file(path, front_read_program, opt, err, errcap);
}

struct ccm_session *session_load(struct ccm_workspace *ws, const char *file, const char *text, size_t len,
                                 session_parse_fn *parse, const struct ccm_options *opt,
                                 char *err, size_t errcap)
{
    struct ast_program prog;
    struct front_diag d;
    if (parse(file, text, len, &prog, &d) != 0) { set_err(err, errcap, d.text); return NULL; }
    if (front_check(file, &prog, &d) != 0) {
        ast_free(&prog);
        set_err(err, errcap, d.text);
        return NULL;
    }
    return session_make(&prog, opt, file, err, errcap, ws);
}

struct ccm_session *session_load_file(const char *path, session_read_fn *read,
                                      const struct ccm_options *opt, char *err, size_t errcap)
{
    struct ast_program prog;
    struct front_diag d;
    if (read(path, &prog, &d) != 0) { set_err(err, errcap, d.text); return NULL; }
    return session_make(&prog, opt, path, err, errcap, NULL);
}

struct ccm_session *ccm_session_from_program(struct ast_program *prog, const char *file,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap)
{
    return session_make(prog, opt, file, err, errcap, NULL);
}

void ccm_session_free(struct ccm_session *s)
{
    if (!s) return;
    if (s->ws) s->ws->in_use = 0;
    else arrays_free(&s->own);
    free(s->m.costs);
    free(s->snode);
    free(s->slot);
    free(s->by_top);
    gc_scratch_free(&s->gc);
    front_image_free(&s->img);
    ast_free(&s->prog);
    free(s);
}

int ccm_session_reset(struct ccm_session *s)
{
    struct ccm_machine *m = &s->m;
#define IN_MACHINE(f) m->f =
#define IN_LIBRARY (void)
#define TO_MACHINE(field, kind, flag, key, metavar, names, words, cnames, lo, hi, def, mfield, help) \
    mfield s->opt.field;
    CCM_OPTIONS_TABLE(TO_MACHINE)
#undef TO_MACHINE
#undef IN_MACHINE
#undef IN_LIBRARY
    /* the capacities are the arrays' (as grown so far), within the budgets;
     * the stack table's, as grown so far */
    lend_arrays(s);
    m->stk.node = s->snode;
    m->stk.slot = s->slot;
    m->stk.cap = s->node_cap;
    m->stk.nslot = slots_for(s->node_cap);
    s->by_top_len = 0;
    s->oom.array = 0;
    s->call_short = 0;
    s->gc.collections = 0;
    int st = ccm_init(m, &s->img.program);
    /* the top-level bindings need more room than the heap has: grow it
     * (ccm_init refused without writing) */
    if (st == CCM_RES_HEAP && m->heap_cap < s->opt.max_heap && s->img.ntop <= s->opt.max_heap
        && grow_to(s, CCM_ARRAY_HEAP, next_cap(m->heap_cap, 0, s->img.ntop, s->opt.max_heap)) == 0)
        st = ccm_init(m, &s->img.program);
    s->status = st;
    return st;
}

struct ccm_machine *ccm_session_machine(struct ccm_session *s) { return &s->m; }

uint64_t ccm_session_collections(const struct ccm_session *s) { return s->gc.collections; }

/* Room in the stack table for the ghc call of the step to come
 * (ccm_call_room), the table grown for it within --max-nodes: 1, or 0 when
 * it cannot grow so far (the budget, or memory). */
static int call_room(struct ccm_session *s)
{
    while (!ccm_call_room(&s->m))
        if (grow_nodes(s) != 0) return 0;
    return 1;
}

/* One step of the semantics: a row, and after an app2 under the ghc call
 * policy the pushes of its call (kernel/ccm.h, ccm_ghc_call), so that a
 * session step ends between rows and last_rule names the row.  The pushes
 * cannot resume once one is refused (the kernel keeps no call under way):
 * the stack table first grows to room for every node the call may make,
 * so that a refusal means the budget is spent. */
static int transition(struct ccm_session *s)
{
    struct ccm_machine *m = &s->m;
    if (m->scoping == CCM_CALL_GHC) (void)call_room(s);   /* at the budget the pushes may still find their nodes */
    int32_t sl = m->ccc;
    int st = ccm_step(m);
    if (st != CCM_RUNNING || m->scoping != CCM_CALL_GHC || m->last_rule != CCM_R_APP2) return st;
    st = ccm_ghc_call(m, sl);
    if (st != CCM_RUNNING) {
        s->call_short = 1;
        return st;
    }
    m->last_rule = CCM_R_APP2;     /* the row whose call this was */
    return CCM_RUNNING;
}

/* The kernel refuses a transition that lacks room without changing the
 * state (acsl/ccm_step.h, REFUSES): after a growth the same call picks up
 * where it stopped.  Under the ghc call ccm_run also stops before an app2
 * whose pushes the stack table may lack room for (ccm_call_room): the
 * table grows to that room, or, at its budget, the step is taken alone
 * (transition), as its pushes may find their nodes. */
int ccm_session_run(struct ccm_session *s)
{
    int st;
    for (;;) {
        st = ccm_run(&s->m);
        if (st == CCM_RES_HEAP && s->m.scoping == CCM_CALL_GHC && !ccm_call_room(&s->m)) {
            if (call_room(s) || (st = ccm_session_step(s)) == CCM_RUNNING) continue;
            return st;
        }
        if ((st = ccm_session_grow(s, st)) != CCM_RUNNING) break;
    }
    s->status = st;
    return st;
}

int ccm_session_step(struct ccm_session *s)
{
    int st;
    while ((st = transition(s)) != CCM_RUNNING && !s->call_short && ccm_session_grow(s, st) == CCM_RUNNING) {}
    s->status = st;
    return st;
}

int ccm_session_force(struct ccm_session *s, int32_t addr)
{
    int st;
    while ((st = ccm_force(&s->m, addr)) != CCM_RUNNING && ccm_session_grow(s, st) == CCM_RUNNING) {}
    s->status = st;
    return st;
}

/* The run of ccm_session_run, one ccm_step at a time, counting which rule
 * fired (m->last_rule) after each transition (no counts: ccm_session_run itself).  It only reads the machine:
 * the steps and costs are those of ccm_run. */
int ccm_session_run_counted(struct ccm_session *s, uint64_t counts[CCM_NRULES])
{
    if (!counts) return ccm_session_run(s);
    int st;
    while ((st = ccm_session_step(s)) == CCM_RUNNING) {
        int32_t r = s->m.last_rule;
        if (r >= 0 && r < CCM_NROWS) counts[r]++;
    }
    return st;
}

int ccm_session_status(const struct ccm_session *s) { return s->status; }
const struct ccm_options *ccm_session_options(const struct ccm_session *s) { return &s->opt; }

int32_t ccm_session_ncc(const struct ccm_session *s) { return s->img.ncc; }

const char *ccm_session_cc_name(const struct ccm_session *s, int32_t cc)
{
    return cc >= 0 && cc < s->img.ncc ? s->img.cc_names[cc] : NULL;
}

/* The counters of every stack summed by its top cost centre into s->by_top
 * (ncc x CCM_NCOUNTERS), made again when the machine has moved since;
 * NULL when memory ran out. */
static const uint64_t *by_top(struct ccm_session *s)
{
    const struct ccm_machine *m = &s->m;
    if (s->by_top && s->by_top_len == m->stk.len && s->by_top_steps == m->steps) return s->by_top;
    size_t n = (size_t)s->img.ncc * CCM_NCOUNTERS;
    if (!s->by_top && !(s->by_top = malloc(n * sizeof *s->by_top))) return NULL;
    memset(s->by_top, 0, n * sizeof *s->by_top);
    for (uint32_t i = 0; i < m->stk.len; i++) {
        uint32_t cc = m->stk.node[i].cc;
        if (cc >= (uint32_t)s->img.ncc) continue;
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            s->by_top[(size_t)cc * CCM_NCOUNTERS + k] += m->costs[(size_t)i * CCM_NCOUNTERS + k];
    }
    s->by_top_len = m->stk.len;
    s->by_top_steps = m->steps;
    return s->by_top;
}

uint64_t ccm_session_cost(const struct ccm_session *s, int32_t cc, int counter)
{
    if (cc < 0 || cc >= s->img.ncc || counter < 0 || counter >= CCM_NCOUNTERS) return 0;
    size_t ix = (size_t)cc * CCM_NCOUNTERS + (size_t)counter;
    /* only the roots in use (push single: always): node cc is <cc> */
    if (s->m.stk.len <= (uint32_t)s->img.ncc) return s->m.costs[ix];
    /* a cache of the sums: the session's own memory, not the run's state */
    const uint64_t *t = by_top((struct ccm_session *)s);
    return t ? t[ix] : 0;
}

/* ---- the cost-centre stacks (docs/stacks.md): node i is a stack, its
 * parent node stk.node[i].up - 1 (none for a root), its top stk.node[i].cc */
int32_t ccm_session_nstacks(const struct ccm_session *s) { return (int32_t)s->m.stk.len; }

static int is_node(const struct ccm_session *s, int32_t node)
{
    return node >= 0 && (uint32_t)node < s->m.stk.len;
}

int32_t ccm_session_stack_parent(const struct ccm_session *s, int32_t node)
{
    return is_node(s, node) ? (int32_t)s->m.stk.node[node].up - 1 : -1;
}

int32_t ccm_session_stack_cc(const struct ccm_session *s, int32_t node)
{
    return is_node(s, node) ? (int32_t)s->m.stk.node[node].cc : -1;
}

uint64_t ccm_session_stack_cost(const struct ccm_session *s, int32_t node, int counter)
{
    if (!is_node(s, node) || counter < 0 || counter >= CCM_NCOUNTERS) return 0;
    return s->m.costs[(size_t)node * CCM_NCOUNTERS + (size_t)counter];
}

int32_t ccm_session_stack_depth(const struct ccm_session *s, int32_t node)
{
    int32_t d = 0;
    for (; is_node(s, node); node = ccm_session_stack_parent(s, node)) d++;
    return d;
}

size_t ccm_session_stack_path(const struct ccm_session *s, int32_t node, const char *sep,
                              char *buf, size_t cap)
{
    int32_t depth = ccm_session_stack_depth(s, node);
    size_t need = 0, seplen = strlen(sep);
    for (int32_t n = node; is_node(s, n); n = ccm_session_stack_parent(s, n))
        need += strlen(ccm_session_cc_name(s, ccm_session_stack_cc(s, n))) + (n == node ? 0 : seplen);
    if (cap == 0) return need;
    /* fill from the end: the top's name last */
    size_t end = need < cap ? need : cap - 1, at = need;
    buf[end] = '\0';
    for (int32_t n = node, i = 0; i < depth; n = ccm_session_stack_parent(s, n), i++) {
        const char *name = ccm_session_cc_name(s, ccm_session_stack_cc(s, n));
        size_t len = strlen(name);
        at -= len;
        for (size_t j = 0; j < len; j++) if (at + j < end) buf[at + j] = name[j];
        if (i + 1 < depth) {
            at -= seplen;
            for (size_t j = 0; j < seplen; j++) if (at + j < end) buf[at + j] = sep[j];
        }
    }
    return need;
}

int32_t ccm_session_cc_find(const struct ccm_session *s, const char *name)
{
    for (int32_t i = 0; i < s->img.ncc; i++)
        if (strcmp(s->img.cc_names[i], name) == 0) return i;
    return -1;
}

const char *ccm_session_value(struct ccm_session *s, char *buf, size_t cap)
{
    const struct ccm_machine *m = &s->m;
    const struct ccm_node *n = &s->img.code[m->ctl_code];
    switch (n->kind) {
    case CCM_INTVAL: snprintf(buf, cap, "%" PRId64, m->ctl_num); break;
    case CCM_LIT:    snprintf(buf, cap, "%" PRId64, n->lit); break;
    case CCM_CON:    snprintf(buf, cap, "%s", ccm_session_con_name(s, n->a)); break;
    case CCM_LAM:    snprintf(buf, cap, "<function>"); break;
    default:         snprintf(buf, cap, "<not a value>"); break;
    }
    return buf;
}

const char *ccm_session_con_name(const struct ccm_session *s, int32_t tag)
{
    return tag >= 0 && tag < s->img.ncon ? s->img.con_names[tag] : "?";
}

const char *ccm_session_top_name(const struct ccm_session *s, int32_t i)
{
    return i >= 0 && i < s->img.ntop ? s->img.top_names[i] : NULL;
}

const struct front_image *ccm_session_image(const struct ccm_session *s) { return &s->img; }
