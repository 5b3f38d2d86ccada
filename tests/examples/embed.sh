#!/usr/bin/env bash
# Run the embedding example and compare its output with the hand-derived
# numbers (docs/semantics.md section 7; with a budget of 5 transitions the run
# stops after var2 main, let, app1, var2 f, scc -- see the derivation in
# tests/examples/hello.expect -- and the refused 6th (var3 f) charges nothing).
set -u
bin=${1:-build/tests/embed}
expected='budget 1000: status value, steps 9, value 1, returned MAIN
  MAIN A=1 C=0 V=2 U=1 H=2 P=0 entries=0 subentries=1
  fun A=0 C=0 V=1 U=1 H=0 P=0 entries=1 subentries=0
budget 5: status steps, steps 5
  MAIN A=1 C=0 V=2 U=0 H=2 P=0 entries=0 subentries=1
  fun A=0 C=0 V=0 U=0 H=0 P=0 entries=1 subentries=0'
got=$("$bin" 2>&1); rc=$?
if [ "$rc" -eq 0 ] && [ "$got" = "$expected" ]; then
    echo "ok   embed: output matches the derivation"
    echo "embed: 1 passed, 0 failed"
else
    echo "FAIL embed (exit $rc)"
    diff <(echo "$expected") <(echo "$got")
    echo "embed: 0 passed, 1 failed"
    exit 1
fi
