#!/usr/bin/env bash
# merge.sh OUT CCM CCM_GEN TARGET... -- rebuild fuzz/corpus/ small: for each
# target, libFuzzer's -merge=1 keeps, of the committed corpus, fresh seeds
# (fuzz/make-seeds.sh) and what runs found (OUT/corpus/TARGET/), only the
# inputs that add coverage.  The gen_* targets share fuzz/corpus/gen/: each
# adds to it what the other did not already cover.
set -euo pipefail
out=$1; ccm=$2; gen=$3; shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash fuzz/make-seeds.sh "$ccm" "$gen" "$work/seeds"
for t in "$@"; do
    c=$t
    case $t in gen_*) c=gen ;; esac
    mkdir -p "$work/new/$c" "$out/corpus/$t"
    len=$(sed -n 's/^max_len = //p' "$out/$t.options")
    nice -n 19 "$out/$t" -merge=1 -max_len="$len" "$work/new/$c" "fuzz/corpus/$c" "$work/seeds/$c" \
        "$out/corpus/$t" > "$work/$t.log" 2>&1 || { tail -20 "$work/$t.log"; exit 1; }
done
for c in $(ls "$work/new"); do
    rm -rf "fuzz/corpus/$c"
    cp -r "$work/new/$c" "fuzz/corpus/$c"
    echo "fuzz/corpus/$c: $(ls "fuzz/corpus/$c" | wc -l) files, $(du -sk "fuzz/corpus/$c" | cut -f1) KB"
done
