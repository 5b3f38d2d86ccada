#!/usr/bin/env bash
# bench/pgo-train.sh CCM -- the training run of the profile-guided build
# (mk/pgo.mk): CCM is the instrumented ccm, each run adds to its profile.
# Fixed inputs, one at a time, so the profile is the same on every machine:
# the benchmark workloads (bench/*.lam, bench/ghc/nfib.lam) as `ccm run`
# runs them, then every example once, with its report as JSON, and the
# stack examples under --stacks ghc (the stack table and the ghc call).
# The workloads' transitions dominate the counts, as they dominate a run.
set -eu
ccm=$1
dir=$(dirname "$0")
for f in "$dir"/nfib.lam "$dir"/pipeline.lam "$dir"/cafscc.lam "$dir"/nfib_scc.lam "$dir"/ghc/nfib.lam; do
    "$ccm" run "$f" >/dev/null
done
for f in "$dir"/../examples/*.lam; do
    "$ccm" run --json "$f" >/dev/null
done
for f in "$dir"/../examples/stacks_*.lam; do
    "$ccm" run --stacks ghc "$f" >/dev/null
done
