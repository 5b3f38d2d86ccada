#!/usr/bin/env python3
"""tests/coqcheck/compare.py WORK N FAILED CONFIGS CCM COQ MAX_STEPS -- the
verdict of tests/coqcheck/run.sh: for each program, ccm's report
(WORK/RULES-SCOPING/SEED.ccm) against the model's (line SEED of
WORK/RULES-SCOPING/coq.jsonl), member by member.  A program that differs
anywhere is copied to FAILED/seed-SEED.lam with a .txt holding both reports
and the commands that reproduce them."""
import json, os, shutil, sys

work, n, failed_dir, configs, ccm, coq, max_steps = sys.argv[1:8]
n = int(n)
configs = configs.split()

def stack_rows(rep):
    """The report's stacks with a non-zero counter, {"MAIN/main/f"-like
    tuple of names root first: [A, C, V, U, H, P, entries, subentries]}.
    ccm lists every node with its parent's id and its top; the model lists
    the stacks with a count, each with its names root first."""
    st = rep.get("stacks")
    if st is None:
        return None
    ks = ("A", "C", "V", "U", "H", "P", "entries", "subentries")
    by_id = {x["id"]: x for x in st if "id" in x}
    out = {}
    for x in st:
        if "stack" in x:
            path = tuple(x["stack"])
        else:
            names, y = [], x
            while y is not None:
                names.append(y["cc"])
                y = by_id.get(y["parent"]) if y.get("parent") is not None else None
            path = tuple(reversed(names))
        vs = [x.get(k) for k in ks]
        if any(vs):
            old = out.get(path, [0] * 8)
            out[path] = [a + b for a, b in zip(old, vs)]
    return out


def facts(rep, stacks=False):
    """What must agree: ccm's report has more members (order, messages)
    that the model does not compute.  Over stacks, also the returned stack
    and every stack's counters."""
    err = rep.get("error")
    extra = {"returned_stack": rep.get("returned_stack"), "stacks": stack_rows(rep)} if stacks else {}
    return {**extra,
        "outcome": rep.get("outcome"),
        "error kind": err.get("kind") if isinstance(err, dict) else err,
        "value": rep.get("value"),
        "returned_cc": rep.get("returned_cc"),
        "steps": rep.get("steps"),
        "costs": rep.get("costs"),
    }

def diff(a, b):
    out = []
    for k in a:
        if a[k] != b.get(k):
            if k in ("costs", "stacks") and isinstance(a[k], dict) and isinstance(b.get(k), dict):
                for c in sorted(set(a[k]) | set(b[k])):
                    if a[k].get(c) != b[k].get(c):
                        name = "<" + ",".join(c) + ">" if k == "stacks" else repr(c)
                        out.append(f"{k}[{name}]: ccm {a[k].get(c)} model {b[k].get(c)}")
            else:
                out.append(f"{k}: ccm {a[k]!r} model {b.get(k)!r}")
    return out

def lines(cfg, name):
    path = os.path.join(work, cfg.replace(":", "-"), name)
    if name == "bigstep.jsonl" and is_stacks(cfg) and not os.path.exists(path):
        return None        # no big-step evaluator over stacks is extracted
    with open(path) as f:
        return f.read().splitlines()

def is_stacks(cfg):
    return len(cfg.split(":")) > 2

model = {cfg: lines(cfg, "coq.jsonl") for cfg in configs}
bigstep = {cfg: lines(cfg, "bigstep.jsonl") for cfg in configs}

def big_step_diff(c, b):
    """The big-step rules have no steps and no error kinds: with a value
    from ccm they must derive the same value, cost centre and theta; with a
    runtime error, nothing."""
    if c["outcome"] == "value":
        want = {k: c[k] for k in ("outcome", "value", "returned_cc", "costs")}
        return diff(want, b)
    if c["outcome"] == "runtime_error" and b.get("outcome") != "no_value":
        return [f"big-step: ccm stopped with {c['error kind']}, the rules derive {b.get('outcome')}"]
    return []

passed = failed = 0
shown = 0
for s in range(1, n + 1):
    problems = []
    for cfg in configs:
        d = os.path.join(work, cfg.replace(":", "-"))
        try:
            with open(os.path.join(d, f"{s}.ccm")) as f:
                c_text = f.read()
            c = json.loads(c_text)
        except (OSError, ValueError) as e:
            problems.append((cfg, [f"ccm report unreadable: {e}"], "", ""))
            continue
        lines = model[cfg]
        m_text = lines[s - 1] if s - 1 < len(lines) else ""
        try:
            m = json.loads(m_text)
        except ValueError as e:
            problems.append((cfg, [f"model report unreadable: {e}"], c_text, m_text))
            continue
        d_ = diff(facts(c, is_stacks(cfg)), facts(m, is_stacks(cfg)))
        if d_:
            problems.append((cfg, d_, c_text, m_text))
        if bigstep[cfg] is None:
            continue
        b_text = bigstep[cfg][s - 1] if s - 1 < len(bigstep[cfg]) else ""
        try:
            b = json.loads(b_text)
        except ValueError as e:
            problems.append((cfg + " big-step", [f"big-step report unreadable: {e}"], c_text, b_text))
            continue
        d_ = big_step_diff(facts(c), facts(b))
        if d_:
            problems.append((cfg + " big-step", d_, c_text, b_text))
    if not problems:
        passed += 1
        continue
    failed += 1
    prog = os.path.join(work, "progs", f"{s}.lam")
    keep = os.path.join(failed_dir, f"seed-{s}.lam")
    shutil.copyfile(prog, keep)
    with open(os.path.join(failed_dir, f"seed-{s}.txt"), "w") as f:
        for cfg, d_, c_text, m_text in problems:
            rules, scoping, *push = cfg.split()[0].split(":")
            opts = f"--rules {rules} --scoping {scoping} --max-steps {max_steps}" + "".join(f" --push {p}" for p in push)
            big = " --big-step" if cfg.endswith("big-step") else ""
            f.write(f"== {cfg}\n")
            f.write(f"reproduce: {ccm} run {keep} --json {opts}\n")
            f.write(f"           {coq}{big} {opts} {keep}\n")
            f.write("".join(x + "\n" for x in d_))
            f.write(f"ccm:   {c_text.strip()}\nmodel: {m_text.strip()}\n")
    if shown < 5:
        shown += 1
        for cfg, d_, _, _ in problems:
            print(f"FAIL seed {s} ({cfg}): " + "; ".join(d_[:4]) + f"  [kept: {keep}]")

print(f"coq-check: {passed} passed, {failed} failed")
sys.exit(0 if failed == 0 and passed == n else 1)
