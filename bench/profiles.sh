#!/usr/bin/env bash
# bench/profiles.sh CCM [REPS] -- the cost of the profile files: `ccm run`
# of bench/nfib.lam plain, and with all four files (--prof, --prof-json,
# --speedscope, --heap-profile with its default census schedule), whole
# processes, interleaved, median of REPS each.  Prints the speed ratio
# (plain time / profiled time; the target is >= 0.8).  A benchmark: it
# never fails on speed.
set -u
ccm=$1; reps=${2:-7}
prog=$(dirname "$0")/nfib.lam
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/timing.sh"
plain=(); prof=()
for ((i = 0; i < reps; i++)); do
    plain+=("$(ms "$ccm" run "$prog")")
    prof+=("$(ms "$ccm" run "$prog" --prof "$tmp/p.prof" --prof-json "$tmp/p.json" \
                --speedscope "$tmp/p.speedscope.json" --heap-profile "$tmp/p.hp")")
done
p=$(median "${plain[@]}"); q=$(median "${prof[@]}")
samples=$(grep -c '^BEGIN_SAMPLE' "$tmp/p.hp")
echo
echo "profiles: nfib.lam, median of $reps whole runs: plain $p ms, all four profile files $q ms ($samples census samples)"
awk -v p="$p" -v q="$q" 'BEGIN{r = (q > 0 ? p / q : 0); printf "profiles: speed ratio with all four files = %.2f (target >= 0.8: %s)\n", r, (r >= 0.8 ? "met" : "NOT met")}'
