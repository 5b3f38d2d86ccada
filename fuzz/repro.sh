#!/usr/bin/env bash
# repro.sh OUT CCM TARGET INPUT -- reproduce a saved input: print the program
# it holds as .lam, then run TARGET on it alone (its verdict and exit status).
#   gen_*    the program the bytes choose (OUT/ccm-gen --bytes)
#   front    the input itself; session: the input after its 4 option bytes
#   json     the JSON core as .lam (ccm core --input json), else the input
#   batch    the request line
set -uo pipefail
out=$1; ccm=$2; t=${3:-}; in=${4:-}
[ -n "$t" ] && [ -n "$in" ] || { echo "usage: make fuzz-repro TARGET=NAME INPUT=FILE" >&2; exit 2; }
[ -x "$out/$t" ] || { echo "repro.sh: no target '$t' in $out (make fuzz-build)" >&2; exit 2; }
[ -f "$in" ] || { echo "repro.sh: no input file '$in'" >&2; exit 2; }
echo "--- the program (.lam)"
case $t in
    gen_*)   "$out/ccm-gen" --bytes "$in" ;;
    session) tail -c +5 "$in"; echo ;;
    json)    "$ccm" core --input json "$in" 2>/dev/null || { cat "$in"; echo; } ;;
    *)       cat "$in"; echo ;;
esac
echo "--- $t on it"
nice -n 19 "$out/$t" "$in" 2>&1 | grep -v '^INFO:\|^Running:\|^Executed\|^\*\*\*'
exit "${PIPESTATUS[0]}"
