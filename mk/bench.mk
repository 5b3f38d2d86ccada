# mk/bench.mk -- `make bench`: transitions per second on three workloads
# (bench/*.lam), timing only ccm_run, then wide and deep programs
# (bench/wide.sh: the cost of a transition against the size of the scope),
# the cost accounting (a build with counting off) and ccm against GHC on
# nfib (bench/ghc.py, whole processes), and cost-centre stacks against the
# flat machine (bench/stacks.sh, whole processes); `make bench-callgrind`: instruction
# counts of ccm_run under callgrind, and with counting off.  Benchmarks never fail on speed.

BENCH_REPS ?= 7

$(BUILD)/bench/bench: bench/bench.c $(BUILD)/libccm.a $(BUILD)/include/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) $(LTO) -I$(BUILD)/include -o $@ bench/bench.c $(BUILD)/libccm.a

# The same benchmark with counting off (bench/nocount.mut applied to a copy
# of kernel/, never to the source): what the cost accounting itself costs.
BENCH_NOCOUNT := $(BUILD)/bench/nocount
$(BUILD)/bench/bench-nocount: bench/bench.c bench/nocount.mut $(BUILD)/libccm.a $(BUILD)/include/.stamp
	@rm -rf $(BENCH_NOCOUNT) && mkdir -p $(BENCH_NOCOUNT) && cp -r kernel $(BENCH_NOCOUNT)/
	@python3 mutants/apply.py bench/nocount.mut $(BENCH_NOCOUNT)
	$(CC) $(CFLAGS_REL) $(LTO) $(KERNEL_OPT) -c $(BENCH_NOCOUNT)/kernel/costs.c -o $(BENCH_NOCOUNT)/costs.o
	$(CC) $(CFLAGS_REL) $(LTO) -I$(BUILD)/include -o $@ bench/bench.c $(BENCH_NOCOUNT)/costs.o \
	  $(filter-out $(call obj_rel,kernel/costs.c),$(call obj_rel,$(LIBCCM_SRC) $(CERT_SRC))) $(CLI_LIBS)

.PHONY: bench bench-callgrind
bench: $(BUILD)/bench/bench $(BUILD)/bench/bench-nocount $(BUILD)/ccm
	@bash bench/run.sh $(BUILD)/bench/bench $(BENCH_REPS) $(BUILD)/bench/bench-nocount
	@bash bench/wide.sh $(BUILD)/bench/bench $(BUILD)/bench 3
	@python3 bench/ghc.py $(BUILD)/ccm $(BUILD)/bench $(BENCH_REPS)
	@bash bench/stacks.sh $(BUILD)/ccm $(BENCH_REPS)

bench-callgrind: $(BUILD)/bench/bench $(BUILD)/bench/bench-nocount
	@bash bench/callgrind.sh $(BUILD)/bench/bench $(BUILD)/bench/bench-nocount
