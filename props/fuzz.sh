#!/usr/bin/env bash
# fuzz.sh BUILD DURATION -- a property campaign on both cores with random
# seeds for DURATION (e.g. 30s, 5m, 1h, or plain seconds).  Every new kind
# of failure is shrunk and written to scratch/fuzz/ (gitignored); copy the
# ones worth keeping into tests/regress/, which `make check` replays.
set -u
build=$1; d=$2
case $d in
    *h) secs=$(( ${d%h} * 3600 ));;
    *m) secs=$(( ${d%m} * 60 ));;
    *s) secs=${d%s};;
    *[!0-9]*|'') echo "fuzz: DURATION must look like 30s, 5m, 1h or a number of seconds" >&2; exit 2;;
    *) secs=$d;;
esac
mkdir -p scratch/fuzz
size=${FUZZ_SIZE:-}
echo "fuzz: $secs s on 2 workers, counterexamples to scratch/fuzz/"
if [ -n "$size" ]; then
    exec "$build/ccm-props" --fuzz "$secs" --jobs 2 --out scratch/fuzz --size "$size"
fi
# default: alternate sizes so both small and large programs are tried
half=$(( secs / 2 > 0 ? secs / 2 : 1 ))
"$build/ccm-props" --fuzz "$half" --jobs 2 --out scratch/fuzz --size 5; a=$?
"$build/ccm-props" --fuzz "$(( secs - half > 0 ? secs - half : 1 ))" --jobs 2 --out scratch/fuzz --size 10; b=$?
[ $a -eq 0 ] && [ $b -eq 0 ]
