#!/usr/bin/env python3
"""The worked example of docs/semantics.md section 7 (examples/hello.lam)
run from Python: a function under `scc "fun"` applied to a top-level
constant.  With lexical scoping the body of `\\x -> x` runs in "fun", so
entering `a` is charged to fun; with evaluation scoping it goes to MAIN.

    python3 python/example_section7.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ccm  # noqa: E402

PROGRAM = 'main = let f = scc "fun" \\x -> x; a = 1 in f a;\n'

for scoping in ("lexical", "evaluation"):
    r = ccm.run_text(PROGRAM, file="section7.lam", scoping=scoping)
    print(f"{scoping}: {r.status} {r.value}, returned in {r.returned_cc}, {r.steps} steps")
    for cc, counters in r.costs.items():
        charged = {k: n for k, n in counters.items() if n}
        if charged:
            print(f"  {cc:5} " + " ".join(f"{k}={n}" for k, n in charged.items()))
