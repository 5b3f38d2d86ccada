/* states.c -- `ccm states`: run the program printing the machine's whole
 * state before the first transition and after every one, decoded into the
 * Coq model's terms (decode.c), one JSON object a line, then the line
 * {"stop": why, "n": transitions}.  The format is docs/coq.md's
 * ("Lockstep"); proofs/coq/ocaml/states.ml prints the model's run in it,
 * and tests/lockstep/compare.py holds the two to each other.
 *
 * --force-every K forces early (the force row, ccm_force) by the policy the
 * model's side applies in the same words: before a transition, when the
 * transitions so far are a positive multiple of K and the last one was
 * not a force, force the thunk at the highest address in the model's
 * numbering (decode_addr), if there is one. */
#include <inttypes.h>
#include "cli.h"
#include "decode.h"

/* A row's name as Lockstep.rule_of gives it: ccm_rule_name's, but for the
 * default alternative, which ccm_rule_name calls case2 as docs/semantics.md
 * does and the model tells apart. */
static const char *rule_of(int r)
{
    return r == CCM_R_CASE2_DEFAULT ? "case2_default" : ccm_rule_name(r);
}

/* The thunk to force now: the highest model address holding one, as a
 * ccm address; -1 if none. */
static int32_t thunk_to_force(const struct decoder *D)
{
    for (int32_t x = D->m->heap_len - 1; x >= 0; x--)
        if (decode_is_thunk(D, encode_addr(D, x))) return encode_addr(D, x);
    return -1;
}

int states_run(FILE *out, struct ccm_session *s, uint64_t force_every)
{
    struct decoder D;
    if (decoder_init(&D, s) != 0) { fputs("ccm: states: no binding for main\n", stderr); return CCM_ERR_BAD_CODE; }
    struct ccm_machine *m = ccm_session_machine(s);
    int bad = decode_state(out, &D, 0, NULL);
    fputc('\n', out);
    int st, last_force = 0;
    for (;;) {
        uint64_t n = m->steps;
        int32_t x = -1;
        if (force_every && n > 0 && n % force_every == 0 && !last_force && n < m->max_steps)
            x = thunk_to_force(&D);
        st = x >= 0 ? ccm_session_force(s, x) : ccm_session_step(s);
        if (st != CCM_RUNNING) break;
        last_force = x >= 0;
        bad |= decode_state(out, &D, m->steps, rule_of(m->last_rule));
        fputc('\n', out);
        fflush(out);   /* every state out before the next transition: if that one crashes, it is the last line */
    }
    fputs("{\"stop\":", out);
    json_put_string(out, ccm_status_kind(st));
    fprintf(out, ",\"n\":%" PRIu64 "}\n", m->steps);
    if (bad) fputs("ccm: states: some part of a state could not be decoded (printed as \"undecodable\")\n", stderr);
    return st;
}
