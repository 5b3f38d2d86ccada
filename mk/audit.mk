# mk/audit.mk -- auditing cost attribution (issue 14): the per-rule
# histogram of `ccm run --rule-counts`, `ccm compare`, `ccm explain`,
# `ccm annotate` and `ccm run --assert`, each suite with the release and the
# sanitized binary:
#   rulecount  hand-derived histograms, sums to steps
#   compare    against the hand derivations of tests/examples/*.expect;
#              --stacks also against ccm-props --eval-stacks (CHECK_DEPS below)
#   explain    hand-derived breakdowns, sums equal to the report
#   explain_stack  --stack PATH: hand-derived breakdowns of stacks, sums per
#              stack, the flat breakdown under push append/ghc, bad paths
#   assert     statuses against caf_x.lam's hand-derived totals, bad files
#   annotate   text and --html (the page loaded in headless Chromium)
AUDIT_SUITES := rulecount compare explain explain_stack assert annotate
CHECK_SUITES += $(foreach s,$(AUDIT_SUITES),"python3 tests/audit/$(s).py" "CCM=$(BUILD)/ccm-san python3 tests/audit/$(s).py")
# explain and annotate change no cost and no step: generated programs (ccm-gen),
# breakdowns against the big-step evaluator (ccm-props --eval); 20 seeds
# under the sanitizer, whose calloc of the budgets dominates.
OBSERVE_ENV := CCM_GEN=$(BUILD)/ccm-gen CCM_PROPS=$(BUILD)/ccm-props
CHECK_SUITES += "$(OBSERVE_ENV) python3 tests/audit/observe_props.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san $(OBSERVE_ENV) OBSERVE_SEEDS=20 python3 tests/audit/observe_props.py"
CHECK_DEPS   += $(BUILD)/ccm-gen $(BUILD)/ccm-props
