#!/usr/bin/env python3
"""tests/front/hints.py -- parse errors that explain (issue 14, item 6).

Each case: a one-line program, the FILE:LINE:COL where the offending
sub-expression starts (columns counted by hand in the comment) and text the
message must hold: what is wrong and the `let` to write instead.  Then the
suggested rewrite of each case is itself run and must parse (exit 0 or a
runtime error, never 2) -- the advice is real core syntax.  Last, random
token soups through the binary: always exit 2 with FILE:LINE:COL, never a
crash (run with the sanitized binary too).
"""
import os, random, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
T = Tally("front-hints")
check = T.check
tmp = tempfile.mkdtemp(prefix="ccm-hints-")
PROG = os.path.join(tmp, "t.lam")


def run(text):
    with open(PROG, "w") as f:
        f.write(text)
    p = subprocess.run([CCM, "run", PROG], capture_output=True, text=True)
    return p.returncode, p.stderr.strip()


# (program, line:col, text in the message, the suggested let as it should appear)
CASES = [
    # "main = f (g x);" m1..n4 _5 =6 _7 f8 _9 (10
    ("main = f (g x);", "1:10", "an argument must be a variable, not a nested expression",
     "let y = g x in f y"),
    # "main = let a = 1 in f a (g a) a;" "let a = 1 in " is 8..20, f21 _22 a23 _24 (25
    ("main = let a = 1 in f a (g a) a;", "1:25", "an argument must be a variable", "let y = g a in f a y a"),
    # "main = f 1 b;" 1 at 10
    ("main = f 1 b;", "1:10", "not a literal", "let y = 1 in f y b"),
    # "main = Cons (f x) nil;" C8..s11 _12 (13
    ("main = Cons (f x) nil;", "1:13", "an argument must be a variable", "let y = f x in Cons y nil"),
    # "main = case f (g x) of { True -> 1 };" c8..e11 _12 f13 _14 (15
    ("main = case f (g x) of { True -> 1 };", "1:15", "an argument must be a variable", "let y = g x in f y"),
    # y is taken: the fresh name is y1.  "main = let y = 1 in f (g y);" "let y = 1 in " 8..20, f21 _22 (23
    ("main = let y = 1 in f (g y);", "1:23", "an argument must be a variable", "let y1 = g y in f y1"),
    # "main = 1 + 2 * 3;" 1 at 8, + 10, 2 at 12: the nested `2 * 3` starts at 12
    ("main = 1 + 2 * 3;", "1:12", "a primitive takes two operands", "let y = 2 * 3 in 1 + y"),
    # "main = 1 * 2 + 3;" the nested `1 * 2` starts at 8
    ("main = 1 * 2 + 3;", "1:8", "nests `1 * 2`", "let y = 1 * 2 in y + 3"),
    # "main = a - b - c;" left to right: `a - b` first, at 8
    ("main = a - b - c;", "1:8", "nests `a - b`", "let y = a - b in y - c"),
    # "main = x + (y * z);" ( at 12
    ("main = x + (y * z);", "1:12", "an operand must be a variable or an integer", "let y1 = y * z in x + y1"),
    # "main = f x + 1;" the application starts at 8
    ("main = f x + 1;", "1:8", "not the application `f x`", "let y = f x in y + 1"),
    # "main = if x then 1 else 2;" if at 8
    ("main = if x then 1 else 2;", "1:8", "the core language has no `if`", "case x of { True -> 1; False -> 2 }"),
    # "main = if x == 0 then a else b;" a test that is not a variable is bound first
    ("main = if x == 0 then a else b;", "1:8", "the core language has no `if`",
     "let y = x == 0 in case y of { True -> a; False -> b }"),
    # "main = if c then a else b;" parses (an application of `if`); the checker says it, at if (8)
    ("main = if c then a else b;", "1:8", "unbound variable `if`: the core language has no `if`", None),
    # on line 2: "main =\n  g (h z);" g at 2:3, ( at 2:5
    ("main =\n  g (h z);", "2:5", "an argument must be a variable", "let y = h z in g y"),
]
for prog, where, text, let in CASES:
    rc, err = run(prog + "\n")
    check(rc == 2 and err.startswith(f"{PROG}:{where}: "), f"{prog!r}: want {where}, got {rc} {err!r}")
    check(text in err, f"{prog!r}: message lacks {text!r}: {err!r}")
    if let:
        check(f"`{let}`" in err, f"{prog!r}: suggestion {let!r} not in {err!r}")
        # The advice parses: bind every free name so the rewrite runs.
        names = "f = \\v -> v; g = \\v -> v; h = \\v -> v; a = 1; b = 2; c = 3; x = 4; y = 6; z = 5; nil = Nil;"
        if let.startswith("case"):
            fixed = prog.split("=", 1)[0] + "= " + let + ";"
        else:
            fixed = "main = " + let + ";"
        rc2, err2 = run(fixed + "\n" + names.replace("x = 4;", "x = True;" if "case x" in let else "x = 4;") + "\n")
        check(rc2 != 2, f"the suggestion {let!r} does not parse: {err2!r}")

# Programs the hints must leave alone: the plain message, no advice.
PLAIN = [
    # "main = let a 1 = 2 in a;" 1 at 14: a binding, not an application
    ("main = let a 1 = 2 in a;", "1:14: expected `=` after the bound name, found integer `1`"),
    # "main = (f x) (g y);" ( at 14: a parenthesised head is left to the plain message
    ("main = (f x) (g y);", "1:14: expected `;` after the binding of `main`, found `(`"),
    # "main = 1 + + 2;" second + at 12
    ("main = 1 + + 2;", "1:12: expected a variable or an integer as the second operand, found operator `+`"),
]
for prog, want in PLAIN:
    rc, err = run(prog + "\n")
    check(rc == 2 and err == f"{PROG}:{want}", f"{prog!r}: want {want!r}, got {err!r}")

# Token soup: exit 2 with a located message, never a crash or a sanitizer report.
WORDS = ["f", "g", "x", "y", "if", "then", "else", "(", ")", "+", "*", "==", "1", "let", "in", "=",
         ";", "case", "of", "{", "}", "->", "Cons", "scc", '"c"', "\\"]
rnd = random.Random(14)
for i in range(200):
    body = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 25)))
    rc, err = run("main = " + body + "\n")
    ok = rc in (0, 1, 3) or (rc == 2 and err.startswith(PROG + ":") and "runtime error" not in err)
    check(ok and "Sanitizer" not in err and "runtime error" not in err, f"soup {body!r}: rc {rc} {err!r}")
T.finish()
