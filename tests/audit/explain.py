#!/usr/bin/env python3
"""tests/audit/explain.py -- `ccm explain` (issue 14, item 1).

Hand-derived breakdowns, from the step-by-step derivations in
tests/examples/hello.expect and tests/examples/caf_x.expect; positions
counted by hand in the example files.

hello.lam line 9:  `main = let f = scc "fun" \\x -> x; a = 1 in f a;`
   columns: let 8, scc 16, body x 32, application `f a` 44 (f at 44).
   1 var2 main  MAIN V  (the entry: at main's right-hand side, 9:8;
                         main is a thunk pinned MAIN)
   2 let        MAIN H2 at 9:8
   3 app1 f a   MAIN A  at 9:44
   4 var2 f     MAIN V  at 9:44; f was built by the let in MAIN
   5 scc "fun"  fun entries, MAIN subentries, at 9:16
   6 var3 f     fun U   (the update of f: at the variable f, 9:44, thunk MAIN)
   8 var1 x     fun V   at 9:32 (x is bound to a, a value)
   9 var3 main  MAIN U  at 9:8
caf_x.lam lines 16-20 (x = let a = 6 in a * 7 at 16; scc "first" x + one on
18: scc at 17, x at 29, one at 33; line 19: scc 17, x 30, one 34; r1 + r2 at
20:11, r2 at 20:16):
   7 var2 x  first V (thunk CAF:x) 18:29;  13 var3 x  CAF:x U at 18:29 (thunk CAF:x)
   10 var1 a  CAF:x V at 16:18; 8 let CAF:x H1 at 16:5; 9 prim1 CAF:x P1 16:18
   22 var1 x  second V at 19:30 (a value by then); 24 var1 one second V 19:34
Then, for every example under the four configurations: the counts of each
cost centre and counter sum to `ccm run --json`'s number exactly, and the
report inside the JSON is `ccm run --json`'s.  Filters, bad options, a
budget stop.
"""
import glob, json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
T = Tally("audit-explain")
check = T.check
COUNTERS = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]
CONFIGS = [(r, s) for r in ("fig6", "fig2") for s in ("lexical", "evaluation")]


def ccm(*args):
    p = subprocess.run([CCM, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def explain(*args):
    rc, out, err = ccm("explain", "--json", *args)
    return rc, (json.loads(out) if out.strip() else None), err


def groups(data, cc, k):
    """The groups of one counter as comparable tuples (rule, at, count, variable, thunk_cc)."""
    return sorted((g["rule"], g["at"], g["count"], g.get("variable"), g.get("thunk_cc"))
                  for g in data["costs"][cc][k])


H = "examples/hello.lam:"
HELLO = {
    ("MAIN", "A"): [("app1", H + "9:44", 1, None, None)],
    ("MAIN", "V"): [("var2", H + "9:44", 1, "f", "MAIN"), ("var2", H + "9:8", 1, "main", "MAIN")],
    ("MAIN", "U"): [("var3", H + "9:8", 1, "main", "MAIN")],
    ("MAIN", "H"): [("let", H + "9:8", 2, None, None)],
    ("MAIN", "subentries"): [("scc", H + "9:16", 1, None, None)],
    ("fun", "V"): [("var1", H + "9:32", 1, "x", None)],
    ("fun", "U"): [("var3", H + "9:44", 1, "f", "MAIN")],
    ("fun", "entries"): [("scc", H + "9:16", 1, None, None)],
}
rc, data, _ = explain("examples/hello.lam")
check(rc == 0, "hello: exit 0")
for cc in ("MAIN", "fun"):
    for k in COUNTERS:
        want = sorted(HELLO.get((cc, k), []))
        check(groups(data, cc, k) == want, f"hello {cc} {k}: want {want}, got {groups(data, cc, k)}")

X = "examples/caf_x.lam:"
CAFX = {
    ("first", "V"): [("var1", X + "18:33", 1, "one", None), ("var2", X + "18:29", 1, "x", "CAF:x")],
    ("CAF:x", "U"): [("var3", X + "18:29", 1, "x", "CAF:x")],
    ("CAF:x", "V"): [("var1", X + "16:18", 1, "a", None)],
    ("CAF:x", "H"): [("let", X + "16:5", 1, None, None)],
    ("CAF:x", "P"): [("prim1", X + "16:18", 1, None, None)],
    ("second", "V"): [("var1", X + "19:30", 1, "x", None), ("var1", X + "19:34", 1, "one", None)],
}
rc, data, _ = explain("examples/caf_x.lam")
for (cc, k), want in CAFX.items():
    check(groups(data, cc, k) == sorted(want), f"caf_x {cc} {k}: want {want}, got {groups(data, cc, k)}")

# Sorted by count: the largest group first in every list.
rc, data, _ = explain("examples/and.lam")
for cc, ks in data["costs"].items():
    for k, gs in ks.items():
        counts = [g["count"] for g in gs]
        check(counts == sorted(counts, reverse=True), f"and.lam {cc} {k}: not sorted by count: {counts}")

# Every example, four configurations: sums equal the report.
for f in sorted(glob.glob("examples/*.lam")):
    for r, s in CONFIGS:
        rc, data, _ = explain(f, "--rules", r, "--scoping", s)
        rrc, out, _ = ccm("run", "--json", f, "--rules", r, "--scoping", s)
        report = json.loads(out)
        check(rc == rrc and data is not None and data["report"] == report, f"{f} {r} {s}: report differs from ccm run")
        if data is None:
            continue
        check(set(data["costs"]) == set(report["costs"]), f"{f} {r} {s}: cost centres differ")
        for cc, ctrs in report["costs"].items():
            for k in COUNTERS:
                got = sum(g["count"] for g in data["costs"].get(cc, {}).get(k, []))
                check(got == ctrs[k], f"{f} {r} {s} {cc} {k}: groups sum to {got}, report says {ctrs[k]}")

# Filters.
rc, data, _ = explain("examples/caf_x.lam", "--cc", "CAF:x", "--counter", "U")
check(rc == 0 and list(data["costs"]) == ["CAF:x"] and list(data["costs"]["CAF:x"]) == ["U"],
      f"--cc CAF:x --counter U keeps one list: {data and data['costs']}")
rc, out, _ = ccm("explain", "examples/caf_x.lam", "--cc", "second")
check(rc == 0 and "cost centre second" in out and "cost centre first" not in out, "text --cc second")
check("updates `x`" not in out and "enters `x`, a value" in out, "text: second enters x as a value")

# Bad input: exit 2, a message naming the cause.
rc, _, err = ccm("explain", "examples/caf_x.lam", "--cc", "nosuch")
check(rc == 2 and "nosuch" in err, f"unknown --cc: exit 2 naming it ({rc}, {err!r})")
rc, _, err = ccm("explain", "examples/caf_x.lam", "--counter", "Q")
check(rc == 2 and "`Q`" in err, f"bad --counter: exit 2 ({rc}, {err!r})")
rc, _, err = ccm("explain", "examples/hello.lam", "--html", "x.html")
check(rc == 2, "--html is annotate's, not explain's")
rc, out, err = ccm("explain", "-")
check(rc == 2 and err.startswith("<stdin>:1:1:"), f"empty standard input: FILE:LINE:COL ({err!r})")

# Standard input: positions name <stdin>, as diagnostics do.
p = subprocess.run([CCM, "explain", "--json", "-"], input="main = let a = 2 in a * 3;\n", capture_output=True, text=True)
gs = json.loads(p.stdout)["costs"]["MAIN"]["V"]
# "main = let a = 2 in a * 3;": let at 8 (main's right-hand side), a * 3 at 21
check(sorted(g["at"] for g in gs) == ["<stdin>:1:21", "<stdin>:1:8"], f"stdin positions: {gs}")

# A budget stop: exit 3, the breakdown of the costs so far still adds up.
rc, data, err = explain("examples/caf_x.lam", "--max-steps", "10")
check(rc == 3 and data["report"]["outcome"] == "resource_error", f"budget: exit 3 ({rc})")
for cc, ctrs in data["report"]["costs"].items():
    for k in COUNTERS:
        got = sum(g["count"] for g in data["costs"][cc][k])
        check(got == ctrs[k], f"budget {cc} {k}: {got} != {ctrs[k]}")

T.finish()
