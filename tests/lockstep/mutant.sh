#!/usr/bin/env bash
# tests/lockstep/mutant.sh BUILD N MUTFILE... -- run the lockstep comparison
# (run.sh, N programs, its default configurations) against a ccm built
# with each kernel mutant (the format of mutants/README.md: any area whose
# `file` is under kernel/), and say for each where the comparison first
# caught it: the first failing program, its configuration, the transition
# and the field.  A mutant that changes nothing the model can see (a guard
# no well-formed program reaches, say) escapes and is reported as such.
# For trying mutants the self-test has not seen (docs/coq.md, "Lockstep");
# not a suite of `make check`.  Prints "lockstep-mutants: N caught, M escaped"
# (a mutant whose comparison does not finish in 600 s is counted as escaped,
# with the line NO VERDICT).
# LOCKSTEP_STACKS=1: the comparison over stacks (stacks.sh: push append and
# ghc, the model of Stacks.v) in place of run.sh's flat configurations.
set -uo pipefail
: "${CLI_LIBS:=-ljansson -lm}"
build=$1; n=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$here/../lib/mutant-ccm.sh"
runner=run.sh; [ "${LOCKSTEP_STACKS:-0}" = 1 ] && runner=stacks.sh
caught=0; escaped=0
for mut in "$@"; do
    name=$(basename "$mut" .mut)
    d=$build/lockstep/mutants/$name
    f=$(python3 "$root/mutants/apply.py" --get file "$mut")
    if [[ "$f" != kernel/* ]]; then echo "SKIP $name: not a kernel mutant"; continue; fi
    if ! why=$(mutant_ccm "$build" "$mut" "$d"); then echo "SKIP $name: $why"; continue; fi
    LOCKSTEP_CCM=$d/ccm LOCKSTEP_WORK=$d/run LOCKSTEP_FAILED=$d/failed LOCKSTEP_MAX_BYTES=${LOCKSTEP_MAX_BYTES:-4000000} \
        timeout 600 bash "$here/$runner" "$build" "$n" > "$d/out.txt" 2>&1
    # a run cut at the byte cap (4 MB here) is no catch: a long correct run
    # is cut too; the first real difference is
    first=$(grep '^FAIL seed' "$d/out.txt" | grep -v -m1 'output was cut short')
    if [ -n "$first" ]; then
        caught=$((caught + 1))
        echo "caught  $name: ${first#FAIL }"
    elif grep -q '^FAIL seed' "$d/out.txt"; then
        escaped=$((escaped + 1))
        echo "ESCAPED $name: only runs cut at the byte cap differ ($(grep -c '^FAIL seed' "$d/out.txt"))"
    elif ! grep -q '^lockstep: [0-9]* passed' "$d/out.txt"; then
        # the whole sweep ran out of time (a mutant that hangs in every run
        # spends LOCKSTEP_TIMEOUT on each): no verdict, said so
        escaped=$((escaped + 1))
        echo "NO VERDICT $name: the comparison did not finish in 600 s (runs hang? try a smaller N or LOCKSTEP_TIMEOUT)"
    else
        escaped=$((escaped + 1))
        echo "ESCAPED $name: $(tail -n 1 "$d/out.txt")"
    fi
    rm -rf "$d/run"            # the runs: out.txt and failed/ keep what matters
done
echo "lockstep-mutants: $caught caught, $escaped escaped"
