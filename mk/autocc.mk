# mk/autocc.mk -- automatic cost centres, the bottleneck search and the
# cost-centre graphs (docs/auto-cc.md, docs/bottleneck.md, docs/graphs.md).
#   build/ccm-props-autocc   the property of docs/auto-cc.md on generated programs
# (the generator named here: mk/props.mk, which names GEN_SRC, is read after this file)
AUTOCC_PROPS_SRC := props/autocc_main.c props/bigstep.c props/bigstack.c gen/gen.c gen/print.c gen/sugar.c

$(BUILD)/ccm-props-autocc: $(call obj_rel,$(AUTOCC_PROPS_SRC)) $(BUILD)/libccm.a
	$(CC) $(CFLAGS_REL) -o $@ $^ -lpthread

$(BUILD)/ccm-props-autocc-san: $(call obj_san,$(AUTOCC_PROPS_SRC)) $(BUILD)/libccm-san.a
	$(CC) $(CFLAGS_SAN) $(LDFLAGS_SAN) -o $@ $^ -lpthread

# The property on 300 generated programs (12 checks each), and on 40 with
# the sanitizers; the command-line tests with hand-derived expectations,
# with the release and the sanitized binary; the mutants of mutants/autocc.
CHECK_SUITES += "$(BUILD)/ccm-props-autocc --seeds 300" "$(BUILD)/ccm-props-autocc-san --seeds 40 --from 1000"
CHECK_SUITES += "python3 tests/autocc/run.py" "CCM=$(BUILD)/ccm-san python3 tests/autocc/run.py"
CHECK_SUITES += "CLI_LIBS='$(strip $(CLI_LIBS))' bash tests/autocc/mutants.sh $(BUILD)"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-san $(BUILD)/ccm-props-autocc $(BUILD)/ccm-props-autocc-san
# tests/autocc/run.py recomputes a share with the big-step evaluator (ccm-props --eval)
CHECK_DEPS   += $(BUILD)/ccm-props
