#!/usr/bin/env bash
# tests/certificate/run.sh -- the certificate end to end:
#  - the digest of proofs/certify-digest.sh (coreutils sha256sum) equals
#    proofs/certify.py's (Python hashlib), and changes with any one file;
#  - certify.py writes a certificate from a sample proof report in WP's
#    JSON layout (built here, no prover runs) with the gate's totals and the
#    given versions, and refuses a report with an unproved goal;
#  - `ccm version` (text and --json) says "kernel: proven" for this tree;
#  - in a copy of the tree with one character of a kernel source changed,
#    the rebuilt `ccm version` says NOT proven and certificate-check fails.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok()  { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

sh_digest=$(bash proofs/certify-digest.sh)
py_digest=$(python3 -c 'import sys; sys.path.insert(0, "proofs"); import certify; print(certify.digest())')
check "shell and Python digests agree ($sh_digest)" "[ '$sh_digest' = '$py_digest' ] && [ \${#sh_digest} -eq 64 ]"

# A sample report: two functions, three goals, all valid; then one not.
sample() {   # sample DIR VALID_OF_THIRD
    mkdir -p "$1"
    python3 - "$1/r.json" "$2" <<'PY'
import json, sys
v = int(sys.argv[2])
f = {"f": {"f_a": {"wp:main": {"total": 1, "valid": 1}}, "f_b": {"wp:main": {"total": 1, "valid": 1}},
           "wp:section": {"wp:main": {"total": 2, "valid": 2}}},
     "g": {"g_a": {"wp:main": {"total": 1, "valid": v}}, "wp:section": {"wp:main": {"total": 1, "valid": v}}}}
json.dump({"wp:functions": f}, open(sys.argv[1], "w"))
PY
    printf '[wp] [Qed] Goal typed_f_a : Valid (2ms)\n[wp] [CVC4 1.8] Goal typed_f_b : Valid (Qed:1ms) (0.5s) (1234)\n' > "$1/r.log"
}
sample "$tmp/good" 1
vers="frama-c=25.0 (Manganese),why3=1.5.1,cvc4=1.8,z3=4.8.12"
if python3 proofs/certify.py --out "$tmp/good/cert.txt" --versions "$vers" --steps-limit 4000 "$tmp/good/r.log" 0 "$tmp/good/r.json" >"$tmp/out" 2>&1; then
    ok "certify.py accepts a clean sample report"
    c=$tmp/good/cert.txt
    check "  goals: 3, proved: 3 (the gate's TOTAL)" "grep -qx 'goals: 3' '$c' && grep -qx 'proved: 3' '$c'"
    check "  digest: the sources'" "grep -qx 'digest: $sh_digest' '$c'"
    check "  versions as given" "grep -qx 'frama-c: 25.0 (Manganese)' '$c' && grep -qx 'z3: 4.8.12' '$c'"
    check "  the step limit and the heaviest goal's units" "grep -qx 'step-limit: 4000' '$c' && grep -qx 'largest-goal-steps: 1234' '$c'"
    check "  the build can embed it" "bash proofs/certificate-header.sh '$c' '$sh_digest' | grep -q 'CCM_CERT_GOALS 3ULL'"
else cat "$tmp/out"; bad "certify.py accepts a clean sample report"; fi
python3 proofs/certify.py --out "$tmp/good/cert3.txt" --versions "$vers" --steps-limit 3000 "$tmp/good/r.log" 0 "$tmp/good/r.json" >/dev/null 2>&1
check "certify.py refuses a goal past the headroom (1234 units of 3000), writes nothing" "[ \$? -eq 1 ] && [ ! -e '$tmp/good/cert3.txt' ]"
sample "$tmp/unproved" 0
python3 proofs/certify.py --out "$tmp/unproved/cert.txt" --versions "$vers" "$tmp/unproved/r.log" 0 "$tmp/unproved/r.json" >/dev/null 2>&1
check "certify.py refuses a report with an unproved goal, writes nothing" "[ \$? -eq 1 ] && [ ! -e '$tmp/unproved/cert.txt' ]"
python3 proofs/certify.py --out "$tmp/good/cert2.txt" --versions "$vers" "$tmp/good/r.log" 1 "$tmp/good/r.json" >/dev/null 2>&1
check "certify.py refuses a failed Frama-C run (exit status 1)" "[ ! -e '$tmp/good/cert2.txt' ]"

# This tree: the committed certificate matches (tests/certificate/check.sh).
out=$(build/ccm version)
check "ccm version: kernel: proven" "grep -qx 'kernel: proven' <<<'$out'"
check "ccm version --json: proven, digests equal" \
    "build/ccm version --json | jq -e '.kernel.proven == true and .kernel.digest == .certificate.digest and .certificate.goals == .certificate.proved' >/dev/null"

# A copy of the tree with one character of a kernel comment changed.
copy=$tmp/tree; mkdir -p "$copy"
tar -C "$root" --exclude=./build --exclude=./.git -cf - . | tar -C "$copy" -xf -
sed -i '1s/kernel/kerneL/' "$copy/kernel/ccm.h"
if nice make -s -C "$copy" build/ccm >"$tmp/build.log" 2>&1; then
    out=$("$copy/build/ccm" version)
    check "one character changed in kernel/ccm.h: kernel: NOT proven (sources differ from the proof report)" \
        "grep -qx 'kernel: NOT proven (sources differ from the proof report)' <<<'$out'"
    check "  and --json says proven: false" "'$copy/build/ccm' version --json | jq -e '.kernel.proven == false' >/dev/null"
    bash tests/certificate/check.sh "$copy" >/dev/null 2>&1
    check "  and certificate-check fails there" "[ \$? -ne 0 ]"
else cat "$tmp/build.log"; bad "build of the changed copy"; fi

# Every file proofs/certified-inputs.txt lists counts: the prover's command
# line and the list itself, not only the sources.
before=$(bash proofs/certify-digest.sh "$copy")
sed -i 's/--rlimit=%S/--rlimit=%S --quant-cf-mode=conflict/' "$copy/proofs/why3.conf"
after=$(bash proofs/certify-digest.sh "$copy")
check "the prover's options changed (proofs/why3.conf): another digest" "[ '$after' != '$before' ]"
echo "# one more comment" >> "$copy/proofs/certified-inputs.txt"
check "the list of certified inputs changed: another digest" "[ '$(bash proofs/certify-digest.sh "$copy")' != '$after' ]"

echo "certificate: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
