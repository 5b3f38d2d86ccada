#!/usr/bin/env bash
# proofs/certify-digest.sh -- print the digest of what `make prove` proves:
# the kernel's sources (kernel/*.c, kernel/*.h), the logic of its contracts
# (acsl/*.h) and the settings that decide the proof's verdict: the files
# proofs/certified-inputs.txt lists.
#
# The digest is the SHA-256 of `sha256sum` over those files, named relative
# to the project root, in byte order of their names: it covers every file's
# name and contents.  proofs/certify.py computes the same with Python's
# hashlib (tests/certificate/run.sh checks they agree).
#   certify-digest.sh [ROOT]      (default: the current directory)
set -eu
cd "${1:-.}"
# shellcheck disable=SC2046
files=$(ls $(grep -v '^#' proofs/certified-inputs.txt) | LC_ALL=C sort)
# shellcheck disable=SC2086
sha256sum $files | sha256sum | cut -d' ' -f1
