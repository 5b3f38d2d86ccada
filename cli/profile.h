/* profile.h -- the profile files of `ccm run` (docs/profiles.md): GHC's
 * .prof text and -pj JSON, speedscope's JSON, and a .hp heap profile.
 * They are written after the run from the final costs (and, for the heap
 * profile, the census samples taken during the run); the normal report is
 * printed as without them. */
#ifndef CCM_PROFILE_H
#define CCM_PROFILE_H

#include <stdio.h>
#include <stdint.h>
#include "../lib/ccmlib.h"

struct heap_samples;

enum prof_kind { PROF_TEXT, PROF_JSON, PROF_SPEEDSCOPE, PROF_HEAP, PROF_NKINDS };

/* What the command line asked for: a path per kind (NULL: not asked; "-":
 * standard output) and the census interval in transitions (0: adaptive). */
enum heap_by { HEAP_BY_DEFAULT, HEAP_BY_CC, HEAP_BY_STACK };

struct prof_request {
    const char *path[PROF_NKINDS];
    uint64_t heap_interval;
    int heap_by;                  /* enum heap_by: --heap-by cc|stack; the default is stack
                                   * under push append and ghc, cc otherwise */
    FILE *out[PROF_NKINDS];       /* opened by prof_open */
    struct heap_samples *samples; /* taken by prof_run when a heap profile is asked */
};

/* each kind's command-line option, "--prof" ... "--heap-profile" */
extern const char *const prof_option[PROF_NKINDS];
int prof_any(const struct prof_request *r);
/* Open every requested file for writing before the run.  0, or -1 with a
 * message in err (the caller exits with status 2). */
int prof_open(struct prof_request *r, char *err, size_t cap);

/* ---- the cost-centre tree every text and JSON profile shows (proftree.c).
 * prof_tree_build makes today's tree from a finished session: MAIN at the
 * root; under it a "CAF" group node holding each CAF:x, then every other
 * cost centre with a non-zero counter, in cost-centre order (ccm's cost
 * centres are flat, so that tree is at most 3 levels deep).  The writers
 * take any tree of this shape, of any depth (cost-centre stacks, where a
 * cost centre occurs in many nodes):
 *   - node[0] is the root: parent -1, depth 0;
 *   - the nodes are in preorder: every other node's parent comes before it,
 *     is on the path from the root to the node before it (a subtree is a
 *     contiguous run of nodes), and depth = the parent's depth + 1;
 *   - `id` names the cost centre: the nodes of one cost centre share id,
 *     cc, label, module, src, line, col and is_caf; two children of one
 *     node are never of the same cost centre (a node is its path);
 *   - `no` is the node's own number, unique in the tree (GHC's cost-centre
 *     stack number); today's tree numbers each node by its cost centre;
 *   - inh_ticks, inh_alloc and the totals are what prof_tree_sums makes of
 *     the individual ticks and alloc.
 * prof_tree_check says whether a tree has this shape. */
struct prof_node {
    int32_t cc;                   /* cost centre, or -1 for the CAF group */
    int32_t id;                   /* cc + 1; the CAF group: ncc + 1 */
    int32_t no;                   /* the node's number: the .prof `no.` column */
    int32_t depth, parent;        /* parent: index in the node array, -1 at the root */
    const char *label, *module;
    char src[300];                /* FILE:LINE:COL of the scc, <built-in>, <CAF>, <entire-module> */
    int line, col;                /* of the scc; 0 when there is none */
    int is_caf;
    uint64_t entries, ticks, alloc;          /* individual; alloc in bytes */
    uint64_t inh_ticks, inh_alloc;           /* the node and all below it */
    uint64_t counters[CCM_NCOUNTERS];
};
struct prof_tree {
    struct prof_node *node;       /* preorder */
    int32_t n;
    uint64_t total_ticks, total_alloc;
    const char *program;          /* FILE as given ("-": standard input) */
};
int prof_tree_build(struct ccm_session *s, const char *program, struct prof_tree *t);
void prof_tree_free(struct prof_tree *t);
/* The totals and each node's inherited ticks and alloc (its own plus its
 * subtree's), from the individual ticks and alloc and the parent links. */
void prof_tree_sums(struct prof_tree *t);
/* 0 if t has the shape above (also its sums), else -1 with the first broken
 * rule in err.  O(n log n); for tests and for trees built elsewhere. */
int prof_tree_check(const struct prof_tree *t, char *err, size_t cap);
/* The distinct cost centres of t, numbered 0, 1, ... in the order of their
 * first node in preorder: of[i] is node i's, first[c] the first node of
 * cost centre c (both arrays of t->n entries, given by the caller).
 * Returns their number, or -1 when memory ran out. */
int32_t prof_tree_ccs(const struct prof_tree *t, int32_t *of, int32_t *first);
/* What the JSON and speedscope writers walk the tree with: of and first as
 * prof_tree_ccs fills them, ncc cost centres, and room for a path from the
 * root (t->n entries each).  0, or -1 when memory ran out (nothing then to
 * free). */
struct prof_walk { int32_t *of, *first, *path; int32_t ncc; };
int prof_walk_init(const struct prof_tree *t, struct prof_walk *w);
void prof_walk_free(struct prof_walk *w);
/* A name for whitespace-separated formats (.prof, .hp): every byte that is
 * a space, a control byte or '"' becomes '_'; the empty name is "(empty)";
 * a name that does not fit in cap is cut at a UTF-8 character boundary. */
void prof_plain_name(const char *name, char *out, size_t cap);
/* "Wed Nov 25 15:46 2026" as GHC's reports date themselves (UTC; from
 * SOURCE_DATE_EPOCH when set, for reproducible files). */
void prof_date(char *buf, size_t cap);

/* ---- the writers */
/* Each 0, or -1 when it ran out of memory (the file then says so). */
int prof_write_text(FILE *out, const struct prof_tree *t);           /* prof_text.c */
int prof_write_json(FILE *out, const struct prof_tree *t);           /* prof_json.c */
int prof_write_speedscope(FILE *out, const struct prof_tree *t);     /* speedscope.c */

/* ---- the heap census during the run (heapprof.c) */
/* Run s to its end (as ccm_session_run, or ccm_session_run_counted when
 * counts is not NULL) taking a census every `interval` transitions
 * (0: adaptive, 100 to 200 samples) and at the end, by cost centre or
 * (by_stack) by cost-centre stack.  Steps, costs and the status are those
 * of the run without census.  *samples is NULL if memory ran out for them
 * (the run itself still completes). */
int heap_run(struct ccm_session *s, uint64_t interval, int by_stack, uint64_t *counts,
             struct heap_samples **samples);
void heap_write(FILE *out, const struct heap_samples *h, struct ccm_session *s, const char *program);
void heap_samples_free(struct heap_samples *h);

/* Run with the request's profiles (profiles.c): the run's status, as
 * ccm_session_run.  Then prof_finish writes and closes every file: 0, or
 * -1 when one could not be written completely (a message is printed). */
int prof_run(struct ccm_session *s, struct prof_request *r, uint64_t *counts);
int prof_finish(struct ccm_session *s, struct prof_request *r, const char *program);

#endif
