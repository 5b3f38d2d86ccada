#!/usr/bin/env bash
# xmutants.sh BUILD SEEDS -- extra mutants the kernel's switch list does not
# have, made by patching a copy of the kernel sources (one sed expression
# each) in BUILD/xmutants/NAME/, as a check of the properties against bugs
# nobody planned for.  A patch that no longer applies (the kernel changed)
# is reported as "n/a", not as a failure.  Prints programs-to-catch.
set -u
build=$1; seeds=$2
objs=$(ls "$build"/obj/props/*.o "$build"/obj/gen/gen.o)
front_objs=$(ls "$build"/obj/front/*.o "$build"/obj/lib/*.o 2>/dev/null)
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2"
caught=0; escaped=0
while IFS='|' read -r name file expr; do
    [ -z "$name" ] && continue
    dir="$build/xmutants/$name"; rm -rf "$dir"; mkdir -p "$dir/kernel"
    cp kernel/*.c kernel/*.h "$dir/kernel/"
    sed -i "$expr" "$dir/kernel/$file"
    if cmp -s "kernel/$file" "$dir/kernel/$file"; then
        printf '%-28s %s\n' "$name" "n/a (patch does not apply)"; continue
    fi
    ok=1
    for f in "$dir"/kernel/*.c; do
        gcc $CFLAGS -c "$f" -o "${f%.c}.o" 2>/dev/null || ok=0
    done
    [ $ok -eq 1 ] && gcc -o "$dir/ccm-props" $objs $front_objs "$dir"/kernel/*.o -lpthread 2>/dev/null || ok=0
    if [ $ok -eq 0 ]; then printf '%-28s %s\n' "$name" "n/a (does not build)"; continue; fi
    line=$(timeout 300 "$dir/ccm-props" --seeds "$seeds" --jobs 2 --stop-first 2>&1 | grep -m1 '^props: first failure')
    if [ -n "$line" ]; then
        printf '%-28s %s\n' "$name" "${line#props: first failure at }"; caught=$((caught + 1))
    else
        printf '%-28s %s\n' "$name" "NOT CAUGHT in $seeds programs"; escaped=$((escaped + 1))
    fi
done <<'LIST'
lt_is_le|prim.c|s/\*result = x <  y;/*result = x <= y;/
gt_is_ge|prim.c|s/\*result = x >  y;/*result = x >= y;/
min_div_no_overflow|prim.c|s/if (x == INT64_MIN \&\& y == -1) return CCM_ERR_OVERFLOW;/if (x == INT64_MIN \&\& y == -1) { *result = x; return CCM_RUNNING; }/
mod_minus1_is_1|prim.c|s/(y == -1) ? 0 : x % y/(y == -1) ? 1 : x % y/
default_no_restore|rows_case.c|/ccm_row_case2_default/,/^}/s/m->ccc = f->cc;/(void)f->cc;/
scc_sub_keeps_cc|rows_scc.c|/ccm_row_scc_sub/,/^}/s/m->ccc = n->a;/(void)n->a;/
fig2_var3_restores|rows_var.c|s/if (m->rules == CCM_RULES_FIG6 \&\& CCM_MUTANT != CCM_M_VAR3_NO_RESTORE)/if (CCM_MUTANT != CCM_M_VAR3_NO_RESTORE)/
fig2_var1_subcaf|rows_var.c|s/m->rules == CCM_RULES_FIG6 \&\& CCM_MUTANT != CCM_M_VAR1_SUB ? ccm_subcaf/CCM_MUTANT != CCM_M_VAR1_SUB ? ccm_subcaf/
var3_restores_ccz_kind|rows_var.c|s/m->ccc = ccm_subcaf(m, ccz, f->cc);/m->ccc = ccm_sub(m, ccz, f->cc);/
let_env_reversed|rows_let.c|s/env = ccm_push_cell(m, base + i, env);/env = ccm_push_cell(m, base + count - 1 - i, env);/
let_pins_main|rows_let.c|s/o->cc = m->ccc;/o->cc = 0;/
resume_keeps_cc|rows_force.c|/ccm_row_resume/,/^}/s/m->ccc = f->cc;/(void)f->cc;/
force_pins_demander|rows_force.c|s/m->ccc = o->cc;/m->ccc = m->ccc;/
no_black_hole|step.c|s/if (m->heap\[addr\].hole) return CCM_ERR_BLACK_HOLE;/(void)0;/
budget_off_by_one|step.c|0,/if (m->steps >= m->max_steps) return CCM_RES_STEPS;/s//if (m->steps > m->max_steps) return CCM_RES_STEPS;/
app1_charges_arg_cc|rows_app.c|s/ccm_charge(m, \([a-z>-]*\), CCM_A, 1);/ccm_charge(m, m->heap[addr].cc, CCM_A, 1);/
stack_room_off_by_one|step.c|s/return m->stack_len <= m->stack_cap - frames;/return m->stack_len < m->stack_cap - frames;/
heap_room_off_by_one|step.c|s/if (m->heap_len > m->heap_cap - n->b/if (m->heap_len >= m->heap_cap - n->b/
cells_room_off_by_one|step.c|s/return m->cell_len <= m->cell_cap - cells;/return m->cell_len < m->cell_cap - cells;/
prim2_no_restore|rows_prim.c|/ccm_row_prim2/,/^}/s/m->ccc = f->cc;/(void)f->cc;/
LIST
echo "xmutants: $caught passed, $escaped failed"
[ "$escaped" -eq 0 ]
