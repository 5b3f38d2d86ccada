#!/usr/bin/env python3
"""tests/profiles/leak.py CCM -- the heap census of examples/leak.lam and
examples/leak_fixed.lam against the census derived by hand in their
comments (n = 100, 24 bytes an object), with a census at every transition
(--heap-interval 1) and with the default schedule.
Prints "leak: N passed, N failed"."""
import os, subprocess, tempfile

import hp_format
from suite import ROOT, Tally, ccm_arg

T = Tally("leak")
N, OBJ = 100, 24


def census(ccm, name, extra, tmp):
    hp = os.path.join(tmp, name + ".hp")
    r = subprocess.run([ccm, "run", *extra, "--heap-profile", hp, os.path.join(ROOT, "examples", name + ".lam")],
                       capture_output=True, text=True)
    T.check(r.returncode == 0, f"{name}: runs ({r.stderr.strip()[:200]})")
    return hp_format.parse(open(hp).read())[1]


def main():
    ccm = ccm_arg()
    with tempfile.TemporaryDirectory() as tmp:
        for extra in (["--heap-interval", "1"], []):
            how = "every transition" if extra else "default schedule"
            s = census(ccm, "leak", extra, tmp)
            build = [b.get("build", 0) for _, b in s]
            peak = (2 * N + 1) * OBJ            # the whole list: 2 objects per element and xs
            T.check(max(build) == peak, f"leak ({how}): build peaks at the whole list, {max(build)} == {peak}")
            held = [i for i, v in enumerate(build) if v == peak]
            # flat while len walks the list again: the peak is held over a long
            # stretch (len's 4 transitions per element at least), not a spike
            span = s[held[-1]][0] - s[held[0]][0] if held else 0
            T.check(span >= 4 * N, f"leak ({how}): the peak is held while len runs ({span} steps)")
            T.check(s[-1][1] == {"MAIN": OBJ, "SUB": 3 * OBJ}, f"leak ({how}): final census {s[-1][1]}")
            s = census(ccm, "leak_fixed", extra, tmp)
            build = max(b.get("build", 0) for _, b in s)
            T.check(build == 5 * OBJ if extra else build <= 5 * OBJ,
                    f"leak_fixed ({how}): build stays at most 5 objects ({build})")
            T.check(s[-1][1] == {"mean": OBJ, "SUB": 2 * OBJ}, f"leak_fixed ({how}): final census {s[-1][1]}")
    T.finish()


if __name__ == "__main__":
    main()
