(* Run.v -- runs of the machine: n rows in a row ("steps" of the run
   summaries, docs/semantics.md section 6 counts them). *)
Require Import Lia String.
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

(* Two runs in a row are a run: how T2's induction will glue the
   sub-derivations' runs together. *)
Lemma steps_trans : forall rs sc n m s1 s2 s3,
    steps rs sc n s1 s2 -> steps rs sc m s2 s3 -> steps rs sc (n + m) s1 s3.
Proof.
  intros rs sc n m s1 s2 s3 H. revert m s3.
  induction H; intros; simpl; [assumption | econstructor; eauto].
Qed.

(* Every row reads at most the top frame, so frames below the stack a step
   starts with are carried along untouched: a sub-evaluation runs the same
   with any continuation under it (T2's induction needs this). *)
Lemma step_stack_extend : forall rs sc c G e S t c' G' e' S' t' R,
    step rs sc (mkstate c G e S t) (mkstate c' G' e' S' t') ->
    step rs sc (mkstate c G e (S ++ R) t) (mkstate c' G' e' (S' ++ R) t').
Proof.
  intros. inversion H; subst; simpl; econstructor; eauto.
Qed.

(* The same for a whole run. *)
Lemma steps_stack_extend : forall rs sc n s s' R,
    steps rs sc n s s' ->
    steps rs sc n (mkstate (ccc s) (hp s) (ctl s) (stk s ++ R) (th s))
                  (mkstate (ccc s') (hp s') (ctl s') (stk s' ++ R) (th s')).
Proof.
  induction 1; [constructor|].
  econstructor; [|eassumption].
  destruct s1, s2; simpl in *. apply step_stack_extend; assumption.
Qed.

(* A row adds to theta whatever theta it starts from (section 4: "adds at
   most one entry to theta"): from any other theta t0 the same row fires
   and ends at t0 plus the same amounts, pointwise.  T2 needs this to run a
   sub-derivation in the middle of a run. *)
Lemma step_theta_shift : forall rs sc c G e S t c' G' e' S' t' t0,
    step rs sc (mkstate c G e S t) (mkstate c' G' e' S' t') ->
    exists t0', step rs sc (mkstate c G e S t0) (mkstate c' G' e' S' t0') /\
                forall a0 k0, t0' a0 k0 + t a0 k0 = t' a0 k0 + t0 a0 k0.
Proof.
  intros. inversion H; subst.
  all: eexists; split; [econstructor; eassumption|].
  all: intros a0 k0; unfold charge.
  all: repeat destruct (string_dec _ _); repeat destruct (counter_eq_dec _ _); lia.
Qed.

(* The same for a whole run: what a run adds to theta does not depend on
   the theta it starts from. *)
Lemma steps_theta_shift : forall rs sc n s s' t0,
    steps rs sc n s s' ->
    exists t0', steps rs sc n (mkstate (ccc s) (hp s) (ctl s) (stk s) t0)
                              (mkstate (ccc s') (hp s') (ctl s') (stk s') t0') /\
                forall a0 k0, t0' a0 k0 + th s a0 k0 = th s' a0 k0 + t0 a0 k0.
Proof.
  intros rs sc n s s' t0 H. revert t0.
  induction H as [s | n s1 s2 s3 Hst Hrest IH]; intros t0.
  - exists t0. split; [constructor | intros; lia].
  - destruct s1 as [c1 G1 e1 S1 t1], s2 as [c2 G2 e2 S2 t2]; simpl in *.
    destruct (step_theta_shift _ _ _ _ _ _ _ _ _ _ _ t2 t0 Hst) as [t1' [Hst' Ht1']].
    destruct (IH t1') as [t3' [Hrest' Ht3']]; simpl in *.
    exists t3'. split; [econstructor; eassumption|].
    intros a0 k0. specialize (Ht1' a0 k0). specialize (Ht3' a0 k0). lia.
Qed.
