"""tests/lib/runccm.py -- what a Python suite needs to run a ccm binary: the
sanitizers told to fail loudly (the same suites run build/ccm-san), a scratch
directory for the programs the suite writes, and runs checked for a
sanitizer report."""
import os
import subprocess
import tempfile

os.environ["ASAN_OPTIONS"] = "exitcode=99:detect_leaks=1"
os.environ["UBSAN_OPTIONS"] = "exitcode=99:print_stacktrace=1:halt_on_error=1"


def scratch(prefix):
    """A new scratch directory; the suite removes it."""
    return tempfile.mkdtemp(prefix=prefix)


def write(directory, name, text):
    """Write text to directory/name; its path."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def run(tally, binary, *args, **kwargs):
    """Run binary with args (subprocess.run's keyword arguments: input,
    env, ...), count one check that it printed no sanitizer report, and
    return the completed process."""
    p = subprocess.run([binary, *args], capture_output=True, text=True, **kwargs)
    tally.check("Sanitizer" not in p.stderr and "runtime error:" not in p.stderr,
                f"sanitizer report for {args}: {p.stderr[:400]}")
    return p
