#!/usr/bin/env bash
# tests/coqcheck/run.sh BUILD N -- `make coq-check` (docs/coq.md): N programs
# of the project's generator (BUILD/ccm-gen, seeds 1..N, sizes 1 to 8 in
# turn), each run by ccm (`ccm run --json`) and by the Coq model's extracted
# machine (BUILD/coq-check/ccm-coq), under fig6 and fig2, lexical and
# evaluation scoping (COQ_CHECK_CONFIGS to change); outcome, error kind,
# value, returned cost centre, steps and every counter of every cost centre
# must agree.  The model's big-step evaluator (ccm-coq --big-step) must give
# ccm's value, returned cost centre and every counter when ccm ends with a
# value, and no value when ccm stops with a runtime error.  A program that differs is kept in BUILD/coq-check/failed/ with
# both reports and the command to reproduce.  Prints
# "coq-check: N passed, M failed" (a program passes when every
# configuration agrees).  A configuration is RULES:SCOPING[:PUSH] (SCOPING
# lexical, evaluation, or ghc: the ghc call policy, with a PUSH); with PUSH
# (append or ghc) both run the machine over cost-centre stacks (`ccm run
# --push P`, `ccm-coq --push P`: Stacks.v through StackInterp.v), and the
# returned stack and every counter of every stack (matched by their names,
# root first) must agree too; no big-step evaluator over stacks is
# extracted, so those configurations compare the machines only.
#   COQ_CHECK_COQ   the model's command (default BUILD/coq-check/ccm-coq;
#                   tests/coqcheck/selftest.sh swaps in a mutated one)
#   COQ_CHECK_WORK  the working directory (default BUILD/coq-check/run)
set -uo pipefail
build=$1
n=$2
here=$(cd "$(dirname "$0")" && pwd)
ccm=$build/ccm
gen=$build/ccm-gen
coq=${COQ_CHECK_COQ:-$build/coq-check/ccm-coq}
work=${COQ_CHECK_WORK:-$build/coq-check/run}
failed_dir=${COQ_CHECK_FAILED:-$build/coq-check/failed}
configs=${COQ_CHECK_CONFIGS:-"fig6:lexical fig2:lexical fig6:evaluation fig2:evaluation"}
max_steps=${COQ_CHECK_MAX_STEPS:-10000000}
for tool in "$ccm" "$gen" "${coq%% *}"; do
    [ -x "$tool" ] || { echo "coq-check: $tool missing (make coq-check builds it)"; echo "coq-check: 0 passed, 1 failed"; exit 1; }
done
rm -rf "$work" "$failed_dir"       # no stale failure from an earlier run
mkdir -p "$work/progs" "$failed_dir"
start=$(date +%s%N)

# 1. the programs: seeds 1..n, size cycling 1..8 (the generator's sizes
# for props are 5; smaller and larger ones reach other shapes)
for ((s = 1; s <= n; s++)); do
    "$gen" --seed "$s" --size $(( (s - 1) % 8 + 1 )) > "$work/progs/$s.lam"
done
files=()
for ((s = 1; s <= n; s++)); do files+=("$work/progs/$s.lam"); done

# 2. both evaluators under each configuration
for cfg in $configs; do
    IFS=: read -r rules scoping push <<<"$cfg"
    d=$work/${cfg//:/-}
    mkdir -p "$d"
    opts=(--rules "$rules" --max-steps "$max_steps")
    # SCOPING ghc is the ghc call policy (`--call ghc`; both programs have it)
    if [ "$scoping" = ghc ]; then opts+=(--call ghc); else opts+=(--scoping "$scoping"); fi
    [ -n "${push:-}" ] && opts+=(--push "$push")
    for ((s = 1; s <= n; s++)); do
        "$ccm" run "$work/progs/$s.lam" --json "${opts[@]}" > "$d/$s.ccm" 2>/dev/null
    done
    # the model: one process for all the programs, one report line each;
    # its machine, then its big-step rules
    $coq "${opts[@]}" "${files[@]}" > "$d/coq.jsonl" 2>"$d/coq.err"
    [ -n "${push:-}" ] || $coq --big-step "${opts[@]}" "${files[@]}" > "$d/bigstep.jsonl" 2>>"$d/coq.err"
done

# 3. compare
python3 "$here/compare.py" "$work" "$n" "$failed_dir" "$configs" "$ccm" "$coq" "$max_steps" > "$work/verdict.txt"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -v '^coq-check: [0-9]* passed' "$work/verdict.txt"
echo "coq-check: $n programs, $(wc -w <<<"$configs") configurations, $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s"
grep '^coq-check: [0-9]* passed' "$work/verdict.txt" || echo "coq-check: 0 passed, 1 failed"
exit $rc
