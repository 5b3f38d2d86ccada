(* StackGhc.v -- the flattening theorem (StackFlat.v) does not hold for
   call ghc (docs/stacks.md section 7): for every rule set and push policy,
   and for either scoping, a program whose run over stacks under call ghc
   has, after n rows, a current stack whose top is not the flat machine's
   cost centre after n rows under that scoping.  Against lexical scoping:
   docs/stacks.md's stacks_local shape (a function made under <MAIN>,
   called inside scc "c": Sl is a prefix of Sa, nothing is pushed, the body
   runs under <MAIN,c>, lexically under MAIN).  Against evaluation scoping:
   the stacks_hof shape (a function made under scc "inc", called under
   <MAIN>: ghc pushes inc, evaluation scoping keeps MAIN).  Also: the
   machine over stacks is deterministic, as the flat one is. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet
        Ccm.Run Ccm.Program Ccm.Interp Ccm.Stacks Ccm.StackFlat.
Import ListNotations.
Open Scope string_scope.

(* At most one row over stacks fires in a state. *)
Theorem sstep_deterministic : forall rs p cp s s1 s2,
    sstep rs p cp s s1 -> sstep rs p cp s s2 -> s1 = s2.
Proof.
  intros rs p cp s s1 s2 H1 H2.
  destruct H1; inversion H2; subst; simpl in *;
    try discriminate; try reflexivity;
    same_lookups;
    try reflexivity; try contradiction; try discriminate.
Qed.

Theorem ssteps_deterministic : forall rs p cp n s s1 s2,
    ssteps rs p cp n s s1 -> ssteps rs p cp n s s2 -> s1 = s2.
Proof.
  intros rs p cp n s s1 s2 H. revert s2.
  induction H as [s | n s1' s2' s3 Hst Hrest IH]; intros s2 H2; inversion H2; subst.
  - reflexivity.
  - match goal with H : sstep _ _ _ s1' ?m |- _ =>
      pose proof (sstep_deterministic _ _ _ _ _ _ Hst H) as E end.
    subst. apply IH. assumption.
Qed.

(* main = let g = \x -> x; a = 1 in scc "c" (g a) *)
Definition prog_local : program :=
  mkprogram (Let [("g", Lam "x" (Var (VName "x"))); ("a", Int 1)]
                 (Scc "c" (App (Var (VName "g")) (VName "a")))) [].

(* main = let g = scc "inc" (\x -> x); a = 1 in g a *)
Definition prog_hof : program :=
  mkprogram (Let [("g", Scc "inc" (Lam "x" (Var (VName "x")))); ("a", Int 1)]
                 (App (Var (VName "g")) (VName "a"))) [].

(* Six rows of prog_local under call ghc: var2 main, let, scc c, app1,
   var1 g, app2; the body runs under <MAIN,c> (top c), whatever the push
   policy. *)
Lemma local_ghc_run : forall rs p, exists s',
    ssteps rs p CallGhc 6 (sinit_state prog_local) s' /\ top (scur s') = "c".
Proof.
  intros rs p. eexists. split.
  - eapply ssteps_cons; [apply SStep_Var2; reflexivity|].
    eapply ssteps_cons; [apply SStep_Let|].
    eapply ssteps_cons; [apply SStep_Scc|].
    eapply ssteps_cons; [apply SStep_App1|].
    eapply ssteps_cons; [apply SStep_Var1; reflexivity|].
    eapply ssteps_cons; [apply SStep_App2|].
    apply ssteps_refl.
  - destruct rs, p; reflexivity.
Qed.

(* Seven rows of prog_hof under call ghc: var2 main, let, app1, var2 g,
   scc inc, var3 g, app2; the body runs under <MAIN,inc> (top inc). *)
Lemma hof_ghc_run : forall rs p, exists s',
    ssteps rs p CallGhc 7 (sinit_state prog_hof) s' /\ top (scur s') = "inc".
Proof.
  intros rs p. eexists. split.
  - eapply ssteps_cons; [apply SStep_Var2; reflexivity|].
    eapply ssteps_cons; [apply SStep_Let|].
    eapply ssteps_cons; [apply SStep_App1|].
    eapply ssteps_cons; [apply SStep_Var2; reflexivity|].
    eapply ssteps_cons; [apply SStep_Scc|].
    eapply ssteps_cons; [apply SStep_Var3; reflexivity|].
    eapply ssteps_cons; [apply SStep_App2|].
    apply ssteps_refl.
  - destruct rs, p; reflexivity.
Qed.

(* The flat runs of the same length: under lexical scoping prog_local's
   body runs under MAIN; under evaluation scoping prog_hof's does. *)
Lemma local_lexical_run : forall rs f,
    steps rs Lexical 6 (init_state prog_local) f -> ccc f = "MAIN".
Proof.
  intros rs f H.
  assert (R : steps rs Lexical 6 (init_state prog_local)
                (snd (run_machine rs Lexical 6 (init_state prog_local))))
    by (apply run_machine_steps with (fuel := 6); destruct rs; reflexivity).
  rewrite (steps_deterministic _ _ _ _ _ _ H R). destruct rs; reflexivity.
Qed.

Lemma hof_evaluation_run : forall rs f,
    steps rs Evaluation 7 (init_state prog_hof) f -> ccc f = "MAIN".
Proof.
  intros rs f H.
  assert (R : steps rs Evaluation 7 (init_state prog_hof)
                (snd (run_machine rs Evaluation 7 (init_state prog_hof))))
    by (apply run_machine_steps with (fuel := 7); destruct rs; reflexivity).
  rewrite (steps_deterministic _ _ _ _ _ _ H R). destruct rs; reflexivity.
Qed.

(* Call ghc does not flatten: for every rule set, push policy and scoping
   there is a program and a run over stacks under call ghc whose current
   stack's top is not the current cost centre of the flat run of the same
   length under that scoping; so StackFlat.flattening fails with call ghc
   in place of call_of sc. *)
Theorem ghc_call_not_flat : forall rs p sc, exists prog n s',
    ssteps rs p CallGhc n (sinit_state prog) s' /\
    forall f, steps rs sc n (init_state prog) f -> ccc f <> top (scur s').
Proof.
  intros rs p [|].
  - destruct (local_ghc_run rs p) as [s' [R T]].
    exists prog_local, 6, s'. split; [exact R|].
    intros f Hf. rewrite (local_lexical_run rs f Hf), T. discriminate.
  - destruct (hof_ghc_run rs p) as [s' [R T]].
    exists prog_hof, 7, s'. split; [exact R|].
    intros f Hf. rewrite (hof_evaluation_run rs f Hf), T. discriminate.
Qed.
