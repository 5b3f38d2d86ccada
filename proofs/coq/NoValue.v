(* NoValue.v -- the runs of docs/semantics.md section 6 (stuck: neither
   final nor matched by a row) and runs that never end, against the
   big-step rules: either kind of run is a program the rules give no value,
   and such a program has no run that ends final (that every run then gets
   stuck or goes on for ever is the excluded middle, not stated here).
   Consequences of T1 (Sound.v), T2 (Complete.v) and
   the machine's determinism; stated so that "the machine computes the
   big-step semantics" also covers the runs that do not end in a value. *)
Require Import String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet
        Ccm.Run Ccm.RunSplit Ccm.Program Ccm.Complete Ccm.Sound.
Import ListNotations.

(* Stuck (section 6): not final, and no row fires. *)
Definition stuck (rs : ruleset) (sc : scoping) (s : state) : Prop :=
  ~ final s /\ forall s', ~ step rs sc s s'.

(* A program the rules give a value never gets stuck: its run ends final
   (T2), and a deterministic run passes through no other dead end. *)
Theorem eval_not_stuck : forall rs sc p th0 D z cz n s,
    prog_eval rs sc p th0 D z cz ->
    steps rs sc n (init_state p) s -> ~ stuck rs sc s.
Proof.
  intros rs sc p th0 D z cz n s E R [NF NS].
  destruct (machine_complete _ _ _ _ _ _ _ E) as (m & sf & Rf & F & _).
  destruct (steps_split _ _ _ _ _ _ _ Rf F R) as (_ & Rs).
  inversion Rs; subst; [contradiction | eapply NS; eassumption].
Qed.

(* ... nor runs for ever: its runs are no longer than the one that ends. *)
Theorem eval_terminates : forall rs sc p th0 D z cz,
    prog_eval rs sc p th0 D z cz ->
    exists m, forall n s, steps rs sc n (init_state p) s -> n <= m.
Proof.
  intros rs sc p th0 D z cz E.
  destruct (machine_complete _ _ _ _ _ _ _ E) as (m & sf & Rf & F & _).
  exists m. intros n s R.
  destruct (steps_split _ _ _ _ _ _ _ Rf F R) as (L & _). exact L.
Qed.

(* Conversely, a run that gets stuck or never ends is a program the rules
   give no value. *)
Corollary stuck_no_eval : forall rs sc p n s,
    steps rs sc n (init_state p) s -> stuck rs sc s ->
    forall th0 D z cz, ~ prog_eval rs sc p th0 D z cz.
Proof.
  intros rs sc p n s R St th0 D z cz E. eapply eval_not_stuck; eassumption.
Qed.

Corollary diverges_no_eval : forall rs sc p,
    (forall n, exists s, steps rs sc n (init_state p) s) ->
    forall th0 D z cz, ~ prog_eval rs sc p th0 D z cz.
Proof.
  intros rs sc p Inf th0 D z cz E.
  destruct (eval_terminates _ _ _ _ _ _ _ E) as (m & Hm).
  destruct (Inf (S m)) as (s & R).
  specialize (Hm _ _ R). lia.
Qed.

(* A program without a derivation has no run that ends final (T1). *)
Corollary no_eval_no_final : forall rs sc p,
    (forall th0 D z cz, ~ prog_eval rs sc p th0 D z cz) ->
    forall n s, steps rs sc n (init_state p) s -> ~ final s.
Proof.
  intros rs sc p NE n s R F.
  destruct (machine_sound _ _ _ _ _ R F) as (th0 & E & _).
  eapply NE; exact E.
Qed.
