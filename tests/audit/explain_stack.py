#!/usr/bin/env python3
"""tests/audit/explain_stack.py -- `ccm explain --stack PATH` and explain
under --push append|ghc (issue 40, item 3; docs/audit.md).

Hand-derived breakdowns, from the row-by-row derivations in the comments of
the examples (the row numbers below are theirs); positions counted by hand.
A binary expression stands at its left operand, `main`'s entry at main's
right-hand side, a var3 at the variable whose var2 pushed its update frame.

examples/stacks_two.lam
  65: `f = \\x -> scc "f" (x + x);`   scc 11, x + x 20 (x 20, x 24)
  66: `main = let k = 1; p = scc "a" (f k); q = scc "b" (f k) in p + q;`
      let 8, scc "a" 23, f k 32, scc "b" 42, f k 51, p + q 59 (p 59, q 63)
  push append, any call policy (the file: the same stacks under all three):
  <MAIN,a>    rows 5-9:  entries scc "a" 66:23; A app1 f k 66:32;
                         V var1 f 66:32; subentries scc "f" 65:11
  <MAIN,a,f>  rows 9-15: entries scc "f" 65:11; P prim1 65:20;
                         V var1 x 65:20 and var1 x 65:24;
                         U var3 p 66:59, a thunk built under <MAIN> (main's let)
  <MAIN,b,f>  the same with U var3 q 66:63
  <MAIN>      V var2 main 66:8, var2 p 66:59, var2 q 66:63 (each a thunk of
              <MAIN>); U var3 main 66:8; H3 let 66:8; P prim1 p + q 66:59;
              subentries scc "a" 66:23, scc "b" 66:42
examples/stacks_caf_fun.lam
  84: `f = scc "f" (\\x -> x + x);`   scc 5, x + x 20 (x 20, x 24)
  85: `main = scc "main" (let a = 1 in f a);`   scc 8, f a 33
  push append, call lexical: B = <CAF:f,f>, which gets
  rows 6 (entries, scc 84:5), 7 (U var3 f 85:33, thunk <CAF:f>),
  9 (P prim1 84:20), 10, 12 (V var1 x 84:20, 84:24), 14 (U var3 main 85:8,
  thunk <MAIN>): V2 U2 P1 entries1.
examples/stacks_hof.lam
  98: `apply = \\h -> \\v -> scc "apply" (h v);`   scc 21, h v 34 (h 34)
  99: `main = let inc = scc "inc" (\\n -> n + 1); a = 1 in ...`  let 8, n + 1 35
  push append, call evaluation: B = Sp = <MAIN,top,apply>, which gets rows
  9 (entries, scc 98:21), 10 (A app1 h v 98:34), 11 (V var2 h 98:34, the
  thunk inc of <MAIN>), 15 (P prim1 99:35), 16 (V var1 n 99:35, a value),
  19 (U var3 main 99:8, thunk <MAIN>): A1 V2 U1 P1 entries1.

Then, for every examples/stacks_*.lam under push append and ghc, scoping
lexical and evaluation: for every stack of the run, the groups of
`--stack PATH` sum to that stack's individual counters in the report's
`stacks`; and the per-cost-centre breakdown (no --stack) is the flat run's
(the flattening theorem, docs/stacks.md section 7), for every example.
Errors: an unknown path (nearest prefix named), an unknown root, a
malformed path, a flat run's path of two names, --cc with --stack.
"""
import glob, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402
import runccm  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
T = Tally("audit-explain-stack")
check = T.check
COUNTERS = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]


def ccm(*args):
    p = runccm.run(T, CCM, *args)      # and no sanitizer report
    return p.returncode, p.stdout, p.stderr


def explain(*args):
    rc, out, err = ccm("explain", "--json", *args)
    return rc, (json.loads(out) if out.strip() else None), err


def groups(gs):
    """comparable tuples (rule, at, count, variable, thunk_stack as a path)"""
    return sorted((g["rule"], g["at"], g["count"], g.get("variable"),
                   "/".join(g["thunk_stack"]) if g.get("thunk_stack") else None) for g in gs)


def want_stack(file, path, want, *opts):
    rc, data, err = explain(file, "--stack", path, *opts)
    check(rc == 0 and data is not None, f"{file} {path} {opts}: exit 0 ({rc}, {err.strip()[:200]})")
    if data is None:
        return
    check("/".join(data["stack"]) == path, f"{file} {path}: the stack named back: {data['stack']}")
    for k in COUNTERS:
        w = sorted(want.get(k, []))
        got = groups(data["stack_costs"][k])
        check(got == w, f"{file} {path} {opts} {k}: want {w}, got {got}")


S2 = "examples/stacks_two.lam:"
for push in ("append", "ghc"):
    for scoping in ("lexical", "evaluation"):
        o = ("--push", push, "--scoping", scoping)
        want_stack("examples/stacks_two.lam", "MAIN/a", {
            "entries": [("scc", S2 + "66:23", 1, None, None)],
            "A": [("app1", S2 + "66:32", 1, None, None)],
            "V": [("var1", S2 + "66:32", 1, "f", None)],
            "subentries": [("scc", S2 + "65:11", 1, None, None)]}, *o)
        for who, var, col in (("a", "p", 59), ("b", "q", 63)):
            want_stack("examples/stacks_two.lam", f"MAIN/{who}/f", {
                "entries": [("scc", S2 + "65:11", 1, None, None)],
                "P": [("prim1", S2 + "65:20", 1, None, None)],
                "V": [("var1", S2 + "65:20", 1, "x", None), ("var1", S2 + "65:24", 1, "x", None)],
                "U": [("var3", S2 + f"66:{col}", 1, var, "MAIN")]}, *o)
        want_stack("examples/stacks_two.lam", "MAIN", {
            "V": [("var2", S2 + "66:8", 1, "main", "MAIN"), ("var2", S2 + "66:59", 1, "p", "MAIN"),
                  ("var2", S2 + "66:63", 1, "q", "MAIN")],
            "U": [("var3", S2 + "66:8", 1, "main", "MAIN")],
            "H": [("let", S2 + "66:8", 3, None, None)],
            "P": [("prim1", S2 + "66:59", 1, None, None)],
            "subentries": [("scc", S2 + "66:23", 1, None, None), ("scc", S2 + "66:42", 1, None, None)]}, *o)
        # SUB is a root of every run: nothing is charged to it here
        want_stack("examples/stacks_two.lam", "SUB", {}, *o)

CF = "examples/stacks_caf_fun.lam:"
want_stack("examples/stacks_caf_fun.lam", "CAF:f/f", {
    "entries": [("scc", CF + "84:5", 1, None, None)],
    "U": [("var3", CF + "85:33", 1, "f", "CAF:f"), ("var3", CF + "85:8", 1, "main", "MAIN")],
    "P": [("prim1", CF + "84:20", 1, None, None)],
    "V": [("var1", CF + "84:20", 1, "x", None), ("var1", CF + "84:24", 1, "x", None)]}, "--push", "append")

HF = "examples/stacks_hof.lam:"
want_stack("examples/stacks_hof.lam", "MAIN/top/apply", {
    "entries": [("scc", HF + "98:21", 1, None, None)],
    "A": [("app1", HF + "98:34", 1, None, None)],
    "V": [("var2", HF + "98:34", 1, "h", "MAIN"), ("var1", HF + "99:35", 1, "n", None)],
    "P": [("prim1", HF + "99:35", 1, None, None)],
    "U": [("var3", HF + "99:8", 1, "main", "MAIN")]}, "--push", "append", "--scoping", "evaluation")

# The text form: a header naming the stack, the thunk's stack in words.
rc, out, _ = ccm("explain", "examples/stacks_two.lam", "--push", "ghc", "--stack", "MAIN/b/f")
tail = out[out.find("\nstack "):]
check(rc == 0 and tail.startswith("\nstack MAIN/b/f\n  V 2\n"), f"text header: {tail[:60]!r}")
check("updates `q`, a thunk built under MAIN" in tail, "text: the thunk's stack")
check("cost centre " not in tail, "text: only the stack's breakdown")

# --counter with --stack keeps one list.
rc, data, _ = explain("examples/stacks_two.lam", "--push", "append", "--stack", "MAIN/a/f", "--counter", "U")
check(rc == 0 and list(data["stack_costs"]) == ["U"], f"--counter U: {data and data['stack_costs']}")

# Push single: a stack is one cost centre, so `--stack a` is `--cc a`.
rc, data, _ = explain("examples/stacks_two.lam", "--stack", "a")
rc2, flat, _ = explain("examples/stacks_two.lam", "--cc", "a")
strip = lambda d: {k: [{x: y for x, y in g.items() if x != "thunk_stack"} for g in v] for k, v in d.items()}
check(rc == rc2 == 0 and strip(data["stack_costs"]) == flat["costs"]["a"], "push single: --stack a is --cc a")

# Every stack of every run: the groups sum to the stack's own counters.
for f in sorted(glob.glob("examples/stacks_*.lam")):
    for push in ("append", "ghc"):
        for scoping in ("lexical", "evaluation"):
            o = ("--push", push, "--scoping", scoping)
            rc, out, _ = ccm("run", "--json", f, *o)
            report = json.loads(out)
            st = report["stacks"]
            for s in st:
                if not any(s[k] for k in COUNTERS):
                    continue
                names, i = [], s["id"]
                while i is not None:
                    names.insert(0, st[i]["cc"])
                    i = st[i]["parent"]
                path = "/".join(names)
                rc, data, err = explain(f, "--stack", path, *o)
                check(rc == 0 and data and data["report"] == report, f"{f} {o} {path}: exit 0, run's report ({err[:100]})")
                if not data:
                    continue
                for k in COUNTERS:
                    got = sum(g["count"] for g in data["stack_costs"][k])
                    check(got == s[k], f"{f} {o} {path} {k}: groups sum to {got}, the stack has {s[k]}")

# Per cost centre under stacks: the flat breakdown (flattening theorem).
for f in sorted(glob.glob("examples/*.lam")):
    for scoping in ("lexical", "evaluation"):
        rc, flat, _ = explain(f, "--scoping", scoping)
        for push in ("append", "ghc"):
            rc2, data, _ = explain(f, "--scoping", scoping, "--push", push)
            same = rc == rc2 and data is not None and all(
                sorted(map(json.dumps, data["costs"][cc][k])) == sorted(map(json.dumps, flat["costs"][cc][k]))
                for cc in flat["costs"] for k in COUNTERS) and set(data["costs"]) == set(flat["costs"])
            check(same, f"{f} {scoping} push {push}: the per-cost-centre breakdown is the flat one")

# A stack table that starts at the roots and grows at every new stack (the
# observer's shadow of the counters grows with it): the same breakdowns.
for f in sorted(glob.glob("examples/stacks_*.lam")):
    for args in (("--push", "append"), ("--push", "append", "--stack", "MAIN"), ("--push", "ghc")):
        a = runccm.run(T, CCM, "explain", "--json", f, *args)
        b = runccm.run(T, CCM, "explain", "--json", f, *args, env=dict(os.environ, CCM_INITIAL_CAP="1"))
        check(a.returncode == 0 and a.stdout == b.stdout, f"{f} {args}: the same with CCM_INITIAL_CAP=1")

# A recursion n deep under push append makes stacks <MAIN,count> ...
# <MAIN,count x (n+1)> (stacks_recursion.lam with k = n): the deepest is
# the last call's, the base case's, and holds what S3 holds in that file
# (rows 33-36, 45): C1 V1 U1 P1 entries1, with these groups: the scc's entry,
# case1, prim1 `n > 0`, var2 n (the thunk m = n - 1 built under the stack
# one shorter) and var3 main (main's update, the value 0 returned there).
# n = 300: the observer's shadow grows with the table, ~300 times.
N = 300
prog = ('count = \\n -> scc "count" (case n > 0 of { True -> let m = n - 1 in count m; False -> 0 });\n'
        f'main = let k = {N} in count k;\n')
deepest = "/".join(["MAIN"] + ["count"] * (N + 1))
p = runccm.run(T, CCM, "explain", "--json", "-", "--push", "append", "--stack", deepest, input=prog)
data = json.loads(p.stdout) if p.returncode == 0 else None
check(data is not None and len(data["stack"]) == N + 2, f"deep path found ({p.returncode}, {p.stderr[:200]})")
if data:
    got = groups([dict(g, counter=k) for k, v in data["stack_costs"].items() for g in v])
    one_shorter = "/".join(["MAIN"] + ["count"] * N)
    want = sorted([("scc", "<stdin>:1:15", 1, None, None), ("case1", "<stdin>:1:28", 1, None, None),
                   ("prim1", "<stdin>:1:33", 1, None, None), ("var2", "<stdin>:1:33", 1, "n", one_shorter),
                   ("var3", "<stdin>:2:8", 1, "main", "MAIN")])
    check(got == want, f"deepest stack: want {want}, got {got}")

# Errors: exit 2, nothing on standard output, a message that names the cause.
rc, out, err = ccm("explain", "examples/stacks_two.lam", "--push", "append", "--stack", "MAIN/a/g")
check(rc == 2 and out == "" and "`MAIN/a/g`" in err and "longest prefix that is one: `MAIN/a`" in err
      and "`MAIN/a/f`" in err, f"unknown path: nearest prefix and its stacks ({rc}, {err!r})")
rc, out, err = ccm("explain", "examples/stacks_two.lam", "--push", "ghc", "--stack", "MAIN/a/f/x/y")
check(rc == 2 and "longest prefix that is one: `MAIN/a/f`" in err and "none" in err, f"too deep: {err!r}")
rc, out, err = ccm("explain", "examples/stacks_two.lam", "--push", "append", "--stack", "main/a")
check(rc == 2 and out == "" and "`main/a`" in err and "roots with costs are: `MAIN`" in err, f"unknown root: {err!r}")
rc, out, err = ccm("explain", "examples/stacks_two.lam", "--stack", "MAIN/a")
check(rc == 2 and "--push single" in err, f"flat run, two names: says the run is flat ({err!r})")
for bad, why in (("", "empty"), ("/MAIN", "starts with"), ("MAIN/", "ends with"), ("MAIN//a", "empty name")):
    rc, out, err = ccm("explain", "examples/stacks_two.lam", "--push", "append", "--stack", bad)
    check(rc == 2 and out == "" and "is not a stack path" in err and why in err, f"malformed `{bad}`: {rc} {err!r}")
rc, out, err = ccm("explain", "examples/stacks_two.lam", "--push", "append", "--stack", "MAIN/a", "--cc", "a")
check(rc == 2 and "do not combine" in err, f"--cc with --stack: {err[:100]!r}")
rc, out, err = ccm("run", "examples/stacks_two.lam", "--push", "append", "--stack", "MAIN")
check(rc == 2, "--stack is explain's")
rc, out, err = ccm("annotate", "examples/stacks_two.lam", "--push", "append")
check(rc == 2 and "flat machine only" in err, "annotate still refuses stacks")

# A name holding `/`: `main = let p = scc "a/b" (let x = 1 in x) in p;`
# makes <MAIN,a/b>, which the path MAIN/a/b still names (matched name by
# name): scc at 16 (its entry), let at 27 (H1), x at 40 (V1); with another
# stack <MAIN,a,b> beside it the path reads as two stacks: an error.
p = runccm.run(T, CCM, "explain", "--json", "-", "--push", "append", "--stack", "MAIN/a/b",
               input='main = let p = scc "a/b" (let x = 1 in x) in p;\n')
data = json.loads(p.stdout) if p.returncode == 0 else None
check(data is not None and data["stack"] == ["MAIN", "a/b"]
      and [g["at"] for g in data["stack_costs"]["entries"] + data["stack_costs"]["H"] + data["stack_costs"]["V"]]
      == ["<stdin>:1:16", "<stdin>:1:27", "<stdin>:1:40"], f"a name holding /: {p.returncode} {p.stderr[:200]}")
p = runccm.run(T, CCM, "explain", "-", "--push", "append", "--stack", "MAIN/a/b",
               input='main = let p = scc "a" (scc "b" (let x = 1 in x)); q = scc "a/b" (let y = 2 in y) in p + q;\n')
check(p.returncode == 2 and p.stdout == "" and "two stacks read `MAIN/a/b`" in p.stderr, f"ambiguous path: {p.stderr!r}")

# A budget stop: exit 3, the breakdown of the costs so far adds up.
rc, data, err = explain("examples/stacks_two.lam", "--push", "append", "--max-steps", "12", "--stack", "MAIN/a/f")
check(rc == 3 and data and data["report"]["outcome"] == "resource_error", f"budget: exit 3 ({rc})")
if data:
    node = [s for s in data["report"]["stacks"] if s["cc"] == "f" and s["parent"] is not None][0]
    for k in COUNTERS:
        check(sum(g["count"] for g in data["stack_costs"][k]) == node[k], f"budget MAIN/a/f {k}")

T.finish()
