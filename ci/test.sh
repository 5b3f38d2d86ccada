#!/usr/bin/env bash
# Every test the project has: build, the proofs from nothing (`make
# prove-cold`: no cache read, every goal to the provers), the heaviest goals
# again idle and under load (`make prove-load-check`), `make check`, then
# `make mutants`; make check's closing "check: N passed, N failed" line is printed
# again at the end so that it stays the last summary line of the log.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
make -j2 all || exit 1
status=0
# the committed proof certificate must be that of the committed sources
make certificate-check || status=1
# CI proves cold: the committed cache (proofs/wp-session) only speeds up
# local runs of `make prove`; a landing must re-prove every goal.
make prove-cold || status=1
# its 30 heaviest goals: the same verdicts and resource units idle and under load
make prove-load-check || status=1
make check 2>&1 | tee build/ci-check.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
# every kernel and front-end mutant against the property tests (about 5 min)
make mutants || status=1
# repeat make check's closing line so that it stays the last summary line
grep '^check: ' build/ci-check.log | tail -n 1
echo "ci: $(( $(date +%s) - start )) s"
[ "$status" -eq 0 ] || { echo "ci: FAILED"; }
# make check's closing line stays the last summary line printed before this.
exit "$status"
