#!/usr/bin/env bash
# proofs/certify-digest.sh -- print the digest of what `make prove` proves:
# the kernel's sources (kernel/*.c, kernel/*.h), the logic of its contracts
# (acsl/*.h) and the settings of the proof (mk/prove.mk, mk/prove-sets.mk:
# flags, limits, functions; proofs/prove-report.py, wplog.py, kernel-functions.sh:
# the gate that turns WP's report into the verdict; proofs/smoke-dead.txt:
# the branches the gate accepts as dead).
#
# The digest is the SHA-256 of `sha256sum` over those files, named relative
# to the project root, in byte order of their names: it covers every file's
# name and contents.  proofs/certify.py computes the same with Python's
# hashlib (tests/certificate/run.sh checks they agree).
#   certify-digest.sh [ROOT]      (default: the current directory)
set -eu
cd "${1:-.}"
files=$(ls kernel/*.c kernel/*.h acsl/*.h mk/prove.mk mk/prove-sets.mk proofs/prove-report.py proofs/wplog.py \
        proofs/kernel-functions.sh proofs/smoke-dead.txt | LC_ALL=C sort)
# shellcheck disable=SC2086
sha256sum $files | sha256sum | cut -d' ' -f1
