#!/usr/bin/env python3
"""tests/proftree/check.py TEST -- the profile writers on trees of any depth.

Runs TEST (build/tests/proftree-test or its sanitized build), which builds
cost-centre trees by hand (depth 1, 2, 10 and 1000, today's shape, a
recursive chain, one cost centre at many depths, wide fan-out, a random
tree) and writes for each NAME the files NAME.prof, NAME.pj, NAME.ss and
NAME.expect.json (the construction: each node's parent, cost centre,
columns and inherited sums).  Then opens every file with the real readers
and compares with the construction:
  * .prof: tests/profiles/prof_format.py (GHC's layout rules); one tree row
    per node, each row's path of names (from its indent), number, entries,
    ticks, bytes, percentages and inherited percentages; the flat table
    summed per cost centre by GHC's 1% rule, most ticks first;
  * -pj: Python's json (and jq where jq 1.6's 256 levels of nesting
    suffice): cost_centres once per distinct cost centre, the profile tree
    node for node (parent, id, entries, ticks, alloc);
  * speedscope file: one frame per distinct cost centre, every sample's
    stack the node's path of frames, its weight the counter;
  * speedscope's own importer (speedscope_tree.mjs) on the speedscope and
    -pj files: every call-tree node of every profile at a node's path with
    the node's weight as self and its subtree's sum as total; every frame's
    self and total the sums over its cost centre's nodes (recursion counted
    once, as speedscope counts it); the frames the cost centres seen.
Prints "proftree: N passed, N failed"."""
import glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "profiles"))
import prof_format                     # noqa: E402
from suite import Tally                # noqa: E402

T = Tally("proftree")
COUNTERS = ["A", "C", "V", "U", "H", "P"]
JQ_MAX_NESTING = 256                   # jq 1.6's parser refuses deeper JSON
sys.setrecursionlimit(20000)           # json.loads nests a 1000-deep -pj tree 2000 levels


def plain(name):
    """the name as .prof shows it (docs/profiles.md)"""
    if name == "":
        return "(empty)"
    return "".join("_" if (ord(c) <= 32 or ord(c) == 127 or c == '"') else c for c in name)


def pct(part, total):
    return "%.1f" % (0.0 if total == 0 else part / total * 100.0)


class Tree:
    """the construction, from NAME.expect.json"""

    def __init__(self, path):
        e = json.load(open(path))
        self.e, self.nodes = e, e["nodes"]
        self.n = len(self.nodes)
        self.cc = {}                   # id -> its first node
        self.order = []                # the distinct ids, by first node
        self.path = []                 # each node's path of ids, root first
        for i, v in enumerate(self.nodes):
            if v["id"] not in self.cc:
                self.cc[v["id"]] = v
                self.order.append(v["id"])
            p = v["parent"]
            self.path.append((self.path[p] if p >= 0 else ()) + (v["id"],))
        self.depth = max(v["depth"] for v in self.nodes)

    def label(self, cid):
        return self.cc[cid]["label"]

    def inherited(self, value):
        """each node's value plus its subtree's, from the parent links"""
        inh = [value(v) for v in self.nodes]
        for i in range(self.n - 1, 0, -1):
            inh[self.nodes[i]["parent"]] += inh[i]
        return inh


def first_mismatch(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"at {i}: got {g!r}, want {w!r}"
    return f"lengths {len(got)} / {len(want)}" if len(got) != len(want) else ""


def check_prof(name, t, text):
    try:
        p = prof_format.parse(text)
    except ValueError as e:
        T.check(False, f"{name}.prof: layout: {e}")
        return
    tt, ta = t.e["total_ticks"], t.e["total_alloc"]
    T.check((p["total_ticks"], p["total_alloc"]) == (tt, ta), f"{name}.prof: totals")
    rows = p["tree"]
    T.check(len(rows) == t.n, f"{name}.prof: {len(rows)} tree rows for {t.n} nodes")
    # each row's path of names, from the indent alone
    stack, got = [], []
    for r in rows:
        del stack[r["depth"]:]
        stack.append(r["label"])
        got.append(tuple(stack))
    want = [tuple(plain(t.label(c)) for c in t.path[i]) for i in range(t.n)]
    T.check(got == want, f"{name}.prof: each row's path of names {first_mismatch(got, want)}")
    got = [(r["depth"], r["module"], r["src"], r["no"], r["entries"], r["ticks"], r["bytes"], r["time"], r["alloc"])
           for r in rows]
    want = [(v["depth"], v["module"], v["src"], v["no"], v["entries"], v["ticks"], v["alloc"],
             pct(v["ticks"], tt), pct(v["alloc"], ta)) for v in t.nodes]
    T.check(got == want, f"{name}.prof: each row's columns {first_mismatch(got, want)}")
    inh_t, inh_a = t.inherited(lambda v: v["ticks"]), t.inherited(lambda v: v["alloc"])
    T.check(inh_t == [v["inh_ticks"] for v in t.nodes] and inh_a == [v["inh_alloc"] for v in t.nodes],
            f"{name}: the construction's inherited sums")
    got = [(r["inh_time"], r["inh_alloc"]) for r in rows]
    want = [(pct(v["inh_ticks"], tt), pct(v["inh_alloc"], ta)) for v in t.nodes]
    T.check(got == want, f"{name}.prof: inherited percentages {first_mismatch(got, want)}")
    # the flat table: per cost centre, summed over its nodes
    sums = {c: [0, 0] for c in t.order}
    for v in t.nodes:
        sums[v["id"]][0] += v["ticks"]
        sums[v["id"]][1] += v["alloc"]
    flat = [c for c in t.order if sums[c][0] > tt // 100 or sums[c][1] > ta // 100]
    flat.sort(key=lambda c: -sums[c][0])            # stable: first nodes' order on equal ticks
    flat = flat or [t.nodes[0]["id"]]
    want = [(plain(t.label(c)), t.cc[c]["src"], sums[c][0], sums[c][1], pct(sums[c][0], tt), pct(sums[c][1], ta))
            for c in flat]
    got = [(f["label"], f["src"], f["ticks"], f["bytes"], f["time"], f["alloc"]) for f in p["flat"]]
    T.check(got == want, f"{name}.prof: flat table, per cost centre {first_mismatch(got, want)}")


def pj_preorder(root):
    """the -pj profile tree in preorder: (parent's index, id, entries, ticks, alloc)"""
    out, stack = [], [(root, -1)]
    while stack:
        node, parent = stack.pop()
        me = len(out)
        out.append((parent, node["id"], node["entries"], node["ticks"], node["alloc"]))
        stack.extend((c, me) for c in reversed(node["children"]))
    return out


def check_pj(name, t, path):
    try:
        d = json.load(open(path))
    except (ValueError, RecursionError) as e:
        T.check(False, f"{name}.pj: Python's json: {e}")
        return
    got = [(c["id"], c["label"], c["module"], c["src_loc"], c["is_caf"]) for c in d["cost_centres"]]
    want = [(c, t.cc[c]["label"], t.cc[c]["module"], t.cc[c]["src"], t.cc[c]["is_caf"]) for c in t.order]
    T.check(got == want, f"{name}.pj: cost_centres, one per distinct cost centre {first_mismatch(got, want)}")
    T.check((d["total_ticks"], d["total_alloc"]) == (t.e["total_ticks"], t.e["total_alloc"]), f"{name}.pj: totals")
    got = pj_preorder(d["profile"])
    want = [(v["parent"], v["id"], v["entries"], v["ticks"], v["alloc"]) for v in t.nodes]
    T.check(got == want, f"{name}.pj: the profile tree, node for node {first_mismatch(got, want)}")
    if 2 * t.depth + 4 <= JQ_MAX_NESTING:
        r = subprocess.run(["jq", "-c", "[.profile | recurse(.children[]) | .id], (.cost_centres | length)", path],
                           capture_output=True, text=True)
        lines = r.stdout.split("\n")
        ok = r.returncode == 0 and len(lines) >= 2 and json.loads(lines[0]) == [v["id"] for v in t.nodes] \
            and int(lines[1]) == len(t.order)
        T.check(ok, f"{name}.pj: jq reads the tree in preorder ({r.stderr.strip()[:200]})")


def check_ss_file(name, t, path):
    d = json.load(open(path))
    frames = d["shared"]["frames"]
    want = []
    for c in t.order:
        v, f = t.cc[c], {"name": t.cc[c]["label"]}
        if v["line"] > 0:
            f.update(file=t.e["program"], line=v["line"], col=v["col"])
        want.append(f)
    T.check(frames == want, f"{name}.ss: one frame per distinct cost centre ({len(frames)} for {len(t.order)}) "
            f"{first_mismatch(frames, want)}")
    frame_of = {c: j for j, c in enumerate(t.order)}
    ok = [p["name"][0] for p in d["profiles"]] == COUNTERS
    for k, p in enumerate(d["profiles"] if ok else []):
        live = [i for i, v in enumerate(t.nodes) if v["counters"][k]]
        want_s = [[frame_of[c] for c in t.path[i]] for i in live]
        want_w = [t.nodes[i]["counters"][k] for i in live]
        ok &= p["samples"] == want_s and p["weights"] == want_w and p["endValue"] == sum(want_w)
    T.check(ok, f"{name}.ss: every sample is a node's path of frames, weighted by its counter")


def weight_maps(t, value):
    """what speedscope should make of per-node weights value(v): the call tree
    as {path of ids: (self, total)} over the nodes whose subtree weighs
    something, and per cost centre (self, total) with each node's weight
    counted once in the total of every cost centre on its path"""
    inh = t.inherited(value)
    calls = {t.path[i]: (value(v), inh[i]) for i, v in enumerate(t.nodes) if inh[i]}
    frames = {}
    for i, v in enumerate(t.nodes):
        w = value(v)
        f = frames.setdefault(v["id"], [0, 0])
        f[0] += w
        for c in set(t.path[i]):
            frames.setdefault(c, [0, 0])[1] += w
    return calls, {c: tuple(x) for c, x in frames.items()}


def imported_maps(prof, frame_name):
    """the imported call tree as {path of names: (self, total)}, frames as {name: (self, total)}"""
    paths, calls = [], {}
    for parent, fname, self_w, total in prof["calls"]:
        paths.append((paths[parent] if parent >= 0 else ()) + (fname,))
        calls[paths[-1]] = (self_w, total)
    return calls, {f["name"]: (f["self"], f["total"]) for f in prof["frames"]}


def check_import(name, t, what, prof, value, frame_name, exact, total):
    """exact: the call tree holds exactly the nodes of non-zero subtree
    (speedscope's own format); else also zero ones may show, with zeros.
    total: the profile's total weight speedscope reports"""
    calls, frames = weight_maps(t, value)
    got_calls, got_frames = imported_maps(prof, frame_name)
    want_calls = {tuple(frame_name(c) for c in p): w for p, w in calls.items()}
    if not exact:
        extra = {p: w for p, w in got_calls.items() if p not in want_calls}
        ok = all(w == (0, 0) for w in extra.values())
        got_calls = {p: w for p, w in got_calls.items() if p in want_calls}
    else:
        ok = True
    bad = next(((p[-3:], got_calls.get(p), w) for p, w in want_calls.items() if got_calls.get(p) != w), None)
    T.check(ok and got_calls == want_calls,
            f"{name}: speedscope's call tree of {what} ({len(got_calls)} nodes for {len(want_calls)}): {bad}")
    want_frames = {frame_name(c): w for c, w in frames.items() if w[1] or frame_name(c) in got_frames}
    T.check(got_frames == want_frames and prof["total"] == total,
            f"{name}: speedscope's frames of {what} ({len(got_frames)} for {len(want_frames)})")
    return set(got_frames)


def main():
    test = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
    if not test:
        print("usage: check.py PROFTREE_TEST", file=sys.stderr)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SOURCE_DATE_EPOCH="0")
        r = subprocess.run([test, tmp], capture_output=True, text=True, env=env)
        sys.stdout.write("".join(l + "\n" for l in r.stdout.splitlines() if l.startswith("FAIL")))
        m = re.search(r"proftree-c: (\d+) passed, (\d+) failed", r.stdout)
        if m:
            T.passed += int(m.group(1))
            T.failed += int(m.group(2))
        T.check(r.returncode == 0 and m is not None, f"{os.path.basename(test)} ran (exit {r.returncode}) "
                f"{r.stderr.strip()[-500:]}")
        names = sorted(os.path.basename(p)[:-len(".expect.json")] for p in glob.glob(os.path.join(tmp, "*.expect.json")))
        T.check(len(names) == 9, f"the test wrote {len(names)} trees")
        trees = {n: Tree(os.path.join(tmp, n + ".expect.json")) for n in names}
        for n, t in trees.items():
            check_prof(n, t, open(os.path.join(tmp, n + ".prof")).read())
            check_pj(n, t, os.path.join(tmp, n + ".pj"))
            check_ss_file(n, t, os.path.join(tmp, n + ".ss"))
        files = [os.path.join(tmp, n + ext) for n in names for ext in (".ss", ".pj")]
        r = subprocess.run(["node", os.path.join(HERE, "speedscope_tree.mjs"), *files], capture_output=True, text=True)
        out = [json.loads(l) for l in r.stdout.splitlines()]
        T.check(r.returncode == 0 and len(out) == len(files), f"speedscope's importer ran: {r.stderr.strip()[-300:]}")
        for n, ss, pj in zip(names, out[0::2], out[1::2]):
            t = trees[n]
            T.check(ss["imported"] and [p["name"][0] for p in ss["profiles"]] == COUNTERS,
                    f"{n}.ss: speedscope imports one profile per counter")
            seen = set()
            for k, prof in enumerate(ss["profiles"]):
                seen |= check_import(n, t, f"{n}.ss {COUNTERS[k]}", prof, lambda v, k=k: v["counters"][k],
                                     t.label, True, sum(v["counters"][k] for v in t.nodes))
            used = {c for i, v in enumerate(t.nodes) if any(v["counters"]) for c in t.path[i]}
            # (a cost centre with no weight in any node nor below shows in no profile)
            T.check(seen == {t.label(c) for c in used},
                    f"{n}.ss: speedscope's frames are the {len(used)} cost centres with weight ({len(seen)})")
            T.check(pj["imported"] and len(pj["profiles"]) == 2, f"{n}.pj: speedscope imports time and allocation")
            qual = lambda c: f"{t.cc[c]['module']}.{t.label(c)}"
            # (speedscope's -pj importer starts both profiles' totals at total_ticks)
            for prof, key in zip(pj["profiles"], ["ticks", "alloc"]):
                check_import(n, t, f"{n}.pj {key}", prof, lambda v, key=key: v[key], qual, False,
                             max(t.e["total_ticks"], sum(v[key] for v in t.nodes)))
    T.finish()


if __name__ == "__main__":
    main()
