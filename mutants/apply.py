#!/usr/bin/env python3
"""apply.py -- inject one mutant into a copy of the tree.

A mutant is a file mutants/<area>/<name>.mut: header fields, then the exact
text to replace and its replacement (see mutants/README.md):

    name: let_h_once
    file: kernel/rows_let.c
    what: let charges H once instead of once per binding
    check: props prove           # which checks must catch it
    prove: let_row_pieces        # the function whose proof must fail (check: prove)
    --- from
    <exact text, one or more lines>
    --- to
    <replacement>
    --- end

Usage:
    apply.py MUTFILE TREE        replace in TREE/<file>; exit 2 if the text is
                                 not found exactly once (the mutant no longer
                                 applies: that fails the caller's target)
    apply.py --get FIELD MUTFILE print one header field ('' if absent)
"""
import sys


def parse(path):
    fields, parts, cur = {}, {}, None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("--- "):
                tag = line[4:].strip()
                cur = None if tag == "end" else tag
                if cur is not None:
                    parts[cur] = []
                continue
            if cur is not None:
                parts[cur].append(line)
            elif line.strip() and not line.lstrip().startswith("#") and ":" in line:
                key, _, val = line.partition(":")
                fields[key.strip()] = val.split(" #")[0].strip()
    for need in ("name", "file"):
        if need not in fields:
            sys.exit(f"{path}: missing field '{need}'")
    if "from" not in parts or "to" not in parts:
        sys.exit(f"{path}: needs a '--- from' and a '--- to' section")
    # the last newline before '--- to' / '--- end' belongs to the markers
    frm = "".join(parts["from"]).rstrip("\n")
    to = "".join(parts["to"]).rstrip("\n")
    if not frm:
        sys.exit(f"{path}: empty '--- from' text")
    return fields, frm, to


def apply(mut, tree):
    fields, frm, to = parse(mut)
    target = f"{tree}/{fields['file']}"
    try:
        with open(target, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        print(f"{mut}: cannot read {target}: {e.strerror}", file=sys.stderr)
        return 2
    n = text.count(frm)
    if n != 1:
        print(f"{mut}: does not apply: its text occurs {n} times in {fields['file']} "
              f"(must be exactly once)", file=sys.stderr)
        return 2
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(text.replace(frm, to))
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--get":
        fields, _, _ = parse(argv[3])
        print(fields.get(argv[2], ""))
        return 0
    if len(argv) == 3:
        return apply(argv[1], argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
