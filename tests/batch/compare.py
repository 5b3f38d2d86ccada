#!/usr/bin/env python3
"""tests/batch/compare.py CCM DIR N -- `ccm batch` against `ccm run --json`
one by one.  DIR holds N generated programs (p0.lam ...).  The batch gets,
in one stream: every program (with options varied by its number), then
malformed lines mixed in (not JSON, not an object, a program that does not
parse, an unknown option, a bad option value, an unknown field); every
answer must come back in order with its id.  A program's answer, less its
id, must equal the report `ccm run --json` prints for the same file and
options (compared as JSON objects, key order included); a program `ccm run`
refuses (exit 2) must answer "bad_input".  Prints "batch: N passed, N failed"."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

ccm, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
OPTS = [({}, []), ({"rules": "fig2"}, ["--rules", "fig2"]),
        ({"scoping": "evaluation", "order": "rtl"}, ["--scoping", "evaluation", "--order", "rtl"]),
        ({"max_steps": 40}, ["--max-steps", "40"]), ({"max_heap": 30, "max_stack": 20}, ["--max-heap", "30", "--max-stack", "20"]),
        ({"max_steps": 0}, ["--max-steps", "0"])]
reqs, expect = [], []
for i in range(n):
    text = open(os.path.join(d, f"p{i}.lam")).read()
    o, args = OPTS[i % len(OPTS)]
    r = {"id": i, "program": text}
    if o:
        r["options"] = o
    reqs.append(json.dumps(r))
    run = subprocess.run([ccm, "run", "--json"] + args + [os.path.join(d, f"p{i}.lam")], capture_output=True, text=True)
    expect.append(("bad_input", None) if run.returncode == 2 else ("report", json.loads(run.stdout)))
malformed = [
    ("this is not json", None, "bad_request"),
    ("[1, 2]", None, "bad_request"),
    (json.dumps({"id": "p", "program": "main = ;"}), "p", "bad_input"),
    (json.dumps({"id": "u", "program": "main = x;"}), "u", "bad_input"),
    (json.dumps({"id": "o", "program": "main = 1;", "options": {"fast": True}}), "o", "bad_request"),
    (json.dumps({"id": "v", "program": "main = 1;", "options": {"rules": "fig9"}}), "v", "bad_request"),
    (json.dumps({"id": "h", "program": "main = 1;", "options": {"max_heap": 0}}), "h", "bad_request"),
    (json.dumps({"id": "f", "program": "main = 1;", "colour": "red"}), "f", "bad_request"),
    (json.dumps({"id": {"nested": [1, "x"]}, "program": 42}), {"nested": [1, "x"]}, "bad_request"),
    ('{"id": "trunc", "program": "main = 1;"', None, "bad_request"),
]
lines = []
plan = []   # what each line must answer: ("prog", i) or ("bad", id, outcome)
for i, r in enumerate(reqs):
    lines.append(r); plan.append(("prog", i))
    if i % max(1, n // len(malformed)) == 0 and malformed:
        line, mid, outcome = malformed.pop(0)
        lines.append(line); plan.append(("bad", mid, outcome))
for line, mid, outcome in malformed:
    lines.append(line); plan.append(("bad", mid, outcome))

b = subprocess.run([ccm, "batch"], input="\n".join(lines) + "\n", capture_output=True, text=True)
out = b.stdout.splitlines()
T = Tally("batch")
verdict = T.check


verdict(b.returncode == 0, f"ccm batch exit status {b.returncode}: {b.stderr[:300]}")
verdict(len(out) == len(lines), f"{len(out)} answers for {len(lines)} lines")
same = 0
for k, (p, line) in enumerate(zip(plan, out)):
    a = json.loads(line, object_pairs_hook=lambda kv: kv)   # keep key order
    keys = [x[0] for x in a]
    obj = json.loads(line)
    if p[0] == "prog":
        kind, want = expect[p[1]]
        if keys[0] != "id" or obj["id"] != p[1]:
            verdict(False, f"line {k + 1}: id {obj.get('id')!r}, want {p[1]}")
        elif kind == "bad_input":
            verdict(obj.get("outcome") == "bad_input", f"program {p[1]}: ccm run refused it, batch answered {line[:200]}")
        else:
            got = json.loads(line, object_pairs_hook=lambda kv: kv)[1:]
            wanted = json.loads(json.dumps(want), object_pairs_hook=lambda kv: kv)
            ok = got == wanted
            same += ok
            verdict(ok, f"program {p[1]}: batch {line[:300]}\n     run   {json.dumps(want)[:300]}")
    else:
        ok = obj.get("id") == p[1] and obj.get("outcome") == p[2] and isinstance(obj.get("error", {}).get("message"), str)
        verdict(ok, f"line {k + 1}: want id {p[1]!r} outcome {p[2]}, got {line[:200]}")
outcomes = {}
for i in range(n):
    kind, want = expect[i]
    o = want["outcome"] if kind == "report" else kind
    outcomes[o] = outcomes.get(o, 0) + 1
print(f"ok   {same} reports identical to ccm run --json; outcomes of the programs: {outcomes}")
T.finish()
