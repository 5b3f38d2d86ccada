#!/usr/bin/env python3
"""load-check.py -- the two halves of `make prove-load-check` (proofs/load-check.sh).

  load-check.py plan N GOALS.tsv TYPED UNTYPED
      The N goals with the most resource units in GOALS.tsv (written by the
      gate of the last whole run: goal, prover, seconds, steps), grouped by
      function: one line per function, `FUNCTION PASS PROPERTIES GOAL...`,
      PASS `typed` or `untyped` (the pass make prove proves it in: UNTYPED is
      the list of -wp-simplify-type functions, TYPED the others), PROPERTIES
      the ACSL names that select those goals (-wp-prop).

  load-check.py compare PLAN GOALS.tsv IDLE.log LOADED.log
      Every goal of the two runs' logs must have the same verdict and the same
      resource units in both, and every planned goal must be valid in both.
      Prints one row per planned goal, with the units the whole run gave it
      beside (for reading only: WP names a task's variables in the order it
      generates goals, so selecting a few goals gives a task of another text,
      and a prover needs other units for it); exit 1 on any difference.

  load-check.py runs A.tsv B.tsv
      Two whole runs of the same sources (their goal-steps.tsv, e.g. one idle
      and one under load): every goal proved in both with the same units;
      exit 1 on any goal that differs or is in one run only."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import goalsteps  # noqa: E402
import wplog  # noqa: E402

# a goal's name: typed_FUNCTION[_BEHAVIOR]_KIND_NAME[_partNN|_preserved|_established]
_KIND = re.compile(r"(?:^|_)(ensures|assert|check|loop_invariant|requires)_(\w+)$")
_TAIL = re.compile(r"_(part\d+|preserved|established)$")


def read_steps(path):
    return {goal: units for goal, (_, units) in goalsteps.read(path).items()}


def split_goal(goal, functions):
    """(function, property name) of a goal name, or None"""
    if not goal.startswith("typed_"):
        return None
    rest = goal[len("typed_"):]
    owners = [f for f in functions if rest.startswith(f + "_")]
    if not owners:
        return None
    fn = max(owners, key=len)
    m = _KIND.search(rest[len(fn):])
    if not m:
        return None
    name = m.group(2)
    while _TAIL.search(name):
        name = _TAIL.sub("", name)
    return fn, name


def plan(n, tsv, typed, untyped):
    typed, untyped = typed.split(), untyped.split()
    steps = read_steps(tsv)
    heavy = sorted((g for g in steps if steps[g] > 0), key=lambda g: (-steps[g], g))
    by_fn, picked = {}, 0
    for goal in heavy:
        if picked == n:
            break
        where = split_goal(goal, typed + untyped)
        if where is None:   # a goal -wp-prop cannot name (assigns, ...): the next one instead
            continue
        fn, prop = where
        props, goals = by_fn.setdefault(fn, (set(), []))
        props.add(prop)
        goals.append(goal)
        picked += 1
    if picked < n:
        raise SystemExit(f"load-check: only {picked} nameable goals with resource units in {tsv}")
    for fn, (props, goals) in by_fn.items():
        print(fn, "untyped" if fn in untyped else "typed", ",".join(sorted(props)), *goals)


def compare(plan_path, tsv, idle_log, loaded_log):
    whole = read_steps(tsv)
    planned = []
    with open(plan_path) as f:
        for line in f:
            planned += line.split()[3:]
    idle = {g.goal: g for g in wplog.goals(idle_log)}
    loaded = {g.goal: g for g in wplog.goals(loaded_log)}
    bad = []
    for goal in sorted(set(idle) | set(loaded)):
        a, b = idle.get(goal), loaded.get(goal)
        if a is None or b is None:
            bad.append(f"{goal}: in one run only")
        elif (a.verdict, a.steps) != (b.verdict, b.steps):
            bad.append(f"{goal}: {a.verdict} {a.steps:,} idle, {b.verdict} {b.steps:,} under load")
    print(f"{'goal':<58} {'whole run':>11} {'idle':>11} {'loaded':>11}  idle s  loaded s")
    for goal in planned:
        a, b, w = idle.get(goal), loaded.get(goal), whole.get(goal, 0)
        if a is None or b is None:
            bad.append(f"{goal}: not proven by the check's runs (its property did not select it)")
            continue
        print(f"{goal:<58} {w:>11,} {a.steps:>11,} {b.steps:>11,} {a.seconds:7.2f} {b.seconds:9.2f}")
        if a.verdict != "Valid" or b.verdict != "Valid":
            bad.append(f"{goal}: {a.verdict} idle, {b.verdict} under load")
    extra = len(set(idle) - set(planned))
    print(f"{len(planned)} planned goals and {extra} more that their properties select, "
          f"{len(idle)} in all: verdicts and units compared")
    if bad:
        print("prove-load-check: FAILED: " + "; ".join(bad))
        return 1
    print("prove-load-check: the same verdict and the same resource units for every goal, idle and under load")
    return 0


def runs(a_path, b_path):
    a, b = read_steps(a_path), read_steps(b_path)
    bad = [f"{g}: {a[g]:,} units in {a_path}, {b[g]:,} in {b_path}" for g in sorted(set(a) & set(b)) if a[g] != b[g]]
    bad += [f"{g}: in one run only" for g in sorted(set(a) ^ set(b))]
    print(f"{len(set(a) | set(b))} goals, {sum(1 for g in a if a[g] and g in b)} settled by a prover: "
          f"{len(bad)} differ")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "plan":
        plan(int(sys.argv[2]), *sys.argv[3:])
    elif len(sys.argv) == 6 and sys.argv[1] == "compare":
        sys.exit(compare(*sys.argv[2:]))
    elif len(sys.argv) == 4 and sys.argv[1] == "runs":
        sys.exit(runs(*sys.argv[2:]))
    else:
        sys.exit(__doc__)
