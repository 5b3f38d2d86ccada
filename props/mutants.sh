#!/usr/bin/env bash
# mutants.sh BUILD SEEDS MUTFILE... -- run the properties against each mutant
# (mutants/{kernel,front}/NAME.mut, built by mk/props.mk into
# BUILD/mutants/NAME/ccm-props) and print how many generated programs it took
# to catch it: with every property and the machine's stacks against the
# evaluator's (stk-machine) (the bar), then with each property alone
# (informative, at most MUTANT_ALONE_SEEDS programs; "-" = not caught by that
# property alone).
#
# A mutant whose `check:` field names `props` must be caught within SEEDS
# programs, else the target fails.  A mutant for the prover alone (`check:
# prove`) is run too and its result printed, but it may escape: it removes
# a guard no well-formed program reaches (see docs/props.md).
set -u
build=$1; seeds=$2; shift 2
alone=${MUTANT_ALONE_SEEDS:-2000}
escaped=0; caught=0; n=0; pv_caught=0; pv_n=0

# A program that does not end counts as caught ("hang"): every generated
# program ends within the 2,000,000-step budget in milliseconds, and the
# harness's watchdog (props/main.c) stops a program after 10 s; LIMIT
# seconds for the whole run is a backstop.
first() {   # first() BIN SEEDS PROPS LIMIT -> "k|prop how" or "-|"
    local out line rc
    out=$(timeout -k 5 "$4" "$1" --seeds "$2" --jobs 2 --stop-first --props "$3" 2>&1); rc=$?
    line=$(grep -m1 '^props: first failure at program' <<<"$out")
    if [ -n "$line" ]; then sed -E 's/.*program #([0-9]+) \(seed [0-9]+\): (.*)/\1|\2/' <<<"$line"
    elif grep -q 'did not end within' <<<"$out"; then echo "hang|$(grep -m1 'did not end within' <<<"$out" | cut -c8-)"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo "hang|no end within $4 s"
    elif grep -q '^props: [0-9]* passed, 0 failed' <<<"$out"; then echo "-|"
    else echo "crash|$(tail -n 1 <<<"$out")"; fi
}

props=(p1 p2a p2b p3 rt edge stk-machine gc)
printf '%-3s %-7s %-28s %6s  %-40s' n area mutant all "caught by (first difference)"
printf ' %5s' "${props[@]}"; echo
for mut in "$@"; do
    n=$((n + 1))
    name=$(basename "$mut" .mut)
    area=$(basename "$(dirname "$mut")")
    check=$(python3 mutants/apply.py --get check "$mut")
    bin="$build/mutants/$name/ccm-props"
    if [ ! -x "$bin" ]; then
        printf '%-3s %-7s %-28s %6s  %s\n' "$n" "$area" "$name" "FAIL" "not built"
        escaped=$((escaped + 1)); continue
    fi
    r=$(first "$bin" "$seeds" all,stk-machine 120)
    k=${r%%|*}; by=${r#*|}
    [ "$k" = crash ] && by="the harness crashed: $by"
    cols=""
    for p in "${props[@]}"; do
        a=$(first "$bin" "$alone" "$p" 30); cols+=$(printf ' %5s' "${a%%|*}")
    done
    required=0; [[ " $check " == *" props "* ]] && required=1
    mark=""
    if [ $required -eq 0 ]; then
        mark=" (prove only)"; pv_n=$((pv_n + 1)); [ "$k" != "-" ] && pv_caught=$((pv_caught + 1))
    elif [ "$k" = "-" ]; then escaped=$((escaped + 1)); mark=" NOT CAUGHT"
    else caught=$((caught + 1)); fi
    printf '%-3s %-7s %-28s %6s  %-40s%s%s\n' "$n" "$area" "$name" "$k" "${by:0:40}" "$cols" "$mark"
done
echo "(numbers: generated programs, in seed order, up to and including the first that fails)"
echo "mutants for the prover alone (check: prove) that the properties catch too: $pv_caught of $pv_n"
echo "mutants: $((caught + pv_n)) passed, $escaped failed"
[ "$escaped" -eq 0 ]
