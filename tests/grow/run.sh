#!/usr/bin/env bash
# tests/grow/run.sh CCM [GROW_TEST] -- the machine's arrays start small and
# grow on demand up to the budgets (issue 41, item 3; docs/library.md,
# "Memory").
#   - GROW_TEST, the library in-process (tests/grow/grow_test.c)
#   - reports are identical whether the arrays start at one entry and grow
#     ($CCM_INITIAL_CAP=1), start at the default, or are allocated whole at
#     the budgets from the start ($CCM_INITIAL_CAP=2^30, which is how every
#     run allocated them before): value, steps, every counter, the error
#     and its message, for run --json --rule-counts, trace, states, explain
#     and the heap profile, with budgets below, at and above what the
#     programs need
#   - hand-derived budget errors: a let of 5000 bindings needs 5001 heap
#     objects and 5000 cells, and stops at step 1 with one fewer
#   - batch: a workspace grown by one program and lent to the next
#   - (release binary only: the sanitizers reserve address space) a tiny
#     program runs with the default budgets of 2^30 in 256 MiB of address
#     space, where the arrays at those budgets would take 56 GiB; a program
#     that allocates without end in 300 MiB stops with a clear out-of-memory
#     error, exit status 3, its costs so far
#   - the collector: a countdown's report is the same with and without it;
#     with it the run fits 64 objects and cells (without, exit 3) and a few MiB
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CCM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UNIT=${2:-}
SUITE="grow($(basename "$CCM"))"
source "$HERE/../front/helpers.sh"
[ -x "$CCM" ] || { echo "no binary $CCM"; echo "$SUITE: 0 passed, 1 failed"; exit 1; }
WHOLE=1073741824     # CCM_MAX_CAP: room for min(budget, this) = the budget from the start
SAN=0; case "$(basename "$CCM")" in *san*) SAN=1 ;; esac

# ---- the library in-process -------------------------------------------------
if [ -n "$UNIT" ]; then
    out=$("$UNIT" 2>&1); rc=$?
    last=$(tail -n 1 <<<"$out")
    if [ $rc -eq 0 ] && [[ "$last" =~ ^grow_test:\ [0-9]+\ passed,\ 0\ failed$ ]]; then ok
    else bad "$UNIT: exit $rc"; echo "$out" | tail -n 20; fi
fi

# ---- programs -----------------------------------------------------------------
# a let of K bindings (heap: main and the K; cells: K)
bigLet() {
    local k=$1 i
    { printf 'main = let '
      for ((i = 1; i <= k; i++)); do printf '%sx%d = %d' "$([ "$i" -gt 1 ] && echo '; ')" "$i" "$i"; done
      printf ' in x%d;\n' "$k"; } > "$WORK/$2"
}
bigLet 5000 let5000.lam
# deep recursion (stack), a long list (heap and cells), a leak
cat > "$WORK/deep.lam" <<'EOF'
sum n = if n == 0 then 0 else n + sum (n - 1);
main = sum 3000;
EOF
cat > "$WORK/list.lam" <<'EOF'
upto i n = if i > n then [] else i : upto (i + 1) n;
len xs = case xs of { [] -> 0; y : ys -> 1 + len ys };
main = len (upto 1 2000);
EOF
PROGS="$WORK/let5000.lam $WORK/deep.lam $WORK/list.lam"
for f in "$ROOT"/examples/*.lam; do PROGS="$PROGS $f"; done

# same LABEL ARGS...: the command's stdout, stderr and exit status are the
# same with arrays grown from one entry and with arrays allocated whole at
# the budgets (and, when every budget is given, with the default start)
same() {
    local label=$1; shift
    local a b c
    a=$(cd "$WORK" && CCM_INITIAL_CAP=1 "$CCM" "$@" 2>&1 | grep -v '^DATE '; echo "rc=${PIPESTATUS[0]}")
    if [ "$BUDGETED" = 1 ]; then
        b=$(cd "$WORK" && CCM_INITIAL_CAP=$WHOLE "$CCM" "$@" 2>&1 | grep -v '^DATE '; echo "rc=${PIPESTATUS[0]}")
    else
        b=$(cd "$WORK" && "$CCM" "$@" 2>&1 | grep -v '^DATE '; echo "rc=${PIPESTATUS[0]}")
    fi
    if grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' <<<"$a$b"; then
        bad "$label: sanitizer report"; grep -m5 -E 'Sanitizer|runtime error' <<<"$a$b"; return
    fi
    if [ "$a" = "$b" ]; then ok
    else bad "$label: grown from 1 entry and allocated whole differ"; diff <(echo "$a") <(echo "$b") | head -10; fi
}

# ---- default budgets: grown from one entry = grown from the default start ----
BUDGETED=0
for f in $PROGS; do
    same "run $(basename "$f")" run --json --rule-counts "$f"
done
# (states prints the whole heap at every step: small programs only)
sed 's/3000/100/' "$WORK/deep.lam" > "$WORK/deep100.lam"
same "trace deep.lam" trace --json "$WORK/deep.lam"
for f in "$WORK/deep100.lam" "$ROOT/examples/hello.lam" "$ROOT/examples/foldl_leak.lam"; do
    same "trace $(basename "$f")" trace --json "$f"
    same "states $(basename "$f")" states "$f"
    same "explain $(basename "$f")" explain --json "$f"
    same "heap profile $(basename "$f")" run --json --heap-profile - "$f"
done
same "states --force-every 3" states --force-every 3 "$ROOT/examples/foldl_leak.lam"

# ---- small budgets: grown from one entry = allocated whole (the old way) -----
# Budgets from 1 up past what each program needs: every budget error comes
# at the same transition with the same report, and the runs that fit agree.
# Every budget is given (B: 10^5 for the two not under test), so the
# arrays allocated whole are of the budgets' sizes.
BUDGETED=1
B=100000
for f in "$WORK/deep.lam" "$WORK/list.lam" "$ROOT/examples/foldl_leak.lam" "$ROOT/examples/sieve.lam"; do
    for k in 1 2 3 5 8 13 40 100 300 1000 2500 3001 4000 6100 20000; do
        same "$(basename "$f") --max-heap $k" run --json "$f" --max-heap "$k" --max-cells $B --max-stack $B
        same "$(basename "$f") --max-cells $k" run --json "$f" --max-heap $B --max-cells "$k" --max-stack $B
        same "$(basename "$f") --max-stack $k" run --json "$f" --max-heap $B --max-cells $B --max-stack "$k"
    done
    same "$(basename "$f") all three" run --json "$f" --max-heap 900 --max-cells 700 --max-stack 500
done
for k in 4999 5000 5001 5002; do
    same "let5000 --max-heap $k" run --json "$WORK/let5000.lam" --max-heap "$k" --max-cells $B --max-stack $B
    same "let5000 --max-cells $k" run --json "$WORK/let5000.lam" --max-heap $B --max-cells "$k" --max-stack $B
done
same "trace under budget" trace --json "$WORK/deep.lam" --max-heap $B --max-cells $B --max-stack 700
same "heap profile under budget" run --json --heap-profile - "$WORK/list.lam" --max-heap $B --max-cells 3000 --max-stack $B
same "states under budget" states "$WORK/deep100.lam" --max-heap $B --max-cells $B --max-stack 150
same "explain under budget" explain --json "$WORK/deep.lam" --max-heap $B --max-cells $B --max-stack 900

# ---- hand-derived: the let of 5000 bindings -----------------------------------
# main (heap[0]) is a thunk: var2 fires (step 1) and the let needs 5000
# objects on top of main, and 5000 cells.  (Budgets of 10^5 otherwise, so
# that "whole" allocates little.)
for init in 1 "" $WHOLE; do
    lbl="CCM_INITIAL_CAP=${init:-default}"
    o=$(cd "$WORK" && CCM_INITIAL_CAP=$init "$CCM" run --json let5000.lam --max-heap 5000 --max-cells $B --max-stack $B 2>/dev/null); rc=$?
    if [ $rc -eq 3 ] && [ "$(jq -r '.error.kind + " " + (.steps|tostring) + " " + .error.message' <<<"$o")" \
         = "heap 1 heap budget exhausted: --max-heap 5000 objects" ]; then ok
    else bad "$lbl let5000 --max-heap 5000: exit $rc $o"; fi
    o=$(cd "$WORK" && CCM_INITIAL_CAP=$init "$CCM" run --json let5000.lam --max-heap $B --max-cells 4999 --max-stack $B 2>/dev/null); rc=$?
    if [ $rc -eq 3 ] && [ "$(jq -r '.error.kind + " " + (.steps|tostring) + " " + .error.message' <<<"$o")" \
         = "heap 1 heap budget exhausted: environment cells, --max-cells 4999" ]; then ok
    else bad "$lbl let5000 --max-cells 4999: exit $rc $o"; fi
    o=$(cd "$WORK" && CCM_INITIAL_CAP=$init "$CCM" run --json let5000.lam --max-heap 5001 --max-cells 5000 --max-stack 1 2>/dev/null); rc=$?
    if [ $rc -eq 0 ] && [ "$(jq -r .value <<<"$o")" = 5000 ]; then ok
    else bad "$lbl let5000 at exactly its needs: exit $rc $o"; fi
done

# ---- batch: one workspace, grown by one program, lent to the next ------------
{
    for b in 5001 5000 20000 4999; do
        jq -cn --arg p "$(cat "$WORK/let5000.lam")" --argjson b "$b" '{id: $b, program: $p, options: {max_heap: $b}}'
    done
    jq -cn --arg p "$(cat "$WORK/deep.lam")" '{id: "deep", program: $p}'
    jq -cn --arg p "$(cat "$WORK/deep.lam")" '{id: "deep700", program: $p, options: {max_stack: 700}}'
    jq -cn --arg p "$(cat "$WORK/list.lam")" '{id: "list", program: $p, options: {max_cells: 3000}}'
} > "$WORK/batch.in"
for init in 1 ""; do
    (cd "$WORK" && CCM_INITIAL_CAP=$init "$CCM" batch < batch.in > batch.out 2> batch.err); rc=$?
    if [ $rc -ne 0 ] || grep -qE 'Sanitizer|runtime error' "$WORK/batch.err"; then bad "batch (CCM_INITIAL_CAP=$init): exit $rc"; continue; fi
    n=0
    while IFS= read -r req; do
        n=$((n + 1))
        want=$(jq -r .program <<<"$req" > "$WORK/b.lam"
               args=$(jq -r '.options // {} | to_entries | map("--" + (.key | gsub("_"; "-")) + " " + (.value|tostring)) | join(" ")' <<<"$req")
               # shellcheck disable=SC2086
               cd "$WORK" && "$CCM" run --json b.lam $args 2>/dev/null)
        got=$(sed -n "${n}p" "$WORK/batch.out" | jq -c 'del(.id)')
        if [ -n "$want" ] && [ "$got" = "$(jq -c . <<<"$want")" ]; then ok
        else bad "batch line $n (CCM_INITIAL_CAP=$init): $got vs $want"; fi
    done < "$WORK/batch.in"
done

# ---- memory: the arrays start small -------------------------------------------
if [ "$SAN" = 0 ]; then
    # default budgets (2^30 each): arrays allocated whole would be 24 + 8 + 24 GiB
    o=$(ulimit -v 262144; cd "$WORK" && "$CCM" run --json "$ROOT/examples/hello.lam" 2>&1); rc=$?
    if [ $rc -eq 0 ] && [ "$(jq -r .value <<<"$o")" = 1 ]; then ok
    else bad "hello in 256 MiB of address space: exit $rc $o"; fi
    o=$(ulimit -v 262144; cd "$WORK" && "$CCM" run --json let5000.lam 2>&1); rc=$?
    if [ $rc -eq 0 ] && [ "$(jq -r .value <<<"$o")" = 5000 ]; then ok
    else bad "let5000 (grows past the first 4096) in 256 MiB: exit $rc $o"; fi
    # resident memory of a tiny run, in KiB: far below 2^24 objects' 384 MiB
    /usr/bin/time -o "$WORK/rss" -f %M "$CCM" run "$ROOT/examples/hello.lam" > /dev/null 2>&1
    rss=$(tail -n 1 "$WORK/rss")
    if [ -n "$rss" ] && [ "$rss" -lt 16384 ]; then ok; else bad "hello's peak RSS ${rss} KiB (want under 16 MiB)"; fi
    # a run that allocates without end: out of memory before any budget
    cat > "$WORK/endless.lam" <<'EOF'
main = let loop = \n -> let m = n + 1 in loop m in loop 0;
EOF
    o=$(ulimit -v 307200; cd "$WORK" && "$CCM" run --json endless.lam 2> endless.err); rc=$?
    msg=$(jq -r .error.message <<<"$o" 2>/dev/null)
    if [ $rc -eq 3 ] && [[ "$msg" =~ ^out\ of\ memory:\ the\ (heap|environment\ cells)\ could\ not\ grow\ from\ [0-9]+\ to\ [0-9]+\ (objects|cells)\ \(budget\ --max-(heap|cells)\ 1073741824\)\;\ the\ costs\ are\ those\ so\ far$ ]] \
       && [ "$(jq '.steps > 1000000' <<<"$o")" = true ] && grep -q "^ccm: heap: out of memory" "$WORK/endless.err" \
       && [ "$(jq '[.costs[] | .H] | add > 100000' <<<"$o")" = true ]; then ok
    else bad "endless in 300 MiB: exit $rc: $msg $(head -c 300 <<<"$o")"; fi
else
    SKIPPED=4
fi

# ---- the collector: memory follows the live data (docs/collector.md) --------
# a countdown whose accumulator is evaluated each round: a few objects live,
# three allocated per round
printf '%s\n' 'loop n acc = if n == 0 then acc else let a = acc + 1 in case a of { _ -> loop (n - 1) a };' \
    'main = loop 100000 0;' > "$WORK/countdown.lam"
on=$(cd "$WORK" && "$CCM" run --json countdown.lam); rc_on=$?
off=$(cd "$WORK" && "$CCM" run --json --gc off countdown.lam); rc_off=$?
if [ $rc_on -eq 0 ] && [ "$(jq -r .value <<<"$on")" = 100000 ] && [ "$on" = "$off" ]; then ok
else bad "countdown: the report with the collector differs from the one without (exit $rc_on / $rc_off)"; fi
# 64 objects and 64 cells hold the live data: enough with the collector,
# far too few without (heap budget exhausted, exit 3)
small=$(cd "$WORK" && "$CCM" run --json --max-heap 64 --max-cells 64 countdown.lam); rc=$?
if [ $rc -eq 0 ] && [ "$(jq -c '[.value, .steps, .costs]' <<<"$small")" = "$(jq -c '[.value, .steps, .costs]' <<<"$off")" ]; then ok
else bad "countdown in 64 objects and 64 cells: exit $rc $(head -c 300 <<<"$small")"; fi
o=$(cd "$WORK" && "$CCM" run --json --gc off --max-heap 64 --max-cells 64 countdown.lam 2>/dev/null); rc=$?
if [ $rc -eq 3 ] && [ "$(jq -r .error.kind <<<"$o")" = heap ]; then ok
else bad "countdown in 64 objects without the collector: exit $rc (want 3, heap)"; fi
if [ "$SAN" = 0 ]; then
    # peak resident memory, KiB: 300,000 objects are 7 MiB, the live ones KiB
    sed 's/100000 0/1000000 0/' "$WORK/countdown.lam" > "$WORK/countdown6.lam"
    /usr/bin/time -o "$WORK/rss6" -f %M "$CCM" run "$WORK/countdown6.lam" > /dev/null 2>&1
    /usr/bin/time -o "$WORK/rss6off" -f %M "$CCM" run --gc off "$WORK/countdown6.lam" > /dev/null 2>&1
    rss=$(tail -n 1 "$WORK/rss6"); rss_off=$(tail -n 1 "$WORK/rss6off")
    if [ -n "$rss" ] && [ "$rss" -lt 16384 ] && [ -n "$rss_off" ] && [ "$rss_off" -gt 65536 ]; then ok
    else bad "countdown of 10^6: peak RSS ${rss} KiB with the collector (want under 16 MiB), ${rss_off} KiB without (want over 64 MiB)"; fi
else
    SKIPPED=$((SKIPPED + 1))
fi

finish
