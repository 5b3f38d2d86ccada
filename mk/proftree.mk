# mk/proftree.mk -- the profile writers (cli/profile.h) on cost-centre trees
# of any depth, built by hand (tests/proftree/proftree_test.c: depth 1, 2,
# 10 and 1000, a recursive chain, one cost centre at many depths, wide
# fan-out, a random tree), their files opened by the real readers
# (tests/proftree/check.py: the .prof reader of tests/profiles, Python's
# json and jq, speedscope's own importer).  The test program links the
# writers' objects, release and sanitized (ASan+UBSan).  With GHC
# installed, tests/proftree/ghc_deep.py also lays the .prof files beside a
# real GHC report of a 40-deep stack tree (the same layout rules).
PROFTREE_CLI := cli/proftree.c cli/stacktree.c cli/prof_text.c cli/prof_json.c cli/speedscope.c cli/json.c

$(BUILD)/tests/proftree-test: tests/proftree/proftree_test.c $(call obj_rel,$(PROFTREE_CLI)) $(BUILD)/libccm.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) $(LTO) -o $@ $^

$(BUILD)/tests/proftree-test-san: tests/proftree/proftree_test.c $(call obj_san,$(PROFTREE_CLI)) $(BUILD)/libccm-san.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^

PROFTREE_SUITES := "python3 tests/proftree/check.py $(BUILD)/tests/proftree-test" \
                   "python3 tests/proftree/check.py $(BUILD)/tests/proftree-test-san" \
                   "python3 tests/proftree/ghc_deep.py $(BUILD)/tests/proftree-test"
CHECK_SUITES += $(PROFTREE_SUITES)
CHECK_DEPS   += $(BUILD)/tests/proftree-test $(BUILD)/tests/proftree-test-san $(SPEEDSCOPE)

.PHONY: test-proftree
test-proftree: $(BUILD)/tests/proftree-test $(BUILD)/tests/proftree-test-san $(SPEEDSCOPE)
	@bash tests/run-suites $(PROFTREE_SUITES)
