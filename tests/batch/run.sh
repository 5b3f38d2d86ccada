#!/usr/bin/env bash
# tests/batch/run.sh CCM [N] -- generate N programs (build/ccm-gen, seeds
# 1..N, sizes 1..6) and compare `CCM batch` with `CCM run --json`, one by one
# (tests/batch/compare.py), malformed lines mixed in.
set -u
ccm=${1:-build/ccm}; n=${2:-120}
gen=$(dirname "$0")/../../build/ccm-gen
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ((i = 0; i < n; i++)); do "$gen" --seed $((i + 1)) --size $((i % 6 + 1)) > "$tmp/p$i.lam" || exit 1; done
python3 "$(dirname "$0")/compare.py" "$ccm" "$tmp" "$n"
