#!/usr/bin/env python3
"""tests/surface/run.py -- the surface language (docs/surface.md).

For each surface form, a program using it and the core it must become,
written by hand from docs/surface.md's table (not taken from `ccm core`):
  1. `ccm core` prints exactly that core, and the core is a fixed point;
  2. the surface program's `ccm run --json` report (value, steps, every
     counter) equals the report of the hand-written core program, run
     through the core syntax that existed before the surface language;
  3. the machine's costs equal those of the independent big-step evaluator
     (`ccm-props --eval`, props/bigstep.c), when it is built.
Some reports are also derived by hand from docs/semantics.md (section 4),
transition by transition, in the comments.  Then every new syntax error with
its FILE:LINE:COL (columns counted by hand), and positions of generated
nodes in `ccm explain`.  CCM=build/ccm-san runs it under the sanitizers.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from tally import Tally  # noqa: E402
import runccm  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
PROPS = os.environ.get("CCM_PROPS", os.path.join(os.path.dirname(CCM), "ccm-props"))
T = Tally("surface(%s)" % os.path.basename(CCM))
check = T.check
tmp = runccm.scratch("ccm-surface-")


def write(name, text):
    return runccm.write(tmp, name, text)


def ccm(*args, stdin=None):
    return runccm.run(T, CCM, *args, input=stdin)


def report(path):
    p = ccm("run", "--json", "--max-steps", "1000000", path)
    if p.returncode not in (0, 1, 3) or not p.stdout.strip():
        return None
    r = json.loads(p.stdout.strip().splitlines()[-1])
    return [r["value"], r["steps"], r["costs"], (r["error"] or {}).get("kind")]


def evaluator_costs(path):
    """cc -> [A, C, V, U, H, P, entries, subentries] from the big-step evaluator."""
    p = subprocess.run([PROPS, "--eval", path], capture_output=True, text=True)
    out = {}
    for line in p.stdout.splitlines():
        w = line.split()
        if w and w[0] == "cost":
            out[w[1]] = [int(n) for n in w[2:]]
    return out


def machine_costs(rep):
    keys = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]
    return {cc: [c[k] for k in keys] for cc, c in rep[2].items() if any(c[k] for k in keys)}


# Definitions most cases use; their core, as `ccm core` prints it.
DEFS = "g = \\a -> a;\nx = 1;\nk = \\a b -> a;\n"
DEFS_CORE = "g = \\a -> a;\nx = 1;\nk = \\a -> \\b -> a;"

# (what, surface main, hand-written core of main, hand-derived report or None)
# A hand-derived report is [value, steps, {cc: {counter: n}}] (other counters 0).
CASES = [
    # A non-variable argument is let-bound at the application.
    # main = let _arg1 = g x in k _arg1 x:
    #  1 var2 main (V) 2 let (H) 3 app1 (A) 4 app1 (A) 5 var1 k (V) 6 app2 7 app2
    #  8 var2 _arg1 (V) 9 app1 g x (A) 10 var1 g (V) 11 app2 12 var1 x (V)
    #  13 var3 _arg1 (U) 14 var3 main (U): A3 V5 U2 H1, value 1.
    ("nested argument", "main = k (g x) x;",
     "main = let _arg1 = g x in k _arg1 x;",
     ["1", 14, {"MAIN": {"A": 3, "V": 5, "U": 2, "H": 1}}]),
    ("literal argument", "main = g 1;", "main = let _arg1 = 1 in g _arg1;", None),
    # both parts of one application in one let, left to right
    ("two bound arguments", "main = k (g x) 2;", "main = let _arg1 = g x; _arg2 = 2 in k _arg1 _arg2;", None),
    # inner parts are bound (and numbered) before the part that holds them
    ("argument inside an argument", "main = k (g (g x)) x;",
     "main = let _arg2 = let _arg1 = g x in g _arg1 in k _arg2 x;", None),
    ("constructor fields", "main = Cons (g x) Nil;", "main = let _fld1 = g x; _fld2 = Nil in Cons _fld1 _fld2;", None),
    ("a variable argument stays", "main = k x x;", "main = k x x;", None),
    # main = let _opd1 = 2 * 3 in 1 + _opd1:
    #  1 var2 main (V) 2 let (H) 3 prim1 + (P) 4 prim2 (1 done) 5 var2 _opd1 (V)
    #  6 prim1 * (P) 7 prim2 8 prim3 (6) 9 var3 _opd1 (U) 10 prim3 (7) 11 var3 main (U)
    #  V2 U2 H1 P2, value 7.
    ("* over +", "main = 1 + 2 * 3;", "main = let _opd1 = 2 * 3 in 1 + _opd1;",
     ["7", 11, {"MAIN": {"V": 2, "U": 2, "H": 1, "P": 2}}]),
    ("- is left-associative", "main = 10 - 3 - 2;", "main = let _opd1 = 10 - 3 in _opd1 - 2;", None),
    ("/ and % are left-associative", "main = 100 / 10 % 4;", "main = let _opd1 = 100 / 10 in _opd1 % 4;", None),
    ("both operands bound, left first", "main = g x * (x + 1);",
     "main = let _opd1 = g x; _opd2 = x + 1 in _opd1 * _opd2;", None),
    ("+ over ==", "main = x + 1 == 2;", "main = let _opd1 = x + 1 in _opd1 == 2;", None),
    ("an application binds tighter than any operator", "main = g x + g 2;",
     "main = let _opd2 = g x; _opd3 = let _arg1 = 2 in g _arg1 in _opd2 + _opd3;", None),
    ("parentheses", "main = (x);", "main = x;", None),
    # : is infixr 5: x : (x : Nil); the inner cons first
    (": is right-associative", "main = x : x : Nil;",
     "main = let _fld2 = let _fld1 = Nil in Cons x _fld1 in Cons x _fld2;", None),
    (": is below +", "main = x + 1 : Nil;", "main = let _fld1 = x + 1; _fld2 = Nil in Cons _fld1 _fld2;", None),
    # [x, 2] = x : (2 : []); the tail is built (and numbered) first
    ("list", "main = [x, 2];",
     "main = let _fld3 = let _fld1 = 2; _fld2 = Nil in Cons _fld1 _fld2 in Cons x _fld3;", None),
    ("empty list", "main = [];", "main = Nil;", None),
    # main = case x == 1 of { True -> 10; False -> 20 }:
    #  1 var2 main (V) 2 case1 (C) 3 prim1 (P) 4 var1 x (V) 5 prim2 6 prim3 (True)
    #  7 case2 (10) 8 var3 main (U): C1 V2 U1 P1, value 10.
    ("if", "main = if x == 1 then 10 else 20;", "main = case x == 1 of { True -> 10; False -> 20 };",
     ["10", 8, {"MAIN": {"C": 1, "V": 2, "U": 1, "P": 1}}]),
    ("if extends right", "main = if x == 1 then 10 else 20 + 1;",
     "main = case x == 1 of { True -> 10; False -> 20 + 1 };", None),
    ("equation", "f a b = a;\nmain = f x x;", "f = \\a -> \\b -> a;\nmain = f x x;", None),
    ("where", "f a = b + b where { b = a * 2 };\nmain = f 3;",
     "f = \\a -> let b = a * 2 in b + b;\nmain = let _arg1 = 3 in f _arg1;", None),
    ("where without parameters", "main = b where { b = 1; c = b };", "main = let b = 1; c = b in b;", None),
    ("SCC pragma", 'main = {-# SCC "p" #-} g x;', 'main = scc "p" g x;', None),
    ("SCC pragma, unquoted name", "main = {-# SCC p #-} g x;", 'main = scc "p" g x;', None),
    ("scc extends right", 'main = scc "p" g x + 1;', 'main = scc "p" let _opd1 = g x in _opd1 + 1;', None),
    ("scc as an argument", 'main = g (scc "p" x);', 'main = let _arg1 = scc "p" x in g _arg1;', None),
    ("lambda head", "main = (\\y -> y + 1) 2;", "main = let _arg1 = 2 in (\\y -> y + 1) _arg1;", None),
    ("lambda extends right", "main = g (\\y -> y + 1);", "main = let _arg1 = \\y -> y + 1 in g _arg1;", None),
    ("block comment", "main = {- c {- nested -} -} x; {- to -} -- end\n", "main = x;", None),
    ("let with braces", "main = let { a = 1; b = 2; } in a;", "main = let a = 1; b = 2 in a;", None),
    ("let binding with parameters", "main = let h y = y in h x;", "main = let h = \\y -> y in h x;", None),
    ("list patterns", "main = case [x] of { [] -> 0; y : ys -> y };",
     "main = case let _fld1 = Nil in Cons x _fld1 of { Nil -> 0; Cons y ys -> y };", None),
    # a user name that looks fresh pushes the fresh names to two underscores
    ("fresh names avoid the user's", "main = let _arg1 = 5 in g (g _arg1);",
     "main = let _arg1 = 5 in let __arg1 = g _arg1 in g __arg1;", None),
    # the three examples
    ("issue: f (f 2)", "main = let f = \\y -> y + 1 in f (f 2);",
     "main = let f = \\y -> y + 1 in let _arg2 = let _arg1 = 2 in f _arg1 in f _arg2;", None),
    ("issue: 1 + 2 * 3 with a case", "main = case 1 + 2 * 3 of { _ -> 0 };",
     "main = case let _opd1 = 2 * 3 in 1 + _opd1 of { _ -> 0 };", None),
    ("issue: len", "len xs = case xs of { Nil -> 0; Cons y ys -> 1 + len ys };\nmain = len [x];",
     "len = \\xs -> case xs of { Nil -> 0; Cons y ys -> let _opd1 = len ys in 1 + _opd1 };\n"
     "main = let _arg3 = let _fld2 = Nil in Cons x _fld2 in len _arg3;", None),
]

have_props = os.access(PROPS, os.X_OK)
for what, surface, core, hand in CASES:
    src = write("s.lam", surface + "\n" + DEFS)
    want_core = core + "\n" + DEFS_CORE
    p = ccm("core", src)
    got = p.stdout.rstrip("\n")
    check(p.returncode == 0 and got == want_core, f"{what}: core\n got: {got!r}\nwant: {want_core!r}\n{p.stderr}")
    again = ccm("core", "-", stdin=got + "\n")
    check(again.stdout.rstrip("\n") == got, f"{what}: `ccm core` output is not a fixed point: {again.stdout!r}")
    hand_core = write("c.lam", want_core + "\n")
    rs, rc = report(src), report(hand_core)
    check(rs is not None and rs == rc, f"{what}: surface report {rs} != hand-written core's {rc}")
    if hand and rs:
        value, steps, costs = hand
        full = {cc: {k: 0 for k in ["A", "C", "V", "U", "H", "P", "entries", "subentries"]} | c
                for cc, c in costs.items()}
        check([rs[0], rs[1], rs[2]] == [value, steps, full], f"{what}: report {rs} != hand-derived {hand}")
    if have_props and rs:
        check(evaluator_costs(src) == machine_costs(rs), f"{what}: evaluator {evaluator_costs(src)} != machine {rs[2]}")

# Every program that was core already reads as the same tree: a few with
# the shapes most likely to be read differently now (a constructor with
# variable fields, an applied constructor, an applied literal, a primitive
# on variables, a parenthesised head with arguments).
SAME = [
    "main = Cons x x;", "main = (Nil) x;", "main = 3 x;", "main = x + x;",
    "main = (\\a b -> a) x x;", 'main = scc "c" x + 1;', "main = case x of { _ -> x };",
]
for text in SAME:
    src = write("s.lam", text + "\n" + DEFS)
    p = ccm("core", src)
    check(p.stdout.split("\n")[0] == text.replace("\\a b", "\\a -> \\b"), f"core program {text!r} reads as {p.stdout!r}")

# ---- errors: FILE:LINE:COL, exit 2 -----------------------------------------
ERRORS = [
    # "main = if x then 1;" i8 f9 _10 x11 _12 then13-16 _17 1 18 ;19
    ("main = if x then 1;", "1:19: expected `else` after the `then` branch (an `if` needs both), found `;`"),
    # "main = if x 1;" the condition is `x 1`; ; at 14
    ("main = if x 1;", "1:14: expected `then` after the condition of `if`, found `;`"),
    # "main = [1, 2;" [8 1 9 ,10 _11 2 12 ;13
    ("main = [1, 2;", "1:13: expected `,` or `]` after a list element, found `;`"),
    # "main = [1,];" ]11
    ("main = [1,];", "1:11: expected an expression, found `]`"),
    # "main = {-# INLINE #-} 1;" {-# 8-10 _11 I12
    ("main = {-# INLINE #-} 1;", "1:12: expected `SCC` after `{-#` (the only pragma ccm reads), found constructor `INLINE`"),
    # 'main = {-# SCC "a" 1;' S12 C13 C14 _15 "16 a17 "18 _19 1 20
    ('main = {-# SCC "a" 1;', "1:20: expected `#-}` to close the `{-# SCC` pragma, found integer `1`"),
    # "main = {-# SCC 1 #-} 1;" 1 at 16
    ("main = {-# SCC 1 #-} 1;", "1:16: expected a cost-centre name after `{-# SCC`, found integer `1`"),
    # "main = 1; {- open" {- at 11
    ("main = 1; {- open", "1:11: unterminated block comment (`{-` needs a matching `-}`)"),
    # "main = 1; {- {- -}" nested: still open, at the outer {- (11)
    ("main = 1; {- {- -}", "1:11: unterminated block comment"),
    # "f a = a where b = 1;" w9..e13 _14 b15
    ("f a = a where b = 1;", "1:15: expected `{` after `where`, found variable `b`"),
    # "f a = a where { b = 1 c = 2 };" {15 _16 b17 _18 =19 _20 1 21 _22 c23 _24 =25
    ("f a = a where { b = 1 c = 2 };", "1:25: expected `;` or `}` (closing the `{` at 1:15) after a binding"),
    # "main = 1 == 2 == 3;" 1 8 _9 == 10-11 _12 2 13 _14 == 15
    ("main = 1 == 2 == 3;", "1:15: comparisons do not chain: `==` follows `==` (infix 4, non-associative)"),
    # "main = 1 < 2 >= 3;" < 10, 2 12, >= 14
    ("main = 1 < 2 >= 3;", "1:14: comparisons do not chain: `>=` follows `<`"),
    # "main = case [] of { x : -> 1 };" {19 _20 x21
    ("main = case [] of { x : -> 1 };", "1:21: expected a pattern (`C x y`, `[]`, `x : xs` or `_`) in a case alternative"),
    # "main = g (g z);" z at 13: a user's position inside a bound argument
    ("main = g (g z);", "1:13: unbound variable `z`"),
    # "main = 1 + 2 * z;" z at 16: inside a bound operand
    ("main = 1 + 2 * z;", "1:16: unbound variable `z`"),
    # "main = [x, z];" z at 12: inside a list
    ("main = [x, z];", "1:12: unbound variable `z`"),
    # "main = if z then 1 else 2;" z at 11
    ("main = if z then 1 else 2;", "1:11: unbound variable `z`"),
    # 'main = {-# SCC "MAIN" #-} 1;' the name at 16
    ('main = {-# SCC "MAIN" #-} 1;', '1:16: reserved cost-centre name "MAIN"'),
    # "main = let a = Cons x in [x];" C16; the list's cons is at its element, x at 27
    ("main = let a = Cons x in [x];", "1:27: arity mismatch: constructor `Cons` used with 2 arguments, but its first use at 1:16 has 1"),
    # "then = 1;" keywords are not names
    ("then = 1;", "1:1: expected a binding name at top level, found `then`"),
    # "main = (1 + 2;" ; at 14
    ("main = (1 + 2;", "1:14: expected `)` to close the `(` at 1:8"),
    # a where binding is local: "main = b;" on line 2, b at 8
    ("f a = b where { b = a };\nmain = b;", "2:8: unbound variable `b`"),
    # "f a 1 = a;" parameters are names: 1 at 5
    ("f a 1 = a;", "1:5: expected `=` after the parameters, found integer `1`"),
    # "main = [1 2" then a newline: `1 2` is one element (an application); end of file at 2:1
    ("main = [1 2", "2:1: expected `,` or `]` after a list element, found end of file"),
]
# Each program gets DEFS after it, except those whose error is at the end of file.
AT_EOF = {"main = 1; {- open", "main = 1; {- {- -}", "main = [1 2"}
for text, want in ERRORS:
    src = write("t.lam", text + "\n" + ("" if text in AT_EOF else DEFS))
    p = ccm("run", src)
    check(p.returncode == 2 and p.stderr.startswith(f"{src}:{want}") and not p.stdout,
          f"{text!r}: want {want!r}, got exit {p.returncode}: {p.stderr.strip()!r}")

# The new keywords are no names in JSON core either, so `ccm core` of any
# JSON program prints text that parses.
for kw in ("if", "then", "else", "where"):
    doc = {"bindings": [{"name": "main", "body": {"node": "lambda", "param": kw,
                                                   "body": {"node": "literal", "value": 1}}}]}
    src = write("k.json", json.dumps(doc))
    p = ccm("run", "--input", "json", src)
    check(p.returncode == 2 and "/bindings/0/body/param" in p.stderr and "keyword" in p.stderr,
          f"JSON core with the name {kw!r}: exit {p.returncode} {p.stderr!r}")

# ---- generated nodes keep the user's positions ------------------------------
# "main = g (g x) + 1;" g at 8 is the application and the operand's start;
# the inner `g x` at 11.  explain names the let-bound parts at those places.
src = write("e.lam", "main = g (g x) + 1;\n" + DEFS)
p = ccm("explain", "--json", src)
if p.returncode == 0:
    doc = json.loads(p.stdout.strip().splitlines()[-1])
    text = json.dumps(doc)
    check('"1:11"' in text or "1:11" in text, f"explain: no row at the inner application 1:11: {text[:300]}")
p = ccm("explain", src)
rows = [l.split() for l in p.stdout.splitlines() if l.strip().startswith("1 ")]
lets = [r for r in rows if len(r) > 2 and r[1] == "let"]
check(len(lets) == 2 and all(r[2] == f"{src}:1:8" for r in lets), f"explain: the two lets at 1:8: {lets}")
apps = sorted(r[2] for r in rows if len(r) > 2 and r[1] == "app1")
check(apps == [f"{src}:1:11", f"{src}:1:8"], f"explain: applications at 1:8 and 1:11: {apps}")

# ---- every prefix of the surface seeds: exit 0-3, never a crash ---------------
# (all prefixes with the release binary; every 7th under the sanitizers, slower)
step = 7 if "san" in os.path.basename(CCM) else 1
for seed in sorted(os.listdir(os.path.join(HERE, "seeds"))):
    text = open(os.path.join(HERE, "seeds", seed), "rb").read()
    crashes = []
    for n in range(0, len(text) + 1, step):
        path = os.path.join(tmp, "prefix.lam")
        with open(path, "wb") as f:
            f.write(text[:n])
        p = subprocess.run([CCM, "run", "--max-steps", "100000", path], capture_output=True, text=True)
        if p.returncode not in (0, 1, 2, 3) or "Sanitizer" in p.stderr or "runtime error:" in p.stderr:
            crashes.append((n, p.returncode, p.stderr[:200]))
        elif p.returncode == 2 and not p.stderr.startswith(path + ":"):
            crashes.append((n, "unlocated", p.stderr[:200]))
    check(not crashes, f"prefixes of {seed}: {crashes[:3]}")

# ---- the foldl example: the leak is in the stack -----------------------------
# foldl_leak builds f (f (... (f 0 1) ...) 99) 100 and evaluates it only at
# the end: each of the 100 pending additions waits for its left operand
# with two frames (its thunk's update frame and the addition's prim frame),
# so the stack reaches at least 200.  foldl_strict evaluates each
# accumulator at once: a handful of frames (main's update, the case, one
# addition and its operand's update) however long the list.
ROOT = os.path.dirname(os.path.dirname(HERE))
for name, low, high in (("foldl_leak", 200, 10**6), ("foldl_strict", 0, 9)):
    p = ccm("trace", "--json", os.path.join(ROOT, "examples", name + ".lam"))
    depth = max((json.loads(l).get("depth", 0) for l in p.stdout.splitlines() if l.startswith("{")), default=-1)
    check(p.returncode == 0 and low <= depth <= high, f"{name}: deepest stack {depth}, want {low} .. {high}")

T.finish()
