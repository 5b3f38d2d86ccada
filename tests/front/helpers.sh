# helpers.sh -- shared by tests/front/run.sh and tests/cli/run.sh.
# Usage: source it after setting CCM (the binary under test).  Each check
# prints "ok"/"FAIL" lines; finish prints the closing "N passed, N failed".
set -u
PASS=0; FAIL=0
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Sanitizer findings must not look like our own exit statuses (ASan and
# UBSan exit 1 by default, which is also "runtime error").
export ASAN_OPTIONS="exitcode=99:detect_leaks=1"
export UBSAN_OPTIONS="exitcode=99:print_stacktrace=1:halt_on_error=1"

ok()   { PASS=$((PASS + 1)); }
bad()  { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
    if [ "${SKIPPED:-0}" -gt 0 ]; then echo "$SUITE: $PASS passed, $FAIL failed, $SKIPPED skipped"
    else echo "$SUITE: $PASS passed, $FAIL failed"; fi
    [ "$FAIL" -eq 0 ]
}

# put NAME TEXT: write TEXT (printf %b, so \n, \t, \x01 work) to $WORK/NAME
put() { printf '%b' "$2" > "$WORK/$1"; }

# run_ccm ARGS...: runs in $WORK; sets RC, OUT (stdout), ERR (stderr)
run_ccm() {
    (cd "$WORK" && "$CCM" "$@" > "$WORK/.out" 2> "$WORK/.err")
    RC=$?
    OUT=$(cat "$WORK/.out"); ERR=$(cat "$WORK/.err")
    if grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$WORK/.err"; then
        bad "sanitizer report for: $*"; sed -n 1,15p "$WORK/.err"
    fi
}

# expect_static NAME TEXT DIAG: `ccm run NAME` must exit 2 and print a
# diagnostic that starts with DIAG (e.g. "t.lam:1:8: unbound variable").
expect_static() {
    put "$1" "$2"
    run_ccm run "$1"
    if [ "$RC" -eq 2 ] && [ "${ERR#"$3"}" != "$ERR" ]; then ok
    else bad "static: expected exit 2 and '$3', got exit $RC: $ERR"; fi
}

# expect_eq WHAT GOT WANT
expect_eq() {
    if [ "$2" == "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi
}

# jqv FILTER: evaluate FILTER on $OUT (last line), print the result
jqv() { printf '%s\n' "$OUT" | tail -n 1 | jq -c "$1" 2>&1; }
