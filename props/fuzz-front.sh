#!/usr/bin/env bash
# fuzz-front.sh BUILD DURATION -- run the libFuzzer target on both cores,
# seeded with the examples, the regressions, tests/surface/seeds and some
# generated programs, with the tokens of fuzz/lam.dict.
# Corpus and crashes go to scratch/fuzz-front/ (gitignored).
set -u
build=$1; d=$2
case $d in
    *h) secs=$(( ${d%h} * 3600 ));; *m) secs=$(( ${d%m} * 60 ));; *s) secs=${d%s};; *) secs=$d;;
esac
dir=scratch/fuzz-front; mkdir -p "$dir/corpus" "$dir/crashes"
cp examples/*.lam tests/regress/*.lam props/hand/*.lam tests/surface/seeds/*.lam "$dir/corpus/" 2>/dev/null
for s in $(seq 1 50); do "$build/ccm-gen" --seed "$s" --size 3 > "$dir/corpus/gen-$s.lam"; done
for s in $(seq 1 50); do "$build/ccm-gen" --seed "$s" --size 3 --surface > "$dir/corpus/sgen-$s.lam"; done
bin=$(realpath "$build/fuzz-front")
# libFuzzer writes fuzz-N.log into the current directory: run inside $dir
dict=$(realpath fuzz/lam.dict)
( cd "$dir" && "$bin" -max_total_time="$secs" -jobs=2 -workers=2 -max_len=4096 -dict="$dict" \
    -artifact_prefix=crashes/ corpus >/dev/null 2>&1 )
grep -hE 'DONE|ERROR|abort|property|Test unit' "$dir"/fuzz-*.log | tail -20
ls "$dir/crashes"
echo "fuzz-front: crashes (if any) are in $dir/crashes/"
