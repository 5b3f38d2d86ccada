#!/usr/bin/env bash
# test_load_check.sh -- proofs/load-check.py on hand-made logs (no prover):
# the plan picks the heaviest goals and the ACSL names that select them; the
# comparison passes identical runs and fails on any verdict or resource
# count that differs between the idle and the loaded run, and on a planned
# goal that is not valid.
set -u
source "$(dirname "$0")/harness.sh"

# goal, prover, seconds, units (the gate's goal-steps.tsv)
printf '%s\t%s\t%s\t%s\n' \
    typed_f_g_ensures_wf_heap 'CVC4 1.8' 3.0 900 \
    typed_f_assert_kept 'CVC4 1.8' 2.0 800 \
    typed_f_g_assigns 'CVC4 1.8' 2.0 700 \
    typed_f_ok_ensures_value_part09 'CVC4 1.8' 1.0 600 \
    typed_h_loop_invariant_keep_preserved 'CVC4 1.8' 1.0 500 \
    typed_h_assert_small 'CVC4 1.8' 0.1 10 \
    typed_h_assert_qed Qed 0.0 0 > "$tmp/goals.tsv"
python3 proofs/load-check.py plan 4 "$tmp/goals.tsv" "f h" "f_g" > "$tmp/plan.txt"
# typed_f_g_assigns cannot be selected by name (skipped); typed_f_assert_kept
# belongs to f, not f_g: the longest function name that fits wins
sort "$tmp/plan.txt" > "$tmp/plan.sorted"
python3 - "$tmp/plan.sorted" <<'PY' && ok "the plan: the heaviest nameable goals, by function, pass and property" || bad "plan: $(cat "$tmp/plan.txt")"
import sys
got = open(sys.argv[1]).read().split("\n")
want = ["f typed kept,value typed_f_assert_kept typed_f_ok_ensures_value_part09",
        "f_g untyped wf_heap typed_f_g_ensures_wf_heap",
        "h typed keep typed_h_loop_invariant_keep_preserved", ""]
sys.exit(0 if got == want else 1)
PY
python3 proofs/load-check.py plan 9 "$tmp/goals.tsv" "f h" "f_g" >/dev/null 2>&1
[ $? -ne 0 ] && ok "asking for more goals than there are is an error" || bad "plan of 9 accepted"

log() {   # log FILE UNITS_OF_wf_heap VERDICT_OF_kept
    cat > "$1" <<LOG
[wp] [CVC4 1.8] Goal typed_f_g_ensures_wf_heap : Valid (Qed:1ms) (3.1s) ($2)
[wp] [CVC4 1.8] Goal typed_f_assert_kept : $3 (Qed:1ms) (2.2s) (800)
[wp] [CVC4 1.8] Goal typed_f_ok_ensures_value_part09 : Valid (Qed:1ms) (1s) (600)
[wp] [CVC4 1.8] Goal typed_f_ok_ensures_value_part01 : Valid (Qed:1ms) (0.1s) (55)
[wp] [CVC4 1.8] Goal typed_h_loop_invariant_keep_preserved : Valid (Qed:1ms) (1s) (500)
LOG
}
cmp() { python3 proofs/load-check.py compare "$tmp/plan.txt" "$tmp/goals.tsv" "$tmp/idle.log" "$tmp/loaded.log"; }
log "$tmp/idle.log" 900 Valid; log "$tmp/loaded.log" 900 Valid
out=$(cmp); [ $? -eq 0 ] && grep -q "^4 planned goals and 1 more" <<<"$out" \
    && ok "identical runs pass (the extra goal a property selects is compared too)" || bad "identical: $out"
log "$tmp/loaded.log" 901 Valid
out=$(cmp); [ $? -eq 1 ] && grep -qF "typed_f_g_ensures_wf_heap: Valid 900 idle, Valid 901 under load" <<<"$out" \
    && ok "one resource unit more under load fails, naming the goal" || bad "units differ: $out"
log "$tmp/loaded.log" 900 'Step limit'
out=$(cmp); [ $? -eq 1 ] && grep -qF "typed_f_assert_kept: Valid 800 idle, Stepout 800 under load" <<<"$out" \
    && ok "another verdict under load fails" || bad "verdict differs: $out"
log "$tmp/idle.log" 950 Valid; log "$tmp/loaded.log" 950 Valid
out=$(cmp); [ $? -eq 0 ] && grep -q "^typed_f_g_ensures_wf_heap  *900  *950  *950 " <<<"$out" \
    && ok "the whole run's units are shown beside, not compared (another task text)" || bad "whole run: $out"
log "$tmp/idle.log" 900 Unknown; log "$tmp/loaded.log" 900 Unknown
sed -i 's/typed_f_g_ensures_wf_heap : Valid/typed_f_g_ensures_wf_heap : Unknown/' "$tmp/idle.log" "$tmp/loaded.log"
out=$(cmp); [ $? -eq 1 ] && grep -qF "typed_f_g_ensures_wf_heap: Unknown idle, Unknown under load" <<<"$out" \
    && ok "a planned goal not valid fails, even when both runs agree" || bad "not valid: $out"
grep -v typed_h_ "$tmp/idle.log" > "$tmp/idle2.log"; mv "$tmp/idle2.log" "$tmp/idle.log"; log "$tmp/loaded.log" 950 Valid
out=$(cmp); [ $? -eq 1 ] && grep -qF "typed_h_loop_invariant_keep_preserved: in one run only" <<<"$out" \
    && ok "a goal missing from one run fails" || bad "missing goal: $out"

finish prove-load-check-test
