"""goalsteps.py -- read build/prove/goal-steps.tsv, the proved goals of the
last whole run as proofs/prove-report.py writes them (--times): one line per
goal, `GOAL<TAB>PROVER<TAB>SECONDS<TAB>UNITS`."""


def read(path):
    """{goal: (prover, resource units)}"""
    goals = {}
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 4:
                goals[fields[0]] = (fields[1], int(fields[3]))
    return goals
