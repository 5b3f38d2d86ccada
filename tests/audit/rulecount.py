#!/usr/bin/env python3
"""tests/audit/rulecount.py -- `ccm run --rule-counts` (issue 14, item 5).

Hand-derived histograms for two examples, then for every example under the
four configurations: the counts sum to steps, every rule is listed once, and
the report without the histogram is byte-identical to a plain run (the
histogram observes the machine, it changes no cost and no step).

hello.lam (fig6 lexical), from the trace in tests/examples/hello.expect:
   1 var2 main, 2 let {f; a}, 3 app1 f a, 4 var2 f, 5 scc "fun", 6 var3 f,
   7 app2, 8 var1 a, 9 var3 main
   => app1 1, app2 1, var1 1, var2 2, var3 2, let 1, scc 1; 9 in all.
   Under fig2 and evaluation scoping the same rules fire (only the cost
   centres charged differ), so the histogram is the same in all four.
caf_x.lam (fig6 lexical), from the trace in tests/examples/caf_x.expect:
   var1: steps 10 15 22 24; var2: 1 4 7 19; var3: 13 17 26 28;
   let: 2 8; scc: 5 20; prim1: 3 6 9 21; prim2: 11 14 18 23;
   prim3: 12 16 25 27  => 4+4+4+2+2+4+4+4 = 28 = steps.
"""
import glob, json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
RULES = ["app1", "app2", "var1", "var2", "var3", "let", "case1", "case2", "case2_default",
         "scc", "scc_sub", "prim1", "prim2", "prim3", "force", "resume"]
CONFIGS = [(r, s) for r in ("fig6", "fig2") for s in ("lexical", "evaluation")]
T = Tally("audit-rulecount")
check = T.check


def run(*args):
    p = subprocess.run([CCM, "run", *args], capture_output=True)
    return p.returncode, p.stdout


def no_dup(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key in " + repr(keys))
    return dict(pairs)


def hist(**nonzero):
    return {r: nonzero.get(r, 0) for r in RULES}


HAND = {
    "examples/hello.lam": hist(app1=1, app2=1, var1=1, var2=2, var3=2, let=1, scc=1),
    "examples/caf_x.lam": hist(var1=4, var2=4, var3=4, let=2, scc=2, prim1=4, prim2=4, prim3=4),
}

for f, want in HAND.items():
    configs = CONFIGS if f.endswith("hello.lam") else [("fig6", "lexical")]
    for r, s in configs:
        _, out = run(f, "--json", "--rule-counts", "--rules", r, "--scoping", s)
        got = json.loads(out, object_pairs_hook=no_dup)["rule_counts"]
        check(got == want, f"{f} {r} {s}: hand histogram {want}, got {got}")

for f in sorted(glob.glob("examples/*.lam")):
    for r, s in CONFIGS:
        opts = ["--rules", r, "--scoping", s]
        rc0, plain = run(f, "--json", *opts)
        rc1, counted = run(f, "--json", "--rule-counts", *opts)
        tag = f"{f} {r} {s}"
        check(rc0 == rc1, f"{tag}: exit status {rc0} vs {rc1}")
        try:
            rep = json.loads(counted, object_pairs_hook=no_dup)
        except ValueError as e:
            check(False, f"{tag}: bad JSON: {e}")
            continue
        rc = rep.get("rule_counts", {})
        check(list(rc) == RULES, f"{tag}: rules listed {list(rc)}")
        check(sum(rc.values()) == rep["steps"], f"{tag}: counts sum {sum(rc.values())} != steps {rep['steps']}")
        # The same bytes once the added member is cut out.
        cut = counted.replace(b',"rule_counts":' + json.dumps(rc, separators=(",", ":")).encode(), b"")
        check(cut == plain, f"{tag}: JSON without rule_counts differs from a plain run")
        _, tplain = run(f, *opts)
        _, tcount = run(f, "--rule-counts", *opts)
        check(tcount.startswith(tplain) and b"\ntransitions per rule\n" in tcount[len(tplain):],
              f"{tag}: text report is not the plain one plus the histogram")

# A failing run still reports the histogram of the steps it made.
rc, out = run("examples/hello.lam", "--json", "--rule-counts", "--max-steps", "4")
rep = json.loads(out)
check(rc == 3 and rep["steps"] == 4 and sum(rep["rule_counts"].values()) == 4,
      f"budget stop: exit {rc}, {out!r}")
# trace takes no --rule-counts (it has its own per-step rule column).
p = subprocess.run([CCM, "trace", "examples/hello.lam", "--rule-counts"], capture_output=True)
check(p.returncode == 2, f"trace --rule-counts: exit {p.returncode}")

T.finish()
