# mk/prove.mk -- the kernel's ACSL contracts discharged by Frama-C/WP.
#
#   make prove            every function of PROVE_FUNCS, cache in proofs/wp-session
#   make prove-FN         one function (e.g. make prove-ccm_lookup), or make prove-fn FN=...
#   make prove-replay     cache only, no provers (fails on any cache miss; `make prove` tries it first)
#   make prove-cold       from nothing: no cache read or written, every goal to the provers (what CI runs)
#   make prove-update     with the provers for any goal not valid in the cache
#   make prove-rebuild    refill the cache from scratch (after a toolchain change)
#   make prove-prune      drop the cache entries no goal uses any more
#   make prove-mutants    bugs injected into copies of the kernel must fail to prove
#
# prove, prove-replay and prove-cold run as PROVE_PARTS frama-c processes side
# by side (each a part of the functions), prove-prune as one.
#
# Gate: proofs/prove-report.py reads WP's JSON report of the selected
# functions and fails on any goal not valid, on a non-zero Frama-C status,
# and on `not yet supported` or `skipped` in the log.
#
# Vacuity: every whole run (prove, prove-replay, prove-cold, prove-prune)
# runs WP's smoke tests (-wp-smoke-tests: for each precondition, behavior,
# branch and loop, a goal `false` that must NOT prove; one that proves
# means that code cannot be reached), in two passes of their own after the
# proofs.  The gate fails unless the smoke tests ran and the ones that
# failed are exactly those of proofs/smoke-dead.txt, each listed with the
# reason its code is dead.  A smoke test stops after PROVE_SMOKE_STEPS of
# cvc4's resource units; its verdict is cached like any goal's.
# Frama-C's own gate (`-report-classify -report-unclassified-unknown ERROR`)
# is the last pass of every whole run: it fails on any property left unknown.

PROVE_DIR     := $(BUILD)/prove
PROVE_WHY3    := $(PROVE_DIR)/why3.conf
PROVE_SESSION := proofs/wp-session
# The issue's 30 s: four times the slowest goal of the last cold run (7.2 s,
# let_row_pieces `stack_same`, none over 8 s, in the clean-clone CI run of
# 55ee929 on a 2-core machine; on the machine of the runs before, whose
# provers were about a third slower, the slowest took 10.5-12.6 s; 60 s
# until the goals were split, when the slowest took 14.6-17.6 s).  Every
# goal thus proves with three times its time to spare (docs/proofs.md).
PROVE_TIMEOUT ?= 30
# A run in one process (prove-prune, prove-fn) runs three provers on two
# cores: Frama-C's own work (Qed, writing each goal for Why3) is one process
# between the provers, and with two provers the cores were idle a third of
# the time; with three, 17 % (make prove-cold PROVE_PAR=3: 1499 s wall, 181 %
# CPU, no goal over 45 s; docs/proofs.md).  The whole runs in parts:
# PROVE_PART_PAR below.
PROVE_PAR     ?= 3
# A smoke test (a goal `false`, which must NOT prove) stops after this many
# of cvc4's resource units (-wp-steps; cvc4 --rlimit): a count of the
# prover's work, the same on any machine and under any load, where a time
# limit gives a slower or busier machine less search.  The two dead branches
# of proofs/smoke-dead.txt are refuted in 26,800 units (of which about
# 25,000 are any task's reading and set-up: at 30,000 no contradiction is
# found at all).  `make prove-smoke-calibrate` puts contradictions into
# copies of the kernel (proofs/smoke-calibration/) and counts the smoke
# tests that find each: at 50,000 every one is found (by 1 of 13, 1 of 13,
# 11 of 12 and 33 of 44 smoke tests; at 60,000 by 1, 1, 12 and 36; at
# 40,000 by 1, 1, 4 and 23), and the smoke tests of the step part cost 86 s
# of CPU instead of 118 s at 60,000 (docs/proofs.md).
PROVE_SMOKE_STEPS ?= 50000
# ... and in any case after this many seconds (a backstop, never reached:
# 50,000 units take under half a second).
PROVE_SMOKE_TIMEOUT ?= 10
# Which smoke tests: every kind WP has but the calls' (`dead_call`: is the
# point after a call reachable?).  Every kernel function terminates (no
# recursion, a proven variant on every loop) and its postconditions are
# proven for every state its precondition admits, which each call site
# proves; so a call returns to a satisfiable context whenever the point
# before it is satisfiable, and that point is covered by the smoke test of
# the branch or precondition it follows.  They were 117 of the 676 smoke
# tests, 36 s of the smoke passes' 236 s of CPU (docs/proofs.md, "No
# vacuity").
PROVE_SMOKE_KINDS := -wp-no-smoke-dead-call
# The smoke passes select no property, only the smoke tests: every category
# of property is excluded (a goal that slipped through would show in the
# smoke passes' part of the log, which the gate checks: --smoke-pass).
PROVE_SMOKE_ONLY := -wp-prop=-@assert,-@ensures,-@invariant,-@assigns,-@requires,-@variant,-@check,-@exits,-@breaks,-@continues,-@returns,-@terminates,-@decreases,-@complete_behaviors,-@disjoint_behaviors,-@lemma
# cvc4 alone: with `cvc4,z3` WP runs both provers on each goal side by side
# (the loser is stopped when the winner answers), so -wp-par 2 proves one
# goal at a time; cvc4 alone proves every goal (make prove-cold
# PROVE_PROVERS=cvc4 on a clean clone: 3924/3924 in 1666 s, against 3219 s
# with cvc4,z3).  z3 stays installed for experiments (PROVE_PROVERS=cvc4,z3).
PROVE_PROVERS ?= cvc4
PROVE_SRC     := $(KERNEL_SRC)
# Frama-C parses the kernel as the compiler does (same -std and -D) on a
# pinned machine description (x86_64: 64-bit long and pointers, as CI's gcc).
PROVE_MACHDEP := x86_64
PROVE_CPP     := $(CSTD) -Iacsl -Ikernel
# Frama-C's garbage collector paced for WP (proofs/frama_gc.ml), compiled
# once into build/: every part's process loads it (-load-script would compile
# it in each process, all three at once beside the source).
PROVE_GC      := $(PROVE_DIR)/frama_gc.cmxs
PROVE_FLAGS   := -machdep $(PROVE_MACHDEP) -load-module $(abspath $(PROVE_GC))
PROVE_SMOKE_DEAD := proofs/smoke-dead.txt
# the runs of the whole kernel: the gate checks that every function of
# kernel/ is there, and they run the smoke tests
prove_whole = $(filter prove replay prune cold,$(1))

# Every function of kernel/ is proven (docs/proofs.md: what each contract says
# and what is not proven).  The typed pass:
PROVE_FUNCS := ccm_charge ccm_sub ccm_subcaf ccm_control_int ccm_control_is_int \
  ccm_lookup ccm_resolve ccm_push_cell ccm_is_value_node ccm_prim_apply \
  ccm_rule_name ccm_status_kind \
  ccm_push_write ccm_pop_write app2_write prim2_write var3_write \
  ccm_row_app1 ccm_row_app2 ccm_row_var1 ccm_row_var3 \
  ccm_row_case1 ccm_row_case2_default ccm_row_scc ccm_row_scc_sub \
  let_lay_objs let_push_cells \
  ccm_row_prim1 ccm_row_prim2 ccm_row_prim3 ccm_row_resume ccm_force \
  in_range check_run check_operand check_node ccm_code_ok check_program zero_costs lay_tops ccm_init ccm_init_run \
  ccm_step ccm_step_var ccm_step_var_enter ccm_step_var_thunk ccm_step_app ccm_step_let ccm_step_case ccm_step_scc \
  ccm_step_scc_sub ccm_step_prim ccm_step_value ccm_value_arg ccm_value_upd ccm_value_case \
  ccm_value_case_found ccm_value_case_default ccm_value_case_con \
  ccm_case_alt ccm_case2_args let_binds_in_code ccm_value_prim1 ccm_value_prim2 ccm_value_resume

# A row fired from a well-formed state keeps it (kernel/fire.h): every part
# of wf but code_wf after the row's frame, untyped (typed: several goals time
# out); the pieces above (typed: the lemma needs WP's typing hypotheses) get
# code_wf by the lemma wf_code_frame.
PROVE_FIRE := ccm_fire_app1 ccm_fire_app2 ccm_fire_var1 ccm_fire_var2 ccm_fire_var3 ccm_fire_let \
  ccm_fire_case1 ccm_fire_case2 ccm_fire_case2_default ccm_fire_scc ccm_fire_scc_sub \
  ccm_fire_prim1 ccm_fire_prim2 ccm_fire_prim3 ccm_fire_force ccm_fire_resume

# Proven in a second pass (-then) without WP's `Type` hypotheses
# (-wp-simplify-type: dropping hypotheses is sound).  These functions write many
# fields; with the typing facts of every intermediate memory in context the
# provers time out on frame goals that take 1-25 s without them.  What they
# need of C types is stated in their contracts instead (0 <= steps, 0 <= max_steps).

PROVE_FUNCS_UNTYPED := ccm_row_var2 ccm_row_force ccm_row_let let_row_pieces ccm_row_case2 case2_bind_args \
  init_lay ccm_run $(PROVE_FIRE)

comma := ,
empty :=
space := $(empty) $(empty)
prove_fcts = $(subst $(space),$(comma),$(strip $(1)))

# The smoke tests of a whole run, in passes of their own after the proofs
# (each function in the pass its proof is in: typed, then -wp-simplify-type),
# each limited to PROVE_SMOKE_STEPS: $(1) = the functions, $(2) = report
# basename.  Options carry over -then, so each pass sets all of its own, and
# the lemma pass after them resets the smoke tests and the step limit.
# prove_smoke_tests is all of it but the step limit, which
# proofs/smoke-calibrate.sh varies (prove-vars: PROVE_SMOKE_TESTS).
prove_smoke_tests = $(PROVE_SMOKE_ONLY) -wp-smoke-tests $(PROVE_SMOKE_KINDS) -wp-smoke-timeout $(PROVE_SMOKE_TIMEOUT)
prove_smoke_opts = $(prove_smoke_tests) -wp-steps $(PROVE_SMOKE_STEPS)
prove_smoke_typed = -then -wp-fct $(call prove_fcts,$(1)) -wp-no-simplify-type $(prove_smoke_opts) -wp-report-json $(PROVE_DIR)/$(2)-smoke.json
prove_smoke_untyped = -then -wp-fct $(call prove_fcts,$(1)) -wp-simplify-type $(prove_smoke_opts) -wp-report-json $(PROVE_DIR)/$(2)-smoke-untyped.json

# One frama-c process: the sources are parsed once, each `-then` starts the
# next pass.  $(1) = functions of the typed pass, $(2) = extra WP options,
# $(3) = report basename, $(4) = functions of the untyped pass, $(5) =
# non-empty to prove the ACSL lemmas too (-wp-fct selects no lemma), $(6) =
# non-empty for the smoke passes, $(7) = -wp-par, $(8) = log file.  Frama-C's
# own gate ends a whole run's process and any run with the lemmas: a property
# of a function another process proves is `untried` there, not `unknown`.
prove_frama = WHY3CONFIG=$(abspath $(PROVE_WHY3)) frama-c $(PROVE_FLAGS) -cpp-extra-args="$(PROVE_CPP)" $(PROVE_SRC) \
	  -wp -wp-rte -wp-prover $(PROVE_PROVERS) -wp-par $(7) -wp-timeout $(PROVE_TIMEOUT) $(2) \
	  $(if $(strip $(1)),-wp-fct $(call prove_fcts,$(1)) -wp-report-json $(PROVE_DIR)/$(3).json) \
	  $(if $(strip $(4)),$(if $(strip $(1)),-then) -wp-fct $(call prove_fcts,$(4)) -wp-simplify-type \
	    -wp-report-json $(PROVE_DIR)/$(3)-untyped.json) \
	  $(if $(6),$(if $(strip $(1)),$(call prove_smoke_typed,$(1),$(3))) $(if $(strip $(4)),$(call prove_smoke_untyped,$(4),$(3)))) \
	  $(if $(strip $(5)),-then -wp-fct= -wp-prop @lemma -wp-no-smoke-tests -wp-steps 0 \
	    -wp-report-json $(PROVE_DIR)/$(3)-lemmas.json) \
	  $(if $(strip $(5)$(6)),-then -report-classify -report-unclassified-unknown ERROR) \
	  > $(8) 2>&1

# A whole run but the prune (whose cache cleanup must see every goal of the
# run in one process) is PROVE_PARTS frama-c processes side by side, each
# proving the functions of its part, each in its pass, with their smoke tests.
# One process does Frama-C's own work (generating, simplifying and handing
# each goal to Why3: 470-511 s of a replay) serially, on one core; several
# do it on both cores.  Parts are cut along the call graph: Frama-C's gate
# consolidates a function's precondition from every call site, so the
# callers of one function must be proven in one process (elsewhere they
# are `untried`, which its gate accepts; some proven and some not would be
# `unknown`, which fails it).  Each part runs PROVE_PART_PAR provers: one
# each, three in all, as many as one process ran; with two each, six provers
# on two cores, no faster (815 s against 803 s) and twice as many goals over
# 10 s (18 against 9: each slow goal gets less of a core).  The logs are
# joined, in the order of PROVE_PARTS, and the gate reads them as one run.
# The measured balance: docs/proofs.md.
PROVE_PART_PAR ?= 1
PROVE_PARTS := step rows fire
# the row firings (untyped, the most prover work), the rows that have one
# caller each, the initial state's stores (init_lay and its callees),
# ccm_code_ok (its one caller, check_program, is in rows) and ccm_init_run
# (no caller in the kernel)
PROVE_PART_fire := $(PROVE_FIRE) ccm_row_force ccm_run ccm_value_case_con \
  init_lay zero_costs lay_tops ccm_code_ok ccm_init_run
# the rows that share a callee with another row (ccm_charge, ccm_lookup,
# ccm_pop_write, ccm_push_write, ccm_subcaf, ccm_control_int, ...), the let
# row's pieces, the program checks but ccm_code_ok (in_range's four
# callers, check_program among them, must be in one part), ccm_prim_apply
# (its caller ccm_value_prim2 is here), and ccm_init (one caller).  Each
# earlier cut and the parts' end times it gave: docs/proofs.md, "Measured".
PROVE_PART_rows := ccm_init ccm_push_write ccm_row_let let_row_pieces ccm_row_scc ccm_row_var1 ccm_row_var2 ccm_row_var3 var3_write \
  ccm_row_case2 ccm_row_case2_default ccm_row_prim3 ccm_row_app1 ccm_row_case1 ccm_row_prim1 \
  ccm_row_prim2 ccm_value_prim1 ccm_value_prim2 ccm_prim_apply case2_bind_args ccm_resolve let_lay_objs let_push_cells \
  check_program check_node check_operand check_run in_range
# the rest (ccm_step's goals: most of Frama-C's own work), and the lemmas
PROVE_PART_step := $(filter-out $(PROVE_PART_fire) $(PROVE_PART_rows),$(PROVE_FUNCS) $(PROVE_FUNCS_UNTYPED))
PROVE_PART_all := $(PROVE_FUNCS) $(PROVE_FUNCS_UNTYPED)
prove_in_two := $(filter $(PROVE_PART_rows),$(PROVE_PART_fire))
prove_unproven := $(filter-out $(PROVE_PART_all),$(PROVE_PART_rows) $(PROVE_PART_fire))
$(if $(prove_in_two),$(error mk/prove.mk: in two parts: $(prove_in_two)))
$(if $(prove_unproven),$(error mk/prove.mk: in a part but not proven: $(prove_unproven)))
PROVE_LEMMA_PARTS := step all
# run $(1) in parts (else one process, the part `all`), and its parts' -wp-par
prove_split = $(filter prove replay cold,$(1))
prove_parts = $(if $(call prove_split,$(1)),$(PROVE_PARTS),all)
prove_part_par = $(if $(call prove_split,$(1)),$(PROVE_PART_PAR),$(PROVE_PAR))
# the functions of $(2) in part $(1)
prove_in = $(filter $(PROVE_PART_$(1)),$(2))

# The gate's inputs from part $(2) of a run of prove_run's $(1), $(3), $(4),
# $(5), one per line: `report FILE` (a proving pass's JSON report) and
# `smoke-pass FILE` (a smoke pass's).  mk/certificate.mk reads them back.
prove_part_reports = \
  $(if $(call prove_in,$(2),$(1)),report $(PROVE_DIR)/$(3)-$(2).json) \
  $(if $(call prove_in,$(2),$(4)),report $(PROVE_DIR)/$(3)-$(2)-untyped.json) \
  $(if $(and $(strip $(5)),$(filter $(2),$(PROVE_LEMMA_PARTS))),report $(PROVE_DIR)/$(3)-$(2)-lemmas.json) \
  $(if $(call prove_whole,$(3)),$(if $(call prove_in,$(2),$(1)),smoke-pass $(PROVE_DIR)/$(3)-$(2)-smoke.json) \
    $(if $(call prove_in,$(2),$(4)),smoke-pass $(PROVE_DIR)/$(3)-$(2)-smoke-untyped.json))

# One part's process, in the background; its log ends with its exit status
# and time (a part whose log lacks that line fails the run).
define prove_part
	{ $(call prove_frama,$(call prove_in,$(6),$(1)),$(2),$(3)-$(6),$(call prove_in,$(6),$(4)),$(if $(filter $(6),$(PROVE_LEMMA_PARTS)),$(5)),$(call prove_whole,$(3)),$(call prove_part_par,$(3)),$(PROVE_DIR)/$(3)-$(6).log); \
	  echo "prove: exit $$? after $$(( $$(date +%s) - start )) s" >> $(PROVE_DIR)/$(3)-$(6).log; } &
endef

# $(1) = functions (typed pass), $(2) = extra WP options, $(3) = log/report
# basename, $(4) = functions of the untyped pass (may be empty), $(5) = non-empty
# to prove the ACSL lemmas too.
define prove_run
	@mkdir -p $(PROVE_DIR)
	@[ -s $(PROVE_WHY3) ] || WHY3CONFIG=$(abspath $(PROVE_WHY3)) why3 config detect >/dev/null 2>&1
	@echo "prove: $(words $(1) $(4)) function(s), provers $(PROVE_PROVERS), timeout $(PROVE_TIMEOUT)s, $(words $(call prove_parts,$(3))) process(es) ($(call prove_parts,$(3))) of par $(call prove_part_par,$(3))"
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
	  --times $(PROVE_DIR)/goal-times.tsv $(PROVE_DIR)/$(3).log $$st $$((end-start)) \
	  $$(sed -n 's/^report //p' $(PROVE_DIR)/$(3).reports)
endef

# every target that runs Frama-C with PROVE_FLAGS (prove-vars: the scripts
# that take them); the copy because ocamlopt writes its .cmi, .cmx and .o
# beside the source
prove-vars prove-update prove-fn prove-replay prove-cold prove-prune prove-mutants prove-smoke-calibrate: $(PROVE_GC)
$(PROVE_GC): proofs/frama_gc.ml
	@mkdir -p $(PROVE_DIR)/gc
	@cp $< $(PROVE_DIR)/gc/frama_gc.ml
	@ocamlopt -shared -o $@ $(PROVE_DIR)/gc/frama_gc.ml

# what proofs/mutants.sh needs of this file, as shell assignments: the same
# Frama-C flags and provers as make prove, and the functions of the -wp-simplify-type pass
.PHONY: prove-vars
prove-vars:
	@echo "PROVE_FLAGS='$(PROVE_FLAGS)'"
	@echo "PROVE_CSTD='$(CSTD)'"
	@echo "PROVE_UNTYPED='$(strip $(PROVE_FUNCS_UNTYPED))'"
	@echo "PROVE_PROVERS='$(PROVE_PROVERS)'"
	@echo "PROVE_SMOKE_TESTS='$(prove_smoke_tests)'"

.PHONY: prove prove-update prove-fn prove-replay prove-cold prove-rebuild prove-prune prove-mutants prove-smoke-calibrate
# First from the cache alone, with many cache lookups in flight (they wait
# on WP's scheduler, not on the CPU: 381 cached goals take 42 s at -wp-par 2,
# 24 s at 8); if any goal is missing from the cache or not valid there,
# again with the provers, PROVE_PAR at a time (each prover is CPU-bound:
# many more provers than cores would slow the slow goals toward the timeout).
PROVE_REPLAY_PAR ?= 8
prove:
	@$(MAKE) --no-print-directory prove-replay PROVE_PAR=$(PROVE_REPLAY_PAR) PROVE_PART_PAR=$(PROVE_REPLAY_PAR) || { \
	  echo "prove: not every goal is valid in the cache (proofs/wp-session): proving with the provers"; \
	  $(MAKE) --no-print-directory prove-update; }

prove-update:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache update,prove,$(PROVE_FUNCS_UNTYPED),lemmas)

# one function, in the pass its proof belongs to (LEMMAS=1: the lemmas too)
prove-fn:
	$(call prove_run,$(filter-out $(PROVE_FUNCS_UNTYPED),$(FN)),-wp-session $(PROVE_SESSION) -wp-cache update,prove-fn,$(filter $(PROVE_FUNCS_UNTYPED),$(FN)),$(LEMMAS))

prove-ccm_%:
	$(MAKE) --no-print-directory prove-fn FN=ccm_$*

prove-replay:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache offline,replay,$(PROVE_FUNCS_UNTYPED),lemmas)

# The proof from nothing, as a skeptical reader runs it: WP's cache is off
# (-wp-cache none: nothing read from proofs/wp-session, nothing written), so
# every goal Qed does not close goes to the provers.  CI runs this one.
prove-cold:
	$(call prove_run,$(PROVE_FUNCS),-wp-cache none,cold,$(PROVE_FUNCS_UNTYPED),lemmas)

prove-rebuild:
	rm -rf $(PROVE_SESSION)
	$(MAKE) --no-print-directory prove-update PROVE_PAR=1

# Drop every cache entry the current contracts do not use: WP's cleanup
# mode proves like prove-update (a miss runs the provers) and, at the end,
# deletes the entries no goal of this run looked up.  Run it after a
# successful `make prove`, before committing proofs/wp-session.
prove-prune:
	$(call prove_run,$(PROVE_FUNCS),-wp-session $(PROVE_SESSION) -wp-cache cleanup,prune,$(PROVE_FUNCS_UNTYPED),lemmas)
	@echo "prove-prune: $$(ls $(PROVE_SESSION)/cache | wc -l) cache entries, $$(du -sh $(PROVE_SESSION) | cut -f1)"

prove-mutants:
	@bash proofs/mutants.sh

# how many resource units a smoke test needs to find the contradictions of
# proofs/smoke-calibration/ (STEPS="40000 50000 60000"): PROVE_SMOKE_STEPS's measure
prove-smoke-calibrate:
	@bash proofs/smoke-calibrate.sh $(STEPS)

# the gate itself, on hand-made reports (no prover): make check
CHECK_SUITES += "bash tests/proofs/test_gate.sh"
