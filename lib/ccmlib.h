/* ccmlib.h -- the embedding API: load a program, run the proven kernel on
 * arrays this library allocates, read the result and the costs.
 * Everything here is outside the verified kernel (kernel/ccm.h). */
#ifndef CCM_LIB_H
#define CCM_LIB_H

#include <stddef.h>
#include <stdint.h>
#include "../kernel/ccm.h"

struct ccm_options {
    int rules;               /* CCM_RULES_FIG6 (default) or CCM_RULES_FIG2 */
    int scoping;             /* CCM_LEXICAL (default) or CCM_EVALUATION    */
    int order;               /* CCM_LEFT_TO_RIGHT (default)                */
    uint64_t max_steps;      /* 0 = default */
    int32_t max_heap;        /* heap objects; 0 = default */
    int32_t max_cells;       /* environment cells; 0 = default */
    int32_t max_stack;       /* frames; 0 = default */
};

/* Defaults (0 in an option field means "the default").  Arrays are
 * allocated with calloc at these capacities; untouched pages cost nothing. */
#define CCM_DEFAULT_MAX_STEPS  1000000000ULL
#define CCM_DEFAULT_MAX_HEAP   (1 << 24)
#define CCM_DEFAULT_MAX_CELLS  (1 << 26)
#define CCM_DEFAULT_MAX_STACK  (1 << 20)

void ccm_options_default(struct ccm_options *o);

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
 * cells and stack (grown to the options' capacities) instead of allocating
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
 * the cost centre it returned in).  lib/session_steps.c */
uint64_t ccm_session_steps(struct ccm_session *s);
int32_t ccm_session_current_cc(struct ccm_session *s);

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
