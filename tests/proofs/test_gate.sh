#!/usr/bin/env bash
# test_gate.sh -- the proof gate (proofs/prove-report.py) on hand-made WP
# reports: it must pass a clean report and fail one with an unknown goal, a
# timeout, a function of kernel/ missing from the proof, a Frama-C failure
# (e.g. -report-classify's ERROR), a log that says WP skipped something, a
# smoke test that found dead code not in the expected-dead list, a goal past
# the resource units' headroom; and prove-mutants' verdict.
# No prover runs: the reports are written here in WP's JSON layout.
set -u
source "$(dirname "$0")/harness.sh"

# report FILE FN:GOAL:VALID ... -- one goal per argument (VALID 1 or 0)
report() {
    local out=$1; shift
    python3 - "$out" "$@" <<'PY'
import json, sys
out, specs = sys.argv[1], sys.argv[2:]
funcs = {}
for spec in specs:
    fn, goal, valid = spec.split(":")
    g = funcs.setdefault(fn, {})
    g[fn + "_" + goal] = {"wp:main": {"total": 1, "valid": int(valid)}}
for fn, g in funcs.items():
    g["wp:section"] = {"wp:main": {"total": len(g), "valid": sum(x["wp:main"]["valid"] for x in g.values())}}
json.dump({"wp:functions": funcs}, open(out, "w"))
PY
}
printf 'f\ng\n' > "$tmp/expect.txt"
clean_log="$tmp/clean.log"
cat > "$clean_log" <<'LOG'
[wp] [Qed] Goal typed_f_assigns : Valid (2ms)
[wp] [CVC4 1.8] Goal typed_f_ensures_row : Valid (Qed:12ms) (1.5s) (1234)
[wp] [Z3 4.8.12] Goal typed_g_ensures_ok : Valid (Qed:3ms) (40ms) (99) (cached)
LOG

gate() {   # gate NAME EXPECTED_STATUS LOG FROGMA_STATUS ARGS...
    local name=$1 want=$2 log=$3 st=$4; shift 4
    out=$(python3 proofs/prove-report.py --expect "$tmp/expect.txt" --times "$tmp/times.tsv" \
          "$log" "$st" 7 "$@" 2>&1); got=$?
    if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"; else bad "$name: exit $got, want $want"; echo "$out"; fi
}

report "$tmp/clean.json" f:assigns:1 f:ensures_row:1 g:ensures_ok:1
gate "clean report passes" 0 "$clean_log" 0 "$tmp/clean.json"
out=$(python3 proofs/prove-report.py "$clean_log" 0 7 "$tmp/clean.json")
grep -q "slowest goals" <<<"$out" && grep -q "1.50 s  CVC4 1.8     typed_f_ensures_row" <<<"$out" \
    && ok "report lists the slowest goal with its prover and time" || { bad "slowest goals"; echo "$out"; }
grep -q "wall time: 7 s" <<<"$out" && ok "report prints the wall time" || bad "wall time"
grep -q "^TOTAL *3 / 3" <<<"$out" && ok "report prints the total" || bad "total"
[ "$(cut -f1 "$tmp/times.tsv" | sort | tr '\n' ' ')" = "typed_f_assigns typed_f_ensures_row typed_g_ensures_ok " ] \
    && ok "goal times written for prove-mutants" || bad "goal times: $(cat "$tmp/times.tsv")"

report "$tmp/unknown.json" f:assigns:1 f:ensures_row:0 g:ensures_ok:1
sed 's/typed_f_ensures_row : Valid (Qed:12ms) (1.5s) (1234)/typed_f_ensures_row : Unknown (Qed:12ms) (1.5s)/' "$clean_log" > "$tmp/unknown.log"
gate "an unknown goal fails" 1 "$tmp/unknown.log" 0 "$tmp/unknown.json"

sed 's/typed_f_ensures_row : Valid (Qed:12ms) (1.5s) (1234)/typed_f_ensures_row : Timeout (Qed:12ms) (30s)/' "$clean_log" > "$tmp/timeout.log"
gate "a timeout fails" 1 "$tmp/timeout.log" 0 "$tmp/unknown.json"

report "$tmp/missing.json" f:assigns:1 f:ensures_row:1
gate "a kernel function missing from the proof fails" 1 "$clean_log" 0 "$tmp/missing.json"
out=$(python3 proofs/prove-report.py --expect "$tmp/expect.txt" "$clean_log" 0 7 "$tmp/missing.json")
grep -q "function g (defined in kernel/) is not in the proof" <<<"$out" && ok "it names the missing function" || bad "missing function message: $out"

gate "a Frama-C failure (report-classify ERROR) fails" 1 "$clean_log" 1 "$tmp/clean.json"
{ cat "$clean_log"; echo "[kernel] Warning: statement contract not yet supported: skipped"; } > "$tmp/skipped.log"
gate "'not yet supported' in the log fails" 1 "$tmp/skipped.log" 0 "$tmp/clean.json"

# smoke tests (--smoke LIST): the failed ones must be exactly those listed
printf 'int f(int x)\n{\n    if (x < 0 || x > 9) return 1;\n    return 0;\n}\n' > "$tmp/s.c"
{ cat "$clean_log"
  echo "[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires"
  echo "[wp] [Passed] Smoke-test typed_g_wp_smoke_default_requires"
  echo "[wp] [Failed] Smoke-test typed_f_wp_smoke_dead_code_s12"
  echo "[wp] $tmp/s.c:3: Warning: Failed smoke-test"; } > "$tmp/smoke.log"
python3 - "$tmp/clean.json" "$tmp/smoke.json" <<'PY'
import json, sys   # WP's report counts a passed smoke test valid, a failed one unknown
d = json.load(open(sys.argv[1]))
f = d["wp:functions"]["f"]
f["f_wp_smoke_default_requires"] = {"wp:main": {"total": 1, "valid": 1}}
d["wp:functions"]["g"]["g_wp_smoke_default_requires"] = {"wp:main": {"total": 1, "valid": 1}}
f["f_wp_smoke_dead_code_s12"] = {"wp:main": {"total": 1, "unknown": 1}}
f["wp:section"] = {"wp:main": {"total": 4, "valid": 3, "unknown": 1}}
json.dump(d, open(sys.argv[2], "w"))
PY
echo "f | dead_code | $tmp/s.c: if (x < 0 || x > 9) return 1; | x > 9 cannot hold" > "$tmp/dead.txt"
gate "a dead branch listed in the smoke list passes" 0 "$tmp/smoke.log" 0 --smoke "$tmp/dead.txt" "$tmp/smoke.json"
out=$(python3 proofs/prove-report.py --smoke "$tmp/dead.txt" "$tmp/smoke.log" 0 7 "$tmp/smoke.json")
grep -q "^TOTAL *3 / 3" <<<"$out" && grep -q "smoke tests: 3 run, 1 found dead code, 1 listed" <<<"$out" \
    && ok "smoke tests are not counted as goals, and are summed up" || { bad "smoke summary"; echo "$out"; }
grep -v "typed_g_wp_smoke_default_requires" "$tmp/smoke.log" > "$tmp/smoke-no-g.log"
gate "a function without smoke tests of its own fails" 1 "$tmp/smoke-no-g.log" 0 --smoke "$tmp/dead.txt" "$tmp/smoke.json"
out=$(python3 proofs/prove-report.py --expect "$tmp/expect.txt" --smoke "$tmp/dead.txt" "$tmp/smoke-no-g.log" 0 7 "$tmp/smoke.json")
grep -qF "function g has no smoke test of its own" <<<"$out" && ok "it names the function without smoke tests" || bad "own smoke message: $out"
gate "without a list, a failed smoke test fails" 1 "$tmp/smoke.log" 0 "$tmp/smoke.json"
printf '# nothing is dead\n' > "$tmp/none.txt"
gate "a dead branch not in the list fails" 1 "$tmp/smoke.log" 0 --smoke "$tmp/none.txt" "$tmp/smoke.json"
out=$(python3 proofs/prove-report.py --smoke "$tmp/none.txt" "$tmp/smoke.log" 0 7 "$tmp/smoke.json")
grep -qF "smoke test failed, not listed as dead: f | dead_code | $tmp/s.c: if (x < 0 || x > 9) return 1;" <<<"$out" \
    && ok "it names the unlisted dead branch by function, kind and source line" || bad "unlisted message: $out"
{ cat "$tmp/dead.txt"; cat "$tmp/dead.txt"; } > "$tmp/twice.txt"
gate "a listed dead branch whose smoke test passes (stale list) fails" 1 "$tmp/smoke.log" 0 --smoke "$tmp/twice.txt" "$tmp/smoke.json"
gate "a run without smoke tests fails when a list is given" 1 "$clean_log" 0 --smoke "$tmp/dead.txt" "$tmp/clean.json"
# --smoke-pass REPORT: the part of the log that pass wrote (after the report
# line before it) holds smoke tests only
{ cat "$clean_log"; echo "[wp] Report 'main.json'"
  echo "[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires"
  echo "[wp] [Passed] Smoke-test typed_g_wp_smoke_default_requires"
  echo "[wp] [Failed] Smoke-test typed_f_wp_smoke_dead_code_s12"
  echo "[wp] $tmp/s.c:3: Warning: Failed smoke-test"; echo "[wp] Report 'smoke.json'"; } > "$tmp/passes.log"
gate "a smoke pass with smoke tests only passes" 0 "$tmp/passes.log" 0 --smoke "$tmp/dead.txt" --smoke-pass smoke.json "$tmp/smoke.json"
gate "a smoke pass with a goal in it fails" 1 "$tmp/passes.log" 0 --smoke "$tmp/dead.txt" --smoke-pass main.json "$tmp/smoke.json"
out=$(python3 proofs/prove-report.py --smoke "$tmp/dead.txt" --smoke-pass main.json "$tmp/passes.log" 0 7 "$tmp/smoke.json")
grep -qF "the smoke pass with report main.json proved 3 goal(s) that are not smoke tests: typed_f_assigns, typed_f_ensures_row, typed_g_ensures_ok" <<<"$out" \
    && ok "it names the goals a smoke pass should not have selected" || bad "smoke-pass message: $out"
gate "a smoke pass missing from the log fails" 1 "$tmp/passes.log" 0 --smoke "$tmp/dead.txt" --smoke-pass other.json "$tmp/smoke.json"
# a run in parts (mk/prove.mk: processes side by side): the parts' logs are
# joined; each part's smoke pass is the stretch after that part's own report
{ grep -v typed_g_ "$clean_log"; echo "[wp] Report 'a.json'"
  echo "[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires"
  echo "[wp] [Failed] Smoke-test typed_f_wp_smoke_dead_code_s12"
  echo "[wp] $tmp/s.c:3: Warning: Failed smoke-test"; echo "[wp] Report 'a-smoke.json'"
  echo "prove: exit 0 after 5 s"
  grep typed_g_ "$clean_log"; echo "[wp] Report 'b.json'"
  echo "[wp] [Passed] Smoke-test typed_g_wp_smoke_default_requires"; echo "[wp] Report 'b-smoke.json'"
  echo "prove: exit 0 after 6 s"; } > "$tmp/parts.log"
gate "a run in two parts, each smoke pass clean, passes" 0 "$tmp/parts.log" 0 --smoke "$tmp/dead.txt" \
    --smoke-pass a-smoke.json --smoke-pass b-smoke.json "$tmp/smoke.json"
sed "s/^\[wp\] Report 'b.json'$/&\n$(grep typed_g_ "$clean_log" | sed 's/[\/&]/\\&/g')/" "$tmp/parts.log" > "$tmp/parts-bad.log"
gate "a goal in the second part's smoke pass fails" 1 "$tmp/parts-bad.log" 0 --smoke "$tmp/dead.txt" \
    --smoke-pass a-smoke.json --smoke-pass b-smoke.json "$tmp/smoke.json"
out=$(python3 proofs/prove-report.py --smoke "$tmp/dead.txt" --smoke-pass a-smoke.json --smoke-pass b-smoke.json "$tmp/parts-bad.log" 0 7 "$tmp/smoke.json")
grep -qF "the smoke pass with report b-smoke.json proved 1 goal(s) that are not smoke tests: typed_g_ensures_ok" <<<"$out" \
    && ! grep -qF "report a-smoke.json proved" <<<"$out" \
    && ok "it blames the second part's smoke pass only" || bad "parts smoke-pass message: $out"
echo "f | dead_code | no reason given" > "$tmp/malformed.txt"
gate "a list line without a reason is an error" 1 "$tmp/smoke.log" 0 --smoke "$tmp/malformed.txt" "$tmp/smoke.json"

# the function list: every definition of kernel/*.c, static ones included
fns=$(bash proofs/kernel-functions.sh kernel/*.c)
grep -qx let_lay_objs <<<"$fns" && grep -qx ccm_step <<<"$fns" && grep -qx ccm_init <<<"$fns" \
    && ok "kernel-functions.sh finds static and public definitions" || bad "kernel-functions.sh: $fns"
printf 'int declared_only(int x);\nstatic int32_t helper(int a,\n                      int b)\n{\n    return a + b;\n}\nvoid ccm_api(struct ccm_machine *m)\n{\n    if (x) return;\n}\n' > "$tmp/k.c"
[ "$(bash proofs/kernel-functions.sh "$tmp/k.c" | tr '\n' ' ')" = "ccm_api helper " ] \
    && ok "kernel-functions.sh lists definitions, not declarations" || bad "kernel-functions.sh on k.c: $(bash proofs/kernel-functions.sh "$tmp/k.c")"

# resource units: the list of the heaviest goals, the headroom gate (a goal
# proved with more than a third of the limit fails), and a goal out of units
# a goal no prover ran on (a replay's cache miss) is said to be one, not a backstop
printf '[wp] [Qed] Goal typed_f_assigns : Valid (2ms)\n[wp] [Failed] Goal typed_f_ensures_row\n' > "$tmp/miss.log"
out=$(python3 proofs/prove-report.py --steps-limit 4000 --backstop 600 "$tmp/miss.log" 0 7 "$tmp/unknown.json"); st=$?
[ "$st" -eq 1 ] && grep -qF "goal typed_f_ensures_row: no prover ran (in a replay: not in the cache)" <<<"$out" \
    && ! grep -q backstop <<<"$out" && ok "a cache miss fails as one, not as a backstop" || bad "cache miss: exit $st: $out"
# told apart from one the wall-clock backstop stopped
[ "$(awk -F'\t' '$1 == "typed_f_ensures_row" {print $4}' "$tmp/times.tsv")" = 1234 ] \
    && ok "goal resource units written for prove-mutants" || bad "goal units: $(cat "$tmp/times.tsv")"
gate "a goal within a third of the limit passes" 0 "$clean_log" 0 --steps-limit 4000 "$tmp/clean.json"
out=$(python3 proofs/prove-report.py --steps-limit 4000 "$clean_log" 0 7 "$tmp/clean.json")
grep -q "most resource units (prover steps; share of the limit of 4,000)" <<<"$out" \
    && grep -q "^ *1,234   30.9 %  typed_f_ensures_row" <<<"$out" && grep -q "^ *99    2.5 %  typed_g_ensures_ok  (cached)" <<<"$out" \
    && ok "the report lists the heaviest goals with their share of the limit" || { bad "heaviest goals"; echo "$out"; }
gate "a goal over a third of the limit fails" 1 "$clean_log" 0 --steps-limit 3600 "$tmp/clean.json"
out=$(python3 proofs/prove-report.py --steps-limit 3600 "$clean_log" 0 7 "$tmp/clean.json")
grep -qF "goal typed_f_ensures_row needs 1,234 resource units, more than a third of the limit (3,600)" <<<"$out" \
    && ok "it names the goal past the headroom" || bad "headroom message: $out"
sed 's/typed_f_ensures_row : Valid (Qed:12ms) (1.5s) (1234)/typed_f_ensures_row : Step limit (Qed:12ms) (4000)/' "$clean_log" > "$tmp/stepout.log"
gate "a goal out of resource units fails" 1 "$tmp/stepout.log" 0 --steps-limit 4000 --backstop 600 "$tmp/unknown.json"
out=$(python3 proofs/prove-report.py --steps-limit 4000 --backstop 600 "$tmp/stepout.log" 0 7 "$tmp/unknown.json")
grep -qF "goal typed_f_ensures_row ran out of its resource units (4,000)" <<<"$out" && ! grep -q backstop <<<"$out" \
    && ok "it says the goal ran out of units" || bad "stepout message: $out"
sed 's/typed_f_ensures_row : Valid (Qed:12ms) (1.5s) (1234)/typed_f_ensures_row : Timeout (Qed:12ms) (600s)/' "$clean_log" > "$tmp/backstop.log"
out=$(python3 proofs/prove-report.py --steps-limit 4000 --backstop 600 "$tmp/backstop.log" 0 7 "$tmp/unknown.json")
grep -qF "the wall-clock backstop (600 s) was hit on goal typed_f_ensures_row" <<<"$out" && ! grep -q "ran out of" <<<"$out" \
    && ok "it says the backstop was hit, and on which goal" || bad "backstop message: $out"
# goals sharing a name (`for B1, B2: assert NAME`): a failed sibling is not
# hidden by a valid one, and the heaviest sibling is the one measured
{ cat "$clean_log"; echo "[wp] [Qed] Goal typed_f_ensures_row : Valid (3ms)"; } > "$tmp/twins.log"
out=$(python3 proofs/prove-report.py --steps-limit 4000 "$tmp/twins.log" 0 7 "$tmp/clean.json")
grep -q "^ *1,234   30.9 %  typed_f_ensures_row" <<<"$out" && ok "of goals sharing a name, the heaviest is measured" || bad "twins heaviest: $out"
{ cat "$clean_log"; echo "[wp] [CVC4 1.8] Goal typed_f_ensures_row : Step limit (Qed:1ms) (4000)"; } > "$tmp/twins2.log"
out=$(python3 proofs/prove-report.py --steps-limit 4000 "$tmp/twins2.log" 0 7 "$tmp/clean.json")
[ $? -eq 1 ] && grep -qF "goal typed_f_ensures_row ran out of its resource units (4,000)" <<<"$out" \
    && ok "a failed goal is not hidden by a valid one of the same name" || bad "twins failure: $out"
# other tool versions than the certificate's: said first, and in the failure
printf 'frama-c: 0.0-test\ncvc4: 0.0-test\n' > "$tmp/cert.txt"
out=$(python3 proofs/prove-report.py --certificate "$tmp/cert.txt" "$tmp/unknown.log" 0 7 "$tmp/unknown.json")
head -n 1 <<<"$out" | grep -q "^prove: NOTE: tools differ from the certificate's (cvc4 .* here, 0.0-test certified, frama-c .* here, 0.0-test certified)" \
    && grep -q "^prove: FAILED: \[tools differ from the certificate's" <<<"$out" \
    && ok "a run under other tool versions says so, first and in its failure" || bad "versions note: $out"
grep -v '0.0-test' "$tmp/cert.txt" > "$tmp/cert-none.txt"
out=$(python3 proofs/prove-report.py --certificate "$tmp/cert-none.txt" "$clean_log" 0 7 "$tmp/clean.json")
! grep -q "NOTE" <<<"$out" && ok "no note when the certificate names no other version" || bad "spurious note: $out"

# prove-mutants' verdict (limit 2400 units): a goal the kernel proves within
# a third of the limit that fails in the mutant catches it; a goal the kernel
# needs more than a third for catches nothing; a goal the backstop stopped
# catches nothing and is named
printf 'typed_f_fast\tQed\t0.0\t0\ntyped_f_mid\tCVC4 1.8\t1.0\t500\ntyped_f_slow\tCVC4 1.8\t25.0\t900\n' > "$tmp/goals2.tsv"
printf '[wp] [CVC4 1.8] Goal typed_f_fast : Step limit (Qed:11ms) (2400)\n[wp] [CVC4 1.8] Goal typed_f_other : Valid (Qed:1ms) (100ms) (99)\n' > "$tmp/mutant.log"
v=$(python3 proofs/mutant-verdict.py "$tmp/mutant.log" "$tmp/goals2.tsv" 2400)
[ "$v" = "typed_f_fast (Stepout; unmutated: Qed)" ] && ok "a goal out of units catches a mutant" || bad "verdict: '$v'"
sed 's/typed_f_fast/typed_f_slow/' "$tmp/mutant.log" > "$tmp/mutant2.log"
v=$(python3 proofs/mutant-verdict.py "$tmp/mutant2.log" "$tmp/goals2.tsv" 2400)
[ -z "$v" ] && ok "a goal over a third of the limit unmutated does not catch" || bad "heavy goal counted: '$v'"
printf '[wp] [Failed] Goal typed_f_mid\n  CVC4 1.8: Unknown (Qed:11ms) (310)\n[wp] [CVC4 1.8] Goal typed_f_fast : Step limit (Qed:11ms) (2400)\n' > "$tmp/mutant3.log"
v=$(python3 proofs/mutant-verdict.py "$tmp/mutant3.log" "$tmp/goals2.tsv" 2400)
[ "$v" = "typed_f_mid (Unknown; unmutated: 500 units)" ] && ok "an Unknown answer catches first" || bad "unknown: '$v'"
printf '[wp] [CVC4 1.8] Goal typed_f_fast : Timeout (Qed:11ms) (600s)\n[wp] [CVC4 1.8] Goal typed_f_slow : Timeout (Qed:11ms) (600s)\n' > "$tmp/mutant4.log"
v=$(python3 proofs/mutant-verdict.py "$tmp/mutant4.log" "$tmp/goals2.tsv" 2400)
[ "$v" = "backstop: typed_f_fast" ] && ok "the backstop catches nothing by units, and is named (a goal within the headroom only)" || bad "backstop counted: '$v'"

finish prove-gate
