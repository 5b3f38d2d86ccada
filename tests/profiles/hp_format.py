"""tests/profiles/hp_format.py -- a reader of .hp heap profiles with the
rules hp2ps and eventlog2html apply: the four header lines JOB, DATE,
SAMPLE_UNIT, VALUE_UNIT first, in that order; then BEGIN_SAMPLE t /
"band<TAB>integer" lines / END_SAMPLE t blocks with a '.' in every time
(hp2ps reads times as floating numbers) and times that never decrease;
no MARK lines.  parse(text) returns (header dict, [(time, {band: value})])
or raises ValueError naming the rule."""
import re

HEAD = [("JOB", re.compile(r'^JOB "[^"]*"$')), ("DATE", re.compile(r'^DATE "[^"]*"$')),
        ("SAMPLE_UNIT", re.compile(r'^SAMPLE_UNIT "[^"]*"$')), ("VALUE_UNIT", re.compile(r'^VALUE_UNIT "[^"]*"$'))]
TIME = re.compile(r"^\d+\.\d+$")


def parse(text):
    lines = text.split("\n")
    if lines[-1] != "":
        raise ValueError("no newline at the end")
    lines.pop()
    header = {}
    for (word, rx), line in zip(HEAD, lines):
        if not rx.match(line):
            raise ValueError(f"header line {word}: {line!r}")
        header[word] = line.split('"')[1]
    samples, cur, last = [], None, -1.0
    for line in lines[4:]:
        w = line.split(" ", 1)
        if w[0] == "BEGIN_SAMPLE":
            if cur is not None or len(w) != 2 or not TIME.match(w[1]):
                raise ValueError(f"bad BEGIN_SAMPLE: {line!r}")
            t = float(w[1])
            if t < last:
                raise ValueError(f"time goes back: {line!r}")
            cur, last = (t, {}), t
        elif w[0] == "END_SAMPLE":
            if cur is None or len(w) != 2 or float(w[1]) != cur[0]:
                raise ValueError(f"bad END_SAMPLE: {line!r}")
            samples.append(cur)
            cur = None
        else:
            f = line.split("\t")
            if cur is None or len(f) != 2 or not f[1].isdigit() or not f[0] or any(c.isspace() for c in f[0]):
                raise ValueError(f"bad band line: {line!r}")
            if f[0] in cur[1]:
                raise ValueError(f"band twice in a sample: {line!r}")
            cur[1][f[0]] = int(f[1])
    if cur is not None:
        raise ValueError("last sample not ended")
    return header, samples
