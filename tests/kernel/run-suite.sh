#!/usr/bin/env bash
# Run one Criterion test binary and add the plain closing line the suite
# runner reads ("kernel: N passed, N failed"), parsed from Criterion's
# "Synthesis: Tested: X | Passing: Y | Failing: Z | Crashing: W".
set -u
bin=$1; label=${2:-kernel}
out=$(mktemp)
"$bin" -j1 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
line=$(grep -E 'Synthesis: Tested:' "$out" | tail -n 1)
rm -f "$out"
if [ -z "$line" ]; then
    echo "$label: 0 passed, 1 failed (no Criterion synthesis, exit $rc)"
    exit 1
fi
pass=$(sed -E 's/.*Passing: ([0-9]+).*/\1/' <<<"$line")
fail=$(sed -E 's/.*Failing: ([0-9]+).*/\1/' <<<"$line")
crash=$(sed -E 's/.*Crashing: ([0-9]+).*/\1/' <<<"$line")
fail=$((fail + crash))
echo "$label: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$rc" -eq 0 ]
