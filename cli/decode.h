/* decode.h -- ccm's machine state in the Coq model's terms (docs/coq.md,
 * "Lockstep: the decoding"), printed as the JSON `ccm states` writes and
 * proofs/coq/ocaml/states.ml writes for the model, so that the two can be
 * compared line by line.  Read-only: nothing here changes the machine. */
#ifndef CCM_CLI_DECODE_H
#define CCM_CLI_DECODE_H

#include <stdio.h>
#include "../lib/ccmlib.h"

struct decoder {
    struct ccm_session *s;
    const struct ccm_machine *m;
    int32_t ntop;        /* top-level bindings: heap[0 .. ntop-1]      */
    int32_t main_index;  /* main's place among them (the model's 0)    */
    int stacks;          /* push append or ghc: every cost centre printed is a
                          * stack (a node of m->stk), theta is per stack
                          * (docs/coq.md, "Lockstep over stacks") */
};

/* 0, or -1 when the program has no binding named main (never, for a
 * program ccm loaded). */
int decoder_init(struct decoder *D, struct ccm_session *s);

/* The model's address of ccm heap address a (the renaming rho: main is
 * the model's 0, the other top-level bindings follow in order, let-bound
 * objects keep their address), and its inverse. */
int32_t decode_addr(const struct decoder *D, int32_t a);
int32_t encode_addr(const struct decoder *D, int32_t model_addr);

/* Is heap[a] a thunk that force may take (not a hole, not a value)? */
int decode_is_thunk(const struct decoder *D, int32_t a);

/* The whole state as one JSON object (no newline): n, the rule that led
 * to it (NULL: the initial state), ccc, control, stack (top first),
 * theta (non-zero rows, by name), heap (by the model's address).  With
 * D->stacks, every cost centre (ccc, each frame's, each object's) is its
 * stack, an array of names root first, and theta is a list of [stack,
 * counters] with a non-zero counter, sorted by the stack.  Returns
 * 0, or -1 when some part could not be decoded (printed as "undecodable",
 * which no model state equals). */
int decode_state(FILE *out, const struct decoder *D, uint64_t n, const char *rule);

#endif
