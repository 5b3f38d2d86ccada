# mk/profiles.mk -- the profile files of `ccm run` (docs/profiles.md) opened
# by the real readers: hp2ps (Debian ghc), speedscope's importer (npm,
# tests/profiles/package-lock.json), a .prof reader with GHC's column rules,
# and a real GHC report beside ccm's when ghc is installed; the space-leak
# example's hand-derived census; the options' bad input; the property that
# the report is the same with and without profiles and census.  Release and
# sanitized binaries.  `make test-profiles` runs these suites alone.

# speedscope at the pinned version (npm ci writes node_modules/.package-lock.json)
SPEEDSCOPE := tests/profiles/node_modules/.package-lock.json
$(SPEEDSCOPE): tests/profiles/package-lock.json
	cd tests/profiles && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

PROFILE_SUITES := "python3 tests/profiles/check.py $(BUILD)/ccm 40" \
                  "python3 tests/profiles/check.py $(BUILD)/ccm-san 12" \
                  "python3 tests/profiles/leak.py $(BUILD)/ccm" "python3 tests/profiles/leak.py $(BUILD)/ccm-san" \
                  "python3 tests/profiles/options.py $(BUILD)/ccm" "python3 tests/profiles/options.py $(BUILD)/ccm-san" \
                  "python3 tests/profiles/same_report.py $(BUILD)/ccm 100" \
                  "python3 tests/profiles/same_report.py $(BUILD)/ccm-san 8" \
                  "python3 tests/profiles/ghc_layout.py $(BUILD)/ccm"
CHECK_SUITES += $(PROFILE_SUITES)
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-gen $(SPEEDSCOPE)

.PHONY: test-profiles
test-profiles: $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-gen $(SPEEDSCOPE)
	@bash tests/run-suites $(PROFILE_SUITES)

# `make bench` also times nfib with all four profile files against a plain run
.PHONY: bench-profiles
bench-profiles: $(BUILD)/ccm
	@bash bench/profiles.sh $(BUILD)/ccm $(BENCH_REPS)
bench: bench-profiles
