#!/usr/bin/env python3
"""tests/audit/compare.py -- `ccm compare [--stacks] FILE [--json]` (issue 14,
item 3; --stacks: issue 40, item 3, and its call-ghc columns, at the end).

The expected numbers are the hand derivations of tests/examples/*.expect
(each `run RULES SCOPING` block lists the costs derived by hand for that
configuration, with the step-by-step derivation in its comments, e.g.
hello.lam: evaluation scoping moves fun's V1 to MAIN, so MAIN V reads
2 2 / 3 3 and fun V 1 0 1 0 across fig6/lex fig6/eval fig2/lex fig2/eval).
For every example and every configuration an .expect file derives, the
compare row must show that number in that configuration's column, zeros
included; a row is marked as differing exactly when its four values differ.

--stacks is checked against the hand derivations in the comments of
examples/stacks_local.lam and stacks_hof.lam, and every column of every
examples/stacks_*.lam against the independent big-step evaluator over stacks
(`ccm-props --eval-stacks`, CCM_PROPS, which shares no code with the machine).
"""
import glob, json, os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
PROPS = os.environ.get("CCM_PROPS", "build/ccm-props")
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
check(p.stdout.split()[:7] == ["cost", "centre", "counter", *CFGS], f"header {p.stdout[:100]!r}")
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

# --stacks (issue 40, item 3): six stack configurations, push append/ghc x
# call lexical/evaluation/ghc under fig6, ghc/ghc being GHC's own scheme.
# The expected numbers are the hand derivations in the comments of
# examples/stacks_local.lam and stacks_hof.lam (docs/stacks.md): their
# `--! push P call C` blocks list each stack's individual counts, derived
# step by step above them (call ghc included).  Every stack those blocks
# list must show its counts in its column, and a stack a derivation omits
# must show 0 there.
SCFGS = ["append/lexical", "append/evaluation", "append/ghc",
         "ghc/lexical", "ghc/evaluation", "ghc/ghc"]


def derived_stacks(lam):
    """{config: {"MAIN/c": {counter: n}}} for the six --stacks configurations."""
    want, cfgs = {c: {} for c in SCFGS}, []
    for line in open(lam, encoding="utf-8"):
        if not line.startswith("--!"):
            continue
        w = line[3:].split()
        if not w:
            cfgs = []
        elif w[0] == "push":
            cfgs = [f"{p}/{c}" for p in w[1].split(",") for c in w[3].split(",")
                    if f"{p}/{c}" in SCFGS]
        elif w[0] == "stack":
            path, counts = line[3:].split(":")
            path = "/".join(re.findall(r'"([^"]*)"', path))
            cc = {}
            for t in counts.split():
                m = re.fullmatch(r"([A-Za-z]+?)(\d+)", t)
                cc[m.group(1)] = int(m.group(2))
            for c in cfgs:
                want[c][path] = cc
    return want


for lam in ("examples/stacks_local.lam", "examples/stacks_hof.lam"):
    want = derived_stacks(lam)
    check(all(want[c] for c in SCFGS), f"{lam}: a configuration without a derivation")
    p = subprocess.run([CCM, "compare", "--stacks", lam, "--json"], capture_output=True)
    check(p.returncode == 0 and p.stderr == b"", f"{lam} --stacks: exit {p.returncode} {p.stderr!r}")
    rep = json.loads(p.stdout)
    check(rep["configurations"] == SCFGS, f"{lam}: configurations {rep['configurations']}")
    steps = {"examples/stacks_local.lam": 12, "examples/stacks_hof.lam": 19}[lam]
    check(rep["steps"] == [steps] * len(SCFGS), f"{lam}: steps {rep['steps']} != hand {steps}")
    rows = {(r["stack"], r["counter"]): r for r in rep["rows"]}
    keys = [(r["stack"], COUNTERS.index(r["counter"])) for r in rep["rows"]]
    check(keys == sorted(keys, key=lambda k: (k[0].encode(), k[1])), f"{lam}: rows not in path order")
    for r in rep["rows"]:
        check(r["differ"] == (len(set(r["values"])) > 1), f"{lam}: differ mark of {r}")
        check(any(r["values"]), f"{lam}: an all-zero row {r}")
    for i, cfg in enumerate(SCFGS):
        for (path, k), row in rows.items():
            if path not in want[cfg]:
                check(row["values"][i] == 0, f"{lam} {cfg} {path} {k}: {row['values'][i]} != hand 0")
        for path, cc in want[cfg].items():
            for k in COUNTERS:
                row = rows.get((path, k))
                got = row["values"][i] if row else 0
                check(got == cc.get(k, 0), f"{lam} {cfg} {path} {k}: {got} != hand {cc.get(k, 0)}")



def evaluated_stacks(lam, cfg):
    """{"MAIN/c": [8 counts]} and the steps of the big-step evaluator over
    stacks under configuration cfg ("push/call", rules fig6)."""
    push, call = cfg.split("/")
    p = subprocess.run([PROPS, "--eval-stacks", "--push", push, "--call", call, "--rules", "fig6", lam],
                       capture_output=True, text=True)
    check(p.returncode == 0, f"{lam} {cfg}: ccm-props --eval-stacks exit {p.returncode} {p.stderr!r}")
    stacks, steps = {}, None
    for line in p.stdout.splitlines():
        w = line.split()
        if w[:1] == ["steps"]:
            steps = int(w[1])
        elif w[:1] == ["stack"]:
            stacks["/".join(re.findall(r'"([^"]*)"', line))] = [int(n) for n in w[1:1 + len(COUNTERS)]]
    return stacks, steps


# Every column of every stacks example against the evaluator's individual
# counts per stack, zeros included: the columns of call ghc are checked as
# closely as the others, and a column in the wrong place is caught.
for lam in sorted(glob.glob("examples/stacks_*.lam")):
    p = subprocess.run([CCM, "compare", "--stacks", lam, "--json"], capture_output=True)
    check(p.returncode == 0, f"{lam} --stacks: exit {p.returncode} {p.stderr!r}")
    rep = json.loads(p.stdout)
    check(rep["configurations"] == SCFGS, f"{lam}: configurations {rep['configurations']}")
    rows = {(r["stack"], r["counter"]): r["values"] for r in rep["rows"]}
    for i, cfg in enumerate(SCFGS):
        want, steps = evaluated_stacks(lam, cfg)
        check(want and rep["steps"][i] == steps, f"{lam} {cfg}: steps {rep['steps'][i]} != evaluator {steps}")
        for path, k in rows:
            if path not in want:
                check(rows[path, k][i] == 0, f"{lam} {cfg} {path} {k}: {rows[path, k][i]} != evaluator 0")
        for path, counts in want.items():
            for k, n in zip(COUNTERS, counts):
                got = rows.get((path, k), [0] * len(SCFGS))[i]
                check(got == n, f"{lam} {cfg} {path} {k}: {got} != evaluator {n}")

# The text form, rows read off the derivations: stacks_local.lam's <MAIN> V
# is 3 under lexical (steps 1, 8, 10) and 1 under evaluation and ghc (step 1:
# the ghc call pushes nothing, Sλ = <MAIN> being a prefix of <MAIN,c>), so it
# is marked; its H2 is the same everywhere, unmarked.  stacks_hof.lam's
# <MAIN,top,apply> V is 1 lexical, 2 evaluation, 1 ghc (the body's V of
# step 16 goes to <MAIN,top,apply,inc>); <MAIN,inc> U 2, 1 and 1.
p = subprocess.run([CCM, "compare", "--stacks", "examples/stacks_local.lam"], capture_output=True, text=True)
rows = {tuple(l.split()[:2]): l.split()[2:] for l in p.stdout.splitlines()}
check(p.returncode == 0 and p.stdout.split()[:8] == ["stack", "counter", *SCFGS], f"stacks header {p.stdout[:160]!r}")
check(rows.get(("(run)", "steps")) == ["12"] * 6, f"stacks steps {rows.get(('(run)', 'steps'))}")
check(rows.get(("MAIN", "V")) == ["3", "1", "1", "3", "1", "1", "*"], f"stacks MAIN V {rows.get(('MAIN', 'V'))}")
check(rows.get(("MAIN", "H")) == ["2"] * 6, f"stacks MAIN H {rows.get(('MAIN', 'H'))}")
check(rows.get(("MAIN/c", "V")) == ["1", "3", "3", "1", "3", "3", "*"], f"stacks MAIN/c V {rows.get(('MAIN/c', 'V'))}")
check(("MAIN/c", "C") not in rows and ("SUB", "A") not in rows, "stacks: a row that is zero everywhere")
p = subprocess.run([CCM, "compare", "examples/stacks_hof.lam", "--stacks"], capture_output=True, text=True)
rows = {tuple(l.split()[:2]): l.split()[2:] for l in p.stdout.splitlines()}
check(rows.get(("MAIN/top/apply", "V")) == ["1", "2", "1", "1", "2", "1", "*"],
      f"hof apply V {rows.get(('MAIN/top/apply', 'V'))}")
check(rows.get(("MAIN/inc", "U")) == ["2", "1", "1", "2", "1", "1", "*"], f"hof inc U {rows.get(('MAIN/inc', 'U'))}")
check(rows.get(("MAIN/top", "A")) == ["2"] * 6, f"hof top A {rows.get(('MAIN/top', 'A'))}")
check(rows.get(("MAIN/top/apply/inc", "P")) == ["0", "0", "1", "0", "0", "1", "*"],
      f"hof ghc stack P {rows.get(('MAIN/top/apply/inc', 'P'))}")

# Stacks are matched by their cost centres, not by the text of the path:
# <MAIN,a,b/c> and <MAIN,a/b,c> both read MAIN/a/b/c and stay two rows,
# each with its own U1 entries1 (the ones of `1` and `2`).
p = subprocess.run([CCM, "compare", "--stacks", "-", "--json"],
                   input='main = (scc "a" (scc "b/c" 1)) + (scc "a/b" (scc "c" 2));', capture_output=True, text=True)
same = [r for r in json.loads(p.stdout)["rows"] if r["stack"] == "MAIN/a/b/c"]
check(p.returncode == 0 and [(r["counter"], r["values"]) for r in same]
      == [("U", [1] * 6), ("entries", [1] * 6)] * 2, f"paths that read alike: {same}")

# --stacks: a run that ends in an error keeps its costs so far and gives
# the run's exit status (1: division by zero, as plain compare does).
p = subprocess.run([CCM, "compare", "--stacks", "-"], input="main = scc \"d\" (1 / 0);",
                   capture_output=True, text=True)
rows = {tuple(l.split()[:2]): l.split()[2:] for l in p.stdout.splitlines()}
check(p.returncode == 1 and rows.get(("MAIN/d", "P")) == ["1"] * 6, f"error run: {p.returncode} {rows}")

# Standard input is read once for all the runs (plain compare too).
p = subprocess.run([CCM, "compare", "-"], input=open("examples/hello.lam", "rb").read(), capture_output=True)
q = subprocess.run([CCM, "compare", "examples/hello.lam"], capture_output=True)
check(p.returncode == 0 and p.stdout == q.stdout, f"compare - : {p.returncode} {p.stderr!r}")

# --stacks usage and bad input: exit 2, nothing on standard output.
for args in (["compare", "--stacks"], ["compare", "--stacks", "--frob", "examples/hello.lam"],
             ["compare", "--stacks", "examples/hello.lam", "examples/and.lam"],
             ["compare", "--stacks", "/nonexistent.lam"]):
    p = subprocess.run([CCM, *args], capture_output=True)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr, f"{args}: exit {p.returncode}")
p = subprocess.run([CCM, "compare", "--stacks", "-", "--json"], input=b"main = (", capture_output=True)
check(p.returncode == 2 and p.stdout == b"" and re.match(rb"<stdin>:1:\d+: ", p.stderr),
      f"--stacks bad program: {p.returncode} {p.stderr!r}")

T.finish()
