#!/usr/bin/env bash
# bench/wide.sh BENCH_BINARY OUTDIR [REPS] -- wide and deep programs, to
# measure how the cost of one transition grows with the size of the scope.
#   wide K: one let of K bindings, each referring to the next (K at most
#           4096: a reference farther than that is refused, FRONT_MAX_REF)
#           main = let x1 = x2; x2 = x3; ...; xK = 0 in x1
#   deep K: K nested lets, each referring to the one outside it
#           main = let x1 = 0 in let x2 = x1 in ... let xK = x(K-1) in xK
# (deep stays under the parser's nesting limit of 10000 levels).  Prints,
# per program, the transitions, the median time of ccm_run, ns per
# transition, and the ratio of ns per transition to the next smaller size:
# about 1 when a transition costs the same whatever the scope, about the
# size ratio (10) when it grows linearly with the scope (quadratic runs).
# A benchmark, not a test: it never fails on speed.
set -u
bin=$1; out=$2; reps=${3:-3}
mkdir -p "$out"
wide() {   # wide K > file
    awk -v k="$1" 'BEGIN { printf "main = let "; for (i = 1; i < k; i++) printf "x%d = x%d; ", i, i + 1;
                           printf "x%d = 0 in x1\n", k }'
}
deep() {   # deep K > file
    awk -v k="$1" 'BEGIN { printf "main = let x1 = 0 in\n"; for (i = 2; i <= k; i++) printf "let x%d = x%d in\n", i, i - 1;
                           printf "x%d\n", k }'
}
field() { sed -E "s/.*(^| )$2=([^ ]*).*/\2/" <<<"$1"; }
echo
echo "wide and deep programs: median of $reps runs of ccm_run"
printf '%-6s %8s %12s %12s %10s %16s\n' shape K transitions median_ms ns/trans "ratio to smaller"
for shape in wide deep; do
    if [ $shape = wide ]; then sizes="1000 2000 4000"; else sizes="1000 3000 9000"; fi
    prev=""
    for k in $sizes; do
        f="$out/$shape-$k.lam"
        $shape "$k" > "$f"
        l=$("$bin" "$f" "$reps") || { echo "bench: $shape $k failed"; exit 1; }
        ns=$(field "$l" ns)
        ratio="-"
        [ -n "$prev" ] && ratio=$(awk -v a="$ns" -v b="$prev" 'BEGIN{printf "%.2f", a/b}')
        printf '%-6s %8s %12s %12.1f %10s %16s\n' "$shape" "$k" "$(field "$l" steps)" \
            "$(awk -v s="$(field "$l" median_s)" 'BEGIN{print s*1000}')" "$ns" "$ratio"
        prev=$ns
    done
done
