#!/usr/bin/env bash
# test_smoke_calibration.sh -- the contradictions of proofs/smoke-calibration/
# (the measure behind PROVE_SMOKE_STEPS, `make prove-smoke-calibrate`) still
# apply to the kernel: each names itself, names a function defined in
# kernel/*.c, and its text is found exactly once in a copy of the kernel (a
# kernel edit that moves that text fails here, not later in the calibration).
# No prover runs.
set -u
source "$(dirname "$0")/harness.sh"

fns=$(bash proofs/kernel-functions.sh kernel/*.c)
n=0
for mut in proofs/smoke-calibration/*.mut; do
    n=$((n + 1))
    name=$(python3 mutants/apply.py --get name "$mut")
    fn=$(python3 mutants/apply.py --get smoke "$mut")
    [ "$name" = "$(basename "$mut" .mut)" ] && ok "$mut: named $name" || bad "$mut: name '$name' is not the file's"
    grep -qx -- "$fn" <<<"$fns" && ok "$mut: smoke $fn is a kernel function" || bad "$mut: smoke '$fn' is no function of kernel/*.c"
    rm -rf "$tmp/tree"; mkdir -p "$tmp/tree"; cp -r kernel acsl "$tmp/tree/"
    if python3 mutants/apply.py "$mut" "$tmp/tree" 2>"$tmp/err"; then
        if diff -rq kernel "$tmp/tree/kernel" >/dev/null && diff -rq acsl "$tmp/tree/acsl" >/dev/null; then
            bad "$mut: applied but changed nothing"
        else ok "$mut: applies"; fi
    else bad "$mut: does not apply: $(cat "$tmp/err")"; fi
done
[ "$n" -ge 4 ] && ok "$n contradictions" || bad "only $n contradictions in proofs/smoke-calibration/"
finish smoke-calibration
