# mk/coqcheck.mk -- the Coq model run against ccm (issue 15 item 5, docs/coq.md).
#   make coq-check     COQ_CHECK_N generated programs (default 10,000), each
#                      run by ccm and by the model's extracted machine and
#                      big-step evaluator under fig6/fig2 x lexical/evaluation;
#                      every member of the report must agree; then the hand-written cases (and
#                      examples/, tests/regress/) and the self-test (the
#                      check fails on a wrong model); then the lockstep
#                      comparison (tests/lockstep/): COQ_LOCKSTEP_N programs
#                      run by `ccm states` and `ccm-coq --states`, the whole
#                      state compared after every transition, with and
#                      without early forcing, either operand order; the
#                      hand-written programs in lockstep; and its self-test
#                      (kernel and model mutants caught at their first wrong
#                      transition); then the same over cost-centre stacks
#                      (docs/coq.md, "Lockstep over stacks"): COQ_STACKS_N
#                      programs' reports under push append and ghc x
#                      lexical and evaluation, fig6 and fig2 (`ccm run
#                      --push P` against `ccm-coq --push P`, the model of
#                      Stacks.v), COQ_LOCKSTEP_STACKS_N programs and the
#                      hand-written ones in lockstep over stacks
#                      (tests/lockstep/stacks.sh)
# `make check` runs a short version (CHECK_COQ_N, 300 programs;
# CHECK_LOCKSTEP_N, 30 programs in lockstep; over stacks CHECK_COQ_STACKS_N,
# 300 reports, and CHECK_LOCKSTEP_STACKS_N, 30 programs in lockstep), the
# cases and both self-tests as suites.
COQ_CHECK_N ?= 10000
COQ_LOCKSTEP_N ?= 500
COQ_CHECK_BIN := $(BUILD)/coq-check/ccm-coq
# the hand-written programs in lockstep (examples/, tests/regress/, the
# coq-check cases: every runtime error, no_alternative among them, which the
# generator never makes); at most 2,000 transitions each, as the examples'
# states are large (full heap each line)
LOCKSTEP_HAND := LOCKSTEP_MAX_STEPS=2000 LOCKSTEP_WORK=$(BUILD)/lockstep/hand \
    LOCKSTEP_FAILED=$(BUILD)/lockstep/hand-failed \
    LOCKSTEP_FROM='examples/*.lam tests/regress/*.lam tests/coqcheck/cases/*.lam'
# the short version in `make check`
CHECK_COQ_N ?= 300
CHECK_LOCKSTEP_N ?= 30
# over stacks: the report comparison's configurations (RULES:SCOPING:PUSH)
COQ_STACK_CONFIGS ?= fig6:lexical:append fig6:evaluation:append fig6:lexical:ghc fig6:evaluation:ghc \
                     fig2:lexical:append fig2:lexical:ghc fig2:evaluation:append fig2:evaluation:ghc \
                     fig6:ghc:append fig6:ghc:ghc fig2:ghc:append fig2:ghc:ghc
COQ_STACKS_N ?= 10000
COQ_LOCKSTEP_STACKS_N ?= 500
CHECK_COQ_STACKS_N ?= 300
CHECK_LOCKSTEP_STACKS_N ?= 30
COQ_STACKS_REPORTS = COQ_CHECK_CONFIGS='$(COQ_STACK_CONFIGS)' COQ_CHECK_WORK=$(BUILD)/coq-check/stacks \
    COQ_CHECK_FAILED=$(BUILD)/coq-check/stacks-failed bash tests/coqcheck/run.sh $(BUILD)
LOCKSTEP_STACKS_HAND := LOCKSTEP_MAX_STEPS=2000 LOCKSTEP_WORK=$(BUILD)/lockstep/stacks-hand \
    LOCKSTEP_FAILED=$(BUILD)/lockstep/stacks-hand-failed \
    LOCKSTEP_FROM='examples/*.lam tests/regress/*.lam tests/coqcheck/cases/*.lam'

# ccm-coq: the development compiled in its own directory (Extract.v writes
# the OCaml there), then the driver of proofs/coq/ocaml/ with ocamlopt
$(COQ_CHECK_BIN): proofs/coq/_CoqProject $(wildcard proofs/coq/*.v) \
                  $(wildcard proofs/coq/ocaml/*.ml) $(wildcard proofs/coq/ocaml/*.sh)
	nice bash proofs/coq/ocaml/build.sh $(BUILD)/coq-check

.PHONY: coq-check
coq-check: $(COQ_CHECK_BIN) $(BUILD)/ccm $(BUILD)/ccm-gen
	@bash tests/run-suites "bash tests/coqcheck/run.sh $(BUILD) $(COQ_CHECK_N)" \
	    "python3 tests/coqcheck/cases.py $(BUILD)/ccm $(COQ_CHECK_BIN) --examples" \
	    "bash tests/coqcheck/selftest.sh $(BUILD)" \
	    "bash tests/lockstep/run.sh $(BUILD) $(COQ_LOCKSTEP_N)" \
	    "$(LOCKSTEP_HAND) bash tests/lockstep/run.sh $(BUILD) 0" \
	    "CLI_LIBS='$(strip $(CLI_LIBS))' bash tests/lockstep/selftest.sh $(BUILD)" \
	    "$(COQ_STACKS_REPORTS) $(COQ_STACKS_N)" \
	    "bash tests/lockstep/stacks.sh $(BUILD) $(COQ_LOCKSTEP_STACKS_N)" \
	    "$(LOCKSTEP_STACKS_HAND) bash tests/lockstep/stacks.sh $(BUILD) 0"

CHECK_SUITES += "bash tests/coqcheck/run.sh $(BUILD) $(CHECK_COQ_N)" \
                "python3 tests/coqcheck/cases.py $(BUILD)/ccm $(COQ_CHECK_BIN) --examples" \
                "bash tests/coqcheck/selftest.sh $(BUILD)" \
                "bash tests/lockstep/run.sh $(BUILD) $(CHECK_LOCKSTEP_N)" \
                "CLI_LIBS='$(strip $(CLI_LIBS))' bash tests/lockstep/selftest.sh $(BUILD)" \
                "$(COQ_STACKS_REPORTS) $(CHECK_COQ_STACKS_N)" \
                "bash tests/lockstep/stacks.sh $(BUILD) $(CHECK_LOCKSTEP_STACKS_N)"
CHECK_DEPS   += $(COQ_CHECK_BIN) $(BUILD)/ccm $(BUILD)/ccm-gen
