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
    n->label = ccm_session_cc_name(s, cc);
    n->module = cc == CCM_CC_MAIN ? "MAIN" : "Main";
    for (int k = 0; k < CCM_NCOUNTERS; k++) n->counters[k] = ccm_session_cost(s, cc, k);
    n->entries = n->counters[CCM_ENTRIES];
    for (int k = CCM_A; k <= CCM_P; k++)
        if (k != CCM_H) n->ticks += n->counters[k];
    n->alloc = n->counters[CCM_H] * CCM_OBJ_BYTES;
}

int prof_tree_build(struct ccm_session *s, const char *program, struct prof_tree *t)
{
    const struct front_image *img = ccm_session_image(s);
    int32_t ncc = img->ncc;
    memset(t, 0, sizeof *t);
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
                g->cc = -1; g->id = ncc + 1; g->depth = 1; g->parent = 0;
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
    /* inherited: children follow their parent in preorder, so one backward
     * pass adds each node's total into its parent's */
    for (int32_t i = 0; i < t->n; i++) {
        t->node[i].inh_ticks = t->node[i].ticks;
        t->node[i].inh_alloc = t->node[i].alloc;
        t->total_ticks += t->node[i].ticks;
        t->total_alloc += t->node[i].alloc;
    }
    for (int32_t i = t->n - 1; i > 0; i--) {
        struct prof_node *p = &t->node[t->node[i].parent];
        p->inh_ticks += t->node[i].inh_ticks;
        p->inh_alloc += t->node[i].inh_alloc;
    }
    return 0;
}

void prof_tree_free(struct prof_tree *t)
{
    free(t->node);
    t->node = NULL;
    t->n = 0;
}
