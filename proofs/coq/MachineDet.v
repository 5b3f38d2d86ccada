(* MachineDet.v -- a plain run is deterministic: at most one row of
   Machine.step fires in any state (docs/semantics.md section 4, where each
   state matches at most one row; the kernel's dispatch relies on the same
   fact).  Force (Machine.step_force) is left out on purpose: it is the
   test's free choice. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine.
Import ListNotations.

Theorem step_deterministic :
  forall rs sc s s1 s2, step rs sc s s1 -> step rs sc s s2 -> s1 = s2.
Proof.
  intros rs sc s s1 s2 H1 H2.
  destruct H1; inversion H2; subst; simpl in *;
    try discriminate; try reflexivity;
    same_lookups;
    try reflexivity; try contradiction; try discriminate.
Qed.

(* A final state (a value with an empty stack, section 5.1) has no step: a
   run that reaches one has ended. *)
Theorem final_no_step : forall rs sc s s', final s -> ~ step rs sc s s'.
Proof.
  intros rs sc s s' [Hv Hs] H. destruct H; simpl in *; discriminate.
Qed.
