#!/usr/bin/env bash
# bench/stacks.sh CCM [REPS] -- the cost of cost-centre stacks: `ccm run` of
# bench/nfib_scc.lam flat (push single), with --push append, --push ghc and
# --stacks ghc (push ghc, call ghc), whole processes, interleaved, median of
# REPS each.  Prints each speed ratio (flat time / time; the target for
# --stacks ghc is >= 0.8).  A benchmark: it never fails on speed.
set -u
ccm=$1; reps=${2:-7}
prog=$(dirname "$0")/nfib_scc.lam
. "$(dirname "$0")/timing.sh"
names=("flat" "--push append" "--push ghc" "--stacks ghc")
declare -A t
for ((i = 0; i < reps; i++)); do
    for n in "${names[@]}"; do
        # shellcheck disable=SC2086
        t[$n]+="$(ms "$ccm" run "$prog" $([ "$n" = flat ] || echo "$n")) "
    done
done
# shellcheck disable=SC2086   # each list is its times, split on spaces
flat=$(median ${t[flat]})
echo
echo "stacks: nfib_scc.lam, median of $reps whole runs each: flat $flat ms"
for n in "${names[@]:1}"; do
    # shellcheck disable=SC2086
    m=$(median ${t[$n]})
    awk -v n="$n" -v f="$flat" -v m="$m" 'BEGIN{r = (m > 0 ? f / m : 0); printf "stacks: %-14s %6d ms, speed ratio to flat %.2f%s\n", n, m, r, (n == "--stacks ghc" ? sprintf(" (target >= 0.8: %s)", (r >= 0.8 ? "met" : "NOT met")) : "")}'
done
