#!/usr/bin/env python3
"""batch.py -- the verdict of tests/lockstep/run.sh: every program under
every configuration, ccm's states against the model's (compare.py).

    batch.py WORK N FAILED_DIR CONFIGS

WORK/CFG/S.ccm is `ccm states` of program S (WORK/progs/S.lam) under
configuration CFG; WORK/CFG/model.jsonl is the model's states of programs
1..N in order, one run after the other (each ends with its stop line).
A program passes when every configuration agrees on every line.  For one
that does not, the first difference is printed and the program, both runs
and the two commands are kept in FAILED_DIR/seed-S*.  Prints
"lockstep: N passed, M failed" and the number of transitions compared.
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def split_runs(path):
    """The runs of a file of several, each a list of parsed lines."""
    runs, cur = [], []
    for line in compare.read_lines(path):
        cur.append(line)
        if line.is_stop:
            runs.append(cur)
            cur = []
    return runs


def main(argv):
    if len(argv) != 5:
        print(__doc__.strip().splitlines()[4].strip(), file=sys.stderr)
        return 2
    work, n, failed_dir, configs = argv[1], int(argv[2]), argv[3], argv[4].split()
    bad = {}
    transitions = 0
    for cfg in configs:
        d = os.path.join(work, cfg.replace(":", "-"))
        try:
            model_runs = split_runs(os.path.join(d, "model.jsonl"))
        except ValueError as e:
            print(f"lockstep: {cfg}: the model's output: {e}")
            return 1
        if len(model_runs) != n:
            print(f"lockstep: {cfg}: the model printed {len(model_runs)} runs for {n} programs")
            return 1
        for s in range(1, n + 1):
            ccm_path = os.path.join(d, f"{s}.ccm")
            try:
                ccm_run = compare.read_lines(ccm_path)
            except ValueError as e:
                report = f"ccm's output: {e}"
            else:
                report = compare.compare(ccm_run, model_runs[s - 1])
                transitions += ccm_run[-1].obj["n"]
            if report:
                bad.setdefault(s, []).append((cfg, report))
                keep = os.path.join(failed_dir, f"seed-{s}")
                shutil.copy(os.path.join(work, "progs", f"{s}.lam"), keep + ".lam")
                shutil.copy(ccm_path, f"{keep}.{cfg.replace(':', '-')}.ccm")
                with open(f"{keep}.{cfg.replace(':', '-')}.model", "w", encoding="utf-8") as fh:
                    for line in model_runs[s - 1]:
                        fh.write(line.text + "\n")
    for s, reports in sorted(bad.items()):
        for cfg, report in reports:
            print(f"FAIL seed {s} ({cfg}): {report}")
    print(f"lockstep: {transitions} transitions compared, state by state")
    print(f"lockstep: {n - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
