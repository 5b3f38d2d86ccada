# stacks.mk -- the big-step evaluator with cost-centre stacks (docs/stacks.md):
# the hand-derived examples/stacks_*.lam under every push and call policy,
# its command line (`ccm-props --eval-stacks`), the machine's stacks (`ccm
# run --push append|ghc`) against the same derivations, and the properties
# stk-flat, stk-order, stk-nodup, stk-machine on generated programs; the
# same under ASan+UBSan on fewer seeds.
# seeds at size 5 (a third as many at size 10): about 45 s, and 25 s sanitized
STACKS_SEEDS     ?= 30000
STACKS_SAN_SEEDS ?= 3000

CHECK_SUITES += "SEEDS=$(STACKS_SEEDS) bash tests/stacks/run.sh $(BUILD)"
CHECK_SUITES += "SEEDS=$(STACKS_SAN_SEEDS) CCM_PROPS=$(BUILD)/ccm-props-san CCM=$(BUILD)/ccm-san bash tests/stacks/run.sh $(BUILD)"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/ccm-props $(BUILD)/ccm-props-san
# the profile files of runs with stacks (.prof, -pj, speedscope) against the
# tree the JSON report's stacks give, with the readers of tests/proftree
CHECK_SUITES += "python3 tests/stacks/profiles.py $(BUILD)/ccm" "python3 tests/stacks/profiles.py $(BUILD)/ccm-san"
CHECK_DEPS   += $(BUILD)/ccm-san $(SPEEDSCOPE)
# heap profiles banded by stack (--heap-by stack, GHC's -hc names): the
# hand-derived census of examples/heap_stacks.lam, the bands summed by top
# against the census by cost centre and the flat file, hp2ps (Debian ghc)
CHECK_SUITES += "python3 tests/stacks/heap.py $(BUILD)/ccm" "python3 tests/stacks/heap.py $(BUILD)/ccm-san"
# the band-name rule those use (tests/stacks/hc_name.py) against GHC's own
# +RTS -hc file of tests/stacks/hc.hs (compiled into $(BUILD)/ghc-hc; about
# 5 s the first time, 1 s after); skipped without ghc
CHECK_SUITES += "python3 tests/stacks/ghc_hc.py $(BUILD)"

