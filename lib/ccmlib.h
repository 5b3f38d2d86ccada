/* ccmlib.h -- the embedding API: load a program, run the proven kernel on
 * arrays this library allocates, read the result and the costs.
 * Everything here is outside the verified kernel (kernel/ccm.h). */
#ifndef CCM_LIB_H
#define CCM_LIB_H

#include <stddef.h>
#include <stdint.h>
#include "../kernel/ccm.h"

/* A run's options.  Their names, ranges and defaults are one table,
 * lib/options_table.h, read through the ccm_option_* functions below (and
 * shown by `ccm options`, docs/syntax-and-cli.md). */
/* The collector (lib/gc.c): on, unreachable objects and cells are
 * reclaimed when the heap or the cells are full; off, nothing is ever
 * freed.  The report is the same either way (docs/collector.md). */
enum ccm_gc_mode { CCM_GC_ON = 0, CCM_GC_OFF = 1 };

struct ccm_options {
    int rules;               /* CCM_RULES_FIG6 or CCM_RULES_FIG2            */
    int scoping;             /* CCM_LEXICAL or CCM_EVALUATION               */
    int order;               /* CCM_LEFT_TO_RIGHT or CCM_RIGHT_TO_LEFT      */
    int push;                /* CCM_PUSH_SINGLE, _APPEND or _GHC (docs/stacks.md) */
    uint64_t max_steps;      /* transitions; 0 = default (unless given)     */
    int32_t max_heap;        /* heap objects; 0 = default                   */
    int32_t max_cells;       /* environment cells; 0 = default              */
    int32_t max_stack;       /* frames; 0 = default                         */
    int32_t max_nodes;       /* cost-centre stacks (nodes); 0 = default     */
    int gc;                  /* CCM_GC_ON or CCM_GC_OFF (lib/gc.c)          */
    uint32_t given;          /* bit k: option k was set by ccm_option_set (or
                                _arg, _json), so its 0 is a 0 (--max-steps 0),
                                not "the default" */
};

/* All defaults, every given bit clear.  A struct zeroed by hand means the
 * same; budgets above the kernel's limits are lowered to them. */
void ccm_options_default(struct ccm_options *o);
/* sizeof(struct ccm_options), for bindings that treat it as opaque (python/ccm.py). */
size_t ccm_options_size(void);

/* The table of options (lib/options_table.h), one row per option, k from
 * 0 to ccm_option_count() - 1. */
enum ccm_option_kind { CCM_OPTION_ENUM = 0, CCM_OPTION_BUDGET = 1 };
struct ccm_option_info {
    const char *field;            /* the member of struct ccm_options       */
    int kind;                     /* enum ccm_option_kind                   */
    const char *flag, *key;       /* "--max-steps"; "max_steps" (JSON, Python) */
    const char *metavar;          /* "N" for a budget, "" for an enum       */
    const char *const *names;     /* ENUM: value v is names[v]; NULL-ended  */
    const char *const *words;     /* ENUM: the same in the text report      */
    const char *const *cnames;    /* ENUM: the same in C ("CCM_LEXICAL")    */
    uint64_t lo, hi, def;         /* range and default (ENUM: 0, n-1, value) */
    const char *help;             /* one line, without the default          */
};
int ccm_option_count(void);
const struct ccm_option_info *ccm_option_info(int k);          /* NULL if no row k */
int ccm_option_find(const char *name);                         /* by key or flag; -1 */
uint64_t ccm_option_get(const struct ccm_options *o, int k);   /* as stored */
/* Set option k to v and mark it given: 0, or -1 (nothing set) when v is
 * outside the row's range. */
int ccm_option_set(struct ccm_options *o, int k, uint64_t v);
/* An ENUM's value v by name (names, or words when words is 1); NULL if none. */
const char *ccm_option_value_name(int k, uint64_t v, int words);
/* "0 to 2^48" (BUDGET) or "fig6 or fig2" (ENUM), the row's accepted values. */
const char *ccm_option_range_text(int k, char *buf, size_t cap);
/* Set option k from a command-line argument (a name, or decimal digits):
 * 0, or -1 with "--max-steps takes a number from 0 to 2^48, not `x`" in err. */
int ccm_option_arg(struct ccm_options *o, int k, const char *text, char *err, size_t cap);
/* Set the option named key from one JSON value's text (a string for an
 * ENUM, an integer for a BUDGET): 0, or -1 with the message in err
 * ("unknown option \"x\"", "option \"rules\" takes \"fig6\" or \"fig2\""). */
int ccm_option_json(struct ccm_options *o, const char *key, const char *json, char *err, size_t cap);
/* The whole table as JSON text, an array of one object per row (key, flag,
 * kind, values or min and max, default, help); like snprintf, returns the
 * length it needs and writes at most cap bytes. */
size_t ccm_options_table_json(char *buf, size_t cap);

struct ccm_session;          /* opaque: program image + machine + arrays */
struct front_image;          /* front/front.h */

/* Load (parse, check, lay out) a program from text or a file.  NULL on a
 * static error, with "FILE:LINE:COL: message" in err. */
struct ccm_session *ccm_session_from_text(const char *file, const char *text, size_t len,
                                          const struct ccm_options *opt,
                                          char *err, size_t errcap);
struct ccm_session *ccm_session_from_file(const char *path, const struct ccm_options *opt,
                                          char *err, size_t errcap);
/* The same from JSON core (docs/core-json.md): the program as data, one
 * object per node.  Static errors name the JSON path of the offending node:
 * "FILE:/bindings/3/body/alts/1: message". */
struct ccm_session *ccm_session_from_json(const char *file, const char *json, size_t len,
                                          const struct ccm_options *opt,
                                          char *err, size_t errcap);
struct ccm_session *ccm_session_from_json_file(const char *path, const struct ccm_options *opt,
                                               char *err, size_t errcap);
/* The same from a parsed and checked program (front/front.h), e.g. one
 * front_auto_cc has given cost centres.  Takes prog (freed with the
 * session, or at once on failure); file names the program in messages. */
struct ast_program;
struct ccm_session *ccm_session_from_program(struct ast_program *prog, const char *file,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap);
void ccm_session_free(struct ccm_session *s);

/* Arrays kept from one session to the next, for callers that run many
 * programs (ccm batch): a session loaded "in" a workspace borrows its heap,
 * cells and stack (grown as its runs need, kept so) instead of allocating
 * its own, and gives them back when freed.  One session at a time: while
 * one holds them, the next allocates its own.  Results are the same. */
struct ccm_workspace;
struct ccm_workspace *ccm_workspace_new(void);          /* NULL if out of memory */
void ccm_workspace_free(struct ccm_workspace *ws);      /* after its sessions */
struct ccm_session *ccm_session_from_text_in(struct ccm_workspace *ws, const char *file,
                                             const char *text, size_t len,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap);
struct ccm_session *ccm_session_from_json_in(struct ccm_workspace *ws, const char *file,
                                             const char *json, size_t len,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap);

/* Memory (docs/library.md, "Memory").  The heap, cell and stack arrays
 * start with room for min(budget, CCM_INITIAL_CAP) entries each (or
 * $CCM_INITIAL_CAP, 1 or more, read when a session is made: for
 * tests and experiments) and grow when the kernel stops for room: the
 * run functions below (ccm_session_run, _run_counted, _step, _force) grow
 * the array that lacked room -- doubling it, at least to what the refused
 * transition needs, never above its budget -- and resume, the kernel
 * having changed nothing (acsl/ccm_step.h, REFUSES).  Only a transition
 * that would lack room even with an array at its budget stops a run with
 * CCM_RES_HEAP / CCM_RES_STACK: the transition, and the report, of a run
 * whose arrays were allocated at the budgets from the start.  If memory runs out first, the run stops there with the
 * same status, the costs so far, and an error message that says so
 * (ccm_session_out_of_memory).  A reset keeps the arrays as grown. */
#define CCM_INITIAL_CAP 4096
enum ccm_array { CCM_ARRAY_HEAP = 0, CCM_ARRAY_CELLS = 1, CCM_ARRAY_STACK = 2, CCM_ARRAY_NODES = 3 };
/* For a caller that runs the machine itself (ccm_step, ccm_run, ccm_force
 * on ccm_session_machine(s)): after the kernel stopped with status, grow
 * the array that lacked room and return CCM_RUNNING (make the same call
 * again); or return status (not a room error, no room even at the
 * budget, or out of memory).  The machine's pointers and capacities change. */
int ccm_session_grow(struct ccm_session *s, int status);
/* One transition (ccm_step, or the force row at addr: ccm_force), growing
 * an array first when the kernel stops for room. */
int ccm_session_step(struct ccm_session *s);
int ccm_session_force(struct ccm_session *s, int32_t addr);
/* The capacity the machine has now (enum ccm_array; -1 for another). */
int32_t ccm_session_capacity(const struct ccm_session *s, int array);
/* The stack table (CCM_ARRAY_NODES) starts with room for the program's cost
 * centres (push single: all it needs) or min(64, --max-nodes) nodes, and
 * doubles when an scc makes a stack it has no room for (the kernel refuses
 * that transition with CCM_RES_HEAP, the table full, changing nothing). */
/* If the last growth failed for want of memory: the array (enum
 * ccm_array) and the capacities it had and was to have; else -1.  Cleared
 * by ccm_session_reset. */
int ccm_session_out_of_memory(const struct ccm_session *s, int32_t *from, int32_t *to);

/* Restart from the initial state (same program, same options). */
int ccm_session_reset(struct ccm_session *s);

/* The machine, for stepping, forcing or inspection. */
struct ccm_machine *ccm_session_machine(struct ccm_session *s);
int ccm_session_run(struct ccm_session *s);     /* returns enum ccm_status */
/* The same run, adding to counts[r] one per transition fired by rule r
 * (enum ccm_rule); the counts sum to the steps of this run.  counts NULL:
 * ccm_session_run, so a caller whose counting is optional needs one call. */
int ccm_session_run_counted(struct ccm_session *s, uint64_t counts[CCM_NRULES]);
int ccm_session_status(const struct ccm_session *s);   /* of the last run/step seen by ccm_session_run */
const struct ccm_options *ccm_session_options(const struct ccm_session *s);

/* Results. */
int32_t ccm_session_ncc(const struct ccm_session *s);
const char *ccm_session_cc_name(const struct ccm_session *s, int32_t cc);
uint64_t ccm_session_cost(const struct ccm_session *s, int32_t cc, int counter);
int32_t ccm_session_cc_find(const struct ccm_session *s, const char *name);  /* -1 if none */
/* The value in weak head normal form as the JSON report prints it: an
 * integer in decimal, a constructor name, or "<function>". */
const char *ccm_session_value(struct ccm_session *s, char *buf, size_t cap);
const char *ccm_session_con_name(const struct ccm_session *s, int32_t tag);
const char *ccm_session_top_name(const struct ccm_session *s, int32_t i);
const struct front_image *ccm_session_image(const struct ccm_session *s);
/* Transitions fired so far, and the current cost centre (after a value:
 * the cost centre it returned in; the top of the current stack) and the
 * current stack.  lib/session_steps.c */
uint64_t ccm_session_steps(struct ccm_session *s);
/* Collections that reclaimed since the last reset (lib/gc.c; 0 with --gc off). */
uint64_t ccm_session_collections(const struct ccm_session *s);
int32_t ccm_session_current_cc(struct ccm_session *s);
int32_t ccm_session_current_stack(struct ccm_session *s);

/* Cost-centre stacks (docs/stacks.md).  The machine's cost centres are
 * stacks, nodes 0 .. ccm_session_nstacks(s) - 1 of a table that grows as
 * a run makes them (within --max-nodes); node c < ncc is the one-node stack
 * <c>.  Under push single (the default) those are the only nodes, and
 * ccm_session_cost is node cc's counter; under push append or ghc it is
 * the sum over every stack whose top is cc (the flat report).
 * _parent: the stack without its top, -1 for a one-node stack (or a bad
 * node); _cc: its top cost centre (-1: bad node); _cost: its own
 * (individual) counter; _depth: its length (0: bad node); _path: its names
 * root first, joined by sep, into buf as snprintf does (returns the length
 * it needs). */
int32_t ccm_session_nstacks(const struct ccm_session *s);
int32_t ccm_session_stack_parent(const struct ccm_session *s, int32_t node);
int32_t ccm_session_stack_cc(const struct ccm_session *s, int32_t node);
uint64_t ccm_session_stack_cost(const struct ccm_session *s, int32_t node, int counter);
int32_t ccm_session_stack_depth(const struct ccm_session *s, int32_t node);
size_t ccm_session_stack_path(const struct ccm_session *s, int32_t node, const char *sep,
                              char *buf, size_t cap);

/* After a run stopped with `status`: the JSON error kind ("black_hole", ...,
 * "steps"; "internal" for CCM_ERR_BAD_CODE) and a message naming the cause,
 * e.g. "division by zero in `a / b`".  NULL kind for CCM_VALUE. */
const char *ccm_error_kind(int status);
const char *ccm_session_error_message(struct ccm_session *s, int status, char *buf, size_t cap);
/* Exit status of docs/syntax-and-cli.md (command line) for a run that ended with status:
 * 0 value, 1 runtime error (and internal errors), 3 resource error. */
int ccm_exit_status(int status);

/* The proof certificate (docs/library.md): the digest of the kernel sources
 * and proof settings this library was built from, the digest the committed
 * certificate (proofs/certificate.txt) records for the sources `make prove`
 * proved, and that run's verdict.  Static data; never NULL. */
struct ccm_certificate {
    const char *build_digest;   /* SHA-256, hex: the sources compiled here */
    const char *proof_digest;   /* SHA-256, hex: the sources proven         */
    unsigned long long goals, proved;
    const char *frama_c, *why3, *cvc4, *z3;   /* versions of the proof run */
    const char *written;        /* how the certificate was written          */
    int by_hand;                /* 1: written by hand, pending regeneration */
};
const struct ccm_certificate *ccm_certificate(void);
/* 1 when the compiled sources are the proven ones (digests equal) and every
 * goal of that proof was proved; 0 otherwise. */
int ccm_kernel_proven(void);

#endif
