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
    g->ncc = ccm_session_ncc(s);
    g->steps = calloc((size_t)g->ncc, sizeof *g->steps);
    g->calls = calloc((size_t)g->ncc * (size_t)g->ncc, sizeof *g->calls);
    if (g->steps && g->calls) return 0;
    ccgraph_free(g);
    return -1;
}

void ccgraph_free(struct ccgraph *g)
{
    free(g->steps);
    free(g->calls);
    memset(g, 0, sizeof *g);
}

int ccgraph_run(struct ccgraph *g, struct ccm_session *s)
{
    struct ccm_machine *m = ccm_session_machine(s);
    int st;
    for (;;) {
        int32_t before = m->ccc;
        if ((st = ccm_step(m)) != CCM_RUNNING) break;
        if (before >= 0 && before < g->ncc) g->steps[before]++;
        if (m->last_rule == CCM_R_SCC && before >= 0 && before < g->ncc && m->ccc >= 0 && m->ccc < g->ncc)
            g->calls[(size_t)before * (size_t)g->ncc + (size_t)m->ccc]++;
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
    uint64_t total = 0;
    for (int32_t i = 0; i < g->ncc; i++) total += ccgraph_amount(g, s, i, resource);
    /* the nodes: every cost centre with some of the resource or on an edge */
    int *index = malloc((size_t)g->ncc * sizeof *index);
    struct dot_node *nodes = calloc((size_t)g->ncc, sizeof *nodes);
    struct dot_edge *edges = NULL;
    int n = 0, nedges = 0, rc = 2;
    if (!index || !nodes) goto out;
    for (int32_t i = 0; i < g->ncc; i++) {
        int on_edge = 0;
        for (int32_t j = 0; j < g->ncc && !on_edge; j++)
            on_edge = g->calls[(size_t)i * (size_t)g->ncc + (size_t)j] || g->calls[(size_t)j * (size_t)g->ncc + (size_t)i];
        uint64_t v = ccgraph_amount(g, s, i, resource);
        index[i] = -1;
        if (!v && !on_edge) continue;
        index[i] = n;
        struct dot_node *d = &nodes[n++];
        d->name = ccm_session_cc_name(s, i);
        d->share = d->colour_share = total ? (double)v / (double)total : 0.0;
        snprintf(d->label, sizeof d->label, "%s %" PRIu64 " (%.1f%%)",
                 ccgraph_resource_name(resource), v, 100.0 * d->share);
    }
    size_t cap = 0;
    for (size_t k = 0; k < (size_t)g->ncc * (size_t)g->ncc; k++) cap += g->calls[k] != 0;
    edges = calloc(cap + 1, sizeof *edges);
    if (!edges) goto out;
    for (int32_t i = 0; i < g->ncc; i++)
        for (int32_t j = 0; j < g->ncc; j++) {
            uint64_t c = g->calls[(size_t)i * (size_t)g->ncc + (size_t)j];
            if (c) edges[nedges++] = (struct dot_edge){ index[i], index[j], c };
        }
    char title[300];
    snprintf(title, sizeof title, "%s: %s by cost centre (total %" PRIu64 ")", program,
             ccgraph_resource_name(resource), total);
    rc = dot_write(dot_path, svg_path, title, nodes, n, edges, nedges);
out:
    if (rc == 2 && (!index || !nodes || !edges)) fputs("ccm: out of memory drawing the graph\n", stderr);
    free(index);
    free(nodes);
    free(edges);
    return rc;
}
