#!/usr/bin/env python3
"""tests/stacks/heap.py CCM -- heap profiles banded by cost-centre stack
(`ccm run --push append|ghc --heap-profile FILE [--heap-by cc|stack]`,
docs/profiles.md, "The heap census").

1. examples/heap_stacks.lam against the census its comment derives by hand
   (n = 100, a census at every transition), under push append and ghc and
   both scopings: the band of <MAIN,a,build> and that of <MAIN,b,build>
   each peak at 4824 bytes (201 objects); by cost centre (--heap-by cc)
   "build" peaks at 9648; the last census is main (MAIN, 24 bytes) and the
   three functions (<SUB>, 72 bytes).
2. Band names, GHC's -hc rule (rts/ProfHeap.c fprint_ccs, seen in GHC's own
   .hp files): "MAIN" for <MAIN>; else "(N)" with N the stack's id + 1 (its
   .prof `no.`), then its names most recent first joined by "/", without
   the MAIN it starts from, cut to "first 21 bytes..." when longer than 25
   (hc_name.py, which ghc_hc.py checks against GHC's own .hp): here from
   each run's JSON `stacks`, and by hand for a program with long names: <MAIN,abcdefghij,klmnopqrst,uvwxyz0123> reads
   "uvwxyz0123/klmnopqrst/abcdefghij", 32 bytes, so
   "uvwxyz0123/klmnopqrst..."; its let allocates a and b there (2 objects,
   48 bytes, live while a + b runs).
3. For every examples/stacks_*.lam and heap_stacks.lam under push append and
   ghc, both scopings: the stack bands summed by each stack's top are the
   --heap-by cc file's samples, and that file is byte for byte the flat
   run's (the flattening theorem, docs/stacks.md section 7); a flat run's
   default is by cost centre; hp2ps accepts every file and its PostScript
   names the largest stack band (with ( and ) escaped).
4. Bad options: --heap-by without --heap-profile, a value other than cc or
   stack, --heap-by stack on a flat run, --heap-by outside `ccm run`.
Prints "stacks-heap: N passed, N failed"."""
import glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "profiles"))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import hp_format                # noqa: E402
from tally import Tally         # noqa: E402
from hc_name import hc_name     # noqa: E402  (GHC's rule, itself checked against GHC by ghc_hc.py)

T = Tally("stacks-heap")
OBJ = 24
ENV = dict(os.environ, SOURCE_DATE_EPOCH="0")     # the .hp's date: files comparable byte for byte


def run(ccm, prog, *args, stdin=None):
    return subprocess.run([ccm, "run", *args, prog], capture_output=True, text=True, input=stdin, env=ENV)


def paths(report):
    """node id -> its names, root first"""
    st = report["stacks"]
    out = {}
    for s in st:
        names, i = [], s["id"]
        while i is not None:
            names.insert(0, st[i]["cc"])
            i = st[i]["parent"]
        out[s["id"]] = names
    return out


def census(ccm, prog, tmp, name, *args, stdin=None):
    """(run's JSON report, samples) of a run with a census at every transition"""
    hp = os.path.join(tmp, name + ".hp")
    r = run(ccm, prog, "--json", "--heap-interval", "1", "--heap-profile", hp, *args, stdin=stdin)
    T.check(r.returncode == 0, f"{name}: runs ({r.stderr.strip()[:200]})")
    try:
        text = open(hp).read()
        return json.loads(r.stdout), hp_format.parse(text)[1], text
    except (OSError, ValueError) as e:
        T.check(False, f"{name}: the report and the .hp read ({e})")
        return {"stacks": []}, [], ""
    finally:
        if os.path.exists(hp):
            os.remove(hp)     # a later run that fails to write it is not read as its own


def hp2ps(path, tmp, where):
    r = subprocess.run(["hp2ps", "-c", os.path.basename(path)], cwd=tmp, capture_output=True, text=True)
    ps = path[:-3] + ".ps"
    good = r.returncode == 0 and os.path.exists(ps) and open(ps).read(4) == "%!PS"
    T.check(good, f"{where}: hp2ps accepts the file ({r.returncode}: {r.stderr.strip()[:200]})")
    if good:
        text = open(ps, errors="replace").read()
        # hp2ps keys the bands with 1% of the area or more (smaller ones go
        # to OTHER), and escapes ( and ): the largest band other than MAIN
        area = {}
        for _, x in hp_format.parse(open(path).read())[1]:
            for band, v in x.items():
                area[band] = area.get(band, 0) + v
        key = sorted((b for b in area if b != "MAIN"), key=lambda b: -area[b])[:1]
        for b in key:
            esc = b.replace("(", "\\(").replace(")", "\\)")
            T.check(f"({esc})" in text, f"{where}: the PostScript names the band {b}")


def main():
    ccm = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "ccm")
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        # 1. the hand-derived census
        prog = "examples/heap_stacks.lam"
        for push in ("append", "ghc"):
            for scoping in ("lexical", "evaluation"):
                o = ("--push", push, "--scoping", scoping)
                w = f"heap_stacks {push} {scoping}"
                report, s, hs_text = census(ccm, prog, tmp, f"hs-{push}-{scoping}", *o)
                p = paths(report)
                ids = {"/".join(v): k for k, v in p.items()}
                a, b = ids.get("MAIN/a/build"), ids.get("MAIN/b/build")
                T.check(a is not None and b is not None, f"{w}: stacks <MAIN,a,build> and <MAIN,b,build>")
                if a is None or b is None:
                    continue
                # GHC's names, by hand: the names most recent first, MAIN left out
                na, nb, nsub = f"({a + 1})build/a", f"({b + 1})build/b", f"({ids['SUB'] + 1})SUB"
                peak = lambda band: max((x.get(band, 0) for _, x in s), default=0)
                T.check(peak(na) == 201 * OBJ, f"{w}: {na} peaks at the whole list xs, {peak(na)} == 4824")
                T.check(peak(nb) == 201 * OBJ, f"{w}: {nb} peaks at the whole list ys, {peak(nb)} == 4824")
                both = [t for t, x in s if x.get(na) == 201 * OBJ and x.get(nb) == 201 * OBJ]
                T.check(len(both) > 0, f"{w}: both lists whole at once (the end of ly's walk)")
                T.check(bool(s) and s[-1][1] == {"MAIN": OBJ, nsub: 3 * OBJ}, f"{w}: last census {s and s[-1][1]}")
                with open(os.path.join(tmp, "hs.hp"), "w") as out:
                    out.write(hs_text)
                hp2ps(os.path.join(tmp, "hs.hp"), tmp, w)
                _, c, _ = census(ccm, prog, tmp, f"hc-{push}-{scoping}", *o, "--heap-by", "cc")
                bpeak = max((x.get("build", 0) for _, x in c), default=0)
                T.check(bpeak == 402 * OBJ, f"{w} --heap-by cc: build peaks at both lists, {bpeak} == 9648")

        # 2. names cut as GHC cuts them, by hand
        long = 'main = scc "abcdefghij" (scc "klmnopqrst" (scc "uvwxyz0123" (let a = 1; b = 2 in a + b)));\n'
        report, s, _ = census(ccm, "-", tmp, "long", "--push", "append", stdin=long)
        deep = [k for k, v in paths(report).items() if v == ["MAIN", "abcdefghij", "klmnopqrst", "uvwxyz0123"]]
        band = f"({deep[0] + 1})uvwxyz0123/klmnopqrst..." if deep else "?"
        T.check(max((x.get(band, 0) for _, x in s), default=0) == 2 * OBJ,
                f"long names: band {band} holds a and b, 48 bytes: {sorted({k for _, x in s for k in x})}")

        # 3. every stacks example: names, sums by top, the flat file, hp2ps
        progs = sorted(glob.glob("examples/stacks_*.lam")) + [prog]
        for f in progs:
            name = os.path.basename(f)[:-4]
            r = run(ccm, f, "--heap-profile", os.path.join(tmp, "flat.hp"))
            flat_text = open(os.path.join(tmp, "flat.hp")).read() if r.returncode == 0 else "("

            T.check("(" not in flat_text, f"{name}: a flat run's bands are cost centres")
            for push in ("append", "ghc"):
                for scoping in ("lexical", "evaluation"):
                    o = ("--push", push, "--scoping", scoping)
                    w = f"{name} {push} {scoping}"
                    report, s, st_text = census(ccm, f, tmp, "st", *o)
                    _, c, cc_text = census(ccm, f, tmp, "cc", *o, "--heap-by", "cc")
                    fl = run(ccm, f, "--scoping", scoping, "--heap-interval", "1",
                             "--heap-profile", os.path.join(tmp, "flat.hp"))
                    flat_text = open(os.path.join(tmp, "flat.hp")).read() if fl.returncode == 0 else None
                    T.check(fl.returncode == 0 and cc_text == flat_text, f"{w}: --heap-by cc is the flat file")
                    p = paths(report)
                    names = {hc_name(k + 1, v): v[-1] for k, v in p.items()}
                    bands = {b for _, x in s for b in x}
                    T.check(bands <= set(names), f"{w}: every band a stack named as GHC does: {bands - set(names)}")
                    summed = []
                    for t, x in s:
                        by = {}
                        for band, v in x.items():
                            by[names.get(band, "?")] = by.get(names.get(band, "?"), 0) + v
                        summed.append((t, by))
                    T.check(summed == c, f"{w}: the stack bands summed by top are the census by cost centre")
                    with open(os.path.join(tmp, "st2.hp"), "w") as out:
                        out.write(st_text)
                    hp2ps(os.path.join(tmp, "st2.hp"), tmp, w)
            d = run(ccm, f, "--push", "append", "--heap-profile", os.path.join(tmp, "d.hp"))
            e = run(ccm, f, "--push", "append", "--heap-by", "stack", "--heap-profile", os.path.join(tmp, "e.hp"))
            T.check(d.returncode == e.returncode == 0
                    and open(os.path.join(tmp, "d.hp")).read() == open(os.path.join(tmp, "e.hp")).read(),
                    f"{name}: under push append the default is --heap-by stack")

        # 4. bad options: exit 2 and a message naming the cause
        for args, says in ((["--push", "append", "--heap-by", "stack"], "needs --heap-profile"),
                           (["--push", "append", "--heap-by", "node", "--heap-profile", "-"], "cc or stack"),
                           (["--heap-by", "stack", "--heap-profile", "-"], "needs --push append or ghc")):
            r = run(ccm, prog, *args)
            T.check(r.returncode == 2 and says in r.stderr, f"{args}: exit 2, `{says}` ({r.returncode})")
        r = subprocess.run([ccm, "explain", prog, "--heap-by", "cc"], capture_output=True, text=True)
        T.check(r.returncode == 2 and "ccm run" in r.stderr, f"--heap-by is run's ({r.returncode})")
    T.finish()


if __name__ == "__main__":
    main()
