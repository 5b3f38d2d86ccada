#!/usr/bin/env bash
# Every test the project has: build, the proofs, then `make check` last so
# that its closing "check: N passed, N failed" line ends the log.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
make -j2 all || exit 1
status=0
# the committed proof certificate must be that of the committed sources
# (before make prove, which rewrites it when every goal is proved)
make certificate-check || status=1
if grep -qs '^prove:' mk/*.mk GNUmakefile; then
    make prove || status=1
fi
make check || status=1
echo "ci: $(( $(date +%s) - start )) s"
[ "$status" -eq 0 ] || { echo "ci: FAILED"; }
# make check's closing line stays the last summary line printed before this.
exit "$status"
