(* T3Chain.v -- T3 for a program with let and any number of forces at any
   states, where a forced thunk's evaluation may enter other thunks of the
   heap: a force of a at s1 is allowed when some thunks b1 ... bk of s1's
   heap (those a's evaluation enters) can be forced one after the
   other from s1, each entering no other thunk given the earlier ones
   done (chain0), the plain run from s1 evaluates a and each of them, a's
   evaluation at s1 evaluates each of them, and after them a enters no
   other thunk.  With k = 0
   this is the force of T3LetForces.xsteps.  Or (chain_pair) the chain's
   thunks are any addresses, a thunk an earlier one's evaluation allocated
   among them, each needed from its own state (chain), and the same chain
   can be forced right after a's force, each needed from its state there.  The plain run from s1 and the
   run from a's force are compared through a third run: the plain run from
   a's force at the end of the chain.  The plain run from s1 reaches it
   force by force (PreRun.pre_run_fix, as in T3LetForces.xrun); so does
   the run from a's force, by the same chain with a removed
   (RemoveKept.eval_remove_kept: each b's evaluation leaves a alone), the
   renamings leaving s1's addresses alone, so that each b, evaluated by
   the run from a's force, is by the run from each later state.  That
   second relation is turned round (RnInverse.heap_rn_inv), final heaps
   having no hole (holes_upd: every hole is an update frame's). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.RunSplit Ccm.Program Ccm.Complete Ccm.Sound Ccm.SubNeverCurrent Ccm.Rename Ccm.Order
        Ccm.ORun Ccm.EarlyQ Ccm.T3LetFree Ccm.StepCount Ccm.T3Steps Ccm.Closed Ccm.Transfer
        Ccm.PreEval Ccm.T3LetForce Ccm.PreRun Ccm.T3LetForceAt Ccm.T3LetForces
        Ccm.RemoveKept Ccm.RnInverse.
Import ListNotations.
Open Scope nat_scope.

(* ---- every hole is an update frame's address ---- *)

Definition holes_upd (s : state) : Prop :=
  forall b, b < next (hp s) -> find_addr b (binds (hp s)) = None -> In (VAddr b) (upds (stk s)).

Lemma holes_step : forall rs sc s s', step rs sc s s' -> inv s -> holes_upd s -> holes_upd s'.
Proof.
  intros rs sc s s' St (W & Ho & _) Hh.
  destruct St; unfold holes_upd in *; simpl in *; try exact Hh.
  - (* var2 *)
    destruct (lookup_lt_wf _ _ _ W H) as (a & -> & Ha & Fa). simpl.
    intros b Hb F. rewrite find_addr_filter' in F. destruct (Nat.eqb_spec b a) as [->|Hne]; [left; reflexivity|].
    right. apply Hh; assumption.
  - (* var3 *)
    destruct (Ho x (or_introl eq_refl)) as (a & -> & Ha & Fa). simpl.
    intros b Hb F. destruct (Nat.eqb_spec b a) as [->|Hne]; [discriminate|].
    destruct (Hh b Hb F) as [E|Hin]; [injection E as ->; contradiction | exact Hin].
  - (* let *)
    intros b Hb F. rewrite find_addr_combine' in F by apply map_length.
    destruct (Nat.ltb_spec b (next G)) as [Hl|Hl].
    + replace ((next G <=? b) && (b <? next G + length bs)) with false in F
        by (symmetry; apply andb_false_intro1; apply Nat.leb_gt; lia).
      apply Hh; assumption.
    + exfalso.
      replace ((next G <=? b) && (b <? next G + length bs)) with true in F
        by (symmetry; apply andb_true_intro; split; [apply Nat.leb_le | apply Nat.ltb_lt]; lia).
      assert (Hn : b - next G < length (map (fun p => (let_rename G bs (snd p), c)) bs))
        by (rewrite map_length; lia).
      apply nth_error_Some in Hn. contradiction.
Qed.

Lemma holes_force : forall s a ea cea, holes_upd s -> holes_upd (force_at s a ea cea).
Proof.
  intros [c G e S t] a ea cea Hh. unfold holes_upd, force_at in *. simpl in *.
  intros b Hb F. rewrite find_addr_filter' in F. destruct (Nat.eqb_spec b a) as [->|Hne]; [left; reflexivity|].
  right. apply Hh; assumption.
Qed.

Lemma final_full : forall s, final s -> holes_upd s ->
    forall b, b < next (hp s) -> find_addr b (binds (hp s)) <> None.
Proof.
  intros s (_ & HS) Hh b Hb F. pose proof (Hh b Hb F) as Hin. rewrite HS in Hin. destruct Hin.
Qed.

Definition good2 (rs : ruleset) (s : state) : Prop := good rs s /\ holes_upd s.

Lemma good2_step : forall rs sc s s', step rs sc s s' -> good2 rs s -> good2 rs s'.
Proof.
  intros rs sc s s' St (Gd & Hh). split; [exact (good_step _ _ _ _ St Gd)|].
  exact (holes_step _ _ _ _ St (proj1 (proj2 Gd)) Hh).
Qed.

Lemma good2_steps : forall rs sc n s s', steps rs sc n s s' -> good2 rs s -> good2 rs s'.
Proof. induction 1; intros; [assumption | eapply IHsteps, good2_step; eassumption]. Qed.

Lemma good2_force : forall rs s a ea cea, good2 rs s -> find_addr a (binds (hp s)) = Some (ea, cea) ->
    is_value ea = false -> good2 rs (force_at s a ea cea).
Proof.
  intros rs s a ea cea (Gd & Hh) Fa Va. split; [exact (force_good _ _ _ _ _ Gd Fa Va) | exact (holes_force _ _ _ _ Hh)].
Qed.

(* good2 says nothing of theta *)
Lemma good2_th : forall rs c G e S t t', good2 rs (mkstate c G e S t) -> good2 rs (mkstate c G e S t').
Proof. intros rs c G e S t t' H. exact H. Qed.

Lemma init_good2 : forall rs p, prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    good2 rs (init_state p).
Proof.
  intros rs p Hcl Hrs. split; [exact (init_good rs p Hcl Hrs)|].
  intros b Hb F. exfalso. unfold init_state, init_heap in *. simpl in *.
  destruct (Nat.eqb_spec b 0) as [->|H0]; [discriminate|].
  rewrite <- (app_nil_r (combine _ _)) in F.
  rewrite Rename.find_addr_combine' in F by apply map_length.
  replace ((1 <=? b) && (b <? 1 + length (tops p))) with true in F
    by (symmetry; apply andb_true_intro; split; [apply Nat.leb_le | apply Nat.ltb_lt]; lia).
  assert (Hn : b - 1 < length (map (fun b => (rename_top p (snd b), top_cc (fst b) (snd b))) (tops p)))
    by (rewrite map_length; lia).
  apply nth_error_Some in Hn. contradiction.
Qed.

(* ---- runs related: the same cost centre and theta, heap and value renamed ---- *)

Definition rel (sf sf' : state) : Prop :=
  ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
  exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).

Lemma rel_refl : forall sf, heap_wf (hp sf) -> rel sf sf.
Proof.
  intros sf W. split; [reflexivity|]. split; [reflexivity|]. exists (fun b => b).
  split; [apply heap_rn_id; exact W | symmetry; apply rn_id].
Qed.

Lemma rel_trans : forall s1 s2 s3, rel s1 s2 -> rel s2 s3 -> rel s1 s3.
Proof.
  intros s1 s2 s3 (C1 & T1 & r1 & H1 & Z1) (C2 & T2 & r2 & H2 & Z2).
  split; [congruence|]. split; [intros c k; rewrite T2, T1; reflexivity|].
  exists (fun b => r2 (r1 b)). split; [exact (heap_rn_comp _ _ _ _ _ H1 H2)|].
  rewrite Z2, Z1, rn_comp. reflexivity.
Qed.

(* Turned round, between two final states of plain runs from good states. *)
Lemma rel_sym : forall rs s1 s2, rel s1 s2 -> final s2 -> good2 rs s1 -> good2 rs s2 -> rel s2 s1.
Proof.
  intros rs s1 s2 (C & T & r & H & Z) F2 G1 G2.
  unfold good2, good in G1. destruct G1 as (((Cl1 & Bc1 & _) & _ & _) & _).
  destruct (heap_rn_inv r _ _ H Cl1 (final_full s2 F2 (proj2 G2))) as (_ & Hi & Fwd).
  split; [symmetry; exact C|]. split; [intros c k; symmetry; apply T|].
  exists (rn_back r (next (hp s1)) (next (hp s2))). split; [exact Hi|].
  rewrite Z, rn_inv_expr; [reflexivity | exact Fwd | exact Bc1].
Qed.

(* The same with the renaming the identity below N (the heap's older
   addresses), so that an older thunk evaluated on one side is on the
   other. *)
Definition relx (N : nat) (sf sf' : state) : Prop :=
  ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
  exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf) /\ (forall b, b < N -> r b = b).

Lemma relx_rel : forall N sf sf', relx N sf sf' -> rel sf sf'.
Proof.
  intros N sf sf' (C & T & r & H & Z & _). split; [exact C|]. split; [exact T|]. exists r. split; assumption.
Qed.

Lemma relx_val_at : forall N sf sf' b, relx N sf sf' -> b < N -> val_at (hp sf) b -> val_at (hp sf') b.
Proof.
  intros N sf sf' b (_ & _ & r & H & _ & Id) Hb (z & cz & F & V).
  exists (rn_expr r z), cz. rewrite <- (Id b Hb), (hr_find _ _ _ H b), F.
  split; [reflexivity | rewrite is_value_rn; exact V].
Qed.


(* ---- a force from a good state, forward: the plain run from the state
   with the thunk's evaluation done ahead (PreRun.pre_run_fix) ---- *)

Lemma fa : forall rs sc s b eb ceb tb B vb cvb n sf t',
    good rs s -> find_addr b (binds (hp s)) = Some (eb, ceb) -> is_value eb = false ->
    enters_no_thunk rs sc (hp s) b ->
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb ->
    steps rs sc n s sf -> final sf -> val_at (hp sf) b ->
    (forall c k, t' c k = th s c k + charge cvb CU 1 tb c k) ->
    exists m sf2, steps rs sc m (mkstate (ccc s) (update B (VAddr b) (vb, cvb)) (ctl s) (stk s) t') sf2 /\
      final sf2 /\ relx (next (hp s)) sf sf2.
Proof.
  intros rs sc s b eb ceb tb B vb cvb n sf t' Gd Fb Vb NE A R F Need Ht.
  destruct Gd as (C1 & I1 & O1).
  destruct s as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
  pose proof C1 as (CG & B0 & BS0).
  assert (Su : setup rs sc G0 b eb ceb tb B vb cvb)
    by (constructor; [exact CG | exact Fb | exact Vb | exact A | exact (NE _ _ _ _ _ _ Fb A)]).
  assert (Hsub : rs = Fig6 \/ cvb <> "SUB"%string).
  { destruct O1 as [O1|O1]; [left; exact O1 | right].
    destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr b) c0 :: FResume e0 c0 :: S0) t0)
      as (kx & tx & Rk & _).
    refine (proj1 (steps_ok _ _ _ _ _ Rk _)). exact (force_ok (mkstate c0 G0 e0 S0 t0) _ _ _ O1 Fb Vb). }
  pose proof (stk_pre_of _ _ (proj1 (proj2 I1))) as PS0.
  destruct (pre_run_fix rs sc G0 b eb ceb tb B vb cvb Su Hsub _ _ _ _ _ _ _ R F Need
              (update B (VAddr b) (vb, cvb)) t'
              (pre_start rs sc G0 b eb ceb tb B vb cvb Su) I1 B0 BS0 PS0 Ht)
    as (m4 & sf1 & R4 & F4 & Hc1 & Ht1 & Hr1).
  rewrite (rn_below _ (next G0) (fun x Hx => shift_old _ _ x Hx) e0 B0) in R4.
  rewrite (rn_stk_below _ (next G0) S0 (fun x Hx => shift_old _ _ x Hx) BS0) in R4.
  exists m4, sf1. split; [exact R4|]. split; [exact F4|]. split; [exact Hc1|]. split; [exact Ht1 | exact Hr1].
Qed.

(* ---- the state with a thunk's evaluation done ahead ---- *)

Definition ahead (s : state) (b : nat) (B : heap) (vb : expr) (cvb : cc) (tb : theta) : state :=
  mkstate (ccc s) (update B (VAddr b) (vb, cvb)) (ctl s) (stk s) (fun c k => th s c k + charge cvb CU 1 tb c k).

(* A force of b, b's evaluation, var3 and resume reach it (theta pointwise). *)
Lemma run_ahead : forall rs sc s b eb ceb tb B vb cvb,
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb ->
    exists k t'', steps rs sc k (force_at s b eb ceb)
                        (mkstate (ccc s) (update B (VAddr b) (vb, cvb)) (ctl s) (stk s) t'') /\
      forall c k, t'' c k = th s c k + charge cvb CU 1 tb c k.
Proof.
  intros rs sc s b eb ceb tb B vb cvb A.
  destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr b) (ccc s) :: FResume (ctl s) (ccc s) :: stk s) (th s))
    as (k & t1 & R & Ht).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as V.
  exists (k + 2), (charge cvb CU 1 t1). split.
  - eapply steps_trans; [exact R|].
    econstructor; [apply Step_Var3; exact V|].
    econstructor; [apply Step_Resume; exact V|]. constructor.
  - theta_arith.
Qed.

Lemma good2_ahead : forall rs sc s b eb ceb tb B vb cvb,
    good2 rs s -> find_addr b (binds (hp s)) = Some (eb, ceb) -> is_value eb = false ->
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb -> good2 rs (ahead s b B vb cvb tb).
Proof.
  intros rs sc s b eb ceb tb B vb cvb Gd Fb Vb A.
  destruct (run_ahead _ _ _ _ _ _ _ _ _ _ A) as (k & t'' & R & _).
  exact (good2_th _ _ _ _ _ _ _ (good2_steps _ _ _ _ _ R (good2_force _ _ _ _ _ Gd Fb Vb))).
Qed.

(* ---- forcing thunks one after the other ---- *)

(* chain rs sc s [b1; ...; bk] u: from s, b1 can be forced (a thunk, needed
   at s, its evaluation there entering no other thunk and ending), then
   b2 from the state with b1 done ahead, and so on; u is the state with
   all of them done ahead. *)
Inductive chain (rs : ruleset) (sc : scoping) : state -> list nat -> state -> Prop :=
| ch_nil : forall s, chain rs sc s [] s
| ch_cons : forall s b eb ceb tb B vb cvb bs u,
    find_addr b (binds (hp s)) = Some (eb, ceb) -> is_value eb = false ->
    enters_no_thunk rs sc (hp s) b -> needed rs sc s b ->
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb ->
    chain rs sc (ahead s b B vb cvb tb) bs u -> chain rs sc s (b :: bs) u.

(* b's evaluation in s (b removed), b entering no other thunk, leaves a,
   another thunk of s, as it was, and is the same evaluation with a
   removed too. *)
Lemma eval_without : forall rs sc s a ea cea b eb ceb tb B vb cvb,
    good2 rs s -> find_addr a (binds (hp s)) = Some (ea, cea) -> is_value ea = false -> b <> a ->
    find_addr b (binds (hp s)) = Some (eb, ceb) -> enters_no_thunk rs sc (hp s) b ->
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb ->
    find_addr a (binds B) = Some (ea, cea) /\
    eval rs sc ceb (remove (remove (hp s) (VAddr a)) (VAddr b)) eb tb (remove B (VAddr a)) vb cvb.
Proof.
  intros rs sc s a ea cea b eb ceb tb B vb cvb Gd Fa Va Hba Fb NE A.
  assert (W : heap_wf (hp s)) by exact (proj1 (proj1 (proj2 (proj1 Gd)))).
  assert (Ha : a < next (hp s))
    by (destruct (Nat.ltb_spec a (next (hp s))); [assumption | rewrite W in Fa; [discriminate | assumption]]).
  assert (FaR : find_addr a (binds (remove (hp s) (VAddr b))) = Some (ea, cea)).
  { simpl. rewrite find_addr_filter'. replace (Nat.eqb a b) with false by (symmetry; apply Nat.eqb_neq; congruence). exact Fa. }
  pose proof (NE _ _ _ _ _ _ Fb A a (ea, cea) Ha FaR Va) as FaB.
  pose proof (eval_remove_kept _ _ _ _ _ _ _ _ _ A (heap_wf_remove _ _ W) a (ea, cea) FaR Va FaB) as AR.
  rewrite <- (remove_remove (hp s) a b) in AR.
  split; [exact FaB | exact AR].
Qed.

(* The plain run from s ends as the plain run from u. *)
Lemma chain_fwd : forall rs sc s bs u, chain rs sc s bs u -> good2 rs s ->
    forall n sf, steps rs sc n s sf -> final sf ->
    good2 rs u /\ exists m sfu, steps rs sc m u sfu /\ final sfu /\ rel sf sfu.
Proof.
  induction 1 as [s|s b eb ceb tb B vb cvb bs u Fb Vb NE Nd A Ch IH]; intros Gd n sf R F.
  - split; [exact Gd|]. exists n, sf. split; [exact R|]. split; [exact F|].
    apply rel_refl. exact (proj1 (proj1 (proj2 (proj1 (good2_steps _ _ _ _ _ R Gd))))).
  - destruct Nd as (n0 & sp & R0 & F0 & V0).
    destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R0) F0
                (proj2 (osteps_ltr _ _ _ _ _) R) F) as (_ & ->).
    destruct (fa rs sc s b eb ceb tb B vb cvb n sf (th (ahead s b B vb cvb tb)) (proj1 Gd) Fb Vb NE A R F V0
                (fun c k => eq_refl)) as (m1 & sf1 & R1 & F1 & Rel1).
    destruct (IH (good2_ahead _ _ _ _ _ _ _ _ _ _ Gd Fb Vb A) m1 sf1 R1 F1) as (Gu & m & sfu & Ru & Fu & Rel2).
    split; [exact Gu|]. exists m, sfu. split; [exact Ru|]. split; [exact Fu|].
    exact (rel_trans _ _ _ (relx_rel _ _ _ Rel1) Rel2).
Qed.

(* The same thunks forced right after a force of a (at the start of a's
   evaluation), a aside: when the run from a's force ends final and
   evaluates each of them, it ends as the plain run from a's force at the
   end of the chain.  Each thunk's evaluation there is its evaluation in
   the chain with a removed (RemoveKept.eval_remove_kept: it leaves a
   alone), so the state with it done ahead is the force of a at the
   chain's next state. *)
Lemma chain_build : forall rs sc s bs u, chain rs sc s bs u -> good2 rs s ->
    forall a ea cea, find_addr a (binds (hp s)) = Some (ea, cea) -> is_value ea = false -> ~ In a bs ->
    forall nx sfx, steps rs sc nx (force_at s a ea cea) sfx -> final sfx ->
    Forall (fun b => b < next (hp s) /\ val_at (hp sfx) b) bs ->
    find_addr a (binds (hp u)) = Some (ea, cea) /\
    exists mw sfw, steps rs sc mw (force_at u a ea cea) sfw /\ final sfw /\ rel sfx sfw.
Proof.
  induction 1 as [s|s b eb ceb tb B vb cvb bs u Fb Vb NE Nd A Ch IH];
    intros Gd a ea cea Fa Va Na nx sfx Rx Fx Nb.
  - split; [exact Fa|]. exists nx, sfx. split; [exact Rx|]. split; [exact Fx|].
    apply rel_refl. exact (proj1 (proj1 (proj2 (proj1 (good2_steps _ _ _ _ _ Rx (good2_force _ _ _ _ _ Gd Fa Va)))))).
  - assert (Hba : b <> a) by (intros ->; apply Na; left; reflexivity).
    assert (Nbs : ~ In a bs) by (intros H; apply Na; right; exact H).
    pose proof (Forall_inv Nb) as (Hbn & Vbx). pose proof (Forall_inv_tail Nb) as Nbs'.
    destruct (eval_without _ _ _ _ _ _ _ _ _ _ _ _ _ Gd Fa Va Hba Fb NE A) as (FaB & AR).
    set (w0 := force_at s a ea cea) in *.
    assert (Hw : hp w0 = remove (hp s) (VAddr a)) by reflexivity.
    assert (Fbw : find_addr b (binds (hp w0)) = Some (eb, ceb)).
    { rewrite Hw. simpl. rewrite find_addr_filter'. apply Nat.eqb_neq in Hba. rewrite Hba. exact Fb. }
    assert (NEw : enters_no_thunk rs sc (hp w0) b).
    { intros eb' ceb' t D z cz Fb' E b' o Hb' Fo Vo.
      rewrite Fbw in Fb'. injection Fb' as <- <-. rewrite Hw in E, Fo, Hb'.
      destruct (eval_deterministic _ _ _ _ _ _ _ _ _ AR _ _ _ _ E) as (_ & <- & _ & _).
      simpl in Fo, Hb'. rewrite !find_addr_filter' in Fo.
      destruct (Nat.eqb_spec b' b) as [_|Hb'b]; [discriminate|].
      destruct (Nat.eqb_spec b' a) as [_|Hb'a]; [discriminate|].
      assert (Fo' : find_addr b' (binds (remove (hp s) (VAddr b))) = Some o).
      { simpl. rewrite find_addr_filter'. apply Nat.eqb_neq in Hb'b. rewrite Hb'b. exact Fo. }
      pose proof (NE _ _ _ _ _ _ Fb A b' o Hb' Fo' Vo) as FB.
      simpl. rewrite find_addr_filter'. apply Nat.eqb_neq in Hb'a. rewrite Hb'a. exact FB. }
    assert (Gw : good2 rs w0) by exact (good2_force _ _ _ _ _ Gd Fa Va).
    destruct (fa rs sc w0 b eb ceb tb (remove B (VAddr a)) vb cvb nx sfx
                (th (ahead w0 b (remove B (VAddr a)) vb cvb tb)) (proj1 Gw) Fbw Vb NEw AR Rx Fx Vbx
                (fun c k => eq_refl)) as (m1 & sf1 & R1 & F1 & Rel1).
    assert (E : ahead w0 b (remove B (VAddr a)) vb cvb tb = force_at (ahead s b B vb cvb tb) a ea cea).
    { unfold ahead, w0, force_at. simpl. replace (Nat.eqb b a) with false by (symmetry; apply Nat.eqb_neq; exact Hba). reflexivity. }
    assert (R1' : steps rs sc m1 (force_at (ahead s b B vb cvb tb) a ea cea) sf1) by (rewrite <- E; exact R1).
    assert (FaB' : find_addr a (binds (hp (ahead s b B vb cvb tb))) = Some (ea, cea)).
    { simpl. replace (Nat.eqb a b) with false by (symmetry; apply Nat.eqb_neq; congruence). exact FaB. }
    assert (NxB : next (hp s) <= next (hp (ahead s b B vb cvb tb))).
    { simpl. pose proof (eval_next _ _ _ _ _ _ _ _ _ A) as Nx. rewrite next_remove in Nx. exact Nx. }
    assert (Nb1 : Forall (fun x => x < next (hp (ahead s b B vb cvb tb)) /\ val_at (hp sf1) x) bs).
    { apply Forall_forall. intros b' Hb'. rewrite Forall_forall in Nbs'. destruct (Nbs' b' Hb') as (Hl & Vl).
      split; [lia|]. apply (relx_val_at _ _ _ _ Rel1); [rewrite Hw; simpl; exact Hl | exact Vl]. }
    destruct (IH (good2_ahead _ _ _ _ _ _ _ _ _ _ Gd Fb Vb A) a ea cea FaB' Va Nbs m1 sf1 R1' F1 Nb1)
      as (Fau & mw & sfw & Rw & Fw & Relw).
    split; [exact Fau|]. exists mw, sfw. split; [exact Rw|]. split; [exact Fw|].
    exact (rel_trans _ _ _ (relx_rel _ _ _ Rel1) Relw).
Qed.

(* Or the same chain given from a's force too, its thunks any addresses
   (thunks an earlier one's evaluation allocated among them), each needed
   from its own state there: it ends in a's force at the first chain's
   end, by the same argument. *)
Lemma chain_pair : forall rs sc s bs u, chain rs sc s bs u -> good2 rs s ->
    forall a ea cea w, find_addr a (binds (hp s)) = Some (ea, cea) -> is_value ea = false ->
    chain rs sc (force_at s a ea cea) bs w ->
    w = force_at u a ea cea /\ find_addr a (binds (hp u)) = Some (ea, cea).
Proof.
  induction 1 as [s|s b eb ceb tb B vb cvb bs u Fb Vb NE Nd A Ch IH]; intros Gd a ea cea w Fa Va Cw.
  - inversion Cw; subst. split; [reflexivity | exact Fa].
  - inversion Cw as [|s' b' eb' ceb' tb' B' vb' cvb' bs' w' Fb' Vb' NE' Nd' A' Cw']; subst.
    unfold force_at in Fb'. cbn [hp] in Fb'. simpl in Fb'. rewrite find_addr_filter' in Fb'.
    destruct (Nat.eqb_spec b a) as [->|Hba]; [discriminate|].
    rewrite Fb in Fb'. injection Fb' as <- <-.
    destruct (eval_without _ _ _ _ _ _ _ _ _ _ _ _ _ Gd Fa Va Hba Fb NE A) as (FaB & AR).
    unfold force_at in A'. cbn [hp] in A'.
    destruct (eval_deterministic _ _ _ _ _ _ _ _ _ AR _ _ _ _ A') as (<- & <- & <- & <-).
    assert (E : ahead (force_at s a ea cea) b (remove B (VAddr a)) vb cvb tb = force_at (ahead s b B vb cvb tb) a ea cea).
    { unfold ahead, force_at. simpl. replace (Nat.eqb b a) with false by (symmetry; apply Nat.eqb_neq; exact Hba). reflexivity. }
    assert (Cw2 : chain rs sc (force_at (ahead s b B vb cvb tb) a ea cea) bs w) by (rewrite <- E; exact Cw').
    refine (IH (good2_ahead _ _ _ _ _ _ _ _ _ _ Gd Fb Vb A) a ea cea w _ Va Cw2).
    simpl. replace (Nat.eqb a b) with false by (symmetry; apply Nat.eqb_neq; congruence). exact FaB.
Qed.

(* The same chain with "needed" left out at each of its states: read off
   the plain run from its start, the renamings fa gives keeping the older
   addresses. *)
Inductive chain0 (rs : ruleset) (sc : scoping) : state -> list nat -> state -> Prop :=
| c0_nil : forall s, chain0 rs sc s [] s
| c0_cons : forall s b eb ceb tb B vb cvb bs u,
    find_addr b (binds (hp s)) = Some (eb, ceb) -> is_value eb = false ->
    enters_no_thunk rs sc (hp s) b ->
    eval rs sc ceb (remove (hp s) (VAddr b)) eb tb B vb cvb ->
    chain0 rs sc (ahead s b B vb cvb tb) bs u -> chain0 rs sc s (b :: bs) u.

Lemma chain0_chain : forall rs sc s bs u, chain0 rs sc s bs u -> good2 rs s ->
    forall N n sf, N <= next (hp s) -> steps rs sc n s sf -> final sf ->
    Forall (fun b => b < N /\ val_at (hp sf) b) bs ->
    chain rs sc s bs u /\ exists m sfu, steps rs sc m u sfu /\ final sfu /\ relx N sf sfu.
Proof.
  induction 1 as [s|s b eb ceb tb B vb cvb bs u Fb Vb NE A Ch IH]; intros Gd N n sf HN R F Nb.
  - split; [constructor|]. exists n, sf. split; [exact R|]. split; [exact F|].
    split; [reflexivity|]. split; [reflexivity|]. exists (fun x => x).
    split; [apply heap_rn_id; exact (proj1 (proj1 (proj2 (proj1 (good2_steps _ _ _ _ _ R Gd)))))|].
    split; [symmetry; apply rn_id | reflexivity].
  - pose proof (Forall_inv Nb) as (Hbn & Vbx). pose proof (Forall_inv_tail Nb) as Nbs.
    destruct (fa rs sc s b eb ceb tb B vb cvb n sf (th (ahead s b B vb cvb tb)) (proj1 Gd) Fb Vb NE A R F Vbx
                (fun c k => eq_refl)) as (m1 & sf1 & R1 & F1 & Rel1).
    assert (NxB : next (hp s) <= next (hp (ahead s b B vb cvb tb))).
    { simpl. pose proof (eval_next _ _ _ _ _ _ _ _ _ A) as Nx. rewrite next_remove in Nx. exact Nx. }
    assert (Nb1 : Forall (fun x => x < N /\ val_at (hp sf1) x) bs).
    { apply Forall_forall. intros b' Hb'. rewrite Forall_forall in Nbs. destruct (Nbs b' Hb') as (Hl & Vl).
      split; [exact Hl|]. apply (relx_val_at _ _ _ _ Rel1); [lia | exact Vl]. }
    destruct (IH (good2_ahead _ _ _ _ _ _ _ _ _ _ Gd Fb Vb A) N m1 sf1 ltac:(lia) R1 F1 Nb1)
      as (C & m & sfu & Ru & Fu & (Cc & Ct & r & Hr & Hz & Hid)).
    split; [apply ch_cons with (eb := eb) (ceb := ceb) (tb := tb) (B := B) (vb := vb) (cvb := cvb);
              [exact Fb | exact Vb | exact NE | exists n, sf; auto | exact A | exact C]|].
    exists m, sfu. split; [exact Ru|]. split; [exact Fu|].
    destruct Rel1 as (Cc1 & Ct1 & r1 & Hr1 & Hz1 & Hid1).
    split; [congruence|]. split; [intros c k; rewrite Ct, Ct1; reflexivity|].
    exists (fun x => r (r1 x)). split; [exact (heap_rn_comp _ _ _ _ _ Hr1 Hr)|].
    split; [rewrite Hz, Hz1, rn_comp; reflexivity|].
    intros x Hx. rewrite Hid1 by lia. apply Hid. exact Hx.
Qed.

Lemma chain_start : forall rs sc s bs u a, chain rs sc s bs u -> needed rs sc u a ->
    exists n sf, steps rs sc n s sf /\ final sf.
Proof.
  intros rs sc s bs u a C. destruct C as [s|s b eb ceb tb B vb cvb bs u Fb Vb NE Nd A Ch]; intros N.
  - destruct N as (n & sp & R & F & _). eauto.
  - destruct Nd as (n & sp & R & F & _). eauto.
Qed.

(* ---- a force whose evaluation may enter other thunks ---- *)

(* The plain run from u, a needed at u and entering no other thunk there,
   against the plain run from a's force at u: both final, related (a's
   evaluation, var3, resume, and the plain run from u with a done ahead,
   which is fa's). *)
Lemma force_at_end : forall rs sc u a ea cea mu sfu mw sfw,
    good2 rs u -> find_addr a (binds (hp u)) = Some (ea, cea) -> is_value ea = false ->
    enters_no_thunk rs sc (hp u) a -> needed rs sc u a ->
    steps rs sc mu u sfu -> final sfu ->
    steps rs sc mw (force_at u a ea cea) sfw -> final sfw ->
    rel sfu sfw.
Proof.
  intros rs sc u a ea cea mu sfu mw sfw Gu Fau Va NEa Nda Ru Fu Rw Fw.
  destruct Nda as (na & spa & Ra & Fpa & Va').
  destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) Ra) Fpa
              (proj2 (osteps_ltr _ _ _ _ _) Ru) Fu) as (_ & ->).
  destruct u as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
  unfold force_at in Rw. cbn [hp ccc ctl stk th] in Rw.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ Rw Fw) as (m1 & ta & A1 & va & cva & t1 & _ & A & R1' & T1).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as Vva.
  destruct (steps_first _ _ _ _ _ R1' Fw) as (m2 & s2 & _ & St2 & R2); [intros [_ Hs]; discriminate|].
  inversion St2; subst; no_value_row.
  destruct (steps_first _ _ _ _ _ R2 Fw) as (m3 & s3' & _ & St3 & R3); [intros [_ Hs]; discriminate|].
  inversion St3; subst; no_value_row.
  destruct (fa rs sc (mkstate c0 G0 e0 S0 t0) a ea cea ta A1 va cva mu sfu (charge cva CU 1 t1)
              (proj1 Gu) Fau Va NEa A Ru Fu Va') as (m4 & sf4 & R4 & F4 & Rel4); [cbn [th]; theta_arith|].
  destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R3) Fw
              (proj2 (osteps_ltr _ _ _ _ _) R4) F4) as (_ & <-).
  exact (relx_rel _ _ _ Rel4).
Qed.


(* From a good state s1: a thunk a, and older thunks b1 ... bk (not a)
   forced one after the other from s1, reaching u, a needed at u and
   entering no other thunk there.  If the plain run from a's force ends
   final and evaluates b1 ... bk, the plain run from s1 ends final too,
   the same way up to a renaming.  Both reach the plain run from a's force
   at u: from s1 by the chain (chain_fwd) and that force (fa), from a's
   force by the same chain with a removed (chain_build). *)
Lemma force_chain : forall rs sc s1 a ea cea bs u nx sfx,
    good2 rs s1 -> find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    chain rs sc s1 bs u -> ~ In a bs ->
    Forall (fun b => b < next (hp s1) /\ needed rs sc (force_at s1 a ea cea) b) bs ->
    enters_no_thunk rs sc (hp u) a -> needed rs sc u a ->
    steps rs sc nx (force_at s1 a ea cea) sfx -> final sfx ->
    exists n sf, steps rs sc n s1 sf /\ final sf /\ rel sf sfx.
Proof.
  intros rs sc s1 a ea cea bs u nx sfx G1 Fa Va Cu Na Nb NEa Nda Rx Fx.
  pose proof (good2_force _ _ _ _ _ G1 Fa Va) as Gx.
  pose proof (good2_steps _ _ _ _ _ Rx Gx) as Gfx.
  assert (Nb' : Forall (fun b => b < next (hp s1) /\ val_at (hp sfx) b) bs).
  { apply Forall_forall. intros b Hb. rewrite Forall_forall in Nb. destruct (Nb b Hb) as (Hl & (k & sp & Rk & Fk & Vk)).
    split; [exact Hl|].
    destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) Rk) Fk
                (proj2 (osteps_ltr _ _ _ _ _) Rx) Fx) as (_ & <-). exact Vk. }
  (* the run from a's force reaches a's force at u *)
  destruct (chain_build _ _ _ _ _ Cu G1 a ea cea Fa Va Na nx sfx Rx Fx Nb') as (Fau & mw & sfw & Rw & Fw & Relw).
  (* the plain run from s1 reaches u *)
  destruct (chain_start _ _ _ _ _ _ Cu Nda) as (n1 & sf1 & R1 & F1).
  destruct (chain_fwd _ _ _ _ _ Cu G1 n1 sf1 R1 F1) as (Gu & mu & sfu & Ru & Fu & Relu).
  pose proof (good2_steps _ _ _ _ _ Rw (good2_force _ _ _ _ _ Gu Fau Va)) as Gfw.
  (* the plain run from a's force at u: a's evaluation, var3, resume, and
     the plain run from u with a done ahead, which is fa's *)
  pose proof (force_at_end _ _ _ _ _ _ _ _ _ _ Gu Fau Va NEa Nda Ru Fu Rw Fw) as Relf.
  exists n1, sf1. split; [exact R1|]. split; [exact F1|].
  exact (rel_trans _ _ _ (rel_trans _ _ _ Relu Relf) (rel_sym rs _ _ Relw Fw Gfx Gfw)).
Qed.

(* The same with the chain given from a's force too (chain_pair). *)
Lemma force_chain_pair : forall rs sc s1 a ea cea bs u w nx sfx,
    good2 rs s1 -> find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    chain rs sc s1 bs u -> chain rs sc (force_at s1 a ea cea) bs w ->
    enters_no_thunk rs sc (hp u) a -> needed rs sc u a ->
    steps rs sc nx (force_at s1 a ea cea) sfx -> final sfx ->
    exists n sf, steps rs sc n s1 sf /\ final sf /\ rel sf sfx.
Proof.
  intros rs sc s1 a ea cea bs u w nx sfx G1 Fa Va Cu Cw NEa Nda Rx Fx.
  destruct (chain_pair _ _ _ _ _ Cu G1 a ea cea w Fa Va Cw) as (-> & Fau).
  pose proof (good2_force _ _ _ _ _ G1 Fa Va) as Gx.
  pose proof (good2_steps _ _ _ _ _ Rx Gx) as Gfx.
  destruct (chain_fwd _ _ _ _ _ Cw Gx nx sfx Rx Fx) as (Gw & mw & sfw & Rw & Fw & Relw).
  pose proof (good2_steps _ _ _ _ _ Rw Gw) as Gfw.
  destruct (chain_start _ _ _ _ _ _ Cu Nda) as (n1 & sf1 & R1 & F1).
  destruct (chain_fwd _ _ _ _ _ Cu G1 n1 sf1 R1 F1) as (Gu & mu & sfu & Ru & Fu & Relu).
  pose proof (force_at_end _ _ _ _ _ _ _ _ _ _ Gu Fau Va NEa Nda Ru Fu Rw Fw) as Relf.
  exists n1, sf1. split; [exact R1|]. split; [exact F1|].
  exact (rel_trans _ _ _ (rel_trans _ _ _ Relu Relf) (rel_sym rs _ _ Relw Fw Gfx Gfw)).
Qed.

(* a's evaluation in G (a removed) ends with b bound to a value. *)
Definition evaluates (rs : ruleset) (sc : scoping) (G : heap) (a b : nat) : Prop :=
  forall ea cea t D z cz, find_addr a (binds G) = Some (ea, cea) ->
    eval rs sc cea (remove G (VAddr a)) ea t D z cz -> val_at D b.

(* Then the run from a's force, when it ends final, evaluates b: it is
   a's evaluation and more rows, and rows keep values. *)
Lemma evaluates_needed : forall rs sc s1 a ea cea b nx sfx,
    good2 rs s1 -> find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    evaluates rs sc (hp s1) a b ->
    steps rs sc nx (force_at s1 a ea cea) sfx -> final sfx -> val_at (hp sfx) b.
Proof.
  intros rs sc s1 a ea cea b nx sfx Gd Fa Va Ev Rx Fx.
  pose proof (good2_force _ _ _ _ _ Gd Fa Va) as Gx.
  destruct s1 as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
  unfold force_at in Rx, Gx. cbn [hp ccc ctl stk th] in Rx, Gx.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ Rx Fx) as (m1 & ta & A1 & va & cva & t1 & _ & A & R1 & _).
  destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr a) c0 :: FResume e0 c0 :: S0) t0) as (k & tk & Rk & _).
  pose proof (good2_steps _ _ _ _ _ Rk Gx) as ((_ & I1 & _) & _).
  apply (val_at_vle A1); [exact (Ev _ _ _ _ _ _ Fa A)|].
  exact (osteps_vle LTR _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R1) I1).
Qed.

(* a's evaluation never evaluates a (a stays removed), so a thunk a's
   evaluation evaluates is not a, when that evaluation exists. *)
Lemma evaluates_not_self : forall rs sc s1 a ea cea nx sfx,
    good2 rs s1 -> find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    steps rs sc nx (force_at s1 a ea cea) sfx -> final sfx -> ~ evaluates rs sc (hp s1) a a.
Proof.
  intros rs sc s1 a ea cea nx sfx Gd Fa Va Rx Fx Ev.
  assert (W : heap_wf (hp s1)) by exact (proj1 (proj1 (proj2 (proj1 Gd)))).
  assert (Ha : a < next (hp s1))
    by (destruct (Nat.ltb_spec a (next (hp s1))); [assumption | rewrite W in Fa; [discriminate | assumption]]).
  destruct s1 as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
  unfold force_at in Rx. cbn [hp ccc ctl stk th] in Rx.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ Rx Fx) as (m1 & ta & A1 & va & cva & t1 & _ & A & _ & _).
  destruct (Ev _ _ _ _ _ _ Fa A) as (z & cz & Fz & _).
  rewrite (eval_none _ _ _ _ _ _ _ _ _ A (heap_wf_remove _ _ W) a) in Fz; [discriminate | exact Ha|].
  simpl. rewrite find_addr_filter', Nat.eqb_refl. reflexivity.
Qed.

(* ---- runs with such forces ---- *)

(* xsteps2 rs sc m f s s': m steps, f of them forces; each force of a
   thunk a at a state s1 with thunks b1 ... bk that can be forced one
   after the other from s1 (reaching u), a entering no other thunk at u,
   and either (x2_force) b1 ... bk are thunks of s1's heap that the
   plain run from s1 evaluates, as it evaluates a, and that a's
   evaluation at s1 evaluates (chain0), or (x2_force_pair) each is needed from
   its own state (chain), a needed at u, and the same chain can be forced
   from a's force too.  With no b, the force of T3LetForces.xsteps. *)
Inductive xsteps2 (rs : ruleset) (sc : scoping) : nat -> nat -> state -> state -> Prop :=
| x2_refl : forall s, xsteps2 rs sc 0 0 s s
| x2_row : forall n f s1 s2 s3, step rs sc s1 s2 -> xsteps2 rs sc n f s2 s3 -> xsteps2 rs sc (S n) f s1 s3
| x2_force : forall n f s1 a ea cea bs u s3,
    find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    chain0 rs sc s1 bs u -> needed rs sc s1 a ->
    Forall (fun b => b < next (hp s1) /\ needed rs sc s1 b /\ evaluates rs sc (hp s1) a b) bs ->
    enters_no_thunk rs sc (hp u) a ->
    xsteps2 rs sc n f (force_at s1 a ea cea) s3 -> xsteps2 rs sc (S n) (S f) s1 s3
| x2_force_pair : forall n f s1 a ea cea bs u w s3,
    find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
    chain rs sc s1 bs u -> chain rs sc (force_at s1 a ea cea) bs w ->
    enters_no_thunk rs sc (hp u) a -> needed rs sc u a ->
    xsteps2 rs sc n f (force_at s1 a ea cea) s3 -> xsteps2 rs sc (S n) (S f) s1 s3.

Lemma xsteps_xsteps2 : forall rs sc m f s s', xsteps rs sc m f s s' -> xsteps2 rs sc m f s s'.
Proof.
  induction 1.
  - constructor.
  - eapply x2_row; eassumption.
  - eapply (x2_force _ _ _ _ _ a ea cea [] s1); try eassumption; constructor.
Qed.

Lemma steps_xsteps2 : forall rs sc n m f s1 s2 s3, steps rs sc n s1 s2 -> xsteps2 rs sc m f s2 s3 ->
    xsteps2 rs sc (n + m) f s1 s3.
Proof.
  induction 1 as [s|n s1 s2 s3' St R IH]; intros H; [exact H|].
  simpl. eapply x2_row; [exact St | apply IH; exact H].
Qed.

Lemma xsteps2_qoesteps_f : forall rs sc m f s s', xsteps2 rs sc m f s s' ->
    qoesteps_f (fun _ => True) LTR rs sc m f s s'.
Proof.
  induction 1.
  - constructor.
  - eapply qf_row; eassumption.
  - apply (qf_force _ _ _ _ _ _ _ (force_at s1 a ea cea)); [| exact I | assumption].
    destruct s1. apply Step_Force; assumption.
  - apply (qf_force _ _ _ _ _ _ _ (force_at s1 a ea cea)); [| exact I | assumption].
    destruct s1. apply Step_Force; assumption.
Qed.

Lemma xrun2 : forall rs sc m f s sf', xsteps2 rs sc m f s sf' -> final sf' -> good2 rs s ->
    exists n sf, steps rs sc n s sf /\ final sf /\ rel sf sf'.
Proof.
  induction 1 as [s|m f s1 s2 s3 St X IH|m f s1 a ea cea bs u s3 Fa Va C0 Nda Nb NE X IH
                 |m f s1 a ea cea bs u w s3 Fa Va Cu Cw NE Nd X IH]; intros F' Gd.
  - exists 0, s. split; [constructor|]. split; [exact F'|].
    apply rel_refl. exact (proj1 (proj1 (proj2 (proj1 Gd)))).
  - destruct (IH F' (good2_step _ _ _ _ St Gd)) as (n & sf & R & F & Rel).
    exists (S n), sf. split; [econstructor; [exact St | exact R]|]. split; [exact F | exact Rel].
  - destruct (IH F' (good2_force _ _ _ _ _ Gd Fa Va)) as (nx & sfx & Rx & Fx & Relx).
    (* the chain with "needed" at its states, and a needed at its end,
       read off the plain run from s1 *)
    destruct Nda as (n1 & sf1 & R1 & F1 & Va1).
    assert (Ha : a < next (hp s1)).
    { destruct (Nat.ltb_spec a (next (hp s1))) as [H|H]; [exact H|].
      rewrite (proj1 (proj1 (proj2 (proj1 Gd))) a H) in Fa. discriminate. }
    assert (Nb0 : Forall (fun b => b < next (hp s1) /\ val_at (hp sf1) b) bs).
    { apply Forall_forall. intros b Hb. rewrite Forall_forall in Nb. destruct (Nb b Hb) as (Hl & (k & sp & Rk & Fk & Vk) & _).
      split; [exact Hl|].
      destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) Rk) Fk
                  (proj2 (osteps_ltr _ _ _ _ _) R1) F1) as (_ & <-). exact Vk. }
    destruct (chain0_chain _ _ _ _ _ C0 Gd (next (hp s1)) n1 sf1 (le_n _) R1 F1 Nb0)
      as (Cu & mu & sfu & Ru & Fu & Relu).
    assert (Nd : needed rs sc u a) by (exists mu, sfu; split; [exact Ru|]; split; [exact Fu|];
                                          exact (relx_val_at _ _ _ _ Relu Ha Va1)).
    assert (Nb' : Forall (fun b => b < next (hp s1) /\ needed rs sc (force_at s1 a ea cea) b) bs).
    { apply Forall_forall. intros b Hb. rewrite Forall_forall in Nb. destruct (Nb b Hb) as (Hl & _ & Ev).
      split; [exact Hl|]. exists nx, sfx. split; [exact Rx|]. split; [exact Fx|].
      exact (evaluates_needed _ _ _ _ _ _ _ _ _ Gd Fa Va Ev Rx Fx). }
    assert (Na : ~ In a bs).
    { intros Hin. rewrite Forall_forall in Nb. destruct (Nb a Hin) as (_ & _ & Ev).
      exact (evaluates_not_self _ _ _ _ _ _ _ _ Gd Fa Va Rx Fx Ev). }
    destruct (force_chain _ _ _ _ _ _ _ _ _ _ Gd Fa Va Cu Na Nb' NE Nd Rx Fx) as (n & sf & R & F & Rel1).
    exists n, sf. split; [exact R|]. split; [exact F | exact (rel_trans _ _ _ Rel1 Relx)].
  - destruct (IH F' (good2_force _ _ _ _ _ Gd Fa Va)) as (nx & sfx & Rx & Fx & Relx).
    destruct (force_chain_pair _ _ _ _ _ _ _ _ _ _ _ Gd Fa Va Cu Cw NE Nd Rx Fx) as (n & sf & R & F & Rel1).
    exists n, sf. split; [exact R|]. split; [exact F | exact (rel_trans _ _ _ Rel1 Relx)].
Qed.

Theorem t3_let_forces_chain : forall rs sc p n sf m f sf',
    prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    xsteps2 rs sc m f (init_state p) sf' -> final sf' ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc p n sf m f sf' Hcl Hrs R F X F'.
  exact (plain_outcome rs sc p n sf (fun s => rel s sf') R F (xrun2 _ _ _ _ _ _ X F' (init_good2 rs p Hcl Hrs))).
Qed.

(* With the step count, when every let of the program binds one name and
   it has no scc_sub: two steps more per force. *)
Corollary t3_let_forces_chain_steps : forall rs sc p n sf m f sf',
    prog_addr_free p = true -> prog_lean p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    xsteps2 rs sc m f (init_state p) sf' -> final sf' ->
    m = n + 2 * f /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc p n sf m f sf' Hcl Hl Hrs R F X F'.
  destruct (t3_let_forces_chain rs sc p n sf m f sf' Hcl Hrs R F X F') as (Hc & Ht & Hr).
  split; [exact (forces_steps _ _ _ _ _ _ _ _ _ Hl R F (xsteps2_qoesteps_f _ _ _ _ _ _ X) F' Ht)|]. auto.
Qed.
