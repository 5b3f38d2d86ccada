#!/usr/bin/env python3
"""expect.py -- did the lockstep catch a mutant where it had to?
(tests/lockstep/selftest.sh)

    expect.py WORK N CONFIGS RULE FIELD REF

WORK is run.sh's working directory after a run with one side mutated so
that every transition by RULE goes wrong in FIELD (rule, ccc, control,
stack, theta, heap) and nothing else does.  REF names the side that was
NOT mutated (model or ccm): its run is the reference, and the expectation
is read from it alone, never from the mutated side: for every program and
configuration, the first difference must be at the reference run's first
RULE transition, in FIELD; a run with no RULE transition must agree on
every line.  Prints one line per run that does not meet this and a summary;
exit 0 when all do and at least one run had a RULE transition.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def first_rule(run, rule):
    """n of the first transition of the run by `rule`, or None."""
    for line in run:
        if line.is_stop:
            return None
        if f'"rule":"{rule}"' in line.text and line.obj.get("rule") == rule:
            return line.obj["n"]
    return None


def main(argv):
    if len(argv) != 7 or argv[6] not in ("model", "ccm"):
        print("usage: expect.py WORK N CONFIGS RULE FIELD model|ccm", file=sys.stderr)
        return 2
    work, n, configs, rule, field, ref = argv[1], int(argv[2]), argv[3].split(), argv[4], argv[5], argv[6]
    with open(os.path.join(work, "verdicts.json"), encoding="utf-8") as fh:
        got = {(v["seed"], v["config"]): v for v in json.load(fh)}
    wrong, hit, clean = [], 0, 0
    for cfg in configs:
        d = os.path.join(work, cfg.replace(":", "-"))
        for s in range(1, n + 1):
            run = compare.read_lines(os.path.join(d, f"{s}.{ref}"))
            want = first_rule(run, rule)
            v = got.get((s, cfg))
            if want is None:
                if v is None:
                    clean += 1
                else:
                    wrong.append(f"seed {s} ({cfg}): no {rule} in the {ref}'s run, yet a difference at n={v['n']} in {v['field']}")
            elif v is None:
                wrong.append(f"seed {s} ({cfg}): the {ref}'s run has {rule} at n={want}, and no difference was found")
            elif (v["n"], v["field"]) != (want, field):
                wrong.append(f"seed {s} ({cfg}): first difference at n={v['n']} in {v['field']}, "
                             f"expected n={want} (the first {rule}) in {field}")
            else:
                hit += 1
    for w in wrong:
        print("WRONG", w)
    print(f"expect: {hit} runs caught at their first {rule} in {field}, {clean} runs without {rule} agreed, "
          f"{len(wrong)} otherwise")
    return 0 if not wrong and hit > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
