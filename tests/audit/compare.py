#!/usr/bin/env python3
"""tests/audit/compare.py -- `ccm compare FILE [--json]` (issue 14, item 3).

The expected numbers are the hand derivations of tests/examples/*.expect
(each `run RULES SCOPING` block lists the costs derived by hand for that
configuration, with the step-by-step derivation in its comments, e.g.
hello.lam: evaluation scoping moves fun's V1 to MAIN, so MAIN V reads
2 2 / 3 3 and fun V 1 0 1 0 across fig6/lex fig6/eval fig2/lex fig2/eval).
For every example and every configuration an .expect file derives, the
compare row must show that number in that configuration's column, zeros
included; a row is marked as differing exactly when its four values differ.
"""
import glob, json, os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
CFGS = ["fig6/lexical", "fig6/evaluation", "fig2/lexical", "fig2/evaluation"]
COUNTERS = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]
T = Tally("audit-compare")
check = T.check


def expected(path):
    """{config: {cc: {counter: n}}} and {config: steps} from an .expect file."""
    costs, steps, cur = {}, {}, None
    for line in open(path, encoding="utf-8"):
        w = line.split()
        if not w or line.startswith("#"):
            continue
        if w[0] == "run" and len(w) >= 3:
            cur = f"{w[1]}/{w[2]}"
            if len(w) > 3:           # an extra option (e.g. --order): not compare's
                cur = None
                continue
            costs[cur] = {}
        elif cur and w[0] == "steps":
            steps[cur] = int(w[1])
        elif cur and w[0] == "cost":
            cc = {}
            for t in w[2:]:
                m = re.fullmatch(r"([A-Za-z]+?)(\d+)", t)
                cc[m.group(1)] = int(m.group(2))
            costs[cur][w[1]] = cc
        elif w[0] == "end":
            cur = None
    return costs, steps


for exp in sorted(glob.glob("tests/examples/*.expect")):
    lam = "examples/" + os.path.basename(exp)[:-len(".expect")] + ".lam"
    if not os.path.exists(lam):
        continue
    costs, steps = expected(exp)
    p = subprocess.run([CCM, "compare", lam, "--json"], capture_output=True)
    rep = json.loads(p.stdout)
    check(rep["configurations"] == CFGS, f"{lam}: configurations {rep['configurations']}")
    rows = {(r["cc"], r["counter"]): r for r in rep["rows"]}
    for r in rep["rows"]:
        check(r["differ"] == (len(set(r["values"])) > 1), f"{lam}: differ mark of {r}")
    for cfg, ccs in costs.items():
        i = CFGS.index(cfg)
        if cfg in steps:
            check(rep["steps"][i] == steps[cfg], f"{lam} {cfg}: steps {rep['steps'][i]} != {steps[cfg]}")
        for (cc, k), row in rows.items():      # a cost centre the derivation omits pays nothing
            if cc not in ccs:
                check(row["values"][i] == 0, f"{lam} {cfg} {cc} {k}: {row['values'][i]} != hand 0")
        for cc, want in ccs.items():
            for k in COUNTERS:
                row = rows.get((cc, k))
                got = row["values"][i] if row else 0
                check(got == want.get(k, 0), f"{lam} {cfg} {cc} {k}: {got} != hand {want.get(k, 0)}")

# The text form: hello.lam's MAIN V row carries the difference mark.
p = subprocess.run([CCM, "compare", "examples/hello.lam"], capture_output=True, text=True)
line = [l for l in p.stdout.splitlines() if l.split()[:2] == ["MAIN", "V"]]
check(p.returncode == 0 and line and line[0].split()[2:] == ["2", "3", "2", "3", "*"], f"text row {line}")
line = [l for l in p.stdout.splitlines() if l.split()[:2] == ["MAIN", "A"]]
check(line and line[0].split()[2:] == ["1", "1", "1", "1"], f"unmarked row {line}")

# Usage and bad input: exit 2, nothing on standard output.
for args in (["compare"], ["compare", "--frob", "examples/hello.lam"],
             ["compare", "examples/hello.lam", "examples/and.lam"], ["compare", "/nonexistent.lam"]):
    p = subprocess.run([CCM, *args], capture_output=True)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr, f"{args}: exit {p.returncode}")
p = subprocess.run([CCM, "compare", "-"], input=b"main = (", capture_output=True)
check(p.returncode == 2 and p.stderr.startswith(b"<stdin>:1:"), f"bad program: {p.returncode} {p.stderr!r}")

T.finish()
