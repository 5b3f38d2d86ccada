#!/usr/bin/env python3
"""tests/profiles/options.py CCM -- the profile options' bad input and
output rules: an unwritable FILE, a bad --heap-interval, an option without
its value or on the wrong command is exit status 2 with a message and no
report (nothing ran); FILE "-" appends the profile to standard output after
the report; a runtime error (exit 1) still writes every file complete.
Prints "profile-options: N passed, N failed"."""
import json, os, subprocess, tempfile

import hp_format, prof_format
from suite import HERE, ROOT, Tally, ccm_arg

T = Tally("profile-options")
HELLO = os.path.join(ROOT, "examples", "hello.lam")


def run(ccm, *args):
    return subprocess.run([ccm, *args], capture_output=True, text=True)


def refused(ccm, why, *args, says=""):
    r = run(ccm, *args)
    T.check(r.returncode == 2 and r.stdout == "" and says in r.stderr and "Traceback" not in r.stderr,
            f"{why}: exit 2, a message, nothing run (got {r.returncode}, {r.stderr.strip()[:120]!r})")


def main():
    ccm = ccm_arg()
    with tempfile.TemporaryDirectory() as tmp:
        ok = os.path.join(tmp, "ok.prof")
        refused(ccm, "unwritable FILE", "run", "--prof", "/nonexistent-dir/x.prof", HELLO, says="cannot write")
        refused(ccm, "a directory as FILE", "run", "--heap-profile", tmp, HELLO, says="cannot write")
        refused(ccm, "unwritable second FILE", "run", "--prof", ok, "--speedscope", "/nonexistent-dir/s", HELLO,
                says="--speedscope")
        for bad in ["0", "abc", "-3", "1.5", "", "281474976710657"]:
            refused(ccm, f"--heap-interval {bad!r}", "run", "--heap-profile", ok, "--heap-interval", bad, HELLO,
                    says="--heap-interval")
        refused(ccm, "--heap-interval without --heap-profile", "run", "--heap-interval", "10", HELLO,
                says="--heap-profile")
        refused(ccm, "--prof without FILE", "run", HELLO, "--prof", says="needs a value")
        refused(ccm, "--prof on ccm trace", "trace", "--prof", ok, HELLO, says="ccm run")
        refused(ccm, "one FILE for two profiles", "run", "--prof", ok, "--prof-json", ok, HELLO, says="same file")

        # "-": the report first, then the profile, on standard output
        r = run(ccm, "run", "--json", "--speedscope", "-", HELLO)
        first, rest = r.stdout.split("\n", 1) if "\n" in r.stdout else (r.stdout, "")
        try:
            good = json.loads(first)["outcome"] == "value" and "profiles" in json.loads(rest)
        except ValueError:
            good = False
        T.check(r.returncode == 0 and good, "--speedscope -: the JSON report, then the speedscope file")
        r = run(ccm, "run", "--prof", "-", HELLO)
        plain = run(ccm, "run", HELLO).stdout
        try:
            good = r.stdout.startswith(plain) and prof_format.parse(r.stdout[len(plain):]) is not None
        except ValueError:
            good = False
        T.check(r.returncode == 0 and good, "--prof -: the table report, then the .prof text")

        # a runtime error: exit 1, every file complete, the costs so far
        prog = os.path.join(HERE, "divzero.lam")
        files = [os.path.join(tmp, n) for n in ("e.prof", "e.pj", "e.ss", "e.hp")]
        r = run(ccm, "run", "--prof", files[0], "--prof-json", files[1], "--speedscope", files[2],
                "--heap-profile", files[3], prog)
        report = json.loads(run(ccm, "run", "--json", prog).stdout)
        T.check(r.returncode == 1 and "division by zero" in r.stderr, "divzero: exit 1 naming the cause")
        try:
            p = prof_format.parse(open(files[0]).read())
            work = report["costs"]["work"]
            row = [n for n in p["tree"] if n["label"] == "work"]
            good = row and row[0]["ticks"] == sum(work[k] for k in "ACVUP") > 0
        except (ValueError, KeyError):
            good = False
        T.check(bool(good), "divzero: the .prof holds the costs so far")
        try:
            pj, ss = json.load(open(files[1])), json.load(open(files[2]))
            good = pj["total_ticks"] > 0 and len(ss["profiles"]) == 6
        except ValueError:
            good = False
        T.check(good, "divzero: the -pj and speedscope files are complete JSON")
        try:
            samples = hp_format.parse(open(files[3]).read())[1]
            good = samples[-1][0] == report["steps"]
        except (ValueError, IndexError):
            good = False
        T.check(good, "divzero: the .hp ends with a census at the failing step")
    T.finish()


if __name__ == "__main__":
    main()
