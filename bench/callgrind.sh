#!/usr/bin/env bash
# bench/callgrind.sh BENCH_BINARY -- instruction counts of ccm_run only
# (bench.c's timed_run, which calls nothing else)
# (callgrind --toggle-collect), stable from run to run on a noisy machine.
# One repetition per workload.
set -u
bin=$1
dir=$(dirname "$0")
out=$(mktemp -d)
printf '%-10s %12s %14s %10s\n' workload transitions "Ir(ccm_run)" Ir/trans
for w in nfib pipeline cafscc; do
    steps=$(valgrind --tool=callgrind --toggle-collect='timed_run' --callgrind-out-file="$out/$w.cg" \
            "$bin" "$dir/$w.lam" 1 2>/dev/null | sed -E 's/.*steps=([0-9]+).*/\1/')
    ir=$(grep -E '^(summary|totals):' "$out/$w.cg" | head -1 | awk '{print $2}')
    awk -v w="$w" -v s="$steps" -v i="$ir" 'BEGIN{printf "%-10s %12d %14d %10.2f\n", w, s, i, i/s}'
done
rm -rf "$out"
