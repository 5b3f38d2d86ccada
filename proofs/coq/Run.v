(* Run.v -- runs of the machine: n rows in a row ("steps" of the run
   summaries, docs/semantics.md section 6 counts them). *)
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet.

(* steps rs sc n s s': n rows of Machine.step lead from s to s'. *)
Inductive steps (rs : ruleset) (sc : scoping) : nat -> state -> state -> Prop :=
| steps_refl : forall s, steps rs sc 0 s s
| steps_cons : forall n s1 s2 s3,
    step rs sc s1 s2 -> steps rs sc n s2 s3 -> steps rs sc (S n) s1 s3.

(* A plain run is a function of its start: same number of steps, same end. *)
Theorem steps_deterministic :
  forall rs sc n s s1 s2, steps rs sc n s s1 -> steps rs sc n s s2 -> s1 = s2.
Proof.
  intros rs sc n s s1 s2 H. revert s2.
  induction H as [s | n s1' s2' s3 Hst Hrest IH]; intros s2 H2; inversion H2; subst.
  - reflexivity.
  - match goal with H : step _ _ s1' ?m |- _ =>
      pose proof (Ccm.MachineDet.step_deterministic _ _ _ _ _ Hst H) as E end.
    subst. apply IH. assumption.
Qed.
