#!/usr/bin/env python3
"""tests/audit/observe_props.py -- explain and annotate observe, they do not
change (issue 14: "the report is identical with and without
explain/annotate"), on generated programs (build/ccm-gen).

For each seed, under one of the four configurations in turn:
  - `ccm explain --json`'s "report" is `ccm run --json`'s, member for member,
    and its exit status is run's;
  - `ccm annotate` ends with `ccm run`'s table, byte for byte;
  - the breakdown's counts sum, per cost centre and counter, to the costs of
    the independent big-step evaluator (`ccm-props --eval`, props/bigstep.c),
    when that evaluator reaches a value;
  - `ccm run --assert` with one `eq` assertion per non-zero counter of the
    big-step costs passes (and the same bound plus one fails).
"""
import json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
GEN = os.environ.get("CCM_GEN", "build/ccm-gen")
PROPS = os.environ.get("CCM_PROPS", "build/ccm-props")
SEEDS = int(os.environ.get("OBSERVE_SEEDS", "150"))
COUNTERS = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]
CONFIGS = [("fig6", "lexical"), ("fig6", "evaluation"), ("fig2", "lexical"), ("fig2", "evaluation")]
T = Tally("audit-observe-props")
check = T.check
tmp = tempfile.mkdtemp(prefix="ccm-observe-")
prog = os.path.join(tmp, "g.lam")


def sh(*args):
    p = subprocess.run(list(args), capture_output=True, text=True)
    return p.returncode, p.stdout


def bigstep(rules, scoping):
    """{cc: {counter: n}} from the big-step evaluator, or None if it did not reach a value."""
    extra = ([] if rules == "fig6" else ["fig2"]) + ([] if scoping == "lexical" else ["evaluation"])
    rc, out = sh(PROPS, "--eval", prog, *extra)
    if rc != 0 or "outcome value" not in out:
        return None
    costs = {}
    for line in out.splitlines():
        if line.startswith("cost "):
            name, *nums = line[5:].rsplit(" ", 8)
            costs[name] = dict(zip(COUNTERS, map(int, nums)))
    return costs


compared = 0
for seed in range(1, SEEDS + 1):
    rc, text = sh(GEN, "--seed", str(seed), "--size", "5")
    with open(prog, "w") as f:
        f.write(text)
    rules, scoping = CONFIGS[seed % 4]
    cfg = ["--rules", rules, "--scoping", scoping, "--max-steps", "200000"]
    rrc, rep = sh(CCM, "run", "--json", prog, *cfg)
    erc, exp = sh(CCM, "explain", "--json", prog, *cfg)
    report = json.loads(rep)
    data = json.loads(exp)
    check(erc == rrc and data["report"] == report, f"seed {seed}: explain's report differs from run's")
    for cc, ks in report["costs"].items():
        for k in COUNTERS:
            got = sum(g["count"] for g in data["costs"][cc][k])
            check(got == ks[k], f"seed {seed} {cc} {k}: breakdown {got}, report {ks[k]}")
    _, table = sh(CCM, "run", prog, *cfg)
    arc, listing = sh(CCM, "annotate", prog, *cfg)
    check(arc == rrc and listing.endswith("\n\n" + table), f"seed {seed}: annotate's report differs from run's")
    bs = bigstep(rules, scoping) if report["outcome"] == "value" else None
    if bs is None:
        continue
    compared += 1
    for cc in set(bs) | set(data["costs"]):
        for k in COUNTERS:
            got = sum(g["count"] for g in data["costs"].get(cc, {}).get(k, []))
            want = bs.get(cc, {}).get(k, 0)
            check(got == want, f"seed {seed} {rules} {scoping} {cc} {k}: breakdown {got}, big-step {want}")
    lines = [f'check cost(eq, "{cc}", {k}, {n})' for cc, ks in bs.items() for k, n in ks.items() if n]
    if lines:
        apath = os.path.join(tmp, "g.assert")
        with open(apath, "w") as f:
            f.write("\n".join(lines) + "\n")
        arc, _ = sh(CCM, "run", prog, *cfg, "--assert", apath)
        check(arc == 0, f"seed {seed}: eq assertions from the big-step costs fail")
        with open(apath, "w") as f:
            f.write(lines[0].rsplit(",", 1)[0] + ", " + str(int(lines[0].rsplit(",", 1)[1][:-1]) + 1) + ")\n")
        arc, _ = sh(CCM, "run", prog, *cfg, "--assert", apath)
        check(arc == 4, f"seed {seed}: an eq assertion one too high passes")
check(compared >= SEEDS // 2, f"only {compared} of {SEEDS} programs compared with the big-step evaluator")
print(f"({compared} of {SEEDS} programs reached a value under the big-step evaluator)")
T.finish()
