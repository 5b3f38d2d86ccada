#!/usr/bin/env python3
"""tests/proftree/ghc_deep.py TEST -- the .prof layout of deep trees beside
a real GHC report of a deep cost-centre-stack tree.

Compiles a generated Haskell program (40 functions, each calling the next,
and one function called at two depths) with profiling (Debian ghc,
ghc-prof), runs it with +RTS -P, and checks that GHC's report and the
.prof files TEST (build/tests/proftree-test) writes for its hand-built
trees (up to 1000 deep) follow the same layout rules: prof_format.py reads
them; each tree row is indented by its depth; the name column is as wide
as the widest indent plus name (at least "COST CENTRE"), the MODULE, SRC
and no. columns as their widest entry (at least their header), so the
header words stand where the rows' fields start.  Skipped without ghc.
Prints "proftree-ghc: N passed, N failed[, N skipped]"."""
import glob, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "profiles"))
import prof_format                     # noqa: E402
from suite import Tally                # noqa: E402

T = Tally("proftree-ghc")
DEPTH = 40


def haskell():
    """f0 calls f1 ... calls f39; f3 and f30 both call shared"""
    out = ["module Main where", "",
           "shared :: Int -> Int", "shared n = sum [1 .. n]", "{-# NOINLINE shared #-}", ""]
    for k in range(DEPTH):
        name = f"f{k}" + ("_with_a_longer_name" if k % 9 == 4 else "")
        nxt = f"f{k + 1}" + ("_with_a_longer_name" if (k + 1) % 9 == 4 else "")
        body = f"{nxt} (n + 1) + 1" if k + 1 < DEPTH else "shared (n * 1000)"
        if k in (3, 30):
            body = f"shared n + {body}"
        out += [f"{name} :: Int -> Int", f"{name} n = {body}", f"{{-# NOINLINE {name} #-}}", ""]
    out += ["main :: IO ()", "main = mapM_ (print . f0) [1 .. 200]", ""]
    return "\n".join(out)


def width(s):
    return len(s)                      # characters, as GHC's strlen_utf8


def check_layout(who, text):
    try:
        p = prof_format.parse(text)
    except ValueError as e:
        T.check(False, f"{who}: prof_format: {e}")
        return None
    lines = text.split("\n")
    head = next(l for l in lines if l.startswith("COST CENTRE") and " no. " in l)
    rows = lines[lines.index(head) + 2:]
    rows = rows[:len(p["tree"])]
    ok = all(r[:d] == " " * d and r[d] != " " for r, d in ((r, n["depth"]) for r, n in zip(rows, p["tree"])))
    T.check(ok, f"{who}: every tree row indented by its depth, one space a level")
    wl = max([11] + [n["depth"] + width(n["label"]) for n in p["tree"]])
    wm = max([6] + [width(n["module"]) for n in p["tree"]])
    ws = max([3] + [width(n["src"]) for n in p["tree"]])
    wi = max([3] + [len(str(n["no"])) for n in p["tree"]])
    # "no." heads its column on the left, the numbers stand right-aligned
    # under it; "entries" ends 12 characters after the column
    want = [wl + 1, wl + 1 + wm + 1, wl + 1 + wm + 1 + ws + 1, wl + 1 + wm + 1 + ws + 1 + wi + 12]
    got = [head.index("MODULE"), head.index("SRC"), head.index("no."), head.index("entries") + 7]
    T.check(got == want, f"{who}: name, MODULE, SRC and no. columns as wide as their widest entry "
            f"(depth {max(n['depth'] for n in p['tree'])}): {got} / {want}")
    return p


def main():
    test = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
    if not test:
        print("usage: ghc_deep.py PROFTREE_TEST", file=sys.stderr)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([test, tmp], capture_output=True, text=True)
        T.check(r.returncode == 0, f"{os.path.basename(test)} ran (exit {r.returncode})")
        for path in sorted(glob.glob(os.path.join(tmp, "*.prof"))):
            check_layout(f"ccm {os.path.basename(path)}", open(path).read())
        if not shutil.which("ghc"):
            print("proftree-ghc: %d passed, %d failed, 1 skipped (no ghc)" % (T.passed, T.failed))
            sys.exit(1 if T.failed else 0)
        src, exe = os.path.join(tmp, "Deep.hs"), os.path.join(tmp, "deep")
        open(src, "w").write(haskell())
        r = subprocess.run(["ghc", "-O0", "-prof", "-fprof-auto", "-rtsopts", "-outputdir", tmp, "-o", exe, src],
                           capture_output=True, text=True)
        if r.returncode != 0:
            T.check(False, f"ghc -prof failed (is ghc-prof installed?): {r.stderr.strip()[-300:]}")
            T.finish()
        # -V0: no RTS timer.  With it, GHC 9.0.2 aborts this deep profiled
        # program now and then ("internal error: PAP object entered", about
        # one run in four here); the test reads the tree, not the ticks
        subprocess.run([exe, "+RTS", "-P", "-V0", "-RTS"], cwd=tmp, capture_output=True, check=True)
        p = check_layout("GHC deep.prof", open(os.path.join(tmp, "deep.prof")).read())
        if p:
            labels = [n["label"] for n in p["tree"]]
            depth = max(n["depth"] for n in p["tree"])
            T.check(depth >= DEPTH and labels.count("shared") >= 2,
                    f"GHC's report is a deep stack tree ({depth} deep, shared in {labels.count('shared')} rows)")
    T.finish()


if __name__ == "__main__":
    main()
