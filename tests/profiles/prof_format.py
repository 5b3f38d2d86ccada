"""tests/profiles/prof_format.py -- a reader of GHC's .prof text report that
enforces the layout rules the common readers rely on (independent of ccm's
writer; also run on a real GHC report when GHC is installed):

  * title line "\\t<Day Mon DD HH:MM YYYY> Time and Allocation Profiling
    Report  (Final)", the "total time" and "total alloc" lines (maoe/ghc-prof's
    grammar: grouped decimal bytes, "ticks @ N us, N processor");
  * the header words of both tables, in order (ghc-prof-flamegraph, inferno's
    START_LINE; profiteur);
  * the tree: the indent is the depth, one space per level, never skipping a
    level (inferno refuses a skipped level; ghc-prof counts the spaces);
  * every field stands where inferno cuts it: the token found by skipping
    blanks from the header's character offset of MODULE, %time, and (for -P
    reports) after the last %alloc and after "ticks" is the field itself.

parse(text) returns a dict or raises ValueError naming the broken rule."""
import re

TITLE = re.compile(r"^\t\w{3} \w{3} [ \d]?\d \d\d:\d\d \d{4} Time and Allocation Profiling Report  \(Final\)$")
TIME = re.compile(r"^\ttotal time  = +([\d.]+) secs   \((\d+) ticks @ (\d+) us, (\d+) processors?\)$")
ALLOC = re.compile(r"^\ttotal alloc = +([\d,]+) bytes  \(excludes profiling overheads\)$")
FLAT_WORDS = ["COST", "CENTRE", "MODULE", "SRC", "%time", "%alloc"]
TREE_WORDS = ["COST", "CENTRE", "MODULE", "SRC", "no.", "entries", "%time", "%alloc", "%time", "%alloc"]


def _token_at(line, col):
    """inferno's string_range: from character col, skip blanks, take a token."""
    rest = line[col:].lstrip()
    return rest.split()[0] if rest.split() else ""


def _rows(lines, i):
    rows = []
    while i < len(lines) and lines[i].strip():
        rows.append(lines[i])
        i += 1
    return rows, i


def parse(text):
    lines = text.split("\n")
    if not TITLE.match(lines[0]):
        raise ValueError(f"title line: {lines[0]!r}")
    if lines[1] != "" or not lines[2].startswith("\t  ") or lines[3] != "":
        raise ValueError("command line block")
    m, a = TIME.match(lines[4]), ALLOC.match(lines[5])
    if not m or not a:
        raise ValueError(f"total lines: {lines[4]!r} / {lines[5]!r}")
    out = {"total_ticks": int(m.group(2)), "tick_us": int(m.group(3)),
           "total_alloc": int(a.group(1).replace(",", "")), "flat": [], "tree": []}
    if abs(float(m.group(1)) - round(out["total_ticks"] * out["tick_us"] / 1e6, 2)) > 0.0051:
        raise ValueError("total time is not ticks x interval")
    i = 6
    while not lines[i].strip():
        i += 1
    head = lines[i]
    if head.split()[:6] != FLAT_WORDS:
        raise ValueError(f"flat header: {head!r}")
    verbose = head.split()[6:] == ["ticks", "bytes"]
    if lines[i + 1] != "":
        raise ValueError("no blank line under the flat header")
    rows, i = _rows(lines, i + 2)
    if not rows:
        raise ValueError("the flat table has no row (ghc-prof needs one)")
    for r in rows:
        f = r.split()
        if len(f) != (7 if verbose else 5):
            raise ValueError(f"flat row fields: {r!r}")
        if _token_at(r, head.index("MODULE")) != f[1] or _token_at(r, head.index("%time")) != f[3]:
            raise ValueError(f"flat row off its columns: {r!r}")
        row = {"label": f[0], "module": f[1], "src": f[2], "time": f[3], "alloc": f[4]}
        if verbose:
            row.update(ticks=int(f[5]), bytes=int(f[6]))
        out["flat"].append(row)
    while not lines[i].strip():
        i += 1
    top, head = lines[i], lines[i + 1]
    if top.split() != ["individual", "inherited"] or head.split()[:10] != TREE_WORDS:
        raise ValueError(f"tree header: {top!r} / {head!r}")
    if verbose != (head.split()[10:] == ["ticks", "bytes"]):
        raise ValueError("the two tables disagree on ticks/bytes columns")
    if lines[i + 2] != "":
        raise ValueError("no blank line under the tree header")
    rows, i = _rows(lines, i + 3)
    if any(l.strip() for l in lines[i:]):
        raise ValueError("text after the tree")
    cols = {"module": head.index("MODULE"), "time": head.index("%time"),
            "ticks": head.rindex("%alloc") + 6, "bytes": head.rindex("ticks") + 5 if verbose else None}
    depth = -1
    for r in rows:
        d = len(r) - len(r.lstrip(" "))
        if d > depth + 1:
            raise ValueError(f"skipped indent level: {r!r}")
        depth = d
        f = r.split()
        if len(f) != (11 if verbose else 9):
            raise ValueError(f"tree row fields: {r!r}")
        if _token_at(r, cols["module"]) != f[1] or _token_at(r, cols["time"]) != f[5]:
            raise ValueError(f"tree row off its columns: {r!r}")
        node = {"depth": d, "label": f[0], "module": f[1], "src": f[2], "no": int(f[3]), "entries": int(f[4]),
                "time": f[5], "alloc": f[6], "inh_time": f[7], "inh_alloc": f[8]}
        if verbose:
            if _token_at(r, cols["ticks"]) != f[9] or _token_at(r, cols["bytes"]) != f[10]:
                raise ValueError(f"ticks/bytes off their columns: {r!r}")
            node.update(ticks=int(f[9]), bytes=int(f[10]))
        out["tree"].append(node)
    if not out["tree"] or out["tree"][0]["depth"] != 0:
        raise ValueError("the tree has no root row")
    return out
