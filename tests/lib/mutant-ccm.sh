# tests/lib/mutant-ccm.sh -- sourced by the suites that run a `ccm` built
# with one mutant (format of mutants/README.md): tests/surface/mutants.sh,
# tests/lockstep/mutant.sh and tests/lockstep/selftest.sh.
#
# mutant_ccm BUILD MUTFILE DIR: copies kernel/ and front/ into DIR (never
# the sources), applies the mutant there, compiles the one file it changes
# and links it with BUILD's release objects of everything else into
# DIR/ccm.  Returns 0, or prints why not ("does not apply", "does not
# build": the compiler's words are in DIR/build.log) and returns 1.
# CLI_LIBS: the libraries ccm links with (GNUmakefile's CLI_LIBS).
mutant_ccm() {
    local build=$1 mut=$2 dir=$3 root f keep
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    rm -rf "$dir"; mkdir -p "$dir"
    cp -r "$root/kernel" "$root/front" "$dir/"
    python3 "$root/mutants/apply.py" "$mut" "$dir" > /dev/null || { echo "does not apply"; return 1; }
    f=$(python3 "$root/mutants/apply.py" --get file "$mut")
    keep=$(find "$build/obj/kernel" "$build/obj/front" "$build/obj/lib" "$build/obj/cli" -name '*.o' | sort \
           | grep -vxF "$build/obj/${f%.c}.o")
    # shellcheck disable=SC2086
    if ! ${CC:-gcc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -c "$dir/$f" -o "$dir/mutated.o" 2> "$dir/build.log" \
        || ! ${CC:-gcc} -o "$dir/ccm" $keep "$dir/mutated.o" $CLI_LIBS 2>> "$dir/build.log"; then
        echo "does not build"; return 1
    fi
}
