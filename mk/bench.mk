# mk/bench.mk -- `make bench`: transitions per second on three workloads
# (bench/*.lam), timing only ccm_run, then wide and deep programs
# (bench/wide.sh: the cost of a transition against the size of the scope); `make bench-callgrind`: instruction
# counts of ccm_run under callgrind.  Benchmarks never fail on speed.

BENCH_REPS ?= 7

$(BUILD)/bench/bench: bench/bench.c $(BUILD)/libccm.a $(BUILD)/include/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_REL) -I$(BUILD)/include -o $@ bench/bench.c $(BUILD)/libccm.a

.PHONY: bench bench-callgrind
bench: $(BUILD)/bench/bench
	@bash bench/run.sh $(BUILD)/bench/bench $(BENCH_REPS)
	@bash bench/wide.sh $(BUILD)/bench/bench $(BUILD)/bench 3

bench-callgrind: $(BUILD)/bench/bench
	@bash bench/callgrind.sh $(BUILD)/bench/bench
