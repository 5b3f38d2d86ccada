# mk/corejson.mk -- JSON core (docs/core-json.md): `ccm core --json`, `ccm run
# --input json`, "core" requests of `ccm batch`.  tests/corejson/run.sh runs
# generated programs as text and as JSON core (same reports, schema-valid
# JSON) and malformed JSON (exit 2, the offending node's JSON path), with the
# release and the sanitized binary.
CHECK_SUITES += "bash tests/corejson/run.sh $(BUILD)/ccm 80" "bash tests/corejson/run.sh $(BUILD)/ccm-san 20"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-gen

# The units that read and print JSON core with Jansson.  Programs that link
# the front end's objects one by one and never meet JSON core (the parser's
# fuzz target, the mutants) leave them out and need no -ljansson.
JSONCORE_SRC := front/core_json_read.c front/core_json_print.c lib/session_json.c

# libFuzzer on the JSON core reader (not part of `make check`):
#   make fuzz-json FUZZ_SECONDS=600
# Seeds: the JSON core of the examples and of the regression programs.
$(BUILD)/fuzz/fuzz-json: tests/corejson/fuzz_json.c $(FRONT_SRC) $(KERNEL_SRC)
	@mkdir -p $(dir $@)
	clang-14 $(CSTD) -g -O1 -fsanitize=fuzzer,address,undefined -o $@ $^ -ljansson

.PHONY: fuzz-json
fuzz-json: $(BUILD)/fuzz/fuzz-json $(BUILD)/ccm
	@mkdir -p $(BUILD)/fuzz/json-corpus $(BUILD)/fuzz/json-crashes
	for f in examples/*.lam tests/regress/*.lam; do \
	    $(BUILD)/ccm core --json $$f > $(BUILD)/fuzz/json-corpus/$$(basename $$f .lam).json 2>/dev/null || true; done
	$(BUILD)/fuzz/fuzz-json -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	    -artifact_prefix=$(BUILD)/fuzz/json-crashes/ $(BUILD)/fuzz/json-corpus
