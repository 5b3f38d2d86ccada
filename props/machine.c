/* machine.c -- see machine.h. */
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n, s);
    if (!p) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    return p;
}

void mrun_init(struct mrun *r, int32_t heap_cap, int32_t cell_cap, int32_t stack_cap)
{
    memset(r, 0, sizeof *r);
    r->m.heap = xcalloc((size_t)heap_cap, sizeof *r->m.heap);
    r->m.heap_cap = heap_cap;
    r->m.cells = xcalloc((size_t)cell_cap, sizeof *r->m.cells);
    r->m.cell_cap = cell_cap;
    r->m.stack = xcalloc((size_t)stack_cap, sizeof *r->m.stack);
    r->m.stack_cap = stack_cap;
    r->addr_cap = heap_cap;
    r->full_heap = heap_cap; r->full_cells = cell_cap; r->full_stack = stack_cap;
    r->alloc_at = xcalloc((size_t)heap_cap, sizeof *r->alloc_at);
    r->start_at = xcalloc((size_t)heap_cap, sizeof *r->start_at);
    r->end_at = xcalloc((size_t)heap_cap, sizeof *r->end_at);
}

void mrun_free(struct mrun *r)
{
    free(r->m.heap); free(r->m.cells); free(r->m.stack); free(r->m.costs);
    free(r->m.stk.node); free(r->m.stk.slot);
    free(r->ev); free(r->alloc_at); free(r->start_at); free(r->end_at);
    memset(r, 0, sizeof *r);
}

static void event(struct mrun *r, uint64_t step, int32_t rule, int32_t addr)
{
    if (r->nev == r->evcap) {
        r->evcap = r->evcap ? 2 * r->evcap : 4096;
        r->ev = realloc(r->ev, r->evcap * sizeof *r->ev);
        if (!r->ev) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    }
    r->ev[r->nev].step = step;
    r->ev[r->nev].rule = rule;
    r->ev[r->nev].addr = addr;
    r->nev++;
}

/* The heap address a VAR control denotes, walking the environment here
 * (not through the kernel) so that recording does not trust the kernel. */
static int32_t var_addr(const struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t ref = n->a;
    if (ref < 0) return -1 - ref;
    int32_t c = m->ctl_env;
    for (int32_t i = 0; i < ref && c >= 0; i++) c = m->cells[c].next;
    return c >= 0 && c < m->cell_len ? m->cells[c].addr : -1;
}

int mrun_run(struct mrun *r, const struct front_image *img, int rules, int scoping,
             int order, uint64_t max_steps, const struct mforce *forces, int nforces)
{
    struct ccm_machine *m = &r->m;
    size_t ncost = (size_t)img->ncc * CCM_NCOUNTERS;
    free(m->costs);
    m->costs = xcalloc(ncost ? ncost : 1, sizeof *m->costs);
    /* the flat machine: push single, a stack table of the roots alone
     * (node c is cost centre c), so costs[c * CCM_NCOUNTERS + k] as before */
    free(m->stk.node);
    free(m->stk.slot);
    m->stk.cap = (uint32_t)(img->ncc > 0 ? img->ncc : 1);
    m->stk.nslot = m->stk.cap + 1;
    m->stk.node = xcalloc(m->stk.cap, sizeof *m->stk.node);
    m->stk.slot = xcalloc(m->stk.nslot, sizeof *m->stk.slot);
    m->push = CCM_PUSH_SINGLE;
    m->rules = rules; m->scoping = scoping; m->order = order;
    m->max_steps = max_steps;
    m->heap_cap = r->lim_heap > 0 && r->lim_heap < r->full_heap ? r->lim_heap : r->full_heap;
    m->cell_cap = r->lim_cells > 0 && r->lim_cells < r->full_cells ? r->lim_cells : r->full_cells;
    m->stack_cap = r->lim_stack > 0 && r->lim_stack < r->full_stack ? r->lim_stack : r->full_stack;
    r->peak_stack = 0;
    memset(r->rule_count, 0, sizeof r->rule_count);
    r->let_h = 0;
    r->nev = 0;
    int st = ccm_init(m, &img->program);
    if (st != CCM_RUNNING) return r->status = st;
    if (r->record)
        for (int32_t i = 0; i < m->heap_len && i < r->addr_cap; i++) {
            r->alloc_at[i] = 0; r->start_at[i] = MRUN_NEVER; r->end_at[i] = MRUN_NEVER;
        }
    int next_force = 0;
    for (;;) {
        uint64_t s = m->steps;
        if (next_force < nforces && forces[next_force].step == s) {
            int32_t a = forces[next_force++].addr;
            st = ccm_force(m, a);
            if (st != CCM_RUNNING) return r->status = st;
            r->rule_count[CCM_R_FORCE]++;
            if (r->record) { event(r, s, CCM_R_FORCE, a); if (a < r->addr_cap) r->start_at[a] = s; }
            continue;
        }
        const struct ccm_node *n = &m->code[m->ctl_code];
        int32_t kind = n->kind, letn = n->b;
        int32_t addr = -1, heap_before = m->heap_len;
        if (r->record && kind == CCM_VAR) addr = var_addr(m);
        else if (r->record && ccm_is_value_node(m, m->ctl_code) && m->stack_len > 0
                 && m->stack[m->stack_len - 1].kind == CCM_F_UPD)
            addr = m->stack[m->stack_len - 1].a;       /* a var3 would update this one */
        int32_t sl = m->ccc;
        st = ccm_step(m);
        /* an app2 under the ghc call: its pushes (kernel/ccm.h), part of the same step */
        if (st == CCM_RUNNING && m->scoping == CCM_CALL_GHC && m->last_rule == CCM_R_APP2) {
            st = ccm_ghc_call(m, sl);
            m->last_rule = CCM_R_APP2;
        }
        if (st != CCM_RUNNING) break;
        int rule = m->last_rule;
        if (m->stack_len > r->peak_stack) r->peak_stack = m->stack_len;
        if (rule > 0 && rule < CCM_NRULES) r->rule_count[rule]++;
        if (rule == CCM_R_LET) r->let_h += (uint64_t)letn;
        if (r->record) {
            if (rule == CCM_R_VAR1 || rule == CCM_R_VAR2 || rule == CCM_R_VAR3)
                event(r, s, rule, addr);
            if (rule == CCM_R_VAR2 && addr >= 0 && addr < r->addr_cap) r->start_at[addr] = s;
            if (rule == CCM_R_VAR3 && addr >= 0 && addr < r->addr_cap) r->end_at[addr] = s;
            for (int32_t i = heap_before; i < m->heap_len && i < r->addr_cap; i++) {
                r->alloc_at[i] = s + 1; r->start_at[i] = MRUN_NEVER; r->end_at[i] = MRUN_NEVER;
            }
        }
    }
    return r->status = st;
}
