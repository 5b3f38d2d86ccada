# mk/tests.mk -- the kernel row tests (Criterion), the examples' attribution
# tests and the embedding example.  Registered with `make check`.

KTEST_SRC := $(sort $(wildcard tests/kernel/test_*.c))
KTEST_HDR := tests/kernel/kt.h
KTEST_LIBS := -lcriterion

# Release and sanitized kernels, linked straight from the kernel objects
# (the kernel alone: these tests use no front end).
$(BUILD)/tests/kernel-tests: $(KTEST_SRC) $(KTEST_HDR) $(call obj_rel,$(KERNEL_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -o $@ $(KTEST_SRC) $(call obj_rel,$(KERNEL_SRC)) $(KTEST_LIBS)

$(BUILD)/tests/kernel-tests-san: $(KTEST_SRC) $(KTEST_HDR) $(call obj_san,$(KERNEL_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $(KTEST_SRC) $(call obj_san,$(KERNEL_SRC)) $(KTEST_LIBS)

.PHONY: test-kernel
test-kernel: $(BUILD)/tests/kernel-tests $(BUILD)/tests/kernel-tests-san
	bash tests/kernel/run-suite.sh $(BUILD)/tests/kernel-tests kernel
	bash tests/kernel/run-suite.sh $(BUILD)/tests/kernel-tests-san kernel-san

CHECK_SUITES += "bash tests/kernel/run-suite.sh $(BUILD)/tests/kernel-tests kernel"
CHECK_SUITES += "bash tests/kernel/run-suite.sh $(BUILD)/tests/kernel-tests-san kernel-san"
# the contradictions behind the smoke tests' step limit still apply (no prover)
CHECK_SUITES += "bash tests/proofs/test_smoke_calibration.sh"
CHECK_DEPS   += $(BUILD)/tests/kernel-tests $(BUILD)/tests/kernel-tests-san

# The paper's examples: hand-derived attributions against `ccm run --json`,
# with the release binary and again with the sanitized one.
CHECK_SUITES += "python3 tests/examples/run.py"
CHECK_SUITES += "CCM=$(BUILD)/ccm-san python3 tests/examples/run.py"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san

# The embedding example, built as a user would: public headers from
# build/include, the library build/libccm.a (and the sanitized library).
$(BUILD)/tests/embed: examples/embed.c $(BUILD)/libccm.a $(BUILD)/include/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -I$(BUILD)/include -o $@ examples/embed.c $(BUILD)/libccm.a

$(BUILD)/tests/embed-san: examples/embed.c $(BUILD)/libccm-san.a $(BUILD)/include/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -I$(BUILD)/include -o $@ examples/embed.c $(BUILD)/libccm-san.a

CHECK_SUITES += "bash tests/examples/embed.sh $(BUILD)/tests/embed"
CHECK_SUITES += "bash tests/examples/embed.sh $(BUILD)/tests/embed-san"
CHECK_DEPS   += $(BUILD)/tests/embed $(BUILD)/tests/embed-san
