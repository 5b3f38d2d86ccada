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

# libFuzzer on the parser and the core printer (not part of `make check`;
# seeded with the examples, regressions and tests/surface/seeds, with the
# keywords and symbols of tests/front/fuzz.dict;
# props' fuzz-front covers the whole pipeline): parse, check, load, the
# kernel's code check, and the `ccm core` fixed point, on any bytes.
#   make fuzz-parser FUZZ_SECONDS=600
FUZZ_SECONDS ?= 60
$(BUILD)/fuzz/fuzz-parser: tests/front/fuzz_parser.c $(filter-out $(JSONCORE_SRC),$(FRONT_SRC)) $(KERNEL_SRC)
	@mkdir -p $(dir $@)
	clang-14 $(CSTD) -g -O1 -fsanitize=fuzzer,address,undefined -o $@ $^

.PHONY: fuzz-parser
fuzz-parser: $(BUILD)/fuzz/fuzz-parser
	@mkdir -p $(BUILD)/fuzz/parser-corpus $(BUILD)/fuzz/parser-crashes
	cp -n examples/*.lam tests/regress/*.lam tests/surface/seeds/*.lam $(BUILD)/fuzz/parser-corpus/ 2>/dev/null || true
	$(BUILD)/fuzz/fuzz-parser -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -dict=tests/front/fuzz.dict \
	    -artifact_prefix=$(BUILD)/fuzz/parser-crashes/ $(BUILD)/fuzz/parser-corpus
# Parse errors that explain (front/hint.c): messages, positions, advice that parses.
CHECK_SUITES += "python3 tests/front/hints.py" "CCM=$(BUILD)/ccm-san python3 tests/front/hints.py"
