#!/usr/bin/env python3
"""tests/corejson/roundtrip.py CCM DIR N -- the property of docs/core-json.md:
for each generated program DIR/pI.lam, `ccm core --json` prints JSON that
  - validates against docs/core.schema.json (python3-jsonschema, Draft 2020-12),
  - runs (`ccm run --input json --json`, options varied by I) to exactly the
    report and exit status of the text (`ccm run --json`),
  - traces alike (`ccm trace --input json`, the first 15),
  - reads back to itself (`ccm core --input json --json`) and to the same
    text core (`ccm core --input json` = `ccm core`),
and one `ccm batch` of {"id": I, "core": ...} requests answers, for each,
exactly the text's report.  Prints "corejson-roundtrip: N passed, N failed"."""
import json
import os
import subprocess
import sys

import jsonschema

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "lib"))
from tally import Tally  # noqa: E402

ccm, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
schema = json.load(open(os.path.join(here, "..", "..", "docs", "core.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
OPTS = [({}, []), ({"rules": "fig2"}, ["--rules", "fig2"]),
        ({"scoping": "evaluation", "order": "rtl"}, ["--scoping", "evaluation", "--order", "rtl"]),
        ({"max_steps": 40}, ["--max-steps", "40"]),
        ({"max_heap": 30, "max_stack": 20}, ["--max-heap", "30", "--max-stack", "20"])]
T = Tally("corejson-roundtrip")


def ccm_run(*args, stdin=None):
    return subprocess.run([ccm, *args], capture_output=True, text=True, input=stdin)


def ordered(text):
    """JSON with its key order kept, for exact report comparison."""
    return json.loads(text, object_pairs_hook=lambda kv: kv)


reqs, want = [], []
for i in range(n):
    lam = os.path.join(d, f"p{i}.lam")
    opts, args = OPTS[i % len(OPTS)]
    text_run = ccm_run("run", "--json", *args, lam)
    core = ccm_run("core", "--json", lam)
    if text_run.returncode == 2:           # refused as text: nothing to compare (core refuses too)
        T.check(core.returncode == 2, f"p{i}: run refused the text but core --json printed it")
        continue
    T.check(core.returncode == 0 and core.stdout.endswith("\n") and core.stdout.count("\n") == 1,
            f"p{i}: core --json exit {core.returncode}, {core.stderr[:200]}")
    doc = json.loads(core.stdout)
    errors = [e.message[:200] for e in validator.iter_errors(doc)]
    T.check(not errors, f"p{i}: core --json does not validate: {errors[:2]}")
    js = os.path.join(d, f"p{i}.json")
    with open(js, "w") as f:
        f.write(core.stdout)
    json_run = ccm_run("run", "--input", "json", "--json", *args, js)
    T.check((json_run.returncode, ordered(json_run.stdout)) == (text_run.returncode, ordered(text_run.stdout)),
            f"p{i} {args}: JSON core ran to exit {json_run.returncode} {json_run.stdout[:300]}\n"
            f"     the text to exit {text_run.returncode} {text_run.stdout[:300]}")
    if i < 15:     # traces too (a few: they are long): line for line the text's
        t_text = ccm_run("trace", "--json", "--max-steps", "300", *args, lam)
        t_json = ccm_run("trace", "--input", "json", "--json", "--max-steps", "300", *args, js)
        T.check((t_json.returncode, t_json.stdout) == (t_text.returncode, t_text.stdout),
                f"p{i}: ccm trace of the JSON core differs from the text's")
    back = ccm_run("core", "--input", "json", "--json", "-", stdin=core.stdout)
    T.check(back.returncode == 0 and back.stdout == core.stdout, f"p{i}: core --input json --json is not a fixed point")
    text_core = ccm_run("core", lam)
    json_core = ccm_run("core", "--input", "json", js)
    T.check(json_core.returncode == 0 and json_core.stdout == text_core.stdout,
            f"p{i}: the JSON prints back as other text core")
    r = {"id": i, "core": doc}
    if opts:
        r["options"] = opts
    reqs.append(json.dumps(r))
    want.append((i, ordered(text_run.stdout)))

b = ccm_run("batch", stdin="\n".join(reqs) + "\n")
out = b.stdout.splitlines()
T.check(b.returncode == 0 and len(out) == len(reqs), f"batch: exit {b.returncode}, {len(out)} answers for {len(reqs)}")
for (i, report), line in zip(want, out):
    got = ordered(line)
    T.check(got[0] == ("id", i) and got[1:] == report, f"p{i}: batch answered {line[:300]}")
print(f"ok   {len(want)} programs ran alike as text and as JSON core ({n - len(want)} refused as text)")
T.finish()
