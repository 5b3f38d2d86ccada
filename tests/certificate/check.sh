#!/usr/bin/env bash
# tests/certificate/check.sh -- `make certificate-check`: the committed
# certificate (proofs/certificate.txt) must record the digest of the
# sources as they are (proofs/certify-digest.sh) and a full proof.  Fails
# when a kernel, ACSL or proof-settings file changed since the certificate
# was written: re-run `make prove`, then `make certificate`.
set -u
cd "${1:-$(dirname "$0")/../..}"
pass=0; fail=0
cert=proofs/certificate.txt
want=$(bash proofs/certify-digest.sh)
got=$(sed -n 's/^digest: //p' "$cert")
if [ "$got" = "$want" ]; then echo "ok   $cert digest = the sources' digest ($want)"; pass=$((pass + 1))
else echo "FAIL $cert digest ${got:-<none>} is not the sources' digest $want (re-run make prove, then make certificate)"; fail=$((fail + 1)); fi
goals=$(sed -n 's/^goals: //p' "$cert"); proved=$(sed -n 's/^proved: //p' "$cert")
if [[ $goals =~ ^[1-9][0-9]*$ ]] && [ "$proved" = "$goals" ]; then echo "ok   $cert: $proved of $goals goals proved"; pass=$((pass + 1))
else echo "FAIL $cert: proved '$proved' of goals '$goals'"; fail=$((fail + 1)); fi
echo "certificate-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
