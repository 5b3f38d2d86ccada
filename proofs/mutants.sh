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
# (proofs/mutant-verdict.py).  A goal stopped by the wall-clock backstop
# catches nothing and is reported.  Prints, per mutant, the catching goal,
# its verdict and its unmutated units.  Exits 1 if a mutant escapes, if its
# text no longer applies (the kernel changed: mend the .mut file), or if the
# unmutated goals' units are missing.
#
#   ONLY="name1 name2" bash proofs/mutants.sh     a subset
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=build/prove-mutants
WHY3=$PWD/build/prove/why3.conf
GOALS=${PROVE_GOALS:-build/prove/goal-steps.tsv}
PAR=${PROVE_PAR:-2}
mkdir -p "$OUT" build/prove
[ -s "$WHY3" ] || WHY3CONFIG=$WHY3 why3 config detect >/dev/null 2>&1
if [ ! -s "$GOALS" ]; then
    echo "prove-mutants: $GOALS is missing: run make prove first (it records every goal's resource units)"
    exit 1
fi
# PROVE_FLAGS, PROVE_CSTD, PROVE_UNTYPED, PROVE_PROVERS, PROVE_STEPS, PROVE_TIMEOUT: as mk/prove.mk has them
eval "$(make -s --no-print-directory prove-vars)"

n=0; caught=0; bad=0
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
    WHY3CONFIG=$WHY3 frama-c $PROVE_FLAGS -cpp-extra-args="$PROVE_CSTD -I$dir/acsl -I$dir/kernel" "$dir"/kernel/*.c \
        -wp -wp-rte -wp-fct "$fn" $pass -wp-prover "$PROVE_PROVERS" -wp-par "$PAR" -wp-cache none \
        -wp-steps "$PROVE_STEPS" -wp-timeout "$PROVE_TIMEOUT" \
        > "$dir/prove.log" 2>&1
    found=$(python3 proofs/mutant-verdict.py "$dir/prove.log" "$GOALS" "$PROVE_STEPS")
    verdict=$(grep -v '^backstop: ' <<<"$found")
    grep '^backstop: ' <<<"$found" | sed "s/^backstop: /mutant $name: the wall-clock backstop stopped /"
    if [ -n "$verdict" ]; then
        echo "mutant $name ($what): caught by $verdict"
        caught=$((caught + 1))
    else
        echo "mutant $name ($what): ESCAPED -- no goal that the kernel proves fails (log $dir/prove.log)"
        bad=$((bad + 1))
    fi
done
echo "prove-mutants: $caught of $n mutants caught"
[ "$bad" -eq 0 ] && [ "$n" -gt 0 ]
