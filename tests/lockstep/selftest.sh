#!/usr/bin/env bash
# tests/lockstep/selftest.sh BUILD -- the lockstep comparison can fail, and
# fails where it must: at the first wrong transition, naming the field.
#   0. the real ccm and the real model agree on N programs (else the rest
#      proves nothing);
#   1. compare.py on one real pair of runs with one field of one line
#      changed by hand: it stops at that line and names that field; a
#      change of spelling only (member order, spaces) is no difference; a
#      run cut short (run.sh's byte cap) fails when nothing differed before
#      the cut; a line that is not JSON is bad input (exit 2);
#   2. every kernel mutant of mutants/lockstep/ (its `first: RULE FIELD`
#      says which row it breaks and where that shows), compiled into a ccm
#      of its own: every run must stop at the model's first RULE
#      transition, in FIELD, and a run without RULE must agree (expect.py;
#      the expectation is read from the model's run, never from the
#      mutant's);
#   3. the same for mutants of the extracted model (a copy of ccm_model.ml
#      edited by sed), the expectation read from ccm's run;
#   4. bad input to `ccm states` and `ccm-coq --states`: exit 2 and a
#      message, never a crash.
# A mutant that only right-to-left runs can show (`orders: rtl` in its
# header; the fifth argument of model_mutant) is run under the rtl
# configurations only: left to right, it must agree, and expect.py would
# count that against it.  Likewise a mutant of the machine over stacks
# (`push: append` in its header; the sixth argument of model_mutant) runs
# under the stack configurations of that push policy ($stack_configs:
# `ccm states --push P` against the model over stacks, docs/coq.md,
# "Lockstep over stacks"), and step 0 checks the real pair there too.
# Prints "lockstep selftest: N passed, M failed".  CLI_LIBS: the libraries
# ccm links with (GNUmakefile's; mk/coqcheck.mk passes them).
set -uo pipefail
: "${CLI_LIBS:?CLI_LIBS (the libraries ccm links with) is not set: run through make}"
build=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$build/lockstep/selftest
n=${LOCKSTEP_SELFTEST_N:-12}
export LOCKSTEP_MAX_BYTES=${LOCKSTEP_MAX_BYTES:-4000000}   # per run: a mutant's run may grow without end
configs="fig6:lexical:0 fig2:evaluation:0 fig6:evaluation:2 fig2:lexical:1:rtl fig6:lexical:0:rtl"
stack_configs="fig6:lexical:0::append fig2:evaluation:0::append fig6:evaluation:2::append fig6:lexical:0::ghc fig2:evaluation:1::ghc"
rm -rf "$tmp"; mkdir -p "$tmp"
passed=0; failed=0
ok()   { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

# lockstep DIR [VAR=VALUE...]: run.sh on the n programs into DIR, under
# the configurations $cfgs (all of $configs unless a mutant narrows them)
cfgs=$configs
lockstep() {
    local d=$1; shift
    mkdir -p "$d"
    env "$@" LOCKSTEP_WORK="$d/run" LOCKSTEP_FAILED="$d/failed" LOCKSTEP_CONFIGS="$cfgs" \
        bash "$here/run.sh" "$build" "$n" > "$d/out.txt" 2>&1
}
# only ORDER: the configurations of $configs with that operand order (a
# configuration without an ORDER field is ltr)
only() {
    local c o out=""
    for c in $configs; do
        o=ltr; [[ "$c" == *:*:*:* ]] && o=${c##*:}
        [ "$o" = "$1" ] && out+="$c "
    done
    echo "${out% }"
}

# only_push PUSH: the stack configurations with that push policy
only_push() {
    local c out=""
    for c in $stack_configs; do [ "${c##*:}" = "$1" ] && out+="$c "; done
    echo "${out% }"
}

# 0. the real pair agrees, flat and over stacks
if lockstep "$tmp/real" && grep -q "^lockstep: $n passed, 0 failed" "$tmp/real/out.txt"; then
    ok "the real ccm and model agree on $n programs, $(wc -w <<<"$configs") configurations"
else
    cat "$tmp/real/out.txt"; fail "the real ccm and model agree"
fi
cfgs=$stack_configs
if lockstep "$tmp/real-stacks" && grep -q "^lockstep: $n passed, 0 failed" "$tmp/real-stacks/out.txt"; then
    ok "the real ccm and model over stacks agree on $n programs, $(wc -w <<<"$stack_configs") configurations"
else
    cat "$tmp/real-stacks/out.txt"; fail "the real ccm and model over stacks agree"
fi
cfgs=$configs

# 1. compare.py against hand-made differences in a real pair: the longest
# run of the first configuration
# the seed of the longest run (the most lines) in a configuration's directory
longest_run() {
    for f in "$1"/*.ccm; do echo "$(wc -l < "$f") $(basename "$f" .ccm)"; done | sort -n | tail -n 1 | cut -d' ' -f2
}
cfgdir=$tmp/real/run/${configs%% *}; cfgdir=${cfgdir//:/-}
c=$cfgdir/$(longest_run "$cfgdir").ccm
python3 - "$c" "$tmp/edit" <<'EOF'
# write edited copies of one run: each changes one field of one line
import json, os, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
lines = open(src, encoding="utf-8").read().splitlines()
k = len(lines) // 2                       # a state in the middle of the run
def write(name, i, obj=None, text=None):
    ls = list(lines)
    ls[i] = text if text is not None else json.dumps(obj, separators=(",", ":"))
    open(os.path.join(out, name), "w", encoding="utf-8").write("\n".join(ls) + "\n")
    return i
s = json.loads(lines[k])
write("ccc", k, dict(s, ccc=s["ccc"] + "x"))
t = dict(s["theta"]); name = sorted(t)[0]; t[name] = [t[name][0] + 1] + t[name][1:]
write("theta", k, dict(s, theta=t))
h = list(s["heap"]); h[-1] = [h[-1][0], None]
if s["heap"][-1][1] is None: h[-1] = [h[-1][0], ["int", 0], "MAIN"]
write("heap", k, dict(s, heap=h))
# spelling only: members in another order, spaces after separators
write("respelled", k, text=json.dumps(dict(reversed(list(s.items())))))
open(os.path.join(out, "cut"), "w", encoding="utf-8").write("\n".join(lines[:k]) + "\n" + lines[k][:50])
open(os.path.join(out, "k"), "w").write(str(s["n"]))
EOF
k=$(cat "$tmp/edit/k")
for f in ccc theta heap; do
    out=$(python3 "$here/compare.py" "$c" "$tmp/edit/$f"); rc=$?
    if [ $rc -eq 1 ] && [[ "$(head -n 1 <<<"$out")" == "DIFF n=$k $f"* ]]; then
        ok "compare.py stops at n=$k and names $f"
    else
        echo "$out"; fail "compare.py stops at n=$k and names $f (exit $rc)"
    fi
done
if python3 "$here/compare.py" "$c" "$tmp/edit/respelled" --quiet; then
    ok "compare.py: a line spelled otherwise (member order, spaces) is the same state"
else
    fail "compare.py: a line spelled otherwise is the same state"
fi
out=$(python3 "$here/compare.py" "$c" "$tmp/edit/cut"); rc=$?
if [ $rc -eq 1 ] && grep -q "^DIFF: the model's output was cut short" <<<"$out"; then
    ok "compare.py: a run cut short with no difference before the cut fails (exit 1)"
else
    echo "$out"; fail "compare.py: a run cut short with no difference before the cut fails (exit $rc)"
fi
# over stacks: a changed counter of one stack is named by the stack, a
# changed current stack as ccc
sdir=$tmp/real-stacks/run/${stack_configs%% *}; sdir=${sdir//:/-}
sc=$sdir/$(longest_run "$sdir").ccm
python3 - "$sc" "$tmp/edit-stacks" <<'PY'
import json, os, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
lines = open(src, encoding="utf-8").read().splitlines()
k = len(lines) // 2
s = json.loads(lines[k])
def write(name, obj):
    ls = list(lines); ls[k] = json.dumps(obj, separators=(",", ":"))
    open(os.path.join(out, name), "w", encoding="utf-8").write("\n".join(ls) + "\n")
t = [list(r) for r in s["theta"]]; t[-1] = [t[-1][0], [t[-1][1][0] + 1] + t[-1][1][1:]]
write("theta", dict(s, theta=t))
write("ccc", dict(s, ccc=s["ccc"] + ["x"]))
open(os.path.join(out, "k"), "w").write(f"{s['n']} <{','.join(t[-1][0])}>")
PY
read -r sk sstack < "$tmp/edit-stacks/k"
out=$(python3 "$here/compare.py" "$sc" "$tmp/edit-stacks/theta"); rc=$?
if [ $rc -eq 1 ] && [[ "$(head -n 1 <<<"$out")" == "DIFF n=$sk theta[$sstack]"* ]]; then
    ok "compare.py over stacks stops at n=$sk and names theta[$sstack]"
else
    echo "$out"; fail "compare.py over stacks stops at n=$sk and names theta[$sstack] (exit $rc)"
fi
out=$(python3 "$here/compare.py" "$sc" "$tmp/edit-stacks/ccc"); rc=$?
if [ $rc -eq 1 ] && [[ "$(head -n 1 <<<"$out")" == "DIFF n=$sk ccc"* ]]; then
    ok "compare.py over stacks stops at n=$sk and names ccc"
else
    echo "$out"; fail "compare.py over stacks stops at n=$sk and names ccc (exit $rc)"
fi
printf '{"n":0,"rule":null\n' > "$tmp/edit/garbage"
python3 "$here/compare.py" "$tmp/edit/garbage" "$c" > /dev/null 2>&1
[ $? -eq 2 ] && ok "compare.py: a line that is not JSON is bad input (exit 2)" || fail "compare.py: a line that is not JSON is bad input (exit 2)"

# 2. kernel mutants: the one file each changes, compiled from a mutated copy
# of kernel/ and linked with the release objects of everything else
source "$here/../lib/mutant-ccm.sh"
for mut in "$root"/mutants/lockstep/*.mut; do
    name=$(basename "$mut" .mut)
    d=$tmp/kernel-$name
    if ! why=$(mutant_ccm "$build" "$mut" "$d"); then fail "kernel mutant $name: $why"; continue; fi
    read -r rule field <<<"$(python3 "$root/mutants/apply.py" --get first "$mut")"
    orders=$(python3 "$root/mutants/apply.py" --get orders "$mut")
    push=$(python3 "$root/mutants/apply.py" --get push "$mut")
    cfgs=$configs; [ -n "$orders" ] && cfgs=$(only "$orders")
    [ -n "$push" ] && cfgs=$(only_push "$push")
    lockstep "$d" LOCKSTEP_CCM="$d/ccm"
    if python3 "$here/expect.py" "$d/run" "$n" "$cfgs" "$rule" "$field" model > "$d/expect.txt"; then
        ok "kernel mutant $name: $(tail -n 1 "$d/expect.txt" | cut -d' ' -f2-)"
        rm -rf "$d/failed" "$d/run/"*-*   # the runs (up to the byte cap each): the verdicts say enough
    else
        cat "$d/expect.txt"; fail "kernel mutant $name caught at its first $rule, in $field"
    fi
done

# 3. model mutants: sed on a copy of the extracted OCaml, compiled with the
# driver; NAME RULE FIELD SED
model_mutant() {   # NAME RULE FIELD SED [ORDER: only the configurations of that order] [PUSH: only the stack configurations of that push policy]
    local name=$1 rule=$2 field=$3 edit=$4 d=$tmp/model-$1
    cfgs=$configs; [ -n "${5:-}" ] && cfgs=$(only "$5")
    [ -n "${6:-}" ] && cfgs=$(only_push "$6")
    mkdir -p "$d/ml"
    cp "$build"/coq-check/ml/*.ml "$build"/coq-check/ml/*.mli "$d/ml/"
    sed -i "$edit" "$d/ml/ccm_model.ml"
    if cmp -s "$d/ml/ccm_model.ml" "$build/coq-check/ml/ccm_model.ml"; then fail "model mutant $name applies"; return; fi
    bash "$root/proofs/coq/ocaml/compile.sh" "$d/ml" "$(cd "$d" && pwd)/model" > "$d/build.log" 2>&1 \
        || { cat "$d/build.log"; fail "model mutant $name builds"; return; }
    lockstep "$d" LOCKSTEP_COQ="$d/model"
    if python3 "$here/expect.py" "$d/run" "$n" "$cfgs" "$rule" "$field" ccm > "$d/expect.txt"; then
        ok "model mutant $name: $(tail -n 1 "$d/expect.txt" | cut -d' ' -f2-)"
        rm -rf "$d/failed" "$d/run/"*-*
    else
        cat "$d/expect.txt"; fail "model mutant $name caught at its first $rule, in $field"
    fi
}
# var1 charges U instead of V (the first charge of CV in the file is var1's, in step_fn)
model_mutant var1_charges_u var1 theta '0,/(charge c CV (Stdlib.Int.succ 0) t)/s//(charge c CU (Stdlib.Int.succ 0) t)/'
# case1 charges A instead of C
model_mutant case1_charges_a case1 theta 's/th = (charge c CC (Stdlib.Int.succ 0) t) }/th = (charge c CA (Stdlib.Int.succ 0) t) }/'
# var3 does not write the value back: the address stays absent
model_mutant var3_no_update var3 heap 's/Some { ccc = (updated rs c cf); hp = (update g x (v, c)); ctl = v;/Some { ccc = (updated rs c cf); hp = g; ctl = v;/'
# force leaves the thunk in the heap
model_mutant force_no_remove force heap 's/else Some { ccc = ce; hp = (remove g (VAddr a)); ctl = e;/else Some { ccc = ce; hp = g; ctl = e;/'
# right to left, prim1 charges C instead of P (Order.ostep_fn's own prim1)
model_mutant rtl_prim1_charges_c prim1 theta '/^let ostep_fn/,/^$/s/(charge c CP (Stdlib.Int.succ 0) t)/(charge c CC (Stdlib.Int.succ 0) t)/' rtl
# over stacks (StackInterp.sstep_fn's scc row): the subentry charged to
# push(L, S) instead of S; the new stack pushed twice (under push append
# both always differ from the right ones)
model_mutant stk_scc_subentry_on_new scc theta '/| Scc (l, b) ->/,/| SccSub/s/(scharge c CSubentries/(scharge (push p l c) CSubentries/' "" append
model_mutant stk_scc_pushes_twice scc ccc '/| Scc (l, b) ->/,/| SccSub/s/Some { scur = (push p l c);/Some { scur = (push p l (push p l c));/' "" append
cfgs=$configs

# 4. bad input to either dumper: a message and exit 2, never a crash
printf 'main = 1 + (2;\n' > "$tmp/syntax.lam"
prog=$tmp/real/run/progs/1.lam
bad_input() {   # WHAT COMMAND...: exit 2 with a message on standard error
    local what=$1; shift
    "$@" > "$tmp/bad.out" 2> "$tmp/bad.err"; local rc=$?
    if [ $rc -eq 2 ] && [ -s "$tmp/bad.err" ]; then ok "bad input, exit 2 with a message: $what"
    else fail "bad input, exit 2 with a message: $what (exit $rc)"; fi
}
bad_input "ccm states, no such file" "$build/ccm" states "$tmp/none.lam"
bad_input "ccm states, a syntax error" "$build/ccm" states "$tmp/syntax.lam"
bad_input "ccm states --force-every x" "$build/ccm" states --force-every x "$prog"
bad_input "ccm states --json" "$build/ccm" states --json "$prog"
bad_input "ccm run --force-every 2 (states only)" "$build/ccm" run --force-every 2 "$prog"
bad_input "ccm-coq --states, a syntax error" "$build/coq-check/ccm-coq" --states "$tmp/syntax.lam"
bad_input "ccm-coq --order rtl without --states" "$build/coq-check/ccm-coq" --order rtl "$prog"
bad_input "ccm-coq --force-every -1" "$build/coq-check/ccm-coq" --states --force-every -1 "$prog"
bad_input "ccm-coq --push append --order rtl (no rtl over stacks)" "$build/coq-check/ccm-coq" --states --push append --order rtl "$prog"
bad_input "ccm-coq --push sideways" "$build/coq-check/ccm-coq" --states --push sideways "$prog"
bad_input "ccm states --push sideways" "$build/ccm" states --push sideways "$prog"

echo "lockstep selftest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
