#!/usr/bin/env bash
# smoke.sh OUT CCM TARGET... -- the fuzz configuration cannot rot: for every
# target that `make fuzz-build` (.clusterfuzzlite/build.sh) put in OUT,
#   - the engine's files are there (binary, options, seed corpus zip holding
#     every file of fuzz/corpus/, the dictionary of the text and JSON targets);
#   - it runs its whole corpus without a failure;
#   - it fuzzes 3 seconds from the corpus without a failure;
# every gen corpus input prints (ccm-gen --bytes) a program `ccm run` loads;
# `make fuzz-repro`'s script prints the program and passes a good input;
# gen_equiv built against a kernel mutant fails on its corpus, and
# fuzz-repro prints the failing program and the difference; and the scripts
# answer bad arguments with exit 2 and a message.
# Last line: "fuzz: N passed, N failed".
set -u
out=$1; ccm=$2; shift 2
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in "$@"; do
    c=fuzz/corpus/$t
    case $t in gen_*) c=fuzz/corpus/gen ;; esac
    [ -x "$out/$t" ] && [ -f "$out/$t.options" ] && ok || bad "$t: no binary or options in $out"
    n=$(ls "$c" | wc -l)
    z=$(unzip -Z1 "$out/${t}_seed_corpus.zip" 2>/dev/null | grep -vc '/$')
    [ "$n" -gt 0 ] && [ "$z" = "$n" ] && ok || bad "$t: seed corpus zip has ${z:-no} files, $c has $n"
    case $t in front|session|json|batch) [ -s "$out/$t.dict" ] && ok || bad "$t: no dictionary" ;; esac
    if nice -n 19 "$out/$t" -runs=0 "$c" > "$tmp/$t.corpus.log" 2>&1 && grep -q DONE "$tmp/$t.corpus.log"; then ok
    else bad "$t: fails on its corpus"; tail -30 "$tmp/$t.corpus.log"; fi
    mkdir -p "$tmp/$t"; cp "$c"/* "$tmp/$t/"
    dict=(); [ -f "$out/$t.dict" ] && dict=(-dict="$out/$t.dict")
    if nice -n 19 "$out/$t" -max_total_time=3 -seed=43 "${dict[@]}" -artifact_prefix="$tmp/$t-" "$tmp/$t" \
         > "$tmp/$t.fuzz.log" 2>&1; then ok
    else bad "$t: a failure in 3 s of fuzzing (input kept as $tmp/$t-*)"; tail -30 "$tmp/$t.fuzz.log"; fi
done
# every gen input is a program the real front end loads
bytes_bad=0
for f in fuzz/corpus/gen/*; do
    "$out/ccm-gen" --bytes "$f" > "$tmp/g.lam" || { bytes_bad=1; echo "ccm-gen --bytes $f failed"; continue; }
    "$ccm" run --max-steps 100000 "$tmp/g.lam" > /dev/null 2>&1
    [ $? -ne 2 ] || { bytes_bad=1; echo "$f: ccm run rejects its program"; }
done
[ $bytes_bad -eq 0 ] && ok || bad "gen corpus: a program that does not load"
# reproduction of a saved input
f=$(ls fuzz/corpus/gen/* | head -1)
if bash fuzz/repro.sh "$out" "$ccm" gen_equiv "$f" > "$tmp/repro.log" 2>&1 && grep -q '^main' "$tmp/repro.log"; then ok
else bad "repro.sh gen_equiv $f"; cat "$tmp/repro.log"; fi
# the differential target fails on a difference: built against a kernel
# mutant (fuzz/mutant.sh), it stops on some input of its committed corpus
# with the failed property, and fuzz-repro shows that input's program
mut=mutants/kernel/let_h_once.mut
mdir=$out/mutants/let_h_once
if bash fuzz/mutant.sh "$out" build gen_equiv "$mut" > "$tmp/mut.log" 2>&1; then
    nice -n 19 "$mdir/out/gen_equiv" -runs=0 -artifact_prefix="$tmp/mut-" fuzz/corpus/gen > "$tmp/mutrun.log" 2>&1
    rc=$?
    crash=$(ls "$tmp"/mut-crash-* 2>/dev/null | head -1)
    if [ $rc -ne 0 ] && grep -q '^property p[0-9a-z]* failed' "$tmp/mutrun.log" && [ -n "$crash" ]; then ok
    else bad "gen_equiv does not catch $mut on its corpus (exit $rc)"; tail -20 "$tmp/mutrun.log"; fi
    if [ -n "$crash" ] && ! bash fuzz/repro.sh "$mdir/out" "$ccm" gen_equiv "$crash" > "$tmp/mutrepro.log" 2>&1 &&
       grep -q '^main' "$tmp/mutrepro.log" && grep -q '^property' "$tmp/mutrepro.log"; then ok
    else bad "fuzz-repro on the mutant's input: no program or no verdict"; cat "$tmp/mutrepro.log" 2>/dev/null; fi
else
    bad "cannot build gen_equiv against $mut"; cat "$tmp/mut.log"
fi
# bad arguments: exit 2 with a message on stderr
check_2() {
    local what=$1; shift
    "$@" > /dev/null 2> "$tmp/err"; local rc=$?
    [ $rc -eq 2 ] && [ -s "$tmp/err" ] && ok || bad "$what: exit $rc, want 2 with a message"
}
check_2 "repro.sh, no input"        bash fuzz/repro.sh "$out" "$ccm" gen_equiv "$tmp/none"
check_2 "repro.sh, no target"       bash fuzz/repro.sh "$out" "$ccm" nosuch "$f"
check_2 "repro.sh, no arguments"    bash fuzz/repro.sh "$out" "$ccm"
check_2 "run.sh, bad seconds"       bash fuzz/run.sh "$out" front 1m
check_2 "run.sh, no target"         bash fuzz/run.sh "$out" nosuch 1
check_2 "ccm-gen --bytes, no file"  "$out/ccm-gen" --bytes "$tmp/none"
check_2 "ccm-gen, --seed and --bytes" "$out/ccm-gen" --seed 1 --bytes "$f"
echo "fuzz: $pass passed, $fail failed"
[ $fail -eq 0 ]
