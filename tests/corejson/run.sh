#!/usr/bin/env bash
# tests/corejson/run.sh CCM [N] -- JSON core (docs/core-json.md) with CCM:
# N generated programs (build/ccm-gen, seeds 1..N, sizes 1..6) run as text
# and as the JSON `ccm core --json` prints, alone and through `ccm batch`
# (roundtrip.py), then malformed and ill-scoped JSON (errors.py); the last
# line sums both.
set -u
ccm=${1:-build/ccm}; n=${2:-100}
here=$(dirname "$0")
gen=$here/../../build/ccm-gen
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ((i = 0; i < n; i++)); do "$gen" --seed $((i + 1)) --size $((i % 6 + 1)) > "$tmp/p$i.lam" || exit 1; done
# and one by hand: a cost-centre name JSON must escape (backslash, tab, non-ASCII)
printf 'main = let one = 1 in scc "a\\b\tc \xc3\xa9 \xf0\x9f\x98\x80" one + one;\n' > "$tmp/p$n.lam"
# make check reads one "N passed, N failed" line a suite: the sum of the two
"${PYTHON:-python3}" "$here/roundtrip.py" "$ccm" "$tmp" "$((n + 1))" | tee "$tmp/out"
python3 "$here/errors.py" "$ccm" | tee -a "$tmp/out"
sed -n 's/^corejson-[a-z]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$tmp/out" |
    awk '{ p += $1; f += $2; n++ } END { if (n != 2) f++; printf "corejson: %d passed, %d failed\n", p, f; exit f > 0 }'
