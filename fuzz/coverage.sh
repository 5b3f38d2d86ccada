#!/usr/bin/env bash
# coverage.sh COVOUT LLVM_COV LLVM_PROFDATA TARGET... -- run each target's
# committed corpus (fuzz/corpus/) through the coverage build in COVOUT
# (-fprofile-instr-generate -fcoverage-mapping) and print line and branch
# coverage per folder; the lines of kernel/, front/ and lib/ never reached
# go to COVOUT/unreached.txt ("file:line: text"), one per line.
set -euo pipefail
dir=$1; cov=$2; profdata=$3; shift 3
rm -rf "$dir/prof"; mkdir -p "$dir/prof"
objs=()
for t in "$@"; do
    c=fuzz/corpus/$t
    case $t in gen_*) c=fuzz/corpus/gen ;; esac
    LLVM_PROFILE_FILE="$dir/prof/$t.profraw" nice -n 19 "$dir/$t" -runs=0 "$c" > "$dir/prof/$t.log" 2>&1 ||
        { echo "coverage: $t failed on its corpus (see $dir/prof/$t.log)" >&2; exit 1; }
    objs+=(-object "$dir/$t")
done
"$profdata" merge -sparse "$dir"/prof/*.profraw -o "$dir/all.profdata"
"$cov" export -summary-only -instr-profile="$dir/all.profdata" "${objs[@]:1}" > "$dir/summary.json"
"$cov" show -instr-profile="$dir/all.profdata" "${objs[@]:1}" -show-line-counts \
    "$PWD/kernel" "$PWD/front" "$PWD/lib" > "$dir/show.txt"
python3 - "$dir" <<'PY'
import json, os, re, sys
d = sys.argv[1]
files = json.load(open(d + "/summary.json"))["data"][0]["files"]
agg = {}
for f in files:
    rel = os.path.relpath(f["filename"])
    folder = rel.split("/")[0] + "/"
    s = f["summary"]
    a = agg.setdefault(folder, [0, 0, 0, 0])
    a[0] += s["lines"]["covered"]; a[1] += s["lines"]["count"]
    a[2] += s["branches"]["covered"]; a[3] += s["branches"]["count"]
print("%-9s %18s %20s" % ("folder", "lines", "branches"))
for folder in sorted(agg):
    lc, ln, bc, bn = agg[folder]
    pct = lambda c, n: 100.0 * c / n if n else 100.0
    print("%-9s %6d/%-6d %5.1f%% %6d/%-6d %5.1f%%" % (folder, lc, ln, pct(lc, ln), bc, bn, pct(bc, bn)))
# unreached lines: "  NN|      0|text" under a "/path/file.c:" header
out, cur = [], None
for line in open(d + "/show.txt", errors="replace"):
    m = re.match(r"^(/\S+\.[ch]):$", line.strip())
    if m: cur = os.path.relpath(m.group(1)); continue
    m = re.match(r"^\s*(\d+)\|\s*0\|(.*)$", line)
    if m and cur: out.append("%s:%s: %s" % (cur, m.group(1), m.group(2).strip()))
open(d + "/unreached.txt", "w").write("\n".join(out) + ("\n" if out else ""))
print("unreached lines of kernel/, front/, lib/: %d (%s/unreached.txt)" % (len(out), d))
PY
