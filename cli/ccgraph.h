/* ccgraph.h -- the cost-centre graph of a run (`ccm run --dot/--svg`) and
 * the Graphviz writer it shares with `ccm bottleneck` (docs/graphs.md). */
#ifndef CCM_CLI_CCGRAPH_H
#define CCM_CLI_CCGRAPH_H

#include <stdint.h>
#include <stdio.h>
#include "../lib/ccmlib.h"

/* The resources a graph or a search can follow: the six counters A C V U
 * H P (enum ccm_counter), or RESOURCE_STEPS, the transitions fired while a
 * cost centre was current. */
#define RESOURCE_STEPS CCM_NCOUNTERS
/* The resource a word names ("A" .. "P", "steps"), or -1. */
int ccgraph_resource(const char *word);
const char *ccgraph_resource_name(int resource);

/* A run watched one transition at a time.  Only reads the machine: the
 * steps and costs are those of ccm_run. */
struct ccgraph_edge { int32_t from, to; uint64_t count; };
struct ccgraph {
    int32_t ncc;
    uint64_t *steps;      /* [cc]: transitions fired while cc was current */
    /* scc transitions from cc `from` into `to`, in order of first entry;
     * slot: open addressing into edges (-1 empty), 2x the edges at least */
    struct ccgraph_edge *edges; size_t nedges, capedges;
    int32_t *slot; size_t nslots;
    int failed;           /* memory ran out: the edges are incomplete */
};
int  ccgraph_init(struct ccgraph *g, struct ccm_session *s);   /* 0, or -1 out of memory */
int  ccgraph_run(struct ccgraph *g, struct ccm_session *s);    /* the final status */
void ccgraph_free(struct ccgraph *g);
/* cc's amount of resource after the run. */
uint64_t ccgraph_amount(const struct ccgraph *g, const struct ccm_session *s, int32_t cc, int resource);
/* Write the graph of the run to dot_path and/or svg_path (either NULL);
 * 0, or 2 with a message on standard error. */
int ccgraph_write(const struct ccgraph *g, const struct ccm_session *s, int resource,
                  const char *program, const char *dot_path, const char *svg_path);

/* ---- dot.c: one Graphviz picture ----------------------------------------- */
struct dot_node {
    const char *name;
    double share;          /* 0..1: the node's area                   */
    double colour_share;   /* 0..1: its colour band                   */
    char label[160];       /* the lines under the name ("\n"-separated) */
};
struct dot_edge { int from, to; uint64_t count; };   /* count 0: no label */
/* The picture as Graphviz text on out. */
void dot_print(FILE *out, const char *title, const struct dot_node *nodes, int n,
               const struct dot_edge *edges, int nedges);
/* dot_print into dot_path and, through Graphviz's `dot -Tsvg`, into
 * svg_path (either may be NULL; "-" is standard output).  0, or 2 with a
 * message on standard error (a file that cannot be written, no `dot`). */
int dot_write(const char *dot_path, const char *svg_path, const char *title,
              const struct dot_node *nodes, int n, const struct dot_edge *edges, int nedges);

#endif
