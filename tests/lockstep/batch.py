#!/usr/bin/env python3
"""batch.py -- the verdict of tests/lockstep/run.sh: every program under
every configuration, ccm's states against the model's (compare.py).

    batch.py WORK N FAILED_DIR CONFIGS

WORK/CFG/S.ccm is `ccm states` of program S (WORK/progs/S.lam) under
configuration CFG, WORK/CFG/S.model the model's (`ccm-coq --states`).
A program passes when every configuration agrees on every line.  For one
that does not, the first difference is printed and the program, both runs
are kept in FAILED_DIR/seed-S*; WORK/verdicts.json lists each failing
run's first difference ({"seed", "config", "n", "field"}).  Prints
"lockstep: N passed, M failed" and the number of transitions compared.
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def main(argv):
    if len(argv) != 5:
        print("usage: batch.py WORK N FAILED_DIR CONFIGS", file=sys.stderr)
        return 2
    work, n, failed_dir, configs = argv[1], int(argv[2]), argv[3], argv[4].split()
    bad = {}
    verdicts = []      # the first difference of each failing run, for selftest.sh
    transitions = 0
    for cfg in configs:
        d = os.path.join(work, cfg.replace(":", "-"))
        for s in range(1, n + 1):
            ccm_path, model_path = os.path.join(d, f"{s}.ccm"), os.path.join(d, f"{s}.model")
            try:
                ccm_run, model_run = compare.read_lines(ccm_path), compare.read_lines(model_path)
                diff = compare.first_difference(ccm_run, model_run)
                transitions += min(ccm_run, model_run, key=len)[-1].obj["n"]
            except ValueError as e:
                diff = (None, "input", f"bad output: {e}")
            if diff:
                verdicts.append({"seed": s, "config": cfg, "n": diff[0], "field": diff[1]})
                bad.setdefault(s, []).append((cfg, diff[2]))
                keep = os.path.join(failed_dir, f"seed-{s}")
                shutil.copy(os.path.join(work, "progs", f"{s}.lam"), keep + ".lam")
                for side, path in (("ccm", ccm_path), ("model", model_path)):
                    if os.path.exists(path):
                        shutil.copy(path, f"{keep}.{cfg.replace(':', '-')}.{side}")
    with open(os.path.join(work, "verdicts.json"), "w", encoding="utf-8") as fh:
        json.dump(verdicts, fh)
    for s, reports in sorted(bad.items()):
        for cfg, report in reports:
            print(f"FAIL seed {s} ({cfg}): {report}")
    print(f"lockstep: {transitions} transitions compared, state by state")
    print(f"lockstep: {n - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
