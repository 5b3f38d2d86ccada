#!/usr/bin/env bash
# proofs/coq/ocaml/compile.sh MLDIR EXE -- compile the extracted model
# (MLDIR/ccm_model.ml, .mli) with the driver (MLDIR/reader.ml, states.ml, sstates.ml, ccm_coq.ml)
# into EXE with ocamlopt.  build.sh uses it for ccm-coq, and
# tests/coqcheck/selftest.sh for its mutated copies of the model.
set -euo pipefail
cd "$1"
ocamlopt -w -a -c ccm_model.mli ccm_model.ml      # extracted code: its warnings are Coq's
ocamlopt -w +a-4-9-40-41-42-44-45-70 -c reader.ml
ocamlopt -w +a-4-9-40-41-42-44-45-70 -c states.ml
ocamlopt -w +a-4-9-40-41-42-44-45-70 -c sstates.ml
ocamlopt -w +a-4-9-40-41-42-44-45-70 -c ccm_coq.ml
ocamlopt -o "$2" ccm_model.cmx reader.cmx states.cmx sstates.cmx ccm_coq.cmx
