# props.mk -- the program generator (gen/) and the property tests (props/).
#   build/ccm-gen         print a generated program: --seed N --size K
#   build/ccm-props       the properties (see props/main.c for options)
#   make props            properties on many generated programs, both cores
#   make mutants          kernel mutants (mutants/kernel/*.mut) against the properties
#   make fuzz DURATION=1h long campaign, counterexamples to scratch/fuzz/
GEN_SRC   := gen/gen.c gen/print.c
PROPS_SRC := props/bigstep.c props/canon.c props/check.c props/prop_equiv.c props/prop_order.c \
             props/prop_theta.c props/machine.c props/shrink.c \
             props/bigstack.c props/eval_cli.c props/main.c \
             props/from_gen.c props/same_tree.c props/coverage.c
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

# ---- mutants (mutants/README.md): each mutants/kernel/NAME.mut applied to a
# copy of kernel/ in BUILD/mutants/NAME/ (never to kernel/ itself: the proven
# text carries no test switch); the one file it changes is compiled and linked
# with the release objects of the rest and the property harness.  `make check` uses the ones that have a regression program
# (tests/regress/mutant-NN-NAME.lam, NAME with '-' for '_').
CHECK_MUTANTS := $(shell ls tests/regress/ | sed -n 's/^mutant-[0-9]*-\(.*\)\.lam$$/\1/p' | tr - _)
$(BUILD)/mutants/%/ccm-props: mutants/kernel/%.mut mutants/apply.py $(PROPS_OBJ) \
                              $(call obj_rel,$(NOKERNEL_SRC) $(KERNEL_SRC)) $(KERNEL_SRC) kernel/*.h
	@rm -rf $(dir $@) && mkdir -p $(dir $@)
	@cp -r kernel $(dir $@)kernel
	@python3 mutants/apply.py $< $(dir $@)
	@f=$$(python3 mutants/apply.py --get file $<); \
	 $(CC) $(CFLAGS_REL) -c $(dir $@)$$f -o $(dir $@)mutated.o && \
	 $(CC) $(CFLAGS_REL) -o $@ $(PROPS_OBJ) $(call obj_rel,$(NOKERNEL_SRC)) \
	   $$(for o in $(call obj_rel,$(KERNEL_SRC)); do [ "$$o" = "$(BUILD)/obj/$${f%.c}.o" ] || echo $$o; done) \
	   $(dir $@)mutated.o -lpthread
	@echo "built mutant $* ($@)"

.PHONY: props mutants fuzz
# First the throughput the issue targets (property 1 alone, one core), then
# every property on both cores; the last line is the verdict.
props: $(BUILD)/ccm-props $(BUILD)/ccm-gen
	@echo "--- property 1 alone, one worker (throughput per core)"
	@$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 1 --props p1 | grep 'programs/s'
	@echo "--- all properties, two workers"
	$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 2

mutants: $(foreach n,$(CHECK_MUTANTS),$(BUILD)/mutants/$(n)/ccm-props) $(BUILD)/ccm-props
	@bash props/mutants.sh $(BUILD) $(MUTANT_SEEDS) $(CHECK_MUTANTS)

fuzz: $(BUILD)/ccm-props
	@bash props/fuzz.sh $(BUILD) $(DURATION)

CHECK_SUITES += "bash props/check-suite.sh $(BUILD) $(CHECK_PROPS_SEEDS)"
CHECK_DEPS   += $(BUILD)/ccm-props $(BUILD)/ccm-props-san $(BUILD)/ccm-gen \
                $(foreach n,$(CHECK_MUTANTS),$(BUILD)/mutants/$(n)/ccm-props)

# ---- libFuzzer target for the front end and the whole pipeline (clang)
FUZZ_CC    ?= clang
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer-no-link,address,undefined
FUZZ_SRC   := $(KERNEL_SRC) $(FRONT_SRC) $(LIBAPI_SRC) $(GEN_SRC) \
              props/bigstep.c props/canon.c props/check.c props/prop_equiv.c props/prop_order.c \
              props/prop_theta.c props/machine.c props/from_gen.c props/same_tree.c
$(BUILD)/fuzz-front: $(FUZZ_SRC) props/fuzz_front.c $(wildcard kernel/*.h front/*.h props/*.h)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $(FUZZ_SRC) props/fuzz_front.c -lpthread

.PHONY: fuzz-front
fuzz-front: $(BUILD)/fuzz-front $(BUILD)/ccm-gen
	@bash props/fuzz-front.sh $(BUILD) $(DURATION)
