#!/usr/bin/env bash
# The digest of what `make prove` proves: the kernel's C sources and
# headers, the ACSL logic and the prover settings (mk/prove.mk), each named
# by its path.  The sha256 of the sorted list "hash  path" of those files.
# The proof certificate (proofs/CERTIFICATE) records it; the build computes
# it again from the sources it compiles (mk/certificate.mk).
set -euo pipefail
cd "$(dirname "$0")/.."
printf '%s\n' kernel/*.c kernel/*.h acsl/*.h mk/prove.mk | LC_ALL=C sort |
    xargs sha256sum | sha256sum | cut -d' ' -f1
