(* RenameEarly.v -- Rename.eval_rn for runs with early forcing: a qeeval
   derivation (EarlyQ.v: either operand order, forces restricted by Q) in
   G, with G and G' related by a heap renaming r, is a derivation in G' of
   the renamed expression with the same theta, the renamed value, the same
   cost centre and final heaps related by the same r; its forces are of
   the renamed addresses, so Q' must hold of r a wherever Q holds of a.
   With let, a run that forces early and the plain run allocate at other
   addresses (docs/coq.md, "Not done yet"); this and eval_rn move either
   derivation along a renaming. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Order Ccm.EarlyQ Ccm.Rename.
Import ListNotations.
Open Scope nat_scope.

Lemma qeeval_next : forall Q o rs sc c G e t D z cz,
    qeeval Q o rs sc c G e t D z cz -> next G <= next D.
Proof.
  induction 1; simpl in *; try lia.
  - destruct x; simpl in *; lia.
  - destruct x; simpl in *; lia.
Qed.

Theorem qeeval_rn : forall (Q Q' : nat -> Prop) rho o rs sc,
    (forall a, Q a -> Q' (rho a)) ->
    forall c G e t D z cz, qeeval Q o rs sc c G e t D z cz ->
    forall G', heap_rn rho G G' ->
    exists D', qeeval Q' o rs sc c G' (rn_expr rho e) t D' (rn_expr rho z) cz /\ heap_rn rho D D'.
Proof.
  intros Q Q' rho o rs sc HQ'.
  qeeval_induction; intros G' H; simpl.
  - exists G'. split; [constructor; rewrite is_value_rn; exact Hv | exact H].
  - destruct (IH1 G' H) as (T' & E1' & HT). simpl in E1'.
    destruct (IH2 T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD]. eapply QeApp; [exact E1'|].
    rewrite <- rn_subst. exact E2'.
  - exists G'. split; [|exact H].
    apply (lookup_rn _ _ _ _ _ H) in L. unfold rn_obj in L. simpl in L.
    eapply QeVarValue; [exact L | rewrite is_value_rn; exact Hv].
  - destruct (lookup_lt _ _ _ _ _ H L) as (a & -> & Ha).
    pose proof (lookup_rn _ _ _ _ _ H L) as L'. unfold rn_obj in L'. simpl in L'.
    destruct (IH _ (remove_rn _ _ _ (VAddr a) H)) as (D' & E' & HD).
    exists (update D' (VAddr (rho a)) (rn_expr rho z, cz)). split.
    + eapply QeVarThunk; [exact L' | rewrite is_value_rn; exact Hv | exact E'].
    + apply (update_rn _ _ _ a (z, cz) HD).
      pose proof (qeeval_next _ _ _ _ _ _ _ _ _ _ _ E) as Nx. simpl in Nx. lia.
  - pose proof (let_alloc_rn _ _ _ bs c H) as HL.
    destruct (IH _ HL) as (D' & E' & HD).
    exists D'. split; [|exact HD].
    fold (rn_bs rho bs). replace (length bs) with (length (rn_bs rho bs)) by apply map_length.
    apply QeLet. rewrite <- (rn_let_rename _ _ _ _ _ H). exact E'.
  - destruct (IH1 G' H) as (T' & E1' & HT). simpl in E1'.
    destruct (IH2 T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD].
    eapply QeCase; [exact E1' | | | rewrite <- rn_substs; exact E2'].
    + fold (rn_alts rho alts). rewrite select_rn, Sel. reflexivity.
    + rewrite map_length. exact Len.
  - destruct (IH1 G' H) as (T' & E1' & HT).
    destruct (IH2 T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD].
    eapply QeCaseDefault; [exact E1' | | exact E2'].
    fold (rn_alts rho alts). apply no_alt_rn. exact Na.
  - destruct (IH G' H) as (D' & E' & HD). exists D'. split; [constructor; exact E' | exact HD].
  - destruct (IH G' H) as (D' & E' & HD). exists D'. split; [constructor; exact E' | exact HD].
  - destruct (IH1 G' H) as (G1' & E1' & H1).
    destruct (IH2 G1' H1) as (G2' & E2' & H2).
    exists G2'. split; [|exact H2].
    rewrite (prim_result_rn _ _ _ _ _ Pr).
    rewrite atom_expr_rn in E1', E2'.
    eapply QePrimL; [exact Ho | exact E1' | exact E2' | exact Pr].
  - destruct (IH2 G' H) as (G1' & E2' & H1).
    destruct (IH1 G1' H1) as (G2' & E1' & H2).
    exists G2'. split; [|exact H2].
    rewrite (prim_result_rn _ _ _ _ _ Pr).
    rewrite atom_expr_rn in E1', E2'.
    eapply QePrimR; [exact Ho | exact E2' | exact E1' | exact Pr].
  - (* force *)
    destruct (lookup_lt _ _ _ _ _ H L) as (a & -> & Ha).
    pose proof (lookup_rn _ _ _ _ _ H L) as L'. unfold rn_obj in L'. simpl in L'.
    destruct (IH1 _ (remove_rn _ _ _ (VAddr a) H)) as (D1' & E1' & HD1).
    assert (Ha1 : a < next D1)
      by (pose proof (qeeval_next _ _ _ _ _ _ _ _ _ _ _ E1) as Nx; simpl in Nx; lia).
    destruct (IH2 _ (update_rn _ _ _ a (z1, c1) HD1 Ha1)) as (D2' & E2' & HD2).
    destruct (IH3 _ HD2) as (D' & E3' & HD).
    exists D'. split; [|exact HD].
    eapply QeForce with (x := VAddr (rho a)); [exact L' | rewrite is_value_rn; exact Hv | | exact E1' | exact E2' | exact E3'].
    intros a' Ea. injection Ea as <-. apply HQ', HQ. reflexivity.
  - destruct (IH1 G' H) as (D1' & E1' & H1).
    destruct (IH2 D1' H1) as (D2' & E2' & H2).
    exists D2'. split; [eapply QeThen; [exact E1' | exact E2'] | exact H2].
Qed.
