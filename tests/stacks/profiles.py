#!/usr/bin/env python3
"""tests/stacks/profiles.py CCM -- the profile files of a run with stacks.

For every examples/stacks_*.lam under `ccm run --push append|ghc
--scoping lexical|evaluation`: the expected tree is built here, from the
JSON report's `stacks` alone (docs/profiles.md): the stack <MAIN> at the
root, each stack's children in the order of their ids, a CAF group under
MAIN holding each <CAF:x>, any other root under MAIN; a stack is listed
when it or a stack above it has a non-zero counter; a node's `no.` is its
id + 1 (the group's: the number of stacks + 1), a cost centre's id its
root's id + 1 (the group's: the number of roots + 1); each cost centre's
label, module and source are those of the flat run's -pj and speedscope
files.  Then the .prof, -pj and speedscope files of the run are opened
with the readers of tests/proftree/check.py (the .prof layout reader,
Python's json and jq, speedscope's own importer) and compared with it.
Prints "stacks-profiles: N passed, N failed"."""
import glob, importlib.util, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
spec = importlib.util.spec_from_file_location("proftree_check", os.path.join(ROOT, "tests", "proftree", "check.py"))
chk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chk)
chk.T = chk.Tally("stacks-profiles")
T = chk.T
COUNTERS = ["A", "C", "V", "U", "H", "P"]


def cc_descriptions(ccm, prog, tmp):
    """per cost-centre name: module, src, is_caf, line, col, from the flat run's files"""
    pj, ss = os.path.join(tmp, "flat.pj"), os.path.join(tmp, "flat.ss")
    subprocess.run([ccm, "run", prog, "--prof-json", pj, "--speedscope", ss], capture_output=True, check=False)
    d = {c["label"]: {"module": c["module"], "src": c["src_loc"], "is_caf": c["is_caf"], "line": 0, "col": 0}
         for c in json.load(open(pj))["cost_centres"]}
    for f in json.load(open(ss))["shared"]["frames"]:
        if "line" in f:
            d[f["name"]].update(line=f["line"], col=f["col"])
    return d


def expected(report, desc, program):
    st = report["stacks"]
    n = len(st)
    roots = [s["id"] for s in st if s["parent"] is None]           # node c is <c>: c = its cost centre
    ccnum = {st[r]["cc"]: r for r in roots}
    kids = {i: [] for i in range(n)}
    for s in st:
        if s["parent"] is not None:
            kids[s["parent"]].append(s["id"])
    inh = [sum(s[k] for k in COUNTERS + ["entries", "subentries"]) for s in st]
    for i in range(n - 1, -1, -1):
        if st[i]["parent"] is not None:
            inh[st[i]["parent"]] += inh[i]
    nodes = []

    def node(i, parent, depth):
        s = st[i]
        d = desc.get(s["cc"]) or {"module": "Main", "src": "<built-in>", "is_caf": s["cc"].startswith("CAF:"),
                                  "line": 0, "col": 0}
        ticks = s["A"] + s["C"] + s["V"] + s["U"] + s["P"]
        nodes.append({"parent": parent, "depth": depth, "id": ccnum[s["cc"]] + 1, "no": i + 1, "label": s["cc"],
                      "module": d["module"], "src": d["src"], "line": d["line"], "col": d["col"],
                      "is_caf": d["is_caf"], "entries": s["entries"], "ticks": ticks, "alloc": s["H"] * 24,
                      "counters": [s[k] for k in COUNTERS]})
        return len(nodes) - 1

    def subtree(i, parent, depth):
        me = node(i, parent, depth)
        for c in kids[i]:
            if inh[c]:
                subtree(c, me, depth + 1)

    node(0, -1, 0)
    cafs = [r for r in roots if st[r]["cc"].startswith("CAF:") and inh[r]]
    if cafs:
        nodes.append({"parent": 0, "depth": 1, "id": len(roots) + 1, "no": n + 1, "label": "CAF", "module": "Main",
                      "src": "<entire-module>", "line": 0, "col": 0, "is_caf": True, "entries": 0, "ticks": 0,
                      "alloc": 0, "counters": [0] * 6})
        group = len(nodes) - 1
        for r in cafs:
            subtree(r, group, 2)
    for c in kids[0]:
        if inh[c]:
            subtree(c, 0, 1)
    for r in roots[1:]:
        if inh[r] and not st[r]["cc"].startswith("CAF:"):
            subtree(r, 0, 1)
    inh_t = [v["ticks"] for v in nodes]
    inh_a = [v["alloc"] for v in nodes]
    for i in range(len(nodes) - 1, 0, -1):
        inh_t[nodes[i]["parent"]] += inh_t[i]
        inh_a[nodes[i]["parent"]] += inh_a[i]
    for v, t, a in zip(nodes, inh_t, inh_a):
        v.update(inh_ticks=t, inh_alloc=a)
    return {"program": program, "total_ticks": sum(v["ticks"] for v in nodes),
            "total_alloc": sum(v["alloc"] for v in nodes), "nodes": nodes}


def main():
    ccm = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "ccm")
    os.chdir(ROOT)
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    with tempfile.TemporaryDirectory() as tmp:
        files, trees = [], {}
        for prog in sorted(glob.glob("examples/stacks_*.lam")):
            desc = cc_descriptions(ccm, prog, tmp)
            for push in ("append", "ghc"):
                for scoping in ("lexical", "evaluation"):
                    name = f"{os.path.basename(prog)[:-4]}-{push}-{scoping}"
                    base = os.path.join(tmp, name)
                    r = subprocess.run([ccm, "run", "--json", "--push", push, "--scoping", scoping, prog,
                                        "--prof", base + ".prof", "--prof-json", base + ".pj",
                                        "--speedscope", base + ".ss"], capture_output=True, text=True, env=env)
                    T.check(r.returncode == 0, f"{name}: ccm run exit {r.returncode} {r.stderr.strip()[:200]}")
                    if r.returncode != 0:
                        continue
                    e = expected(json.loads(r.stdout), desc, prog)
                    with open(base + ".expect.json", "w") as f:
                        json.dump(e, f)
                    t = chk.Tree(base + ".expect.json")
                    trees[name] = t
                    chk.check_prof(name, t, open(base + ".prof").read())
                    chk.check_pj(name, t, base + ".pj")
                    chk.check_ss_file(name, t, base + ".ss")
                    files += [base + ".ss", base + ".pj"]
        deepest = max((t.depth for t in trees.values()), default=0)
        T.check(deepest >= 3, f"the trees are of stacks: the deepest has {deepest} levels below MAIN")
        r = subprocess.run(["node", os.path.join(ROOT, "tests", "proftree", "speedscope_tree.mjs"), *files],
                           capture_output=True, text=True)
        out = [json.loads(l) for l in r.stdout.splitlines()]
        T.check(r.returncode == 0 and len(out) == len(files), f"speedscope's importer ran: {r.stderr.strip()[-300:]}")
        for (name, t), ss, pj in zip(trees.items(), out[0::2], out[1::2]):
            T.check(ss["imported"] and pj["imported"], f"{name}: speedscope imports both files")
            for k, prof in enumerate(ss["profiles"]):
                chk.check_import(name, t, f"{name}.ss {COUNTERS[k]}", prof, lambda v, k=k: v["counters"][k],
                                 t.label, True, sum(v["counters"][k] for v in t.nodes))
            qual = lambda c, t=t: f"{t.cc[c]['module']}.{t.label(c)}"
            for prof, key in zip(pj["profiles"], ["ticks", "alloc"]):
                chk.check_import(name, t, f"{name}.pj {key}", prof, lambda v, key=key: v[key], qual, False,
                                 max(t.e["total_ticks"], sum(v[key] for v in t.nodes)))
    T.finish()


if __name__ == "__main__":
    main()
