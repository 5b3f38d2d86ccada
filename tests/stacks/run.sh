#!/usr/bin/env bash
# tests/stacks/run.sh BUILD -- the evaluator with cost-centre stacks
# (docs/stacks.md) against hand derivations, and its command line.
#   1. every examples/stacks_*.lam under all nine push x call combinations:
#      `ccm-props --eval-stacks` prints exactly the outcome, value, steps,
#      returned stack and per-stack counters derived in the file's "--!"
#      comments (tests/stacks/expect.awk), and the inherited counts where
#      the file derives them; every combination must be derived.
#      (The "cost" lines, the stacks summed by top, are what the stk-flat
#      property checks on generated programs.)
#   2. --stacks flat and --stacks ghc are the combinations they name; push
#      single with call lexical/evaluation reports what the machine does
#      (`ccm run --json --scoping`, CCM overrides the binary); the machine's
#      stacks (`ccm run --push append|ghc --scoping lexical|evaluation`)
#      against the same hand derivations, with a stack table grown from its
#      roots, its budget, `--stacks` on the machine.
#   3. a full stack table, bad input and bad options give clear errors.
#   4. the properties stk-flat, stk-order, stk-nodup and stk-machine on
#      generated programs.
# CCM_PROPS overrides the binary (the sanitizer build); SEEDS the seed count
# at size 5 (a third of it at size 10).
# Ends with "stacks: N passed, N failed".
set -u
build=${1:-build}
props=${CCM_PROPS:-$build/ccm-props}
seeds=${SEEDS:-20000}
here=$(dirname "$0")
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 1. hand derivations
for f in examples/stacks_*.lam; do
    for p in single append ghc; do
        for c in lexical evaluation ghc; do
            awk -v push=$p -v call=$c -f "$here/expect.awk" "$f" | sort > "$tmp/want"
            if ! grep -q '^steps ' "$tmp/want" || ! grep -q '^returned_stack ' "$tmp/want"; then
                bad "$f push $p call $c: no derivation (steps and returned stack)"; continue
            fi
            # inherited counts are compared where the file derives them
            what='outcome|value|steps|returned_stack|stack'
            grep -q '^inherited ' "$tmp/want" && what="$what|inherited"
            "$props" --eval-stacks --inherited --push $p --call $c "$f" 2>&1 \
                | grep -E "^($what) " | sort > "$tmp/got"
            if cmp -s "$tmp/want" "$tmp/got"; then ok "$f push $p call $c"
            else bad "$f push $p call $c"; diff "$tmp/want" "$tmp/got"; fi
        done
    done
done

# 2. the two named settings
for pair in "flat:single:lexical" "ghc:ghc:ghc"; do
    IFS=: read -r s p c <<<"$pair"
    f=examples/stacks_hof.lam
    if cmp -s <("$props" --eval-stacks --stacks "$s" "$f") <("$props" --eval-stacks --push "$p" --call "$c" "$f")
    then ok "--stacks $s is push $p call $c"
    else bad "--stacks $s is not push $p call $c"; fi
done
# push single with call lexical is the flat evaluator: its cost lines are --eval's
if cmp -s <("$props" --eval-stacks --stacks flat examples/stacks_hof.lam | grep -E '^(outcome|value|returned_cc|steps|cost) ') \
          <("$props" --eval examples/stacks_hof.lam)
then ok "--stacks flat reports what --eval does"
else bad "--stacks flat differs from --eval"; fi

# 2a. the flat runs against the machine: push single with call lexical or
#     evaluation is the flat evaluator, and its report is `ccm run`'s
ccm=${CCM:-$build/ccm}
for f in examples/stacks_*.lam; do
    for c in lexical evaluation; do
        want=$("$ccm" run --json --scoping $c "$f" | jq -r '"value \(.value)", "returned_cc \(.returned_cc)",
               "steps \(.steps)", (.costs | to_entries[] | select([.value[]] | add > 0)
               | "cost \(.key) \(.value.A) \(.value.C) \(.value.V) \(.value.U) \(.value.H) \(.value.P) \(.value.entries) \(.value.subentries)")' | sort)
        got=$("$props" --eval-stacks --push single --call $c "$f" | grep -E '^(value|returned_cc|steps|cost) ' | sort)
        if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "$f push single call $c is the machine's $c run"
        else bad "$f push single call $c against ccm run --scoping $c"; diff <(echo "$want") <(echo "$got"); fi
    done
done

# 2b. the machine's own stacks (`ccm run --push append|ghc`) against the
#     same hand derivations: call lexical and evaluation are the machine's
#     scopings; the JSON report's "stacks" (each node's parent, top and
#     counters) turned into the evaluator's lines here, every stack with a
#     non-zero counter named by its path
machine_lines='.stacks as $s
  | def path($i): if $i == null then [] else path($s[$i].parent) + [$s[$i].cc] end;
    def q: map("\"" + . + "\"") | join(" ");
  (if .outcome == "value" then "outcome value", "value \(.value)" else "outcome \(.error.kind)" end),
  "steps \(.steps)",
  (if .returned_stack then "returned_stack " + (.returned_stack | q) else empty end),
  ($s[] | select([.A, .C, .V, .U, .H, .P, .entries, .subentries] | add > 0)
        | "stack \(.A) \(.C) \(.V) \(.U) \(.H) \(.P) \(.entries) \(.subentries) " + (path(.id) | q))'
for f in examples/stacks_*.lam; do
    for p in append ghc; do
        for c in lexical evaluation ghc; do
            awk -v push=$p -v call=$c -f "$here/expect.awk" "$f" | grep -E '^(outcome|value|steps|returned_stack|stack) ' \
                | sort > "$tmp/want"
            "$ccm" run --json --push $p --scoping $c "$f" | jq -r "$machine_lines" | sort > "$tmp/got"
            if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then ok "machine: $f push $p scoping $c"
            else bad "machine: $f push $p scoping $c"; diff "$tmp/want" "$tmp/got"; fi
            # a table that starts at the cost centres and grows at every new stack
            if cmp -s <(CCM_INITIAL_CAP=1 "$ccm" run --json --push $p --scoping $c "$f") \
                      <("$ccm" run --json --push $p --scoping $c "$f")
            then ok "machine: $f push $p scoping $c, the stack table grown from its roots"
            else bad "machine: $f push $p scoping $c differs with CCM_INITIAL_CAP=1"; fi
        done
    done
done
# the named settings on the machine: flat is the default run; ghc is push
# ghc with call ghc (--call is --scoping)
if cmp -s <("$ccm" run --stacks flat examples/stacks_hof.lam) <("$ccm" run examples/stacks_hof.lam)
then ok "ccm run --stacks flat is the default run"
else bad "ccm run --stacks flat differs from the default run"; fi
for f in examples/stacks_*.lam; do
    if cmp -s <("$ccm" run --json --stacks ghc "$f") <("$ccm" run --json --push ghc --call ghc "$f") \
       && cmp -s <("$ccm" run --json --stacks ghc "$f") <("$ccm" run --json --push ghc --scoping ghc "$f")
    then ok "ccm run --stacks ghc is --push ghc --call ghc (and --scoping ghc): $f"
    else bad "ccm run --stacks ghc differs from --push ghc --call ghc on $f"; fi
done
"$ccm" annotate --call ghc examples/stacks_hof.lam >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'flat machine only' "$tmp/err"; then ok "ccm annotate --call ghc: exit 2"
else bad "ccm annotate --call ghc (exit $rc): $(head -1 "$tmp/err")"; fi
# the stack budget: stacks_recursion makes <MAIN,count,...> one deeper per
# call under append; a budget below that stops the run (exit 3) with the
# costs so far
out=$("$ccm" run --json --push append --max-nodes 4 examples/stacks_recursion.lam 2>"$tmp/err"); rc=$?
if [ $rc -eq 3 ] && jq -e '.error.message | test("--max-nodes 4 distinct stacks")' <<<"$out" >/dev/null \
   && [ "$(jq ".stacks | length" <<<"$out")" = 4 ]
then ok "a full stack table on the machine: exit 3, $(jq -r .error.message <<<"$out")"
else bad "a full stack table on the machine (exit $rc): $out $(cat "$tmp/err")"; fi
"$ccm" annotate --push ghc examples/stacks_hof.lam >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'flat machine only' "$tmp/err"; then ok "ccm annotate --push ghc: exit 2"
else bad "ccm annotate --push ghc (exit $rc): $(head -1 "$tmp/err")"; fi
# the stack table grown at every point of a run: started with room for k
# nodes (CCM_INITIAL_CAP, at least the roots), k = 1 .. 24, the run grows it
# where node k + 1 is made -- at an scc, or between the pushes of a ghc
# call, which cannot resume once one is refused (the library and ccm_run
# make room before the app2: docs/stacks.md section 5a).  Every report is
# the one of a table with room from the start.
for f in examples/stacks_*.lam; do
    for o in "--stacks ghc" "--push append --call ghc"; do
        # shellcheck disable=SC2086
        ref=$("$ccm" run --json $o "$f"); differ=""
        for k in $(seq 1 24); do
            # shellcheck disable=SC2086
            [ "$(CCM_INITIAL_CAP=$k "$ccm" run --json $o "$f")" = "$ref" ] || differ+=" $k"
        done
        if [ -z "$differ" ]; then ok "$f $o: the same report with the stack table grown from 1 .. 24 nodes"
        else bad "$f $o: another report with the table grown from$differ nodes"; fi
    done
done
# a recursion 10^6 calls deep under scc: push ghc finds "count" on top at
# every call and stays on <MAIN,count> (truncation), so the run makes as
# many stacks as the 2-deep example does (--stacks ghc, and --push ghc under
# each call policy); push append makes one node per call
sed 's/k = 2 in/k = 1000000 in/' examples/stacks_recursion.lam > "$tmp/deep.lam"
for o in "--stacks ghc" "--push ghc --call lexical" "--push ghc --call evaluation"; do
    # shellcheck disable=SC2086
    few=$("$ccm" run --json $o examples/stacks_recursion.lam | jq '.stacks | length')
    # shellcheck disable=SC2086
    out=$("$ccm" run --json $o "$tmp/deep.lam"); rc=$?
    if [ $rc -eq 0 ] && [ "$(jq -r .value <<<"$out")" = 0 ] && [ "$few" -gt 1 ] \
       && [ "$(jq '.stacks | length' <<<"$out")" = "$few" ] \
       && [ "$(jq '[.stacks[].entries] | add' <<<"$out")" = 1000001 ]
    then ok "10^6 recursive calls under $o: $few stacks, as 2 calls make; 1000001 entries"
    else bad "10^6 recursive calls under $o (exit $rc): $(jq -c '{value, n: (.stacks | length)}' <<<"$out" 2>&1 | head -c 300), $few for 2 calls"; fi
done
out=$("$ccm" run --json --push append --max-stacks 1000 "$tmp/deep.lam" 2>/dev/null); rc=$?
if [ $rc -eq 3 ] && [ "$(jq '.stacks | length' <<<"$out")" = 1000 ]
then ok "10^6 recursive calls under push append: a node per call, the budget --max-stacks 1000 spent (exit 3)"
else bad "10^6 recursive calls under push append --max-nodes 1000 (exit $rc)"; fi
# states prints stacks (docs/coq.md, "Lockstep over stacks"; the lockstep
# suites compare every line with the model): the run starts under <MAIN>
# (stacks.md section 1), a stack is its names root first, and it ends
# with a value
"$ccm" states --push ghc examples/stacks_hof.lam >"$tmp/states" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(head -1 "$tmp/states" | jq -c .ccc)" = '["MAIN"]' ] \
   && [ "$(tail -1 "$tmp/states" | jq -r .stop)" = value ]
then ok "ccm states --push ghc: stacks, from <MAIN> to a value"
else bad "ccm states --push ghc (exit $rc): $(head -1 "$tmp/err")"; fi
# explain runs with stacks (its --stack PATH: tests/audit/explain_stack.py);
# within a stack budget it stops as run does, exit 3, costs so far
"$ccm" explain --push ghc examples/stacks_hof.lam >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ]; then ok "ccm explain --push ghc: exit 0"
else bad "ccm explain --push ghc (exit $rc): $(head -1 "$tmp/err")"; fi
"$ccm" explain --push append --max-nodes 4 --stack MAIN examples/stacks_recursion.lam >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 3 ] && grep -q -- '--max-nodes 4 distinct stacks' "$tmp/err"; then ok "ccm explain, a full stack table: exit 3"
else bad "ccm explain, a full stack table (exit $rc): $(head -1 "$tmp/err")"; fi

# 3. errors
out=$("$props" --eval-stacks --push append --max-nodes 4 examples/stacks_recursion.lam 2>"$tmp/err"); rc=$?
if [ $rc -eq 1 ] && grep -q '^outcome stacks$' <<<"$out" && grep -q 'more than 4 distinct stacks' "$tmp/err"
then ok "a full stack table: outcome stacks, exit 1, $(cat "$tmp/err")"
else bad "a full stack table (exit $rc): $out $(cat "$tmp/err")"; fi
printf 'main = let a = 1 in\n  scc "x" (a +);\n' > "$tmp/bad.lam"
"$props" --eval-stacks --stacks ghc "$tmp/bad.lam" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -qE "^$tmp/bad.lam:2:[0-9]+: " "$tmp/err"
then ok "bad input: exit 2, $(head -1 "$tmp/err" | sed "s|$tmp/||")"
else bad "bad input (exit $rc): $(cat "$tmp/err")"; fi
for args in "--push sideways x.lam" "--call" "--stacks flat" "--max-nodes 0 x.lam"; do
    # shellcheck disable=SC2086
    "$props" --eval-stacks $args >/dev/null 2>"$tmp/err"; rc=$?
    if [ $rc -eq 2 ] && grep -q '^usage:' "$tmp/err"; then ok "usage error: --eval-stacks $args"
    else bad "--eval-stacks $args: exit $rc"; fi
done

# 4. the properties on generated programs: size 5, and fewer of size 10
#    (deeper stacks)
for run in "5 $seeds" "10 $((seeds / 3))"; do
    read -r size n <<<"$run"
    out=$("$props" --seeds "$n" --size "$size" --jobs 1 --props stk 2>&1); rc=$?
    grep -E '^props: [0-9]+ programs|reached a value' <<<"$out"
    if [ $rc -eq 0 ]; then ok "stk-flat, stk-order, stk-nodup, stk-machine on seeds 1..$n, size $size"
    else bad "stacks properties on seeds 1..$n, size $size"; tail -n 30 <<<"$out"; fi
done

echo "stacks: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
