/* certificate.c -- is the kernel compiled into this library the one that
 * was proven?  The build embeds the digest of the kernel sources it
 * compiled (and of the proof settings) next to the committed certificate's
 * digest and verdict (build/gen/ccm_certificate.h, from proofs/
 * certificate.txt by proofs/certificate-header.sh); they are compared here. */
#include <string.h>
#include "../ccmlib.h"
#include "ccm_certificate.h"

static const struct ccm_certificate certificate = {
    CCM_CERT_BUILD_DIGEST, CCM_CERT_PROOF_DIGEST,
    CCM_CERT_GOALS, CCM_CERT_PROVED,
    CCM_CERT_FRAMA_C, CCM_CERT_WHY3, CCM_CERT_CVC4, CCM_CERT_Z3,
    CCM_CERT_WRITTEN, CCM_CERT_BY_HAND,
};

const struct ccm_certificate *ccm_certificate(void)
{
    return &certificate;
}

int ccm_kernel_proven(void)
{
    const struct ccm_certificate *c = &certificate;
    return strcmp(c->build_digest, c->proof_digest) == 0 && c->goals > 0 && c->proved == c->goals;
}
