#!/usr/bin/env bash
# tests/coqcheck/selftest.sh BUILD -- coq-check can fail: each test below
# feeds it a model that is wrong on purpose and expects the failure to be
# reported, with the program kept for reproduction.  Nothing here touches
# proofs/coq: the mutants are of the model's report or of a copy of the
# extracted OCaml.  Prints "coq-check selftest: N passed, M failed".
set -uo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
real=$build/coq-check/ccm-coq
tmp=$build/coq-check/selftest
rm -rf "$tmp"; mkdir -p "$tmp"
passed=0; failed=0
ok()   { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

# run.sh with the model command $1, N programs, in work dir $2 (the
# configurations: COQ_CHECK_CONFIGS, run.sh's default when unset)
check_with() {
    COQ_CHECK_COQ=$1 COQ_CHECK_WORK=$2/run COQ_CHECK_FAILED=$2/failed \
        bash "$here/run.sh" "$build" "$3" > "$2/out.txt" 2>&1
}

# 0. the real model passes (else the tests below prove nothing)
mkdir -p "$tmp/real"
if check_with "$real" "$tmp/real" 20 && grep -q '^coq-check: 20 passed, 0 failed' "$tmp/real/out.txt"; then
    ok "the real model passes 20 programs"
else
    cat "$tmp/real/out.txt"; fail "the real model passes 20 programs"
fi

# wrong_report NAME WHICH SED TEST GREP...: a model that is the real one
# but for one edit of its report (WHICH: machine or big-step, the other is
# passed through), run on 20 programs; exactly one program must fail, and
# each GREP (a file under failed/ and a pattern) must match
wrong_report() {
    local name=$1 which=$2 edit=$3 what=$4; shift 4
    local d=$tmp/$name pass=machine
    [ "$which" = machine ] && pass=big-step
    mkdir -p "$d"
    if [ "$pass" = big-step ]; then
        printf '#!/usr/bin/env bash\ncase " $* " in *" --big-step "*) exec "%s" "$@";; esac\n' "$real" > "$d/model"
    else
        printf '#!/usr/bin/env bash\ncase " $* " in *" --big-step "*) ;; *) exec "%s" "$@";; esac\n' "$real" > "$d/model"
    fi
    printf '"%s" "$@" | sed %q\n' "$real" "$edit" >> "$d/model"
    chmod +x "$d/model"
    check_with "$d/model" "$d" 20; local rc=$? good=1
    [ $rc -ne 0 ] && grep -q '^coq-check: 19 passed, 1 failed' "$d/out.txt" || good=0
    while [ $# -ge 2 ]; do
        grep -q -- "$2" "$d/failed/$1" 2>/dev/null || good=0
        shift 2
    done
    if [ $good -eq 1 ]; then ok "$what"; else cat "$d/out.txt"; fail "$what"; fi
}

# 1. one step too many in the third program's report: that program fails,
# kept byte for byte, with the steps named
wrong_report steps machine '3s/"steps":\([0-9]*\)/"steps":1\1/' \
    "a wrong step count fails, program 3 kept" seed-3.txt '^steps: ccm'
if ! cmp -s "$tmp/steps/failed/seed-3.lam" "$tmp/steps/run/progs/3.lam"; then
    fail "the failing program 3 is kept byte for byte"
fi

# 2. one counter wrong (MAIN's V of the seventh program)
wrong_report counter machine '7s/"MAIN":{"A":\([0-9]*\),"C":\([0-9]*\),"V":\([0-9]*\)/"MAIN":{"A":\1,"C":\2,"V":9\3/' \
    "a wrong counter fails, program 7 kept" seed-7.txt "^costs\\['MAIN'\\]"

# 2b. the big-step report alone wrong (the fifth program's returned cost
# centre): the big-step comparison is made, not skipped
wrong_report bigstep big-step '5s/"returned_cc":"[^"]*"/"returned_cc":"WRONG"/' \
    "a wrong big-step report fails, program 5 kept" seed-5.txt 'big-step'

# 3-4. the extracted machine itself mutated (a copy of ccm_model.ml):
# fig6's var1 with fig2's SUB instead of SUBCAF (a CAF's cost centre
# leaks), and var1 charging U instead of V.  200 programs must catch each.
mutant() {   # name, sed expression on ccm_model.ml
    local d=$tmp/$1
    mkdir -p "$d/ml"
    cp "$build"/coq-check/ml/*.ml "$build"/coq-check/ml/*.mli "$d/ml/"
    sed -i "$2" "$d/ml/ccm_model.ml"
    if cmp -s "$d/ml/ccm_model.ml" "$build/coq-check/ml/ccm_model.ml"; then
        fail "mutant $1 applies"; return
    fi
    bash "$here/../../proofs/coq/ocaml/compile.sh" "$d/ml" "$(cd "$d" && pwd)/model" \
        > "$d/build.log" 2>&1 || { cat "$d/build.log"; fail "mutant $1 builds"; return; }
    check_with "$d/model" "$d" 200; rc=$?
    local line; line=$(grep '^coq-check: [0-9]* passed' "$d/out.txt")
    if [ $rc -ne 0 ] && [[ "$line" =~ passed,\ [1-9][0-9]*\ failed ]] && ls "$d"/failed/seed-*.lam >/dev/null 2>&1; then
        ok "mutant $1 caught ($line)"
    else
        cat "$d/out.txt"; fail "mutant $1 caught"
    fi
}
mutant var1-sub '/^let entered rs ccz cur =/,/^$/s/| Fig6 -> subcaf ccz cur/| Fig6 -> sub_cc ccz cur/'
mutant var1-charges-u '0,/(charge c CV (Stdlib.Int.succ 0) t)/s//(charge c CU (Stdlib.Int.succ 0) t)/'

# 6. over stacks (configurations RULES:SCOPING:PUSH: the model over
# stacks, docs/coq.md "Lockstep over stacks"): a report with one counter
# of the stack <MAIN> changed (every run charges V to <MAIN> at its first
# transition) fails that program, naming the stack; a mutant of the
# extracted sstep_fn (scc's subentry on push(L, S) instead of S) is caught
# by 200 programs
stack_cfgs="fig6:lexical:append fig2:evaluation:ghc"
d=$tmp/stack-counter; mkdir -p "$d"
printf '"%s" "$@" | sed %q\n' "$real" '7s/"stack":\["MAIN"\],"A":\([0-9]*\)/"stack":["MAIN"],"A":9\1/' > "$d/model"
chmod +x "$d/model"
COQ_CHECK_CONFIGS=$stack_cfgs check_with "$d/model" "$d" 20; rc=$?
if [ $rc -ne 0 ] && grep -q '^coq-check: 19 passed, 1 failed' "$d/out.txt" \
   && grep -q '^stacks\[<MAIN>\]' "$d/failed/seed-7.txt" 2>/dev/null; then
    ok "over stacks: a wrong counter of <MAIN> fails, program 7 kept, the stack named"
else
    cat "$d/out.txt"; fail "over stacks: a wrong counter of <MAIN> fails, program 7 kept, the stack named"
fi
COQ_CHECK_CONFIGS=$stack_cfgs mutant stk-scc-subentry-on-new \
    '/| Scc (l, b) ->/,/| SccSub/s/(scharge c CSubentries/(scharge (push p l c) CSubentries/'

# 5. a hand expectation that is wrong (not-a-function.lam with 5 steps
# instead of 4) makes cases.py fail
mkdir -p "$tmp/cases"
sed 's/steps=4/steps=5/' "$here/cases/not-a-function.lam" > "$tmp/cases/wrong.lam"
if python3 "$here/cases.py" "$build/ccm" "$real" "$tmp/cases" > "$tmp/cases/out.txt" 2>&1; then
    cat "$tmp/cases/out.txt"; fail "a wrong expectation fails cases.py"
elif grep -q 'steps is 4, expected 5' "$tmp/cases/out.txt"; then
    ok "a wrong expectation fails cases.py"
else
    cat "$tmp/cases/out.txt"; fail "a wrong expectation fails cases.py"
fi
echo "coq-check selftest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
