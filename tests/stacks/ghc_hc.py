#!/usr/bin/env python3
"""tests/stacks/ghc_hc.py BUILD -- the rule ccm names its heap-profile
bands by (--heap-by stack, docs/profiles.md), tests/stacks/hc_name.py,
against GHC's own: tests/stacks/hc.hs compiled with `ghc -prof
-fprof-cafs` into BUILD/ghc-hc/, run with `+RTS -hc -pa` (-pa: every stack in the .prof); every band of its
.hp whose stack is made of the program's own cost centres (module Main)
must read as hc_name gives it from the stack's path and `no.` in the .prof
tree; the bands of hc.hs's four stacks (two of them cut) must be there.
The runtime's and the libraries' bands (PINNED, Module.CAF) are left out:
ccm has no such cost centres.  Skipped when ghc is not installed.
Prints "ghc-hc: N passed, N failed[, N skipped]"."""
import os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "profiles"))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import hp_format, prof_format   # noqa: E402
from tally import Tally         # noqa: E402
from hc_name import hc_name     # noqa: E402

T = Tally("ghc-hc")


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    ghc = os.environ.get("GHC", "ghc")
    if not shutil.which(ghc):
        print("ghc-hc: 0 passed, 0 failed, 1 skipped (no ghc)")
        return
    out = os.path.abspath(os.path.join(build, "ghc-hc"))
    os.makedirs(out, exist_ok=True)
    exe, src = os.path.join(out, "hc"), os.path.join(HERE, "hc.hs")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        r = subprocess.run([ghc, "-O0", "-prof", "-fprof-cafs", "-rtsopts", "-fforce-recomp", "-outputdir", out,
                            "-o", exe, "hc.hs"], cwd=HERE, capture_output=True, text=True)
        if r.returncode != 0:
            T.check(False, f"ghc -prof failed (is ghc-prof installed?): {r.stderr.strip()[-400:]}")
            T.finish()
    for f in ("hc.hp", "hc.prof"):
        if os.path.exists(os.path.join(out, f)):
            os.remove(os.path.join(out, f))
    r = subprocess.run([exe, "+RTS", "-hc", "-pa", "-i0.001", "-RTS"], cwd=out, capture_output=True, text=True)
    T.check(r.returncode == 0 and r.stdout.strip() == "100000", f"hc runs, prints 100000 ({r.stdout!r})")
    tree = prof_format.parse(open(os.path.join(out, "hc.prof")).read())["tree"]
    path, by_no = [], {}
    for node in tree:
        del path[node["depth"]:]
        path.append((node["label"], node["module"]))
        by_no[node["no"]] = list(path)
    bands = {b for _, x in hp_format.parse(open(os.path.join(out, "hc.hp")).read())[1] for b in x}
    ours = 0
    for b in sorted(bands):
        if b == "MAIN":
            continue
        no = int(b[1:b.index(")")]) if b.startswith("(") and ")" in b else None
        p = by_no.get(no)
        T.check(p is not None, f"band {b}: a (no.) of the .prof tree")
        if not p or p[0] != ("MAIN", "MAIN") or any(m != "Main" for _, m in p[1:]):
            continue                                    # the runtime's, a library's
        ours += 1
        want = hc_name(no, [label for label, _ in p])
        T.check(b == want, f"band of {' / '.join(l for l, _ in p)}: GHC writes {b}, hc_name gives {want}")
    shown = {b.split(")", 1)[1] for b in bands if ")" in b}
    for text in ("builder/top/CAF:result", "cell/builder/top/CAF:...", "mean/averageverylongn...", "CAF:result"):
        T.check(text in shown, f"GHC's .hp has the band {text} (bands: {sorted(shown)})")
    T.check(ours >= 4, f"at least four bands of Main's stacks checked ({ours})")
    T.finish()


if __name__ == "__main__":
    main()
