# mk/audit.mk -- auditing cost attribution (issue 14): the per-rule
# histogram of `ccm run --rule-counts`, with the release and sanitized binaries.
CHECK_SUITES += "python3 tests/audit/rulecount.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/audit/rulecount.py"
