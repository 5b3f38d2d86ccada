#!/usr/bin/env python3
"""tests/coqcheck/cases.py CCM COQ [DIR] [--examples] [--agree FILE...] -- hand-written programs for what the
generator rarely or never makes (every runtime error kind, the step budget,
INT64_MIN / -1 and % -1, negative results, odd cost-centre names, the
worked example).  Each DIR/*.lam (default tests/coqcheck/cases) is run by
ccm and by the model under the four configurations; the two must agree on
every member coq-check compares, and both must meet the file's
hand-derived expectations:
    -- expect: outcome=.. kind=.. value=.. returned_cc=.. steps=.. cost:CC:COUNTER=N
    -- options: --max-steps 3          (extra options for both)
    -- configs: fig6:lexical ...       (where the expectations hold; default all)
The --agree files, and with --examples the repository's examples/*.lam and
tests/regress/*.lam, carry no expectation: ccm and the model must agree on
them, nothing more.  The model's reader reads the core only: a file in the
surface language (docs/surface.md) that it refuses is given to it as
`ccm core` prints it, so the model checks the machine on the desugared
core (the desugaring itself is tests/surface's).
Prints "coq-check cases: N passed, M failed" (one per file)."""
import glob, json, os, shlex, subprocess, sys, tempfile

args = sys.argv[1:]
agree = []
if "--agree" in args:
    i = args.index("--agree")
    agree, args = args[i + 1:], args[:i]
if "--examples" in args:
    args.remove("--examples")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    agree += sorted(glob.glob(os.path.join(root, "examples", "*.lam")))
    agree += sorted(glob.glob(os.path.join(root, "tests", "regress", "*.lam")))
ccm, coq = args[0], args[1]
cases = args[2] if len(args) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
ALL = ["fig6:lexical", "fig2:lexical", "fig6:evaluation", "fig2:evaluation"]

def facts(rep):
    err = rep.get("error")
    f = {"outcome": rep.get("outcome"),
         "kind": err.get("kind") if isinstance(err, dict) else err,
         "value": rep.get("value"), "returned_cc": rep.get("returned_cc"),
         "steps": rep.get("steps")}
    for c, ks in (rep.get("costs") or {}).items():
        for k, v in ks.items():
            f[f"cost:{c}:{k}"] = v
    return f

def report(cmd):
    r = subprocess.run(cmd, capture_output=True)
    return json.loads(r.stdout.decode("utf-8").splitlines()[0])

def model_input(path):
    """path, or for a surface program the model cannot read, its core text in a file."""
    if report([coq, path]).get("outcome") != "bad_input":
        return path
    core = subprocess.run([ccm, "core", path], capture_output=True, text=True)
    if core.returncode != 0:
        return path
    fd, tmp = tempfile.mkstemp(suffix=".lam")
    with os.fdopen(fd, "w") as f:
        f.write(core.stdout)
    return tmp

passed = failed = 0
for path in sorted(glob.glob(os.path.join(cases, "*.lam"))) + agree:
    text = open(path, encoding="utf-8").read()
    expect, options, configs = {}, [], ALL
    for line in text.splitlines():
        if line.startswith("-- expect:"):
            for item in line[len("-- expect:"):].split():
                k, v = item.rsplit("=", 1)
                expect[k] = v
        elif line.startswith("-- options:"):
            options = shlex.split(line[len("-- options:"):])
        elif line.startswith("-- configs:"):
            configs = line[len("-- configs:"):].split()
    problems = []
    model_path = model_input(path) if path in agree else path
    for cfg in ALL:
        rules, scoping = cfg.split(":")
        opts = ["--rules", rules, "--scoping", scoping] + options
        try:
            c = facts(report([ccm, "run", path, "--json"] + opts))
            m = facts(report([coq] + opts + [model_path]))
        except (ValueError, IndexError) as e:
            problems.append(f"{cfg}: a report is not JSON ({e})")
            continue
        for k in sorted(set(c) | set(m)):
            # a cost centre's row is absent when all zero: absent is 0
            if c.get(k, 0 if k.startswith("cost:") else None) != m.get(k, 0 if k.startswith("cost:") else None):
                problems.append(f"{cfg}: {k}: ccm {c.get(k)!r} model {m.get(k)!r}")
        if cfg in configs:
            for k, want in expect.items():
                for who, f in (("ccm", c), ("model", m)):
                    got = f.get(k, 0 if k.startswith("cost:") else None)
                    if str(got) != want and not (got is None and want == "null"):
                        problems.append(f"{cfg}: {who}: {k} is {got!r}, expected {want}")
    if model_path != path:
        os.unlink(model_path)
    name = os.path.relpath(path) if path in agree else os.path.basename(path)
    if problems:
        failed += 1
        print(f"FAIL {name}: " + "; ".join(problems[:6]))
    else:
        passed += 1
        print(f"ok {name}")
print(f"coq-check cases: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
