/* certificate.c -- whether the kernel compiled in is the kernel that was
 * proven: the two digests the build embedded (build/gen/certificate.h,
 * mk/certificate.mk), compared. */
#include <string.h>
#include "ccmlib.h"
#include "certificate.h"

void ccm_certificate_get(struct ccm_certificate *out)
{
    out->source_digest = CCM_CERT_SOURCE_DIGEST;
    out->proof_digest = CCM_CERT_PROOF_DIGEST;
    out->verdict = CCM_CERT_VERDICT;
    out->proven = out->proof_digest[0] != '\0'
                  && strcmp(out->source_digest, out->proof_digest) == 0;
}
