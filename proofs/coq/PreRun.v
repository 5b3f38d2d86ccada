(* PreRun.v -- the pre-evaluation lemma (PreEval.pre_eval) carried from one
   derivation to a plain run with a stack: the rest of a plain run from
   any state (cc, T, e, S, t), against the same state in the heap with a
   thunk's evaluation done ahead (PreEval.pre).  Until the demand the two
   runs go row by row through the derivations the plain run decomposes
   into and the frames of S they return to; at the demand the heaps become
   related one to one (Rename.heap_rn) and a run respects that renaming
   row by row (steps_rn); the renaming leaves the addresses of the heap
   at the force alone (pre_run_fix).  Besides: stack frames renamed (rn_frame) and
   naming only addresses below n (frame_below); a plain run keeps a state
   closed (steps_closed). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Complete Ccm.Sound Ccm.Order Ccm.Rename Ccm.ORun Ccm.Closed Ccm.Transfer Ccm.T3LetFree Ccm.PreEval.
Import ListNotations.
Open Scope nat_scope.

(* ---- frames renamed; frames naming only addresses below n ---- *)

Definition rn_frame (r : nat -> nat) (f : frame) : frame :=
  match f with
  | FArg x c => FArg (rn_var r x) c
  | FUpd x c => FUpd (rn_var r x) c
  | FCase alts d c => FCase (rn_alts r alts) (match d with Some de => Some (rn_expr r de) | None => None end) c
  | FPrim1 op a2 c => FPrim1 op (rn_atom r a2) c
  | FPrim2 op n c => FPrim2 op n c
  | FResume e c => FResume (rn_expr r e) c
  end.

Definition rn_stk (r : nat -> nat) (S : list frame) : list frame := map (rn_frame r) S.

Definition frame_below (n : nat) (f : frame) : bool :=
  match f with
  | FArg x _ | FUpd x _ => var_below n x
  | FCase alts d _ => forallb (fun alt => below n (snd alt)) alts &&
                      match d with Some de => below n de | None => true end
  | FPrim1 _ a2 _ => atom_below n a2
  | FPrim2 _ _ _ => true
  | FResume e _ => below n e
  end.

Definition stk_below (n : nat) (S : list frame) : bool := forallb (frame_below n) S.

Lemma alts_below_mono : forall n m (alts : list (string * list string * expr)), n <= m ->
    forallb (fun alt => below n (snd alt)) alts = true -> forallb (fun alt => below m (snd alt)) alts = true.
Proof.
  induction alts as [|[[c ys] q] alts IH]; intros Hl H; simpl in *; [reflexivity|]. bsplit.
  rewrite (below_mono n m q Hl H), IH; auto.
Qed.

Lemma frame_below_mono : forall n m f, n <= m -> frame_below n f = true -> frame_below m f = true.
Proof.
  intros n m [x c|x c|alts d c|op a2 c|op k c|e c] Hl H; simpl in *.
  - eapply var_below_mono; eassumption.
  - eapply var_below_mono; eassumption.
  - bsplit. rewrite (alts_below_mono n m alts Hl H). destruct d; [eapply below_mono; eassumption | reflexivity].
  - eapply atom_below_mono; eassumption.
  - reflexivity.
  - eapply below_mono; eassumption.
Qed.

Lemma stk_below_mono : forall n m S, n <= m -> stk_below n S = true -> stk_below m S = true.
Proof.
  induction S as [|f S IH]; intros Hl H; unfold stk_below in *; simpl in *; [reflexivity|]. bsplit.
  rewrite (frame_below_mono n m f Hl H). apply IH; assumption.
Qed.

Lemma rn_alts_ext : forall r r' n (alts : list (string * list string * expr)), (forall b, b < n -> r b = r' b) ->
    forallb (fun alt => below n (snd alt)) alts = true -> rn_alts r alts = rn_alts r' alts.
Proof.
  induction alts as [|[[c ys] q] alts IH]; intros H B; simpl in *; [reflexivity|].
  apply andb_prop in B. destruct B as [Bq B].
  rewrite (rn_ext r r' n H q Bq), IH; auto.
Qed.

Lemma rn_frame_ext : forall r r' n f, (forall b, b < n -> r b = r' b) -> frame_below n f = true ->
    rn_frame r f = rn_frame r' f.
Proof.
  intros r r' n [x c|x c|alts d c|op a2 c|op k c|e c] H B; simpl in *.
  - rewrite (rn_var_ext r r' n x H B). reflexivity.
  - rewrite (rn_var_ext r r' n x H B). reflexivity.
  - apply andb_prop in B. destruct B as [Ba Bd].
    rewrite (rn_alts_ext r r' n alts H Ba). destruct d; [rewrite (rn_ext r r' n H e Bd)|]; reflexivity.
  - rewrite (rn_atom_ext r r' n a2 H B). reflexivity.
  - reflexivity.
  - rewrite (rn_ext r r' n H e B). reflexivity.
Qed.

Lemma rn_stk_ext : forall r r' n S, (forall b, b < n -> r b = r' b) -> stk_below n S = true ->
    rn_stk r S = rn_stk r' S.
Proof.
  induction S as [|f S IH]; intros H B; unfold stk_below in *; simpl in *; [reflexivity|].
  apply andb_prop in B. destruct B as [Bf B].
  rewrite (rn_frame_ext r r' n f H Bf), IH; auto.
Qed.

Lemma rn_frame_id : forall f, rn_frame (fun a => a) f = f.
Proof.
  intros [x c|x c|alts d c|op a2 c|op k c|e c]; simpl; rewrite ?rn_var_id, ?rn_id; try reflexivity.
  - f_equal.
    + induction alts as [|[[c' ys] q] alts IH]; simpl; [reflexivity|]. rewrite rn_id, IH. reflexivity.
    + destruct d; [rewrite rn_id|]; reflexivity.
  - destruct a2; simpl; rewrite ?rn_var_id; reflexivity.
Qed.

Lemma rn_stk_below : forall r n S, (forall b, b < n -> r b = b) -> stk_below n S = true -> rn_stk r S = S.
Proof.
  intros r n S H B. rewrite (rn_stk_ext r (fun a => a) n S H B). clear B.
  induction S as [|f S IH]; simpl; [reflexivity|]. rewrite rn_frame_id, IH. reflexivity.
Qed.

(* ---- a plain run keeps a state closed ---- *)

Definition sclosed (s : state) : Prop :=
  heap_closed (hp s) /\ below (next (hp s)) (ctl s) = true /\ stk_below (next (hp s)) (stk s) = true.

Lemma next_remove : forall G x, next (remove G x) = next G.
Proof. intros G [s|a]; reflexivity. Qed.

Lemma step_closed : forall rs sc s s', step rs sc s s' -> sclosed s -> sclosed s'.
Proof.
  intros rs sc s s' St (HC & Hc & Hs). unfold sclosed.
  destruct St; simpl in *; unfold stk_below in *; simpl in *; bsplit.
  - (* app1 *) rewrite H, H0, Hs. auto.
  - (* app2 *) split; [exact HC|]. split; [apply below_subst; assumption | exact H0].
  - (* var1 *) destruct (lookup_below _ _ _ HC H) as (a & -> & _ & Hz). auto.
  - (* var2 *) destruct (lookup_below _ _ _ HC H) as (a & -> & Ha & He). simpl in *.
    split; [exact (remove_closed _ (VAddr a) HC)|]. split; [exact He|].
    apply Nat.ltb_lt in Ha. rewrite Ha, Hs. reflexivity.
  - (* var3 *) destruct x as [nm|a]; simpl in *; [auto|].
    apply Nat.ltb_lt in H0.
    split; [apply update_closed; assumption | auto].
  - (* let *) split; [apply let_alloc_closed; assumption|].
    split; [apply let_rename_below; exact H0|].
    apply (stk_below_mono (next G)); [lia | exact Hs].
  - (* case1 *) rewrite H, H1, H0, Hs. auto.
  - (* case2 *) split; [exact HC|]. split; [|assumption].
    apply below_substs; [exact Hc | eapply select_below; eassumption].
  - (* case2 default *) auto.
  - (* scc *) auto.
  - (* scc_sub *) auto.
  - (* prim1 *) rewrite H0, Hs. split; [exact HC|]. split; [apply atom_expr_below; exact H | reflexivity].
  - (* prim2 *) split; [exact HC|]. split; [apply atom_expr_below; assumption | assumption].
  - (* prim3 *) split; [exact HC|]. split; [eapply prim_result_below; eassumption | assumption].
  - (* resume *) auto.
Qed.

Lemma steps_closed : forall rs sc n s s', steps rs sc n s s' -> sclosed s -> sclosed s'.
Proof. induction 1; intros; [assumption | apply IHsteps; eapply step_closed; eassumption]. Qed.

(* ---- a run respects a renaming of its heap ---- *)

Lemma step_rn : forall rs sc s s2 r G' t', step rs sc s s2 -> inv s -> heap_rn r (hp s) G' ->
    (forall c k, t' c k = th s c k) ->
    exists G2' t2', step rs sc (mkstate (ccc s) G' (rn_expr r (ctl s)) (rn_stk r (stk s)) t')
                           (mkstate (ccc s2) G2' (rn_expr r (ctl s2)) (rn_stk r (stk s2)) t2') /\
      heap_rn r (hp s2) G2' /\ (forall c k, t2' c k = th s2 c k).
Proof.
  intros rs sc s s2 r G' t' St Inv H Ht.
  destruct St; simpl in *.
  - do 2 eexists. split; [apply Step_App1|]. split; [exact H | apply charge_ext; exact Ht].
  - do 2 eexists. split; [rewrite rn_subst; apply Step_App2|]. split; [exact H | exact Ht].
  - pose proof (lookup_rn _ _ _ _ _ H H0) as L.
    do 2 eexists. split; [eapply Step_Var1; [exact L | rewrite is_value_rn; exact H1]|].
    split; [exact H | apply charge_ext; exact Ht].
  - pose proof (lookup_rn _ _ _ _ _ H H0) as L.
    do 2 eexists. split; [eapply Step_Var2; [exact L | rewrite is_value_rn; exact H1]|].
    split; [apply remove_rn; exact H | apply charge_ext; exact Ht].
  - destruct Inv as (_ & Ho & _). simpl in Ho.
    destruct (Ho x (or_introl eq_refl)) as (a & -> & Ha & _).
    do 2 eexists. split; [apply Step_Var3; rewrite is_value_rn; exact H0|].
    split; [exact (update_rn r G G' a (v, c) H Ha) | apply charge_ext; exact Ht].
  - exists (let_alloc G' (rn_bs r bs) c), (charge c CH (length bs) t'). split.
    + fold (rn_bs r bs). rewrite (rn_let_rename _ _ _ _ _ H).
      replace (length bs) with (length (rn_bs r bs)) by apply map_length. apply Step_Let.
    + split; [apply let_alloc_rn; exact H | apply charge_ext; exact Ht].
  - do 2 eexists. split; [apply Step_Case1|]. split; [exact H | apply charge_ext; exact Ht].
  - do 2 eexists. split; [|split; [exact H | exact Ht]].
    rewrite rn_substs. eapply Step_Case2.
    + fold (rn_alts r alts). rewrite select_rn, H0. reflexivity.
    + rewrite map_length. exact H1.
  - do 2 eexists. split; [|split; [exact H | exact Ht]].
    eapply Step_Case2_Default; [rewrite is_value_rn; exact H0 | apply no_alt_rn; exact H1].
  - do 2 eexists. split; [apply Step_Scc|]. split; [exact H | do 2 apply charge_ext; exact Ht].
  - do 2 eexists. split; [apply Step_Scc_Sub|]. split; [exact H | exact Ht].
  - do 2 eexists. split; [rewrite atom_expr_rn; apply Step_Prim1|]. split; [exact H | apply charge_ext; exact Ht].
  - do 2 eexists. split; [rewrite atom_expr_rn; apply Step_Prim2|]. split; [exact H | exact Ht].
  - do 2 eexists. split; [rewrite (prim_result_rn _ _ _ _ _ H0); apply Step_Prim3; exact H0|].
    split; [exact H | exact Ht].
  - do 2 eexists. split; [apply Step_Resume; rewrite is_value_rn; exact H0|]. split; [exact H | exact Ht].
Qed.

Lemma steps_rn : forall rs sc n s sf, steps rs sc n s sf -> inv s ->
    forall r G' t', heap_rn r (hp s) G' -> (forall c k, t' c k = th s c k) ->
    exists Gf' tf', steps rs sc n (mkstate (ccc s) G' (rn_expr r (ctl s)) (rn_stk r (stk s)) t')
                             (mkstate (ccc sf) Gf' (rn_expr r (ctl sf)) (rn_stk r (stk sf)) tf') /\
      heap_rn r (hp sf) Gf' /\ (forall c k, tf' c k = th sf c k).
Proof.
  induction 1 as [s|n s1 s2 s3 St R IH]; intros Inv r G' t' H Ht.
  - exists G', t'. split; [constructor | split; assumption].
  - destruct (step_rn _ _ _ _ _ _ _ St Inv H Ht) as (G2' & t2' & St' & H2 & Ht2).
    destruct (IH (ostep_inv LTR _ _ _ _ St Inv) r G2' t2' H2 Ht2) as (Gf' & tf' & R' & Hf & Htf).
    exists Gf', tf'. split; [econstructor; [exact St' | exact R'] | split; assumption].
Qed.

(* ---- the rest of a plain run, with a thunk's evaluation done ahead ---- *)

(* The frames of the stack at the force: every update frame's address a
   hole of G0. *)
Fixpoint stk_pre (G0 : heap) (S : list frame) : Prop :=
  match S with
  | [] => True
  | FUpd (VAddr b) _ :: S' => find_addr b (binds G0) = None /\ stk_pre G0 S'
  | FUpd (VName _) _ :: _ => False
  | _ :: S' => stk_pre G0 S'
  end.

Section PreRun.
Variables (rs : ruleset) (sc : scoping) (G0 : heap) (a0 : nat) (ea : expr) (cea : cc)
          (ta : theta) (A1 : heap) (va : expr) (cva : cc).
Variable Su : setup rs sc G0 a0 ea cea ta A1 va cva.
Variable Hsub : rs = Fig6 \/ cva <> "SUB"%string.

Local Notation r0 := (shift (next G0) (next G0 + (next A1 - next G0))).
Local Notation PRE := (pre (next G0) (next A1 - next G0) a0 ea cea va cva A1 G0).
Local Notation X := (charge cva CU 1 ta).

(* A plain run from (cc, T, e, S, t) to a final state that evaluates a0,
   against the same state in a heap T' related by PRE (a0's evaluation
   done ahead, its cost already in t'): the run from there ends with the
   same cost centre and theta, the heap and value renamed one to one.  By
   strong induction on the run's length: the derivation of e (pre_eval)
   either does not demand a0 (the heaps stay related by PRE, and the frame
   it returns to pops alike on both sides) or does (the heaps are related
   one to one from there, and steps_rn carries the rest). *)
Lemma pre_run_fix : forall n c T e S t sf,
    steps rs sc n (mkstate c T e S t) sf -> final sf -> val_at (hp sf) a0 ->
    forall T' t', PRE T T' -> inv (mkstate c T e S t) -> below (next T) e = true ->
    stk_below (next T) S = true -> stk_pre G0 S ->
    (forall c' k', t' c' k' = t c' k' + X c' k') ->
    exists m sf', steps rs sc m (mkstate c T' (rn_expr r0 e) (rn_stk r0 S) t') sf' /\ final sf' /\
      ccc sf' = ccc sf /\ (forall c' k', th sf' c' k' = th sf c' k') /\
      exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf) /\
                (forall b, b < next G0 -> r b = b).
Proof.
  intros n. induction n as [n IH] using lt_wf_ind.
  intros c T e S t sf R F Need T' t' P Inv B BS PS Ht.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ R F) as (m1 & th0 & D & z & cz & t1 & Lm & E & R1 & Ht1).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ E) as Vz.
  pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as ND.
  destruct (eval_closed _ _ _ _ _ _ _ _ _ E (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) B) as (CD & Bz).
  assert (InvD : inv (mkstate cz D z S t1)).
  { destruct (eval_complete _ _ _ _ _ _ _ _ _ E S t) as (k & tk & Rk & _).
    exact (osteps_inv LTR _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) Rk) Inv). }
  assert (BSD : stk_below (next D) S = true) by (eapply stk_below_mono; [exact ND | exact BS]).
  destruct (pre_eval rs sc G0 a0 ea cea ta A1 va cva Su Hsub _ _ _ _ _ _ _ E T' P B)
    as [(D' & E' & PD)|(r1 & D' & t'' & E' & HD & Ag & Th)].
  - (* a0 not demanded yet: the frame on top of S pops, on both sides *)
    destruct (eval_complete _ _ _ _ _ _ _ _ _ E' (rn_stk r0 S) t') as (k1 & u1 & R1' & Hu1).
    destruct S as [|f S0].
    { exfalso. inversion R1 as [s0|k s1 s2 s3 St _]; subst.
      - destruct Need as (w & cw & Fw & Vw). simpl in Fw.
        rewrite (pr_a _ _ _ _ _ _ _ _ _ _ _ PD) in Fw. injection Fw as <- _.
        rewrite (su_th _ _ _ _ _ _ _ _ _ _ Su) in Vw. discriminate.
      - eapply final_no_step; [|exact St]. split; [exact Vz | reflexivity]. }
    destruct (steps_first _ _ _ _ _ R1 F) as (m' & s3 & -> & St & R3); [intros [_ Hs]; discriminate|].
    assert (Inv3 : inv s3) by exact (ostep_inv LTR _ _ _ _ St InvD).
    assert (C3 : sclosed s3) by (eapply step_closed; [exact St | split; [exact CD | split; assumption]]).
    assert (Tail : forall s3', step rs sc (mkstate cz D' (rn_expr r0 z) (rn_stk r0 (f :: S0)) u1) s3' ->
              PRE (hp s3) (hp s3') -> ccc s3' = ccc s3 -> ctl s3' = rn_expr r0 (ctl s3) ->
              stk s3' = rn_stk r0 (stk s3) -> stk_pre G0 (stk s3) ->
              (forall c' k', th s3' c' k' = th s3 c' k' + X c' k') ->
              exists m sf', steps rs sc m (mkstate c T' (rn_expr r0 e) (rn_stk r0 (f :: S0)) t') sf' /\
                final sf' /\ ccc sf' = ccc sf /\ (forall c' k', th sf' c' k' = th sf c' k') /\
                exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf) /\
                          (forall b, b < next G0 -> r b = b)).
    { intros s3' St' P3 Hc3 He3 HS3 PS3 Ht3.
      destruct s3 as [c3 T3 e3 S3 tt3]. destruct C3 as (_ & B3 & BS3). simpl in *.
      destruct (IH m' ltac:(lia) _ _ _ _ _ _ R3 F Need _ _ P3 Inv3 B3 BS3 PS3 Ht3)
        as (m & sf' & R' & F' & Hc & Hth & Hr).
      exists (k1 + S m), sf'. split; [|auto].
      eapply steps_trans; [exact R1'|]. econstructor; [exact St'|].
      destruct s3' as [c3' T3' e3' S3' tt3']. simpl in *. subst. exact R'. }
    simpl in PS, BS. unfold stk_below in BS. simpl in BS.
    inversion St; subst; no_value_row.
    + (* app2 *)
      apply (Tail (mkstate (body_cc sc cz cf) D' (rn_expr r0 (subst y x b)) (rn_stk r0 S0) u1));
        simpl; try reflexivity; [rewrite rn_subst; apply Step_App2 | exact PD | exact PS | theta_arith].
    + (* var3 *)
      destruct x as [nm|b]; [destruct PS|]. destruct PS as (Hb0 & PS0).
      apply andb_prop in BS. destruct BS as (Hb & _). simpl in Hb. apply Nat.ltb_lt in Hb.
      assert (Hba : b <> a0) by (intros ->; rewrite (su_a _ _ _ _ _ _ _ _ _ _ Su) in Hb0; discriminate).
      apply (Tail (mkstate (updated rs cz cf) (update D' (VAddr (r0 b)) (rn_expr r0 z, cz)) (rn_expr r0 z)
                           (rn_stk r0 S0) (charge cz CU 1 u1)));
        simpl; try reflexivity; [apply Step_Var3; rewrite is_value_rn; exact Vz | | exact PS0 | theta_arith].
      apply (pre_update rs sc G0 a0 ea cea ta A1 va cva Su); [exact PD | exact Hba | lia | exact Bz |].
      intros o Fo. rewrite Hb0 in Fo. discriminate.
    + (* case2 *)
      apply (Tail (mkstate cf D' (rn_expr r0 (substs ys xs b)) (rn_stk r0 S0) u1));
        simpl; try reflexivity; [| exact PD | exact PS | theta_arith].
      rewrite rn_substs. eapply Step_Case2.
      * fold (rn_alts r0 alts). rewrite select_rn.
        match goal with H : select alts _ = Some _ |- _ => rewrite H end. reflexivity.
      * rewrite map_length. assumption.
    + (* case2 default *)
      apply (Tail (mkstate cf D' (rn_expr r0 de) (rn_stk r0 S0) u1));
        simpl; try reflexivity; [| exact PD | exact PS | theta_arith].
      eapply Step_Case2_Default; [rewrite is_value_rn; exact Vz | apply no_alt_rn; assumption].
    + (* prim2 *)
      apply (Tail (mkstate cf D' (rn_expr r0 (atom_expr a2)) (rn_stk r0 (FPrim2 op n1 cf :: S0)) u1));
        simpl; try reflexivity; [rewrite atom_expr_rn; apply Step_Prim2 | exact PD | exact PS | theta_arith].
    + (* prim3 *)
      apply (Tail (mkstate cf D' (rn_expr r0 r) (rn_stk r0 S0) u1));
        simpl; try reflexivity; [| exact PD | exact PS | theta_arith].
      match goal with H : prim_result _ _ _ = Some _ |- _ => rewrite (prim_result_rn _ _ _ _ _ H); apply Step_Prim3; exact H end.
    + (* resume *)
      apply (Tail (mkstate cf D' (rn_expr r0 e0) (rn_stk r0 S0) u1));
        simpl; try reflexivity; [apply Step_Resume; rewrite is_value_rn; exact Vz | exact PD | exact PS | theta_arith].
  - (* a0 demanded: from there the heaps are related one to one *)
    destruct (eval_complete _ _ _ _ _ _ _ _ _ E' (rn_stk r0 S) t') as (k1 & u1 & R1' & Hu1).
    destruct (steps_rn _ _ _ _ _ R1 InvD r1 D' u1 HD) as (Gf' & tf' & R2' & Hf & Htf); [cbn [th]; theta_arith|].
    simpl in R2'. rewrite (rn_stk_ext r1 r0 (next T) S Ag BS) in R2'. destruct sf as [cf Df zf Sf tf]. destruct F as (Vf & HSf). simpl in *. subst Sf.
    exists (k1 + m1), (mkstate cf Gf' (rn_expr r1 zf) [] tf').
    split; [eapply steps_trans; [exact R1' | exact R2']|].
    split; [split; [simpl; rewrite is_value_rn; exact Vf | reflexivity]|].
    split; [reflexivity|]. split; [exact Htf|]. exists r1. split; [exact Hf|]. split; [reflexivity|].
    intros b Hb. rewrite (Ag b) by (pose proof (pr_le _ _ _ _ _ _ _ _ _ _ _ P); lia). apply shift_old. exact Hb.
Qed.

(* The same, the renaming left unsaid on the heap's older addresses. *)
Lemma pre_run : forall n c T e S t sf,
    steps rs sc n (mkstate c T e S t) sf -> final sf -> val_at (hp sf) a0 ->
    forall T' t', PRE T T' -> inv (mkstate c T e S t) -> below (next T) e = true ->
    stk_below (next T) S = true -> stk_pre G0 S ->
    (forall c' k', t' c' k' = t c' k' + X c' k') ->
    exists m sf', steps rs sc m (mkstate c T' (rn_expr r0 e) (rn_stk r0 S) t') sf' /\ final sf' /\
      ccc sf' = ccc sf /\ (forall c' k', th sf' c' k' = th sf c' k') /\
      exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros n c T e S t sf R F Need T' t' P Inv B BS PS Ht.
  destruct (pre_run_fix n c T e S t sf R F Need T' t' P Inv B BS PS Ht)
    as (m & sf' & R' & F' & Hc & Ht' & r & Hr & Hz & _).
  exists m, sf'. split; [exact R'|]. split; [exact F'|]. split; [exact Hc|]. split; [exact Ht'|].
  exists r. split; assumption.
Qed.

End PreRun.
