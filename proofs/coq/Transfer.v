(* Transfer.v -- an evaluation that enters no thunk of the heap it starts
   from, replayed later.  A thunk forced early is evaluated in G0 (the
   heap then, the thunk removed); the plain run evaluates it at its
   demand, in a later heap H0.  When the evaluation enters no thunk G0
   already had (it reads G0's values, which H0 still binds, and the
   objects it allocates itself), the later evaluation is the same
   derivation with every address it allocates moved from next G0 on to
   next H0 on (shift), the same theta, the value renamed alike
   (eval_shift).  The heaps stay related by "shifted": below next G0 the
   first side is G0 and the other H0; from next G0 on, the first side's
   objects are the other's from next H0 on, renamed.  This is the
   transfer lemma of docs/coq.md, "Not done yet" (T3 with let).
   Also: an evaluation keeps a heap well formed (eval_wf), and changes an
   object only from a thunk to a value (eval_fate). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Complete Ccm.Rename Ccm.ORun Ccm.Closed.
Import ListNotations.
Open Scope nat_scope.

(* ---- what an evaluation does to the objects it found ---- *)

Lemma eval_wf : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> heap_wf G -> heap_wf D.
Proof.
  eval_induction; intros W; auto.
  - destruct (lookup_lt_wf _ _ _ W L) as (a & -> & Ha & _).
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as N. simpl in N.
    assert (WR : heap_wf (remove G (VAddr a))).
    { intros b Hb. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | apply W; exact Hb]. }
    specialize (IH WR). intros b Hb. simpl in *. destruct (Nat.eqb_spec b a); [lia | apply IH; exact Hb].
  - apply IH. apply let_alloc_wf. exact W.
Qed.

Lemma eval_fate : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> heap_wf G ->
    forall b o, find_addr b (binds G) = Some o ->
      find_addr b (binds D) = Some o \/
      (is_value (fst o) = false /\ exists v cv, find_addr b (binds D) = Some (v, cv) /\ is_value v = true).
Proof.
  eval_induction; intros W b0 o0 F; auto.
  - destruct (IH1 W b0 o0 F) as [F1|(Vo & w0 & cw0 & F1 & Vw0)];
      pose proof (eval_wf _ _ _ _ _ _ _ _ _ E1 W) as W1.
    + exact (IH2 W1 b0 o0 F1).
    + destruct (IH2 W1 b0 (w0, cw0) F1) as [F2|(Vf & _)]; [right; split; [exact Vo|eauto] | simpl in Vf; congruence].
  - destruct (lookup_lt_wf _ _ _ W L) as (a & -> & Ha & Fa).
    assert (WR : heap_wf (remove G (VAddr a))).
    { intros b0' Hb. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b0' a); [reflexivity | apply W; exact Hb]. }
    simpl. destruct (Nat.eqb_spec b0 a) as [->|Hb].
    + right. rewrite Fa in F. injection F as <-. split; [exact Hv|]. exists z, cz. split; [reflexivity|].
      exact (eval_value _ _ _ _ _ _ _ _ _ E).
    + apply IH; [exact WR|]. simpl. rewrite find_addr_filter'. apply Nat.eqb_neq in Hb. rewrite Hb. exact F.
  - apply IH; [apply let_alloc_wf; exact W|].
    rewrite let_alloc_old; [exact F|]. destruct (Nat.ltb_spec b0 (next G)); [assumption|].
    rewrite W in F; [discriminate | assumption].
  - destruct (IH1 W b0 o0 F) as [F1|(Vo & w0 & cw0 & F1 & Vw0)];
      pose proof (eval_wf _ _ _ _ _ _ _ _ _ E1 W) as W1.
    + exact (IH2 W1 b0 o0 F1).
    + destruct (IH2 W1 b0 (w0, cw0) F1) as [F2|(Vf & _)]; [right; split; [exact Vo|eauto] | simpl in Vf; congruence].
  - destruct (IH1 W b0 o0 F) as [F1|(Vo & w0 & cw0 & F1 & Vw0)];
      pose proof (eval_wf _ _ _ _ _ _ _ _ _ E1 W) as W1.
    + exact (IH2 W1 b0 o0 F1).
    + destruct (IH2 W1 b0 (w0, cw0) F1) as [F2|(Vf & _)]; [right; split; [exact Vo|eauto] | simpl in Vf; congruence].
  - destruct (IH1 W b0 o0 F) as [F1|(Vo & w0 & cw0 & F1 & Vw0)];
      pose proof (eval_wf _ _ _ _ _ _ _ _ _ E1 W) as W1.
    + exact (IH2 W1 b0 o0 F1).
    + destruct (IH2 W1 b0 (w0, cw0) F1) as [F2|(Vf & _)]; [right; split; [exact Vo|eauto] | simpl in Vf; congruence].
Qed.

(* A thunk that is still the same thunk at the end was the same thunk
   after any first part of the evaluation. *)
Lemma thunk_kept : forall rs sc c G e t T z cz c' e' t' D z' cz' b o,
    eval rs sc c G e t T z cz -> eval rs sc c' T e' t' D z' cz' -> heap_wf G ->
    find_addr b (binds G) = Some o -> is_value (fst o) = false ->
    find_addr b (binds D) = Some o -> find_addr b (binds T) = Some o.
Proof.
  intros rs sc c G e t T z cz c' e' t' D z' cz' b o E1 E2 W F Vo FD.
  destruct (eval_fate _ _ _ _ _ _ _ _ _ E1 W b o F) as [F1|(_ & v & cv & F1 & Vv)]; [exact F1|].
  destruct (eval_fate _ _ _ _ _ _ _ _ _ E2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) b (v, cv) F1)
    as [F2|(Vf & _)]; [|simpl in Vf; congruence].
  rewrite FD in F2. injection F2 as ->. simpl in Vo. congruence.
Qed.

(* ---- the shift ---- *)

Definition shift (N M a : nat) : nat := if a <? N then a else M + (a - N).

Lemma shift_old : forall N M a, a < N -> shift N M a = a.
Proof. intros. unfold shift. destruct (Nat.ltb_spec a N); lia. Qed.

Lemma shift_new : forall N M a, N <= a -> shift N M a = M + (a - N).
Proof. intros. unfold shift. destruct (Nat.ltb_spec a N); lia. Qed.

Record shifted (N M : nat) (G0 H0 T T' : heap) : Prop := {
  sh_le : N <= next T;
  sh_next : next T' = M + (next T - N);
  sh_new : forall b, N <= b ->
    find_addr (M + (b - N)) (binds T') = option_map (rn_obj (shift N M)) (find_addr b (binds T));
  sh_old : forall b, b < N -> find_addr b (binds T) = find_addr b (binds G0);
  sh_old' : forall b, b < M -> find_addr b (binds T') = find_addr b (binds H0);
  sh_wf : heap_wf T
}.

Lemma shifted_start : forall G0 H0, heap_wf G0 -> heap_wf H0 ->
    shifted (next G0) (next H0) G0 H0 G0 H0.
Proof.
  intros G0 H0 W W'. constructor; auto; try lia.
  intros b Hb. rewrite (W b Hb), W'; [reflexivity | lia].
Qed.

Section Shift.
Variables (N M : nat) (G0 H0 : heap).
Let r := shift N M.

Lemma remove_shifted : forall T T' b, N <= M -> shifted N M G0 H0 T T' -> N <= b ->
    shifted N M G0 H0 (remove T (VAddr b)) (remove T' (VAddr (r b))).
Proof.
  intros T T' b NM S Hb. unfold r. rewrite shift_new by exact Hb.
  destruct S as [L Nx Nw Od Od' W]. constructor; simpl; auto.
  - intros b' Hb'. rewrite !find_addr_filter', Nw by exact Hb'.
    destruct (Nat.eqb_spec (M + (b' - N)) (M + (b - N))), (Nat.eqb_spec b' b); try reflexivity; lia.
  - intros b' Hb'. rewrite find_addr_filter', Od by exact Hb'. destruct (Nat.eqb_spec b' b); [lia | reflexivity].
  - intros b' Hb'. rewrite find_addr_filter', Od' by exact Hb'.
    destruct (Nat.eqb_spec b' (M + (b - N))); [lia | reflexivity].
  - intros b' Hb'. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b' b); [reflexivity | apply W; exact Hb'].
Qed.

Lemma update_shifted : forall T T' b o, N <= M -> shifted N M G0 H0 T T' -> N <= b -> b < next T ->
    shifted N M G0 H0 (update T (VAddr b) o) (update T' (VAddr (r b)) (rn_obj r o)).
Proof.
  intros T T' b o NM S Hb Hbn. unfold r. rewrite shift_new by exact Hb.
  destruct S as [L Nx Nw Od Od' W]. constructor; simpl; auto.
  - intros b' Hb'. rewrite Nw by exact Hb'.
    destruct (Nat.eqb_spec (M + (b' - N)) (M + (b - N))), (Nat.eqb_spec b' b); try reflexivity; lia.
  - intros b' Hb'. destruct (Nat.eqb_spec b' b); [lia | apply Od; exact Hb'].
  - intros b' Hb'. destruct (Nat.eqb_spec b' (M + (b - N))); [lia | apply Od'; exact Hb'].
  - intros b' Hb'. simpl in *. destruct (Nat.eqb_spec b' b); [lia | apply W; exact Hb'].
Qed.

Lemma rn_let_rename_shifted : forall T T' bs e, shifted N M G0 H0 T T' ->
    rn_expr r (let_rename T bs e) = let_rename T' (rn_bs r bs) (rn_expr r e).
Proof.
  intros T T' bs e S. apply rn_let_rename_at. intros i. unfold r.
  pose proof (sh_le _ _ _ _ _ _ S). rewrite shift_new by lia.
  rewrite (sh_next _ _ _ _ _ _ S). lia.
Qed.

Lemma let_alloc_shifted : forall T T' bs c, N <= M -> shifted N M G0 H0 T T' ->
    shifted N M G0 H0 (let_alloc T bs c) (let_alloc T' (rn_bs r bs) c).
Proof.
  intros T T' bs c NM S.
  pose proof (rn_let_rename_shifted T T' bs) as RL.
  destruct S as [L Nx Nw Od Od' W].
  assert (Lb : length (rn_bs r bs) = length bs) by apply map_length.
  constructor; unfold let_alloc; simpl; rewrite ?Lb.
  - lia.
  - rewrite Nx. lia.
  - intros b Hb. rewrite !find_addr_combine' by (rewrite map_length; auto).
    destruct (Nat.ltb_spec b (next T)) as [Hbt|Hbt].
    + bools. rewrite Nx. bools. apply Nw. exact Hb.
    + rewrite Nx.
      destruct (Nat.ltb_spec b (next T + length bs)); bools.
      * replace (M + (b - N) - (M + (next T - N))) with (b - next T) by lia.
        unfold rn_bs. rewrite map_map, !nth_error_map.
        destruct (nth_error bs (b - next T)) as [[x q]|]; simpl; [|reflexivity].
        unfold rn_obj. simpl. rewrite RL; [reflexivity | constructor; auto].
      * rewrite Nw by exact Hb. rewrite W; [reflexivity | lia].
  - intros b Hb. rewrite find_addr_combine' by (rewrite map_length; auto). bools. apply Od. exact Hb.
  - intros b Hb. rewrite find_addr_combine' by (rewrite map_length; auto). rewrite Nx. bools. apply Od'. exact Hb.
  - apply let_alloc_wf. exact W.
Qed.

End Shift.

(* ---- the replay ---- *)

(* In eval_shift, an evaluation made of two (E1 from heap S, E2 from S1):
   the thunks below N the whole keeps, each part keeps. *)
Ltac ne_first E1 E2 S NE :=
  let bb := fresh "bb" in let oo := fresh "oo" in let Hb := fresh "Hb" in
  let F := fresh "F" in let Vo := fresh "Vo" in
  intros bb oo Hb F Vo;
  exact (thunk_kept _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ E1 E2 (sh_wf _ _ _ _ _ _ S) F Vo (NE bb oo Hb F Vo)).

Ltac ne_second S S1 NE :=
  let bb := fresh "bb" in let oo := fresh "oo" in let Hb := fresh "Hb" in
  let F := fresh "F" in let Vo := fresh "Vo" in
  intros bb oo Hb F Vo;
  rewrite (sh_old _ _ _ _ _ _ S1 bb Hb), <- (sh_old _ _ _ _ _ _ S bb Hb) in F;
  exact (NE bb oo Hb F Vo).

Theorem eval_shift : forall rs sc N M G0 H0,
    N <= M ->
    (forall b o, b < N -> find_addr b (binds G0) = Some o -> below N (fst o) = true) ->
    (forall b v cv, b < N -> find_addr b (binds G0) = Some (v, cv) -> is_value v = true ->
                    find_addr b (binds H0) = Some (v, cv)) ->
    forall c T e t D z cz, eval rs sc c T e t D z cz ->
    forall T', shifted N M G0 H0 T T' ->
    (forall b o, b < N -> find_addr b (binds T) = Some o -> is_value (fst o) = false ->
                 find_addr b (binds D) = Some o) ->
    exists D', eval rs sc c T' (rn_expr (shift N M) e) t D' (rn_expr (shift N M) z) cz /\
               shifted N M G0 H0 D D'.
Proof.
  intros rs sc N M G0 H0 NM Cl Vl.
  eval_induction; intros T' S NE; simpl.
  - exists T'. split; [constructor; rewrite is_value_rn; exact Hv | exact S].
  - destruct (IH1 T' S) as (T1' & E1' & S1); [ne_first E1 E2 S NE|]. simpl in E1'.
    destruct (IH2 T1' S1) as (D' & E2' & S2); [ne_second S S1 NE|].
    exists D'. split; [|exact S2]. eapply EvApp; [exact E1'|]. rewrite <- rn_subst. exact E2'.
  - destruct (lookup_lt_wf _ _ _ (sh_wf _ _ _ _ _ _ S) L) as (b & -> & Hb & F).
    exists T'. split; [|exact S].
    destruct (Nat.ltb_spec b N) as [Ho|Hn].
    + rewrite (sh_old _ _ _ _ _ _ S b Ho) in F. pose proof (Vl b z cz Ho F Hv) as F'.
      rewrite (rn_below (shift N M) N (fun a Ha => shift_old N M a Ha) z (Cl b _ Ho F)).
      eapply EvVarValue; [|exact Hv]. simpl. rewrite shift_old by exact Ho.
      rewrite (sh_old' _ _ _ _ _ _ S b ltac:(lia)). exact F'.
    + eapply EvVarValue; [|rewrite is_value_rn; exact Hv]. simpl. rewrite shift_new by exact Hn.
      rewrite (sh_new _ _ _ _ _ _ S b Hn), F. reflexivity.
  - destruct (lookup_lt_wf _ _ _ (sh_wf _ _ _ _ _ _ S) L) as (b & -> & Hb & F).
    destruct (Nat.ltb_spec b N) as [Ho|Hn].
    { exfalso. specialize (NE b (e, ce) Ho F Hv). simpl in NE. rewrite Nat.eqb_refl in NE.
      injection NE as -> _. rewrite (eval_value _ _ _ _ _ _ _ _ _ E) in Hv. discriminate. }
    destruct (IH _ (remove_shifted N M G0 H0 G T' b NM S Hn)) as (D' & E' & SD).
    { intros b' o Hb' F' Vo. simpl in F'. rewrite find_addr_filter' in F'.
      destruct (Nat.eqb_spec b' b) as [->|Hne]; [lia|].
      specialize (NE b' o Hb' F' Vo). simpl in NE. apply Nat.eqb_neq in Hne. rewrite Hne in NE. exact NE. }
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as Nx. simpl in Nx.
    exists (update D' (VAddr (shift N M b)) (rn_obj (shift N M) (z, cz))). split.
    + eapply EvVarThunk; [|rewrite is_value_rn; exact Hv | exact E'].
      simpl. rewrite shift_new by exact Hn. rewrite (sh_new _ _ _ _ _ _ S b Hn), F. reflexivity.
    + apply update_shifted; [exact NM | exact SD | exact Hn | lia].
  - destruct (IH _ (let_alloc_shifted N M G0 H0 G T' bs c NM S)) as (D' & E' & SD).
    { intros bb oo Hb F Vo. rewrite let_alloc_old in F by (pose proof (sh_le _ _ _ _ _ _ S); lia).
      exact (NE bb oo Hb F Vo). }
    exists D'. split; [|exact SD].
    fold (rn_bs (shift N M) bs). replace (length bs) with (length (rn_bs (shift N M) bs)) by apply map_length.
    apply EvLet. rewrite <- (rn_let_rename_shifted N M G0 H0 G T' bs e S). exact E'.
  - destruct (IH1 T' S) as (T1' & E1' & S1); [ne_first E1 E2 S NE|]. simpl in E1'.
    destruct (IH2 T1' S1) as (D' & E2' & S2); [ne_second S S1 NE|].
    exists D'. split; [|exact S2].
    eapply EvCase; [exact E1' | | | rewrite <- rn_substs; exact E2'].
    + fold (rn_alts (shift N M) alts). rewrite select_rn, Sel. reflexivity.
    + rewrite map_length. exact Len.
  - destruct (IH1 T' S) as (T1' & E1' & S1); [ne_first E1 E2 S NE|].
    destruct (IH2 T1' S1) as (D' & E2' & S2); [ne_second S S1 NE|].
    exists D'. split; [|exact S2].
    eapply EvCaseDefault; [exact E1' | | exact E2'].
    fold (rn_alts (shift N M) alts). apply no_alt_rn. exact Na.
  - destruct (IH T' S NE) as (D' & E' & SD). exists D'. split; [constructor; exact E' | exact SD].
  - destruct (IH T' S NE) as (D' & E' & SD). exists D'. split; [constructor; exact E' | exact SD].
  - destruct (IH1 T' S) as (G1' & E1' & S1); [ne_first E1 E2 S NE|].
    destruct (IH2 G1' S1) as (G2' & E2' & S2); [ne_second S S1 NE|].
    exists G2'. split; [|exact S2].
    rewrite (prim_result_rn _ _ _ _ _ Pr).
    rewrite atom_expr_rn in E1', E2'.
    eapply EvPrim; [exact E1' | exact E2' | exact Pr].
Qed.
