"""wplog.py -- read the goals out of a Frama-C/WP log (-wp-log style lines).

    [wp] [CVC4 1.8] Goal typed_ccm_row_app2_ensures_row : Valid (Qed:78ms) (53.5s) (1409942) (cached)
    [wp] [CVC4 1.8] Goal typed_ccm_charge_assigns : Step limit (Qed:11ms) (2000000)

    [wp] [Failed] Goal typed_ccm_step_app_call_ccm_fire_app1_requires_budget
      Z3 4.8.12: Timeout (Qed:11ms) (30s)
      CVC4 1.8: Timeout (Qed:11ms) (30s)

One record per goal: its name, the prover that settled it (or that failed
last), the verdict (Valid, Stepout, Timeout, Unknown, Failed, ...; WP's "Step
limit" is Stepout: the prover used up its resource units; Timeout is the
wall-clock limit; a goal every prover failed on is Unknown/Invalid if a
prover said so, else Stepout or Timeout: a prover error is no answer;
NoResult where no prover ran), the
prover's time in seconds (0 for Qed), its resource units (steps: 0 for Qed
and where the log gives none) and whether it came from the cache."""
import re
from collections import Counter, namedtuple

Goal = namedtuple("Goal", "goal prover verdict seconds steps cached")
_VERDICT = r"(Step limit|\w+)"
_LINE = re.compile(r"\[wp\] \[([^\]]+)\] Goal (\S+) : " + _VERDICT + r"(.*)")
_FAILED = re.compile(r"\[wp\] \[Failed\] Goal (\S+)\s*$")
_SUB = re.compile(r"\s+([^:]+): " + _VERDICT + r"(.*)")


def _secs(text):
    """'53.5s', '370ms', "1'" (minutes), "1'30s" -> seconds"""
    m = re.fullmatch(r"(?:(\d+)')?(?:([0-9.]+)(ms|s))?", text)
    if not m or not (m.group(1) or m.group(2)):
        return None
    secs = 60.0 * int(m.group(1) or 0)
    if m.group(2):
        secs += float(m.group(2)) / (1000.0 if m.group(3) == "ms" else 1.0)
    return secs


def _time(rest):
    for part in re.findall(r"\(([^()]*)\)", rest):
        if part.startswith("Qed:") or part == "cached":
            continue
        s = _secs(part)
        if s is not None:
            return s
    return 0.0


def _steps(rest):
    """the resource units WP prints after the time: the last bare number"""
    found = re.findall(r"\((\d+)\)", rest)
    return int(found[-1]) if found else 0


def _verdict(word):
    return "Stepout" if word == "Step limit" else word


def goal_of_line(line):
    """The goal whose verdict a line of WP's log gives (None for any other
    line, a smoke test's included)."""
    m = _LINE.match(line)
    if m:
        return m.group(2)
    m = _FAILED.match(line)
    return m.group(1) if m else None


def goals(path):
    """the goals of the log file at path (goals_in)"""
    with open(path, errors="replace") as f:
        return goals_in(f)


def goals_in(lines):
    """the goals of a log's lines, each name once.  Several goals can share a
    name (`for B1, B2: assert NAME` is one goal per behavior): a failed one
    stands for them all, else the one with the most resource units, so that
    neither a failure nor the heaviest proof hides behind a sibling."""
    seen = {}

    def add(g):
        old = seen.get(g.goal)
        if (old is None or (old.verdict == "Valid" and g.verdict != "Valid")
                or (old.verdict == g.verdict and g.steps > old.steps)):
            seen[g.goal] = g

    failed = None   # [goal, [(prover, verdict, secs)]] of a [Failed] block
    for line in lines:
        if failed is not None:
            m = _SUB.match(line)
            if m:
                failed[1].append((m.group(1).strip(), _verdict(m.group(2)), _time(m.group(3)),
                                  _steps(m.group(3))))
                continue
            add(_settle(failed))
            failed = None
        m = _FAILED.match(line)
        if m:
            failed = [m.group(1), []]
            continue
        m = _LINE.match(line)
        if not m:
            continue
        prover, goal, verdict, rest = m.groups()
        qed = prover == "Qed"
        add(Goal(goal, prover, _verdict(verdict), 0.0 if qed else _time(rest), 0 if qed else _steps(rest),
                 "(cached)" in rest))
    if failed is not None:
        add(_settle(failed))
    return list(seen.values())


def _settle(failed):
    """the verdict of a [Failed] block: a definite answer (Unknown, Invalid)
    if a prover gave one; otherwise the last prover's Stepout or Timeout -- a
    prover that crashed or ran out of memory ("Failed ...") has said nothing
    about the goal either (it counts as Timeout).  A block with no prover
    line is NoResult: no prover ran (a replay found no cache entry)"""
    goal, tries = failed
    if not tries:
        return Goal(goal, "?", "NoResult", 0.0, 0, False)
    answers = [t for t in tries if t[1] not in ("Timeout", "Stepout", "Failed")]
    if answers:
        prover, verdict, secs, steps = answers[0]
        return Goal(goal, prover, verdict, secs, steps, False)
    prover, verdict, secs, steps = tries[-1]
    return Goal(goal, prover, "Stepout" if verdict == "Stepout" else "Timeout", secs, steps, False)


_SMOKE = re.compile(r"\[wp\] \[(\w+)\] Smoke-test (\S+)")
_SMOKE_AT = re.compile(r"\[wp\] (\S+?):(\d+): Warning: Failed smoke-test")
_SMOKE_NAME = re.compile(r"typed_(\w+?)_wp_smoke_(\w+?)(?:_s\d+)?$")


def _source_line(path, line):
    try:
        with open(path, errors="replace") as f:
            return f.read().splitlines()[line - 1].strip()
    except (OSError, IndexError):
        return "?"


def smoke_tests(lines):
    """(number of smoke tests in a log's lines, Counter of the failed ones,
    set of the names of all of them, passed or failed): a failed one is
    keyed (function, kind, FILE: source line), the source line read from
    the location WP prints after it; statement ids and line numbers change
    with every edit, a line's text does not"""
    ran, dead, pending, names = 0, Counter(), [], set()
    for line in lines:
        m = _SMOKE.match(line)
        if m:
            ran += 1
            names.add(m.group(2))
            if m.group(1) == "Failed":
                n = _SMOKE_NAME.match(m.group(2))
                pending.append(n.groups() if n else (m.group(2), "?"))
            continue
        m = _SMOKE_AT.match(line)
        if m and pending:
            fn, kind = pending.pop(0)
            dead[(fn, kind, f"{m.group(1)}: {_source_line(m.group(1), int(m.group(2)))}")] += 1
    for fn, kind in pending:
        dead[(fn, kind, "?")] += 1
    return ran, dead, names


def smoke_expected(path):
    """the expected-dead list: `FUNCTION | KIND | FILE: SOURCE LINE | REASON`
    per line (# comments); a key listed n times is expected n times"""
    expected = Counter()
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            # the source line may hold " | " itself: the reason is after the last one
            head = line.split(" | ", 2)
            parts = [p.strip() for p in head[:2] + head[2].rsplit(" | ", 1)] if len(head) == 3 else []
            if len(parts) != 4 or not parts[3]:
                raise SystemExit(f"{path}: want FUNCTION | KIND | FILE: LINE | REASON: {line}")
            expected[tuple(parts[:3])] += 1
    return expected
