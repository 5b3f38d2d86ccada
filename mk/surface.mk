# mk/surface.mk -- the surface language (docs/surface.md): each surface form
# against the core written by hand for it, the reports of both, the big-step
# evaluator's costs, and the new syntax errors with their positions; with
# the release binary and again with the sanitized one.
CHECK_SUITES += "python3 tests/surface/run.py" "CCM=$(BUILD)/ccm-san python3 tests/surface/run.py"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-props
# Generated programs printed as core and as surface text (ccm-gen --surface,
# gen/sugar.c): the same core tree up to bound names, the same reports.
CHECK_SUITES += "CCM_GEN=$(BUILD)/ccm-gen python3 tests/surface/gen_props.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san CCM_GEN=$(BUILD)/ccm-gen SEEDS=40 python3 tests/surface/gen_props.py"
CHECK_DEPS   += $(BUILD)/ccm-gen
# Mutants of the desugaring (mutants/surface/*.mut): each must be caught by
# tests/surface/run.py or tests/surface/gen_props.py.
CHECK_SUITES += "CLI_LIBS='$(strip $(CLI_LIBS))' bash tests/surface/mutants.sh $(BUILD)"
