#!/usr/bin/env bash
# proofs/coq/ocaml/build.sh DIR -- build DIR/ccm-coq: compile Extract.v and
# the modules it requires in DIR/coq (its own copy of the sources, so that
# `make coq`'s build/coq is never written by two jobs at once); Extract.v
# writes ccm_model.ml there; then compile.sh compiles that with the driver
# (reader.ml, states.ml, sstates.ml, ccm_coq.ml) by ocamlopt (Debian ocaml-nox; no other OCaml library).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
out=$1
rm -rf "$out/coq" "$out/ml"
mkdir -p "$out/coq" "$out/ml"
cp "$src"/_CoqProject "$src"/*.v "$out/coq/"
# only Extract.v and what it requires (not the proofs of T1/T2, which
# make coq checks): coq_makefile's Makefile knows the dependencies
(cd "$out/coq" && coq_makefile -f _CoqProject -o Makefile.coq >/dev/null \
    && make -s -f Makefile.coq Extract.vo >build.log 2>&1) || { cat "$out/coq/build.log"; exit 1; }
cp "$out"/coq/ccm_model.ml "$out"/coq/ccm_model.mli "$src"/ocaml/reader.ml "$src"/ocaml/states.ml "$src"/ocaml/sstates.ml "$src"/ocaml/ccm_coq.ml "$out/ml/"
bash "$src"/ocaml/compile.sh "$out/ml" "$(cd "$out" && pwd)/ccm-coq"
