# mk/corejson.mk -- JSON core (docs/core-json.md): `ccm core --json`, `ccm run
# --input json`, "core" requests of `ccm batch`.  tests/corejson/run.sh runs
# generated programs as text and as JSON core (same reports, schema-valid
# JSON) and malformed JSON (exit 2, the offending node's JSON path), with the
# release and the sanitized binary.
CHECK_SUITES += "bash tests/corejson/run.sh $(BUILD)/ccm 80" "bash tests/corejson/run.sh $(BUILD)/ccm-san 20"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-gen

# The units that read and print JSON core with Jansson.  Programs that link
# the front end's objects one by one and never meet JSON core (the
# mutants) leave them out and need no -ljansson.
JSONCORE_SRC := front/core_json_read.c front/core_json_print.c lib/session_json.c
