#!/usr/bin/env bash
# tests/lockstep/run.sh BUILD N -- the lockstep comparison of `make
# coq-check` (docs/coq.md, "Lockstep"): N programs of the project's
# generator (BUILD/ccm-gen, seeds 1..N, sizes 1 to 8 in turn), each run by
# ccm (`ccm states`) and by the Coq model's extracted machine
# (`ccm-coq --states`) under every configuration of LOCKSTEP_CONFIGS; the
# two must print the same state (rule, current cost centre, control,
# stack, theta, heap) after every transition, and stop for the same reason
# after as many.  A configuration is RULES:SCOPING:FORCE[:ORDER[:PUSH]], FORCE the
# early forcing period (0: none; K: force the newest thunk every K
# transitions, the same policy on both sides), ORDER the operand order of
# primitives, ltr (the default, also when empty) or rtl, PUSH a push policy
# (append or ghc): the machine over cost-centre stacks on both sides
# (`ccm states --push P`, `ccm-coq --states --push P`; docs/coq.md,
# "Lockstep over stacks"), its call policy the scoping's, or call ghc when
# SCOPING is ghc (`--call ghc` on both sides; tests/lockstep/stacks.sh
# leaves those out while ccm refuses it).  A program that differs is kept in
# BUILD/lockstep/failed/ with both runs.  Prints "lockstep: N passed, M failed".
#   LOCKSTEP_CCM        ccm (default BUILD/ccm; selftest.sh swaps in mutants)
#   LOCKSTEP_COQ        the model (default BUILD/coq-check/ccm-coq)
#   LOCKSTEP_WORK       the working directory (default BUILD/lockstep/run)
#   LOCKSTEP_FAILED     where failing programs are kept (default BUILD/lockstep/failed)
#   LOCKSTEP_MAX_STEPS  transitions per run, forces included (default 5000)
#   LOCKSTEP_MAX_BYTES  output kept of each run (default 50,000,000): a run
#                       cut there fails unless it differed before the cut
#   LOCKSTEP_TIMEOUT    seconds per run (default 60), then it is cut there
#   LOCKSTEP_FROM       program files (a glob) to run in place of N generated
#                       ones, each as `ccm core` prints it (progs/index.txt
#                       says which number is which file)
set -uo pipefail
build=$1
n=$2
here=$(cd "$(dirname "$0")" && pwd)
ccm=${LOCKSTEP_CCM:-$build/ccm}
gen=$build/ccm-gen
coq=${LOCKSTEP_COQ:-$build/coq-check/ccm-coq}
work=${LOCKSTEP_WORK:-$build/lockstep/run}
failed_dir=${LOCKSTEP_FAILED:-$build/lockstep/failed}
configs=${LOCKSTEP_CONFIGS:-"fig6:lexical:0 fig2:lexical:0 fig6:evaluation:0 fig2:evaluation:0 fig6:lexical:3 fig2:lexical:1 fig6:evaluation:1 fig2:evaluation:4 fig6:lexical:0:rtl fig2:evaluation:0:rtl fig2:lexical:2:rtl fig6:evaluation:1:rtl"}
max_steps=${LOCKSTEP_MAX_STEPS:-5000}
max_bytes=${LOCKSTEP_MAX_BYTES:-50000000}
limit=${LOCKSTEP_TIMEOUT:-60}
for tool in "$ccm" "$gen" "$coq"; do
    [ -x "$tool" ] || { echo "lockstep: $tool missing (make coq-check builds it)"; echo "lockstep: 0 passed, 1 failed"; exit 1; }
done
rm -rf "$work" "$failed_dir"       # no stale failure from an earlier run
mkdir -p "$work/progs" "$failed_dir"
start=$(date +%s%N)

if [ -n "${LOCKSTEP_FROM:-}" ]; then
    # hand-written programs in place of generated ones: each as `ccm core`
    # prints it (the model reads the core only), the same text for both
    n=0
    for f in $LOCKSTEP_FROM; do
        n=$((n + 1))
        "$build/ccm" core "$f" > "$work/progs/$n.lam" 2>/dev/null || cp "$f" "$work/progs/$n.lam"
        echo "$n $f" >> "$work/progs/index.txt"
    done
else
    for ((s = 1; s <= n; s++)); do
        "$gen" --seed "$s" --size $(( (s - 1) % 8 + 1 )) > "$work/progs/$s.lam"
    done
fi

# ended STATUS FILE: a dumper that died of a signal (a crash) or ran out of
# time ends its run with a stop line saying so, in place of a partial last
# line, so that the comparison reports where it died; one stopped by the
# byte cap (SIGPIPE, 141) is left cut, and compare.py says so
ended() {
    local why=""
    case $1 in
        0|1|2|3|141) return ;;
        124|137) why="timed out after $limit s" ;;
        *) why="died with status $1" ;;
    esac
    [ -s "$2" ] && [ -n "$(tail -c 1 "$2")" ] && sed -i '$ d' "$2"
    printf '{"stop":"%s","n":-1}\n' "$why" >> "$2"
}

for cfg in $configs; do
    IFS=: read -r rules scoping force order push <<<"$cfg"
    d=$work/${cfg//:/-}
    mkdir -p "$d"
    opts=(--rules "$rules" --force-every "$force" --order "${order:-ltr}" --max-steps "$max_steps")
    if [ "$scoping" = ghc ]; then opts+=(--call ghc); else opts+=(--scoping "$scoping"); fi
    [ -n "${push:-}" ] && opts+=(--push "$push")
    # each run's output is capped (head -c; the writer then dies of SIGPIPE):
    # a state holds the whole heap and stack, and a wrong machine (a mutant
    # forcing the same thunk again and again) can make them grow without
    # end; and its time (a mutant can loop inside one transition)
    for ((s = 1; s <= n; s++)); do
        timeout -k 5 "$limit" "$ccm" states "$work/progs/$s.lam" "${opts[@]}" 2>>"$d/ccm.err" \
            | head -c "$max_bytes" > "$d/$s.ccm"
        ended "${PIPESTATUS[0]}" "$d/$s.ccm"
        timeout -k 5 "$limit" "$coq" --states "${opts[@]}" "$work/progs/$s.lam" 2>>"$d/model.err" \
            | head -c "$max_bytes" > "$d/$s.model"
        ended "${PIPESTATUS[0]}" "$d/$s.model"
    done
done

python3 "$here/batch.py" "$work" "$n" "$failed_dir" "$configs" > "$work/verdict.txt"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -v '^lockstep: [0-9]* passed' "$work/verdict.txt"
echo "lockstep: $n programs, $(wc -w <<<"$configs") configurations, $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s"
grep '^lockstep: [0-9]* passed' "$work/verdict.txt" || echo "lockstep: 0 passed, 1 failed"
exit $rc
