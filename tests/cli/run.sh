#!/usr/bin/env bash
# tests/cli/run.sh CCM -- `ccm run`, `ccm trace`, the JSON report and exit
# statuses.  Every expected cost below is derived by hand from the rows of
# docs/semantics.md section 4 (the derivation is in the comment above it); none
# is copied from the machine's output.
HERE=$(cd "$(dirname "$0")" && pwd)
CCM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SUITE="cli($(basename "$CCM"))"
source "$HERE/../front/helpers.sh"
[ -x "$CCM" ] || { echo "no binary $CCM"; echo "$SUITE: 0 passed, 1 failed"; exit 1; }

# The report must carry every required field with its type (docs/syntax-and-cli.md (the report)).
SCHEMA='(.outcome | IN("value","runtime_error","resource_error"))
  and (.error == null or ((.error.kind|type)=="string" and (.error.message|type)=="string"))
  and ((.value|type) == "string" or .value == null)
  and ((.returned_cc|type) == "string" or .returned_cc == null)
  and ((.steps|type) == "number") and (.rules | IN("fig6","fig2"))
  and (.scoping | IN("lexical","evaluation")) and (.costs.MAIN != null)
  and ([.costs[] | (keys == (["A","C","H","P","U","V","entries","subentries"])) and ([.[]|type] | unique == ["number"])] | all)
  and ((.outcome == "value") == (.error == null)) and ((.outcome == "value") == (.value != null))'
check_schema() {
    local got; got=$(jqv "$SCHEMA")
    expect_eq "schema ($1)" "$got" true
}
# costs in a compact form for comparisons: {"cc":{"A":1,...}} without zeros
NZ='.costs | map_values(with_entries(select(.value != 0)))'

# ---- docs/semantics.md section 7, the worked example ------------------------------
# var2 main (MAIN V) . let (MAIN 2H) . app1 (MAIN A) . var2 f (MAIN V) .
# scc (fun entries; MAIN subentries) . var3 f (fun U) . app2 . var1 a (fun V) .
# var3 main (MAIN U): 9 steps, value 1, returned MAIN.
put w.lam 'main = let f = scc "fun" \\x -> x; a = 1 in f a;\n'
run_ccm run --json w.lam
check_schema worked
expect_eq "worked: exit" "$RC" 0
expect_eq "worked: value/cc/steps" "$(jqv '[.outcome,.error,.value,.returned_cc,.steps,.rules,.scoping]')" '["value",null,"1","MAIN",9,"fig6","lexical"]'
expect_eq "worked: theta" "$(jqv "$NZ")" '{"MAIN":{"A":1,"V":2,"U":1,"H":2,"subentries":1},"fun":{"V":1,"U":1,"entries":1}}'
expect_eq "worked: only nonzero cost centres and MAIN" "$(jqv '.costs|keys')" '["MAIN","fun"]'

# ---- --max-steps N allows exactly N transitions --------------------------------
# 8: the 9th transition (var3 main, MAIN U) is refused, so MAIN has no U yet.
run_ccm run --json --max-steps 8 w.lam
check_schema steps8
expect_eq "steps 8: exit" "$RC" 3
expect_eq "steps 8: outcome" "$(jqv '[.outcome,.error.kind,.value,.returned_cc,.steps]')" '["resource_error","steps",null,null,8]'
expect_eq "steps 8: theta so far" "$(jqv "$NZ")" '{"MAIN":{"A":1,"V":2,"H":2,"subentries":1},"fun":{"V":1,"U":1,"entries":1}}'
run_ccm run --json --max-steps 9 w.lam
expect_eq "steps 9: value" "$RC $(jqv '[.outcome,.value,.steps]')" '0 ["value","1",9]'
run_ccm run --json --max-steps 0 w.lam
expect_eq "steps 0" "$RC $(jqv '[.error.kind,.steps]') $(jqv "$NZ")" '3 ["steps",0] {"MAIN":{}}'
# the table is printed after a resource error too, with the costs so far
run_ccm run --max-steps 8 w.lam
expect_eq "steps 8 table" "$RC $(grep -c '^MAIN ' <<<"$OUT") $(grep -c '^error .*step budget' <<<"$OUT")" '3 1 1'

# ---- the table ----------------------------------------------------------------
# counted costs: MAIN 1+2+1+2 = 6, fun 1+1 = 2; shares 75.0% and 25.0%
run_ccm run w.lam
expect_eq "table: exit" "$RC" 0
expect_eq "table: outcome" "$(grep '^outcome' <<<"$OUT" | tr -s ' ')" 'outcome value 1'
expect_eq "table: returned" "$(grep '^returned cc' <<<"$OUT" | tr -s ' ')" 'returned cc MAIN'
expect_eq "table: steps" "$(grep '^steps' <<<"$OUT" | tr -s ' ')" 'steps 9'
# columns: name entries subentries A C V U H P share
expect_eq "table: rows in share order" "$(grep -E '^(MAIN|fun|total) ' <<<"$OUT" | tr -s ' ')" \
'MAIN 0 1 1 0 2 1 2 0 75.0%
fun 1 0 0 0 1 1 0 0 25.0%
total 1 1 1 0 3 2 2 0 100.0%'

# ---- rule sets and scoping ---------------------------------------------------
# A CAF whose value is a function.  fig6: var2 main (MAIN V) . app1 (MAIN A) .
# var2 g (MAIN V; ccc CAF:g) . let (CAF:g H) . var3 g (CAF:g U; ccc SUBCAF = MAIN) .
# app2 . prim1 (MAIN P) . var1 y=a (MAIN V) . prim2 . var1 k (MAIN V; SUBCAF(CAF:g,MAIN) = MAIN) .
# prim3 . var3 main (MAIN U).  fig2: var3 g leaves ccc = CAF:g, so prim1 P, both
# var1 V and var3 main's U go to CAF:g, and CAF:g is returned.
put caf.lam 'main = g a;\na = 1;\ng = let k = 1 in \\y -> y + k;\n'
run_ccm run --json caf.lam
expect_eq "fig6 caf" "$RC $(jqv '[.value,.returned_cc,.steps]') $(jqv "$NZ")" \
  '0 ["2","MAIN",12] {"MAIN":{"A":1,"V":4,"U":1,"P":1},"CAF:g":{"U":1,"H":1}}'
run_ccm run --json --rules fig2 caf.lam
expect_eq "fig2 caf" "$RC $(jqv '[.value,.returned_cc,.steps,.rules]') $(jqv "$NZ")" \
  '0 ["2","CAF:g",12,"fig2"] {"MAIN":{"A":1,"V":2},"CAF:g":{"V":2,"U":2,"H":1,"P":1}}'
# evaluation scoping on the worked example: app2 returns to the caller's MAIN,
# so var1 a charges V to MAIN instead of fun.
run_ccm run --json --scoping evaluation w.lam
expect_eq "evaluation scoping" "$RC $(jqv '[.value,.returned_cc,.scoping]') $(jqv "$NZ")" \
  '0 ["1","MAIN","evaluation"] {"MAIN":{"A":1,"V":3,"U":1,"H":2,"subentries":1},"fun":{"U":1,"entries":1}}'
# A plain CAF: var2 main (MAIN V) . prim1 (MAIN P) . var2 c (MAIN V; ccc CAF:c) .
# prim1 (CAF:c P) . prim2 . prim3 . var3 c (CAF:c U; ccc MAIN) . prim2 . var1 c (MAIN V) .
# prim3 . var3 main (MAIN U): 11 steps, 6.
put c.lam 'c = 1 + 2;\nmain = c + c;\n'
run_ccm run --json c.lam
expect_eq "caf cost centre" "$RC $(jqv '[.value,.steps]') $(jqv "$NZ")" '0 ["6",11] {"MAIN":{"V":3,"U":1,"P":1},"CAF:c":{"U":1,"P":1}}'
# operand order does not change costs (docs/semantics.md 5.2)
put o.lam 'main = let a = 10; b = 3 in a - b;\n'
run_ccm run --json --order rtl o.lam; r=$(jqv '[.value,.steps,.costs]')
run_ccm run --json o.lam; l=$(jqv '[.value,.steps,.costs]')
expect_eq "rtl = ltr" "$r" "$l"
expect_eq "rtl value" "$(jqv .value)" '"7"'

# a CAF's value met again by var1: SUBCAF(CAF:g, MAIN) = MAIN under fig6.
# 1 var2 main (MAIN V) . 2 case1 (MAIN C) . 3 var2 g (MAIN V) . 4 let (CAF:g H) .
# 5 var3 g (CAF:g U; ccc MAIN) . 6 case2 default . 7 app1 (MAIN A) . 8 var1 g (MAIN V) .
# 9 app2 . 10 prim1 (MAIN P) . 11 var1 y (MAIN V) . 12 prim2 . 13 var1 k (MAIN V) .
# 14 prim3 . 15 var3 main (MAIN U)
put caf2.lam 'main = case g of { _ -> g a };\na = 1;\ng = let k = 1 in \\y -> y + k;\n'
run_ccm run --json caf2.lam
expect_eq "var1 of a CAF value" "$RC $(jqv '[.value,.returned_cc,.steps]') $(jqv "$NZ")" \
  '0 ["2","MAIN",15] {"MAIN":{"A":1,"C":1,"V":5,"U":1,"P":1},"CAF:g":{"U":1,"H":1}}'
# case2 returns to the case's cost centre: 1 var2 main (MAIN V) . 2 case1 (MAIN C) .
# 3 scc (s entries; MAIN subentries) . 4 case2 (ccc MAIN) . 5 let (MAIN H) .
# 6 var1 z (MAIN V) . 7 var3 main (MAIN U)
put cs.lam 'main = case scc "s" Nil of { Nil -> let z = 1 in z };\n'
run_ccm run --json cs.lam
expect_eq "case2 restores" "$RC $(jqv '[.value,.returned_cc,.steps]') $(jqv "$NZ")" \
  '0 ["1","MAIN",7] {"MAIN":{"C":1,"V":2,"U":1,"H":1,"subentries":1},"s":{"entries":1}}'
# prim3 returns to the primitive's cost centre: 1 var2 main (MAIN V) . 2 let (MAIN 2H) .
# 3 prim1 (MAIN P) . 4 var1 a (MAIN V) . 5 prim2 . 6 var2 y (MAIN V) . 7 scc (s entries;
# MAIN subentries) . 8 var3 y (s U; ccc SUBCAF(s,MAIN) = s) . 9 prim3 (ccc MAIN) . 10 var3 main (MAIN U)
put ps.lam 'main = let a = 1; y = scc "s" 5 in a + y;\n'
run_ccm run --json ps.lam
expect_eq "prim3 restores" "$RC $(jqv '[.value,.returned_cc,.steps]') $(jqv "$NZ")" \
  '0 ["6","MAIN",10] {"MAIN":{"V":3,"U":1,"H":2,"P":1,"subentries":1},"s":{"U":1,"entries":1}}'
# scc_sub sets the cost centre without counting: 1 var2 main (MAIN V) . 2 scc_sub (ccc q) .
# 3 var3 main (q U; ccc SUBCAF(q, MAIN) = q)
put ss.lam 'main = scc_sub "q" 1;\n'
run_ccm run --json ss.lam
expect_eq "scc_sub" "$RC $(jqv '[.value,.returned_cc,.steps]') $(jqv "$NZ")" '0 ["1","q",3] {"MAIN":{"V":1},"q":{"U":1}}'

# ---- values -------------------------------------------------------------------
put v1.lam 'main = \\x -> x;\n';            run_ccm run --json v1.lam
expect_eq "function value" "$RC $(jqv '[.value,.returned_cc,.steps]')" '0 ["<function>","MAIN",1]'
put v2.lam 'main = Cons a a;\na = 1;\n';     run_ccm run --json v2.lam
expect_eq "constructor value" "$RC $(jqv .value)" '0 "Cons"'
put v3.lam 'main = 0 - 5;\n';                run_ccm run --json v3.lam
expect_eq "negative value" "$RC $(jqv .value)" '0 "-5"'
put v4.lam 'main = 3 < 4;\n';                run_ccm run --json v4.lam
expect_eq "comparison value" "$RC $(jqv .value)" '0 "True"'
# nested operands are the surface language (docs/surface.md): 7 % 0 - 0 is
# (7 % 0) - 0, whose left operand divides by zero when the subtraction
# demands it; (0 - 7) / 2 is -3, truncated toward zero
put v5.lam 'main = 7 % 0 - 0;\n' ; run_ccm run --json v5.lam
expect_eq "a op b op c is (a op b) op c" "$RC $(jqv .error.kind)" '1 "division_by_zero"'
put v6.lam 'main = (0 - 7) / 2;\n'; run_ccm run --json v6.lam
expect_eq "parenthesised operand" "$RC $(jqv .value)" '0 "-3"'
put v7.lam 'main = let m = 0 - 7; t = 2 in case m / t of { _ -> m % t };\n'; run_ccm run --json v7.lam
expect_eq "truncation toward zero: -7 % 2" "$RC $(jqv .value)" '0 "-1"'

# ---- runtime errors: exit 1, the report still printed ---------------------------
runtime() {   # NAME PROGRAM KIND STEPS THETA MESSAGE-SUBSTRING
    put "$1" "$2"
    run_ccm run --json "$1"
    check_schema "$1"
    expect_eq "$1: status" "$RC $(jqv '[.outcome,.error.kind,.value,.returned_cc,.steps]')" "1 [\"runtime_error\",\"$3\",null,null,$4]"
    expect_eq "$1: theta so far" "$(jqv "$NZ")" "$5"
    if grep -qF -- "$6" <<<"$(jqv -r .error.message)"; then ok; else bad "$1: message '$(jqv .error.message)' lacks '$6'"; fi
    run_ccm run "$1"
    expect_eq "$1: table after error" "$RC $(grep -c '^MAIN ' <<<"$OUT")" "1 1"
}
# var2 main (V) . let (H) . var2 x (V) . prim1 (P) . x again: a hole
runtime bh.lam 'main = let x = x + 1 in x;\n' black_hole 4 '{"MAIN":{"V":2,"H":1,"P":1}}' 'thunk `x`'
# var2 main (V) . case1 (C) . Nil meets only Cons
runtime na.lam 'main = case Nil of { Cons h t -> 1 };\n' no_alternative 2 '{"MAIN":{"C":1,"V":1}}' 'constructor `Nil`'
runtime ni.lam 'main = case 5 of { Nil -> 1 };\n' no_alternative 2 '{"MAIN":{"C":1,"V":1}}' 'integer 5'
# var2 main (V) . app1 (A) . Nil under an argument frame
runtime nf.lam 'main = (Nil) a;\na = 1;\n' not_a_function 2 '{"MAIN":{"A":1,"V":1}}' 'constructor `Nil`'
# var2 main (V) . let (H) . prim1 (P) . var1 n (V) . Nil under a primitive frame
runtime te.lam 'main = let n = Nil in n + 1;\n' type_error 4 '{"MAIN":{"V":2,"H":1,"P":1}}' 'n + 1'
# var2 main (V) . prim1 (P) . prim2 . prim3 refused
runtime dz.lam 'main = 7 / 0;\n' division_by_zero 3 '{"MAIN":{"V":1,"P":1}}' 'division by zero in `7 / 0`'
runtime mz.lam 'main = 7 % 0;\n' division_by_zero 3 '{"MAIN":{"V":1,"P":1}}' '7 % 0'
runtime ov.lam 'main = 9223372036854775807 + 1;\n' overflow 3 '{"MAIN":{"V":1,"P":1}}' 'overflow'
runtime om.lam 'main = 4611686018427387904 * 2;\n' overflow 3 '{"MAIN":{"V":1,"P":1}}' 'overflow'
# INT64_MIN / -1.  var2 main (1) . let, 3 H (2) . prim1 n/k (3) . var2 n (4) . prim1 m-1 (5) .
# var2 m (6) . prim1 0-big (7) . prim2 (8) . prim3 (9) . var3 m (10) . prim2 (11) . prim3 (12)
# . var3 n (13) . prim2 (14) . var2 k (15) . prim1 0-1 (16) . prim2 (17) . prim3 (18) . var3 k (19)
# then n / k refused.  V: main n m k = 4; P: 4; U: m n k = 3.
MINPROG='main = let m = 0 - 9223372036854775807; n = m - 1; k = 0 - 1 in n OP k;\n'
runtime mn.lam "${MINPROG/OP//}" overflow 19 '{"MAIN":{"V":4,"U":3,"H":3,"P":4}}' 'n / k'
# INT64_MIN % -1 is 0: the same 19 steps, prim3 (20), var3 main (21, MAIN U)
put mm.lam "${MINPROG/OP/%}"; run_ccm run --json mm.lam
expect_eq "INT64_MIN % -1" "$RC $(jqv '[.value,.steps]') $(jqv "$NZ")" '0 ["0",21] {"MAIN":{"V":4,"U":4,"H":3,"P":4}}'
# stderr names the error too
run_ccm run dz.lam
expect_eq "stderr message" "$ERR" 'ccm: division_by_zero: division by zero in `7 / 0`'

# ---- resource errors: exit 3, the report still printed ---------------------------
# a loop in constant space: only the step budget stops it
put loop.lam 'main = f f;\nf = \\x -> f x;\n'
run_ccm run --json --max-steps 1000 loop.lam
check_schema loop
expect_eq "steps budget" "$RC $(jqv '[.outcome,.error.kind,.steps]')" '3 ["resource_error","steps",1000]'
# one let per round: var2 main (1), then rounds of app1 . var1 g . app2 . let; the let
# of round k is step 1+4k.  heap 50 = 2 top-level + 48 lets; round 49 stops before
# its let: 1 + 4*48 + 3 = 196 steps.  A: 49 rounds; V: main + 49 var1 = 50; H 48.
put alloc.lam 'main = g g;\ng = \\x -> let y = 1 in g y;\n'
run_ccm run --json --max-heap 50 alloc.lam
check_schema heap
expect_eq "heap budget" "$RC $(jqv '[.outcome,.error.kind,.steps]') $(jqv "$NZ")" '3 ["resource_error","heap",196] {"MAIN":{"A":49,"V":50,"H":48}}'
# cells: app2 of round k is step 4k, its let 4k+1; each pushes a cell, so cell 10 is
# round 5's let (step 21) and round 6's app2 (step 24) is refused: 23 steps.
run_ccm run --json --max-cells 10 alloc.lam
expect_eq "cell budget" "$RC $(jqv '[.error.kind,.steps]')" '3 ["heap",23]'
if grep -q 'cells' <<<"$(jqv -r .error.message)"; then ok; else bad "cell message: $(jqv .error.message)"; fi
# stack: each level waits in a primitive and an update frame
put deep.lam 'main = f a;\na = 1;\nf = \\x -> let y = f x in y + 1;\n'
run_ccm run --json --max-stack 20 deep.lam
check_schema stack
expect_eq "stack budget" "$RC $(jqv '[.outcome,.error.kind]')" '3 ["resource_error","stack"]'
run_ccm run --max-stack 20 deep.lam
expect_eq "stack: table" "$RC $(grep -c '^total ' <<<"$OUT")" '3 1'

# ---- trace ------------------------------------------------------------------
# the rule sequence and ccc after each step are those of docs/semantics.md section 7
run_ccm trace w.lam
expect_eq "trace exit" "$RC" 0
expect_eq "trace rules" "$(awk 'NF>=3 && $1 ~ /^[0-9]+$/ {printf "%s/%s ", $2, $3}' <<<"$OUT")" \
  'var2/MAIN let/MAIN app1/MAIN var2/MAIN scc/fun var3/fun app2/fun var1/MAIN var3/MAIN '
expect_eq "trace shows the report" "$(grep -c '^fun ' <<<"$OUT")" 1
run_ccm trace --json w.lam
expect_eq "trace json lines" "$(printf '%s\n' "$OUT" | jq -c 'select(.step) | [.step,.rule,.ccc,.depth]' | tr '\n' ' ')" \
  '[1,"var2","MAIN",1] [2,"let","MAIN",1] [3,"app1","MAIN",2] [4,"var2","MAIN",3] [5,"scc","fun",3] [6,"var3","fun",2] [7,"app2","fun",1] [8,"var1","MAIN",1] [9,"var3","MAIN",0] '
expect_eq "trace json control/top" "$(printf '%s\n' "$OUT" | sed -n 3p | jq -c '[.control,.top]')" '["f","arg a"]'
check_schema trace-report
expect_eq "trace report = run report" "$(jqv -c .costs)" "$(run_ccm run --json w.lam; jqv -c .costs)"
run_ccm trace --json --max-steps 3 w.lam
expect_eq "trace stops at budget" "$RC $(printf '%s\n' "$OUT" | wc -l) $(jqv .steps)" '3 4 3'
# long controls are cut with ...
put long.lam 'main = let aaaaaaaaaa = 1; bbbbbbbbbb = 2; cccccccccc = 3; dddddddddd = 4; eeeeeeeeee = 5 in aaaaaaaaaa;\n'
run_ccm trace --json long.lam
expect_eq "abbreviated control" "$(printf '%s\n' "$OUT" | head -n 1 | jq -r '.control | (length <= 64) and endswith("...")')" true

# ---- names in JSON are escaped -----------------------------------------------
python3 -c "open('$WORK/esc.lam','wb').write(b'main = scc \"a\\\\\\\\b\\tc\\x01d/\" 1;\n')"
run_ccm run --json esc.lam
expect_eq "escaped name decodes" "$RC $(jqv '.returned_cc | explode')" '0 [97,92,92,98,9,99,1,100,47]'
# the table shows control bytes as \xNN
run_ccm run esc.lam
expect_eq "escaped name in the table" "$RC $(grep -cF 'a\\b\x09c\x01d/ ' <<<"$OUT")" '0 1'

# ---- usage ----------------------------------------------------------------------
usage_case() { run_ccm "$@"; if [ "$RC" -eq 2 ] && [ -n "$ERR" ] && [ -z "$OUT" ]; then ok; else bad "usage '$*': exit $RC"; fi; }
usage_case
usage_case frob w.lam
usage_case run
usage_case run --rules fig3 w.lam
usage_case run --scoping dynamic w.lam
usage_case run --order up w.lam
usage_case run --max-steps abc w.lam
usage_case run --max-steps -1 w.lam
usage_case run --max-steps 1e3 w.lam
usage_case run --max-heap 0 w.lam
usage_case run --max-stack 99999999999 w.lam
usage_case run --fast w.lam
usage_case run w.lam w.lam
usage_case run --max-steps
usage_case core --max-steps 5 w.lam   # core takes only --json and --input (docs/core-json.md)
usage_case run --input yaml w.lam
usage_case run --input
usage_case run missing.lam
run_ccm --help
expect_eq "help" "$RC $(grep -c 'ccm run' <<<"$OUT")" '0 1'
# options may follow the file; standard input is -
(cd "$WORK" && "$CCM" run - --json < w.lam > .out 2> .err); RC=$?; OUT=$(cat "$WORK/.out")
expect_eq "stdin run" "$RC $(jqv .steps)" '0 9'

finish
