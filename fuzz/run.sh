#!/usr/bin/env bash
# run.sh OUT TARGET SECONDS -- fuzz one target of OUT (build/fuzz) for
# SECONDS under `nice -n 19`, one process, with its dictionary and options.
# The corpus grows in OUT/corpus/TARGET/ (seeded from fuzz/corpus/), crashes
# go to OUT/crashes/TARGET/, the log to OUT/logs/TARGET.log; the last line
# is "TARGET: N runs in S s, E exec/s, C crashes".
set -uo pipefail
out=$1; t=$2; secs=$3
[ -x "$out/$t" ] || { echo "run.sh: no target $out/$t (make fuzz-build; targets: fuzz/*.c)" >&2; exit 2; }
case $secs in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$secs'" >&2; exit 2;; esac
seeds=fuzz/corpus/$t
case $t in gen_*) seeds=fuzz/corpus/gen ;; esac
mkdir -p "$out/corpus/$t" "$out/crashes/$t" "$out/logs"
cp -n "$seeds"/* "$out/corpus/$t/" 2>/dev/null
dict=()
[ -f "$out/$t.dict" ] && dict=(-dict="$out/$t.dict")
len=$(sed -n 's/^max_len = //p' "$out/$t.options")
log=$out/logs/$t.log
start=$(date +%s)
nice -n 19 "$out/$t" -max_total_time="$secs" -max_len="$len" "${dict[@]}" -print_final_stats=1 \
    -artifact_prefix="$out/crashes/$t/" "$out/corpus/$t" > "$log" 2>&1
rc=$?
end=$(date +%s)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
crashes=$(ls "$out/crashes/$t" | wc -l)
el=$((end - start)); [ "$el" -gt 0 ] || el=1
echo "$t: ${runs:-0} runs in $el s, $(( ${runs:-0} / el )) exec/s, $crashes crashes (exit $rc, log $log)"
[ "$rc" -eq 0 ]
