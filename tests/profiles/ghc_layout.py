#!/usr/bin/env python3
"""tests/profiles/ghc_layout.py CCM -- ccm's .prof beside a real GHC report.
Compiles ghc/Nfib.hs with profiling (Debian ghc, ghc-prof), runs it with
+RTS -P (the verbose report ccm's layout follows), and checks that
prof_format.py reads GHC's file as it reads ccm's, and that the header
lines of both tables agree character for character from the first column
after the variable-width name columns (the part the readers cut at fixed
offsets).  Skipped when ghc is not installed.
Prints "ghc-layout: N passed, N failed[, N skipped]"."""
import os, shutil, subprocess, tempfile

import prof_format
from suite import HERE, ROOT, Tally, ccm_arg

T = Tally("ghc-layout")


def tails(text):
    """the header lines of the two tables, from the word after SRC / no."""
    lines = text.split("\n")
    flat = next(l for l in lines if l.startswith("COST CENTRE") and " no. " not in l)
    tree = next(l for l in lines if l.startswith("COST CENTRE") and " no. " in l)
    top = lines[lines.index(tree) - 1]
    cut = tree.index("no.") + 3
    return flat[flat.index("SRC") + 3:].lstrip(), tree[cut:], top[cut:]


def main():
    ccm = ccm_arg()
    if not shutil.which("ghc"):
        print("ghc-layout: 0 passed, 0 failed, 1 skipped (no ghc)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "nfib")
        r = subprocess.run(["ghc", "-O0", "-prof", "-fprof-auto", "-rtsopts", "-outputdir", tmp, "-o", exe,
                            os.path.join(HERE, "ghc", "Nfib.hs")], capture_output=True, text=True)
        if r.returncode != 0:
            T.check(False, f"ghc -prof failed (is ghc-prof installed?): {r.stderr.strip()[-300:]}")
            T.finish()
        subprocess.run([exe, "+RTS", "-P", "-RTS"], cwd=tmp, capture_output=True, check=True)
        ghc = open(os.path.join(tmp, "nfib.prof")).read()
        ours = subprocess.run([ccm, "run", "--prof", "-", os.path.join(ROOT, "bench", "nfib.lam"),
                               "--max-steps", "20000"], capture_output=True, text=True).stdout
        ours = ours[ours.index("\t"):]
        for who, text in (("GHC", ghc), ("ccm", ours)):
            try:
                p = prof_format.parse(text)
                good = "ticks" in p["tree"][0] and p["tree"][0]["label"] == "MAIN"
            except ValueError as e:
                good = False
                print(f"  {who}: {e}")
            T.check(good, f"prof_format reads {who}'s -P report, MAIN at the root")
        g, o = tails(ghc), tails(ours)
        for what, a, b in zip(["flat header", "tree header", "individual/inherited line"], g, o):
            T.check(a == b, f"{what} after the name columns: GHC {a!r} / ccm {b!r}")
        g_lines, o_lines = ghc.split("\n"), ours.split("\n")
        T.check([l[:13] for l in g_lines[3:6]] == [l[:13] for l in o_lines[3:6]], "total time / alloc lines")
    T.finish()


if __name__ == "__main__":
    main()
