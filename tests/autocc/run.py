#!/usr/bin/env python3
"""tests/autocc/run.py -- automatic cost centres (docs/auto-cc.md), the
bottleneck search (docs/bottleneck.md) and the graphs (docs/graphs.md).

Every expectation is written here by hand: the transformed core from the
table of docs/auto-cc.md, the reports derived transition by transition from
docs/semantics.md section 4 (in the comments), the number of scc steps each
mode adds counted from the program's calls, the search's tree and number of
runs from its call graph, and one share recomputed by the independent
big-step evaluator (`ccm-props --eval`) on a program whose cost centres are
written by hand.  Graphs: Graphviz's `dot` must accept every file written,
and the numbers in the labels must sum to (or equal) the reports.
CCM=build/ccm-san runs it under the sanitizers.
"""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from tally import Tally  # noqa: E402
import runccm  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
PROPS = os.environ.get("CCM_PROPS", os.path.join(os.path.dirname(CCM), "ccm-props"))
T = Tally("autocc(%s)" % os.path.basename(CCM))
check = T.check
tmp = runccm.scratch("ccm-autocc-")
T1 = os.path.join(HERE, "t1.lam")
EXAMPLE = os.path.join(ROOT, "examples", "bottleneck.lam")


def write(name, text):
    return runccm.write(tmp, name, text)


def ccm(*args, env=None):
    return runccm.run(T, CCM, *args, env=env)


def report(*args):
    p = ccm("run", "--json", *args)
    check(p.returncode == 0, f"run {args}: exit {p.returncode} {p.stderr[:200]}")
    return json.loads(p.stdout.strip().splitlines()[-1]) if p.stdout.strip() else None


def costs(r, cc):
    c = r["costs"].get(cc, {})
    return {k: v for k, v in c.items() if v}


def totals(r):
    return {k: sum(c[k] for c in r["costs"].values()) for k in "ACVUHP"}


# ---- 1. the transformed core (docs/auto-cc.md's table, by hand) -------------
T1_LINE5 = "main = let go = \\n -> sq n; h = \\m -> let inner = \\z -> z in inner m; a = 3 in twice go a;"
T1_LINE2 = "twice = \\f -> \\x -> let y = f x in f y;"
col5 = lambda s: T1_LINE5.index(s) + 1      # columns counted on the source line
col2 = lambda s, start=0: T1_LINE2.index(s, start) + 1
unchanged = ['k = scc "mine" \\x -> x;', 'g = \\x -> scc "own" x;']   # hand-written: as written
want_core = {
    "top": ['sq = \\x -> scc "sq" x * x;',
            'twice = \\f -> \\x -> scc "twice" let y = f x in f y;', *unchanged, T1_LINE5],
    "all": ['sq = \\x -> scc "sq" x * x;',
            'twice = \\f -> \\x -> scc "twice" let y = f x in f y;', *unchanged,
            'main = let go = \\n -> scc "main.go" sq n; h = \\m -> scc "main.h" let inner = '
            '\\z -> scc "main.h.inner" z in inner m; a = 3 in twice go a;'],
    "calls": ['sq = \\x -> x * x;',
              'twice = \\f -> \\x -> let y = scc "f@2:%d" f x in scc "f@2:%d" f y;'
              % (col2("f x"), col2("f y")), *unchanged,
              'main = let go = \\n -> scc "sq@5:%d" sq n; h = \\m -> let inner = \\z -> z in '
              'scc "inner@5:%d" inner m; a = 3 in scc "twice@5:%d" twice go a;'
              % (col5("sq n"), col5("inner m"), col5("twice go"))],
}
for mode, lines in want_core.items():
    p = ccm("core", "--auto-cc", mode, T1)
    check(p.returncode == 0 and p.stdout.splitlines() == lines,
          f"core --auto-cc {mode}:\n{p.stdout}\nwanted:\n" + "\n".join(lines))
    # the printed core re-parses, and is a fixed point without --auto-cc
    again = write(f"t1-{mode}.lam", p.stdout)
    q = ccm("core", again)
    check(q.stdout == p.stdout, f"core --auto-cc {mode} is not a fixed point:\n{q.stdout}")
    # applying the mode again adds nothing: every wrapped part is now under an scc
    q = ccm("core", "--auto-cc", mode, again)
    check(q.stdout == p.stdout, f"--auto-cc {mode} twice wraps twice:\n{q.stdout}")
p = ccm("core", "--auto-cc", "none", T1)
check(p.returncode == 0 and p.stdout == ccm("core", T1).stdout, "--auto-cc none changes the core")
p = ccm("core", "--json", "--auto-cc", "top", T1)
check(p.returncode == 0 and '"sq"' in p.stdout and p.stdout.count('"scc"') == 4,
      f"core --json --auto-cc top: {p.stdout[:300]}")

# ---- 2. t1's runs: same value, totals; steps + the scc entries counted by hand
# twice go 3 = sq (sq 3) = 81.  top: sq entered twice, twice once: 3 scc
# transitions.  all: those, and main.go twice (h never called): 5.  calls:
# f@ once each, sq@ twice (once per go), twice@ once, inner@ never: 5.
plain = report(T1)
check(plain and plain["value"] == "81", f"t1 value {plain and plain['value']}")
for mode, added in (("top", 3), ("all", 5), ("calls", 5)):
    r = report("--auto-cc", mode, T1)
    if not (r and plain):
        continue
    check(r["value"] == "81", f"t1 --auto-cc {mode}: value {r['value']}")
    check(r["steps"] == plain["steps"] + added,
          f"t1 --auto-cc {mode}: {r['steps']} steps, plain {plain['steps']} + {added}")
    check(totals(r) == totals(plain), f"t1 --auto-cc {mode}: totals {totals(r)} vs {totals(plain)}")
    entries = sum(c["entries"] for c in r["costs"].values()) - sum(c["entries"] for c in plain["costs"].values())
    check(entries == added, f"t1 --auto-cc {mode}: {entries} entries added, wanted {added}")
r = report("--auto-cc", "top", "--json", T1)
check(r and costs(r, "mine") == {} and "own" not in r["costs"] or costs(r, "own") == {},
      "t1: hand-written cost centres charged though never entered")

# ---- 3. whole reports derived by hand -------------------------------------
# id.lam with --auto-cc top: id = \x -> scc "id" x; main = let a = 5 in id a;
#  1 var2 main: V MAIN   2 let: H MAIN   3 app1: A MAIN   4 var1 id: V MAIN
#  5 app2 (cost centre: MAIN)   6 scc: entry id, subentry MAIN
#  7 var1 a: V id (cost centre back to SUBCAF(MAIN, id) = MAIN)   8 var3 main: U MAIN
idp = write("id.lam", "id = \\x -> x;\nmain = let a = 5 in id a;\n")
r = report("--auto-cc", "top", idp)
if r:
    check(r["value"] == "5" and r["steps"] == 8 and r["returned_cc"] == "MAIN", f"id top: {r}")
    check(costs(r, "MAIN") == {"A": 1, "V": 2, "U": 1, "H": 1, "subentries": 1}, f"id top MAIN {costs(r, 'MAIN')}")
    check(costs(r, "id") == {"V": 1, "entries": 1}, f"id top id {costs(r, 'id')}")
# with --auto-cc calls: main = let a = 5 in scc "id@2:21" id a;
#  1 var2 main: V MAIN   2 let: H MAIN   3 scc: entry id@2:21, subentry MAIN
#  4 app1: A id@   5 var1 id: V id@   6 app2   7 var1 a: V id@ (then MAIN)   8 var3: U MAIN
r = report("--auto-cc", "calls", idp)
if r:
    check(r["value"] == "5" and r["steps"] == 8, f"id calls: {r}")
    check(costs(r, "MAIN") == {"V": 1, "U": 1, "H": 1, "subentries": 1}, f"id calls MAIN {costs(r, 'MAIN')}")
    check(costs(r, "id@2:21") == {"A": 1, "V": 2, "entries": 1}, f"id calls id@2:21 {r['costs']}")
# a let-bound function with --auto-cc all: main = let f = \x -> scc "main.f" x; a = 1 in f a;
#  1 var2 main: V MAIN   2 let: 2 H MAIN   3 app1: A MAIN   4 var1 f: V MAIN   5 app2
#  6 scc: entry main.f, subentry MAIN   7 var1 a: V main.f   8 var3 main: U MAIN
lp = write("let.lam", "main = let f = \\x -> x; a = 1 in f a;\n")
r = report("--auto-cc", "all", lp)
if r:
    check(r["value"] == "1" and r["steps"] == 8, f"let all: {r}")
    check(costs(r, "MAIN") == {"A": 1, "V": 2, "U": 1, "H": 2, "subentries": 1}, f"let all MAIN {costs(r, 'MAIN')}")
    check(costs(r, "main.f") == {"V": 1, "entries": 1}, f"let all main.f {r['costs']}")
r = report("--auto-cc", "top", lp)   # main is no function: top adds nothing
check(r and set(r["costs"]) == {"MAIN"} and r["steps"] == 7, f"let top: {r}")
# the same through trace, and through JSON core
p = ccm("trace", "--auto-cc", "all", lp)
check(p.returncode == 0 and "main.f" in p.stdout, f"trace --auto-cc all: {p.stdout[-300:]}")
js = write("id.json", ccm("core", "--json", idp).stdout)
r = report("--input", "json", "--auto-cc", "top", js)
check(r and costs(r, "id") == {"V": 1, "entries": 1}, f"JSON core --auto-cc top: {r}")

# ---- 4. usage and bad input ------------------------------------------------
for args, says in ((("run", "--auto-cc", "most", T1), "--auto-cc takes none, top, all or calls"),
                   (("run", "--auto-cc"), "needs a value"),
                   (("explain", "--auto-cc", "top", T1), "has no --auto-cc"),
                   (("run", "--resource", "H", T1), "--resource chooses what --dot/--svg draw"),
                   (("run", "--dot", "x.dot", "--resource", "Q", T1), "--resource takes A, C, V, U, H, P or steps"),
                   (("trace", "--dot", "x.dot", T1), "is an option of `ccm run` and `ccm bottleneck` only"),
                   (("bottleneck", T1), "needs --resource"),
                   (("bottleneck", "--resource", "H"), "needs a FILE"),
                   (("bottleneck", "--resource", "H", "--heuristic", "min", T1), "--heuristic takes max, threshold=PCT or cover=PCT"),
                   (("bottleneck", "--resource", "H", "--heuristic", "cover=", T1), "--heuristic takes"),
                   (("bottleneck", "--resource", "H", "--heuristic", "cover=50%", T1), "--heuristic takes"),
                   (("bottleneck", "--resource", "H", "--heuristic", "threshold=0", T1), "--heuristic takes"),
                   (("bottleneck", "--resource", "H", "--heuristic", "threshold=101", T1), "--heuristic takes"),
                   (("bottleneck", "--resource", "H", "--rules", "fig2", T1), "takes --resource"),
                   (("bottleneck", "--resource", "entries", T1), "--resource takes")):
    p = ccm(*args)
    check(p.returncode == 2 and says in p.stderr, f"{args}: exit {p.returncode}, {p.stderr[:200]}")
bad = write("bad.lam", "main = let x = in x;\n")
for args in (("run", "--auto-cc", "all", bad), ("core", "--auto-cc", "calls", bad),
             ("bottleneck", "--resource", "A", bad)):
    p = ccm(*args)
    check(p.returncode == 2 and p.stderr.startswith(bad + ":1:"), f"{args}: {p.returncode} {p.stderr[:200]}")
# 3500 nested local functions: 7000 levels as written, 10500 with their
# 3500 scc nodes -- past the front end's 10000 (docs/auto-cc.md)
n = 3500
deep = write("deep.lam", "main = " + "".join("let g%d = \\y%d -> " % (i, i) for i in range(n)) + "1"
             + " in 2" * n + ";\n")
check(ccm("core", deep).returncode == 0, "deep.lam itself is refused")
p = ccm("run", "--auto-cc", "all", deep)
check(p.returncode == 2 and p.stderr.startswith(deep + ":1:1: with automatic cost centres `main` is nested deeper than 10000"),
      f"deep --auto-cc all: {p.returncode} {p.stderr[:200]}")
p = ccm("bottleneck", "--resource", "A", os.path.join(tmp, "missing.lam"))
check(p.returncode == 2 and "cannot open" in p.stderr, f"missing file: {p.stderr[:200]}")
# a run that fails: the search says which run, and exits as `ccm run` would
divz = write("divz.lam", "f = \\x -> x / 0;\nmain = let a = 1 in f a;\n")
p = ccm("bottleneck", "--resource", "P", divz)
check(p.returncode == 1 and "run 1" in p.stderr and "division by zero" in p.stderr, f"divz: {p.returncode} {p.stderr}")
p = ccm("bottleneck", "--resource", "P", "--max-steps", "3", EXAMPLE)
check(p.returncode == 3 and "run 1" in p.stderr, f"budget: {p.returncode} {p.stderr}")


# ---- 5. the bottleneck search -----------------------------------------------
def search(path, *args):
    p = ccm("bottleneck", path, "--json", *args)
    check(p.returncode == 0, f"bottleneck {path} {args}: exit {p.returncode} {p.stderr[:300]}")
    return json.loads(p.stdout) if p.returncode == 0 else None


def path_to(tree, name):
    k = next((i for i, n in enumerate(tree) if n["name"] == name), None)
    out = []
    while k is not None:
        out.insert(0, tree[k]["name"])
        k = tree[k]["parent"]
    return out


# examples/bottleneck.lam: run 1 gives every function a cost centre, to see
# who calls whom; then main's callees process, range, summary (run 2);
# process's total, slowrev (run 3); slowrev's append (run 4); append calls
# only itself: a leaf, no run.  slowrev appends at the end: quadratic.
for res in ("A", "V", "H", "steps"):
    s = search(EXAMPLE, "--resource", res)
    if not s:
        continue
    check(s["bottleneck"] == "append", f"example {res}: bottleneck {s['bottleneck']}")
    check(path_to(s["tree"], "append") == ["main", "process", "slowrev", "append"], f"example {res}: {s['tree']}")
    check(s["runs"] == 4 and len(s["tree"]) == 4, f"example {res}: {s['runs']} runs, {len(s['tree'])} nodes")
    check(s["tree"][0]["inherited_share"] == 100.0, f"example {res}: root {s['tree'][0]}")
    check([n["run"] for n in s["tree"]] == [0, 2, 3, 4], f"example {res}: runs {[n['run'] for n in s['tree']]}")
    leaf = s["tree"][3]
    check(leaf["individual"] == leaf["inherited"], f"example {res}: a leaf keeps all it inherits {leaf}")
# threshold=5 on V keeps every callee with 5 % or more: main's process (84.8),
# range (10.0), summary (5.1); process's slowrev and total (10.1); total's
# total.go; slowrev's append.  Runs: the call graph, then main, process,
# slowrev, total, summary (range and append have no callees but
# themselves; total.go neither): 6.
s = search(EXAMPLE, "--resource", "V", "--heuristic", "threshold=5")
if s:
    names = sorted(n["name"] for n in s["tree"])
    check(names == sorted(["main", "process", "slowrev", "append", "total", "total.go", "range", "summary"]),
          f"threshold=5: {names}")
    check(s["runs"] == 6, f"threshold=5: {s['runs']} runs")
    check(all(n["inherited_share"] >= 5 for n in s["tree"]), "threshold=5 kept a node under 5 %")
# cover=PCT keeps the costliest callees until they and the node itself
# explain PCT % of what the node and its candidates got in that run.  A in
# the runs of examples/bottleneck.lam (the threshold=0.001 tree lists them):
#   main 4, process 3844, range 240, summary 125 (base 4213): cover=95 keeps
#   process (91.2 %) and range (96.9 %); cover=50 process alone;
#   process 2, slowrev 3720, total 244 (base 3966): 95 keeps both (93.8 %,
#   100 %), 50 slowrev;  slowrev 180, append 3540: append (95.2 %);
#   total 4, total.go 240: total.go.
for pct, want in ((95, {"main", "process", "range", "slowrev", "total", "append", "total.go"}),
                  (50, {"main", "process", "slowrev", "append"})):
    s = search(EXAMPLE, "--resource", "A", "--heuristic", "cover=%d" % pct)
    check(s and {n["name"] for n in s["tree"]} == want and s["heuristic"] == "cover" and s["pct"] == pct,
          f"cover={pct}: {s and [n['name'] for n in s['tree']]}")
s = search(EXAMPLE, "--resource", "V", "--heuristic", "threshold=90")
check(s and [n["name"] for n in s["tree"]] == ["main"] and s["runs"] == 2, f"threshold=90: {s}")

# run 1's share of process, recomputed by the big-step evaluator on the
# example with the cost centres of run 1 (main's callees) written by hand
if os.path.exists(PROPS):
    src = open(EXAMPLE).read()
    for name in ("process", "range", "summary"):
        src = re.sub(r"^(%s [a-z ]*)= " % name, r'\1= scc "%s" ' % name, src, flags=re.M)
    check(src.count("scc") == 3, f"hand cost centres not placed:\n{src}")
    hand = write("run1.lam", src)
    out = subprocess.run([PROPS, "--eval", hand], capture_output=True, text=True).stdout
    v = {w[1]: int(w[2 + 2]) for w in (l.split() for l in out.splitlines()) if w and w[0] == "cost"}
    s = search(EXAMPLE, "--resource", "V")
    if s and v:
        node = next(n for n in s["tree"] if n["name"] == "process")
        check(node["inherited"] == v.get("process"), f"process V: search {node['inherited']}, big-step {v}")
        check(abs(node["inherited_share"] - round(100 * v["process"] / sum(v.values()), 1)) < 0.051,
              f"process V share {node['inherited_share']} vs big-step {v}")
else:
    check(False, f"{PROPS} not built")

# a quadratic helper hidden in a where clause, called only from its sibling
hidden = write("hidden.lam", """down n = if n == 0 then [] else n : down (n - 1);
checksum xs = go 0 xs where { go acc ys = case ys of { [] -> acc; y : rest -> go (acc + y) rest } };
tidy xs = sorted xs where {
  sorted zs = case zs of { [] -> []; z : rest -> ins z (sorted rest) };
  ins x ys = case ys of { [] -> [x]; y : rest -> if x <= y then x : ys else y : ins x rest } };
main = checksum (tidy (down 40)) + checksum (down 40);
""")
for res in ("C", "H", "steps"):
    s = search(hidden, "--resource", res)
    if s:
        check(s["bottleneck"] == "tidy.ins", f"hidden {res}: {s['bottleneck']}")
        # tidy defines ins: under lexical scoping ins's closure carries tidy's
        # cost centre, so the first run sees tidy enter ins (docs/bottleneck.md)
        check(path_to(s["tree"], "tidy.ins") == ["main", "tidy", "tidy.ins"], f"hidden {res}: {s['tree']}")
# the cost is a top-level constant's: forcing a constant begins no scc, so
# only the text says main uses big (an operand of +).  P: slow.go's 3000
# rounds of 3 primitives (==, -, +) and its last ==, then main's + and
# small's +: 9000 + 1 + 1 + 1 = 9003 (docs/bottleneck.md)
cafb = write("cafb.lam", """slow n = go n 0 where { go k acc = if k == 0 then acc else go (k - 1) (acc + 1) };
big = slow 3000;
small x = x + 1;
main = big + small 5;
""")
s = search(cafb, "--resource", "P")
if s:
    check(path_to(s["tree"], "slow.go") == ["main", "big", "slow", "slow.go"], f"cafb: {s['tree']}")
    check(s["bottleneck"] == "slow.go" and s["tree"][0]["inherited"] == 9003, f"cafb: {s}")
    check([n["kind"] for n in s["tree"]] == ["main", "caf", "function", "function"], f"cafb kinds: {s['tree']}")
# a program with one local function that costs nothing: two runs, the root
# alone, 100 %
s = search(lp, "--resource", "H")
check(s and len(s["tree"]) == 1 and s["runs"] == 2 and s["tree"][0]["individual_share"] == 100.0, f"no function: {s}")
# the costly function is passed to map inside a constant: only the run
# with every function costed shows that map applies slowsq (docs/bottleneck.md)
hof = write("hof.lam", """range a b = if a > b then [] else a : range (a + 1) b;
map f xs = case xs of { [] -> []; x : rest -> f x : map f rest };
sum xs = case xs of { [] -> 0; x : rest -> x + sum rest };
slowsq n = go n 0 where { go k acc = if k == 0 then acc else go (k - 1) (acc + n) };
table = map slowsq (range 1 80);
cheap x = x + 1;
main = sum table + sum (map cheap (range 1 80));
""")
for res in ("A", "V", "steps"):
    s = search(hof, "--resource", res)
    if s:
        check(s["bottleneck"] == "slowsq.go", f"hof {res}: {s['bottleneck']}")
        check(path_to(s["tree"], "slowsq.go") == ["main", "map", "slowsq", "slowsq.go"], f"hof {res}: {s['tree']}")
# standard input: named <stdin>, the same tree
p = subprocess.run([CCM, "bottleneck", "-", "--resource", "H", "--json"], input=open(EXAMPLE).read(),
                   capture_output=True, text=True)
s2 = json.loads(p.stdout) if p.returncode == 0 else None
s1 = search(EXAMPLE, "--resource", "H")
check(s2 and s1 and s2["program"] == "<stdin>" and s2["tree"] == s1["tree"], f"stdin: {p.returncode} {p.stderr[:200]}")
# --auto-cc goes with the profile writers too: the .prof names the new cost centres
p = ccm("run", "--auto-cc", "top", "--prof", "-", EXAMPLE)
check(p.returncode == 0 and re.search(r"^\s*append\b", p.stdout, re.M) is not None, "--auto-cc with --prof")
# deterministic, and the text report carries the JSON's numbers
a, b = ccm("bottleneck", EXAMPLE, "--resource", "H"), ccm("bottleneck", EXAMPLE, "--resource", "H")
check(a.stdout == b.stdout and a.returncode == 0, "two searches differ")
s = search(EXAMPLE, "--resource", "H")
if s:
    for n in s["tree"]:
        row = "%s %d %.1f%% %d %.1f%% %d" % (n["name"], n["inherited"], n["inherited_share"],
                                            n["individual"], n["individual_share"], n["run"])
        check(row in re.sub(r" +", " ", a.stdout), f"text report lacks `{row}`:\n{a.stdout}")
    check("bottleneck: append" in a.stdout, a.stdout)

# ---- 6. the graphs ------------------------------------------------------------
DOT = shutil.which("dot")
check(DOT is not None, "Graphviz's dot is not installed (make setup)")


def dot_accepts(path):
    if not DOT:
        return False
    p = subprocess.run([DOT, "-Tsvg", path, "-o", os.devnull], capture_output=True, text=True)
    return p.returncode == 0 and "Error" not in p.stderr


def labels(path):
    """node name -> the lines of its label (the run's xlabel)."""
    out = {}
    for m in re.finditer(r'xlabel="((?:[^"\\]|\\.)*)"', open(path).read()):
        lines = m.group(1).split("\\n")
        out[lines[0]] = lines[1:]
    return out


for res in ("A", "C", "V", "U", "H", "P", "steps"):
    d = os.path.join(tmp, f"run-{res}.dot")
    p = ccm("run", "--json", "--auto-cc", "all", "--dot", d, "--resource", res, EXAMPLE)
    check(p.returncode == 0 and os.path.exists(d), f"run --dot {res}: {p.stderr[:200]}")
    if p.returncode:
        continue
    r = json.loads(p.stdout.strip().splitlines()[-1])
    check(dot_accepts(d), f"dot rejects {d}")
    nums = {n: int(l[0].split()[1]) for n, l in labels(d).items()}
    want = r["steps"] if res == "steps" else totals(r)[res]
    check(sum(nums.values()) == want, f"run --dot {res}: labels sum to {sum(nums.values())}, report {want}")
    if res != "steps":
        check(all(r["costs"][n][res] == v for n, v in nums.items()), f"run --dot {res}: a label differs {nums}")
    pct = {n: float(l[0].split("(")[1].rstrip("%)")) for n, l in labels(d).items()}
    check(abs(sum(pct.values()) - 100.0) < 0.05 * len(pct) + 0.01, f"run --dot {res}: shares sum to {sum(pct.values())}")
# the search's tree: one node per tree node, its numbers those of the report
d = os.path.join(tmp, "tree.dot")
p = ccm("bottleneck", EXAMPLE, "--resource", "H", "--heuristic", "threshold=5", "--json", "--dot", d)
check(p.returncode == 0 and dot_accepts(d), f"bottleneck --dot: {p.stderr[:200]}")
if p.returncode == 0:
    s = json.loads(p.stdout)
    lab = labels(d)
    check(set(lab) == {n["name"] for n in s["tree"]}, f"tree nodes {set(lab)}")
    for n in s["tree"]:
        check(lab.get(n["name"]) == ["inherited %.1f%%" % n["inherited_share"], "individual %.1f%%" % n["individual_share"]],
              f"tree label {n['name']}: {lab.get(n['name'])}")
    text = open(d).read()
    check(text.count("->") == len(s["tree"]) - 1, "tree edges: one per node but the root")
    # colour: the band of the individual share (docs/graphs.md): append keeps
    # 76.2 % of H for itself (75-100: red), main 0.3 % (0-25: green)
    check(re.search(r'fillcolor="#e8463a", xlabel="append\\n', text) is not None, f"append not red:\n{text}")
    check(re.search(r'fillcolor="#7dcc6e", xlabel="main\\n', text) is not None, "main not green")
    # area: the inherited share; main (100 %) is the widest, 1.6 inches
    check(re.search(r'width=1\.600, fillcolor="[^"]*", xlabel="main\\n', text) is not None, "main not 1.6 in wide")
    # and every node's area is its share of main's: width = 1.6 in x sqrt(share), at least 0.08 in
    widths = {m.group(2): float(m.group(1)) for m in re.finditer(r'width=([0-9.]+), fillcolor="[^"]*", xlabel="([^\\"]*)\\n', text)}
    for n in s["tree"]:
        want = max(0.08, 1.6 * (n["inherited"] / s["tree"][0]["inherited"]) ** 0.5) if s["tree"][0]["inherited"] else 0.08
        check(abs(widths.get(n["name"], -1) - want) < 0.002,   # H: every run has the same total
              f"width of {n['name']}: {widths.get(n['name'])}, wanted about {want:.3f}")
# svg through dot; both files at once; standard output
for args in (("run", "--auto-cc", "top", "--svg"), ("bottleneck", "--resource", "A", "--svg")):
    svg = os.path.join(tmp, "g.svg")
    if os.path.exists(svg):
        os.remove(svg)
    p = ccm(args[0], EXAMPLE, *args[1:], svg)
    check(p.returncode == 0 and os.path.exists(svg) and "<svg" in open(svg).read(), f"{args}: {p.stderr[:200]}")
p = ccm("bottleneck", EXAMPLE, "--resource", "A", "--dot", "-")
check(p.returncode == 0 and p.stdout.count("digraph") == 1, "--dot - did not follow the report")
# no dot on PATH: a clear error, exit 2
p = ccm("run", "--svg", os.path.join(tmp, "x.svg"), EXAMPLE, env={**os.environ, "PATH": tmp})
check(p.returncode == 2 and "needs Graphviz's `dot`" in p.stderr, f"no dot: {p.returncode} {p.stderr[:200]}")
p = ccm("run", "--dot", os.path.join(tmp, "no", "such", "dir.dot"), EXAMPLE)
check(p.returncode == 2 and "cannot write" in p.stderr, f"bad --dot path: {p.stderr[:200]}")

shutil.rmtree(tmp, ignore_errors=True)
T.finish()
