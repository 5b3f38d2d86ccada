# mk/grow.mk -- the machine's arrays start small and grow on demand up to
# the budgets (issue 41, item 3; docs/library.md, "Memory").
# tests/grow/grow_test.c checks the library in-process (capacities, every
# way of running from arrays of one entry, workspaces); tests/grow/run.sh
# compares the CLI's reports with arrays grown from one entry and with
# arrays allocated whole at the budgets, and (release only) runs in a
# bounded address space.  Both against the release and the sanitized build.
$(BUILD)/tests/grow-test: tests/grow/grow_test.c $(BUILD)/libccm.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -o $@ $^

$(BUILD)/tests/grow-test-san: tests/grow/grow_test.c $(BUILD)/libccm-san.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^

CHECK_SUITES += "bash tests/grow/run.sh $(BUILD)/ccm $(BUILD)/tests/grow-test" \
                "bash tests/grow/run.sh $(BUILD)/ccm-san $(BUILD)/tests/grow-test-san"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/tests/grow-test $(BUILD)/tests/grow-test-san
