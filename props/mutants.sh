#!/usr/bin/env bash
# mutants.sh BUILD SEEDS NAME... -- run the properties against each kernel
# mutant (mutants/kernel/NAME.mut, built by mk/props.mk into BUILD/mutants/NAME/ccm-props) and print how many
# generated programs it took to catch it: with every property (the bar:
# all must be caught within SEEDS programs), then with each property alone
# (informative, at most 2000 programs; "-" = not caught by that property
# alone).  Exit 1 if a mutant escapes every property.
set -u
build=$1; seeds=$2; shift 2
alone=${MUTANT_ALONE_SEEDS:-2000}
escaped=0; caught=0; n=0

first() {   # first() BIN SEEDS PROPS -> "k prop how" or "-"
    local out line
    out=$("$1" --seeds "$2" --jobs 2 --stop-first --props "$3" 2>&1)
    line=$(grep -m1 '^props: first failure at program' <<<"$out")
    if [ -n "$line" ]; then sed -E 's/.*program #([0-9]+) \(seed [0-9]+\): (.*)/\1|\2/' <<<"$line"
    else echo "-|"; fi
}

printf '%-3s %-26s %6s  %-34s %5s %5s %5s %5s\n' n mutant all "caught by (first difference)" p1 p2a p2b p3
for name in "$@"; do
    n=$((n + 1))
    bin="$build/mutants/$name/ccm-props"
    r=$(first "$bin" "$seeds" all)
    k=${r%%|*}; by=${r#*|}
    cols=""
    for p in p1 p2a p2b p3; do
        a=$(first "$bin" "$alone" "$p"); cols+=$(printf ' %5s' "${a%%|*}")
    done
    printf '%-3s %-26s %6s  %-34s%s\n' "$n" "$name" "$k" "${by:0:34}" "$cols"
    if [ "$k" = "-" ]; then escaped=$((escaped + 1)); else caught=$((caught + 1)); fi
done
echo "(numbers: generated programs, in seed order, up to and including the first that fails)"
echo "mutants: $caught passed, $escaped failed"
[ "$escaped" -eq 0 ]
