#!/usr/bin/env bash
# bench/batch.sh CCM GEN [N] -- `make bench`: N (default 10000) small
# generated programs (ccm-gen --size 1..3) through one `ccm batch` process,
# against one `ccm run --json FILE` process per program.  Prints both wall
# times and their ratio, and checks the results are identical (each batch
# answer less its id against that program's run).  Never fails on speed;
# fails if any result differs.
set -u
ccm=$1 gen=$2 n=${3:-10000}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ((i = 0; i < n; i++)); do "$gen" --seed $((i + 1)) --size $((i % 3 + 1)) > "$tmp/p$i.lam" || exit 1; done
python3 - "$tmp" "$n" > "$tmp/requests.jsonl" <<'PY'
import json, os, sys
d, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    print(json.dumps({"id": i, "program": open(os.path.join(d, f"p{i}.lam")).read()}))
PY
now() { date +%s.%N; }
t0=$(now)
"$ccm" batch < "$tmp/requests.jsonl" > "$tmp/batch.jsonl"
t1=$(now)
for ((i = 0; i < n; i++)); do "$ccm" run --json "$tmp/p$i.lam" 2>/dev/null; done > "$tmp/runs.jsonl"
t2=$(now)
# the batch's answers without their "id" field, against the runs' lines
sed -E 's/^\{"id":[0-9]+,/{/' "$tmp/batch.jsonl" > "$tmp/batch-noid.jsonl"
if cmp -s "$tmp/batch-noid.jsonl" "$tmp/runs.jsonl"; then same="identical"; rc=0
else same="DIFFERENT"; rc=1; diff "$tmp/batch-noid.jsonl" "$tmp/runs.jsonl" | head -5; fi
awk -v n="$n" -v b="$(awk -v a="$t0" -v c="$t1" 'BEGIN { print c - a }')" \
    -v r="$(awk -v a="$t1" -v c="$t2" 'BEGIN { print c - a }')" -v same="$same" 'BEGIN {
    printf "batch: %d programs: one ccm batch %.2f s, one ccm run --json per program %.2f s: batch %.1fx faster; results %s\n",
           n, b, r, r / b, same }'
exit $rc
