/* ccmlib.h -- the embedding API: load a program, run the proven kernel on
 * arrays this library allocates, read the result and the costs.
 * Everything here is outside the verified kernel (kernel/ccm.h). */
#ifndef CCM_LIB_H
#define CCM_LIB_H

#include <stddef.h>
#include <stdint.h>
#include "../kernel/ccm.h"

#ifdef __cplusplus
extern "C" {
#endif

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
void ccm_session_free(struct ccm_session *s);

/* Restart from the initial state (same program, same options). */
int ccm_session_reset(struct ccm_session *s);

/* The machine, for stepping, forcing or inspection. */
struct ccm_machine *ccm_session_machine(struct ccm_session *s);
int ccm_session_run(struct ccm_session *s);     /* returns enum ccm_status */
/* The same run, adding to counts[r] one per transition fired by rule r
 * (enum ccm_rule); the counts sum to the steps of this run. */
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

/* After a run stopped with `status`: the JSON error kind ("black_hole", ...,
 * "steps"; "internal" for CCM_ERR_BAD_CODE) and a message naming the cause,
 * e.g. "division by zero in `a / b`".  NULL kind for CCM_VALUE. */
const char *ccm_error_kind(int status);
const char *ccm_session_error_message(struct ccm_session *s, int status, char *buf, size_t cap);
/* Exit status of docs/syntax-and-cli.md (command line) for a run that ended with status:
 * 0 value, 1 runtime error (and internal errors), 3 resource error. */
int ccm_exit_status(int status);

/* The proof certificate (docs/proofs.md, "The certificate"): is the kernel
 * compiled into this library the one `make prove` proved?  The build embeds
 * the digest of the kernel sources it compiles (proofs/digest.sh) and the
 * digest and verdict recorded by the last complete proof
 * (proofs/CERTIFICATE); `proven` is 1 only when the two digests are equal. */
struct ccm_certificate {
    int proven;
    const char *source_digest;   /* sha256 of the compiled kernel, acsl/, prover settings */
    const char *proof_digest;    /* the certificate's ("" when there is none) */
    const char *verdict;         /* the certificate's lines "key: value\n" (goals, proved, ...) */
};
void ccm_certificate_get(struct ccm_certificate *out);

#ifdef __cplusplus
}
#endif

#endif
