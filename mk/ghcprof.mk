# mk/ghcprof.mk -- the evaluator's cost-centre stacks (docs/stacks.md,
# "Against GHC") against GHC's own profiler: tests/ghcprof/NAME.hs compiled
# with `ghc -prof` into $(BUILD)/ghcprof/, its .prof tree beside
# `ccm-props --eval-stacks --stacks ghc NAME.lam` and the hand derivation
# in NAME.lam.  Skipped (with a message) when ghc is not installed; about
# 10 s once the programs are compiled, 30 s the first time.
CHECK_SUITES += "python3 tests/ghcprof/run.py $(BUILD)"
CHECK_SUITES += "CCM_PROPS=$(BUILD)/ccm-props-san python3 tests/ghcprof/run.py $(BUILD)"
CHECK_DEPS   += $(BUILD)/ccm-props $(BUILD)/ccm-props-san

.PHONY: test-ghcprof
test-ghcprof: $(BUILD)/ccm-props $(BUILD)/ccm-props-san
	@bash tests/run-suites "python3 tests/ghcprof/run.py $(BUILD)" \
	    "CCM_PROPS=$(BUILD)/ccm-props-san python3 tests/ghcprof/run.py $(BUILD)"
