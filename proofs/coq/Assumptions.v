(* Assumptions.v -- not part of the development (_CoqProject leaves it out):
   proofs/coq/check.sh compiles it after the development and requires every
   "Print Assumptions" below to answer "Closed under the global context",
   i.e. the lemma rests on no axiom, Parameter or admitted proof.  Add a line
   here for every main theorem. *)
Require Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.MachineDet Ccm.Run Ccm.Example.
Print Assumptions Ccm.Costs.charge_same.
Print Assumptions Ccm.Costs.charge_other_cc.
Print Assumptions Ccm.Syntax.is_value_subst.
Print Assumptions Ccm.BigStepDet.eval_deterministic.
Print Assumptions Ccm.MachineDet.step_deterministic.
Print Assumptions Ccm.MachineDet.final_no_step.
Print Assumptions Ccm.Run.steps_deterministic.
Print Assumptions Ccm.Example.example_machine.
Print Assumptions Ccm.Example.example_bigstep.
Print Assumptions Ccm.Run.steps_trans.
Print Assumptions Ccm.Run.step_stack_extend.
Print Assumptions Ccm.Run.steps_stack_extend.
