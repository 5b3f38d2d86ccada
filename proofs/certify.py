#!/usr/bin/env python3
"""Write the proof certificate: the digest of the proven sources with the
verdict of the `make prove` run that proved them.

usage: certify.py [--out FILE] [--expect FUNCS.txt] [--smoke DEAD.txt] [--smoke-pass REPORT.json]...
                  [--versions K=V,...] [--steps-limit N] LOG EXIT_STATUS REPORT.json...

LOG, EXIT_STATUS and the REPORTs are those of one `make prove` run (the
arguments mk/prove.mk gives proofs/prove-report.py).  The verdict is the
gate's own: prove-report.py runs on them and must pass; its TOTAL line gives
the goals and the goals proved, and its list of the goals with the most
resource units the largest (within a third of --steps-limit, the gate's
headroom).  The versions of Frama-C, Why3, CVC4 and Z3
are asked of the tools themselves (--versions overrides them, for tests).
The digest covers the files proofs/certified-inputs.txt lists, read now:
run this right after `make prove`, with no source edited in between.
Exit 1, writing nothing, if the gate fails."""
import argparse
import hashlib
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import toolversions  # noqa: E402


def digest(root=ROOT):
    """The digest of proofs/certify-digest.sh, computed independently."""
    with open(os.path.join(root, "proofs", "certified-inputs.txt")) as f:
        patterns = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    names = [name for pattern in patterns for name in glob.glob(pattern, root_dir=root)]
    lines = ""
    for name in sorted(names, key=lambda n: n.encode()):
        with open(os.path.join(root, name), "rb") as f:
            lines += hashlib.sha256(f.read()).hexdigest() + "  " + name + "\n"
    return hashlib.sha256(lines.encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "proofs", "certificate.txt"))
    ap.add_argument("--expect")
    ap.add_argument("--smoke")
    ap.add_argument("--smoke-pass", action="append", default=[])
    ap.add_argument("--versions", default="")
    ap.add_argument("--steps-limit", default="0")
    ap.add_argument("log")
    ap.add_argument("status")
    ap.add_argument("reports", nargs="+")
    a = ap.parse_args()

    gate = [sys.executable, os.path.join(HERE, "prove-report.py")]
    if a.expect:
        gate += ["--expect", a.expect]
    if a.smoke:
        gate += ["--smoke", a.smoke]
    for report in a.smoke_pass:
        gate += ["--smoke-pass", report]
    gate += ["--steps-limit", a.steps_limit]
    run = subprocess.run(gate + [a.log, a.status, "0"] + a.reports, capture_output=True, text=True)
    total = re.search(r"^TOTAL\s+(\d+) / (\d+)$", run.stdout, re.M)
    heaviest = re.search(r"^most resource units.*\n\s+([0-9,]+)", run.stdout, re.M)
    if run.returncode != 0 or not total:
        sys.stdout.write(run.stdout)
        print("certify: the proof report does not pass the gate; no certificate written")
        return 1

    versions = toolversions.current()
    for kv in filter(None, a.versions.split(",")):
        k, v = kv.split("=", 1)
        versions[k] = v

    text = ("# The proof certificate: the digest of the sources `make prove` proved\n"
            "# (proofs/certify-digest.sh) and its verdict.  Written by proofs/certify.py\n"
            "# from the proof report; the build embeds it (ccm version).\n"
            f"digest: {digest()}\n"
            f"goals: {total.group(2)}\n"
            f"proved: {total.group(1)}\n"
            f"frama-c: {versions['frama-c']}\n"
            f"why3: {versions['why3']}\n"
            f"cvc4: {versions['cvc4']}\n"
            f"z3: {versions['z3']}\n"
            f"step-limit: {a.steps_limit}\n"
            f"largest-goal-steps: {heaviest.group(1).replace(',', '') if heaviest else 0}\n"
            "written: by proofs/certify.py from the proof report\n")
    with open(a.out, "w") as f:
        f.write(text)
    print(f"certify: {a.out}: {total.group(1)}/{total.group(2)} goals, digest {digest()[:16]}...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
