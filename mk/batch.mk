# mk/batch.mk -- `ccm batch` (cli/batch.c): answers against `ccm run --json`
# one by one on generated programs with malformed lines mixed in, with the
# release and the sanitized binary; `make bench` also times 10,000 programs
# through one batch against one process per program (bench/batch.sh).
CHECK_SUITES += "bash tests/batch/run.sh $(BUILD)/ccm 120" "bash tests/batch/run.sh $(BUILD)/ccm-san 60"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-gen

BATCH_BENCH_N ?= 10000
.PHONY: bench-batch
bench-batch: $(BUILD)/ccm $(BUILD)/ccm-gen
	@bash bench/batch.sh $(BUILD)/ccm $(BUILD)/ccm-gen $(BATCH_BENCH_N)
bench: bench-batch
