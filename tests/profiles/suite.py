"""tests/profiles/suite.py -- what the profile suites share: the repository's
paths, the binary under test (first argument, build/ccm by default) and
the pass/fail tally of tests/lib/tally.py."""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from tally import Tally                # noqa: E402,F401


def ccm_arg():
    return os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "ccm")
