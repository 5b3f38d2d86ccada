(* Extract.v -- the model's machine as OCaml (make coq writes
   build/coq/ccm_model.ml; proofs/coq/ocaml/ is the driver that runs it and
   make coq-check compares it with ccm, docs/coq.md).

   What is extracted is the proven code of Interp.v (step_fn, run_machine,
   stop_of), Order.v (ostep_fn, ostop_of: either operand order),
   Lockstep.v (rule_of, orule_of, force_fn: the lockstep comparison's row
   names and early forcing), Charged.v (seen_ccs, where theta can be non-zero), BigInterp.v
   (interp) and the initial state of Program.v; over cost-centre stacks,
   StackInterp.v (sstep_fn, srule_of, sforce_fn, sstop_of: the machine of
   Stacks.v, its row names, force and stop) and Stacks.sinit_state;
   nothing written for the occasion.  Representation choices, each for a reason:
   - string -> OCaml string (ExtrOcamlNativeString): cost-centre names and
     binders, compared with OCaml's (=), which is String.eqb / string_dec;
   - nat -> OCaml int (ExtrOcamlNatInt): heap addresses, counters, step
     counts and the fuel stay far below 2^62;
   - Z is NOT realized: integers keep Coq's binary representation (Z0,
     Zpos, Zneg over xI/xO/xH), so the 64-bit range check and the
     truncating / and % of BigStep.prim_result (section 6: overflow,
     division by zero, INT64_MIN % -1 = 0) run as proven, with no OCaml
     integer (63-bit) in between; the driver converts literals in and
     values out through Int64. *)
Require Import Extraction ExtrOcamlBasic ExtrOcamlNativeString ExtrOcamlNatInt.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program Ccm.Interp Ccm.Charged Ccm.BigInterp Ccm.Order Ccm.Lockstep
               Ccm.Stacks Ccm.StackInterp.

Extraction Language OCaml.

Extraction "ccm_model.ml"
  Costs.counter Costs.ruleset Costs.scoping
  Syntax.expr Program.mkprogram Program.init_state
  Program.init_cc Program.init_heap Program.init_ctl
  Interp.run_machine Interp.stop_of Charged.seen_ccs BigInterp.interp
  Interp.step_fn Lockstep.rule_of Lockstep.force_fn
  Order.ostep_fn Order.ostop_of Lockstep.orule_of
  Stacks.push_policy Stacks.call_policy Stacks.call_of Stacks.sinit_state
  StackInterp.sstep_fn StackInterp.srule_of StackInterp.sforce_fn StackInterp.sstop_of.
