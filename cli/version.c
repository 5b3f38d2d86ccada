/* version.c -- `ccm version [--json]`: the version, and whether the kernel
 * this binary runs is the one that was proven (lib/cert/certificate.c). */
#include <string.h>
#include "cli.h"

#define CCM_VERSION_TEXT "0.1.0"

int cmd_version(FILE *out, int json)
{
    const struct ccm_certificate *c = ccm_certificate();
    int proven = ccm_kernel_proven();
    const char *verdict = proven ? "proven" : "NOT proven (sources differ from the proof report)";
    if (proven == 0 && strcmp(c->build_digest, c->proof_digest) == 0)
        verdict = "NOT proven (the proof report has unproved goals)";
    if (json) {
        fputs("{\"version\":", out);        json_put_string(out, CCM_VERSION_TEXT);
        fprintf(out, ",\"kernel\":{\"proven\":%s,\"status\":", proven ? "true" : "false");
        json_put_string(out, verdict);
        fputs(",\"digest\":", out);           json_put_string(out, c->build_digest);
        fputs("},\"certificate\":{\"digest\":", out); json_put_string(out, c->proof_digest);
        fprintf(out, ",\"goals\":%llu,\"proved\":%llu,\"frama_c\":", c->goals, c->proved);
        json_put_string(out, c->frama_c);
        fputs(",\"why3\":", out);  json_put_string(out, c->why3);
        fputs(",\"cvc4\":", out);  json_put_string(out, c->cvc4);
        fputs(",\"z3\":", out);    json_put_string(out, c->z3);
        fprintf(out, ",\"by_hand\":%s,\"written\":", c->by_hand ? "true" : "false");
        json_put_string(out, c->written);
        fputs("}}\n", out);
    } else {
        fprintf(out, "ccm %s\n", CCM_VERSION_TEXT);
        fprintf(out, "kernel: %s\n", verdict);
        fprintf(out, "  sources digest:     %s\n", c->build_digest);
        fprintf(out, "  certificate digest: %s\n", c->proof_digest);
        fprintf(out, "  proof: %llu of %llu goals proved; Frama-C %s, Why3 %s, CVC4 %s, Z3 %s\n",
                c->proved, c->goals, c->frama_c, c->why3, c->cvc4, c->z3);
        fprintf(out, "  certificate written %s\n", c->written);
    }
    return fflush(out) == 0 ? 0 : 2;
}
