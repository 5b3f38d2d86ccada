/* ccgraph.c -- the cost-centre graph of one run: each cost centre's amount
 * of the chosen resource, and who entered whom (docs/graphs.md). */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "ccgraph.h"

/* The six cost counters come first in enum ccm_counter (entries and
 * subentries, which count scc transitions, are not resources). */
static const char *const counter_word[] = { "A", "C", "V", "U", "H", "P" };
#define NRESOURCE_COUNTERS 6

int ccgraph_resource(const char *word)
{
    if (!word) return -1;
    for (int r = 0; r < NRESOURCE_COUNTERS; r++)
        if (strcmp(word, counter_word[r]) == 0) return r;
    return strcmp(word, "steps") == 0 ? RESOURCE_STEPS : -1;
}

const char *ccgraph_resource_name(int resource)
{
    if (resource == RESOURCE_STEPS) return "steps";
    return resource >= 0 && resource < NRESOURCE_COUNTERS ? counter_word[resource] : "?";
}

int ccgraph_init(struct ccgraph *g, struct ccm_session *s)
{
    memset(g, 0, sizeof *g);
    g->ncc = ccm_session_ncc(s);
    g->steps = calloc((size_t)g->ncc + 1, sizeof *g->steps);
    return g->steps ? 0 : -1;
}

void ccgraph_free(struct ccgraph *g)
{
    free(g->steps);
    free(g->edges);
    free(g->slot);
    memset(g, 0, sizeof *g);
}

static size_t edge_hash(int32_t from, int32_t to, size_t nslots)
{
    uint64_t h = (uint64_t)(uint32_t)from * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)to * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ (h >> 29)) & (nslots - 1);
}

/* Rebuild the slots at twice the size (a power of two). */
static int rehash(struct ccgraph *g)
{
    size_t n = g->nslots ? 2 * g->nslots : 64;
    int32_t *slot = malloc(n * sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < n; i++) slot[i] = -1;
    for (size_t k = 0; k < g->nedges; k++) {
        size_t h = edge_hash(g->edges[k].from, g->edges[k].to, n);
        while (slot[h] >= 0) h = (h + 1) & (n - 1);
        slot[h] = (int32_t)k;
    }
    free(g->slot);
    g->slot = slot;
    g->nslots = n;
    return 0;
}

/* One more scc transition from `from` into `to`. */
static void count_edge(struct ccgraph *g, int32_t from, int32_t to)
{
    if (g->failed) return;
    if (2 * (g->nedges + 1) > g->nslots && rehash(g) != 0) { g->failed = 1; return; }
    size_t h = edge_hash(from, to, g->nslots);
    for (; g->slot[h] >= 0; h = (h + 1) & (g->nslots - 1)) {
        struct ccgraph_edge *e = &g->edges[g->slot[h]];
        if (e->from == from && e->to == to) { e->count++; return; }
    }
    if (g->nedges == g->capedges) {
        size_t cap = g->capedges ? 2 * g->capedges : 32;
        struct ccgraph_edge *e = realloc(g->edges, cap * sizeof *e);
        if (!e) { g->failed = 1; return; }
        g->edges = e;
        g->capedges = cap;
    }
    g->edges[g->nedges] = (struct ccgraph_edge){ from, to, 1 };
    g->slot[h] = (int32_t)g->nedges++;
}

int ccgraph_run(struct ccgraph *g, struct ccm_session *s)
{
    struct ccm_machine *m = ccm_session_machine(s);
    int st;
    for (;;) {
        /* cost centres: the tops of the stacks (push single: the stacks) */
        int32_t before = ccm_session_current_cc(s), after;
        if ((st = ccm_session_step(s)) != CCM_RUNNING) break;
        if (before >= 0 && before < g->ncc) g->steps[before]++;
        after = ccm_session_current_cc(s);
        if (m->last_rule == CCM_R_SCC && before >= 0 && before < g->ncc && after >= 0 && after < g->ncc)
            count_edge(g, before, after);
    }
    return st;
}

uint64_t ccgraph_amount(const struct ccgraph *g, const struct ccm_session *s, int32_t cc, int resource)
{
    if (resource == RESOURCE_STEPS) return cc >= 0 && cc < g->ncc ? g->steps[cc] : 0;
    return ccm_session_cost(s, cc, resource);
}

int ccgraph_write(const struct ccgraph *g, const struct ccm_session *s, int resource,
                  const char *program, const char *dot_path, const char *svg_path)
{
    if (g->failed) { fputs("ccm: out of memory recording the graph's edges\n", stderr); return 2; }
    uint64_t total = 0;
    for (int32_t i = 0; i < g->ncc; i++) total += ccgraph_amount(g, s, i, resource);
    /* the nodes: every cost centre with some of the resource or on an edge */
    int *index = malloc(((size_t)g->ncc + 1) * sizeof *index);
    char *on_edge = calloc((size_t)g->ncc + 1, 1);
    struct dot_node *nodes = calloc((size_t)g->ncc + 1, sizeof *nodes);
    struct dot_edge *edges = calloc(g->nedges + 1, sizeof *edges);
    int n = 0, rc = 2;
    if (!index || !on_edge || !nodes || !edges) { fputs("ccm: out of memory drawing the graph\n", stderr); goto out; }
    for (size_t k = 0; k < g->nedges; k++) on_edge[g->edges[k].from] = on_edge[g->edges[k].to] = 1;
    for (int32_t i = 0; i < g->ncc; i++) {
        uint64_t v = ccgraph_amount(g, s, i, resource);
        index[i] = -1;
        if (!v && !on_edge[i]) continue;
        index[i] = n;
        struct dot_node *d = &nodes[n++];
        d->name = ccm_session_cc_name(s, i);
        d->share = d->colour_share = total ? (double)v / (double)total : 0.0;
        snprintf(d->label, sizeof d->label, "%s %" PRIu64 " (%.1f%%)",
                 ccgraph_resource_name(resource), v, 100.0 * d->share);
    }
    for (size_t k = 0; k < g->nedges; k++)
        edges[k] = (struct dot_edge){ index[g->edges[k].from], index[g->edges[k].to], g->edges[k].count };
    char title[300];
    snprintf(title, sizeof title, "%s: %s by cost centre (total %" PRIu64 ")", program,
             ccgraph_resource_name(resource), total);
    rc = dot_write(dot_path, svg_path, title, nodes, n, edges, (int)g->nedges);
out:
    free(index);
    free(on_edge);
    free(nodes);
    free(edges);
    return rc;
}
