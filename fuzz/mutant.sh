#!/usr/bin/env bash
# mutant.sh OUT SECONDS TARGET MUTFILE... -- does TARGET find each mutant
# (mutants/README.md) on its own?  For each: the sources are copied to
# OUT/mutants/NAME/, the mutant applied to the copy (never to the sources),
# .clusterfuzzlite/build.sh builds the copy's targets with the flags of
# `make fuzz-build`, and TARGET fuzzes from an empty corpus (no seeds, no
# dictionary; with SEEDS=1, from the committed fuzz/corpus/gen/ instead, as
# ClusterFuzzLite starts) for at most SECONDS under `nice -n 19`.  One line per mutant:
# "caught NAME after S s (N runs)" or "missed NAME in S s"; the last line
# is "N passed, N failed" (a pass is a catch).  SECONDS "build" only builds
# (while another fuzzer runs: fuzzers run one at a time); a later run reuses
# a build newer than the mutant and every source.
set -uo pipefail
out=$1; secs=$2; t=$3; shift 3
newest=$(ls -td kernel/* front/* lib/* cli/* gen/* props/* fuzz/*.[ch] .clusterfuzzlite/build.sh | head -1)
pass=0; fail=0
for mut in "$@"; do
    name=$(basename "$mut" .mut)
    dir=$out/mutants/$name
    if ! [ "$dir/out/$t" -nt "$mut" ] || ! [ "$dir/out/$t" -nt "$newest" ]; then
        rm -rf "$dir"; mkdir -p "$dir/src" "$dir/out"
        cp -r kernel front lib cli gen props fuzz .clusterfuzzlite "$dir/src/"
        python3 mutants/apply.py "$mut" "$dir/src" || { echo "FAIL $name does not apply"; fail=$((fail + 1)); continue; }
        (cd "$dir/src" && CC=clang-14 LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=../out \
            CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link -Wno-everything" \
            nice -n 19 bash .clusterfuzzlite/build.sh > ../build.log 2>&1) ||
            { echo "FAIL $name does not build (see $dir/build.log)"; fail=$((fail + 1)); continue; }
    fi
    [ "$secs" = build ] && { echo "built $name"; continue; }
    rm -rf "$dir/corpus" "$dir"/crash-*; mkdir -p "$dir/corpus"
    [ "${SEEDS:-0}" = 1 ] && cp fuzz/corpus/gen/* "$dir/corpus/"
    len=$(sed -n 's/^max_len = //p' "$dir/out/$t.options")
    start=$(date +%s)
    nice -n 19 "$dir/out/$t" -max_total_time="$secs" -max_len="$len" -seed=1 \
        -artifact_prefix="$dir/" "$dir/corpus" > "$dir/fuzz.log" 2>&1
    el=$(( $(date +%s) - start ))
    runs=$(grep -o '^#[0-9]*' "$dir/fuzz.log" | tail -1 | tr -d '#')
    if ls "$dir"/crash-* > /dev/null 2>&1; then
        echo "caught $name after $el s (${runs:-?} runs): $(grep -m1 '^property' "$dir/fuzz.log")"
        pass=$((pass + 1))
    else
        echo "missed $name in $el s"
        fail=$((fail + 1))
    fi
done
echo "fuzz mutants: $pass passed, $fail failed"
