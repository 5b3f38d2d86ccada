# mk/surface.mk -- the surface language (docs/surface.md): each surface form
# against the core written by hand for it, the reports of both, the big-step
# evaluator's costs, and the new syntax errors with their positions; with
# the release binary and again with the sanitized one.
CHECK_SUITES += "python3 tests/surface/run.py" "CCM=$(BUILD)/ccm-san python3 tests/surface/run.py"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-props
