/* observe.c -- a run one ccm_step at a time, each transition's charges tied
 * to the node in the control before it (docs/audit.md, `ccm explain`).
 *
 * Which counters a step charged is read, not predicted: a shadow copy of the
 * counters, one row per cost-centre stack (node of the stack table), is
 * compared after each step with the rows a transition can touch (the
 * current stack before it, and for scc the one entered).  Under push
 * single every stack is one cost centre, node c being <c>.  At the
 * end the shadow must equal the machine's counters everywhere; if it does
 * not, `complete` is 0 and callers refuse to print a breakdown that would
 * not add up.
 *
 * var3 fires at a value, not at the variable whose thunk it updates: the
 * variable and the thunk's cost centre are remembered per stack slot when
 * var2 pushes the update frame, and read back when var3 pops it.
 * The groups are per stack; observe_by_top sums them per cost centre. */
#include <stdlib.h>
#include <string.h>
#include "observe.h"
#include "../front/front.h"

const char *const observe_counter_names[CCM_NCOUNTERS] = {
    "A", "C", "V", "U", "H", "P", "entries", "subentries"
};

struct upd_note { int32_t var_node, thunk; };

/* A group's key: the charge with count 0. */
static size_t hash(const struct charge *c)
{
    uint64_t h = 1469598103934665603ULL;
    int32_t parts[5] = { c->stack, c->counter, c->node, c->rule, c->thunk };
    for (int i = 0; i < 5; i++) { h ^= (uint32_t)parts[i]; h *= 1099511628211ULL; }
    return (size_t)h;
}

static int same_key(const struct charge *a, const struct charge *b)
{
    return a->stack == b->stack && a->counter == b->counter && a->node == b->node && a->rule == b->rule
           && a->thunk == b->thunk;
}

static int rehash(struct observation *o, size_t nslots)
{
    int32_t *slot = malloc(nslots * sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < nslots; i++) slot[i] = -1;
    for (size_t j = 0; j < o->n; j++) {
        size_t i = hash(&o->v[j]) & (nslots - 1);
        while (slot[i] >= 0) i = (i + 1) & (nslots - 1);
        slot[i] = (int32_t)j;
    }
    free(o->slot);
    o->slot = slot;
    o->nslots = nslots;
    return 0;
}

/* Add c->count to c's group (made if new). */
static int add(struct observation *o, const struct charge *c)
{
    if (2 * (o->n + 1) > o->nslots && rehash(o, o->nslots ? 2 * o->nslots : 256)) return -1;
    size_t i = hash(c) & (o->nslots - 1);
    for (; o->slot[i] >= 0; i = (i + 1) & (o->nslots - 1)) {
        struct charge *g = &o->v[o->slot[i]];
        if (same_key(g, c)) {
            g->count += c->count;
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
    o->v[o->n] = *c;
    o->slot[i] = (int32_t)o->n++;
    return 0;
}

/* The shadow of the counters, by stack node: kept as long as the
 * machine's table (which grows under push append and ghc).  A node made
 * since the last look starts at 0 in the shadow, as the library's grown
 * arrays and the kernel's fresh nodes do, so a charge the step that made
 * it put on it is seen. */
struct shadow { uint64_t *v; size_t nodes; };

static int shadow_cover(struct shadow *sh, const struct ccm_machine *m)
{
    size_t len = m->stk.len;
    if (len <= sh->nodes) return 0;
    uint64_t *v = realloc(sh->v, len * CCM_NCOUNTERS * sizeof *v);
    if (!v) return -1;
    memset(v + sh->nodes * CCM_NCOUNTERS, 0, (len - sh->nodes) * CCM_NCOUNTERS * sizeof *v);
    sh->v = v;
    sh->nodes = len;
    return 0;
}

/* Compare stack node `stack`'s row with the shadow; group each difference. */
static int settle(struct observation *o, const struct ccm_session *s, const struct ccm_machine *m,
                  struct shadow *sh, int32_t stack, int32_t node, int32_t rule, int32_t thunk)
{
    if (stack < 0 || (size_t)stack >= sh->nodes) return 0;
    for (int k = 0; k < CCM_NCOUNTERS; k++) {
        size_t ix = (size_t)stack * CCM_NCOUNTERS + (size_t)k;
        if (m->costs[ix] == sh->v[ix]) continue;
        struct charge c = { stack, k, node, rule, thunk, ccm_session_stack_cc(s, stack),
                            thunk >= 0 ? ccm_session_stack_cc(s, thunk) : -1, m->costs[ix] - sh->v[ix] };
        if (add(o, &c)) return -1;
        sh->v[ix] = m->costs[ix];
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
    struct shadow sh = { NULL, 0 };
    struct upd_note *notes = NULL;
    size_t ncap = 0;
    if (shadow_cover(&sh, m)) return -1;
    memcpy(sh.v, m->costs, sh.nodes * CCM_NCOUNTERS * sizeof *sh.v);
    int st, oom = 0;
    while (!oom) {
        /* the session may grow the table (and move m->costs) inside a step */
        int32_t node = m->ctl_code, ccc = m->ccc, depth = m->stack_len;
        st = ccm_session_step(s);
        if (st != CCM_RUNNING) break;
        oom |= shadow_cover(&sh, m);
        int32_t rule = m->last_rule, thunk = -1;
        if (rule == CCM_R_VAR2) {
            thunk = m->ccc;                 /* var2 enters the thunk's own stack */
            oom |= note_upd(&notes, &ncap, depth, (struct upd_note){ node, thunk });
        } else if (rule == CCM_R_VAR3 && depth >= 1 && (size_t)(depth - 1) < ncap) {
            node = notes[depth - 1].var_node;
            thunk = notes[depth - 1].thunk;
        }
        /* every row charges the stack current before it; scc also the one
         * it enters (its entry), which is the current stack after it */
        oom |= settle(o, s, m, &sh, ccc, node, rule, thunk);
        if (rule == CCM_R_SCC) oom |= settle(o, s, m, &sh, m->ccc, node, rule, thunk);
    }
    free(notes);
    o->complete = !oom && shadow_cover(&sh, m) == 0
                  && memcmp(sh.v, m->costs, sh.nodes * CCM_NCOUNTERS * sizeof *sh.v) == 0;
    free(sh.v);
    return oom ? -1 : st;
}

int observe_by_top(const struct observation *in, struct observation *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < in->n; i++) {
        struct charge c = in->v[i];
        c.stack = c.cc;
        c.thunk = c.thunk_cc;
        if (add(out, &c)) {
            observe_free(out);
            return -1;
        }
    }
    out->complete = in->complete;
    return 0;
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
