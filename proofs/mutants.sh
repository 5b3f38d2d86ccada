#!/usr/bin/env bash
# proofs/mutants.sh -- `make prove-mutants`: inject one bug at a time into a
# COPY of the kernel (build/prove-mutants/NAME/, never kernel/ itself), run WP
# on the function it breaks, and require the proof to fail.  Prints the
# goals that failed for each mutant; exits 1 if any mutant proves (or if a
# bug could not be injected, i.e. the sed pattern no longer matches).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=build/prove-mutants
WHY3=$PWD/build/prove/why3.conf
mkdir -p "$OUT" build/prove
[ -s "$WHY3" ] || WHY3CONFIG=$WHY3 why3 config detect >/dev/null 2>&1
# above the slowest goal of the real kernel (16.8 s), so a timeout means a real failure
TIMEOUT=${PROVE_MUTANT_TIMEOUT:-30}

# name | file | sed script | function(s) whose proof must fail | the bug
MUTANTS=(
"u_wrong_cc|rows_var.c|s/ccm_charge(m, CCM_MUTANT == CCM_M_U_TO_DEMANDER ? f->cc : ccz, CCM_U, 1);/ccm_charge(m, f->cc, CCM_U, 1);/|ccm_row_var3|var3 charges U to the demander, not ccz"
"missing_increment|rows_prim.c|/^    ccm_charge(m, m->ccc, CCM_P, 1);\$/d|ccm_row_prim1|prim1 forgets the P charge"
"frame_wrong_cc|rows_case.c|0,/^    f->cc = m->ccc;\$/s//    f->cc = CCM_CC_MAIN;/|ccm_row_case1|case1 pushes its frame with MAIN, not cc"
"app2_wrong_box|rows_app.c|s/(m->scoping == CCM_EVALUATION) != (CCM_MUTANT == CCM_M_APP2_WRONG_BOX)/m->scoping != CCM_EVALUATION/|ccm_row_app2|app2 takes the other scoping's cost centre"
"lookup_off_by_one|env.c|s/i < ref - (CCM_MUTANT == CCM_M_LOOKUP_OFF_BY_ONE)/i < ref - 1/|ccm_lookup|environment lookup one cell short"
"missing_bounds_check|env.c|/^        if (c < 0 /d|ccm_lookup|lookup follows a chain without checking the cell index"
"let_h_once|rows_let.c|s/CCM_MUTANT == CCM_M_LET_H_ONCE ? 1 : (uint64_t)count/1/|ccm_row_let|let charges H once, not n times"
"var3_no_heap_update|rows_var.c|/^    o->code = m->ctl_code;\$/d|ccm_row_var3|var3 does not write the value back into the heap"
"scc_entries_wrong_cc|rows_scc.c|s/CCM_MUTANT == CCM_M_ENTRIES_WRONG_CC ? m->ccc : n->a/m->ccc/|ccm_row_scc|scc counts the entry on the enclosing cost centre"
"add_unchecked|prim.c|/x > INT64_MAX - y/,+3d|ccm_prim_apply|+ without the overflow check"
"prim3_keeps_cc|rows_prim.c|/^        m->ccc = f->cc;\$/d|ccm_row_prim3|prim3 keeps the operand's cost centre"
"resume_no_pop|rows_force.c|/^    m->stack_len--;\$/d|ccm_row_resume|resume does not pop its frame"
"force_upd_thunk_cc|rows_force.c|s/^    u->cc = m->ccc;\$/    u->cc = o->cc;/|ccm_row_force|force pushes its update frame with the thunk's cost centre"
"var2_no_hole|rows_var.c|/^        o->hole = 1;\$/d|ccm_row_var2|var2 does not mark the thunk under evaluation"
"force_budget_off_by_one|step.c|s/^    if (m->steps >= m->max_steps) return CCM_RES_STEPS;\$/    if (m->steps > m->max_steps) return CCM_RES_STEPS;/|ccm_force|force fires with the step budget exhausted"
"force_no_hole_check|step.c|s/if (o->hole .. ccm_is_value_node(m, o->code))/if (ccm_is_value_node(m, o->code))/|ccm_force|force accepts a thunk under evaluation"
"var_no_black_hole|step_control.c|/^    if (m->heap\[addr\].hole) return CCM_ERR_BLACK_HOLE;\$/d|ccm_step_var|var enters a thunk under evaluation (no black hole)"
"app_no_stack_check|step_control.c|/^int ccm_step_app/,/^}/{/^    if (m->stack_len >= m->stack_cap) return CCM_RES_STACK;\$/d}|ccm_step_app|app1 pushes its frame without checking the stack room"
"let_heap_check_off_by_one|step_control.c|s/m->heap_len > m->heap_cap - n /m->heap_len > m->heap_cap - n + 1 /|ccm_step_let|let lays out one object past the heap's end"
"case_skips_first_alt|step_value.c|s/for (int32_t alt = c->b; alt <= last; alt++)/for (int32_t alt = c->b + 1; alt <= last; alt++)/|ccm_case_alt|case2 never tries the first alternative"
"dispatch_wrong_piece|step.c|s/case CCM_SCC:     return ccm_step_scc(m);/case CCM_SCC:     return ccm_step_scc_sub(m);/|ccm_step|the dispatcher fires scc_sub for an scc"
"case_scrutinee_unchecked|init.c|s/if (!in_range(n->a, ncode) [^ ]* n->c < 1/if (n->c < 1/|check_node|the code check lets a case's scrutinee index leave the code array"
"case2_args_unchecked|step_value.c|/if (ccm_resolve(m, m->ctl_env, m->code\[j\].a) < 0) return 0;/d|ccm_case2_args|case2 binds a constructor whose arguments do not all resolve"
"run_loops_on_value|step.c|s/if (st != CCM_RUNNING) return st;/if (st == CCM_ERR_BAD_CODE) return st;/|ccm_run|ccm_run keeps stepping a final state (never stops)"
)

survivors=0; n=0
for row in "${MUTANTS[@]}"; do
    IFS='|' read -r name file script fns what <<<"$row"
    # ONLY="a b" runs just those mutants (for a quick check)
    if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<<"$ONLY"; then continue; fi
    n=$((n + 1))
    dir=$OUT/$name
    # a mutant only counts against a function whose real proof is in `make prove`
    for fn in ${fns//,/ }; do
        if ! grep -qw -- "$fn" mk/prove.mk; then
            echo "mutant $name ($what): NOT CHECKED -- $fn is not in PROVE_FUNCS (not proven yet)"
            survivors=$((survivors + 1)); continue 2
        fi
    done
    rm -rf "$dir"; mkdir -p "$dir"
    cp -r kernel acsl "$dir/"
    sed -i "$script" "$dir/kernel/$file"
    if cmp -s "kernel/$file" "$dir/kernel/$file"; then
        echo "mutant $name: NOT INJECTED (pattern no longer matches kernel/$file)"
        survivors=$((survivors + 1)); continue
    fi
    # the same options as `make prove` for that function (its pass)
    typed=""; grep -qE "^PROVE_FUNCS_UNTYPED :=.*\<$fns\>" mk/prove.mk && typed=-wp-simplify-type
    WHY3CONFIG=$WHY3 frama-c -cpp-extra-args="-I$dir/acsl -I$dir/kernel" "$dir"/kernel/*.c \
        -wp -wp-rte -wp-fct "$fns" $typed -wp-prover cvc4,z3 -wp-par "${PROVE_PAR:-2}" -wp-timeout "$TIMEOUT" \
        -then -report-classify -report-unclassified-unknown ERROR > "$dir/prove.log" 2>&1
    st=$?
    failed=$(grep -oE 'Goal typed_[A-Za-z0-9_]+ : (Timeout|Unknown|Failed)|\[Failed\] Goal typed_[A-Za-z0-9_]+' "$dir/prove.log" \
             | sed -E 's/.*typed_([A-Za-z0-9_]+).*/\1/' | sort -u | tr '\n' ' ')
    if [ "$st" -ne 0 ] && [ -n "$failed" ]; then
        echo "mutant $name ($what): caught; unproved: $failed"
    else
        echo "mutant $name ($what): PROVED -- the contracts miss this bug (log $dir/prove.log)"
        survivors=$((survivors + 1))
    fi
done
echo "prove-mutants: $((n - survivors)) of $n mutants caught"
[ "$survivors" -eq 0 ]
