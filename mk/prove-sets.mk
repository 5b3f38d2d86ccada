# mk/prove-sets.mk -- what `make prove` proves (mk/prove.mk runs it): every
# function of kernel/ in the WP pass it is proven in, and the three processes
# a whole run is cut into.  The gate checks that no function of kernel/ is
# missing from these lists.

# the collector (kernel/collect.c): the marking, and the sliding with its callers
PROVE_GC_MARK := gc_zero gc_reach_obj gc_reach_cell gc_reach_frame gc_roots gc_scan_obj gc_scan_cell gc_scan \
  gc_mark gc_mark_m
PROVE_GC_FUNCS := $(PROVE_GC_MARK) gc_slide_objs gc_slide_cells gc_rename_envs gc_move_frame gc_move_frames \
  gc_costs_fit gc_slide gc_finish ccm_collect
# Every function of kernel/ (the gate checks it).  The typed pass:
PROVE_FUNCS := ccm_charge ccm_sub ccm_subcaf ccm_control_int ccm_control_is_int \
  ccm_lookup ccm_resolve ccm_push_cell ccm_is_value_node ccm_prim_apply \
  ccm_rule_name ccm_status_kind \
  ccm_push_write ccm_pop_write app2_write prim2_write var3_write \
  ccm_row_app1 ccm_row_app2 ccm_row_var1 ccm_row_var3 \
  ccm_row_case1 ccm_row_case2_default ccm_row_scc ccm_row_scc_sub \
  let_lay_objs let_push_cells \
  ccm_row_prim1 ccm_row_prim2 ccm_row_prim3 ccm_row_resume ccm_force is_thunk \
  in_range check_run check_operand check_node ccm_code_ok check_program check_options zero_u64 lay_tops ccm_init ccm_init_run \
  ccm_step ccm_step_var ccm_step_var_enter ccm_step_var_thunk ccm_step_app ccm_step_let ccm_step_case ccm_step_scc \
  ccm_step_scc_sub ccm_step_prim ccm_step_value ccm_value_arg ccm_value_upd ccm_value_case \
  ccm_value_case_found ccm_value_case_default ccm_value_case_con \
  ccm_case_alt ccm_case2_args let_binds_in_code ccm_value_prim1 ccm_value_prim2 ccm_value_resume \
  stack_hash ccm_stack_intern ccm_stack_cut ccm_stack_push ccm_stack_reindex lay_stacks check_table \
  stack_depth stack_up stack_meet ccm_call_count ccm_call_room ccm_call_step ccm_ghc_call ccm_row_call \
  $(PROVE_GC_FUNCS)
# the row firings: a row fired from a wf state keeps it (kernel/fire.h)
PROVE_FIRE := ccm_fire_app1 ccm_fire_app2 ccm_fire_var1 ccm_fire_var2 ccm_fire_var3 ccm_fire_let \
  ccm_fire_case1 ccm_fire_case2 ccm_fire_case2_default ccm_fire_scc ccm_fire_scc_sub \
  ccm_fire_prim1 ccm_fire_prim2 ccm_fire_prim3 ccm_fire_force ccm_fire_resume ccm_fire_call
# Proven without WP's typing hypotheses (-wp-simplify-type: dropping
# hypotheses is sound): functions that write many fields, whose frame goals
# drown in the typing facts of every intermediate memory.
PROVE_FUNCS_UNTYPED := ccm_row_var2 ccm_row_force ccm_row_let let_row_pieces ccm_row_case2 case2_bind_args \
  init_lay ccm_run $(PROVE_FIRE)

# A whole run (but the prune, whose cache cleanup must see every goal) is
# three frama-c processes side by side, one prover each, so that Frama-C's
# own serial work runs on both cores.  Parts are cut along the call graph:
# Frama-C's gate consolidates a precondition over all call sites, so all the
# callers of a function are in one part.
PROVE_PART_PAR ?= 1
PROVE_PARTS := step rows fire
# the row firings, the other heaviest untyped goals, and the callers of
# ccm_pop_write (the balance: docs/proof-log.md)
PROVE_PART_fire := $(PROVE_FIRE) ccm_row_force ccm_run ccm_code_ok ccm_init_run \
  ccm_row_case2 ccm_row_case2_default ccm_row_prim3
# the rows that share a callee, let's pieces, the program checks (in_range's
# callers together), ccm_init with its stores, the collector's marking
# (zero_u64's other caller) (the balance: docs/proof-log.md)
PROVE_PART_rows := ccm_init check_options check_table lay_stacks init_lay zero_u64 lay_tops ccm_push_write ccm_row_let let_row_pieces ccm_row_scc ccm_row_var1 ccm_row_var2 ccm_row_var3 var3_write \
  ccm_row_app1 ccm_row_case1 ccm_row_prim1 \
  ccm_row_prim2 ccm_value_prim1 ccm_value_prim2 ccm_prim_apply case2_bind_args ccm_resolve let_lay_objs let_push_cells \
  check_program check_node check_operand check_run in_range \
  $(PROVE_GC_MARK)
# the rest (ccm_step's goals: most of Frama-C's own work), and the lemmas
PROVE_PART_step := $(filter-out $(PROVE_PART_fire) $(PROVE_PART_rows),$(PROVE_FUNCS) $(PROVE_FUNCS_UNTYPED))
PROVE_PART_all := $(PROVE_FUNCS) $(PROVE_FUNCS_UNTYPED)
$(if $(filter $(PROVE_PART_rows),$(PROVE_PART_fire)),$(error mk/prove-sets.mk: in two parts: $(filter $(PROVE_PART_rows),$(PROVE_PART_fire))))
$(if $(filter-out $(PROVE_PART_all),$(PROVE_PART_rows) $(PROVE_PART_fire)),$(error mk/prove-sets.mk: in a part but not proven))
PROVE_LEMMA_PARTS := step all
