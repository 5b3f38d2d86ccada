"""toolversions.py -- the versions of the proof's tools, asked of the tools
themselves, and how they differ from those a certificate names.

Resource units are counted by one version of one prover on the task one
version of Frama-C and Why3 writes: another version of any of them can need
more or fewer units for the same goal.  So the certificate records them
(proofs/certify.py) and a run under others says so (prove-report.py)."""
import re
import subprocess

# name in the certificate -> (command, pattern of its version)
TOOLS = {
    "frama-c": (["frama-c", "-version"], r"^(.*)$"),
    "why3": (["why3", "--version"], r"version ([^\s,]+)"),
    "cvc4": (["cvc4", "--version"], r"version ([^\s,]+)"),
    "z3": (["z3", "--version"], r"version ([^\s,]+)"),
}


def version(name):
    cmd, pattern = TOOLS[name]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return "not installed"
    m = re.search(pattern, out, re.M)
    return m.group(1).strip() if m else "unknown"


def current(names=TOOLS):
    return {name: version(name) for name in names}


def certified(path):
    """the tool versions a certificate names"""
    found = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.partition(": ")
            if key in TOOLS:
                found[key] = value.strip()
    return found


def differences(path, now=None):
    """'cvc4 1.9 here, 1.8 certified' for each tool the certificate names
    whose version here is another (now: the versions here, for tests)"""
    want = certified(path)
    now = now if now is not None else current(want)
    return [f"{name} {now[name]} here, {want[name]} certified"
            for name in sorted(want) if now.get(name) != want[name]]


def note(path):
    """one sentence if the tools here are not the certified ones, else ''"""
    differ = differences(path)
    if not differ:
        return ""
    return ("tools differ from the certificate's (" + ", ".join(differ) + "): resource units, and so "
            "verdicts near the limit, may differ from the certified run's")


if __name__ == "__main__":
    # toolversions.py CERT.txt: said before a run starts
    import sys
    if note(sys.argv[1]):
        print("prove: NOTE: " + note(sys.argv[1]))
