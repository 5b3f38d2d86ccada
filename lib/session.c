/* session.c -- the embedding API of ccmlib.h: a loaded program, the
 * kernel's arrays (calloc'd at the budgeted capacities), the machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "ccmlib.h"
#include "../front/front.h"
#include "session_internal.h"
#include "options.h"

struct ccm_session {
    struct ast_program prog;
    struct front_image img;
    struct ccm_options opt;
    struct ccm_machine m;
    int status;
    struct ccm_workspace *ws;    /* non-NULL: heap, cells, stack are ws's */
};

/* Arrays kept between sessions (ccm batch): one session at a time borrows
 * them; they grow to the largest capacity asked and are never cleared --
 * ccm_init lays a fresh state and the kernel reads only below the fill. */
struct ccm_workspace {
    struct ccm_obj *heap;    int32_t heap_cap;
    struct ccm_cell *cells;  int32_t cell_cap;
    struct ccm_frame *stack; int32_t stack_cap;
    int in_use;
};

struct ccm_workspace *ccm_workspace_new(void)
{
    return calloc(1, sizeof(struct ccm_workspace));
}

void ccm_workspace_free(struct ccm_workspace *ws)
{
    if (!ws) return;
    free(ws->heap);
    free(ws->cells);
    free(ws->stack);
    free(ws);
}

/* Grow one array of ws to n elements (contents need not survive). */
static int ws_grow(void **arr, int32_t *cap, int32_t n, size_t size)
{
    if (*cap >= n) return 0;
    free(*arr);
    *arr = calloc((size_t)n, size);
    *cap = *arr ? n : 0;
    return *arr ? 0 : -1;
}

/* The machine's arrays: borrowed from ws when there is one free, else its own. */
static int take_arrays(struct ccm_session *s, struct ccm_workspace *ws)
{
    struct ccm_machine *m = &s->m;
    if (ws && !ws->in_use) {
        if (ws_grow((void **)&ws->heap, &ws->heap_cap, s->opt.max_heap, sizeof *m->heap)
            || ws_grow((void **)&ws->cells, &ws->cell_cap, s->opt.max_cells, sizeof *m->cells)
            || ws_grow((void **)&ws->stack, &ws->stack_cap, s->opt.max_stack, sizeof *m->stack))
            return -1;
        m->heap = ws->heap; m->cells = ws->cells; m->stack = ws->stack;
        ws->in_use = 1;
        s->ws = ws;
        return 0;
    }
    m->heap = calloc((size_t)s->opt.max_heap, sizeof *m->heap);
    m->cells = calloc((size_t)s->opt.max_cells, sizeof *m->cells);
    m->stack = calloc((size_t)s->opt.max_stack, sizeof *m->stack);
    return m->heap && m->cells && m->stack ? 0 : -1;
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
    int arrays = take_arrays(s, ws);
    m->costs = calloc((size_t)s->img.ncc * CCM_NCOUNTERS, sizeof *m->costs);
    if (arrays != 0 || !m->costs) {
        set_err(err, errcap, "out of memory allocating the machine's arrays (lower --max-heap/--max-stack)");
        ccm_session_free(s);
        return NULL;
    }
    if (ccm_session_reset(s) != CCM_RUNNING) {
        if (s->status == CCM_RES_HEAP)
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
    else {
        free(s->m.heap);
        free(s->m.cells);
        free(s->m.stack);
    }
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
    s->status = ccm_init(m, &s->img.program);
    return s->status;
}

struct ccm_machine *ccm_session_machine(struct ccm_session *s) { return &s->m; }

int ccm_session_run(struct ccm_session *s)
{
    s->status = ccm_run(&s->m);
    return s->status;
}

/* The run of ccm_session_run, one ccm_step at a time, counting which rule
 * fired (m->last_rule) after each transition (no counts: ccm_session_run itself).  It only reads the machine:
 * the steps and costs are those of ccm_run. */
int ccm_session_run_counted(struct ccm_session *s, uint64_t counts[CCM_NRULES])
{
    if (!counts) return ccm_session_run(s);
    int st;
    while ((st = ccm_step(&s->m)) == CCM_RUNNING) {
        int32_t r = s->m.last_rule;
        if (r >= 0 && r < CCM_NRULES) counts[r]++;
    }
    s->status = st;
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
