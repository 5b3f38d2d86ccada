#!/usr/bin/env bash
# certificate.sh CCM -- the proof certificate (docs/proofs.md, "The
# certificate").  Checks, in a scratch copy of the proven sources (never the
# tree itself), that the mechanism says "proven" exactly when the digest the
# certificate records is that of the sources compiled, and that one changed
# character of a kernel source turns it to "NOT proven"; and that the binary
# under test embeds the digest of the sources in the tree.
CCM=$(realpath "$1")
SUITE=certificate
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
source "$ROOT/tests/front/helpers.sh"

# the binary under test: its source digest is that of the tree now
run_ccm version --json
want=$(bash "$ROOT/proofs/digest.sh")
got=$(printf '%s' "$OUT" | python3 -c 'import json,sys; print(json.load(sys.stdin)["source_digest"])' 2>/dev/null)
[ "$RC" -eq 0 ] && [ "$got" = "$want" ] && ok || bad "ccm version --json: source_digest '$got', tree $want (rc $RC)"
kernel=$(printf '%s' "$OUT" | python3 -c 'import json,sys; print(json.load(sys.stdin)["kernel"])' 2>/dev/null)
cert=$(sed -n 's/^digest: *//p' "$ROOT/proofs/CERTIFICATE" 2>/dev/null)
if [ "$cert" = "$want" ]; then expect=proven; else expect="NOT proven"; fi
[ "$kernel" = "$expect" ] && ok || bad "ccm version says '$kernel', the committed certificate says '$expect'"
run_ccm version
grep -q "^kernel: $expect" <<<"$OUT" && ok || bad "ccm version text: '$OUT'"
run_ccm version --bogus
[ "$RC" -eq 2 ] && ok || bad "ccm version --bogus: rc $RC, want 2"

# a scratch copy: kernel/, acsl/, mk/prove.mk and the scripts
copy=$WORK/tree
mkdir -p "$copy/mk" "$copy/proofs" "$copy/lib"
cp -r "$ROOT/kernel" "$ROOT/acsl" "$copy/"
cp "$ROOT/mk/prove.mk" "$copy/mk/"
cp "$ROOT/proofs/digest.sh" "$ROOT/proofs/certificate-header.sh" "$copy/proofs/"
cp "$ROOT/lib/ccmlib.h" "$ROOT/lib/certificate.c" "$copy/lib/"
cat > "$copy/probe.c" <<'C'
#include <stdio.h>
#include "lib/ccmlib.h"
int main(void)
{
    struct ccm_certificate c;
    ccm_certificate_get(&c);
    printf("%d %s %s\n", c.proven, c.source_digest, c.proof_digest[0] ? c.proof_digest : "-");
    return 0;
}
C
# probe: build lib/certificate.c of the copy with its generated header
probe() {
    bash "$copy/proofs/certificate-header.sh" "$copy/proofs/CERTIFICATE" > "$copy/certificate.h" &&
    cc -std=c11 -Wall -Wextra -Werror -I"$copy" -I"$copy/lib" -I"$ROOT/front" -I"$ROOT/kernel" \
        -o "$copy/probe" "$copy/probe.c" "$copy/lib/certificate.c" && "$copy/probe"
}
digest=$(bash "$copy/proofs/digest.sh")
printf '# test\ndigest: %s\ngoals: 5\nproved: 5\n' "$digest" > "$copy/proofs/CERTIFICATE"
out=$(probe)
[ "$out" = "1 $digest $digest" ] && ok || bad "matching certificate: '$out'"

# one character of one kernel source changed: not proven
f=$(ls "$copy"/kernel/*.c | head -1)
sed -i '1s/^\/\*/\/\*\*/' "$f"
out=$(probe)
new=$(bash "$copy/proofs/digest.sh")
[ "$new" != "$digest" ] && [ "$out" = "0 $new $digest" ] && ok || bad "changed kernel source: '$out'"

# the ACSL logic is part of the digest too
sed -i '1s/^\/\*\*/\/\*/' "$f"
printf '\n' >> "$copy/acsl/ccm_wf.h"
out=$(probe)
[ "${out%% *}" = 0 ] && ok || bad "changed acsl/: '$out'"

# no certificate at all: not proven, empty proof digest
rm "$copy/proofs/CERTIFICATE"
out=$(probe)
[ "${out%% *}" = 0 ] && [ "${out##* }" = "-" ] && ok || bad "no certificate: '$out'"
finish
