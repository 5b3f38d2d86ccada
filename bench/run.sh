#!/usr/bin/env bash
# bench/run.sh BENCH_BINARY [REPS [NOCOUNT_BINARY]] -- run every workload in
# its own process (so peak RSS is per workload), print a table and the
# ratios to nfib; with NOCOUNT_BINARY (the same benchmark built with
# counting off), the cost of the cost accounting on nfib.
# A benchmark, not a test: it never fails on speed.
set -u
bin=$1; reps=${2:-7}; nocount=${3:-}
dir=$(dirname "$0")
workloads="nfib pipeline cafscc"
declare -A line
for w in $workloads; do
    line[$w]=$("$bin" "$dir/$w.lam" "$reps") || { echo "bench: $w failed"; exit 1; }
done
field() { sed -E "s/.*(^| )$2=([^ ]*).*/\2/" <<<"$1"; }
echo
echo "ccm kernel benchmark: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), median CPU time of $reps runs of ccm_run (bench/bench.c)"
printf '%-10s %12s %10s %10s %9s %10s %11s %10s %10s\n' workload transitions median_ms "Mtrans/s" ns/trans heap_objs cells/obj B/obj maxrss_MB
for w in $workloads; do
    l=${line[$w]}
    printf '%-10s %12s %10.1f %10s %9s %10s %11s %10s %10.1f\n' "$w" "$(field "$l" steps)" \
        "$(awk -v s="$(field "$l" median_s)" 'BEGIN{print s*1000}')" "$(field "$l" mtps)" \
        "$(field "$l" ns)" "$(field "$l" heap_objs)" "$(field "$l" cells_per_obj)" \
        "$(field "$l" bytes_per_obj)" "$(awk -v k="$(field "$l" maxrss_kb)" 'BEGIN{print k/1024}')"
done
l=${line[nfib]}
echo "sizeof(struct ccm_obj) = $(field "$l" obj_bytes) B, sizeof(struct ccm_cell) = $(field "$l" cell_bytes) B; B/obj = obj + cells/obj * cell"
base=$(field "${line[nfib]}" ns)
for w in pipeline cafscc; do
    awk -v w="$w" -v a="$(field "${line[$w]}" ns)" -v b="$base" \
        'BEGIN{printf "ratio ns/trans %s : nfib = %.2f\n", w, a/b}'
done
awk -v m="$(field "${line[nfib]}" mtps)" 'BEGIN{printf "target: >= 150 Mtrans/s on nfib: %s (%.1f)\n", (m >= 150 ? "met" : "NOT met"), m}'
if [ -n "$nocount" ]; then
    # interleaved rounds, each a median of REPS runs; the median round
    on=(); off=()
    for i in 1 2 3 4 5; do
        on+=("$(field "$("$bin" "$dir/nfib.lam" "$reps")" median_s)")
        off+=("$(field "$("$nocount" "$dir/nfib.lam" "$reps")" median_s)")
    done
    med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
    awk -v a="$(med "${on[@]}")" -v b="$(med "${off[@]}")" \
        'BEGIN{printf "cost accounting on nfib: %.1f ms with counting, %.1f ms without (ratio %.2f, %+.0f %%)\n", a*1000, b*1000, a/b, (a/b-1)*100}'
fi
