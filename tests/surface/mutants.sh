#!/usr/bin/env bash
# tests/surface/mutants.sh BUILD -- each mutant of the desugaring
# (mutants/surface/*.mut, format of mutants/README.md) must be caught by the
# surface tests: the one file it changes is compiled from a mutated copy of
# front/ and kernel/ in BUILD/surface-mutants/NAME/ (never the sources) and
# linked with the release objects of everything else into a `ccm`; then
# tests/surface/run.py or tests/surface/gen_props.py (100 seeds) must fail
# against it (both are run; the line says which caught it).  A mutant that no longer applies fails.
# Ends with "surface-mutants: N passed, N failed".  CLI_LIBS: the libraries
# ccm links with (GNUmakefile's CLI_LIBS; mk/surface.mk passes them).
set -u
: "${CLI_LIBS:?CLI_LIBS (the libraries ccm links with) is not set: run through make check}"
build=$1
pass=0; fail=0
source "$(dirname "$0")/../lib/mutant-ccm.sh"
for mut in mutants/surface/*.mut; do
    name=$(basename "$mut" .mut)
    dir=$build/surface-mutants/$name
    if ! why=$(mutant_ccm "$build" "$mut" "$dir"); then
        fail=$((fail + 1)); echo "FAIL $name: $why"; continue
    fi
    by=""
    CCM=$dir/ccm python3 tests/surface/run.py > "$dir/run.log" 2>&1 || by="run.py"
    CCM=$dir/ccm CCM_GEN=$build/ccm-gen SEEDS=100 python3 tests/surface/gen_props.py > "$dir/gen.log" 2>&1 \
        || by="$by${by:+ and }gen_props.py"
    if [ -n "$by" ]; then
        pass=$((pass + 1)); echo "ok   $name caught by $by: $(grep -h -m1 FAIL "$dir/run.log" "$dir/gen.log" | head -n 1 | cut -c1-100)"
    else
        fail=$((fail + 1)); echo "FAIL $name escaped both suites"
    fi
done
echo "surface-mutants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
