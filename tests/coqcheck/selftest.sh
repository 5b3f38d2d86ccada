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

# run.sh with the model command $1, N programs, in work dir $2
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

# 1. a report with one step too many (the third program's): exactly that
# program fails, and it is kept byte for byte with the steps named
mkdir -p "$tmp/steps"
cat > "$tmp/steps/model" <<WRAP
#!/usr/bin/env bash
case " \$* " in *" --big-step "*) exec "$real" "\$@";; esac
"$real" "\$@" | sed '3s/"steps":\([0-9]*\)/"steps":1\1/'
WRAP
chmod +x "$tmp/steps/model"
check_with "$tmp/steps/model" "$tmp/steps" 20; rc=$?
if [ $rc -ne 0 ] && grep -q '^coq-check: 19 passed, 1 failed' "$tmp/steps/out.txt" \
   && cmp -s "$tmp/steps/failed/seed-3.lam" "$tmp/steps/run/progs/3.lam" \
   && grep -q '^steps: ccm' "$tmp/steps/failed/seed-3.txt"; then
    ok "a wrong step count fails, program 3 kept"
else
    cat "$tmp/steps/out.txt"; fail "a wrong step count fails, program 3 kept"
fi

# 2. a report with one counter wrong (MAIN's V of the seventh program)
mkdir -p "$tmp/counter"
cat > "$tmp/counter/model" <<WRAP
#!/usr/bin/env bash
case " \$* " in *" --big-step "*) exec "$real" "\$@";; esac
"$real" "\$@" | sed '7s/"MAIN":{"A":\([0-9]*\),"C":\([0-9]*\),"V":\([0-9]*\)/"MAIN":{"A":\1,"C":\2,"V":9\3/'
WRAP
chmod +x "$tmp/counter/model"
check_with "$tmp/counter/model" "$tmp/counter" 20; rc=$?
if [ $rc -ne 0 ] && grep -q '^coq-check: 19 passed, 1 failed' "$tmp/counter/out.txt" \
   && grep -q "^costs\['MAIN'\]" "$tmp/counter/failed/seed-7.txt"; then
    ok "a wrong counter fails, program 7 kept"
else
    cat "$tmp/counter/out.txt"; fail "a wrong counter fails, program 7 kept"
fi

# 2b. the big-step report alone wrong (the fifth program's returned cost
# centre): the big-step comparison is made, not skipped
mkdir -p "$tmp/bigstep"
cat > "$tmp/bigstep/model" <<WRAP
#!/usr/bin/env bash
case " \$* " in *" --big-step "*) ;; *) exec "$real" "\$@";; esac
"$real" "\$@" | sed '5s/"returned_cc":"[^"]*"/"returned_cc":"WRONG"/'
WRAP
chmod +x "$tmp/bigstep/model"
check_with "$tmp/bigstep/model" "$tmp/bigstep" 20; rc=$?
if [ $rc -ne 0 ] && grep -q '^coq-check: 19 passed, 1 failed' "$tmp/bigstep/out.txt" \
   && grep -q 'big-step' "$tmp/bigstep/failed/seed-5.txt"; then
    ok "a wrong big-step report fails, program 5 kept"
else
    cat "$tmp/bigstep/out.txt"; fail "a wrong big-step report fails, program 5 kept"
fi

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
    (cd "$d/ml" && ocamlopt -w -a -c ccm_model.mli ccm_model.ml && ocamlopt -w -a -c reader.ml \
        && ocamlopt -w -a -c ccm_coq.ml && ocamlopt -o ../model ccm_model.cmx reader.cmx ccm_coq.cmx) \
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
