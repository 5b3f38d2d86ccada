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
    free(a->heap);
    free(a->cells);
    free(a->stack);
    memset(a, 0, sizeof *a);
}

void ccm_workspace_free(struct ccm_workspace *ws)
{
    if (!ws) return;
    arrays_free(&ws->arr);
    free(ws);
}

/* Give *arr room for n elements of size bytes, keeping its contents
 * (realloc: the new entries are not cleared -- the kernel reads nothing at
 * or above a fill, and a fill never exceeds the old room).  0, or -1 with
 * *arr and *cap as they were. */
static int room(void **arr, int32_t *cap, int32_t n, size_t size)
{
    if (*cap >= n) return 0;
    if ((size_t)n > SIZE_MAX / size) return -1;
    void *p = realloc(*arr, (size_t)n * size);
    if (!p) return -1;
    *arr = p;
    *cap = n;
    return 0;
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
    if (room((void **)&a->heap, &a->heap_cap, min32(s->opt.max_heap, init), sizeof *a->heap)
        || room((void **)&a->cells, &a->cell_cap, min32(s->opt.max_cells, init), sizeof *a->cells)
        || room((void **)&a->stack, &a->stack_cap, min32(s->opt.max_stack, init), sizeof *a->stack))
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
    int rc = which == CCM_ARRAY_HEAP ? room((void **)&a->heap, &a->heap_cap, to, sizeof *a->heap)
           : which == CCM_ARRAY_CELLS ? room((void **)&a->cells, &a->cell_cap, to, sizeof *a->cells)
           : room((void **)&a->stack, &a->stack_cap, to, sizeof *a->stack);
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
    struct ccm_machine *m = &s->m;
    s->initial = initial_cap();
    int arrays = take_arrays(s, ws);
    m->costs = calloc((size_t)s->img.ncc * CCM_NCOUNTERS, sizeof *m->costs);
    if (arrays != 0 || !m->costs) {
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
    front_image_free(&s->img);
    ast_free(&s->prog);
    free(s);
}

int ccm_session_reset(struct ccm_session *s)
{
    struct ccm_machine *m = &s->m;
#define TO_MACHINE(field, kind, flag, key, metavar, names, words, cnames, lo, hi, def, mfield, help) \
    m->mfield = s->opt.field;
    CCM_OPTIONS_TABLE(TO_MACHINE)
#undef TO_MACHINE
    /* the capacities are the arrays' (as grown so far), within the budgets */
    lend_arrays(s);
    s->oom.array = 0;
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

/* The kernel refuses a transition that lacks room without changing the
 * state (acsl/ccm_step.h, REFUSES): after a growth the same call picks up
 * where it stopped. */
int ccm_session_run(struct ccm_session *s)
{
    int st;
    while ((st = ccm_session_grow(s, ccm_run(&s->m))) == CCM_RUNNING) {}
    s->status = st;
    return st;
}

int ccm_session_step(struct ccm_session *s)
{
    int st;
    while ((st = ccm_step(&s->m)) != CCM_RUNNING && ccm_session_grow(s, st) == CCM_RUNNING) {}
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
        if (r >= 0 && r < CCM_NRULES) counts[r]++;
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

uint64_t ccm_session_cost(const struct ccm_session *s, int32_t cc, int counter)
{
    if (cc < 0 || cc >= s->img.ncc || counter < 0 || counter >= CCM_NCOUNTERS) return 0;
    return s->m.costs[(size_t)cc * CCM_NCOUNTERS + (size_t)counter];
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
