#!/usr/bin/env python3
"""mutant-verdict.py LOG TIMES.tsv TIMEOUT -- which goal catches a mutant.

LOG is WP's log of the mutated kernel; TIMES.tsv the unmutated kernel's goals
(goal, prover, seconds; proofs/wplog.py writes it during `make prove`).
Prints "GOAL (VERDICT; unmutated: PROVER S s)" for the best catching goal,
or nothing if the mutant escapes.  A goal catches only if the unmutated
kernel proves it; a timeout catches only if that proof takes at most a
third of TIMEOUT (solvers rarely refute a false goal, so a fast goal that
stops proving is the signal; a slow goal that times out is not evidence)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wplog  # noqa: E402


def main():
    log, times_path, timeout = sys.argv[1], sys.argv[2], float(sys.argv[3])
    proven = {}
    with open(times_path) as f:
        for line in f:
            goal, prover, secs = line.rstrip("\n").split("\t")
            proven[goal] = (prover, float(secs))
    best = None
    for g in wplog.goals(log):
        if g.verdict == "Valid" or g.goal not in proven:
            continue
        prover, secs = proven[g.goal]
        if g.verdict == "Timeout" and secs > timeout / 3:
            continue
        rank = (0 if g.verdict != "Timeout" else 1, secs)
        if best is None or rank < best[0]:
            best = (rank, f"{g.goal} ({g.verdict}; unmutated: {prover} {secs:.2f} s)")
    if best:
        print(best[1])


if __name__ == "__main__":
    main()
