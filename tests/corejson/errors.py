#!/usr/bin/env python3
"""tests/corejson/errors.py CCM -- malformed and ill-scoped JSON core
(docs/core-json.md, "Errors"): each case must exit 2 with one line on
standard error, "<stdin>:WHERE: message", WHERE the JSON path of the
offending node (or LINE:COL for JSON syntax and document-level faults), and
the message the case names.  Ill-scoped programs are also written as
program text: both must give the same message after the location, since
JSON core goes through the text's checker and loader.  Then the same cases
as `ccm batch` "core" requests: each answers "bad_input" with the same
message.  Prints "corejson-errors: N passed, N failed"."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from tally import Tally  # noqa: E402

ccm = sys.argv[1]
T = Tally("corejson-errors")


def lit(v):
    return {"node": "literal", "value": v}


def var(x):
    return {"node": "variable", "name": x}


def prog(*binds):
    return {"bindings": [{"name": n, "body": b} for n, b in binds]}


def main_is(body):
    return prog(("main", body))


# (what, JSON text, where, message fragment)
CASES = [
    ("not JSON", "main = 1;", "1:4", "not JSON core"),   # Jansson: the column after the bad token
    ("truncated", '{"bindings": [', "1:14", "not JSON core"),
    ("not an object", "[]", "1:1", '"bindings": [...]'),
    ("extra top member", json.dumps({"bindings": [], "main": 1}), "1:1", "one member"),
    ("bindings not an array", json.dumps({"bindings": {}}), "/bindings", "must be an array"),
    ("binding not an object", json.dumps({"bindings": [7]}), "/bindings/0", "a binding is an object"),
    ("binding without body", json.dumps({"bindings": [{"name": "main"}]}), "/bindings/0", 'no "body"'),
    ("node not an object", json.dumps(main_is([1])), "/bindings/0/body", "a node is an object"),
    ("node without kind", json.dumps(main_is({"value": 1})), "/bindings/0/body", 'no "node" member'),
    ("wrong node kind", json.dumps(main_is({"node": "lamda", "param": "x", "body": lit(1)})),
     "/bindings/0/body", 'unknown node kind "lamda"'),
    ("node kind not a string", json.dumps(main_is({"node": 3})), "/bindings/0/body", "unknown node kind an integer"),
    ("missing field", json.dumps(main_is({"node": "lambda", "param": "x"})), "/bindings/0/body", 'a lambda has no "body"'),
    ("unknown member", json.dumps(main_is({"node": "literal", "value": 1, "colour": "red"})),
     "/bindings/0/body", 'unknown member "colour"'),
    ("wrong type", json.dumps(main_is({"node": "literal", "value": "1"})), "/bindings/0/body/value", "not a string"),
    ("real literal", json.dumps(main_is({"node": "literal", "value": 1.5})), "/bindings/0/body/value", "not a real number"),
    ("negative literal", json.dumps(main_is(lit(-1))), "/bindings/0/body/value", "out of range"),
    ("literal beyond 64 bits", '{"bindings":[{"name":"main","body":{"node":"literal","value":9223372036854775808}}]}',
     "1:80", "too big integer"),
    ("name not a string", json.dumps(main_is({"node": "variable", "name": 5})), "/bindings/0/body/name", "not an integer"),
    ("bad variable name", json.dumps(prog(("Main", lit(1)))), "/bindings/0/name", 'bad variable name "Main"'),
    ("keyword as a name", json.dumps(main_is({"node": "lambda", "param": "let", "body": lit(1)})),
     "/bindings/0/body/param", "keyword"),
    ("bad constructor name", json.dumps(main_is({"node": "constructor", "con": "nil"})),
     "/bindings/0/body/con", 'bad constructor name "nil"'),
    ("bad cost-centre name", json.dumps(main_is({"node": "scc", "cc": 'a"b', "body": lit(1)})),
     "/bindings/0/body/cc", "bad cost-centre name"),
    ("bad pos", json.dumps({"bindings": [{"name": "main", "body": lit(1), "pos": {"line": 0, "col": 1}}]}),
     "/bindings/0/pos", '"pos" needs'),
    ("empty let", json.dumps(main_is({"node": "let", "bindings": [], "body": lit(1)})),
     "/bindings/0/body/bindings", "at least one"),
    ("empty case", json.dumps(main_is({"node": "case", "scrutinee": lit(1), "alts": []})),
     "/bindings/0/body/alts", "non-empty"),
    ("alt neither con nor default", json.dumps(main_is({"node": "case", "scrutinee": lit(1), "alts": [{"body": lit(2)}]})),
     "/bindings/0/body/alts/0", '"con" or "default"'),
    ("default with vars", json.dumps(main_is({"node": "case", "scrutinee": lit(1),
                                              "alts": [{"default": True, "vars": ["x"], "body": lit(2)}]})),
     "/bindings/0/body/alts/0", "no \"con\" or \"vars\""),
    ("operand not atomic", json.dumps(main_is({"node": "primitive", "op": "+", "left": lit(1),
                                               "right": {"node": "constructor", "con": "A"}})),
     "/bindings/0/body/right", "variable or a literal"),
    ("unknown operator", json.dumps(main_is({"node": "primitive", "op": "^", "left": lit(1), "right": lit(2)})),
     "/bindings/0/body/op", '"op" is one of'),
    ("too deep", '{"bindings":[{"name":"main","body":' + '{"node":"scc","cc":"a","body":' * 3000
     + '{"node":"literal","value":1}' + '}' * 3000 + '}]}', None, "maximum parsing depth"),
    ("deep in a case, path named", json.dumps(main_is({"node": "case", "scrutinee": lit(1), "alts": [
        {"con": "A", "body": lit(1)},
        {"con": "B", "vars": ["x"], "body": {"node": "lambda", "param": "y", "body": {"node": "let", "bindings": [
            {"name": "z", "body": {"node": "application", "fun": var("y"), "arg": "q"}}], "body": var("z")}}}]})),
     "/bindings/0/body/alts/1/body/body/bindings/0/body/arg", "unbound variable `q`"),
    ("source position shown", json.dumps(main_is({"node": "variable", "name": "w", "pos": {"line": 7, "col": 3}})),
     "/bindings/0/body (source 7:3)", "unbound variable `w`"),
]

# Ill-scoped programs as JSON core and as text: the same message after the location.
SCOPED = [
    ("unbound variable", main_is(var("y")), "main = y;", "/bindings/0/body"),
    ("unbound argument", main_is({"node": "application", "fun": lit(1), "arg": "q"}), "main = 1 q;", "/bindings/0/body/arg"),
    ("duplicate top-level binding", prog(("main", lit(1)), ("main", lit(2))), "main = 1; main = 2;", "/bindings/1"),
    ("duplicate let binding", main_is({"node": "let", "bindings": [{"name": "a", "body": lit(1)}, {"name": "a", "body": lit(2)}],
                                       "body": var("a")}), "main = let a = 1; a = 2 in a;", "/bindings/0/body/bindings/1"),
    ("arity mismatch", prog(("x", {"node": "constructor", "con": "P", "args": []}),
                            ("main", {"node": "case", "scrutinee": var("x"), "alts": [
                                {"con": "P", "vars": ["a"], "body": lit(1)}]})),
     "x = P;\nmain = case x of { P a -> 1 };", "/bindings/1/body/alts/0"),
    ("True with arguments", main_is({"node": "let", "bindings": [{"name": "a", "body": lit(1)}],
                                     "body": {"node": "constructor", "con": "True", "args": ["a"]}}),
     "main = let a = 1 in True a;", "/bindings/0/body/body"),
    ("duplicate pattern variable", main_is({"node": "case", "scrutinee": lit(1), "alts": [
        {"con": "P", "vars": ["a", "a"], "body": lit(1)}]}), "main = case 1 of { P a a -> 1 };",
     "/bindings/0/body/alts/0/vars/1"),
    ("duplicate alternative", main_is({"node": "case", "scrutinee": lit(1), "alts": [
        {"con": "P", "body": lit(1)}, {"con": "P", "body": lit(2)}]}), "main = case 1 of { P -> 1; P -> 2 };",
     "/bindings/0/body/alts/1"),
    ("default not last", main_is({"node": "case", "scrutinee": lit(1), "alts": [
        {"default": True, "body": lit(1)}, {"con": "P", "body": lit(2)}]}), None, "/bindings/0/body/alts/1"),
    ("reserved cost centre", main_is({"node": "scc", "cc": "CAF:x", "body": lit(1)}), 'main = scc "CAF:x" 1;',
     "/bindings/0/body/cc"),
    ("missing main", prog(("f", lit(1))), "f = 1;", "/bindings"),
]


def run(text, stdin_lang):
    args = ["run", "--input", "json", "-"] if stdin_lang == "json" else ["run", "-"]
    return subprocess.run([ccm, *args], input=text, capture_output=True, text=True)


def located(stderr):
    """(where, message) of a one-line diagnostic "<stdin>:WHERE: message"."""
    m = re.fullmatch(r"<stdin>:(.*?): (.*)\n", stderr, re.S)
    if not m or "\n" in m.group(0)[:-1]:
        return None, stderr
    return m.group(1), m.group(2)


batch_lines, batch_want = [], []
for what, text, where, frag in CASES:
    r = run(text, "json")
    got_where, msg = located(r.stderr)
    T.check(r.returncode == 2 and (where is None or got_where == where) and frag in msg,
            f"{what}: exit {r.returncode}, stderr {r.stderr[:300]!r}; want {where}: ...{frag}...")
for what, doc, text, where in SCOPED:
    r = run(json.dumps(doc), "json")
    got_where, msg = located(r.stderr)
    T.check(r.returncode == 2 and got_where == where, f"{what}: exit {r.returncode}, stderr {r.stderr[:300]!r}; want {where}")
    if text is not None:
        t = run(text, "text")
        _, tmsg = located(t.stderr)
        # the text names earlier positions as LINE:COL, JSON as paths: compare up to them
        same = re.sub(r" at [^ )]+", " at _", msg) == re.sub(r" at [^ )]+", " at _", tmsg)
        T.check(t.returncode == 2 and same, f"{what}: JSON says {msg!r}, text says {tmsg!r}")
    batch_lines.append(json.dumps({"id": what, "core": doc}))
    batch_want.append((what, "<batch:%d>:%s: %s" % (len(batch_lines), where, msg)))

b = subprocess.run([ccm, "batch"], input="\n".join(batch_lines) + "\n", capture_output=True, text=True)
answers = [json.loads(x) for x in b.stdout.splitlines()]
T.check(b.returncode == 0 and len(answers) == len(batch_want), f"batch: exit {b.returncode}, {len(answers)} answers")
for (what, message), a in zip(batch_want, answers):
    T.check(a.get("id") == what and a.get("outcome") == "bad_input" and a["error"]["message"] == message,
            f"batch {what}: {json.dumps(a)[:300]}; want {message!r}")
T.finish()
