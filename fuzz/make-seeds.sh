#!/usr/bin/env bash
# make-seeds.sh CCM CCM_GEN DIR -- write raw seed corpora into DIR/NAME/ for
# every target, from the examples, the regression programs, the surface
# seeds and generated programs; `make fuzz-corpus` then keeps of them (and
# of what a campaign found) only what adds coverage (-merge=1) in fuzz/corpus/.
set -euo pipefail
ccm=$1; gen=$2; dir=$3
mkdir -p "$dir"/{front,json,session,batch,gen}
progs=$(ls examples/*.lam tests/regress/*.lam tests/surface/seeds/*.lam props/hand/*.lam 2>/dev/null)
for f in $progs; do
    b=$(basename "$f" .lam)
    cp "$f" "$dir/front/$b.lam"
    "$ccm" core --json "$f" > "$dir/json/$b.json" 2>/dev/null || rm -f "$dir/json/$b.json"
done
for s in $(seq 1 40); do
    "$gen" --seed "$s" --size 3 > "$dir/front/gen-$s.lam"
    "$gen" --seed "$s" --size 3 --surface > "$dir/front/sgen-$s.lam"
done
# the checks' paths for long binding groups (a map past 64 names) and the
# JSON-only ones (the text parser refuses these before the checks see them)
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
many = "".join("x%d = %d;\n" % (i, i) for i in range(70))
open(d + "/front/many.lam", "w").write(many + "main = x3;\n")
open(d + "/front/many_dup.lam", "w").write(many + "x5 = 1;\nmain = x3;\n")
lets = "; ".join("y%d = %d" % (i, i) for i in range(70))
open(d + "/front/many_let_dup.lam", "w").write("main = let " + lets + "; y9 = 0 in y1;\n")
lit = lambda v: {"node": "literal", "value": v}
prog = lambda body: {"bindings": [{"name": "main", "body": body}]}
docs = {
    "default_first": prog({"node": "case", "scrutinee": lit(1),
                           "alts": [{"default": True, "body": lit(1)}, {"con": "Nil", "body": lit(2)}]}),
    "let_dup": prog({"node": "let", "bindings": [{"name": "a", "body": lit(1)}, {"name": "a", "body": lit(2)}],
                     "body": {"node": "variable", "name": "a"}}),
    "alts_string": prog({"node": "case", "scrutinee": lit(1), "alts": "x"}),
    "alts_empty": prog({"node": "case", "scrutinee": lit(1), "alts": []}),
    "alt_real": prog({"node": "case", "scrutinee": lit(1), "alts": [1.5]}),
    "alt_bool": prog({"node": "case", "scrutinee": lit(1), "alts": [True]}),
    "default_con": prog({"node": "case", "scrutinee": lit(1),
                         "alts": [{"default": True, "con": "Nil", "body": lit(1)}]}),
    "operand_let": prog({"node": "primitive", "op": "+", "left": lit(1),
                         "right": {"node": "let", "bindings": [{"name": "a", "body": lit(1)}],
                                   "body": {"node": "variable", "name": "a"}}}),
    "many_let_dup": prog({"node": "let", "bindings": [{"name": "a%d" % (i % 69), "body": lit(i)} for i in range(70)],
                          "body": {"node": "variable", "name": "a1"}}),
}
for name, doc in docs.items():
    open("%s/json/%s.json" % (d, name), "w").write(json.dumps(doc))
PY
# session: 4 option bytes (fuzz/session.c) before a program; budgets from
# tiny to the largest, every rules/scoping/order bit, text and JSON core,
# from memory and from a file.
i=0
for f in "$dir"/front/*.lam; do
    i=$((i + 1))
    { printf "\\x$(printf %02x $((i % 8 + (i & 8) * 4)))\\x$(printf %02x $((i * 37 % 256)))\\xff\\xff"; cat "$f"; } > "$dir/session/t$i"
done
for f in "$dir"/json/*.json; do
    i=$((i + 1))
    { printf "\\x$(printf %02x $((8 + i % 8 + (i & 8) * 4)))\\xff\\xff\\xff"; cat "$f"; } > "$dir/session/j$i"
done
# each option out of its range once (bit 4; byte 1 % 3 picks which)
for k in 0 1 2; do
    { printf "\\x10\\x$(printf %02x $k)\\xff\\xff"; cat examples/hello.lam; } > "$dir/session/badopt$k"
done
# batch: one request line each, text and JSON core, options, malformed lines
python3 - "$dir" <<'PY'
import json, os, sys, glob
d = sys.argv[1]
opts = [{}, {"rules": "fig2"}, {"scoping": "evaluation", "order": "rtl"}, {"max_steps": 0},
        {"max_steps": 50, "max_heap": 3, "max_cells": 5, "max_stack": 2}, {"rules": "bogus"}]
for i, f in enumerate(sorted(glob.glob(d + "/front/*.lam"))[:40]):
    req = {"id": i, "program": open(f).read(), "options": opts[i % len(opts)]}
    open(f"{d}/batch/p{i}", "w").write(json.dumps(req) + "\n")
for i, f in enumerate(sorted(glob.glob(d + "/json/*.json"))[:20]):
    req = {"id": "c%d" % i, "core": json.load(open(f)), "options": opts[i % len(opts)]}
    open(f"{d}/batch/c{i}", "w").write(json.dumps(req) + "\n")
bad = ['', '{', '[]', '{"id":1}', '{"id":1,"program":3}', '{"program":"main = 1;","core":{}}',
       '{"program":"main = ","id":[1,{}]}', '{"program":"main = 1;","options":[]}',
       '{"program":"main = 1;","x":1}', '{"core":[]}', '{"id":1,"id":2,"program":"main = 1;"}']
for i, b in enumerate(bad):
    open(f"{d}/batch/bad{i}", "w").write(b + "\n")
PY
# gen: byte strings (fuzz/gen_check.h: first byte the size, then choices)
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
r = random.Random(43)
for i in range(64):
    n = r.choice([1, 8, 32, 64, 128, 256, 400])
    open(f"{d}/gen/r{i}", "wb").write(bytes(r.randrange(256) for _ in range(n)))
PY
