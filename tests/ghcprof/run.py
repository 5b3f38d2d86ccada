#!/usr/bin/env python3
"""tests/ghcprof/run.py [BUILD] [NAME...] -- the reference evaluator's
cost-centre stacks (docs/stacks.md) against GHC's own profiler.

For each tests/ghcprof/NAME.hs with its NAME.lam (the same program, the
same SCCs, the same laziness):

  1. GHC: `ghc -O0 -prof -fprof-cafs -rtsopts` into BUILD/ghcprof/NAME
     (never into the source tree), run with `+RTS -pa` (the -P report with
     every cost-centre stack, none pruned), and read the .prof's tree with
     tests/profiles/prof_format.py;
  2. ccm: `ccm-props --eval-stacks --stacks ghc NAME.lam`, its `stack`
     lines, and the machine, `ccm run --stacks ghc --json NAME.lam`, its
     stack table (the same tree, node for node);
  3. by hand: the `--= "MAIN" "f" : N` lines of NAME.lam (every stack the
     run makes, with its entries).

GHC's tree is mapped to ccm's stacks (docs/stacks.md, "Against GHC"):
MAIN / CAF:result / ... is <MAIN, ...> (result is the Haskell CAF that
holds ccm's main; Haskell's main is `print result`), MAIN / CAF:x / ... is
<CAF:x, ...>, and a cost centre of module Main is itself.  Left out, each
with its reason: GHC's MAIN node itself, the two CAF:main nodes (the IO
action), the library modules' CAF nodes and the RTS's built-in cost
centres; a left-out node must have no cost centre of Main below it.  GHC
makes a cost centre per SCC annotation, ccm one per name: a .hs writes each
name once unless its .lam says --ghc-same-name-twice, and GHC's nodes with
the same path of labels are summed.  A program may leave out more, each
with its reason, with a line
    --ghc-exclude "MAIN" "f" : reason
(that stack is left out of the comparison with GHC only; the hand
derivation still checks ccm's count on it).

Then: GHC's output is ccm's value; the three trees have the same stacks
(ccm prints only stacks with a non-zero counter; its tree is those
and their prefixes, which have 0 entries when not printed, as GHC's tree
has a node for every stack made, e.g. between two names one call pushes) and the same entries on each.  Only entries are compared:
GHC's other columns count ticks and bytes, which ccm does not have.
Last (when no NAME is given), under each other push or call policy (--push append, single, --call
lexical, evaluation) some program's tree must differ from GHC's: the
programs tell GHC's policies from the others.

CCM_PROPS overrides the evaluator; GHC the compiler.  Skipped when ghc is
not installed.  Prints "ghcprof: N passed, N failed[, N skipped]"."""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "profiles"))
from tally import Tally                # noqa: E402
import prof_format                     # noqa: E402

T = Tally("ghcprof")
GHC_FLAGS = ["-O0", "-prof", "-fprof-cafs", "-rtsopts"]
RTS_BUILTIN = {"MAIN", "SYSTEM", "GC", "IDLE", "PROFILING"}   # modules of the RTS's own cost centres
STACK = re.compile(r'"([^"]*)"')


def names(text):
    return tuple(STACK.findall(text))


def show(path):
    return "<" + ",".join(path) + ">"


def ghc_tree(name, build):
    """{stack: entries} of GHC's report mapped to ccm's stacks, the
    left-out nodes {reason: count}, GHC's standard output."""
    out = os.path.join(build, "ghcprof", name)
    os.makedirs(out, exist_ok=True)
    exe = os.path.join(out, name)
    src = os.path.join(HERE, name + ".hs")
    if not os.path.exists(exe) or os.path.getmtime(exe) < max(os.path.getmtime(src), os.path.getmtime(__file__)):
        # the source named from its directory: the SRC column then holds no
        # directory (prof_format splits rows at blanks); every output goes to out
        r = subprocess.run([os.environ.get("GHC", "ghc")] + GHC_FLAGS + ["-fforce-recomp", "-outputdir", out, "-o", exe, name + ".hs"],
                           cwd=HERE, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"ghc -prof failed (is ghc-prof installed?): {r.stderr.strip()[-400:]}")
    prof = os.path.join(out, name + ".prof")
    if os.path.exists(prof):
        os.remove(prof)
    r = subprocess.run([exe, "+RTS", "-pa", "-RTS"], cwd=out, capture_output=True, text=True, check=True)
    tree = prof_format.parse(open(prof).read())["tree"]
    stacks, left_out, path, merged = {}, {}, [], set()
    for node in tree:
        d, label, module = node["depth"], node["label"], node["module"]
        del path[d:]
        path.append((label, module))
        if d == 0:
            if (label, module) != ("MAIN", "MAIN"):
                raise RuntimeError(f"GHC's tree starts with {label} {module}, not MAIN")
            why = "GHC's MAIN, the parent of every CAF (ccm's roots are separate trees)"
        elif d == 1 and label == "CAF:main" and module in ("Main", ":Main"):
            why = "CAF:main: Haskell's main, the IO action `print result`"
        elif d == 1 and label == "CAF:result" and module == "Main":
            stacks[("MAIN",)] = node["entries"]
            continue
        elif d == 1 and label.startswith("CAF:") and module == "Main":
            stacks[(label,)] = node["entries"]
            continue
        elif d == 1 and label == "CAF":
            why = "a library module's CAF node (base is not built with -fprof-cafs)"
        elif d == 1 and module in RTS_BUILTIN:
            why = "the RTS's own cost centres (DONT_CARE, GC, IDLE, OVERHEAD_of, PINNED, SYSTEM)"
        elif module == "Main" and path[1][1] == "Main" and path[1][0].startswith("CAF:") \
                and path[1][0] != "CAF:main" and all(m == "Main" for _, m in path[2:]):
            key = (("MAIN",) if path[1][0] == "CAF:result" else (path[1][0],)) + tuple(l for l, _ in path[2:])
            if key in stacks:      # two cost centres with one label (see labels()): one ccm stack
                merged.add(key)
            stacks[key] = stacks.get(key, 0) + node["entries"]
            continue
        elif module != "Main" and path[1][1] != "Main":
            why = "a library cost centre below a library CAF or the RTS's"
        else:        # a library cost centre among ours, or ours below a left-out node
            raise RuntimeError("a GHC stack that maps to no ccm stack: "
                               + " / ".join(f"{l} ({m})" for l, m in path))
        left_out[why] = left_out.get(why, 0) + 1
    for key in sorted(merged):
        print(f"  {name}: GHC has more than one node {show(key)}, their entries summed")
    return stacks, left_out, r.stdout.strip()


def ccm_tree(lam, props, policy=()):
    r = subprocess.run([props, "--eval-stacks", "--stacks", "ghc", *policy, lam], capture_output=True, text=True)
    value, stacks = None, {}
    for line in r.stdout.splitlines():
        if line.startswith("value "):
            value = line.split()[1]
        elif line.startswith("stack "):
            counters = line.split()[1:9]
            stacks[names(line)] = int(counters[6])
    if r.returncode != 0 or value is None:
        raise RuntimeError(f"ccm-props exit {r.returncode}: {r.stdout.strip()} {r.stderr.strip()}")
    # the tree: every prefix of a stack is a node (a stack ccm does not print
    # has every counter 0, its entries included), as in GHC's tree, where a
    # call that pushes two names makes the node between them
    for s in list(stacks):
        for i in range(1, len(s)):
            stacks.setdefault(s[:i], 0)
    return value, stacks


def machine_tree(lam, ccm):
    """the same tree from the machine (`ccm run --stacks ghc --json`): its
    table holds a root for every cost centre, made or not, so the tree is,
    as for the evaluator, the stacks with a non-zero counter and their
    prefixes"""
    r = subprocess.run([ccm, "run", "--stacks", "ghc", "--json", lam], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"ccm run exit {r.returncode}: {r.stderr.strip()}")
    rep = json.loads(r.stdout)
    nodes = {n["id"]: n for n in rep["stacks"]}

    def path(i):
        p = []
        while i is not None:
            p.append(nodes[i]["cc"])
            i = nodes[i]["parent"]
        return tuple(reversed(p))
    counters = ("A", "C", "V", "U", "H", "P", "entries", "subentries")
    stacks = {path(i): n["entries"] for i, n in nodes.items() if any(n[k] for k in counters)}
    for st in list(stacks):
        for i in range(1, len(st)):
            stacks.setdefault(st[:i], 0)
    return str(rep["value"]), stacks


def hand_tree(lam):
    """the --= lines (hand-derived stacks and entries) and the --ghc-exclude lines"""
    hand, exclude = {}, {}
    for line in open(lam):
        if line.startswith("--= "):
            stack, _, n = line[4:].rpartition(" : ")
            hand[names(stack)] = int(n)
        elif line.startswith("--ghc-exclude "):
            stack, _, why = line[len("--ghc-exclude "):].partition(" : ")
            exclude[names(stack)] = why.strip()
    return hand, exclude


def compare(name, a_name, a, b_name, b):
    """one check per stack of either side"""
    for s in sorted(set(a) | set(b)):
        if s in a and s in b:
            T.check(a[s] == b[s], f"{name}: {show(s)} entries {a_name} {a[s]}, {b_name} {b[s]}")
        else:
            who, n = (a_name, a[s]) if s in a else (b_name, b[s])
            T.check(False, f"{name}: {show(s)} (entries {n}) only in {who}'s tree")


def labels(name):
    """GHC makes one cost centre per SCC annotation (two annotations with
    one name are two cost centres with one label); ccm's cost centre is its
    name.  So each name is written once in NAME.hs, unless NAME.lam says
    --ghc-same-name-twice (its exclusions then say what differs); and the
    two files use the same names."""
    hs = re.findall(r'\{-# SCC "([^"]*)" #-\}', open(os.path.join(HERE, name + ".hs")).read())
    lam_text = open(os.path.join(HERE, name + ".lam")).read()
    lam = re.findall(r'(?:\{-# SCC|scc) "([^"]*)"', "\n".join(l for l in lam_text.split("\n") if not l.startswith("--")))
    twice = sorted({n for n in hs if hs.count(n) > 1})
    T.check(not twice or "--ghc-same-name-twice" in lam_text,
            f"{name}.hs: {twice} written in more than one SCC: more than one cost centre in GHC")
    T.check(set(hs) == set(lam), f"{name}: SCC names of the .hs {sorted(set(hs))} and the .lam {sorted(set(lam))}")


def main():
    args = sys.argv[1:]
    build = args.pop(0) if args and not args[0].endswith(".hs") and os.path.isdir(args[0]) else "build"
    props = os.environ.get("CCM_PROPS", os.path.join(build, "ccm-props"))
    ccm = os.environ.get("CCM", os.path.join(build, "ccm"))
    progs = args or sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".hs"))
    if not shutil.which(os.environ.get("GHC", "ghc")):
        print(f"ghcprof: 0 passed, 0 failed, {len(progs)} skipped (no ghc)")
        return
    seen = {}
    for name in progs:
        lam = os.path.join(HERE, name + ".lam")
        try:
            g, left_out, printed = ghc_tree(name, os.path.abspath(build))
            value, c = ccm_tree(lam, props)
            mvalue, mc = machine_tree(lam, ccm)
            hand, exclude = hand_tree(lam)
        except (RuntimeError, ValueError, OSError, subprocess.CalledProcessError) as e:
            T.check(False, f"{name}: {e}")
            continue
        T.check(printed == value, f"{name}: GHC prints {printed}, ccm's value is {value}")
        T.check(bool(hand), f"{name}: no hand-derived stacks (--= lines) in {name}.lam")
        labels(name)
        before = T.failed
        compare(name, "hand", hand, "ccm", c)
        T.check(mvalue == value, f"{name}: the machine's value {mvalue}, the evaluator's {value}")
        compare(name, "machine", mc, "ccm", c)
        for s, why in sorted(exclude.items()):
            T.check(s in g or s in c, f"{name}: --ghc-exclude {show(s)}: in neither tree")
            print(f"  {name}: left out {show(s)}, entries GHC {g.pop(s, '-')}, ccm {c.get(s, '-')}: {why}")
        compare(name, "GHC", g, "ccm", {s: n for s, n in c.items() if s not in exclude})
        seen[name] = (lam, g, exclude)
        status = "ok  " if T.failed == before else "FAIL"
        print(f"{status} {name}: {len(c)} stacks, entries {sum(c.values())}; "
              + "; ".join(f"{show(s)} {n}" for s, n in sorted(c.items())))
        print("       left out of GHC's tree: " + "; ".join(f"{n} x {w}" for w, n in sorted(left_out.items())))
    # the programs tell GHC's policies from the others: under each other push
    # or call policy some program's tree is not GHC's
    for policy in (("--push", "append"), ("--push", "single"), ("--call", "lexical"), ("--call", "evaluation")):
        differ = []
        for name, (lam, g, exclude) in sorted(seen.items()):
            try:
                _, c = ccm_tree(lam, props, policy)
            except RuntimeError:
                differ.append(name)
                continue
            if {s: n for s, n in c.items() if s not in exclude} != g:
                differ.append(name)
        if seen and not args:       # on the whole set only
            T.check(bool(differ), f"{' '.join(policy)}: every program's tree is GHC's under it too")
            print(f"     {' '.join(policy)}: differs from GHC on {', '.join(differ) or 'no program'}")
    T.finish()


if __name__ == "__main__":
    main()
