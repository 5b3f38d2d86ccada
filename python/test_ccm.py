#!/usr/bin/env python3
"""Tests of python/ccm.py (unittest).  Expected numbers come from the hand
derivations in tests/examples/hello.expect (docs/semantics.md section 7)
and tests/examples/embed.sh (the same program stopped after 5 steps).
Prints "python: N passed, N failed" last, for make check."""
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ccm  # noqa: E402

HELLO = 'main = let f = scc "fun" \\x -> x; a = 1 in f a;\n'
ZERO = {k: 0 for k in ccm.COUNTERS}


def counters(**kw):
    c = dict(ZERO)
    c.update(kw)
    return c


class Section7(unittest.TestCase):
    def test_lexical(self):
        # 9 transitions: var2 main, let (2H), app1 (A), var2 f (V), scc
        # (fun entries, MAIN subentries), var3 f (fun U), app2, var1 a
        # (fun V), var3 main (MAIN U)
        r = ccm.run_text(HELLO)
        self.assertEqual((r.status, r.value, r.returned_cc, r.steps, r.exit_status), ("value", "1", "MAIN", 9, 0))
        self.assertIsNone(r.error)
        self.assertEqual(r.costs["MAIN"], counters(A=1, V=2, U=1, H=2, subentries=1))
        self.assertEqual(r.costs["fun"], counters(V=1, U=1, entries=1))

    def test_evaluation_scoping(self):
        # app2 restores MAIN, so var1 a charges MAIN V instead of fun
        r = ccm.run_text(HELLO, scoping="evaluation")
        self.assertEqual(r.costs["MAIN"], counters(A=1, V=3, U=1, H=2, subentries=1))
        self.assertEqual(r.costs["fun"], counters(U=1, entries=1))

    def test_fig2_same_here(self):
        r = ccm.run_text(HELLO, rules="fig2")
        self.assertEqual(r.costs["fun"], counters(V=1, U=1, entries=1))

    def test_step_budget_keeps_costs_so_far(self):
        # stops before the 6th transition (var3 f), which charges nothing
        r = ccm.run_text(HELLO, max_steps=5)
        self.assertEqual((r.status, r.value, r.steps, r.exit_status), ("steps", None, 5, 3))
        self.assertEqual(r.costs["MAIN"], counters(A=1, V=2, H=2, subentries=1))
        self.assertEqual(r.costs["fun"], counters(entries=1))

    def test_file(self):
        r = ccm.run_file(os.path.join(HERE, "..", "examples", "hello.lam"))
        self.assertEqual((r.value, r.steps), ("1", 9))


class Errors(unittest.TestCase):
    def test_load_error_is_located(self):
        with self.assertRaises(ccm.LoadError) as e:
            ccm.run_text("main = f;\n", file="bad.lam")
        self.assertRegex(str(e.exception), r"^bad\.lam:1:8: unbound variable")

    def test_parse_error(self):
        with self.assertRaises(ccm.LoadError) as e:
            ccm.run_text("main = (;\n", file="p.lam")
        self.assertRegex(str(e.exception), r"^p\.lam:1:\d+: ")

    def test_runtime_error_is_a_result(self):
        r = ccm.run_text("main = 1 / 0;\n")
        self.assertEqual((r.status, r.value, r.exit_status), ("division_by_zero", None, 1))
        self.assertIn("division by zero", r.error)

    def test_bad_options(self):
        # the library's words, as `ccm batch` answers them (lib/options.c)
        for kw, msg in (({"rules": "fig3"}, 'option "rules" takes "fig6" or "fig2"'),
                        ({"scoping": "dynamic"}, 'option "scoping" takes "lexical", "evaluation" or "ghc"'),
                        ({"max_steps": -1}, 'option "max_steps" takes an integer from 0 to 2^48'),
                        ({"max_steps": (1 << 48) + 1}, 'option "max_steps" takes an integer from 0 to 2^48'),
                        ({"max_steps": True}, 'option "max_steps" takes an integer from 0 to 2^48'),
                        ({"max_steps": "5"}, 'option "max_steps" takes an integer from 0 to 2^48'),
                        ({"max_heap": -1}, 'option "max_heap" takes an integer from 1 to 2^30'),
                        ({"max_stack": 0}, 'option "max_stack" takes an integer from 1 to 2^30'),
                        ({"order": 1}, 'option "order" takes "ltr" or "rtl"')):
            with self.assertRaises(ValueError) as e:
                ccm.run_text(HELLO, **kw)
            self.assertEqual(str(e.exception), msg)
        with self.assertRaises(TypeError):
            ccm.run_text(HELLO, max_step=5)

    def test_max_steps_zero_is_zero(self):
        # as `ccm run --max-steps 0`: no transition (0 is in the table's range)
        r = ccm.run_text(HELLO, max_steps=0)
        self.assertEqual((r.status, r.steps, r.exit_status), ("steps", 0, 3))
        self.assertIn("--max-steps 0 transitions", r.error)

    def test_bytes_with_nul(self):
        with self.assertRaises(ccm.LoadError):
            ccm.run_text(b"main = 1;\x00 junk", file="nul.lam")


# HELLO as JSON core (docs/core-json.md), written by hand: the same tree.
HELLO_CORE = {"bindings": [{"name": "main", "body": {
    "node": "let",
    "bindings": [{"name": "f", "body": {"node": "scc", "cc": "fun", "body": {
                     "node": "lambda", "param": "x", "body": {"node": "variable", "name": "x"}}}},
                 {"name": "a", "body": {"node": "literal", "value": 1}}],
    "body": {"node": "application", "fun": {"node": "variable", "name": "f"}, "arg": "a"}}}]}


class JsonCore(unittest.TestCase):
    def test_section7_as_json(self):
        # the hand derivation of Section7.test_lexical: same tree, same costs
        r = ccm.run_json(HELLO_CORE)
        self.assertEqual((r.status, r.value, r.returned_cc, r.steps), ("value", "1", "MAIN", 9))
        self.assertEqual(r.costs["MAIN"], counters(A=1, V=2, U=1, H=2, subentries=1))
        self.assertEqual(r.costs["fun"], counters(V=1, U=1, entries=1))

    def test_json_text_and_options(self):
        # Section7.test_evaluation_scoping, from JSON text
        import json
        r = ccm.run_json(json.dumps(HELLO_CORE), scoping="evaluation")
        self.assertEqual(r.costs["fun"], counters(U=1, entries=1))

    def test_error_names_the_path(self):
        bad = {"bindings": [{"name": "main", "body": {"node": "application",
                                                      "fun": {"node": "variable", "name": "g"}, "arg": "a"}}]}
        with self.assertRaises(ccm.LoadError) as e:
            ccm.run_json(bad, file="bad.json")
        self.assertEqual(str(e.exception), "bad.json:/bindings/0/body/fun: unbound variable `g`")

    def test_not_json(self):
        with self.assertRaises(ccm.LoadError) as e:
            ccm.run_json("main = 1;", file="t.json")
        self.assertRegex(str(e.exception), r"^t\.json:1:\d+: not JSON core")


CCM = os.environ.get("CCM", os.path.join(HERE, "..", "build", "ccm"))
DEEP = ("go = \\n -> case n == 0 of { True -> 0; False -> let m = n - 1 in let r = go m in r + 1 };\n"
        "main = go 3000000;\n")


class Options(unittest.TestCase):
    """The module keeps no table of its own: OPTIONS is the library's."""

    def test_table_is_the_commands(self):
        out = subprocess.run([CCM, "options", "--json"], capture_output=True, text=True, check=True).stdout
        self.assertEqual(ccm.OPTIONS, {row["key"]: row for row in json.loads(out)})
        self.assertEqual(list(ccm.OPTIONS), ["rules", "scoping", "order", "push", "max_steps", "max_heap",
                                              "max_cells", "max_stack", "max_nodes", "gc"])

    def test_no_copy_in_the_module(self):
        # no value name or default of the table is spelled in ccm.py
        with open(os.path.join(HERE, "ccm.py")) as f:
            text = f.read()
        for row in ccm.OPTIONS.values():
            for name in row.get("values", []):
                self.assertFalse(f'"{name}"' in text, f"ccm.py spells {name}")
            if row["kind"] == "budget":
                self.assertFalse(str(row["default"]) in text, f"ccm.py spells {row['default']}")

    def test_stacks(self):
        # examples/stacks_slide.lam, derived by hand in its comment
        src = 'f = \\x -> scc "f" (x + x);\nmain = scc "main" (let a = 1 in f a);\n'
        r = ccm.run_text(src, push="append")
        self.assertEqual((r.value, r.steps, r.returned_cc), ("2", 13, "f"))
        self.assertEqual(r.returned_stack, ("MAIN", "main", "f"))
        costly = {k: {c: n for c, n in v.items() if n} for k, v in r.stacks.items() if any(v.values())}
        self.assertEqual(costly, {("MAIN",): {"V": 1, "subentries": 1},
                                  ("MAIN", "main"): {"A": 1, "V": 1, "H": 1, "entries": 1, "subentries": 1},
                                  ("MAIN", "main", "f"): {"V": 2, "U": 1, "P": 1, "entries": 1}})
        self.assertEqual(r.costs["main"], counters(A=1, V=1, H=1, entries=1, subentries=1))
        flat = ccm.run_text(src)
        self.assertEqual((flat.stacks, flat.returned_stack, flat.costs), (None, None, r.costs))

    def test_defaults_are_the_defaults(self):
        # giving every default explicitly changes nothing
        given = {k: row["default"] for k, row in ccm.OPTIONS.items()}
        a, b = ccm.run_text(HELLO), ccm.run_text(HELLO, **given)
        self.assertEqual((a.status, a.steps, a.costs), (b.status, b.steps, b.costs))
        out = subprocess.run([CCM, "run", "--json", "-"], input=HELLO, capture_output=True, text=True,
                             check=True).stdout
        rep = json.loads(out)
        for k, row in ccm.OPTIONS.items():
            if row["kind"] == "enum" and k not in ("push", "gc"):
                self.assertEqual(rep[k], row["default"])
        # push is echoed only when it keeps stacks: a flat report is as it
        # was; gc never: a report is the same with and without the collector
        self.assertNotIn("push", rep)
        self.assertNotIn("gc", rep)
        self.assertEqual(rep["costs"]["fun"], a.costs["fun"])

    def test_stack_budget_everywhere(self):
        # 3,000,000 nested additions need more than 1,000,000 frames: with
        # that budget Python, `ccm run` and `ccm batch` stop at it, in its words
        want = "stack budget exhausted: --max-stack 1000000 frames"
        r = ccm.run_text(DEEP, max_stack=1000000)
        self.assertEqual((r.status, r.error), ("stack", want))
        run = subprocess.run([CCM, "run", "--json", "-", "--max-stack", "1000000"], input=DEEP,
                             capture_output=True, text=True)
        self.assertEqual((run.returncode, json.loads(run.stdout)["error"]["message"]), (3, want))
        batch = subprocess.run([CCM, "batch"], input=json.dumps({"id": 1, "program": DEEP,
                                                                 "options": {"max_stack": 1000000}}) + "\n",
                               capture_output=True, text=True, check=True)
        self.assertEqual(json.loads(batch.stdout)["error"]["message"], want)
        self.assertEqual(run.stdout.replace("\n", ""), batch.stdout.replace('{"id":1,', "{").replace("\n", ""))

    def test_default_stack_grows(self):
        # with the default budgets (the kernel's limit, 2^30) the arrays grow
        # as the run needs (docs/library.md, "Memory"): the 3,000,000 nested
        # additions, which the old default of 2^20 frames stopped,
        # come to 3,000,000 -- and the same from arrays that start at one entry
        self.assertEqual(ccm.OPTIONS["max_stack"]["default"], 1 << 30)
        r = ccm.run_text(DEEP)
        self.assertEqual((r.status, r.value), ("value", "3000000"))
        env = dict(os.environ, CCM_INITIAL_CAP="1")
        run = subprocess.run([CCM, "run", "--json", "-"], input=DEEP, capture_output=True, text=True, env=env)
        rep = json.loads(run.stdout)
        self.assertEqual((run.returncode, rep["value"], rep["steps"]), (0, "3000000", r.steps))
        self.assertEqual(rep["costs"]["MAIN"], r.costs["MAIN"])


class Misc(unittest.TestCase):
    def test_kernel_proven(self):
        self.assertTrue(ccm.kernel_proven())

    def test_example_runs(self):
        out = subprocess.run([sys.executable, os.path.join(HERE, "example_section7.py")],
                             capture_output=True, text=True, check=True).stdout
        self.assertIn("lexical: value 1, returned in MAIN, 9 steps", out)
        self.assertIn("  fun   V=1 U=1 entries=1", out)
        self.assertIn("  MAIN  A=1 V=3 U=1 H=2 subentries=1", out)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"python: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
