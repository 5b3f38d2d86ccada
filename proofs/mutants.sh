#!/usr/bin/env bash
# proofs/mutants.sh -- `make prove-mutants`: every mutant of the shared list
# (mutants/*/*.mut whose `check` names `prove`) is injected into a COPY of the
# kernel (build/prove-mutants/NAME/, never kernel/ itself) and WP proves its
# `prove` function there, in the pass `make prove` proves it in (typed, or
# -wp-simplify-type for the functions of PROVE_FUNCS_UNTYPED, firings included).
#
# A mutant is caught only by a goal that the UNMUTATED kernel proves
# (build/prove/goal-times.tsv, written by `make prove`):
#   - a goal a prover answers Unknown / Invalid on (a prover error is no
#     answer: it counts as a timeout), or
#   - a goal that times out, if the unmutated kernel proves it in at most a
#     third of the mutant timeout (a slow goal that times out is no evidence).
# Prints, per mutant, the catching goal, its verdict and its unmutated time.
# Exits 1 if a mutant escapes, if its text no longer applies (the kernel
# changed: mend the .mut file), or if the unmutated times are missing.
#
#   ONLY="name1 name2" bash proofs/mutants.sh     a subset
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=build/prove-mutants
WHY3=$PWD/build/prove/why3.conf
TIMES=build/prove/goal-times.tsv
TIMEOUT=${PROVE_MUTANT_TIMEOUT:-30}
PAR=${PROVE_PAR:-2}
mkdir -p "$OUT" build/prove
[ -s "$WHY3" ] || WHY3CONFIG=$WHY3 why3 config detect >/dev/null 2>&1
if [ ! -s "$TIMES" ]; then
    echo "prove-mutants: $TIMES is missing: run make prove first (it records every goal's time)"
    exit 1
fi
# PROVE_FLAGS, PROVE_CSTD, PROVE_UNTYPED, PROVE_PROVERS: as mk/prove.mk has them
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
        -wp -wp-rte -wp-fct "$fn" $pass -wp-prover "$PROVE_PROVERS" -wp-par "$PAR" -wp-timeout "$TIMEOUT" \
        > "$dir/prove.log" 2>&1
    verdict=$(python3 proofs/mutant-verdict.py "$dir/prove.log" "$TIMES" "$TIMEOUT")
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
