#!/usr/bin/env python3
"""tests/profiles/same_report.py CCM N -- the property that profile files and
the heap census change nothing: on N generated programs (build/ccm-gen,
seeds 1..N, sizes 1..6, the four rule/scoping configurations in turn) the
report of `ccm run` -- table, --json, --json --rule-counts -- with its exit
status and standard error is byte for byte the one without profiles, for a
census at every transition, every 7 transitions, and on the default
schedule, and under a step budget that stops the run midway.
Prints "same-report: N passed, N failed"."""
import os, subprocess, sys, tempfile

from suite import ROOT, Tally, ccm_arg

T = Tally("same-report")
CONFIGS = [[], ["--rules", "fig2"], ["--scoping", "evaluation"], ["--rules", "fig2", "--scoping", "evaluation"]]


def outcome(args):
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def main():
    ccm = ccm_arg()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    gen = os.path.join(ROOT, "build", "ccm-gen")
    with tempfile.TemporaryDirectory() as tmp:
        files = ["--prof", os.path.join(tmp, "p"), "--prof-json", os.path.join(tmp, "j"),
                 "--speedscope", os.path.join(tmp, "s"), "--heap-profile", os.path.join(tmp, "h")]
        for i in range(n):
            prog = os.path.join(tmp, "g.lam")
            with open(prog, "w") as f:
                subprocess.run([gen, "--seed", str(i + 1), "--size", str(i % 6 + 1)], stdout=f, check=True)
            cfg = CONFIGS[i % 4] + (["--max-steps", str(10 + i)] if i % 5 == 4 else [])
            for report in ([], ["--json"], ["--json", "--rule-counts"]):
                plain = outcome([ccm, "run", *report, *cfg, prog])
                for census in (["--heap-interval", "1"], ["--heap-interval", "7"], []):
                    got = outcome([ccm, "run", *report, *cfg, *files, *census, prog])
                    T.check(got == plain, f"seed {i + 1} {' '.join(cfg + report + census)}: report differs")
    T.finish()


if __name__ == "__main__":
    main()
