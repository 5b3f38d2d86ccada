#!/usr/bin/env bash
# proofs/mutants.sh -- `make prove-mutants`: every mutant of the shared list
# (mutants/*/*.mut whose `check` names `prove`) is injected into a COPY of the
# kernel (build/prove-mutants/NAME/, never kernel/ itself) and WP proves its
# `prove` function there, in the pass `make prove` proves it in (typed, or
# -wp-simplify-type for the functions of PROVE_FUNCS_UNTYPED, firings included).
#
# Every goal gets make prove's resource units (PROVE_STEPS) and backstop.  A
# mutant is caught by a goal that the UNMUTATED kernel proves within a third
# of the units (build/prove/goal-steps.tsv, written by `make prove`) and that
# fails on the mutant: Unknown / Invalid, or out of units
# (proofs/mutant-verdict.py).  A goal stopped by the wall-clock backstop is
# no verdict by units: a mutant whose only failing goals the backstop
# stopped is counted apart ("only by the backstop").  Prints, per mutant,
# the catching goal, its verdict and its unmutated units.  Exits 1 unless
# every mutant is caught by units: one that escapes, one caught only by the
# backstop, one whose text no longer applies (the kernel changed: mend the
# .mut file), or missing unmutated units.
#
#   ONLY="name1 name2" bash proofs/mutants.sh     a subset
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=build/prove-mutants
GOALS=${PROVE_GOALS:-build/prove/goal-steps.tsv}
PAR=${PROVE_PAR:-2}
mkdir -p "$OUT" build/prove
if [ ! -s "$GOALS" ]; then
    echo "prove-mutants: $GOALS is missing: run make prove first (it records every goal's resource units)"
    exit 1
fi
# PROVE_WHY3, PROVE_FLAGS, PROVE_CSTD, PROVE_UNTYPED, PROVE_PROVERS, PROVE_STEPS, PROVE_TIMEOUT: as mk/prove.mk has them
eval "$(make -s --no-print-directory prove-vars)"

n=0; caught=0; clock=0; bad=0
for mut in mutants/*/*.mut; do
    checks=$(python3 mutants/apply.py --get check "$mut")
    grep -qw prove <<<"$checks" || continue
    name=$(python3 mutants/apply.py --get name "$mut")
    if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<<"$ONLY"; then continue; fi
    fn=$(python3 mutants/apply.py --get prove "$mut")
    what=$(python3 mutants/apply.py --get what "$mut")
    n=$((n + 1))
    dir=$OUT/$name
    rm -rf "$dir"; mkdir -p "$dir"
    cp -r kernel acsl "$dir/"
    if ! python3 mutants/apply.py "$mut" "$dir"; then
        echo "mutant $name: DOES NOT APPLY ($mut)"; bad=$((bad + 1)); continue
    fi
    pass=""
    grep -qw -- "$fn" <<<"$PROVE_UNTYPED" && pass=-wp-simplify-type
    # shellcheck disable=SC2086
    WHY3CONFIG=$PROVE_WHY3 frama-c $PROVE_FLAGS -cpp-extra-args="$PROVE_CSTD -I$dir/acsl -I$dir/kernel" "$dir"/kernel/*.c \
        -wp -wp-rte -wp-fct "$fn" $pass -wp-prover "$PROVE_PROVERS" -wp-par "$PAR" -wp-cache none \
        -wp-steps "$PROVE_STEPS" -wp-timeout "$PROVE_TIMEOUT" \
        > "$dir/prove.log" 2>&1
    found=$(python3 proofs/mutant-verdict.py "$dir/prove.log" "$GOALS" "$PROVE_STEPS")
    verdict=$(grep -v '^backstop: ' <<<"$found")
    stopped=$(sed -n 's/^backstop: //p' <<<"$found" | paste -sd' ')
    if [ -n "$verdict" ]; then
        echo "mutant $name ($what): caught by $verdict"
        caught=$((caught + 1))
    elif [ -n "$stopped" ]; then
        echo "mutant $name ($what): ONLY BY THE BACKSTOP -- $stopped not proven in $PROVE_TIMEOUT s, below its units (log $dir/prove.log)"
        clock=$((clock + 1)); bad=$((bad + 1))
    else
        echo "mutant $name ($what): ESCAPED -- no goal that the kernel proves fails (log $dir/prove.log)"
        bad=$((bad + 1))
    fi
done
echo "prove-mutants: $caught of $n mutants caught by units, $clock only by the backstop"
[ "$bad" -eq 0 ] && [ "$n" -gt 0 ]
