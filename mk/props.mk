# props.mk -- the program generator (gen/) and the property tests (props/).
#   build/ccm-gen         print a generated program: --seed N --size K (or --bytes FILE, docs/fuzzing.md)
#   build/ccm-props       the properties (see props/main.c for options)
#   make props            properties on many generated programs, both cores
#   make mutants          kernel mutants (mutants/kernel/*.mut) against the properties
#   make fuzz DURATION=1h long campaign, counterexamples to scratch/fuzz/
GEN_SRC   := gen/gen.c gen/print.c gen/sugar.c
PROPS_SRC := props/bigstep.c props/canon.c props/check.c props/prop_equiv.c props/prop_gc.c props/prop_order.c \
             props/prop_theta.c props/machine.c props/shrink.c \
             props/bigstack.c props/eval_cli.c props/main.c \
             props/from_gen.c props/same_tree.c props/coverage.c props/prop_edge.c \
             props/stack_text.c props/eval_stacks_cli.c props/prop_stacks.c props/prop_stk_machine.c
PROPS_OBJ := $(call obj_rel,$(GEN_SRC) $(PROPS_SRC))
NOKERNEL_SRC := $(filter-out $(JSONCORE_SRC),$(FRONT_SRC) $(LIBAPI_SRC))   # mk/corejson.mk

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

# ---- mutants (mutants/README.md): each mutants/{kernel,front}/NAME.mut is
# applied to a copy of kernel/ and front/ in BUILD/mutants/NAME/ (never to
# the sources: the proven text carries no test switch) by
# props/build-mutant.sh; the one file it changes is compiled and linked with
# the release objects of the rest and the property harness.  `make mutants`
# runs them all; `make check` uses the ones that have a regression program
# (tests/regress/mutant-NN-NAME.lam, NAME with '-' for '_').
MUTANT_FILES := $(sort $(wildcard mutants/kernel/*.mut mutants/front/*.mut))
MUTANT_NAMES := $(basename $(notdir $(MUTANT_FILES)))
MUTANT_LINK_OBJ := $(call obj_rel,$(NOKERNEL_SRC) $(KERNEL_SRC))
CHECK_MUTANTS := $(shell ls tests/regress/ | sed -n 's/^mutant-[0-9]*-\(.*\)\.lam$$/\1/p' | tr - _)
define mutant_rule
$(BUILD)/mutants/$(basename $(notdir $(1)))/ccm-props: $(1) mutants/apply.py props/build-mutant.sh \
    $(PROPS_OBJ) $(MUTANT_LINK_OBJ) $(KERNEL_SRC) $(FRONT_SRC) $(wildcard kernel/*.h front/*.h)
	@bash props/build-mutant.sh $(BUILD) $(1) "$(CC) $(CFLAGS_REL) -Wno-error" "$(PROPS_OBJ)" "$(MUTANT_LINK_OBJ)"
endef
$(foreach f,$(MUTANT_FILES),$(eval $(call mutant_rule,$(f))))

.PHONY: props mutants fuzz
# First the throughput the issue targets (property 1 alone, one core), then
# every property on both cores; the last line is the verdict.
props: $(BUILD)/ccm-props $(BUILD)/ccm-gen
	@echo "--- property 1 alone, one worker (throughput per core)"
	@$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 1 --props p1 | grep 'programs/s'
	@echo "--- all properties, two workers"
	$(BUILD)/ccm-props --seeds $(PROPS_SEEDS) --size $(PROPS_SIZE) --jobs 2

mutants: $(foreach n,$(MUTANT_NAMES),$(BUILD)/mutants/$(n)/ccm-props) $(BUILD)/ccm-props
	@bash props/mutants.sh $(BUILD) $(MUTANT_SEEDS) $(MUTANT_FILES)

fuzz: $(BUILD)/ccm-props
	@bash props/fuzz.sh $(BUILD) $(DURATION)

CHECK_SUITES += "bash props/check-suite.sh $(BUILD) $(CHECK_PROPS_SEEDS)"
CHECK_DEPS   += $(BUILD)/ccm-props $(BUILD)/ccm-props-san $(BUILD)/ccm-gen \
                $(foreach n,$(CHECK_MUTANTS) $(basename $(notdir $(wildcard mutants/front/*.mut))),$(BUILD)/mutants/$(n)/ccm-props)

# ---- libFuzzer target for the front end and the whole pipeline (clang)
FUZZ_CC    ?= clang
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer-no-link,address,undefined
# the properties without the harness's command line, shrinker and threads
FUZZ_SRC   := $(KERNEL_SRC) $(NOKERNEL_SRC) $(GEN_SRC) \
              $(filter-out props/main.c props/shrink.c props/bigstack.c props/eval_cli.c props/coverage.c \
                props/eval_stacks_cli.c,$(PROPS_SRC))
$(BUILD)/fuzz-front: $(FUZZ_SRC) props/fuzz_front.c $(wildcard kernel/*.h front/*.h props/*.h)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $(FUZZ_SRC) props/fuzz_front.c -lpthread

.PHONY: fuzz-front
fuzz-front: $(BUILD)/fuzz-front $(BUILD)/ccm-gen
	@bash props/fuzz-front.sh $(BUILD) $(DURATION)
