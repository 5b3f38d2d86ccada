# mk/audit.mk -- auditing cost attribution (issue 14): the per-rule
# histogram of `ccm run --rule-counts`, `ccm compare`, `ccm explain`,
# `ccm annotate` and `ccm run --assert`, with the release and sanitized binaries.
CHECK_SUITES += "python3 tests/audit/rulecount.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/rulecount.py"
# `ccm compare` against the hand derivations of tests/examples/*.expect.
CHECK_SUITES += "python3 tests/audit/compare.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/compare.py"
# `ccm explain`: hand-derived breakdowns, sums equal to the report.
CHECK_SUITES += "python3 tests/audit/explain.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/explain.py"
# `ccm run --assert`: statuses against caf_x.lam's hand-derived totals, bad files.
CHECK_SUITES += "python3 tests/audit/assert.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/assert.py"
# `ccm annotate` (text and --html; the page loaded in headless Chromium).
CHECK_SUITES += "python3 tests/audit/annotate.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/annotate.py"
# explain and annotate change no cost and no step: generated programs (ccm-gen),
# breakdowns against the big-step evaluator (ccm-props --eval).
CHECK_SUITES += "CCM_GEN=$(BUILD)/ccm-gen CCM_PROPS=$(BUILD)/ccm-props python3 tests/audit/observe_props.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san CCM_GEN=$(BUILD)/ccm-gen CCM_PROPS=$(BUILD)/ccm-props OBSERVE_SEEDS=20 python3 tests/audit/observe_props.py"
CHECK_DEPS   += $(BUILD)/ccm-gen $(BUILD)/ccm-props
