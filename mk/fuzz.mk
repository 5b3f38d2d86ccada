# fuzz.mk -- the libFuzzer targets of fuzz/ (docs/fuzzing.md), built by the
# ClusterFuzzLite/OSS-Fuzz script .clusterfuzzlite/build.sh run here without
# Docker, with clang-14, ASan+UBSan and libFuzzer, into build/fuzz/.
#   make fuzz-build                           every target, its corpus, dict, options
#   make fuzz-run TARGET=gen_equiv SECONDS=600  one target, nice'd, corpus in build/fuzz/corpus/
#   make fuzz-repro TARGET=gen_equiv INPUT=F  the program of a saved input as .lam, then the target on it
#   make fuzz-corpus                          merge (-merge=1) seeds and runs into fuzz/corpus/
#   make fuzz-coverage                        the corpora through a coverage build: per-folder figures
#   make fuzz-campaign SECONDS=600            every target in turn, one at a time, nice'd
#   make fuzz-mutants SECONDS=120 MUTANTS="mutants/kernel/x.mut ..." [TARGET=gen_equiv] [SEEDS=1]
#                                             does the target find each mutant from nothing?
# `make check` builds them and runs each over its corpus and for a few seconds.
FUZZ_TARGETS := front json session batch gen_equiv gen_order
FUZZ_OUT     := $(BUILD)/fuzz
FUZZ_CC      := clang-14
FUZZ_SAN     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
SECONDS      ?= 60
FUZZ_INPUTS  := .clusterfuzzlite/build.sh $(wildcard fuzz/*.c fuzz/*.h fuzz/*.dict) \
                $(wildcard kernel/*.[ch] front/*.[ch] lib/*.[ch] cli/*.[ch] gen/*.[ch] props/*.[ch]) \
                $(shell find fuzz/corpus -type f 2>/dev/null)

$(FUZZ_OUT)/.stamp: $(FUZZ_INPUTS)
	@mkdir -p $(FUZZ_OUT)
	CC=$(FUZZ_CC) CFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
	    OUT=$(FUZZ_OUT) bash .clusterfuzzlite/build.sh
	@touch $@

$(BUILD)/fuzz-cov/.stamp: $(FUZZ_INPUTS)
	@mkdir -p $(BUILD)/fuzz-cov
	CC=$(FUZZ_CC) CFLAGS="-O1 -g -fprofile-instr-generate -fcoverage-mapping" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
	    OUT=$(BUILD)/fuzz-cov bash .clusterfuzzlite/build.sh
	@touch $@

.PHONY: fuzz-build fuzz-run fuzz-repro fuzz-corpus fuzz-coverage fuzz-campaign fuzz-mutants
fuzz-build: $(FUZZ_OUT)/.stamp

fuzz-run: $(FUZZ_OUT)/.stamp
	@bash fuzz/run.sh $(FUZZ_OUT) $(TARGET) $(SECONDS)

fuzz-campaign: $(FUZZ_OUT)/.stamp
	@for t in $(FUZZ_TARGETS); do bash fuzz/run.sh $(FUZZ_OUT) $$t $(SECONDS) || exit 1; done

fuzz-repro: $(FUZZ_OUT)/.stamp $(BUILD)/ccm
	@bash fuzz/repro.sh $(FUZZ_OUT) $(BUILD)/ccm $(TARGET) $(INPUT)

fuzz-corpus: $(FUZZ_OUT)/.stamp $(BUILD)/ccm $(BUILD)/ccm-gen
	@bash fuzz/merge.sh $(FUZZ_OUT) $(BUILD)/ccm $(BUILD)/ccm-gen $(FUZZ_TARGETS)

fuzz-mutants:
	@SEEDS=$(SEEDS) bash fuzz/mutant.sh $(FUZZ_OUT) $(SECONDS) $(or $(TARGET),gen_equiv) $(MUTANTS)

fuzz-coverage: $(BUILD)/fuzz-cov/.stamp
	@bash fuzz/coverage.sh $(BUILD)/fuzz-cov llvm-cov-14 llvm-profdata-14 $(FUZZ_TARGETS)

CHECK_SUITES += "bash tests/fuzz/smoke.sh $(FUZZ_OUT) $(BUILD)/ccm $(FUZZ_TARGETS)"
CHECK_DEPS   += $(FUZZ_OUT)/.stamp $(BUILD)/ccm
