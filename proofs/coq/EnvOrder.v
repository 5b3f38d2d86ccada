(* EnvOrder.v -- the environment machine with either operand order
   (--order, Order.v): right to left changes prim1 and prim3, as
   Order.rtl_row does and as the kernel's rows do (Step_Prim1 and the
   prim2/prim3 operands under CCM_RIGHT_TO_LEFT, acsl/ccm_rows.h,
   acsl/ccm_step.h).  Proven: eostep o and Order.ostep o are bisimilar row
   by row under srel, rows named by Lockstep.orule_of, and so are runs
   with forcing. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Order.
Require Import Ccm.Lockstep Ccm.EnvMachine Ccm.EnvDecode Ccm.EnvBisim.
Import ListNotations.
Open Scope list_scope.

(* The two rows right to left changes. *)
Inductive ertl_row : rule -> estate -> estate -> Prop :=
(* prim1, right to left: push the left operand as the one still to do;
   the right operand first; P to cc. *)
| ER_Prim1 : forall c M op a1 a2 env n S t,
    ertl_row RPrim1 (mkestate c M (mkclo (CPrim op a1 a2) env n) S t)
             (mkestate c M (mkclo (atom_code a2) env n) (EPrim1 op a1 env c :: S) (charge c CP 1 t))
(* prim3, right to left: the left value in control, the right one in the
   frame. *)
| ER_Prim3 : forall c M k n1 op n2 cf r S t,
    kint k = Some n1 -> prim_result op n1 n2 = Some r ->
    ertl_row RPrim3 (mkestate c M k (EPrim2 op n2 cf :: S) t)
             (mkestate cf M (result_clo r) S t).

(* Where left to right's prim1 or prim3 would fire. *)
Definition eprim13_state (s : estate) : bool :=
  match kcode (ectl s), estk s with
  | CPrim _ _ _, _ => true
  | CLit _, EPrim2 _ _ _ :: _ => true
  | CIntVal, EPrim2 _ _ _ :: _ => true
  | _, _ => false
  end.

Definition eostep (o : order) (rs : ruleset) (sc : scoping) (r : rule) (s s' : estate) : Prop :=
  match o with
  | LTR => estep rs sc r s s'
  | RTL => (eprim13_state s = false /\ estep rs sc r s s') \/ ertl_row r s s'
  end.

Lemma prim13_srel : forall s u, srel s u -> eprim13_state s = prim13_state u.
Proof.
  intros [c M k S t] [c' G e K t'] (Hc & Hh & Hk & Hf & Ht). simpl in *.
  unfold eprim13_state, prim13_state; simpl.
  destruct k as [kc kenv kn]; simpl in *.
  destruct Hk as [[Hc0 ->]|Hk].
  - simpl in Hc0. subst kc. inversion Hf as [|f1 f2 S1 K1 Hfr HS]; subst; [reflexivity|].
    inversion Hfr; reflexivity.
  - simpl in Hk. inversion Hk; subst; try reflexivity.
    inversion Hf as [|f1 f2 S1 K1 Hfr HS]; subst; [reflexivity|].
    inversion Hfr; reflexivity.
Qed.

Theorem eostep_sim : forall o rs sc r s s' u,
    eostep o rs sc r s s' -> srel s u ->
    exists u', ostep o rs sc u u' /\ orule_of o u = Some r /\ srel s' u'.
Proof.
  intros [|] rs sc r s s' u H Hs; simpl in H.
  - destruct (estep_sim _ _ _ _ _ _ H Hs) as (u' & H1 & H2 & H3). eauto.
  - destruct H as [[Hp H]|H].
    + destruct (estep_sim _ _ _ _ _ _ H Hs) as (u' & H1 & H2 & H3).
      rewrite (prim13_srel _ _ Hs) in Hp.
      exists u'. split; [left; split; assumption|].
      split; [rewrite orule_other by assumption; assumption | assumption].
    + destruct u as [c0 G e K t0].
      destruct H; destruct Hs as (Hc & Hh & Hk & Hf & Ht); simpl in Hc, Hh, Hk, Hf, Ht; subst.
      * apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
        eexists; split; [right; apply Rtl_Prim1 | split; [reflexivity|]].
        apply srel_intro; [assumption | right; apply arel_nil; assumption |].
        constructor; [constructor; assumption | assumption].
      * inversion Hf as [|f1 f2 S1 K1 Hfr HS]; subst. inversion Hfr; subst.
        apply (krel_int _ _ n1 Hk) in H. subst.
        eexists; split; [right; apply Rtl_Prim3; exact H0|].
        split; [apply (orule_rtl_prim3 _ _ _ _ _ _ _ _ _ H0)|].
        apply srel_intro; [assumption | eapply result_clo_krel; eassumption | assumption].
Qed.

Theorem eostep_back : forall o rs sc s u u',
    srel s u -> ostep o rs sc u u' ->
    exists r s', eostep o rs sc r s s' /\ orule_of o u = Some r /\ srel s' u'.
Proof.
  intros [|] rs sc s u u' Hs H; simpl in H.
  - destruct (estep_back _ _ _ _ _ Hs H) as (r & s' & H1 & H2 & H3). eauto.
  - destruct H as [[Hp H]|H].
    + destruct (estep_back _ _ _ _ _ Hs H) as (r & s' & H1 & H2 & H3).
      exists r, s'. split; [left; split; [rewrite (prim13_srel _ _ Hs); assumption | assumption]|].
      split; [rewrite orule_other by assumption; assumption | assumption].
    + destruct s as [c M k S t].
      destruct H; destruct Hs as (Hc & Hh & Hk & Hf & Ht); simpl in Hc, Hh, Hk, Hf, Ht; subst.
      * destruct k as [kc kenv kn]. destruct Hk as [[Hc0 Hce]|Hk]; simpl in *; [discriminate|].
        inversion Hk; subst.
        do 2 eexists. split; [right; apply ER_Prim1 | split; [reflexivity|]].
        apply srel_intro; [assumption | right; apply arel_nil; assumption |].
        constructor; [constructor; assumption | assumption].
      * inversion Hf as [|f1 f2 S1 K1 Hfr HS]; subst. inversion Hfr; subst.
        do 2 eexists. split; [right; eapply ER_Prim3; [apply (krel_int _ _ n1 Hk); reflexivity | exact H]|].
        split; [apply (orule_rtl_prim3 _ _ _ _ _ _ _ _ _ H)|].
        apply srel_intro; [assumption | eapply result_clo_krel; eassumption | assumption].
Qed.

(* Runs with forcing, under either order, by the names of their rows. *)
Inductive eoestep (o : order) (rs : ruleset) (sc : scoping) : rule -> estate -> estate -> Prop :=
| EOE_Step : forall r s s', eostep o rs sc r s s' -> eoestep o rs sc r s s'
| EOE_Force : forall s s', estep_force s s' -> eoestep o rs sc RForce s s'.

Inductive eoruns (o : order) (rs : ruleset) (sc : scoping) : list rule -> estate -> estate -> Prop :=
| EOR_Nil : forall s, eoruns o rs sc [] s s
| EOR_Cons : forall r rows s1 s2 s3,
    eoestep o rs sc r s1 s2 -> eoruns o rs sc rows s2 s3 -> eoruns o rs sc (r :: rows) s1 s3.

Inductive tostep (o : order) (rs : ruleset) (sc : scoping) : rule -> state -> state -> Prop :=
| TO_Step : forall r s s', ostep o rs sc s s' -> orule_of o s = Some r -> tostep o rs sc r s s'
| TO_Force : forall s s', step_force s s' -> tostep o rs sc RForce s s'.

Inductive toruns (o : order) (rs : ruleset) (sc : scoping) : list rule -> state -> state -> Prop :=
| TOR_Nil : forall s, toruns o rs sc [] s s
| TOR_Cons : forall r rows s1 s2 s3,
    tostep o rs sc r s1 s2 -> toruns o rs sc rows s2 s3 -> toruns o rs sc (r :: rows) s1 s3.

Theorem eoruns_sim : forall o rs sc rows s s' u, eoruns o rs sc rows s s' -> srel s u ->
    exists u', toruns o rs sc rows u u' /\ srel s' u'.
Proof.
  intros o rs sc rows s s' u H. revert u.
  induction H as [s|r rows s1 s2 s3 He Hr IH]; intros u Hs.
  - exists u. split; [constructor | assumption].
  - destruct He as [r s1 s2 He|s1 s2 He].
    + destruct (eostep_sim _ _ _ _ _ _ _ He Hs) as (u2 & H1 & H2 & Hs2).
      destruct (IH u2 Hs2) as (u3 & Hr3 & Hs3).
      exists u3. split; [econstructor; [apply TO_Step; eassumption | eassumption] | assumption].
    + destruct (eforce_sim _ _ _ He Hs) as (u2 & H1 & Hs2).
      destruct (IH u2 Hs2) as (u3 & Hr3 & Hs3).
      exists u3. split; [econstructor; [apply TO_Force; eassumption | eassumption] | assumption].
Qed.

Theorem toruns_back : forall o rs sc rows u u' s, toruns o rs sc rows u u' -> srel s u ->
    exists s', eoruns o rs sc rows s s' /\ srel s' u'.
Proof.
  intros o rs sc rows u u' s H. revert s.
  induction H as [u|r rows u1 u2 u3 Ht Hr IH]; intros s Hs.
  - exists s. split; [constructor | assumption].
  - destruct Ht as [r u1 u2 Hst Hru|u1 u2 Hst].
    + destruct (eostep_back _ _ _ _ _ _ Hs Hst) as (r' & s2 & He & Hr' & Hs2).
      rewrite Hru in Hr'. injection Hr' as <-.
      destruct (IH s2 Hs2) as (s3 & Hr3 & Hs3).
      exists s3. split; [econstructor; [apply EOE_Step; eassumption | eassumption] | assumption].
    + destruct (eforce_back _ _ _ Hs Hst) as (s2 & He & Hs2).
      destruct (IH s2 Hs2) as (s3 & Hr3 & Hs3).
      exists s3. split; [econstructor; [apply EOE_Force; eassumption | eassumption] | assumption].
Qed.
