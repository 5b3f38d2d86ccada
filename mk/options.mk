# mk/options.mk -- the one table of a run's options (lib/options_table.h,
# read by lib/options.c): tests/options/options_test.c checks the library
# in-process (rows, defaults, ranges, messages, the one clamp, a 0 given);
# tests/options/run.sh checks what shows or reads the table against
# `ccm options --json` (--help, the docs' table, the manual page, the
# defaults of `ccm run` and `ccm batch`, refusals out of range), with the
# release and the sanitized build.
$(BUILD)/tests/options-test: tests/options/options_test.c $(BUILD)/libccm.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -o $@ $^

$(BUILD)/tests/options-test-san: tests/options/options_test.c $(BUILD)/libccm-san.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^

CHECK_SUITES += "bash tests/options/run.sh $(BUILD)/ccm $(BUILD)/tests/options-test" \
                "bash tests/options/run.sh $(BUILD)/ccm-san $(BUILD)/tests/options-test-san"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/tests/options-test $(BUILD)/tests/options-test-san
