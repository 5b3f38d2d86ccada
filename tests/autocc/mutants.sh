#!/usr/bin/env bash
# tests/autocc/mutants.sh BUILD -- each mutant of mutants/autocc/*.mut
# (format of mutants/README.md; the automatic cost centres, the call graph,
# the bottleneck search and the graphs) must be caught: the one file it
# changes is compiled from a mutated copy of the sources in
# BUILD/autocc-mutants/NAME/ (never the sources themselves) and linked with
# the release objects of everything else into a `ccm` and a
# `ccm-props-autocc`; then tests/autocc/run.py or the property on 60
# generated programs must fail against them.  A mutant that no longer
# applies or builds fails.  Ends with "autocc-mutants: N passed, N failed".
# CLI_LIBS: the libraries ccm links with (GNUmakefile's; mk/autocc.mk passes them).
set -u
: "${CLI_LIBS:?CLI_LIBS (the libraries ccm links with) is not set: run through make check}"
build=$1
pass=0; fail=0
lib_objs=$(find "$build/obj/kernel" "$build/obj/front" "$build/obj/lib" -name '*.o' | sort)
cli_objs=$(find "$build/obj/cli" -name '*.o' | sort)
props_objs="$build/obj/props/autocc_main.o $build/obj/props/bigstep.o $build/obj/props/bigstack.o
            $build/obj/gen/gen.o $build/obj/gen/print.o $build/obj/gen/sugar.o"
for mut in mutants/autocc/*.mut; do
    name=$(basename "$mut" .mut)
    dir=$build/autocc-mutants/$name
    rm -rf "$dir"; mkdir -p "$dir"
    cp -r kernel front lib cli "$dir/"
    if ! python3 mutants/apply.py "$mut" "$dir" > /dev/null; then
        fail=$((fail + 1)); echo "FAIL $name: does not apply"; continue
    fi
    f=$(python3 mutants/apply.py --get file "$mut")
    replaced=$build/obj/${f%.c}.o
    libs=$(grep -vxF "$replaced" <<<"$lib_objs")
    clis=$(grep -vxF "$replaced" <<<"$cli_objs")
    # shellcheck disable=SC2086
    if ! ${CC:-gcc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -c "$dir/$f" -o "$dir/mutated.o" \
        || ! ${CC:-gcc} -o "$dir/ccm" $clis $libs "$dir/mutated.o" $CLI_LIBS \
        || { [ "${f#cli/}" = "$f" ] && ! ${CC:-gcc} -o "$dir/ccm-props-autocc" $props_objs $libs "$dir/mutated.o" -ljansson -lpthread; }; then
        fail=$((fail + 1)); echo "FAIL $name: does not build"; continue
    fi
    by=""
    CCM=$dir/ccm CCM_PROPS=$build/ccm-props python3 tests/autocc/run.py > "$dir/run.log" 2>&1 || by="run.py"
    if [ -x "$dir/ccm-props-autocc" ]; then
        "$dir/ccm-props-autocc" --seeds 60 > "$dir/props.log" 2>&1 || by="$by${by:+ and }ccm-props-autocc"
    fi
    if [ -n "$by" ]; then
        pass=$((pass + 1))
        echo "ok   $name caught by $by: $(grep -h -m1 FAIL "$dir"/*.log | head -n 1 | cut -c1-110)"
    else
        fail=$((fail + 1)); echo "FAIL $name escaped"
    fi
done
echo "autocc-mutants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
