#!/usr/bin/env python3
"""mutant-verdict.py LOG GOALS.tsv STEPS -- which goal catches a mutant.

LOG is WP's log of the mutated kernel, proven with STEPS resource units a
goal; GOALS.tsv the unmutated kernel's proved goals (goal, prover, seconds,
resource units; written by the gate of `make prove`).  A goal catches the
mutant when the unmutated kernel proves it within a third of STEPS (by Qed,
or by a prover within a third of the units: the gate's headroom) and the
mutant's proof of it fails: the prover answers Unknown or Invalid, or runs
out of its units.  A goal stopped by the wall-clock backstop is no verdict
by units: cvc4 does not charge its E-matching by units, and on some false
goals it matches for hours below the limit (docs/proofs.md, "Mutants").

Prints "GOAL (VERDICT; unmutated: N units)" for the catching goal (a
definite answer first, then the fewest unmutated units), or nothing if no
goal catches the mutant by units; then "backstop: GOAL" for each goal the
backstop stopped that the correct kernel proves within a third of the
limit (a failure to prove, judged by the clock)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import goalsteps  # noqa: E402
import wplog  # noqa: E402


def main():
    log, tsv, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
    proven = goalsteps.read(tsv)
    best, backstop = None, []
    for g in wplog.goals(log):
        if g.verdict in ("Valid", "NoResult") or g.goal not in proven:
            continue
        prover, steps = proven[g.goal]
        if steps * 3 > limit:
            continue
        if g.verdict == "Timeout":
            backstop.append(g.goal)
            continue
        rank = (0 if g.verdict in ("Unknown", "Invalid") else 1, steps, g.goal)
        if best is None or rank < best[0]:
            how = "Qed" if prover == "Qed" else f"{steps:,} units"
            best = (rank, f"{g.goal} ({g.verdict}; unmutated: {how})")
    if best:
        print(best[1])
    for goal in backstop:
        print("backstop: " + goal)


if __name__ == "__main__":
    main()
