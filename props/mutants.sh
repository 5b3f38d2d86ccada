#!/usr/bin/env bash
# mutants.sh BUILD SEEDS -- run the properties against each kernel mutant
# (built by mk/props.mk into BUILD/mutants/N/) until the first failing
# program; print how many programs each took.  Exit 1 if one escapes.
set -u
build=$1; seeds=$2
names=$(sed -n 's/^#define CCM_M_\([A-Z0-9_]*\) *\([0-9]*\).*/\2 \1/p' kernel/mutants.h)
escaped=0; caught=0
printf '%-4s %-26s %-10s %s\n' "n" "mutant" "programs" "caught by"
while read -r n name; do
    [ -z "$n" ] && continue
    out=$("$build/mutants/$n/ccm-props" --seeds "$seeds" --jobs 2 --stop-first 2>&1)
    line=$(grep -m1 '^props: first failure at program' <<<"$out")
    if [ -n "$line" ]; then
        k=$(sed -E 's/.*program #([0-9]+).*/\1/' <<<"$line")
        by=$(sed -E 's/.*\): //' <<<"$line")
        printf '%-4s %-26s %-10s %s\n' "$n" "$name" "$k" "$by"
        caught=$((caught + 1))
    else
        printf '%-4s %-26s %-10s %s\n' "$n" "$name" "-" "NOT CAUGHT in $seeds programs"
        escaped=$((escaped + 1))
    fi
done <<<"$names"
echo "mutants: $caught passed, $escaped failed"
[ "$escaped" -eq 0 ]
