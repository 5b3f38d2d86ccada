#!/usr/bin/env python3
"""tests/profiles/check.py CCM N -- the profile files of `CCM run`, opened
by the real readers and compared with the JSON report of the same run.

Programs: examples/*.lam, tests/profiles/*.lam (a runtime error), a budget
stop, and N generated ones (build/ccm-gen) under the four rule/scoping
configurations in turn.  For each:
  * the report, exit status and stderr with all four files asked are those
    without (the property that profiles and census change nothing), in the
    table and in --json;
  * .prof: prof_format.py's column rules, then every row against the JSON
    costs: entries, ticks = A+C+V+U+P, bytes = H x 24, each percentage the
    row's ratio printed as GHC prints it (%.1f), inherited ticks and bytes
    summed from the rows below, the flat table holding exactly the rows
    above 1% by GHC's rule;
  * .hp: hp_format.py's rules, hp2ps's exit status and a PostScript file
    that is not empty, samples from step 0 to the final step count,
    100 to 202 of them for runs of at least 200 steps;
  * -pj and speedscope files: imported by speedscope's own importer
    (speedscope_import.mjs); every frame's self weight is the JSON cost
    (time: ticks, allocation: H x 24 bytes; one profile per counter A..P).
Prints "profiles: N passed, N failed"."""
import glob, json, os, subprocess, sys, tempfile

import hp_format, prof_format
from suite import HERE, ROOT, Tally, ccm_arg

COUNTERS = ["A", "C", "V", "U", "H", "P"]
OBJ_BYTES = 24
T = Tally("profiles")


def plain(name):
    """the name as whitespace-separated formats show it (docs/profiles.md)"""
    if name == "":
        return "(empty)"
    return "".join("_" if (ord(c) <= 32 or ord(c) == 127 or c == '"') else c for c in name)


def ticks(c):
    return sum(c[k] for k in ["A", "C", "V", "U", "P"])


def pct(part, total):
    return "%.1f" % (0.0 if total == 0 else part / total * 100.0)


def check_prof(where, text, costs):
    try:
        p = prof_format.parse(text)
    except ValueError as e:
        T.check(False, f"{where}: .prof layout: {e}")
        return
    tot_t = sum(ticks(c) for c in costs.values())
    tot_a = sum(c["H"] for c in costs.values()) * OBJ_BYTES
    T.check((p["total_ticks"], p["total_alloc"]) == (tot_t, tot_a), f"{where}: .prof totals")
    by_name = {plain(n): c for n, c in costs.items()}
    tree, ok = p["tree"], True
    seen = set()
    for i, r in enumerate(tree):
        kids = []
        for j in range(i + 1, len(tree)):
            if tree[j]["depth"] <= r["depth"]:
                break
            if tree[j]["depth"] == r["depth"] + 1:
                kids.append(tree[j])
        r["kids"] = kids
        group = r["label"] == "CAF" and r["depth"] == 1
        c = by_name.get(r["label"])
        if group:
            ok &= r["ticks"] == 0 and r["bytes"] == 0 and all(k["label"].startswith("CAF:") for k in kids)
        elif c is None:
            ok = False
            print(f"  {where}: row {r['label']!r} is no cost centre of the report")
            continue
        else:
            seen.add(r["label"])
            ok &= (r["entries"], r["ticks"], r["bytes"]) == (c["entries"], ticks(c), c["H"] * OBJ_BYTES)
            ok &= r["depth"] == (2 if r["label"].startswith("CAF:") else 0 if r["label"] == "MAIN" else 1)
        ok &= (r["time"], r["alloc"]) == (pct(r["ticks"], tot_t), pct(r["bytes"], tot_a))
    for r in reversed(tree):
        r["inh_t"] = r["ticks"] + sum(k["inh_t"] for k in r["kids"])
        r["inh_a"] = r["bytes"] + sum(k["inh_a"] for k in r["kids"])
        ok &= (r["inh_time"], r["inh_alloc"]) == (pct(r["inh_t"], tot_t), pct(r["inh_a"], tot_a))
    ok &= tree[0]["label"] == "MAIN" and (tree[0]["inh_t"], tree[0]["inh_a"]) == (tot_t, tot_a)
    T.check(ok and seen == set(by_name), f"{where}: .prof rows against the JSON costs")
    # GHC's flat-table rule: above 1% (integer hundredth) of ticks or bytes, most ticks first
    want = [r for r in tree if r["ticks"] > tot_t // 100 or r["bytes"] > tot_a // 100]
    want.sort(key=lambda r: -r["ticks"])
    names = [r["label"] for r in want] or ["MAIN"]
    T.check([f["label"] for f in p["flat"]] == names
            and all(f["time"] == pct(f["ticks"], tot_t) and f["alloc"] == pct(f["bytes"], tot_a) for f in p["flat"]),
            f"{where}: .prof flat table")


def check_hp(where, path, costs, steps, tmp):
    try:
        head, samples = hp_format.parse(open(path).read())
    except ValueError as e:
        T.check(False, f"{where}: .hp layout: {e}")
        return
    T.check(head["SAMPLE_UNIT"] == "steps" and head["VALUE_UNIT"] == "bytes", f"{where}: .hp units")
    ok = samples and samples[0][0] == 0 and samples[-1][0] == steps
    ok = ok and all(v % OBJ_BYTES == 0 and v > 0 for _, s in samples for v in s.values())
    n_ok = steps < 200 or 100 <= len(samples) <= 202
    T.check(bool(ok) and n_ok, f"{where}: .hp samples ({len(samples)}) from step 0 to {steps}")
    r = subprocess.run(["hp2ps", os.path.basename(path)], cwd=tmp, capture_output=True, text=True)
    ps = path[:-3] + ".ps"
    good = r.returncode == 0 and os.path.exists(ps) and os.path.getsize(ps) > 0 and open(ps).read(4) == "%!PS"
    T.check(good, f"{where}: hp2ps accepts the .hp ({r.returncode}: {r.stderr.strip()[:200]})")


def check_speedscope(where, imported, costs):
    pj, ss = imported
    tot = {"time": {}, "allocation": {}}
    for n, c in costs.items():
        tot["time"][("MAIN." if n == "MAIN" else "Main.") + n] = ticks(c)
        tot["allocation"][("MAIN." if n == "MAIN" else "Main.") + n] = c["H"] * OBJ_BYTES
    ok = pj["imported"] and len(pj["profiles"]) == 2
    for prof in pj["profiles"] if ok else []:
        kind = "time" if prof["name"].endswith(" time") else "allocation"
        frames = {k: v["self"] for k, v in prof["frames"].items() if k != "Main.CAF"}
        ok &= all(frames.get(k, 0) == v for k, v in tot[kind].items()) and set(frames) <= set(tot[kind])
        # (an all-zero profile gets another total from speedscope's builder: not ours to check)
        ok &= prof["total"] == sum(tot[kind].values()) or sum(tot[kind].values()) == 0
    T.check(bool(ok), f"{where}: speedscope imports the -pj file with the JSON costs")
    ok = ss["imported"] and [p["name"][0] for p in ss["profiles"]] == COUNTERS
    for prof, k in zip(ss["profiles"] if ok else [], COUNTERS):
        frames = {n: v["self"] for n, v in prof["frames"].items() if n != "CAF"}
        ok &= all(frames.get(n, 0) == c[k] for n, c in costs.items()) and set(frames) <= set(costs)
        ok &= prof["total"] == sum(c[k] for c in costs.values()) or sum(c[k] for c in costs.values()) == 0
    T.check(bool(ok), f"{where}: speedscope imports the speedscope file, one profile per counter")


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def check_program(ccm, prog, extra, tmp, tag):
    where = f"{os.path.relpath(prog, ROOT)}{' ' + ' '.join(extra) if extra else ''}"
    files = {k: os.path.join(tmp, f"{tag}.{k}") for k in ["prof", "pj", "ss", "hp"]}
    prof_args = ["--prof", files["prof"], "--prof-json", files["pj"], "--speedscope", files["ss"],
                 "--heap-profile", files["hp"]]
    plain_t, plain_j = run([ccm, "run", *extra, prog]), run([ccm, "run", "--json", *extra, prog])
    with_t = run([ccm, "run", *extra, *prof_args, prog])
    # the census at every transition, into other files (those above are checked below)
    every = [os.path.join(tmp, f"{tag}.every.{k}") for k in ["prof", "pj", "ss", "hp"]]
    with_j = run([ccm, "run", "--json", *extra, "--prof", every[0], "--prof-json", every[1], "--speedscope",
                  every[2], "--heap-profile", every[3], "--heap-interval", "1", prog])
    same = lambda a, b: (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    T.check(same(plain_t, with_t) and same(plain_j, with_j), f"{where}: report unchanged by profiles and census")
    if plain_j.returncode == 2:
        return
    report = json.loads(plain_j.stdout)
    costs = report["costs"]
    check_prof(where, open(files["prof"]).read(), costs)
    check_hp(where, files["hp"], costs, report["steps"], tmp)
    out = run(["node", os.path.join(HERE, "speedscope_import.mjs"), files["pj"], files["ss"]])
    if out.returncode != 0:
        T.check(False, f"{where}: speedscope importer failed: {out.stderr.strip()[:300]}")
        return
    check_speedscope(where, [json.loads(l) for l in out.stdout.splitlines()], costs)


def main():
    ccm = ccm_arg()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    gen = os.path.join(ROOT, "build", "ccm-gen")
    with tempfile.TemporaryDirectory() as tmp:
        progs = [(p, []) for p in sorted(glob.glob(os.path.join(ROOT, "examples", "*.lam")))]
        progs += [(p, []) for p in sorted(glob.glob(os.path.join(HERE, "*.lam")))]
        progs.append((os.path.join(ROOT, "examples", "leak.lam"), ["--max-steps", "300"]))
        for i in range(n):
            p = os.path.join(tmp, f"gen{i}.lam")
            with open(p, "w") as f:
                subprocess.run([gen, "--seed", str(i + 1), "--size", str(i % 6 + 1)], stdout=f, check=True)
            configs = [[], ["--rules", "fig2"], ["--scoping", "evaluation"], ["--rules", "fig2", "--scoping", "evaluation"]]
            progs.append((p, configs[i % 4]))
        for i, (p, extra) in enumerate(progs):
            check_program(ccm, p, extra, tmp, f"p{i}")
    T.finish()


if __name__ == "__main__":
    main()
