#!/usr/bin/env python3
"""tests/audit/annotate.py -- `ccm annotate FILE [--html OUT]` (issue 14, item 2).

hello.lam (fig6 lexical), from tests/examples/hello.expect; line 9 is
`main = let f = scc "fun" \\x -> x; a = 1 in f a;` (let at column 8, scc
16, the body x 32, `f a` 44):
   9:8  let ...       MAIN H2          (step 2)
   9:8  main          MAIN V1 U1       (steps 1 and 9: entering and updating main)
   9:16 scc "fun"     MAIN subentries1; fun entries1   (step 5)
   9:32 x             fun V1           (step 8)
   9:44 f a           MAIN A1          (step 3)
   9:44 f             MAIN V1; fun U1  (steps 4 and 6)
caf_x.lam (tests/examples/caf_x.expect), line 18 `r1 = scc "first" x + one`:
   18:29 x            CAF:x U1; first V1  (steps 7 and 13)
   18:33 one          first V1            (step 15)
The page (--html) is loaded in headless Chromium: no console message, the
table shows the hand-derived totals, its own script finds that the listing
adds up to the table.  For every example under the four configurations the
page's data-count attributes sum to `ccm run --json`'s counters, and the text
listing ends with `ccm run`'s report, byte for byte.
"""
import glob, html.parser, json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

CCM = os.environ.get("CCM", "build/ccm")
T = Tally("audit-annotate")
check = T.check
CONFIGS = [(r, s) for r in ("fig6", "fig2") for s in ("lexical", "evaluation")]
tmp = tempfile.mkdtemp(prefix="ccm-annotate-")


def ccm(*args):
    p = subprocess.run([CCM, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def ann(col, text):
    return "       | " + " " * (col - 1) + "^ " + text


rc, out, _ = ccm("annotate", "examples/hello.lam")
check(rc == 0, "hello: exit 0")
want = [
    '     9 | main = let f = scc "fun" \\x -> x; a = 1 in f a;',
    ann(8, 'let f = scc "fun" \\x -> x; a = 1 in f a  MAIN H2'),
    ann(8, "main  MAIN V1 U1"),
    ann(16, 'scc "fun" \\x -> x  MAIN subentries1; fun entries1'),
    ann(32, "x  fun V1"),
    ann(44, "f a  MAIN A1"),
    ann(44, "f  MAIN V1; fun U1"),
    "",
]
lines = out.split("\n")
at = lines.index(want[0]) if want[0] in lines else -1
check(at >= 0 and lines[at:at + len(want)] == want, f"hello listing:\n{out}")
check(lines[0] == "     1 | -- hello.lam -- the worked example of docs/semantics.md section 7.", "line 1 as written")

rc, out, _ = ccm("annotate", "examples/caf_x.lam")
check(ann(29, "x  CAF:x U1; first V1") in out.split("\n"), "caf_x: x on line 18")
check(ann(33, "one  first V1") in out.split("\n"), "caf_x: one on line 18")

# The text listing ends with the report of `ccm run`, byte for byte.
for f in sorted(glob.glob("examples/*.lam")):
    for r, s in CONFIGS:
        rc, out, _ = ccm("annotate", f, "--rules", r, "--scoping", s)
        rrc, rep, _ = ccm("run", f, "--rules", r, "--scoping", s)
        check(rc == rrc and out.endswith("\n\n" + rep), f"{f} {r} {s}: listing does not end with the report")


class Counts(html.parser.HTMLParser):
    """data-count of the listing's spans, summed per (cc, counter); the table's cells."""
    def __init__(self):
        super().__init__()
        self.sums, self.table, self.row, self.cell, self.links = {}, {}, None, None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("src", "href"):
            if k in a:
                self.links.append(a[k])
        if tag == "span" and a.get("class") == "c":
            key = (a["data-cc"], a["data-counter"])
            self.sums[key] = self.sums.get(key, 0) + int(a["data-count"])
        if tag == "tr" and "data-cc" in a:
            self.row = a["data-cc"]
        if tag == "td" and a.get("class") == "n":
            self.cell = (self.row, a["data-counter"])

    def handle_data(self, data):
        if self.cell:
            self.table[self.cell] = int(data)
            self.cell = None


for f in sorted(glob.glob("examples/*.lam")):
    for r, s in CONFIGS:
        page = os.path.join(tmp, "page.html")
        rc, _, _ = ccm("annotate", f, "--rules", r, "--scoping", s, "--html", page)
        _, rep, _ = ccm("run", "--json", f, "--rules", r, "--scoping", s)
        costs = json.loads(rep)["costs"]
        p = Counts()
        with open(page) as fh:
            p.feed(fh.read())
        want = {(cc, k): v for cc, ks in costs.items() for k, v in ks.items()}
        got = {key: p.sums.get(key, 0) for key in want}
        check(got == want and set(p.sums) <= set(want), f"{f} {r} {s}: page's counts {p.sums} vs report {want}")
        check(p.table == want, f"{f} {r} {s}: page's table differs from the report")
        check(p.links == [], f"{f}: the page links out: {p.links}")

# Bad input and stops.
rc, _, err = ccm("annotate", "examples/hello.lam", "--json")
check(rc == 2, "annotate --json: usage error")
# explain and annotate quote the program's text, so JSON core input is refused
for cmd in ("explain", "annotate"):
    rc, out, err = ccm(cmd, "--input", "json", "examples/hello.lam")
    check(rc == 2 and "reads program text only" in err and out == "", f"{cmd} --input json: usage error ({rc})")
rc, _, err = ccm("annotate", "examples/hello.lam", "--html", os.path.join(tmp, "no", "such", "dir.html"))
check(rc == 2 and "cannot write" in err, f"unwritable --html: exit 2 ({err!r})")
bad = os.path.join(tmp, "bad.lam")
with open(bad, "w") as fh:
    fh.write("main = let x = 1 in\n")
rc, out, err = ccm("annotate", bad)
check(rc == 2 and err.startswith(bad + ":") and out == "", f"parse error: FILE:LINE:COL, exit 2 ({err!r})")
rc, out, err = ccm("annotate", "examples/caf_x.lam", "--max-steps", "10")
check(rc == 3 and "steps" in err and "ccm annotate" not in out and "resource error" in out,
      f"budget stop: exit 3, listing of the costs so far ({rc})")

# The page in a real browser.
CHROMIUM = shutil.which("chromium")
check(CHROMIUM is not None, "chromium is installed (ci/packages.txt lists it)")


def browse(path):
    """The DOM after scripts ran, and the console lines Chromium logged."""
    p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                        "--v=0", "--user-data-dir=" + os.path.join(tmp, "profile"), "--dump-dom",
                        "file://" + os.path.abspath(path)], capture_output=True, text=True, timeout=120)
    return p.stdout, [l for l in p.stderr.splitlines() if ":CONSOLE" in l]


if CHROMIUM:
    # The check itself works: a page with a script error is caught.
    broken = os.path.join(tmp, "broken.html")
    with open(broken, "w") as fh:
        fh.write("<!DOCTYPE html><html><body><script>noSuchFunction();</script></body></html>")
    _, console = browse(broken)
    check(any("noSuchFunction" in l for l in console), f"a script error shows in the console lines: {console}")
    # caf_x.lam, hand-derived totals (tests/examples/caf_x.expect).
    HAND = {"MAIN": {"V": 3, "U": 1, "H": 3, "P": 1, "subentries": 2},
            "CAF:x": {"V": 1, "U": 1, "H": 1, "P": 1},
            "first": {"V": 2, "U": 1, "P": 1, "entries": 1},
            "second": {"V": 2, "U": 1, "P": 1, "entries": 1}}
    page = os.path.join(tmp, "caf_x.html")
    ccm("annotate", "examples/caf_x.lam", "--html", page)
    dom, console = browse(page)
    check(console == [], f"caf_x page: console messages {console}")
    check('id="selfcheck">the listing adds up to the table<' in dom, "caf_x page: its script ran and found the sums equal")
    check('<span id="steps">28</span>' in dom, "caf_x page: 28 steps")
    p = Counts()
    p.feed(dom)
    for cc, ks in HAND.items():
        for k in ["A", "C", "V", "U", "H", "P", "entries", "subentries"]:
            check(p.table.get((cc, k)) == ks.get(k, 0), f"caf_x page: {cc} {k} shows {p.table.get((cc, k))}")
    check('<div class="bar" style="width:40.0%">' in dom, "caf_x page: MAIN's bar at 40% (8 of 20 A..P)")
    check(dom.count('class="bar"') == 4, "caf_x page: one bar per cost centre")
    # hello.lam: fun's share is 2 of 8 = 25%.
    page = os.path.join(tmp, "hello.html")
    ccm("annotate", "examples/hello.lam", "--html", page)
    dom, console = browse(page)
    check(console == [] and 'the listing adds up to the table' in dom, "hello page loads cleanly and adds up")
    check('<div class="bar" style="width:25.0%">' in dom and '<div class="bar" style="width:75.0%">' in dom,
          "hello page: bars at 75% (MAIN) and 25% (fun)")
T.finish()
