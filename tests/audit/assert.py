#!/usr/bin/env python3
"""tests/audit/assert.py -- `ccm run --assert FILE` (issue 14, item 4).

The observed values are the hand-derived totals of caf_x.lam
(tests/examples/caf_x.expect, fig6 lexical):
   MAIN  V3 U1 H3 P1 subentries2;  first, second  V2 U1 P1 entries1 each;
   CAF:x V1 U1 H1 P1.   V over all cost centres: 3+2+2+1 = 8.
So MAIN's share of V is 3/8 = 37.5% exactly; CAF:x's share of P is 1/4.
Each case: (assertion line, expected status).  Then bad files (exit 2,
FILE:LINE:COL pointing at the offending token, columns counted by hand), a
run stopped by a budget (every assertion fails, exit 4), JSON shape.
"""
import json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
PROG = "examples/caf_x.lam"
T = Tally("audit-assert")
check = T.check
tmp = tempfile.mkdtemp(prefix="ccm-assert-")


def run(text, *extra, prog=PROG):
    path = os.path.join(tmp, "a.assert")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run([CCM, "run", prog, "--assert", path, *extra], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr, path


CASES = [
    ('check cost(eq, "MAIN", V, 3)', "pass"),
    ('check cost(ub, "MAIN", V, 2)', "fail"),
    ('check cost(lb, "MAIN", V, 3)', "pass"),
    ('check cost(lb, "MAIN", V, 4)', "fail"),
    ('check cost(eq, "CAF:x", U, 1)', "pass"),
    ('check cost(eq, "first", V, V("second"))', "pass"),
    ('check cost(eq, "MAIN", H, H("CAF:x") * 3)', "pass"),
    ('check cost(eq, "MAIN", subentries, entries("first") + entries("second"))', "pass"),
    ('check cost(eq, "MAIN", V, (10 - 1) / 3)', "pass"),          # 9/3 = 3
    ('check cost(eq, "MAIN", V, 7 / 2)', "pass"),                 # integer division: 3
    ('check cost(ub, "MAIN", A, -1)', "fail"),                    # A is 0 > -1
    ('check cost(lb, "MAIN", A, -(2 * 3))', "pass"),
    ('check cost(eq, "MAIN", V, 1 / (P("MAIN") - 1))', "error"),  # division by zero
    ('check cost(ub, "MAIN", V, 9223372036854775807 + 1)', "error"),  # overflow
    ('check rel_cost(ub, "MAIN", V, 37.5)', "pass"),              # 3/8 = 37.5% exactly
    ('check rel_cost(lb, "MAIN", V, 37.5%)', "pass"),
    ('check rel_cost(ub, "MAIN", V, 37.499999)', "fail"),
    ('check rel_cost(lb, "MAIN", V, 37.500001)', "fail"),
    ('check rel_cost(ub, "CAF:x", P, 25)', "pass"),               # 1/4
    ('check rel_cost(lb, "CAF:x", P, 26)', "fail"),
    ('check rel_cost(ub, "MAIN", A, 0)', "pass"),                 # A total 0: share 0
    ('  check cost(eq, "MAIN", U, 1)   # trailing comment', "pass"),
]

for line, want in CASES:
    rc, out, err, path = run("# header comment\n\n" + line + "\n", "--json")
    data = json.loads(out)
    got = data["assertions"][0]["status"]
    check(got == want, f"{line}: want {want}, got {got}")
    check(rc == (0 if want == "pass" else 4), f"{line}: exit {rc}")
    col = len(line) - len(line.lstrip()) + 1
    check(data["assertions"][0]["at"] == f"{path}:3:{col}", f"{line}: at {data['assertions'][0]['at']}")

# Observed values and bounds in the JSON.
rc, out, _, _ = run('check cost(ub, "MAIN", V, 2 * entries("first") + 1)\ncheck rel_cost(ub, "MAIN", V, 40)\n', "--json")
a = json.loads(out)["assertions"]
check(a[0]["observed"] == 3 and a[0]["bound"] == 3 and a[0]["status"] == "pass", f"observed/bound: {a[0]}")
check(a[1]["observed"] == 3 and a[1]["total"] == 8 and a[1]["percent"] == 40, f"rel observed: {a[1]}")
check(json.loads(out)["failed"] == 0, "failed count 0")

# Text output: each assertion with its status and observed value.
rc, out, _, path = run('check cost(eq, "CAF:x", V, 1)\ncheck cost(ub, "second", V, 1)\n')
check(rc == 4, "text: a failure exits 4")
check(f"pass       {path}:1: check cost(eq, \"CAF:x\", V, 1)   observed 1, eq 1" in out, "text pass line")
check(f"fail       {path}:2: check cost(ub, \"second\", V, 1)   observed 2, ub 1" in out, "text fail line")
check("2 assertions, 1 failed" in out, "text summary")
check("cost centre" in out and "CAF:x" in out, "text: the report comes first")

# Bad files: exit 2, FILE:LINE:COL of the offending token.
BAD = [
    ('check cost(eq, "nosuch", V, 1)', 1, 16, "no cost centre"),
    ('check cost(ub, "MAIN", Q, 1)', 1, 24, "expected a counter"),
    ('check cost(within, "MAIN", V, 1)', 1, 12, "cost takes ub, lb or eq"),
    ('check rel_cost(eq, "MAIN", V, 1)', 1, 16, "rel_cost takes ub or lb"),
    ('\ncheck cost(ub, "MAIN", V, 1', 2, 28, "expected `)`"),
    ('check cost(ub, "MAIN", V, 1) extra', 1, 30, "unexpected text"),
    ('check total(ub, "MAIN", V, 1)', 1, 7, "expected `cost` or `rel_cost`"),
    ('assert cost(ub, "MAIN", V, 1)', 1, 1, "expected `check"),
    ('check cost(ub, "MAIN", V, 1 + )', 1, 31, "expected a number"),
    ('check cost(ub, "MAIN", V, W("MAIN"))', 1, 27, "expected a number"),
    ('check cost(ub, "MAIN, V, 1)', 1, 16, "unterminated"),
    ('check rel_cost(ub, "MAIN", V, x)', 1, 31, "expected a percentage"),
    ('check rel_cost(ub, "MAIN", V, 1.1234567)', 1, 31, "at most 6 digits"),
    ('check cost(ub, "MAIN", V, 99999999999999999999)', 1, 27, "number too large"),
    ('check cost(ub, "MAIN", V, ' + "(" * 150 + "1" + ")" * 150 + ")", 1, 127, "nested deeper"),
    ('check cost(ub, "MAIN", V, 1' + " + 1" * 2000 + ")", None, None, "longer than 1000 terms"),
]
for text, line, col, msg in BAD:
    rc, out, err, path = run(text + "\n")
    where = f"{path}:{line}:{col}: " if line else f"{path}:1:"
    check(rc == 2 and err.startswith(where) and msg in err, f"bad {text[:50]!r}: want {where}{msg}, got rc {rc} {err!r}")
    check(out == "", f"bad {text[:40]!r}: nothing on standard output")
rc, out, err = (lambda p: (p.returncode, p.stdout, p.stderr))(
    subprocess.run([CCM, "run", PROG, "--assert", os.path.join(tmp, "missing.assert")], capture_output=True, text=True))
check(rc == 2 and "missing.assert:1:1:" in err, f"missing file: exit 2 ({rc} {err!r})")
rc, out, err, path = run("check cost(eq, \"MAIN\", V, 1)\x00\n")
check(rc == 2 and "NUL" in err, f"NUL byte: exit 2 ({rc} {err!r})")

# A run stopped by the step budget: nothing is checked, every assertion fails.
rc, out, err, _ = run('check cost(ub, "MAIN", V, 100)\n', "--max-steps", "5", "--json")
data = json.loads(out)
check(rc == 4 and data["assertions"][0]["status"] == "unfinished", f"budget stop: exit 4, unfinished ({rc})")
check(data["report"]["outcome"] == "resource_error" and "steps" in err, "budget stop: the report names the cause")

# --assert is run's alone: with --rule-counts, a profile option, or on trace, a usage error.
rc, out, err, _ = run('check cost(eq, "MAIN", V, 3)\n', "--rule-counts")
check(rc == 2 and "do not combine" in err and out == "", f"--assert with --rule-counts: exit 2 ({rc})")
for opt in ("--prof", "--prof-json", "--speedscope", "--heap-profile"):
    rc, out, err, _ = run('check cost(eq, "MAIN", V, 3)\n', opt, os.path.join(tmp, "p.out"))
    check(rc == 2 and "do not combine" in err and out == "" and not os.path.exists(os.path.join(tmp, "p.out")),
          f"--assert with {opt}: exit 2, no file written ({rc})")
p = subprocess.run([CCM, "trace", PROG, "--assert", os.path.join(tmp, "a.assert")], capture_output=True, text=True)
check(p.returncode == 2 and "--assert" in p.stderr, "trace --assert: exit 2")

# An empty file: nothing to check, exit 0.
rc, out, _, _ = run("# nothing\n")
check(rc == 0 and "0 assertions, 0 failed" in out, "empty assertion file: exit 0")
T.finish()
