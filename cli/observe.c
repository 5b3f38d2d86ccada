/* observe.c -- a run one ccm_step at a time, each transition's charges tied
 * to the node in the control before it (docs/audit.md, `ccm explain`).
 *
 * Which counters a step charged is read, not predicted: a shadow copy of the
 * counters is compared after each step with the rows a transition can touch
 * (the current cost centre before it, and for scc the one entered).  At the
 * end the shadow must equal the machine's counters everywhere; if it does
 * not, `complete` is 0 and callers refuse to print a breakdown that would
 * not add up.
 *
 * var3 fires at a value, not at the variable whose thunk it updates: the
 * variable and the thunk's cost centre are remembered per stack slot when
 * var2 pushes the update frame, and read back when var3 pops it. */
#include <stdlib.h>
#include <string.h>
#include "observe.h"
#include "../front/front.h"

const char *const observe_counter_names[CCM_NCOUNTERS] = {
    "A", "C", "V", "U", "H", "P", "entries", "subentries"
};

struct upd_note { int32_t var_node, thunk_cc; };

static size_t hash(int32_t cc, int32_t k, int32_t node, int32_t rule, int32_t tcc)
{
    uint64_t h = 1469598103934665603ULL;
    int32_t parts[5] = { cc, k, node, rule, tcc };
    for (int i = 0; i < 5; i++) { h ^= (uint32_t)parts[i]; h *= 1099511628211ULL; }
    return (size_t)h;
}

static int rehash(struct observation *o, size_t nslots)
{
    int32_t *slot = malloc(nslots * sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < nslots; i++) slot[i] = -1;
    for (size_t j = 0; j < o->n; j++) {
        const struct charge *c = &o->v[j];
        size_t i = hash(c->cc, c->counter, c->node, c->rule, c->thunk_cc) & (nslots - 1);
        while (slot[i] >= 0) i = (i + 1) & (nslots - 1);
        slot[i] = (int32_t)j;
    }
    free(o->slot);
    o->slot = slot;
    o->nslots = nslots;
    return 0;
}

static int add(struct observation *o, int32_t cc, int32_t k, int32_t node, int32_t rule,
               int32_t tcc, uint64_t amount)
{
    if (2 * (o->n + 1) > o->nslots && rehash(o, o->nslots ? 2 * o->nslots : 256)) return -1;
    size_t i = hash(cc, k, node, rule, tcc) & (o->nslots - 1);
    for (; o->slot[i] >= 0; i = (i + 1) & (o->nslots - 1)) {
        struct charge *c = &o->v[o->slot[i]];
        if (c->cc == cc && c->counter == k && c->node == node && c->rule == rule && c->thunk_cc == tcc) {
            c->count += amount;
            return 0;
        }
    }
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 128;
        struct charge *v = realloc(o->v, cap * sizeof *v);
        if (!v) return -1;
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n] = (struct charge){ cc, k, node, rule, tcc, amount };
    o->slot[i] = (int32_t)o->n++;
    return 0;
}

/* Compare cost centre cc's row with the shadow; group each difference. */
static int settle(struct observation *o, const struct ccm_machine *m, uint64_t *shadow, int32_t cc,
                  int32_t node, int32_t rule, int32_t tcc)
{
    for (int k = 0; k < CCM_NCOUNTERS; k++) {
        size_t ix = (size_t)cc * CCM_NCOUNTERS + (size_t)k;
        if (m->costs[ix] == shadow[ix]) continue;
        if (add(o, cc, k, node, rule, tcc, m->costs[ix] - shadow[ix])) return -1;
        shadow[ix] = m->costs[ix];
    }
    return 0;
}

static int note_upd(struct upd_note **notes, size_t *cap, int32_t at, struct upd_note n)
{
    if ((size_t)at >= *cap) {
        size_t c = *cap ? *cap : 64;
        while (c <= (size_t)at) c *= 2;
        struct upd_note *v = realloc(*notes, c * sizeof *v);
        if (!v) return -1;
        *notes = v;
        *cap = c;
    }
    (*notes)[at] = n;
    return 0;
}

int observe_run(struct ccm_session *s, struct observation *o)
{
    memset(o, 0, sizeof *o);
    struct ccm_machine *m = ccm_session_machine(s);
    size_t ncost = (size_t)ccm_session_ncc(s) * CCM_NCOUNTERS;
    uint64_t *shadow = malloc(ncost * sizeof *shadow);
    struct upd_note *notes = NULL;
    size_t ncap = 0;
    if (!shadow) return -1;
    memcpy(shadow, m->costs, ncost * sizeof *shadow);
    int st, oom = 0;
    while (!oom) {
        int32_t node = m->ctl_code, ccc = m->ccc, depth = m->stack_len;
        st = ccm_session_step(s);
        if (st != CCM_RUNNING) break;
        int32_t rule = m->last_rule, tcc = -1;
        if (rule == CCM_R_VAR2) {
            tcc = m->ccc;                   /* var2 enters the thunk's own cost centre */
            oom |= note_upd(&notes, &ncap, depth, (struct upd_note){ node, tcc });
        } else if (rule == CCM_R_VAR3 && depth >= 1 && (size_t)(depth - 1) < ncap) {
            node = notes[depth - 1].var_node;
            tcc = notes[depth - 1].thunk_cc;
        }
        oom |= settle(o, m, shadow, ccc, node, rule, tcc);
        if (rule == CCM_R_SCC) oom |= settle(o, m, shadow, m->code[node].a, node, rule, tcc);
    }
    free(notes);
    o->complete = !oom && memcmp(shadow, m->costs, ncost * sizeof *shadow) == 0;
    free(shadow);
    return oom ? -1 : st;
}

void observe_free(struct observation *o)
{
    free(o->v);
    free(o->slot);
    memset(o, 0, sizeof *o);
}

/* The entry node (a VAR naming main, the top-level reference -1 - i for
 * main's index i) has no tree expression: it stands for main's right-hand
 * side. */
static const struct ast_expr *expr_of(const struct ccm_session *s, int32_t node)
{
    const struct front_image *img = ccm_session_image(s);
    if (node == img->entry) {
        int32_t i = -1 - img->code[node].a;
        return i >= 0 && i < img->ntop ? img->node_expr[img->top_code[i]] : NULL;
    }
    return node >= 0 && node < img->ncode ? img->node_expr[node] : NULL;
}

struct ast_pos observe_pos(const struct ccm_session *s, int32_t node)
{
    const struct ast_expr *e = expr_of(s, node);
    return e ? e->pos : (struct ast_pos){ 0, 0 };
}

const char *observe_var_name(const struct ccm_session *s, int32_t node)
{
    if (node == ccm_session_image(s)->entry) return "main";
    const struct ast_expr *e = expr_of(s, node);
    return e && e->kind == AST_VAR ? e->name : NULL;
}

void observe_where(const struct ccm_session *s, const char *file, int32_t node,
                   char *at, size_t atcap, char *src, size_t srccap)
{
    const struct ast_expr *e = expr_of(s, node);
    struct ast_pos p = e ? e->pos : (struct ast_pos){ 0, 0 };
    snprintf(at, atcap, "%s:%d:%d", file, p.line, p.col);
    if (node == ccm_session_image(s)->entry) snprintf(src, srccap, "main");
    else if (e) front_expr_text(e, src, srccap, 40);
    else snprintf(src, srccap, "?");
}
