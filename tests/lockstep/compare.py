#!/usr/bin/env python3
"""compare.py -- hold two runs printed in the lockstep format of docs/coq.md
("Lockstep") to each other, transition by transition.

    compare.py CCM_STATES MODEL_STATES [--quiet]

Each file is one JSON object a line: the state before the first transition
(n 0, rule null), then the state after every transition, then
{"stop": why, "n": transitions}.  The two are read in step; at the first
line where they differ, the comparison stops and says which transition
(n), which field (rule, ccc, control, stack, theta, heap; inside the stack
the frame, inside theta the cost centre, or the stack for runs over
stacks, inside the heap the address) and
both sides' values.  Fields are compared in that order, so the field named
is the first of them the transition got wrong.  Values are compared as
JSON data (structure, numbers, strings), never as text.

Exit status: 0 the runs agree on every line; 1 they differ (the report is
on standard output: "DIFF n=K field: ..."), or one was cut short (run.sh
caps the bytes of a run) before any difference; 2 bad input (a file
missing, empty, or a line not in the format).
"""
import json
import sys

FIELDS = ("rule", "ccc", "control", "stack", "theta", "heap")


def show(v, limit=400):
    t = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    return t if len(t) <= limit else t[:limit] + "..."


class Line:
    """One line of a run: its text, and its JSON parsed when first needed.
    Two lines of the same text are the same data; lines whose texts differ
    are parsed and compared as data (so a difference of spelling only, as
    an escape or the order of an object's members, is no difference)."""
    __slots__ = ("text", "where", "_obj")

    def __init__(self, text, where):
        self.text, self.where, self._obj = text, where, None

    @property
    def obj(self):
        if self._obj is None:
            try:
                obj = json.loads(self.text)
            except ValueError as e:
                raise ValueError(f"{self.where}: not JSON ({e})")
            if not isinstance(obj, dict) or "n" not in obj or not ("stop" in obj or all(f in obj for f in FIELDS)):
                raise ValueError(f"{self.where}: not a state or stop line")
            self._obj = obj
        return self._obj

    @property
    def is_stop(self):
        # both printers begin a state with "n" and a stop with "stop":
        # parse only a line spelled otherwise
        if self.text.startswith('{"n":'):
            return False
        return self.text.startswith('{"stop":') or "stop" in self.obj


class Run(list):
    """The lines of one run (Line), and whether its output was cut short
    (run.sh caps each run's output: a run whose state grows without bound,
    as a mutant's can, must not fill the disk)."""
    cut = False


def read_lines(path):
    """The lines of one run.  A run ends with its stop line; output that
    stops before one (run.sh's cap; a partial last line is dropped) is a
    run cut short: Run.cut is set, and its lines are still compared."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}")
    parts = text.split("\n")
    complete = parts[:-1]                  # the text after the last newline is partial (or empty)
    out = Run(Line(t, f"{path}:{i}") for i, t in enumerate(complete, 1))
    if not out:
        raise ValueError(f"{path}: no state (the command failed before its first line)")
    if not out[-1].is_stop:
        out.cut = True
    return out


def first_item_diff(x, y, missing):
    """The first index where two lists differ (a shorter list's missing
    items shown as `missing`): (index, x's item, y's item), or None."""
    for i in range(max(len(x), len(y))):
        ix = x[i] if i < len(x) else missing
        iy = y[i] if i < len(y) else missing
        if ix != iy:
            return i, ix, iy
    return None


def stack_rows(theta):
    """theta over stacks ([[stack, counters], ...], stack a list of names
    root first) as a dict by the stack's tuple; None if not in that form."""
    try:
        return {tuple(st): cs for st, cs in theta}
    except (TypeError, ValueError):
        return None


def first_field_diff(a, b):
    """The first field of two state lines that differs, with both values
    narrowed to the element that differs: (where, ccm value, model value)."""
    for f in FIELDS:
        x, y = a[f], b[f]
        if x == y:
            continue
        if f == "stack" and isinstance(x, list) and isinstance(y, list):
            i, fx, fy = first_item_diff(x, y, "(none)")
            return f"stack[{i}] (0 = top; depth {len(x)} vs {len(y)})", fx, fy
        if f == "theta" and isinstance(x, list) and isinstance(y, list):
            # over stacks: [[stack, counters], ...]; narrowed to the stack
            sx, sy = stack_rows(x), stack_rows(y)
            if sx is not None and sy is not None:
                for st in sorted(set(sx) | set(sy)):
                    if sx.get(st) != sy.get(st):
                        return (f"theta[<{','.join(st)}>] (A C V U H P entries subentries)",
                                sx.get(st, "(all 0)"), sy.get(st, "(all 0)"))
        if f == "theta" and isinstance(x, dict) and isinstance(y, dict):
            for c in sorted(set(x) | set(y)):
                if x.get(c) != y.get(c):
                    return f"theta[{c!r}] (A C V U H P entries subentries)", x.get(c, "(all 0)"), y.get(c, "(all 0)")
        if f == "heap" and isinstance(x, list) and isinstance(y, list):
            i, ox, oy = first_item_diff(x, y, "(not allocated)")
            return f"heap[#{i}] (size {len(x)} vs {len(y)})", ox, oy
        return f, x, y
    return None


def compare(ccm, model):
    """None when the runs agree, else the report of the first difference.
    ccm and model: lists of Line (read_lines)."""
    d = first_difference(ccm, model)
    return d and d[2]


def first_difference(ccm, model):
    """None when the runs agree, else (n, field, report): the transition of
    the first difference, the top-level field that differs there (rule,
    ccc, control, stack, theta, heap; stop for a run that stopped where the
    other went on or stopped otherwise) and the report printed for it."""
    return _first_difference(ccm, model)


def _first_difference(ccm, model):
    for la, lb in zip(ccm, model):
        if la.text == lb.text:
            if la.is_stop:
                return None
            continue
        a, b = la.obj, lb.obj
        # run.sh's stop line for a dumper that died has n -1: the other's n says where
        n = a.get("n") if a.get("n") != -1 else b.get("n")
        if ("stop" in a) != ("stop" in b):
            which = "ccm" if "stop" in a else "model"
            other = b if which == "ccm" else a
            return n, "stop", (f"DIFF n={n} stop: {which} stopped ({(a if which == 'ccm' else b)['stop']}) "
                               f"where the other made a transition ({other.get('rule')})\n"
                               f"  ccm:   {show(a)}\n  model: {show(b)}")
        if "stop" in a:
            if a != b:
                return n, "stop", f"DIFF n={n} stop:\n  ccm:   {show(a)}\n  model: {show(b)}"
            return None
        if a["n"] != b["n"]:
            return n, "n", f"DIFF line numbering: ccm n={a['n']}, model n={b['n']}"
        d = first_field_diff(a, b)
        if d:
            where, x, y = d
            rule = a.get("rule") if a.get("rule") == b.get("rule") else f"{a.get('rule')} vs {b.get('rule')}"
            return n, where.split("[")[0].split(" ")[0], (f"DIFF n={n} {where} (transition {n}, rule {rule}):\n"
                                                          f"  ccm:   {show(x)}\n  model: {show(y)}")
    shorter = "ccm's" if len(ccm) < len(model) else "the model's"
    return len(min(ccm, model, key=len)) - 1, "cut", (
        f"DIFF: {shorter} output was cut short (run.sh's byte cap) after {len(min(ccm, model, key=len))} "
        f"lines, all equal to the other side's: nothing is known past them")


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    quiet = "--quiet" in argv[1:]
    if len(args) != 2 or any(a not in ("--quiet",) for a in argv[1:] if a.startswith("--")):
        print("usage: compare.py CCM_STATES MODEL_STATES [--quiet]", file=sys.stderr)
        return 2
    try:
        ccm, model = read_lines(args[0]), read_lines(args[1])
        report = compare(ccm, model)       # parses lines as it needs them
    except ValueError as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 2
    if report:
        print(report)
        return 1
    if not quiet:
        print(f"same: {len(ccm) - 1} states, stop {ccm[-1].obj['stop']} after {ccm[-1].obj['n']} transitions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
