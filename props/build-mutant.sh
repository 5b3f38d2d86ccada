#!/usr/bin/env bash
# build-mutant.sh BUILD MUTFILE "CC FLAGS" "PROPS_OBJ" "LINK_OBJ" -- build the
# property harness against one mutant (mutants/README.md): kernel/ and front/
# are copied to BUILD/mutants/NAME/, the mutant is applied to the copy (never
# to the sources), the one file it changes is compiled and linked in place of
# its release object (warnings are not errors here: a mutant may remove a
# return).  A mutant that no longer applies fails (exit 2).
set -eu
build=$1; mut=$2; cc=$3; props_obj=$4; link_obj=$5
name=$(basename "$mut" .mut)
dir=$build/mutants/$name
rm -rf "$dir"; mkdir -p "$dir"
cp -r kernel front "$dir/"
if ! python3 mutants/apply.py "$mut" "$dir"; then
    echo "FAIL mutant $name ($mut) does not apply" >&2; exit 2
fi
f=$(python3 mutants/apply.py --get file "$mut")
replaced=$build/obj/${f%.c}.o
keep=(); found=0
for o in $link_obj; do
    if [ "$o" = "$replaced" ]; then found=1; else keep+=("$o"); fi
done
[ $found -eq 1 ] || { echo "FAIL mutant $name: $f is not a file of the harness" >&2; exit 2; }
# shellcheck disable=SC2086
$cc -c "$dir/$f" -o "$dir/mutated.o"
# shellcheck disable=SC2086
$cc -o "$dir/ccm-props" $props_obj "${keep[@]}" "$dir/mutated.o" -lpthread
echo "built mutant $name"
