#!/usr/bin/env bash
# tests/lockstep/stacks.sh BUILD N -- the lockstep comparison over
# cost-centre stacks (docs/coq.md, "Lockstep over stacks"): run.sh on N
# generated programs under the stack configurations below, ccm's machine
# with --push append|ghc (`ccm states --push P`) against the Coq model over
# stacks (Stacks.v through StackInterp.v: `ccm-coq --states --push P`).
# After every transition the rule, the current stack, the control, every
# frame (with its stack), theta on every stack and the heap (each object's
# stack) must agree.  Configurations (run.sh's RULES:SCOPING:FORCE:ORDER:PUSH):
# push append and ghc x scoping lexical and evaluation (call lexical,
# evaluation) under fig6, again under fig2, four with early forcing, and
# call ghc (SCOPING ghc: `--call ghc` on both sides) with push ghc and
# append.  LOCKSTEP_STACK_CONFIGS overrides the list; the other
# LOCKSTEP_* variables are run.sh's.
set -uo pipefail
build=$1
n=$2
here=$(cd "$(dirname "$0")" && pwd)
configs=${LOCKSTEP_STACK_CONFIGS:-"fig6:lexical:0::append fig6:evaluation:0::append fig6:lexical:0::ghc fig6:evaluation:0::ghc fig2:lexical:0::append fig2:evaluation:0::append fig2:lexical:0::ghc fig2:evaluation:0::ghc fig6:lexical:3::append fig6:evaluation:1::ghc fig2:lexical:1::ghc fig2:evaluation:4::append fig6:ghc:0::ghc fig6:ghc:0::append fig2:ghc:0::ghc fig6:ghc:2::ghc"}
LOCKSTEP_CONFIGS="$configs" LOCKSTEP_WORK=${LOCKSTEP_WORK:-$build/lockstep/stacks} \
    LOCKSTEP_FAILED=${LOCKSTEP_FAILED:-$build/lockstep/stacks-failed} \
    bash "$here/run.sh" "$build" "$n"
