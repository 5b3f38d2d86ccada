# props.mk -- the program generator (gen/) and the property tests (props/).
#   build/ccm-gen         print a generated program: --seed N --size K
#   build/ccm-props       the properties (see props/main.c for options)
#   make props            properties on many generated programs, both cores
#   make mutants          build the kernel mutants (kernel/mutants.h), report programs-to-catch
#   make fuzz DURATION=1h long campaign, counterexamples to scratch/fuzz/
GEN_SRC   := gen/gen.c
PROPS_SRC := props/bigstep.c props/canon.c props/check.c props/prop_equiv.c props/prop_order.c \
             props/prop_theta.c props/machine.c props/shrink.c \
             props/bigstack.c props/eval_cli.c props/main.c
PROPS_OBJ := $(call obj_rel,$(GEN_SRC) $(PROPS_SRC))
NOKERNEL_SRC := $(FRONT_SRC) $(LIBAPI_SRC)

PROPS_SEEDS ?= 20000
PROPS_SIZE  ?= 5
# the fixed seed set of `make check` (large enough to catch every mutant)
CHECK_PROPS_SEEDS ?= 10000
MUTANT_SEEDS ?= 20000
DURATION ?= 5m

$(BUILD)/ccm-gen: $(call obj_rel,$(GEN_SRC) gen/main.c)
	$(CC) $(CFLAGS_REL) -o $@ $^

$(BUILD)/ccm-props: $(PROPS_OBJ) $(BUILD)/libccm.a
	$(CC) $(CFLAGS_REL) -o $@ $^ -lpthread

$(BUILD)/ccm-props-san: $(call obj_san,$(GEN_SRC) $(PROPS_SRC)) $(BUILD)/libccm-san.a
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^ -lpthread

# ---- mutants: the kernel sources that test CCM_MUTANT compiled again with
# -DCCM_MUTANT=n, the other kernel objects and the rest as usual
# one per CCM_M_* switch of kernel/mutants.h
MUTANT_IDS := $(shell sed -n 's/^\#define CCM_M_[A-Z0-9_]* *\([0-9][0-9]*\).*/\1/p' kernel/mutants.h)
# (all of them if a kernel header other than mutants.h tests CCM_MUTANT)
MUTANT_KSRC = $(if $(shell grep -l CCM_MUTANT kernel/*.h | grep -v mutants.h),$(KERNEL_SRC),\
                $(shell grep -l CCM_MUTANT $(KERNEL_SRC)))
$(BUILD)/mutants/%/ccm-props: $(PROPS_OBJ) $(call obj_rel,$(NOKERNEL_SRC) $(KERNEL_SRC)) $(KERNEL_SRC) kernel/*.h
	@mkdir -p $(dir $@)obj && rm -f $(dir $@)obj/*.o
	@for f in $(MUTANT_KSRC); do \
	  $(CC) $(CFLAGS_REL) -DCCM_MUTANT=$* -c $$f -o $(dir $@)obj/$$(basename $$f .c).o || exit 1; done
	@$(CC) $(CFLAGS_REL) -o $@ $(PROPS_OBJ) $(call obj_rel,$(NOKERNEL_SRC)) \
	  $(call obj_rel,$(filter-out $(MUTANT_KSRC),$(KERNEL_SRC))) $(dir $@)obj/*.o -lpthread
	@echo "built mutant $* ($@)"

.PHONY: props mutants fuzz
# First the throughput the issue targets (property 1 alone, one core), then
# every property on both cores; the last line is the verdict.
props: $(BUILD)/ccm-props $(BUILD)/ccm-gen
	@echo "--- property 1 alone, one worker (throughput per core)"
	@$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 1 --props p1 | grep 'programs/s'
	@echo "--- all properties, two workers"
	$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 2

mutants: $(foreach n,$(MUTANT_IDS),$(BUILD)/mutants/$(n)/ccm-props) $(BUILD)/ccm-props
	@bash props/mutants.sh $(BUILD) $(MUTANT_SEEDS); a=$$?; \
	 echo "--- extra mutants (sed patches of a kernel copy, props/xmutants.sh)"; \
	 bash props/xmutants.sh $(BUILD) $(MUTANT_SEEDS); b=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ]

fuzz: $(BUILD)/ccm-props
	@bash props/fuzz.sh $(BUILD) $(DURATION)

CHECK_SUITES += "bash props/check-suite.sh $(BUILD) $(CHECK_PROPS_SEEDS)"
CHECK_DEPS   += $(BUILD)/ccm-props $(BUILD)/ccm-props-san $(BUILD)/ccm-gen \
                $(foreach n,$(MUTANT_IDS),$(BUILD)/mutants/$(n)/ccm-props)

# ---- libFuzzer target for the front end and the whole pipeline (clang)
FUZZ_CC    ?= clang
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer-no-link,address,undefined
FUZZ_SRC   := $(KERNEL_SRC) $(FRONT_SRC) $(LIBAPI_SRC) $(GEN_SRC) \
              props/bigstep.c props/canon.c props/check.c props/prop_equiv.c props/prop_order.c \
              props/prop_theta.c props/machine.c
$(BUILD)/fuzz-front: $(FUZZ_SRC) props/fuzz_front.c $(wildcard kernel/*.h front/*.h props/*.h)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $(FUZZ_SRC) props/fuzz_front.c -lpthread

.PHONY: fuzz-front
fuzz-front: $(BUILD)/fuzz-front $(BUILD)/ccm-gen
	@bash props/fuzz-front.sh $(BUILD) $(DURATION)
