"""tests/lib/tally.py -- the pass/fail count of a Python test suite, printed
as the "SUITE: N passed, N failed" line that tests/run-suites sums."""
import sys


class Tally:
    def __init__(self, suite):
        self.suite, self.passed, self.failed = suite, 0, 0

    def check(self, ok, what):
        """Count one assertion; print what failed."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)

    def finish(self):
        """Print the summary line and exit 1 if anything failed."""
        print(f"{self.suite}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
