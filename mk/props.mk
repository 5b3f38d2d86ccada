# props.mk -- the program generator (gen/) and the property tests (props/).
#   build/ccm-gen         print a generated program: --seed N --size K
#   make props            properties on many generated programs, both cores
#   make mutants          build the 16 kernel mutants, report programs-to-catch
#   make fuzz DURATION=1h long campaign, counterexamples to scratch/fuzz/
GEN_SRC := gen/gen.c

$(BUILD)/ccm-gen: $(call obj_rel,$(GEN_SRC) gen/main.c)
	$(CC) $(CFLAGS_REL) -o $@ $^
