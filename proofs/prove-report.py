#!/usr/bin/env python3
"""Print the per-function table of a WP run and decide its exit status.

usage: prove-report.py [--expect FUNCS.txt] [--times GOALS.tsv] [--steps-limit N] [--backstop S]
                       [--certificate CERT.txt] LOG EXIT_STATUS SECONDS REPORT.json...

The reports are those of the passes of one run (mk/prove.mk: the typed pass,
the -wp-simplify-type pass, the lemma pass, in each of the processes a whole
run is cut into; LOG is their logs joined); a function in several takes its
entry from the last; each lemma gets a row of its own.  Fails (exit 1) if Frama-C failed, if any goal is not valid, or if
the log says `not yet supported`, `skipped` or `Failed smoke-test` (WP would
otherwise silently ignore what it cannot handle).

--expect FUNCS.txt: every function named there (proofs/kernel-functions.sh:
every function defined in kernel/*.c) must have goals in the reports, so
that no function drops out of the proof unseen.
--smoke DEAD.txt: WP's smoke tests (-wp-smoke-tests) must have run, and the
ones that failed (a branch, loop, behavior or precondition WP proved unreachable)
must be exactly those listed there, each with the reason it is dead
(proofs/smoke-dead.txt); without it, any failed smoke test fails the run.
--smoke-pass REPORT.json (repeatable): the pass whose report is that file
runs only the smoke tests (mk/prove.mk): a goal in its part of the log (from
the report line before it to its own) fails the run, a property the pass
should not have selected.
--times GOALS.tsv: write every proved goal's prover, time and resource units
(from the log) there, for proofs/mutants.sh and proofs/load-check.sh.
--steps-limit N: every prover call had N resource units (-wp-steps).  The
headroom gate: a goal proved with more than N/3 fails the run (split it or
give it a lemma; the limit is not raised).  A goal that ran out of its
units and one stopped by the wall-clock backstop (--backstop S, the
-wp-timeout behind the limit) are named apart in the failure.
--certificate CERT.txt: the tool versions of the committed certificate; a
run under other versions says so first, and again in its failure.
The table ends with the total, the wall time, the ten goals with the most
resource units (and their share of the limit) and the ten slowest."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wplog  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--expect")
ap.add_argument("--times")
ap.add_argument("--smoke")
ap.add_argument("--smoke-pass", action="append", default=[])
ap.add_argument("--steps-limit", type=int, default=0)
ap.add_argument("--backstop", type=int, default=0)
ap.add_argument("--certificate")
ap.add_argument("log")
ap.add_argument("status", type=int)
ap.add_argument("seconds")
ap.add_argument("reports", nargs="+")
args = ap.parse_args()
log, status, seconds = args.log, args.status, args.seconds
bad = []
# other tool versions than the certificate's: said before anything else
version_note = ""
if args.certificate:
    import toolversions  # noqa: E402
    version_note = toolversions.note(args.certificate)
    if version_note:
        print("prove: NOTE: " + version_note)
funcs = {}
for report in args.reports:
    try:
        with open(report) as f:
            data = json.load(f)
        funcs.update(data.get("wp:functions", {}))
        # the lemmas (-wp-prop @lemma pass), one row each: "lemma NAME"
        for section in data.get("wp:axiomatics", {}).values():
            for name, goal in section.items():
                if name.startswith("lemma_"):
                    funcs["lemma " + name[len("lemma_"):]] = {name: goal}
    except (OSError, ValueError):
        bad.append("no report " + report)

try:
    with open(log, errors="replace") as f:
        text = f.read()
except OSError:
    text = ""
    bad.append("no log " + log)
lines = text.splitlines()

# the smoke passes: nothing but smoke tests in their part of the log
if args.smoke_pass:
    for report in args.smoke_pass:
        ends = [i for i, line in enumerate(lines) if line == f"[wp] Report '{report}'"]
        if not ends:
            bad.append(f"the smoke pass with report {report} did not run")
            continue
        start = max([i for i, line in enumerate(lines[:ends[0]]) if line.startswith("[wp] Report '")] + [-1])
        stray = [g for g in map(wplog.goal_of_line, lines[start + 1:ends[0]]) if g]
        if stray:
            bad.append(f"the smoke pass with report {report} proved {len(stray)} goal(s) "
                       f"that are not smoke tests: {', '.join(stray[:3])}")

rows = []
total_valid = total = 0
for fn in sorted(funcs):
    goals = funcs[fn]
    # the keys are the goals ("wp:section" is the function's own summary):
    # smoke tests (NAME_wp_smoke_...) are not goals to prove, WP counts one
    # that passed as valid; the gate reads them from the log (--smoke)
    per_goal = {k: g for k, g in goals.items() if not k.startswith("wp:") and "_wp_smoke_" not in k}
    t = sum(g.get("wp:main", {}).get("total", 0) for g in per_goal.values())
    v = sum(g.get("wp:main", {}).get("valid", 0) for g in per_goal.values())
    failed = sorted(name for name, g in per_goal.items()
                    if g.get("wp:main", {}).get("valid", 0) < g.get("wp:main", {}).get("total", 0))
    rows.append((fn, v, t, failed))
    total_valid += v
    total += t

width = max([len(r[0]) for r in rows] + [8])
print(f"{'function':<{width}}  proved / total")
for fn, v, t, failed in rows:
    print(f"{fn:<{width}}  {v:6} / {t}" + ("   UNPROVED: " + ", ".join(failed) if failed else ""))
print(f"{'TOTAL':<{width}}  {total_valid:6} / {total}")

expected_fns = []
if args.expect:
    with open(args.expect) as f:
        expected_fns = [line.strip() for line in f if line.strip()]
    for fn in expected_fns:
        if fn not in funcs:
            bad.append(f"function {fn} (defined in kernel/) is not in the proof")

goals = wplog.goals_in(lines)
proved = [g for g in goals if g.verdict == "Valid"]
cached = sum(1 for g in proved if g.cached)
by_qed = sum(1 for g in proved if g.prover == "Qed")
print(f"goals: {total} in the report, {len(proved)} valid in the log: {by_qed} by Qed, "
      f"{cached} from the cache, {len(proved) - cached - by_qed} by a prover in this run")
print(f"wall time: {seconds} s")
limit = args.steps_limit
heavy = sorted((g for g in proved if g.steps), key=lambda g: (-g.steps, g.goal))[:10]
if heavy:
    print("most resource units (prover steps" + (f"; share of the limit of {limit:,}" if limit else "") + "):")
    for g in heavy:
        share = f"  {100.0 * g.steps / limit:5.1f} %" if limit else ""
        print(f"  {g.steps:>11,}{share}  {g.goal}" + ("  (cached)" if g.cached else ""))
slow = sorted(proved, key=lambda g: -g.seconds)[:10]
if slow:
    print("slowest goals (prover time; from the cache where cached):")
    for g in slow:
        print(f"  {g.seconds:7.2f} s  {g.prover:<12} {g.goal}" + ("  (cached)" if g.cached else ""))
if args.times:
    with open(args.times, "w") as f:
        for g in proved:
            f.write(f"{g.goal}\t{g.prover}\t{g.seconds}\t{g.steps}\n")
# the headroom gate: a proof within a third of the limit
if limit:
    over = [g for g in proved if g.steps * 3 > limit]
    for g in over:
        bad.append(f"goal {g.goal} needs {g.steps:,} resource units, more than a third of the limit "
                   f"({limit:,}): split it or give it a lemma")
# why a goal failed: out of resource units, or stopped by the clock
for g in goals:
    if g.verdict == "Stepout":
        bad.append(f"goal {g.goal} ran out of its resource units ({g.steps or limit:,})")
    elif g.verdict == "Timeout":
        bad.append(f"the wall-clock backstop" + (f" ({args.backstop} s)" if args.backstop else "") +
                   f" was hit on goal {g.goal}, before its resource units ran out: "
                   f"a slow machine or a prover ignoring its limit, not a verdict")
    elif g.verdict == "NoResult":
        bad.append(f"goal {g.goal}: no prover ran (in a replay: not in the cache)")
    elif g.verdict != "Valid":
        bad.append(f"goal {g.goal}: {g.verdict} ({g.prover})")

for needle in ("not yet supported", "skipped"):
    if needle in text:
        bad.append(f"log contains '{needle}'")
# smoke tests: without a list nothing may be dead; with one, they must have run
ran, dead, smoke_names = wplog.smoke_tests(lines)
expected = wplog.smoke_expected(args.smoke) if args.smoke else {}
if args.smoke or ran:
    print(f"smoke tests: {ran} run, {sum(dead.values())} found dead code, "
          f"{sum(expected.values())} listed as dead" + (f" in {args.smoke}" if args.smoke else ""))
if args.smoke and ran == 0:
    bad.append("no smoke test ran (-wp-smoke-tests)")
# every function's own smoke tests ran: WP runs them (its branches, loops,
# behaviors) only for a function with a precondition, whose smoke test
# `default_requires` is then always there
if args.smoke and args.expect and ran:
    for fn in expected_fns:
        if f"typed_{fn}_wp_smoke_default_requires" not in smoke_names:
            bad.append(f"function {fn} has no smoke test of its own (WP runs them only for a function "
                       f"with a precondition: give it one, `requires \\true` if need be)")
for key in sorted(set(dead) | set(expected)):
    got, want = dead.get(key, 0), expected.get(key, 0)
    what = " | ".join(key)
    if got > want:
        bad.append(f"smoke test failed, not listed as dead: {what}" + (f" ({got} found, {want} listed)" if want else ""))
    elif got < want:
        bad.append(f"listed as dead but its smoke test passed (the list is stale): {what} ({got} found, {want} listed)")
if total_valid < total:
    bad.append(f"{total - total_valid} goal(s) unproved")
if total == 0:
    bad.append("no goal at all")
if status != 0:
    bad.append(f"frama-c exit status {status} (see {log})")
if bad:
    print("prove: FAILED: " + ("[" + version_note + "] " if version_note else "") + "; ".join(bad))
    sys.exit(1)
print("prove: all goals proved")
