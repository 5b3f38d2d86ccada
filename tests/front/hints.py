#!/usr/bin/env python3
"""tests/front/hints.py -- parse errors that explain (front/hint.c).

Each case: a program, the FILE:LINE:COL where the offending part starts
(columns counted by hand in the comment), text the message must hold, and
the program fixed as the message says, which must parse (exit 0 or a
runtime error, never 2).  Then the shapes older versions hinted at, which
are valid surface syntax now, run to their hand-worked values; three errors
must stay plain; last, random token soups through the binary: exit 0-3,
a located message on 2, never a crash (run with the sanitized binary too).
"""
import json, os, random, subprocess, sys, tempfile

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


# (program, line:col, text in the message, a fixed program that must run).
# The names used are bound by NAMES, appended to every program.
NAMES = "f = \\v -> v; g = \\v w -> v; x = 4; y = 6;"
CASES = [
    # "main = f \x -> x;" m1..n4 _5 =6 _7 f8 _9 \10
    ("main = f \\x -> x;", "1:10", "an argument that starts with `\\` needs parentheses: `f (\\ ...)`",
     "main = f (\\x -> x);"),
    # "main = g x let a = 1 in a;" g8 _9 x10 _11 l12
    ("main = g x let a = 1 in a;", "1:12", "an argument that starts with `let` needs parentheses: `x (let ...)`",
     "main = g x (let a = 1 in a);"),
    # "main = f case x of { _ -> 1 };" c at 10
    ("main = f case x of { _ -> 1 };", "1:10", "an argument that starts with `case` needs parentheses",
     "main = f (case x of { _ -> 1 });"),
    # "main = f if x == 4 then 1 else 2;" i at 10
    ("main = f if x == 4 then 1 else 2;", "1:10", "an argument that starts with `if` needs parentheses",
     "main = f (if x == 4 then 1 else 2);"),
    # 'main = f scc "c" x;' s at 10
    ('main = f scc "c" x;', "1:10", "an argument that starts with `scc` needs parentheses",
     'main = f (scc "c" x);'),
    # 'main = (f x) {-# SCC "c" #-} y;' (8 f9 _10 x11 )12 _13 {14
    ('main = (f x) {-# SCC "c" #-} y;', "1:14", "an argument that starts with `{-#` needs parentheses",
     'main = (f x) ({-# SCC "c" #-} y);'),
    # "main = -1;" - at 8
    ("main = -1;", "1:8", "there is no unary minus: write `(0 - 1)`", "main = (0 - 1);"),
    # "main = 2 * -x;" 2 at 8, * 10, - 12
    ("main = 2 * -x;", "1:12", "there is no unary minus: write `(0 - x)`", "main = 2 * (0 - x);"),
    # "main = [1, -2];" [8 1 9 ,10 _11 -12
    ("main = [1, -2];", "1:12", "there is no unary minus: write `(0 - 2)`", "main = [1, (0 - 2)];"),
    # on line 2: "main =\n  g x \y -> y;" g at 2:3, x 2:5, \ 2:7
    ("main =\n  g x \\y -> y;", "2:7", "an argument that starts with `\\` needs parentheses", "main = g x (\\y -> y);"),
]
for prog, where, text, fixed in CASES:
    rc, err = run(prog + "\n" + NAMES + "\n")
    check(rc == 2 and err.startswith(f"{PROG}:{where}: "), f"{prog!r}: want {where}, got {rc} {err!r}")
    check(text in err, f"{prog!r}: message lacks {text!r}: {err!r}")
    rc2, err2 = run(fixed + "\n" + NAMES + "\n")
    check(rc2 != 2, f"the fix {fixed!r} does not parse: {err2!r}")

# The shapes the hints used to explain (a nested argument, a literal
# argument, a nested primitive, an application as operand, an `if`) are
# the surface language now: they run, to the value the usual reading gives
# (worked by hand in the comments).
VALID = [
    ("main = f (g x y);", "4"),                  # f (g 4 6) = g 4 6 = 4
    ("main = f 1;", "1"),
    ("main = 1 + 2 * 3;", "7"),                  # * binds tighter
    ("main = 1 * 2 + 3;", "5"),
    ("main = 10 - 3 - 2;", "5"),                 # left-associative: (10 - 3) - 2
    ("main = 100 / 10 / 5;", "2"),               # (100 / 10) / 5
    ("main = x + (y * 2);", "16"),               # 4 + 12
    ("main = f x + 1;", "5"),
    ("main = if x == 4 then y else 0;", "6"),
    ("main = if 1 + 1 == 2 then 1 else 0;", "1"),  # arithmetic over comparison
]
for prog, want in VALID:
    with open(PROG, "w") as fh:
        fh.write(prog + "\n" + NAMES + "\n")
    p = subprocess.run([CCM, "run", "--json", PROG], capture_output=True, text=True)
    got = json.loads(p.stdout.strip().splitlines()[-1])["value"] if p.returncode == 0 else None
    check(got == want, f"{prog!r}: want value {want}, got {got} (exit {p.returncode}) {p.stderr!r}")

# Programs the hints must leave alone: the plain message, no advice.
PLAIN = [
    # "main = let a 1 = 2 in a;" 1 at 14: a binding's parameters are names
    ("main = let a 1 = 2 in a;", "1:14: expected `=` after the bound name, found integer `1`"),
    # "main = 1 + + 2;" second + at 12
    ("main = 1 + + 2;", "1:12: expected an expression, found operator `+`"),
    # "main = 1 < 2 < 3;" the second < at 14
    ("main = 1 < 2 < 3;", "1:14: comparisons do not chain: `<` follows `<` (infix 4, non-associative); put one of them in parentheses"),
]
for prog, want in PLAIN:
    rc, err = run(prog + "\n")
    check(rc == 2 and err == f"{PROG}:{want}", f"{prog!r}: want {want!r}, got {err!r}")

# Token soup: exit 2 with a located message, never a crash or a sanitizer report.
WORDS = ["f", "g", "x", "y", "if", "then", "else", "(", ")", "+", "*", "==", "1", "let", "in", "=",
         ";", "case", "of", "{", "}", "->", "Cons", "scc", '"c"', "\\", "-", ":", "[", "]", ",",
         "where", "{-#", "SCC", "#-}", "{-", "-}", "<"]
rnd = random.Random(14)
for i in range(200):
    body = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 25)))
    rc, err = run("main = " + body + "\n")
    ok = rc in (0, 1, 3) or (rc == 2 and err.startswith(PROG + ":") and "runtime error" not in err)
    check(ok and "Sanitizer" not in err and "runtime error" not in err, f"soup {body!r}: rc {rc} {err!r}")
T.finish()
