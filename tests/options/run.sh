#!/usr/bin/env bash
# tests/options/run.sh CCM OPTIONS_TEST -- the one table of options
# (lib/options_table.h) and everything that shows or reads it:
#   - OPTIONS_TEST, the library in-process (tests/options/options_test.c)
#   - the docs' table (docs/syntax-and-cli.md) is `ccm options --markdown`,
#     and --help and the manual page (docs/ccm.1) give each row's values and default
#   - `ccm run`, `ccm batch`, the report: each row's default is what a run
#     with no option gets (the JSON report echoes the named options)
#   - every value just outside a row's range is refused by the command line
#     (exit 2, the row's words, no output) and by `ccm batch` (bad_request)
#   - no unit outside lib/ spells a row's range, default or values again
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CCM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UNIT=${2:-}
SUITE="options($(basename "$CCM"))"
source "$HERE/../front/helpers.sh"
[ -x "$CCM" ] || { echo "no binary $CCM"; echo "$SUITE: 0 passed, 1 failed"; exit 1; }
expect_eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
# a bound as the messages write it: 2^48 for a power of two from 2^10 up
bound() { python3 -c "import sys; v=int(sys.argv[1]); print(f'2^{v.bit_length()-1}' if v >= 1024 and v & (v-1) == 0 else v)" "$1"; }

# ---- the library in-process -------------------------------------------------
if [ -n "$UNIT" ]; then
    out=$("$UNIT" 2>&1); rc=$?
    last=$(tail -n 1 <<<"$out")
    if [ $rc -eq 0 ] && [[ "$last" =~ ^options:\ [0-9]+\ passed,\ 0\ failed$ ]]; then ok
    else bad "$UNIT: exit $rc"; echo "$out" | tail -n 20; fi
fi

run_ccm options --json
expect_eq "ccm options --json: exit" "$RC" 0
TABLE=$OUT
N=$(jq length <<<"$TABLE")
for args in "--x" "--json extra" "--markdown --json"; do
    # shellcheck disable=SC2086
    run_ccm options $args
    if [ "$RC" -eq 2 ] && [ -z "$OUT" ] && [ -n "$ERR" ]; then ok; else bad "ccm options $args: exit $RC"; fi
done
expect_eq "ten rows" "$N" 10

# ---- docs: the markdown rows are the table ----------------------------------
run_ccm options --markdown
docs=$(sed -n '/^<!-- options: /,/^<!-- end options -->$/p' "$ROOT/docs/syntax-and-cli.md" | sed '1d;$d')
if [ "$docs" = "$OUT" ]; then ok
else bad "docs/syntax-and-cli.md's table of options is not \`ccm options --markdown\`"
     diff <(echo "$docs") <(echo "$OUT"); fi

# ---- --help and the manual page give each row's values and default -------------
run_ccm --help
HELP=$OUT
for i in $(seq 0 $((N - 1))); do
    row=$(jq -c ".[$i]" <<<"$TABLE")
    flag=$(jq -r .flag <<<"$row"); kind=$(jq -r .kind <<<"$row"); def=$(jq -r .default <<<"$row")
    if [ "$kind" = enum ]; then syn="$flag $(jq -r '.values | join("|")' <<<"$row")"
    else syn="$flag N"; fi
    line=$(grep -F -- "  $syn " <<<"$HELP")
    if [ -n "$line" ] && [[ "$line" == *"(default $def)" ]]; then ok; else bad "--help for $flag: '$line'"; fi
    # the manual page: the flag's entry (up to the next .TP) names the default
    man=$(sed 's/\\-/-/g' "$ROOT/docs/ccm.1" | awk -v f="$flag" '$0 ~ "^\\.B[IR]? " f "( |$)" {p=1; next} /^\.TP/ {p=0} p')
    if grep -qF "(default $def)" <<<"$man"; then ok; else bad "docs/ccm.1: $flag does not say (default $def)"; fi
    if [ "$kind" = budget ]; then
        range="$(jq -r .min <<<"$row") to $(bound "$(jq -r .max <<<"$row")")"
        if grep -qF "$range" <<<"$man"; then ok; else bad "docs/ccm.1: $flag does not say $range"; fi
        if [[ "$line" == *", $range (default"* ]]; then ok; else bad "--help for $flag does not say $range"; fi
    fi
done

# ---- defaults: what a run with no option gets ---------------------------------
put w.lam 'main = let f = scc "fun" \\x -> x; a = 1 in f a;\n'
run_ccm run --json w.lam
# (push is echoed only when it keeps stacks: a flat run's report is as
# before; gc never: the report is the same with and without the collector)
echoed='.[] | select(.kind == "enum" and .key != "push" and .key != "gc")'
want=$(jq -c "[$echoed"' | {(.key): .default}] | add' <<<"$TABLE")
got=$(jq -c "$(jq -r "[$echoed"' | .key] | map("\(.): .\(.)") | "{" + join(",") + "}"' <<<"$TABLE")" <<<"$OUT")
expect_eq "ccm run: the named options' defaults" "$got" "$want"
batch=$(printf '%s\n' '{"id":1,"program":"main = 1;"}' '{"id":2,"program":"main = 1;","options":{}}' | "$CCM" batch)
for id in 1 2; do
    got=$(jq -c "select(.id == $id) | $(jq -r "[$echoed"' | .key] | map("\(.): .\(.)") | "{" + join(",") + "}"' <<<"$TABLE")" <<<"$batch")
    expect_eq "ccm batch (request $id): the named options' defaults" "$got" "$want"
done
expect_eq "ccm run: push single is not echoed" "$(jq -c 'has("push")' <<<"$OUT")" false
run_ccm run --json --push append w.lam
expect_eq "ccm run --push append: echoed" "$(jq -c .push <<<"$OUT")" '"append"'
# giving every default explicitly changes no report
args=$(jq -r '.[] | "\(.flag) \(.default)"' <<<"$TABLE" | tr '\n' ' ')
run_ccm run --json w.lam; plain=$OUT
# shellcheck disable=SC2086
run_ccm run --json $args w.lam
expect_eq "every default given: the same report" "$OUT" "$plain"
opts=$(jq -c '[.[] | {(.key): .default}] | add' <<<"$TABLE")
got=$(printf '{"id":0,"program":"main = let f = scc \\"fun\\" \\\\x -> x; a = 1 in f a;","options":%s}\n' "$opts" | "$CCM" batch | jq -c 'del(.id)')
expect_eq "ccm batch, every default given: ccm run's report" "$got" "$(jq -c . <<<"$plain")"

# ---- out of range: refused, in the row's words ----------------------------------
for i in $(seq 0 $((N - 1))); do
    row=$(jq -c ".[$i]" <<<"$TABLE")
    flag=$(jq -r .flag <<<"$row"); key=$(jq -r .key <<<"$row"); kind=$(jq -r .kind <<<"$row")
    if [ "$kind" = enum ]; then
        bads="nope $(jq -r '.values[0]' <<<"$row")x"
        # "a or b", "a, b or c"
        words="$(jq -r '.values | (.[:-1] | join(", ")) + " or " + .[-1]' <<<"$row")"
        jwords="$(jq -r '.values | map("\"" + . + "\"") | (.[:-1] | join(", ")) + " or " + .[-1]' <<<"$row")"
        cli_msg() { echo "ccm: $flag takes $words, not \`$1\`"; }
        json_msg="option \"$key\" takes $jwords"
        jbad() { jq -cn --arg v "$1" '$v'; }
    else
        lo=$(jq -r .min <<<"$row"); hi=$(jq -r .max <<<"$row")
        hitext=$(bound "$hi")
        bads="$((hi + 1)) abc"
        [ "$lo" -gt 0 ] && bads="$bads $((lo - 1))" || bads="$bads -1"
        cli_msg() { echo "ccm: $flag takes a number from $lo to $hitext, not \`$1\`"; }
        json_msg="option \"$key\" takes an integer from $lo to $hitext"
        jbad() { if [[ "$1" =~ ^-?[0-9]+$ ]]; then echo "$1"; else jq -cn --arg v "$1" '$v'; fi; }
    fi
    for v in $bads; do
        run_ccm run "$flag" "$v" w.lam
        first=$(head -n 1 <<<"$ERR")
        if [ "$RC" -eq 2 ] && [ -z "$OUT" ] && [ "$first" = "$(cli_msg "$v")" ]; then ok
        else bad "ccm run $flag $v: exit $RC, '$first'"; fi
        ans=$(printf '{"id":1,"program":"main = 1;","options":{"%s":%s}}\n' "$key" "$(jbad "$v")" | "$CCM" batch)
        expect_eq "ccm batch $key=$v" "$(jq -c '[.outcome, .error.message]' <<<"$ans")" \
            "$(jq -cn --arg m "line 1: $json_msg" '["bad_request", $m]')"
    done
done
run_ccm bottleneck --resource P --max-steps abc w.lam
expect_eq "ccm bottleneck --max-steps: the table's words" "$RC $(head -n 1 <<<"$ERR")" \
    "2 ccm: --max-steps takes a number from 0 to 2^48, not \`abc\`"

# ---- each fact once: no unit outside lib/ names a row's values or flags in code ----
cd "$ROOT" || exit 1
copies=$(grep -nE 'strcmp\([^)]*"(fig6|fig2|lexical|evaluation|ltr|rtl)"|"--(rules|scoping|order|max-steps|max-heap|max-cells|max-stack)"|\b(RULES|SCOPING|ORDER) = \{' \
         cli/*.c cli/*.h props/*.c fuzz/*.c python/ccm.py lib/*.c 2>/dev/null)
if [ -z "$copies" ]; then ok; else bad "options spelled outside lib/options_table.h:"; echo "$copies"; fi
copies=$(grep -nE 'CCM_MAX_CAP|CCM_DEFAULT_MAX|1 << (20|24|26)\b|1000000000' cli/*.c lib/*.c lib/*.h python/ccm.py | grep -v '^lib/options')
if [ -z "$copies" ]; then ok; else bad "a budget's range or default outside lib/options_table.h:"; echo "$copies"; fi

finish
