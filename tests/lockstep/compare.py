#!/usr/bin/env python3
"""compare.py -- hold two runs printed in the lockstep format of docs/coq.md
("Lockstep") to each other, transition by transition.

    compare.py CCM_STATES MODEL_STATES [--quiet]

Each file is one JSON object a line: the state before the first transition
(n 0, rule null), then the state after every transition, then
{"stop": why, "n": transitions}.  The two are read in step; at the first
line where they differ, the comparison stops and says which transition
(n), which field (rule, ccc, control, stack, theta, heap; inside the stack
the frame, inside theta the cost centre, inside the heap the address) and
both sides' values.  Fields are compared in that order, so the field named
is the first of them the transition got wrong.  Values are compared as
JSON data (structure, numbers, strings), never as text.

Exit status: 0 the runs agree on every line; 1 they differ (the report is
on standard output: "DIFF n=K field: ..."); 2 bad input (a file missing or
not in the format).
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


def read_lines(path):
    """The lines of a file of runs; the last must be a stop line."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: {getattr(e, 'strerror', None) or e}")
    out = [Line(t, f"{path}:{i}") for i, t in enumerate(text.splitlines(), 1)]
    if not out or not out[-1].is_stop:
        raise ValueError(f"{path}: does not end with a stop line (the run was cut short)")
    return out


def first_field_diff(a, b):
    """The first field of two state lines that differs, with both values
    narrowed to the element that differs: (where, ccm value, model value)."""
    for f in FIELDS:
        x, y = a[f], b[f]
        if x == y:
            continue
        if f == "stack" and isinstance(x, list) and isinstance(y, list):
            for i in range(max(len(x), len(y))):
                fx = x[i] if i < len(x) else "(none)"
                fy = y[i] if i < len(y) else "(none)"
                if fx != fy:
                    return f"stack[{i}] (0 = top; depth {len(x)} vs {len(y)})", fx, fy
        if f == "theta" and isinstance(x, dict) and isinstance(y, dict):
            for c in sorted(set(x) | set(y)):
                if x.get(c) != y.get(c):
                    return f"theta[{c!r}] (A C V U H P entries subentries)", x.get(c, "(all 0)"), y.get(c, "(all 0)")
        if f == "heap" and isinstance(x, list) and isinstance(y, list):
            for i in range(max(len(x), len(y))):
                ox = x[i] if i < len(x) else "(not allocated)"
                oy = y[i] if i < len(y) else "(not allocated)"
                if ox != oy:
                    return f"heap[#{i}] (size {len(x)} vs {len(y)})", ox, oy
        return f, x, y
    return None


def compare(ccm, model):
    """None when the runs agree, else the report of the first difference.
    ccm and model: lists of Line (read_lines)."""
    for la, lb in zip(ccm, model):
        if la.text == lb.text:
            if la.is_stop:
                return None
            continue
        a, b = la.obj, lb.obj
        n = a.get("n")
        if ("stop" in a) != ("stop" in b):
            which = "ccm" if "stop" in a else "model"
            other = b if which == "ccm" else a
            return (f"DIFF n={n} stop: {which} stopped ({(a if which == 'ccm' else b)['stop']}) "
                    f"where the other made a transition ({other.get('rule')})\n"
                    f"  ccm:   {show(a)}\n  model: {show(b)}")
        if "stop" in a:
            if a != b:
                return f"DIFF n={n} stop:\n  ccm:   {show(a)}\n  model: {show(b)}"
            return None
        if a["n"] != b["n"]:
            return f"DIFF line numbering: ccm n={a['n']}, model n={b['n']}"
        d = first_field_diff(a, b)
        if d:
            where, x, y = d
            rule = a.get("rule") if a.get("rule") == b.get("rule") else f"{a.get('rule')} vs {b.get('rule')}"
            return (f"DIFF n={n} {where} (transition {n}, rule {rule}):\n"
                    f"  ccm:   {show(x)}\n  model: {show(y)}")
    return "DIFF: one run has fewer lines (cannot happen: each ends with its stop line)"


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    quiet = "--quiet" in argv[1:]
    if len(args) != 2 or any(a not in ("--quiet",) for a in argv[1:] if a.startswith("--")):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        ccm, model = read_lines(args[0]), read_lines(args[1])
    except ValueError as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 2
    report = compare(ccm, model)
    if report:
        print(report)
        return 1
    if not quiet:
        print(f"same: {len(ccm) - 1} states, stop {ccm[-1].obj['stop']} after {ccm[-1].obj['n']} transitions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
