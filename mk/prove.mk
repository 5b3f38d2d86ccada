# mk/prove.mk -- the kernel's ACSL contracts discharged by Frama-C/WP
# (docs/proofs.md: what is proven, how a run is organised, how to read a failure).
#   make prove | prove-cold    replay the cache (proofs/wp-session), proving on a miss | from nothing (CI)
#   make prove-fn FN=...       one function (or make prove-ccm_lookup), no smoke tests
#   make prove-replay | prove-update | prove-rebuild | prove-prune    cache only / fill / refill / drop unused
#   make prove-mutants | prove-load-check | prove-smoke-calibrate     proofs/mutants.sh | load-check.sh |
#     smoke-calibrate.sh: injected bugs fail a goal | heaviest goals idle and loaded | the smoke tests' units
# What is proven, in which pass and part: mk/prove-sets.mk.  The gate: proofs/prove-report.py.

PROVE_DIR     := $(BUILD)/prove
# the prover and its command line, the same on every machine
PROVE_WHY3    := $(abspath proofs/why3.conf)
PROVE_SESSION := proofs/wp-session
PROVE_CERT    := proofs/certificate.txt
# Verdicts by cvc4's resource units (-wp-steps; cvc4 --rlimit), which no clock
# or load changes: every prover call gets at least three times the heaviest
# goal of the correct kernel (docs/proof-log.md), and the gate fails a goal
# needing more than a third: a proof that grows is split, not given more.
PROVE_STEPS   := 2000000
# The wall-clock backstop behind the units, far above any goal's time on a
# loaded one-core machine: it never decides a verdict; a run that hits it fails.
PROVE_TIMEOUT := 600
# Provers at a time in a one-process run (prove-fn, prove-prune); whole runs: PROVE_PART_PAR.
PROVE_PAR     ?= 3
# A smoke test (a goal `false` that must NOT prove) gets fewer units: enough to
# find every contradiction of proofs/smoke-calibration/ (make prove-smoke-calibrate).
PROVE_SMOKE_STEPS   ?= 50000
PROVE_SMOKE_TIMEOUT := 120
# No smoke tests of calls: implied by termination and the proven contracts (docs/proofs.md).
PROVE_SMOKE_KINDS := -wp-no-smoke-dead-call
# A smoke pass selects no property, only the smoke tests.
PROVE_SMOKE_ONLY := -wp-prop=-@assert,-@ensures,-@invariant,-@assigns,-@requires,-@variant,-@check,-@exits,-@breaks,-@continues,-@returns,-@terminates,-@decreases,-@complete_behaviors,-@disjoint_behaviors,-@lemma
# cvc4 alone proves every goal (with z3 beside it each goal costs two provers).
PROVE_PROVERS ?= cvc4
PROVE_SRC     := $(KERNEL_SRC)
# parsed as the compiler does (same -std and -D), on a pinned machine description
PROVE_CPP     := $(CSTD) -Iacsl -Ikernel
# Frama-C's garbage collector paced for WP (proofs/frama_gc.ml), compiled once
PROVE_GC      := $(PROVE_DIR)/frama_gc.cmxs
PROVE_FLAGS   := -machdep x86_64 -load-module $(abspath $(PROVE_GC))
PROVE_LIMITS  := -wp-steps $(PROVE_STEPS) -wp-timeout $(PROVE_TIMEOUT)
PROVE_SMOKE_DEAD := proofs/smoke-dead.txt
prove_whole = $(filter prove replay prune cold,$(1))
comma := ,
space := $(subst ,, )
prove_fcts = $(subst $(space),$(comma),$(strip $(1)))
# The smoke passes (each function with the typing of its proof); options
# carry over -then, so every pass sets its own limits.
prove_smoke_tests = $(PROVE_SMOKE_ONLY) -wp-smoke-tests $(PROVE_SMOKE_KINDS) -wp-smoke-timeout $(PROVE_SMOKE_TIMEOUT)
prove_smoke = -then -wp-fct $(call prove_fcts,$(1)) $(3) $(prove_smoke_tests) -wp-steps $(PROVE_SMOKE_STEPS) -wp-report-json $(PROVE_DIR)/$(2)-smoke$(4).json

# One frama-c process, passes joined by -then: $(1) typed functions, $(2)
# extra WP options, $(3) report basename, $(4) untyped functions, $(5)
# non-empty: the lemmas too, $(6) non-empty: the smoke passes, $(7) -wp-par,
# $(8) log.  Frama-C's own gate ends a whole run's process.
prove_frama = WHY3CONFIG=$(PROVE_WHY3) frama-c $(PROVE_FLAGS) -cpp-extra-args="$(PROVE_CPP)" $(PROVE_SRC) \
	  -wp -wp-rte -wp-prover $(PROVE_PROVERS) -wp-par $(7) $(PROVE_LIMITS) $(2) \
	  $(if $(strip $(1)),-wp-fct $(call prove_fcts,$(1)) -wp-report-json $(PROVE_DIR)/$(3).json) \
	  $(if $(strip $(4)),$(if $(strip $(1)),-then) -wp-fct $(call prove_fcts,$(4)) -wp-simplify-type \
	    -wp-report-json $(PROVE_DIR)/$(3)-untyped.json) \
	  $(if $(6),$(if $(strip $(1)),$(call prove_smoke,$(1),$(3),-wp-no-simplify-type)) $(if $(strip $(4)),$(call prove_smoke,$(4),$(3),-wp-simplify-type,-untyped))) \
	  $(if $(strip $(5)),-then -wp-fct= -wp-prop @lemma -wp-no-smoke-tests $(PROVE_LIMITS) \
	    -wp-report-json $(PROVE_DIR)/$(3)-lemmas.json) \
	  $(if $(strip $(5)$(6)),-then -report-classify -report-unclassified-unknown ERROR) \
	  > $(8) 2>&1
# a whole run but the prune (whose cleanup must see every goal) in parts (mk/prove-sets.mk)
prove_split = $(filter prove replay cold,$(1))
prove_parts = $(if $(call prove_split,$(1)),$(PROVE_PARTS),all)
prove_part_par = $(if $(call prove_split,$(1)),$(PROVE_PART_PAR),$(PROVE_PAR))
prove_in = $(filter $(PROVE_PART_$(1)),$(2))
# The gate's inputs from part $(2) of a run (one per line: `report FILE`,
# `smoke-pass FILE`); mk/certificate.mk reads them back.
prove_part_reports = \
  $(if $(call prove_in,$(2),$(1)),report $(PROVE_DIR)/$(3)-$(2).json) \
  $(if $(call prove_in,$(2),$(4)),report $(PROVE_DIR)/$(3)-$(2)-untyped.json) \
  $(if $(and $(strip $(5)),$(filter $(2),$(PROVE_LEMMA_PARTS))),report $(PROVE_DIR)/$(3)-$(2)-lemmas.json) \
  $(if $(call prove_whole,$(3)),$(if $(call prove_in,$(2),$(1)),smoke-pass $(PROVE_DIR)/$(3)-$(2)-smoke.json) \
    $(if $(call prove_in,$(2),$(4)),smoke-pass $(PROVE_DIR)/$(3)-$(2)-smoke-untyped.json))
# one part's process, in the background; its log ends with its exit status
define prove_part
	{ $(call prove_frama,$(call prove_in,$(6),$(1)),$(2),$(3)-$(6),$(call prove_in,$(6),$(4)),$(if $(filter $(6),$(PROVE_LEMMA_PARTS)),$(5)),$(call prove_whole,$(3)),$(call prove_part_par,$(3)),$(PROVE_DIR)/$(3)-$(6).log); \
	  echo "prove: exit $$? after $$(( $$(date +%s) - start )) s" >> $(PROVE_DIR)/$(3)-$(6).log; } &
endef
# $(1) typed functions, $(2) extra WP options, $(3) log/report basename,
# $(4) untyped functions, $(5) non-empty: the lemmas too.
define prove_run
	@mkdir -p $(PROVE_DIR)
	@python3 proofs/toolversions.py $(PROVE_CERT)
	@echo "prove: $(words $(1) $(4)) function(s), provers $(PROVE_PROVERS), $(PROVE_STEPS) resource units a goal (backstop $(PROVE_TIMEOUT) s), $(words $(call prove_parts,$(3))) process(es) ($(call prove_parts,$(3))) of par $(call prove_part_par,$(3))"
	@rm -f $(PROVE_DIR)/$(3).log $(foreach p,$(call prove_parts,$(3)),$(PROVE_DIR)/$(3)-$(p).log $(PROVE_DIR)/$(3)-$(p)*.json)
	@printf '%s\n' $(foreach p,$(call prove_parts,$(3)),$(call prove_part_reports,$(1),$(p),$(3),$(4),$(5))) \
	  | paste -d' ' - - > $(PROVE_DIR)/$(3).reports
	@start=$$(date +%s); \
	$(foreach p,$(call prove_parts,$(3)),$(call prove_part,$(1),$(2),$(3),$(4),$(5),$(p))) \
	wait; \
	st=0; for part in $(call prove_parts,$(3)); do \
	  cat $(PROVE_DIR)/$(3)-$$part.log >> $(PROVE_DIR)/$(3).log; \
	  echo "prove: part $$part: $$(sed -n 's/^prove: exit/exit/p' $(PROVE_DIR)/$(3)-$$part.log | grep . || echo 'no exit status')"; \
	  grep -q '^prove: exit 0 ' $(PROVE_DIR)/$(3)-$$part.log || st=1; \
	done; \
	end=$$(date +%s); \
	bash proofs/kernel-functions.sh $(PROVE_SRC) > $(PROVE_DIR)/kernel-functions.txt; \
	python3 proofs/prove-report.py $(if $(call prove_whole,$(3)),--expect $(PROVE_DIR)/kernel-functions.txt --smoke $(PROVE_SMOKE_DEAD)) \
	  $$(sed -n 's/^smoke-pass /--smoke-pass /p' $(PROVE_DIR)/$(3).reports) \
	  --steps-limit $(PROVE_STEPS) --backstop $(PROVE_TIMEOUT) --certificate $(PROVE_CERT) \
	  $(if $(call prove_whole,$(3)),--times $(PROVE_DIR)/goal-steps.tsv) $(PROVE_DIR)/$(3).log $$st $$((end-start)) \
	  $$(sed -n 's/^report //p' $(PROVE_DIR)/$(3).reports)
endef

# every target that runs Frama-C with PROVE_FLAGS; ocamlopt writes beside its source, hence the copy
prove-vars prove-update prove-fn prove-replay prove-cold prove-prune prove-mutants prove-load-check prove-smoke-calibrate: $(PROVE_GC)
$(PROVE_GC): proofs/frama_gc.ml
	@mkdir -p $(PROVE_DIR)/gc
	@cp $< $(PROVE_DIR)/gc/frama_gc.ml
	@ocamlopt -shared -o $@ $(PROVE_DIR)/gc/frama_gc.ml

# what the scripts of proofs/ take from here, as shell assignments NAME='VALUE'
prove_vars := PROVE_WHY3=PROVE_WHY3 PROVE_FLAGS=PROVE_FLAGS PROVE_CSTD=CSTD PROVE_TYPED=PROVE_FUNCS PROVE_UNTYPED=PROVE_FUNCS_UNTYPED \
  PROVE_PROVERS=PROVE_PROVERS PROVE_STEPS=PROVE_STEPS PROVE_TIMEOUT=PROVE_TIMEOUT PROVE_SMOKE_TESTS=prove_smoke_tests
prove-vars:
	@printf '%s\n' $(foreach v,$(prove_vars),"$(word 1,$(subst =, ,$(v)))='$(strip $($(word 2,$(subst =, ,$(v)))))'")

.PHONY: prove-vars prove prove-update prove-fn prove-replay prove-cold prove-rebuild prove-prune prove-mutants prove-load-check prove-smoke-calibrate
# the replay waits on WP's scheduler, not on the CPU: many lookups in flight
PROVE_REPLAY_PAR ?= 8
prove:
	@$(MAKE) --no-print-directory prove-replay PROVE_PAR=$(PROVE_REPLAY_PAR) PROVE_PART_PAR=$(PROVE_REPLAY_PAR) || { \
	  echo "prove: not every goal is valid in the cache (proofs/wp-session): proving with the provers"; \
	  $(MAKE) --no-print-directory prove-update; }
prove-update:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache update,prove,$(PROVE_FUNCS_UNTYPED),lemmas)
prove-fn:
	$(call prove_run,$(filter-out $(PROVE_FUNCS_UNTYPED),$(FN)),-wp-session $(PROVE_SESSION) -wp-cache update,prove-fn,$(filter $(PROVE_FUNCS_UNTYPED),$(FN)),$(LEMMAS))
prove-ccm_%:
	$(MAKE) --no-print-directory prove-fn FN=ccm_$*
prove-replay:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache offline,replay,$(PROVE_FUNCS_UNTYPED),lemmas)
prove-cold:
	$(call prove_run,$(PROVE_FUNCS),-wp-cache none,cold,$(PROVE_FUNCS_UNTYPED),lemmas)
prove-rebuild:
	rm -rf $(PROVE_SESSION)
	$(MAKE) --no-print-directory prove-update
# proves like prove-update, then deletes the cache entries no goal used
prove-prune:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache cleanup,prune,$(PROVE_FUNCS_UNTYPED),lemmas)
	@echo "prove-prune: $$(ls $(PROVE_SESSION)/cache | wc -l) cache entries, $$(du -sh $(PROVE_SESSION) | cut -f1)"
prove-mutants prove-load-check prove-smoke-calibrate:
	@bash proofs/$(patsubst prove-%,%,$@).sh $(STEPS)

CHECK_SUITES += "bash tests/proofs/test_gate.sh" "bash tests/proofs/test_load_check.sh"
