/* version.c -- `ccm version [--json]`: whether the kernel in this binary is
 * the one `make prove` proved (lib/certificate.c), with both digests and
 * the proof's verdict. */
#include <string.h>
#include "cli.h"

#define CCM_VERSION_TEXT "0.1.0"

/* The reason printed after "NOT proven". */
static const char *not_proven_reason(const struct ccm_certificate *c)
{
    return c->proof_digest[0] ? "sources differ from the proof report"
                              : "no proof certificate (proofs/CERTIFICATE) was built in";
}

/* One "key: value" line of the verdict as a JSON member: numbers for the
 * counts, strings for the rest. */
static void verdict_member(FILE *out, const char *line, size_t len, int first)
{
    const char *colon = memchr(line, ':', len);
    if (!colon) return;
    char key[64], val[512];
    size_t kl = (size_t)(colon - line), vl;
    const char *v = colon + 1;
    while (v < line + len && *v == ' ') v++;
    vl = (size_t)(line + len - v);
    if (kl >= sizeof key || vl >= sizeof val) return;
    memcpy(key, line, kl); key[kl] = '\0';
    memcpy(val, v, vl); val[vl] = '\0';
    fputs(first ? "" : ",", out);
    json_string(out, key);
    fputc(':', out);
    int numeric = vl > 0 && strspn(val, "0123456789") == vl;
    if (numeric) fputs(val, out); else json_string(out, val);
}

int cmd_version(int json)
{
    struct ccm_certificate c;
    ccm_certificate_get(&c);
    if (json) {
        fputs("{\"version\":", stdout);
        json_string(stdout, CCM_VERSION_TEXT);
        fputs(",\"kernel\":", stdout);
        json_string(stdout, c.proven ? "proven" : "NOT proven");
        if (!c.proven) {
            fputs(",\"reason\":", stdout);
            json_string(stdout, not_proven_reason(&c));
        }
        fputs(",\"source_digest\":", stdout);
        json_string(stdout, c.source_digest);
        fputs(",\"proof_digest\":", stdout);
        json_string(stdout, c.proof_digest);
        fputs(",\"proof\":{", stdout);
        int first = 1;
        for (const char *p = c.verdict; *p; ) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            if (memchr(p, ':', len)) { verdict_member(stdout, p, len, first); first = 0; }
            p += len + (nl ? 1 : 0);
        }
        fputs("}}\n", stdout);
    } else {
        printf("ccm %s\n", CCM_VERSION_TEXT);
        if (c.proven) printf("kernel: proven\n");
        else printf("kernel: NOT proven (%s)\n", not_proven_reason(&c));
        printf("kernel sources: %s\n", c.source_digest);
        printf("proof report:   %s\n", c.proof_digest[0] ? c.proof_digest : "(none)");
        fputs(c.verdict, stdout);
    }
    return fflush(stdout) != 0 ? 2 : 0;
}
