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
Under rules fig6, also with cost-centre stacks (--push append, or ghc on
every other such seed; issue 40): explain's per-cost-centre breakdown is
the flat one, group for group (the flattening theorem, docs/stacks.md
section 7), and for the (at most) three stacks with the most costs that
the big-step evaluator's stack semantics reports (`ccm-props --eval-stacks`,
call lexical or evaluation as the scoping), `explain --stack PATH`'s
groups sum to the evaluator's individual counts of that stack.
"""
import json, os, re, subprocess, sys, tempfile

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


def bigstep_stacks(push, scoping):
    """{path: {counter: n}} of the evaluator's stacks with costs, or None"""
    rc, out = sh(PROPS, "--eval-stacks", "--push", push, "--call", scoping, prog)
    if rc != 0 or "outcome value" not in out:
        return None
    stacks = {}
    for line in out.splitlines():
        if line.startswith("stack "):
            nums = line.split(" ")[1:9]
            stacks["/".join(re.findall(r'"([^"]*)"', line))] = dict(zip(COUNTERS, map(int, nums)))
    return stacks


def same_groups(a, b):
    return set(a) == set(b) and all(sorted(map(json.dumps, a[cc][k])) == sorted(map(json.dumps, b[cc][k]))
                                    for cc in a for k in COUNTERS)


compared = stacked = 0
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
    if rules == "fig6":
        push = "append" if seed % 8 < 4 else "ghc"
        src, sexp = sh(CCM, "explain", "--json", prog, *cfg, "--push", push)
        sdata = json.loads(sexp)
        check(src == erc and same_groups(sdata["costs"], data["costs"]),
              f"seed {seed} push {push}: the per-cost-centre breakdown is not the flat one")
        bss = bigstep_stacks(push, scoping) if report["outcome"] == "value" else None
        for path in sorted(bss or {}, key=lambda p: -sum(bss[p].values()))[:3]:
            prc, pexp = sh(CCM, "explain", "--json", prog, *cfg, "--push", push, "--stack", path)
            pdata = json.loads(pexp) if prc == 0 else None
            check(pdata is not None, f"seed {seed} push {push}: --stack {path} (exit {prc})")
            for k in COUNTERS:
                got = sum(g["count"] for g in pdata["stack_costs"][k]) if pdata else None
                check(got == bss[path][k], f"seed {seed} push {push} {path} {k}: groups {got}, big-step {bss[path][k]}")
            stacked += 1
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
check(stacked >= SEEDS // 5, f"only {stacked} stacks explained against the big-step evaluator")
print(f"({compared} of {SEEDS} programs reached a value under the big-step evaluator; {stacked} stacks explained)")
T.finish()
