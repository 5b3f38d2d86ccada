#!/usr/bin/env python3
"""Print the per-function table of a WP run and decide its exit status.

usage: prove-report.py LOG EXIT_STATUS SECONDS REPORT.json [REPORT.json ...]

The reports are those of the passes of one run (mk/prove.mk: the typed pass,
the -wp-simplify-type pass, the lemma pass); a function in several takes its
entry from the last; each lemma gets a row of its own.  Fails (exit 1) if Frama-C failed, if any goal is not valid, or if
the log says `not yet supported`, `skipped` or `Failed smoke-test` (WP would
otherwise silently ignore what it cannot handle)."""
import json
import sys

log, status, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3]
bad = []
funcs = {}
for report in sys.argv[4:]:
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

rows = []
total_valid = total = 0
for fn in sorted(funcs):
    goals = funcs[fn]
    # "wp:section" is the function's own summary; the other keys are goals
    per_goal = {k: g for k, g in goals.items() if not k.startswith("wp:")}
    if "wp:section" in goals:
        summary = goals["wp:section"].get("wp:main", {})
        t, v = summary.get("total", 0), summary.get("valid", 0)
    else:
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
print(f"elapsed: {seconds} s")

with open(log, errors="replace") as f:
    text = f.read()
for needle in ("not yet supported", "skipped", "Failed smoke-test"):
    if needle in text:
        bad.append(f"log contains '{needle}'")
if total_valid < total:
    bad.append(f"{total - total_valid} goal(s) unproved")
if total == 0:
    bad.append("no goal at all")
if status != 0:
    bad.append(f"frama-c exit status {status} (see {log})")
if bad:
    print("prove: FAILED: " + "; ".join(bad))
    sys.exit(1)
print("prove: all goals proved")
