#!/usr/bin/env bash
# check-suite.sh BUILD SEEDS -- the property tests' part of `make check`.
#   1. the big-step evaluator against hand-derived expectations (props/hand/)
#   2. the generator is deterministic (a golden program for one seed)
#   3. the properties on the fixed seeds 1..SEEDS (both cores)
#   4. tests/regress/*.lam replayed (every property must hold)
#   5. every kernel mutant fails on the fixed seeds, and on its own
#      regression program: proof that the properties can fail; every
#      front-end mutant fails on the fixed seeds; the naive CAF mutant
#      breaks 2b and 2a alone; the shrinker shrinks
#   6. a smaller seed set and the regressions under ASan+UBSan
# Ends with "props-suite: N passed, N failed".
set -u
build=$1; seeds=$2
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# 1. hand-derived big-step results: NAME.ARGS.expect, ARGS from fig6/fig2,
#    lexical/evaluation, optional rtl, joined by '-'
for exp in props/hand/*.expect; do
    base=$(basename "$exp" .expect); prog=${base%%.*}; cfg=${base#*.}
    args=$(tr '-' ' ' <<<"$cfg" | sed 's/fig6//; s/lexical//')
    # shellcheck disable=SC2086
    if diff <("$build/ccm-props" --eval "props/hand/$prog.lam" $args | sort) <(sort "$exp") >/dev/null
    then ok "big-step $prog ($cfg)"
    else bad "big-step $prog ($cfg)"; diff <("$build/ccm-props" --eval "props/hand/$prog.lam" $args | sort) <(sort "$exp"); fi
done

# 2. generator determinism
if cmp -s <("$build/ccm-gen" --seed 7 --size 5) props/hand/gen-seed7-size5.golden
then ok "ccm-gen --seed 7 --size 5 is the golden program"
else bad "ccm-gen --seed 7 --size 5 differs from props/hand/gen-seed7-size5.golden"; fi

# 3. the properties on the fixed seeds
out=$("$build/ccm-props" --seeds "$seeds" --jobs 2 2>&1); rc=$?
grep -E '^props: [0-9]+ programs|reached a value|forms met' <<<"$out"
if [ $rc -eq 0 ]; then ok "properties (incl. rt, the round trip) on seeds 1..$seeds"
else bad "properties on seeds 1..$seeds"; tail -n 30 <<<"$out"; fi
# every form and token of the grammar met by the generated programs
if grep -q '^coverage: no program contains' <<<"$out" || ! grep -q '^coverage: [0-9]* of [0-9]* forms met' <<<"$out"
then bad "generator coverage: $(grep '^coverage: no program' <<<"$out" | tr '\n' ' ')"
else ok "generator coverage: $(grep -m1 'forms met' <<<"$out")"; fi

# 4. regressions
shopt -s nullglob
regress=(tests/regress/*.lam)
if [ ${#regress[@]} -gt 0 ]; then
    out=$("$build/ccm-props" "${regress[@]}" 2>&1)
    while read -r status file rest; do
        case $status in ok) ok "regress $file";; FAIL) bad "regress $file $rest";; esac
    done < <(grep -E '^(ok|FAIL) ' <<<"$out")
fi

# 5. mutants must be caught
for f in tests/regress/mutant-*.lam; do
    n=$(basename "$f" .lam | sed 's/^mutant-[0-9]*-//' | tr - _)
    bin="$build/mutants/$n/ccm-props"
    [ -x "$bin" ] || { bad "mutant $n not built"; continue; }
    line=$("$bin" --seeds "$seeds" --jobs 2 --stop-first 2>&1 | grep -m1 '^props: first failure')
    if [ -n "$line" ]; then ok "mutant $n caught: ${line#props: first failure at }"
    else bad "mutant $n NOT caught on seeds 1..$seeds"; fi
    if "$bin" "$f" >/dev/null 2>&1; then bad "mutant $n passes its regression $f"
    else ok "mutant $n fails its regression $(basename "$f")"; fi
done

# 5a. every front-end mutant (mutants/front/) fails on the fixed seeds: the
#     big-step reads the generator's tree, not the parse (docs/props.md)
for m in mutants/front/*.mut; do
    n=$(basename "$m" .mut)
    bin="$build/mutants/$n/ccm-props"
    [ -x "$bin" ] || { bad "front mutant $n not built"; continue; }
    line=$("$bin" --seeds "$seeds" --jobs 2 --stop-first 2>&1 | grep -m1 '^props: first failure')
    if [ -n "$line" ]; then ok "front mutant $n caught: ${line#props: first failure at }"
    else bad "front mutant $n NOT caught on seeds 1..$seeds"; fi
done

# 5b. docs/semantics.md section 5: the naive CAF treatment (mutant 7) must break
#     evaluation-order independence itself, not only the equivalence
for p in p2b p2a; do
    line=$("$build/mutants/naive_caf/ccm-props" --seeds "$seeds" --jobs 2 --stop-first --props "$p" 2>&1 | grep -m1 '^props: first failure')
    if [ -n "$line" ]; then ok "naive CAF breaks $p: ${line#props: first failure at }"
    else bad "naive CAF (mutant naive_caf) does not break $p on seeds 1..$seeds"; fi
done

# 5c. the shrinker: a mutant's first counterexample shrinks to a small
#     program that still fails on the mutant and passes on the real kernel
tmp=$(mktemp -d)
for n in u_to_demander naive_caf lookup_off_by_one; do
    "$build/mutants/$n/ccm-props" --seeds 50 --stop-first 2>&1 \
        | sed -n '/^---- program ----$/,/^-----------------$/p' | sed '1d;$d' > "$tmp/s$n.lam"
    lines=$(grep -c . "$tmp/s$n.lam")
    if [ "$lines" -ge 1 ] && [ "$lines" -le 8 ] && ! "$build/mutants/$n/ccm-props" "$tmp/s$n.lam" >/dev/null 2>&1 \
       && "$build/ccm-props" "$tmp/s$n.lam" >/dev/null 2>&1
    then ok "shrinker: mutant $n counterexample shrunk to $lines lines, still fails there, passes on the kernel"
    else bad "shrinker: mutant $n counterexample ($lines lines)"; cat "$tmp/s$n.lam"; fi
done
rm -rf "$tmp"

# 6. sanitizers
san_seeds=$(( seeds / 10 > 200 ? seeds / 10 : 200 ))
out=$("$build/ccm-props-san" --seeds "$san_seeds" --jobs 2 2>&1); rc=$?
if [ $rc -eq 0 ]; then ok "properties under ASan+UBSan on seeds 1..$san_seeds"
else bad "properties under ASan+UBSan"; tail -n 30 <<<"$out"; fi
if [ ${#regress[@]} -gt 0 ]; then
    if "$build/ccm-props-san" "${regress[@]}" >/dev/null 2>&1; then ok "regressions under ASan+UBSan"
    else bad "regressions under ASan+UBSan"; fi
fi

echo "props-suite: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
