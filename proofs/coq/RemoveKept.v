(* RemoveKept.v -- an evaluation that leaves a thunk as it was never looked
   at it (looking a thunk up enters it, and entering it updates it), so it
   is, step for step, an evaluation in the heap without that thunk, ending
   in its final heap without it (eval_remove_kept).  T3Chain.v uses it to
   compare a thunk's evaluation before a force of another thunk a and
   right after it (a removed, under evaluation): when the first leaves a
   as it was, the second is the same derivation.  Besides: removals
   commute, and a removal commutes with an update of another address and
   with a let's allocation above it. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Complete Ccm.Rename Ccm.ORun Ccm.Transfer.
Import ListNotations.
Open Scope nat_scope.

(* ---- removal, commuted ---- *)

Lemma filter_comm : forall {A} (f g : A -> bool) l, filter f (filter g l) = filter g (filter f l).
Proof.
  intros A f g l. induction l as [|x l IH]; simpl; [reflexivity|].
  destruct (g x) eqn:Gx, (f x) eqn:Fx; simpl; rewrite ?Gx, ?Fx, IH; reflexivity.
Qed.

Lemma remove_remove : forall H a b,
    remove (remove H (VAddr a)) (VAddr b) = remove (remove H (VAddr b)) (VAddr a).
Proof. intros H a b. simpl. rewrite filter_comm. reflexivity. Qed.

Lemma remove_update : forall D a b o, b <> a ->
    remove (update D (VAddr b) o) (VAddr a) = update (remove D (VAddr a)) (VAddr b) o.
Proof.
  intros D a b o Hba. simpl. apply Nat.eqb_neq in Hba. rewrite Hba. reflexivity.
Qed.

Lemma filter_combine_above : forall (l : list obj) n a, a < n ->
    filter (fun p => negb (Nat.eqb (fst p) a)) (combine (seq n (length l)) l) = combine (seq n (length l)) l.
Proof.
  induction l as [|o l IH]; intros n a Ha; simpl; [reflexivity|].
  replace (Nat.eqb n a) with false by (symmetry; apply Nat.eqb_neq; lia). simpl.
  rewrite IH by lia. reflexivity.
Qed.

Lemma let_rename_remove : forall H x bs e, let_rename (remove H x) bs e = let_rename H bs e.
Proof. intros H [s|a] bs e; reflexivity. Qed.

Lemma remove_let_alloc : forall H bs c a, a < next H ->
    remove (let_alloc H bs c) (VAddr a) = let_alloc (remove H (VAddr a)) bs c.
Proof.
  intros H bs c a Ha. unfold let_alloc. simpl. f_equal.
  rewrite filter_app.
  set (l := map (fun p => (let_rename H bs (snd p), c)) bs).
  replace (length bs) with (length l) by (unfold l; apply map_length).
  rewrite filter_combine_above by exact Ha. reflexivity.
Qed.

Lemma heap_wf_remove : forall G x, heap_wf G -> heap_wf (remove G x).
Proof.
  intros G [s|a] W b Hb; simpl in *; [apply W; exact Hb|].
  rewrite find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | apply W; exact Hb].
Qed.

(* ---- an evaluation that leaves a thunk as it was ---- *)

Lemma eval_remove_kept : forall rs sc c H e t D z cz,
    eval rs sc c H e t D z cz -> heap_wf H ->
    forall a o, find_addr a (binds H) = Some o -> is_value (fst o) = false ->
    find_addr a (binds D) = Some o ->
    eval rs sc c (remove H (VAddr a)) e t (remove D (VAddr a)) z cz.
Proof.
  eval_induction; intros W a0 o0 F Vo FD.
  - constructor. exact Hv.
  - pose proof (thunk_kept _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ E1 E2 W F Vo FD) as F1.
    eapply EvApp; [exact (IH1 W a0 o0 F Vo F1)|].
    exact (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) a0 o0 F1 Vo FD).
  - destruct (lookup_lt_wf _ _ _ W L) as (b & -> & Hb & Fb).
    assert (Hba : b <> a0) by (intros ->; rewrite F in Fb; injection Fb as ->; simpl in Vo; congruence).
    apply EvVarValue; [|exact Hv]. simpl. rewrite find_addr_filter'.
    apply Nat.eqb_neq in Hba. rewrite Hba. exact Fb.
  - destruct (lookup_lt_wf _ _ _ W L) as (b & -> & Hb & Fb).
    assert (Hba : b <> a0).
    { intros ->. simpl in FD. rewrite Nat.eqb_refl in FD. injection FD as <-.
      simpl in Vo. rewrite (eval_value _ _ _ _ _ _ _ _ _ E) in Vo. discriminate. }
    assert (FD0 : find_addr a0 (binds D) = Some o0).
    { simpl in FD. replace (Nat.eqb a0 b) with false in FD by (symmetry; apply Nat.eqb_neq; congruence). exact FD. }
    assert (FR : find_addr a0 (binds (remove G (VAddr b))) = Some o0).
    { simpl. rewrite find_addr_filter'. replace (Nat.eqb a0 b) with false by (symmetry; apply Nat.eqb_neq; congruence). exact F. }
    pose proof (IH (heap_wf_remove _ _ W) a0 o0 FR Vo FD0) as E'.
    rewrite remove_remove in E'. rewrite remove_update by exact Hba.
    eapply EvVarThunk; [|exact Hv | exact E'].
    simpl. rewrite find_addr_filter'. apply Nat.eqb_neq in Hba. rewrite Hba. exact Fb.
  - assert (Ha : a0 < next G)
      by (destruct (Nat.ltb_spec a0 (next G)); [assumption | rewrite W in F; [discriminate | assumption]]).
    assert (FL : find_addr a0 (binds (let_alloc G bs c)) = Some o0) by (rewrite let_alloc_old; assumption).
    pose proof (IH (let_alloc_wf _ _ _ W) a0 o0 FL Vo FD) as E'.
    rewrite remove_let_alloc in E' by exact Ha.
    replace (length bs) with (length bs) by reflexivity.
    apply EvLet. rewrite let_rename_remove. exact E'.
  - pose proof (thunk_kept _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ E1 E2 W F Vo FD) as F1.
    eapply EvCase; [exact (IH1 W a0 o0 F Vo F1) | exact Sel | exact Len|].
    exact (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) a0 o0 F1 Vo FD).
  - pose proof (thunk_kept _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ E1 E2 W F Vo FD) as F1.
    eapply EvCaseDefault; [exact (IH1 W a0 o0 F Vo F1) | exact Na|].
    exact (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) a0 o0 F1 Vo FD).
  - constructor. exact (IH W a0 o0 F Vo FD).
  - constructor. exact (IH W a0 o0 F Vo FD).
  - pose proof (thunk_kept _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ E1 E2 W F Vo FD) as F1.
    eapply EvPrim; [exact (IH1 W a0 o0 F Vo F1) | | exact Pr].
    exact (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) a0 o0 F1 Vo FD).
Qed.
