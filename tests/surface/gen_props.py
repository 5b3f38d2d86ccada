#!/usr/bin/env python3
"""tests/surface/gen_props.py -- generated programs, core and surface.

`ccm-gen --seed N` prints a generated core program; `ccm-gen --seed N
--surface` prints the same tree in the surface language wherever gen/sugar.c
(which reads the generator's own tree, not front/) finds a surface form that
docs/surface.md's table desugars back to it: a `let` of exactly the parts
the desugaring binds written in place as nested arguments, fields and
operands (with the precedences of the table deciding the parentheses),
`:`, `[]` and list literals, `if`, equations, `where`, SCC pragmas, block comments.  For
each seed:
  1. `ccm core --json` of the surface text equals that of the core text, up
     to the names of bound variables (canon below): the front end's
     desugaring built the very tree;
  2. the two `ccm run --json` reports are equal (value, steps, every
     counter), under fig6/lexical and fig2/evaluation.
And the programs are not vacuous: over all seeds every surface form occurs.
SEEDS (default 300) seeds of size 5; CCM, CCM_GEN name the binaries.
"""
import json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
GEN = os.environ.get("CCM_GEN", "build/ccm-gen")
SEEDS = int(os.environ.get("SEEDS", "300"))
T = Tally("surface-gen(%s)" % os.path.basename(CCM))
check = T.check
tmp = tempfile.mkdtemp(prefix="ccm-surface-gen-")
os.environ["ASAN_OPTIONS"] = "exitcode=99:detect_leaks=1"
os.environ["UBSAN_OPTIONS"] = "exitcode=99:print_stacktrace=1:halt_on_error=1"


def canon(node, env, fresh):
    """A JSON core tree (docs/core-json.md) with every bound name replaced by
    a number given in the order of binding, positions dropped: two trees are
    equal up to the names of bound variables exactly when their canons are."""
    def name(n):
        return env.get(n, n)

    def bind(names):
        inner = dict(env)
        ids = []
        for n in names:
            fresh[0] += 1
            inner[n] = "#%d" % fresh[0]
            ids.append(inner[n])
        return inner, ids

    k = node["node"]
    if k == "variable":
        return ["var", name(node["name"])]
    if k == "literal":
        return ["lit", node["value"]]
    if k == "lambda":
        inner, ids = bind([node["param"]])
        return ["lam", ids, canon(node["body"], inner, fresh)]
    if k == "application":
        return ["app", canon(node["fun"], env, fresh), name(node["arg"])]
    if k == "let":
        inner, ids = bind([b["name"] for b in node["bindings"]])
        return ["let", ids, [canon(b["body"], inner, fresh) for b in node["bindings"]],
                canon(node["body"], inner, fresh)]
    if k == "constructor":
        return ["con", node["con"], [name(a) for a in node["args"]]]
    if k == "case":
        alts = []
        for a in node["alts"]:
            inner, ids = bind(a.get("vars") or [])
            alts.append([a.get("con"), ids, canon(a["body"], inner, fresh)])
        return ["case", canon(node["scrutinee"], env, fresh), alts]
    if k in ("scc", "scc_sub"):
        return [k, node["cc"], canon(node["body"], env, fresh)]
    if k == "primitive":
        return ["prim", node["op"], canon(node["left"], env, fresh), canon(node["right"], env, fresh)]
    raise ValueError("unknown node " + k)


def program_canon(text):
    doc = json.loads(text)
    fresh = [0]
    return [[b["name"], canon(b["body"], {}, fresh)] for b in doc["bindings"]]


def run(*args):
    p = subprocess.run([CCM, *args], capture_output=True, text=True)
    check("Sanitizer" not in p.stderr and "runtime error:" not in p.stderr, f"sanitizer: {args} {p.stderr[:300]}")
    return p


def report(path, rules, scoping):
    p = run("run", "--json", "--max-steps", "200000", "--rules", rules, "--scoping", scoping, path)
    try:
        r = json.loads(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return ("no report", p.returncode, p.stderr[:200])
    return (r["value"], r["steps"], r["costs"], (r["error"] or {}).get("kind"))


FORMS = {   # surface form -> how it shows in the text
    "`if`": re.compile(r"\bif\b"), "`:`": re.compile(r" : "), "`[]`": re.compile(r"\[\]"),
    "list literal": re.compile(r"\[[^]\n]"),
    "SCC pragma": re.compile(r"\{-# SCC"), "`where`": re.compile(r"\bwhere \{"),
    "block comment": re.compile(r"\{- "), "equation": re.compile(r"^[a-z]\w* [a-z]", re.M),
}
met = {f: 0 for f in FORMS}
inlined = 0
for seed in range(1, SEEDS + 1):
    core_src = os.path.join(tmp, "c.lam")
    surf_src = os.path.join(tmp, "s.lam")
    with open(core_src, "w") as f:
        f.write(subprocess.run([GEN, "--seed", str(seed), "--size", "5"], capture_output=True, text=True).stdout)
    surf = subprocess.run([GEN, "--seed", str(seed), "--size", "5", "--surface"], capture_output=True, text=True).stdout
    with open(surf_src, "w") as f:
        f.write(surf)
    for form, rx in FORMS.items():
        met[form] += bool(rx.search(surf))
    a, b = run("core", "--json", core_src), run("core", "--json", surf_src)
    same = a.returncode == 0 and b.returncode == 0 and program_canon(a.stdout) == program_canon(b.stdout)
    check(same, f"seed {seed}: the surface program's core differs from the core program's: "
                f"{a.stderr[:200]} {b.stderr[:200]}\n  ccm-gen --seed {seed} --size 5 --surface")
    # each `let` of the core text missing from the surface text was written as nested parts
    # lets of the core not written as `let` or `where` in the surface text: written as nested parts
    words = re.sub(r'"[^"\n]*"|--.*|\{-.*?-\}', "", surf)
    inlined += a.stdout.count('"node":"let"') - len(re.findall(r"\blet\b", words)) - len(re.findall(r"\bwhere\b", words))
    for rules, scoping in (("fig6", "lexical"), ("fig2", "evaluation")):
        ra, rb = report(core_src, rules, scoping), report(surf_src, rules, scoping)
        check(ra == rb, f"seed {seed} {rules}/{scoping}: core {str(ra)[:300]} != surface {str(rb)[:300]}")

print("surface forms in %d programs: %s; lets written as nested parts: %d"
      % (SEEDS, ", ".join(f"{f} {n}" for f, n in met.items()), inlined))
for form, n in met.items():
    check(n > 0, f"no generated program has a {form}")
check(inlined >= SEEDS, f"only {inlined} lets written as nested parts in {SEEDS} programs")
T.finish()
