# tests/proofs/harness.sh -- sourced by the proof tooling's tests: the project
# root as working directory, a scratch folder $tmp removed at exit, and
# ok/bad/finish to count and report the checks.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok()  { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
finish() { echo "$1: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
