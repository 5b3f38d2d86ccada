(* Charged.v -- which cost centres a run can charge, computed: theta is a
   function (Costs.v), so a driver printing it must choose where to
   evaluate it.  A row changes theta only at the current cost centre before
   or after it (section 4's theta column: "to cc", or for scc "to cc'" and
   "to cc"), so every cost centre the run charged is the current one of a
   state it passed through; seen_ccs lists those along the same fuelled run
   as Interp.run_machine, and run_machine_charged proves theta unchanged at
   every cost centre not in the list.  ccm-coq evaluates theta at exactly
   these (and MAIN). *)
Require Import String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Interp.
Import ListNotations.

(* A row changes theta only at the cost centre current before or after it. *)
Lemma step_charges : forall rs sc s s',
    step rs sc s s' -> forall a k, th s' a k <> th s a k -> a = ccc s \/ a = ccc s'.
Proof.
  intros rs sc s s' H a k Hne. inversion H; subst; simpl in *;
    try (exfalso; apply Hne; reflexivity);
    unfold charge in Hne;
    repeat (destruct (string_dec _ _); subst; auto);
    exfalso; apply Hne; reflexivity.
Qed.

(* c added to acc unless already there. *)
Definition add_cc (c : cc) (acc : list cc) : list cc :=
  if existsb (String.eqb c) acc then acc else c :: acc.

Lemma add_cc_in : forall c acc, In c (add_cc c acc).
Proof.
  intros c acc. unfold add_cc. destruct (existsb (String.eqb c) acc) eqn:E.
  - apply existsb_exists in E. destruct E as [x [Hx Hc]].
    apply String.eqb_eq in Hc. subst. assumption.
  - left. reflexivity.
Qed.

Lemma add_cc_keeps : forall c acc a, In a acc -> In a (add_cc c acc).
Proof.
  intros c acc a H. unfold add_cc. destruct (existsb (String.eqb c) acc); [assumption | right; assumption].
Qed.

(* The current cost centres of the states run_from passes through (with
   the same fuel and the same stopping rule), added to acc. *)
Fixpoint seen_from (rs : ruleset) (sc : scoping) (fuel : nat) (s : state) (acc : list cc)
  : list cc :=
  match fuel with
  | O => add_cc (ccc s) acc
  | S f => match step_fn rs sc s with
           | Some s' => seen_from rs sc f s' (add_cc (ccc s) acc)
           | None => add_cc (ccc s) acc
           end
  end.

Definition seen_ccs (rs : ruleset) (sc : scoping) (fuel : nat) (s : state) : list cc :=
  seen_from rs sc fuel s [].

Lemma seen_from_acc : forall rs sc fuel s acc a, In a acc -> In a (seen_from rs sc fuel s acc).
Proof.
  induction fuel as [|f IH]; intros s acc a H; simpl.
  - apply add_cc_keeps. assumption.
  - destruct (step_fn rs sc s); [apply IH|]; apply add_cc_keeps; assumption.
Qed.

Lemma seen_from_start : forall rs sc fuel s acc, In (ccc s) (seen_from rs sc fuel s acc).
Proof.
  destruct fuel as [|f]; intros s acc; simpl.
  - apply add_cc_in.
  - destruct (step_fn rs sc s); [apply seen_from_acc|]; apply add_cc_in.
Qed.

Lemma run_from_charged : forall rs sc fuel n s acc m s',
    run_from rs sc fuel n s = (m, s') ->
    forall a k, th s' a k <> th s a k -> In a (seen_from rs sc fuel s acc).
Proof.
  induction fuel as [|f IH]; intros n s acc m s' H a k Hne; simpl in H |- *.
  - injection H as <- <-. congruence.
  - destruct (step_fn rs sc s) as [s1|] eqn:E.
    + destruct (Nat.eq_dec (th s' a k) (th s1 a k)) as [Heq|Hne1].
      * (* the change happened in the first row *)
        rewrite Heq in Hne.
        destruct (step_charges _ _ _ _ (step_fn_sound _ _ _ _ E) a k Hne) as [-> | ->].
        -- apply seen_from_acc. apply add_cc_in.
        -- apply seen_from_start.
      * eapply IH; eassumption.
    + injection H as <- <-. congruence.
Qed.

(* The fuelled run changes theta at no cost centre outside seen_ccs: from
   the empty theta of an initial state, every other cost centre stays 0. *)
Theorem run_machine_charged : forall rs sc fuel s n s',
    run_machine rs sc fuel s = (n, s') ->
    forall a k, ~ In a (seen_ccs rs sc fuel s) -> th s' a k = th s a k.
Proof.
  intros rs sc fuel s n s' H a k Hn.
  destruct (Nat.eq_dec (th s' a k) (th s a k)) as [E|E]; [assumption|].
  exfalso. apply Hn. eapply run_from_charged; eassumption.
Qed.
