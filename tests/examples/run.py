#!/usr/bin/env python3
"""Attribution tests of the paper's examples (examples/*.lam).

Each tests/examples/NAME.expect holds, in '#' comments, the hand derivation
(the transitions and what each charges, as docs/semantics.md section 7 does) and
then one block per configuration:

    run fig6 lexical            (rules, scoping)
    outcome value
    value 9                     (after an error: value null, error_kind KIND)
    returned_cc MAIN
    steps 30
    cost MAIN C1 V3 U1 H4 P1 subentries1
    cost mapper A3 ...
    end

Every counter not listed is expected to be zero, and every cost centre the
report shows but the block does not list must be all zero.  The runner
calls `build/ccm run --json --rules R --scoping S examples/NAME.lam` and
compares field by field.  Prints "examples: N passed, N failed".
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CCM = os.environ.get("CCM", os.path.join(ROOT, "build", "ccm"))
COUNTERS = ["A", "C", "V", "U", "H", "P", "entries", "subentries"]
COUNTER_RE = re.compile(r"^(entries|subentries|A|C|V|U|H|P)(\d+)$")


def parse(path):
    blocks, cur = [], None
    for lineno, raw in enumerate(open(path), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        where = f"{path}:{lineno}"
        if words[0] == "run":
            cur = {"rules": words[1], "scoping": words[2], "costs": {}, "where": where}
        elif words[0] == "end":
            blocks.append(cur)
            cur = None
        elif words[0] == "cost":
            counts = dict.fromkeys(COUNTERS, 0)
            for w in words[2:]:
                m = COUNTER_RE.match(w)
                if not m:
                    raise SystemExit(f"{where}: bad counter {w!r}")
                counts[m.group(1)] = int(m.group(2))
            cur["costs"][words[1]] = counts
        elif words[0] in ("outcome", "value", "returned_cc", "error_kind"):
            cur[words[0]] = " ".join(words[1:])
        elif words[0] == "steps":
            cur["steps"] = int(words[1])
        else:
            raise SystemExit(f"{where}: unknown line {line!r}")
    return blocks


def check(name, b):
    lam = os.path.join(ROOT, "examples", name + ".lam")
    cmd = [CCM, "run", "--json", "--rules", b["rules"], "--scoping", b["scoping"], lam]
    p = subprocess.run(cmd, capture_output=True, text=True)
    errs = []
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        return [f"not JSON (exit {p.returncode}): {p.stdout[:200]!r} {p.stderr[:200]!r}"]
    want_exit = {"value": 0, "runtime_error": 1, "resource_error": 3}[b.get("outcome", "value")]
    if p.returncode != want_exit:
        errs.append(f"exit status {p.returncode}, expected {want_exit}")
    for field in ("outcome", "value", "returned_cc", "steps"):
        want = None if b.get(field) == "null" else b.get(field)
        if field in b and rep.get(field) != want:
            errs.append(f"{field}: got {rep.get(field)!r}, expected {want!r}")
    if "error_kind" in b and (rep.get("error") or {}).get("kind") != b["error_kind"]:
        errs.append(f"error kind: got {rep.get('error')!r}, expected {b['error_kind']!r}")
    if rep.get("rules") != b["rules"] or rep.get("scoping") != b["scoping"]:
        errs.append(f"report says {rep.get('rules')}/{rep.get('scoping')}")
    costs = rep.get("costs", {})
    for cc, want in b["costs"].items():
        got = costs.get(cc)
        if got is None:
            errs.append(f"cost centre {cc} missing from the report")
            continue
        for k in COUNTERS:
            if got.get(k) != want[k]:
                errs.append(f"{cc}.{k}: got {got.get(k)}, expected {want[k]}")
    for cc, got in costs.items():
        if cc not in b["costs"] and any(got.get(k, 0) for k in COUNTERS):
            errs.append(f"cost centre {cc} charged {got}, expected nothing")
    return errs


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    names = sorted(f[:-7] for f in os.listdir(here) if f.endswith(".expect"))
    only = sys.argv[1:]
    passed = failed = 0
    for name in names:
        if only and name not in only:
            continue
        for b in parse(os.path.join(here, name + ".expect")):
            label = f"{name} --rules {b['rules']} --scoping {b['scoping']}"
            errs = check(name, b)
            if errs:
                failed += 1
                print(f"FAIL {label} ({b['where']})")
                for e in errs:
                    print(f"     {e}")
            else:
                passed += 1
                print(f"ok   {label}")
    print(f"examples: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
