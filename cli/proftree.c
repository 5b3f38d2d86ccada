/* proftree.c -- the cost-centre tree of the text and JSON profiles
 * (profile.h), and the naming helpers they share.
 *
 * Mapping (docs/profiles.md): entries = the scc entries counter; ticks =
 * A+C+V+U+P, the transitions charged to the cost centre, one tick a
 * millisecond; alloc = H x CCM_OBJ_BYTES bytes.  Inherited columns are
 * sums of the integers below a node, so MAIN inherits exactly the totals. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#include "profile.h"
#include "../front/front.h"
#include "../lib/census.h"
#include "stacktree.h"

void prof_plain_name(const char *name, char *out, size_t cap)
{
    if (!*name) { snprintf(out, cap, "(empty)"); return; }   /* scc "" */
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && n + 1 < cap; p++)
        out[n++] = (*p <= ' ' || *p == 0x7F || *p == '"') ? '_' : (char)*p;
    if (name[n]) /* cut short: never in the middle of a UTF-8 sequence */
        while (n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80) n--;
    out[n] = '\0';
}

void prof_date(char *buf, size_t cap)
{
    time_t now = time(NULL);
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    if (epoch && *epoch) {
        char *end;
        long long v = strtoll(epoch, &end, 10);
        if (!*end && v >= 0) now = (time_t)v;
    }
    struct tm tm;
    if (!gmtime_r(&now, &tm) || !strftime(buf, cap, "%a %b %d %H:%M %Y", &tm))
        snprintf(buf, cap, "Thu Jan 01 00:00 1970");
}

/* The position of the first scc naming each cost centre (lowest line, then
 * column), from the code nodes the loader laid from the tree. */
static void scc_positions(struct ccm_session *s, struct ast_pos *pos)
{
    const struct front_image *img = ccm_session_image(s);
    for (int32_t i = 0; i < img->ncode; i++) {
        const struct ccm_node *n = &img->code[i];
        if ((n->kind != CCM_SCC && n->kind != CCM_SCC_SUB) || n->a < 0 || n->a >= img->ncc) continue;
        const struct ast_expr *e = img->node_expr ? img->node_expr[i] : NULL;
        if (!e) continue;
        struct ast_pos *p = &pos[n->a];
        if (p->line == 0 || e->pos.line < p->line || (e->pos.line == p->line && e->pos.col < p->col))
            *p = e->pos;
    }
}

static int listed(struct ccm_session *s, int32_t cc)
{
    if (cc == CCM_CC_MAIN) return 1;
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (ccm_session_cost(s, cc, k)) return 1;
    return 0;
}

static void fill(struct prof_node *n, struct ccm_session *s, int32_t cc)
{
    n->cc = cc;
    n->id = cc + 1;
    n->no = n->id;
    n->label = ccm_session_cc_name(s, cc);
    n->module = cc == CCM_CC_MAIN ? "MAIN" : "Main";
    for (int k = 0; k < CCM_NCOUNTERS; k++) n->counters[k] = ccm_session_cost(s, cc, k);
    n->entries = n->counters[CCM_ENTRIES];
    for (int k = CCM_A; k <= CCM_P; k++)
        if (k != CCM_H) n->ticks += n->counters[k];
    n->alloc = n->counters[CCM_H] * CCM_OBJ_BYTES;
}

/* A node's columns from its counters c. */
static void columns(struct prof_node *n, const uint64_t *c)
{
    memcpy(n->counters, c, sizeof n->counters);
    n->entries = c[CCM_ENTRIES];
    n->ticks = 0;
    for (int k = CCM_A; k <= CCM_P; k++)
        if (k != CCM_H) n->ticks += c[k];
    n->alloc = c[CCM_H] * CCM_OBJ_BYTES;
}

/* The description of cost centre cc, the same on each of its nodes. */
static void describe_cc(struct prof_node *n, struct ccm_session *s, int32_t cc, const struct ast_pos *pos,
                        const char *file)
{
    const struct front_image *img = ccm_session_image(s);
    n->cc = cc;
    n->id = cc + 1;
    n->label = ccm_session_cc_name(s, cc);
    n->module = cc == CCM_CC_MAIN ? "MAIN" : "Main";
    n->is_caf = img->cc_kind[cc] == CCM_CC_CAF;
    if (n->is_caf) snprintf(n->src, sizeof n->src, "<CAF>");
    else if (cc != CCM_CC_MAIN && pos[cc].line > 0) {
        n->line = pos[cc].line;
        n->col = pos[cc].col;
        snprintf(n->src, sizeof n->src, "%.240s:%d:%d", file, pos[cc].line, pos[cc].col);
    } else snprintf(n->src, sizeof n->src, "<built-in>");
}

/* The tree of the run's cost-centre stacks (push append or ghc), in GHC's
 * shape: <MAIN> at the root, the stacks above it below it; a CAF group
 * under MAIN holding each <CAF:x> with the stacks above it; any other root
 * with something charged (<SUB>) under MAIN.  A node's `no` is its stack
 * node + 1 (the group's: the number of stacks + 1). */
static int stack_build(struct ccm_session *s, const char *program, struct prof_tree *t,
                       const struct ast_pos *pos)
{
    const struct front_image *img = ccm_session_image(s);
    const char *file = strcmp(program, "-") == 0 ? "<stdin>" : program;
    struct stack_tree st;
    if (stack_tree_build(s, &st) != 0) return -1;
    int32_t len = ccm_session_nstacks(s);
    t->node = calloc((size_t)st.n + 2, sizeof *t->node);
    /* root[i]: the root of stack i; last[d]: the tree index of the latest
     * node emitted at stack depth d, the parent of the next at depth d + 1
     * (preorder) */
    int32_t *root = malloc(((size_t)len + 1) * sizeof *root), *last = malloc(((size_t)st.n + 1) * sizeof *last);
    if (!t->node || !root || !last) { free(root); free(last); stack_tree_free(&st); return -1; }
    for (int32_t i = 0; i < len; i++) {
        int32_t p = ccm_session_stack_parent(s, i);
        root[i] = p >= 0 && p < i ? root[p] : i;
    }
    /* three passes over the roots' segments: MAIN itself, the CAF roots
     * (in a group), MAIN's stacks and the other roots */
    int32_t group = -1;
    for (int pass = 0; pass < 3; pass++)
        for (int32_t i = 0; i < st.n; i++) {
            if (i == 0) last[0] = 0;              /* MAIN's stacks hang below the root */
            int32_t node = st.node[i], r = root[node];
            int32_t rcc = ccm_session_stack_cc(s, r);
            int caf = img->cc_kind[rcc] == CCM_CC_CAF, is_main = rcc == CCM_CC_MAIN;
            int want = pass == 0 ? is_main && node == r : pass == 1 ? caf : !caf && !(is_main && node == r);
            if (!want) continue;
            if (pass == 1 && group < 0) {
                group = t->n;
                struct prof_node *g = &t->node[t->n++];
                g->cc = -1; g->id = img->ncc + 1; g->no = ccm_session_nstacks(s) + 1; g->depth = 1; g->parent = 0;
                g->label = "CAF"; g->module = "Main"; g->is_caf = 1;
                snprintf(g->src, sizeof g->src, "<entire-module>");
            }
            struct prof_node *n = &t->node[t->n];
            last[st.depth[i]] = t->n++;
            int32_t cc = ccm_session_stack_cc(s, node);
            describe_cc(n, s, cc, pos, file);
            n->no = node + 1;
            uint64_t c[CCM_NCOUNTERS];
            for (int k = 0; k < CCM_NCOUNTERS; k++) c[k] = ccm_session_stack_cost(s, node, k);
            columns(n, c);
            int32_t shift = is_main ? 0 : caf ? 2 : 1;
            n->depth = st.depth[i] + shift;
            n->parent = node != r ? last[st.depth[i] - 1] : is_main ? -1 : caf ? group : 0;
        }
    free(root);
    free(last);
    stack_tree_free(&st);
    return 0;
}

int prof_tree_build(struct ccm_session *s, const char *program, struct prof_tree *t)
{
    const struct front_image *img = ccm_session_image(s);
    int32_t ncc = img->ncc;
    memset(t, 0, sizeof *t);
    if (stacks_shown(s)) {
        t->program = program;
        struct ast_pos *pos = calloc((size_t)ncc, sizeof *pos);
        if (!pos) return -1;
        scc_positions(s, pos);
        int rc = stack_build(s, program, t, pos);
        free(pos);
        if (rc != 0) { prof_tree_free(t); return -1; }
        prof_tree_sums(t);
        return 0;
    }
    t->program = program;
    t->node = calloc((size_t)ncc + 2, sizeof *t->node);
    struct ast_pos *pos = calloc((size_t)ncc, sizeof *pos);
    if (!t->node || !pos) { free(pos); free(t->node); t->node = NULL; return -1; }
    scc_positions(s, pos);
    const char *file = strcmp(program, "-") == 0 ? "<stdin>" : program;

    struct prof_node *root = &t->node[t->n++];
    fill(root, s, CCM_CC_MAIN);
    root->parent = -1;
    snprintf(root->src, sizeof root->src, "<built-in>");
    /* the CAF group first, as GHC lists a module's CAF under MAIN */
    int32_t group = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int32_t cc = 1; cc < ncc; cc++) {
            int caf = img->cc_kind[cc] == CCM_CC_CAF;
            if (caf != (pass == 0) || !listed(s, cc)) continue;
            if (caf && group < 0) {
                group = t->n;
                struct prof_node *g = &t->node[t->n++];
                g->cc = -1; g->id = g->no = ncc + 1; g->depth = 1; g->parent = 0;
                g->label = "CAF"; g->module = "Main"; g->is_caf = 1;
                snprintf(g->src, sizeof g->src, "<entire-module>");
            }
            struct prof_node *n = &t->node[t->n++];
            fill(n, s, cc);
            n->is_caf = caf;
            n->parent = caf ? group : 0;
            n->depth = caf ? 2 : 1;
            if (caf) snprintf(n->src, sizeof n->src, "<CAF>");
            else if (pos[cc].line > 0) {
                n->line = pos[cc].line;
                n->col = pos[cc].col;
                snprintf(n->src, sizeof n->src, "%.240s:%d:%d", file, pos[cc].line, pos[cc].col);
            } else snprintf(n->src, sizeof n->src, "<built-in>");
        }
    free(pos);
    prof_tree_sums(t);
    return 0;
}

void prof_tree_sums(struct prof_tree *t)
{
    t->total_ticks = t->total_alloc = 0;
    for (int32_t i = 0; i < t->n; i++) {
        t->node[i].inh_ticks = t->node[i].ticks;
        t->node[i].inh_alloc = t->node[i].alloc;
        t->total_ticks += t->node[i].ticks;
        t->total_alloc += t->node[i].alloc;
    }
    /* inherited: a parent comes before its children in preorder, so one
     * backward pass adds each node's total into its parent's, at any depth */
    for (int32_t i = t->n - 1; i > 0; i--) {
        int32_t p = t->node[i].parent;
        if (p < 0 || p >= i) continue;   /* not a tree (prof_tree_check) */
        t->node[p].inh_ticks += t->node[i].inh_ticks;
        t->node[p].inh_alloc += t->node[i].inh_alloc;
    }
}

/* three keys, sorted in order; i breaks ties so that the sort is stable */
struct key3 { int32_t a, b, i; };

static int by_key3(const void *x, const void *y)
{
    const struct key3 *p = x, *q = y;
    if (p->a != q->a) return (p->a > q->a) - (p->a < q->a);
    if (p->b != q->b) return (p->b > q->b) - (p->b < q->b);
    return (p->i > q->i) - (p->i < q->i);
}

int32_t prof_tree_ccs(const struct prof_tree *t, int32_t *of, int32_t *first)
{
    if (t->n <= 0) return 0;
    struct key3 *k = malloc((size_t)t->n * sizeof *k);
    if (!k) return -1;
    for (int32_t i = 0; i < t->n; i++) k[i] = (struct key3){ t->node[i].id, 0, i };
    qsort(k, (size_t)t->n, sizeof *k, by_key3);
    /* of[i]: first the first node of i's cost centre, then its number */
    for (int32_t j = 0, rep = 0; j < t->n; j++) {
        if (j == 0 || k[j].a != k[j - 1].a) rep = k[j].i;
        of[k[j].i] = rep;
    }
    free(k);
    int32_t count = 0;
    for (int32_t i = 0; i < t->n; i++) {
        if (of[i] == i) { first[count] = i; of[i] = count++; }
        else of[i] = of[of[i]];          /* of[i] < i: numbered already */
    }
    return count;
}

int prof_tree_check(const struct prof_tree *t, char *err, size_t cap)
{
    int32_t n = t->n;
    if (n < 1 || !t->node) { snprintf(err, cap, "no root"); return -1; }
    const struct prof_node *v = t->node;
    if (v[0].parent != -1 || v[0].depth != 0) { snprintf(err, cap, "node 0 is no root (parent -1, depth 0)"); return -1; }
    int32_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    struct key3 *k = malloc((size_t)n * sizeof *k);
    uint64_t *inh = calloc((size_t)n * 2, sizeof *inh);
    int rc = -1;
    if (!a || !b || !k || !inh) { snprintf(err, cap, "out of memory"); goto out; }
    /* preorder: a's first sp entries are the path from the root to node i-1 */
    int32_t sp = 0;
    a[sp++] = 0;
    for (int32_t i = 1; i < n; i++) {
        int32_t p = v[i].parent;
        if (p < 0 || p >= i) { snprintf(err, cap, "node %d: parent %d is not before it", (int)i, (int)p); goto out; }
        while (sp > 0 && a[sp - 1] != p) sp--;
        if (sp == 0) { snprintf(err, cap, "node %d: not in preorder (its parent %d is not on the path to node %d)",
                                (int)i, (int)p, (int)i - 1); goto out; }
        if (v[i].depth != v[p].depth + 1) { snprintf(err, cap, "node %d: depth %d under a parent of depth %d",
                                                     (int)i, (int)v[i].depth, (int)v[p].depth); goto out; }
        a[sp++] = i;
    }
    /* one cost centre, one description */
    if (prof_tree_ccs(t, a, b) < 0) { snprintf(err, cap, "out of memory"); goto out; }
    for (int32_t i = 0; i < n; i++) {
        const struct prof_node *f = &v[b[a[i]]], *x = &v[i];
        if (x->cc != f->cc || strcmp(x->label, f->label) || strcmp(x->module, f->module) || strcmp(x->src, f->src)
            || x->line != f->line || x->col != f->col || x->is_caf != f->is_caf) {
            snprintf(err, cap, "nodes %d and %d: id %d describes two cost centres", (int)b[a[i]], (int)i, (int)x->id);
            goto out;
        }
    }
    /* unique numbers; siblings of distinct cost centres */
    for (int32_t i = 0; i < n; i++) k[i] = (struct key3){ v[i].no, 0, i };
    qsort(k, (size_t)n, sizeof *k, by_key3);
    for (int32_t j = 1; j < n; j++)
        if (k[j].a == k[j - 1].a) { snprintf(err, cap, "nodes %d and %d: the same no %d", (int)k[j - 1].i, (int)k[j].i,
                                             (int)k[j].a); goto out; }
    for (int32_t i = 0; i < n; i++) k[i] = (struct key3){ v[i].parent, v[i].id, i };
    qsort(k, (size_t)n, sizeof *k, by_key3);
    for (int32_t j = 1; j < n; j++)
        if (k[j].a == k[j - 1].a && k[j].b == k[j - 1].b) {
            snprintf(err, cap, "nodes %d and %d: siblings of one cost centre", (int)k[j - 1].i, (int)k[j].i);
            goto out;
        }
    /* the sums */
    uint64_t tt = 0, ta = 0;
    for (int32_t i = 0; i < n; i++) {
        inh[2 * i] = v[i].ticks; inh[2 * i + 1] = v[i].alloc;
        tt += v[i].ticks; ta += v[i].alloc;
    }
    for (int32_t i = n - 1; i > 0; i--) {
        inh[2 * v[i].parent] += inh[2 * i];
        inh[2 * v[i].parent + 1] += inh[2 * i + 1];
    }
    if (tt != t->total_ticks || ta != t->total_alloc) { snprintf(err, cap, "the totals are not the sums"); goto out; }
    for (int32_t i = 0; i < n; i++)
        if (v[i].inh_ticks != inh[2 * i] || v[i].inh_alloc != inh[2 * i + 1]) {
            snprintf(err, cap, "node %d: inherited columns are not its subtree's sums", (int)i);
            goto out;
        }
    rc = 0;
out:
    free(a); free(b); free(k); free(inh);
    return rc;
}

void prof_tree_free(struct prof_tree *t)
{
    free(t->node);
    t->node = NULL;
    t->n = 0;
}

int prof_walk_init(const struct prof_tree *t, struct prof_walk *w)
{
    size_t cap = t->n > 0 ? (size_t)t->n : 1;
    w->of = malloc(cap * sizeof *w->of);
    w->first = malloc(cap * sizeof *w->first);
    w->path = malloc(cap * sizeof *w->path);
    if (w->of && w->first && w->path && (w->ncc = prof_tree_ccs(t, w->of, w->first)) >= 0) return 0;
    prof_walk_free(w);
    return -1;
}

void prof_walk_free(struct prof_walk *w)
{
    free(w->of); free(w->first); free(w->path);
    w->of = w->first = w->path = NULL;
}
