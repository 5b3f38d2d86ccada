#!/usr/bin/env bash
# bench/callgrind.sh BENCH_BINARY [NOCOUNT_BINARY] -- instruction counts of
# ccm_run only (callgrind --toggle-collect on bench.c's timed_run, which
# calls nothing else), stable from run to run on a noisy machine.  One
# repetition per workload.  With NOCOUNT_BINARY (the benchmark built with
# counting off), the cost accounting's share of nfib's instructions.
set -u
bin=$1; nocount=${2:-}
dir=$(dirname "$0")
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
ir_of() {   # ir_of BINARY WORKLOAD: prints "steps instructions"
    local steps
    steps=$(valgrind --tool=callgrind --toggle-collect='timed_run' --callgrind-out-file="$out/cg" \
            "$1" "$dir/$2.lam" 1 2>/dev/null | sed -E 's/.*steps=([0-9]+).*/\1/')
    echo "$steps $(grep -E '^(summary|totals):' "$out/cg" | head -1 | awk '{print $2}')"
}
printf '%-10s %12s %14s %10s\n' workload transitions "Ir(ccm_run)" Ir/trans
for w in nfib pipeline cafscc; do
    read -r steps ir < <(ir_of "$bin" "$w")
    [ "$w" = nfib ] && nfib_ir=$ir
    awk -v w="$w" -v s="$steps" -v i="$ir" 'BEGIN{printf "%-10s %12d %14.0f %10.2f\n", w, s, i, i/s}'
done
if [ -n "$nocount" ]; then
    read -r _ off < <(ir_of "$nocount" nfib)
    awk -v a="$nfib_ir" -v b="$off" \
        'BEGIN{printf "cost accounting on nfib: %.0f instructions with counting, %.0f without (%.1f %% of them)\n", a, b, (a-b)/a*100}'
fi
