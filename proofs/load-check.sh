#!/usr/bin/env bash
# proofs/load-check.sh -- `make prove-load-check`: a verdict does not depend on
# the machine's load or its cores.
#
# The LOAD_CHECK_GOALS (30) goals with the most resource units in the last
# whole run (build/prove/goal-steps.tsv, written by `make prove-cold` or
# `make prove`) are proven twice from nothing, with the limits of make prove:
# once with nothing else running, a prover per core, and once with a
# CPU-bound loop pinned to every core and Frama-C and one prover at a time
# pinned to core 0 (taskset).  Every goal the two runs prove must get the same verdict
# and the same resource units in both, and the 30 must be valid
# (proofs/load-check.py compare, which shows the whole run's units beside).
# Exit 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
N=${LOAD_CHECK_GOALS:-30}
OUT=build/prove-load-check
TSV=build/prove/goal-steps.tsv
mkdir -p "$OUT"
if [ ! -s "$TSV" ]; then
    echo "prove-load-check: $TSV is missing: run make prove-cold (or make prove) first"; exit 1
fi
command -v taskset >/dev/null || { echo "prove-load-check: taskset (util-linux) is missing"; exit 1; }
# PROVE_WHY3, PROVE_FLAGS, PROVE_CSTD, PROVE_TYPED, PROVE_UNTYPED, PROVE_PROVERS, PROVE_STEPS, PROVE_TIMEOUT
eval "$(make -s --no-print-directory prove-vars)"
python3 proofs/load-check.py plan "$N" "$TSV" "$PROVE_TYPED" "$PROVE_UNTYPED" > "$OUT/plan.txt" || exit 1

# one pass per function, selecting the planned goals' properties, in the pass make prove uses
passes=()
while read -r fn pass props _; do
    [ ${#passes[@]} -eq 0 ] || passes+=(-then)
    typing=-wp-no-simplify-type; [ "$pass" = untyped ] && typing=-wp-simplify-type
    passes+=(-wp-fct "$fn" -wp-prop "$props" "$typing")
done < "$OUT/plan.txt"

prove() {   # prove LOG PAR [taskset -c CPU]: the planned goals, from nothing, PAR provers at a time
    local log=$1 par=$2; shift 2
    local start=$SECONDS
    # shellcheck disable=SC2086
    WHY3CONFIG=$PROVE_WHY3 "$@" frama-c $PROVE_FLAGS -cpp-extra-args="$PROVE_CSTD -Iacsl -Ikernel" kernel/*.c \
        -wp -wp-rte -wp-prover "$PROVE_PROVERS" -wp-par "$par" -wp-cache none \
        -wp-steps "$PROVE_STEPS" -wp-timeout "$PROVE_TIMEOUT" "${passes[@]}" > "$log" 2>&1
    echo "$? $((SECONDS - start))"
}

cores=$(nproc)
echo "prove-load-check: $N goals ($(wc -l < "$OUT/plan.txt") functions), $PROVE_STEPS resource units each; idle run, $cores provers at a time"
read -r idle_st idle_s < <(prove "$OUT/idle.log" "$cores")
loops=()
trap 'kill "${loops[@]}" 2>/dev/null' EXIT
for ((c = 0; c < cores; c++)); do
    taskset -c "$c" bash -c 'while :; do :; done' & loops+=($!)
done
echo "prove-load-check: idle run $idle_s s; again with a busy loop on each of the $cores cores, Frama-C and one prover at a time on core 0"
read -r loaded_st loaded_s < <(prove "$OUT/loaded.log" 1 taskset -c 0)
kill "${loops[@]}" 2>/dev/null; wait 2>/dev/null
echo "prove-load-check: loaded run $loaded_s s ($(python3 -c "print(f'{$loaded_s / max($idle_s, 1):.2f}')") x the idle run)"
if [ "$idle_st" != 0 ] || [ "$loaded_st" != 0 ]; then
    echo "prove-load-check: FAILED: frama-c exited $idle_st idle, $loaded_st under load ($OUT/*.log)"; exit 1
fi
python3 proofs/load-check.py compare "$OUT/plan.txt" "$TSV" "$OUT/idle.log" "$OUT/loaded.log"
