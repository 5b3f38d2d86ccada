#!/usr/bin/env bash
# proofs/smoke-calibrate.sh -- `make prove-smoke-calibrate`: how many of cvc4's
# resource units a smoke test needs to find a contradiction.
#
# Each file proofs/smoke-calibration/*.mut (the format of mutants/README.md,
# with `smoke: FUNCTION` in place of `prove:`) puts a contradiction into a
# COPY of the kernel: a precondition that contradicts wf, or a branch the
# precondition rules out.  For each step limit given, the smoke tests of that
# function (alone, in the pass make prove runs them in) are run with that
# limit, and the script prints how many of them fail, i.e. find the code
# dead.  The unmutated kernel is run too: its failures are the expected ones
# of proofs/smoke-dead.txt (none in these functions).  PROVE_SMOKE_STEPS in
# mk/prove.mk is chosen from this table (docs/proofs.md, "No vacuity").
#
#   bash proofs/smoke-calibrate.sh [STEPS ...]     default: 40000 50000 60000
# Exits 1 if some contradiction is found by none of its smoke tests at the
# largest limit given, or if a file no longer applies.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
OUT=build/smoke-calibration
steps=("$@"); [ ${#steps[@]} -gt 0 ] || steps=(40000 50000 60000)
mkdir -p "$OUT" build/prove
# PROVE_WHY3, PROVE_FLAGS, PROVE_CSTD, PROVE_UNTYPED, PROVE_PROVERS, and PROVE_SMOKE_TESTS (the
# smoke passes' options but the step limit): as mk/prove.mk has them
eval "$(make -s --no-print-directory prove-vars)"

# smoke DIR FUNCTION STEPS -> "failed/total" smoke tests of FUNCTION
smoke() {
    local dir=$1 fn=$2 st=$3 pass=-wp-no-simplify-type log
    grep -qw -- "$fn" <<<"$PROVE_UNTYPED" && pass=-wp-simplify-type
    log=$dir/smoke-$st.log
    # shellcheck disable=SC2086
    WHY3CONFIG=$PROVE_WHY3 frama-c $PROVE_FLAGS -cpp-extra-args="$PROVE_CSTD -I$dir/acsl -I$dir/kernel" "$dir"/kernel/*.c \
        -wp -wp-rte -wp-fct "$fn" $pass -wp-prover "$PROVE_PROVERS" -wp-par 2 -wp-cache none \
        $PROVE_SMOKE_TESTS -wp-steps "$st" \
        > "$log" 2>&1
    echo "$(grep -c '\[Failed\] Smoke-test' "$log")/$(grep -c 'Smoke-test' "$log")"
}

# row LABEL DIR FUNCTION -> one line of counts, one per step limit; the
# count at the largest limit in $last
row() {
    printf '%-34s %-20s' "$1" "$3"
    for st in "${steps[@]}"; do last=$(smoke "$2" "$3" "$st"); printf ' %9s' "$last"; done
    echo
}

printf '%-34s %-20s' contradiction function
printf ' %9s' "${steps[@]}"; echo
bad=0
declare -A unmutated   # the functions whose unmutated row is printed
for mut in proofs/smoke-calibration/*.mut; do
    name=$(python3 mutants/apply.py --get name "$mut")
    fn=$(python3 mutants/apply.py --get smoke "$mut")
    if [ -z "${unmutated[$fn]:-}" ]; then
        unmutated[$fn]=1
        dir=$OUT/none-$fn
        rm -rf "$dir"; mkdir -p "$dir"; cp -r kernel acsl "$dir/"
        row "(unmutated kernel)" "$dir" "$fn"
        # a count is only the contradiction's own against a clean function
        [ "${last%%/*}" = 0 ] || echo "  $fn unmutated: some smoke tests find dead code already (proofs/smoke-dead.txt lists the known ones)"
    fi
    dir=$OUT/$name
    rm -rf "$dir"; mkdir -p "$dir"; cp -r kernel acsl "$dir/"
    if ! python3 mutants/apply.py "$mut" "$dir"; then
        echo "$name: DOES NOT APPLY ($mut)"; bad=1; continue
    fi
    row "$name" "$dir" "$fn"
    [ "${last%%/*}" = 0 ] && { echo "  $name: no smoke test finds it at ${steps[-1]} units"; bad=1; }
done
exit $bad
