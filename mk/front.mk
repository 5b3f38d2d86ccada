# front/, lib/, cli/ -- the front end, the embedding library, the ccm command.
# Suites: tests/front (parser/checker/loader/printer through the CLI) and
# tests/cli (run/trace/JSON/exit codes), each against build/ccm and, a
# second time, against the ASan+UBSan build build/ccm-san.
CHECK_SUITES += "bash tests/front/run.sh build/ccm" "bash tests/front/run.sh build/ccm-san"
CHECK_SUITES += "bash tests/cli/run.sh build/ccm" "bash tests/cli/run.sh build/ccm-san"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san

# The session API in-process, against the release and the sanitized library.
$(BUILD)/tests/session-test: tests/cli/session_test.c $(BUILD)/libccm.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -o $@ $^

$(BUILD)/tests/session-test-san: tests/cli/session_test.c $(BUILD)/libccm-san.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^

CHECK_SUITES += "$(BUILD)/tests/session-test" "$(BUILD)/tests/session-test-san"
CHECK_DEPS   += $(BUILD)/tests/session-test $(BUILD)/tests/session-test-san

# Parse errors that explain (front/hint.c): messages, positions, advice that parses.
CHECK_SUITES += "python3 tests/front/hints.py" "CCM=$(BUILD)/ccm-san python3 tests/front/hints.py"
