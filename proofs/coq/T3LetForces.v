(* T3LetForces.v -- T3 for a program with let and any number of forces,
   each at a state where no forced evaluation is under way, of a thunk the
   plain run from that state evaluates and whose evaluation there enters
   no other thunk of the heap then (xsteps).  By induction on the run's
   length: the first force is T3LetForceAt's case from a state that need
   not be a program's start (a good state: closed, update frames naming
   holes, no resume frame), the state after its resume is again good, and
   the rest is the induction; the renamings compose (heap_rn_comp). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.RunSplit Ccm.Program Ccm.Complete Ccm.Sound Ccm.SubNeverCurrent Ccm.Rename Ccm.Order
        Ccm.ORun Ccm.EarlyQ Ccm.T3LetFree Ccm.StepCount Ccm.T3Steps Ccm.Closed Ccm.Transfer
        Ccm.PreEval Ccm.T3LetForce Ccm.PreRun Ccm.T3LetForceAt.
Import ListNotations.
Open Scope nat_scope.

(* ---- a plain run that ends below a stack passes through a derivation ---- *)

(* u's stack is not S with frames pushed on it: a run from a state over S
   that reaches u has popped S's top frame. *)
Definition beyond (S : list frame) (u : state) : Prop := forall K, stk u <> K ++ S.

Lemma beyond_cons : forall f S u, beyond S u -> beyond (f :: S) u.
Proof. intros f S u B K E. apply (B (K ++ [f])). rewrite E, <- app_assoc. reflexivity. Qed.

Ltac bey := first [assumption | apply beyond_cons; assumption].

Lemma steps_first_ne : forall rs sc n s u, steps rs sc n s u -> s <> u ->
    exists n' s2, n = S n' /\ step rs sc s s2 /\ steps rs sc n' s2 u.
Proof.
  intros rs sc n s u R Ne. inversion R; subst; [contradiction|].
  do 2 eexists. split; [reflexivity|]. split; eassumption.
Qed.

(* Sound.run_decompose with the final state replaced by any state beyond
   the stack the run starts over. *)
Lemma run_decompose_pop : forall rs sc n c G e Sk t sf,
    steps rs sc n (mkstate c G e Sk t) sf -> beyond Sk sf ->
    exists m th0 D z cz t',
      m <= n /\ eval rs sc c G e th0 D z cz /\
      steps rs sc m (mkstate cz D z Sk t') sf /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros rs sc n. induction n as [n IH] using lt_wf_ind.
  intros c G e Sk t sf R F.
  destruct (is_value e) eqn:V.
  { (* a value: no step, EvValue *)
    exists n, empty, G, e, c, t. split; [lia|]. split; [constructor; assumption|].
    split; [exact R | theta_arith]. }
  destruct (steps_first_ne _ _ _ _ _ R) as (n' & s2 & -> & St & R2).
  { intros <-. apply (F []). reflexivity. }
  (* After a sub-run over a frame: the frame is still there, so the run
     goes on, by the row that pops it. *)
  assert (Hpop : forall m c1 T z1 f t1, steps rs sc m (mkstate c1 T z1 (f :: Sk) t1) sf ->
            exists m' s3, m = S m' /\ step rs sc (mkstate c1 T z1 (f :: Sk) t1) s3 /\
                          steps rs sc m' s3 sf).
  { intros m c1 T z1 f t1 Rm. apply (steps_first_ne _ _ _ _ _ Rm).
    intros <-. apply (F [f]). reflexivity. }
  destruct e; simpl in V; try discriminate; inversion St; subst; no_value_row.
  - (* App: app1, the function, app2, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 ltac:(bey)) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
    exists m2, (charge c CA 1 (plus t1 t2)), D, z, cz, t2'.
    split; [lia|]. split; [eapply EvApp; eassumption|]. split; [exact R5 | theta_arith].
  - (* Var bound to a value: var1 *)
    exists n', (charge c CV 1 empty), G, z, (entered rs cz c), (charge c CV 1 t).
    split; [lia|]. split; [eapply EvVarValue; eassumption|]. split; [exact R2 | theta_arith].
  - (* Var bound to a thunk: var2, the thunk, var3 *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    exists m1', (charge c CV 1 (charge c1 CU 1 t1)), (update T x (z1, c1)), z1,
           (updated rs c1 c), (charge c1 CU 1 t1').
    split; [lia|]. split; [eapply EvVarThunk; eassumption|]. split; [exact R4 | theta_arith].
  - (* let: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (charge c CH (length bs) t1), D, z, cz, t1'.
    split; [lia|]. split; [eapply EvLet; eassumption|]. split; [exact R3 | theta_arith].
  - (* case: case1, the scrutinee, then case2 or case2 default *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    + (* case2: the matching alternative *)
      destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 ltac:(bey)) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply EvCase; eassumption|]. split; [exact R5 | theta_arith].
    + (* case2 default *)
      destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 ltac:(bey)) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply EvCaseDefault; eassumption|]. split; [exact R5 | theta_arith].
  - (* scc: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (charge c0 CEntries 1 (charge c CSubentries 1 t1)), D, z, cz, t1'.
    split; [lia|]. split; [eapply EvScc; eassumption|]. split; [exact R3 | theta_arith].
  - (* scc_sub: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, t1, D, z, cz, t1'.
    split; [lia|]. split; [eapply EvSccSub; eassumption|]. split; [exact R3 | theta_arith].
  - (* a1 op a2: prim1, the first operand, prim2, the second, prim3 *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 ltac:(bey)) as (m1 & t1 & G1 & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 ltac:(bey)) as (m2 & t2 & G2 & z2 & c2 & t2' & L2 & E2 & R5 & H2).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E2) as V2.
    destruct (Hpop _ _ _ _ _ _ R5) as (m2' & s4 & -> & St4 & R6).
    inversion St4; subst; simpl in V2; try discriminate.
    exists m2', (charge c CP 1 (plus t1 t2)), G2, r, c, t2'.
    split; [lia|]. split; [eapply EvPrim; eassumption|]. split; [exact R6 | theta_arith].
Qed.

(* ---- renamings compose ---- *)

Lemma heap_rn_comp : forall r1 r2 A B C, heap_rn r1 A B -> heap_rn r2 B C ->
    heap_rn (fun x => r2 (r1 x)) A C.
Proof.
  intros r1 r2 A B C H1 H2. constructor.
  - intros a Ha. apply (hr_lt _ _ _ H2). apply (hr_lt _ _ _ H1). exact Ha.
  - intros a b Ha Hb E. apply (hr_inj _ _ _ H1); try assumption.
    apply (hr_inj _ _ _ H2); try assumption; apply (hr_lt _ _ _ H1); assumption.
  - intros a Ha. rewrite (hr_beyond _ _ _ H1 a Ha), (hr_beyond _ _ _ H2) by lia. lia.
  - intros a. rewrite (hr_find _ _ _ H2), (hr_find _ _ _ H1).
    destruct (find_addr a (binds A)) as [[e c]|]; [|reflexivity].
    unfold rn_obj. simpl. rewrite rn_comp. reflexivity.
  - exact (hr_wf _ _ _ H1).
  - exact (hr_wf' _ _ _ H2).
  - intros b Hb. destruct (hr_onto _ _ _ H2 b Hb) as (b' & <-).
    rewrite (hr_find _ _ _ H2) in Hb.
    destruct (find_addr b' (binds B)) eqn:Fb; [|contradiction].
    destruct (hr_onto _ _ _ H1 b' ltac:(rewrite Fb; discriminate)) as (a & <-). eauto.
Qed.

(* ---- good states: what a plain run from a program's start keeps ---- *)

Definition good (rs : ruleset) (s : state) : Prop :=
  sclosed s /\ inv s /\ no_resume (stk s) /\ (rs = Fig6 \/ state_ok s).

Lemma good_step : forall rs sc s s', step rs sc s s' -> good rs s -> good rs s'.
Proof.
  intros rs sc s s' St (C & I & N & O).
  split; [exact (step_closed _ _ _ _ St C)|]. split; [exact (ostep_inv LTR _ _ _ _ St I)|].
  split; [exact (step_no_resume _ _ _ _ St N)|].
  destruct O as [O|O]; [left; exact O | right; exact (step_ok _ _ _ _ St O)].
Qed.

Lemma good_steps : forall rs sc n s s', steps rs sc n s s' -> good rs s -> good rs s'.
Proof. induction 1; intros; [assumption | eapply IHsteps, good_step; eassumption]. Qed.

Lemma init_good : forall rs p, prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    good rs (init_state p).
Proof.
  intros rs p Hcl Hrs. split; [exact (init_sclosed p Hcl)|]. split; [exact (init_inv p)|].
  split; [constructor|]. destruct Hrs as [H|H]; [left; exact H | right; exact (init_state_ok p H)].
Qed.

(* The state a force reaches keeps all but "no resume frame". *)
Lemma force_sclosed : forall s a ea cea, sclosed s -> find_addr a (binds (hp s)) = Some (ea, cea) ->
    sclosed (force_at s a ea cea).
Proof.
  intros [c G e S t] a ea cea (C & B & BS) Fa. unfold sclosed, force_at in *. simpl in *.
  assert (Ha : a < next G)
    by (destruct (Nat.ltb_spec a (next G)); [assumption | rewrite (proj1 C a) in Fa; [discriminate | assumption]]).
  split; [exact (remove_closed _ (VAddr a) C)|]. split; [exact (proj2 C a _ Fa)|].
  unfold stk_below in *. simpl. apply Nat.ltb_lt in Ha. rewrite Ha, B, BS. reflexivity.
Qed.

Lemma force_inv : forall s a ea cea, inv s -> find_addr a (binds (hp s)) = Some (ea, cea) ->
    inv (force_at s a ea cea).
Proof.
  intros [c G e S t] a ea cea (W & Ho & ND) Fa. unfold inv, force_at in *. simpl in *.
  assert (Ha : a < next G)
    by (destruct (Nat.ltb_spec a (next G)); [assumption | rewrite W in Fa; [discriminate | assumption]]).
  split; [|split].
  - intros b Hb. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | apply W; exact Hb].
  - intros y [<-|Hy].
    + exists a. split; [reflexivity|]. split; [exact Ha|]. simpl. rewrite find_addr_filter', Nat.eqb_refl. reflexivity.
    + destruct (Ho y Hy) as (b & -> & Hb & Fb). exists b. split; [reflexivity|]. split; [exact Hb|].
      simpl. rewrite find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | exact Fb].
  - constructor; [|exact ND]. intros Hin. destruct (Ho _ Hin) as (b & E & _ & Fb).
    injection E as <-. rewrite Fa in Fb. discriminate.
Qed.

Lemma force_ok : forall s a ea cea, state_ok s -> find_addr a (binds (hp s)) = Some (ea, cea) ->
    is_value ea = false -> state_ok (force_at s a ea cea).
Proof.
  intros [c G e S t] a ea cea (Hc & Hh & He & HS) Fa Va. unfold force_at, state_ok.
  cbn [ccc hp ctl stk th] in *.
  pose proof (lookup_ok _ (VAddr a) _ Hh Fa) as (Ho & Hce).
  split; [exact (Hce Va)|]. split; [apply remove_ok; exact Hh|]. split; [exact Ho|].
  constructor; [exact Hc|]. constructor; [split; assumption | exact HS].
Qed.

(* ---- runs with needed forces, none inside a forced evaluation ---- *)

(* The plain run from s evaluates a. *)
Definition needed (rs : ruleset) (sc : scoping) (s : state) (a : nat) : Prop :=
  exists n sp, steps rs sc n s sp /\ final sp /\ val_at (hp sp) a.

(* xsteps rs sc m f s s': m steps, f of them forces; each force of a thunk
   a at a state s1 with no resume frame (no forced evaluation under way),
   a needed at s1, and a's evaluation there entering no other thunk of
   s1's heap. *)
Inductive xsteps (rs : ruleset) (sc : scoping) : nat -> nat -> state -> state -> Prop :=
| xs_refl : forall s, xsteps rs sc 0 0 s s
| xs_row : forall n f s1 s2 s3, step rs sc s1 s2 -> xsteps rs sc n f s2 s3 -> xsteps rs sc (S n) f s1 s3
| xs_force : forall n f s1 a ea cea s3,
    find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false -> no_resume (stk s1) ->
    enters_no_thunk rs sc (hp s1) a -> needed rs sc s1 a ->
    xsteps rs sc n f (force_at s1 a ea cea) s3 -> xsteps rs sc (S n) (S f) s1 s3.

(* They are runs with early forcing (rows and forces, counted). *)
Lemma xsteps_qoesteps_f : forall rs sc m f s s', xsteps rs sc m f s s' ->
    qoesteps_f (fun _ => True) LTR rs sc m f s s'.
Proof.
  induction 1.
  - constructor.
  - eapply qf_row; eassumption.
  - apply (qf_force _ _ _ _ _ _ _ (force_at s1 a ea cea)); [| exact I | assumption].
    destruct s1. apply Step_Force; assumption.
Qed.

Lemma steps_xsteps : forall rs sc n m f s1 s2 s3, steps rs sc n s1 s2 -> xsteps rs sc m f s2 s3 ->
    xsteps rs sc (n + m) f s1 s3.
Proof.
  induction 1 as [s|n s1 s2 s3' St R IH]; intros H; [exact H|].
  simpl. eapply xs_row; [exact St | apply IH; exact H].
Qed.

Lemma no_resume_dec : forall S, no_resume S \/ ~ no_resume S.
Proof.
  induction S as [|f S [IH|IH]].
  - left. constructor.
  - destruct f; try (left; constructor; [exact I | exact IH]).
    right. intros H. inversion H. contradiction.
  - right. intros H. inversion H. contradiction.
Qed.

Lemma no_resume_app : forall K e c S, ~ no_resume (K ++ FResume e c :: S).
Proof.
  intros K e c S H. unfold no_resume in H. apply Forall_app in H. destruct H as [_ H]. inversion H. contradiction.
Qed.

(* From a state with a resume frame the run is plain until it is popped. *)
Lemma xsteps_prefix : forall rs sc n f s s3, xsteps rs sc n f s s3 -> final s3 -> ~ no_resume (stk s) ->
    exists k u, k <= n /\ steps rs sc k s u /\ xsteps rs sc (n - k) f u s3 /\ no_resume (stk u).
Proof.
  induction 1 as [s|n f s1 s2 s3 St X IH|n f s1 a ea cea s3 Fa Va NR NE Nd X IH]; intros F NR1.
  - exfalso. apply NR1. rewrite (proj2 F). constructor.
  - destruct (no_resume_dec (stk s2)) as [N2|N2].
    + exists 1, s2. split; [lia|]. split; [econstructor; [exact St | constructor]|].
      split; [simpl; rewrite Nat.sub_0_r; exact X | exact N2].
    + destruct (IH F N2) as (k & u & Lk & R & Xu & Nu).
      exists (S k), u. split; [lia|]. split; [econstructor; [exact St | exact R]|].
      split; [exact Xu | exact Nu].
  - contradiction.
Qed.

(* ---- T3 for such runs, from any good state ---- *)

Lemma xrun : forall rs sc m f s sf', xsteps rs sc m f s sf' -> final sf' -> good rs s ->
    forall n sf, steps rs sc n s sf -> final sf ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc m. induction m as [m IH] using lt_wf_ind.
  intros f s sf' X F' Gd n sf R F.
  inversion X as [s0|m0 f0 s1 s2 s3 St X2|m0 f0 s1 a ea cea s3 Fa Va NR NE Nd X2]; subst.
  - (* no step left: the plain run is empty too *)
    inversion R as [s0|k s1 s2 s3 St _]; subst; [|exfalso; exact (final_no_step _ _ _ _ F' St)].
    split; [reflexivity|]. split; [reflexivity|]. exists (fun b => b).
    split; [apply heap_rn_id; exact (proj1 (proj1 (proj2 Gd))) | symmetry; apply rn_id].
  - (* a row: the plain run's first row *)
    inversion R as [s0|k s1' s2' s3' St' R']; subst; [exfalso; exact (final_no_step _ _ _ _ F St)|].
    pose proof (step_deterministic _ _ _ _ _ St St') as <-.
    exact (IH m0 ltac:(lia) _ _ _ X2 F' (good_step _ _ _ _ St Gd) _ _ R' F).
  - (* a force: its evaluation, var3, resume, then the rest, which the induction takes *)
    destruct Gd as (C1 & I1 & N1 & O1).
    destruct (xsteps_prefix _ _ _ _ _ _ X2 F') as (k & u & Lk & Ru & Xu & Nu).
    { unfold force_at. simpl. intros H. inversion H as [|f1 S1 _ H']. inversion H'. contradiction. }
    pose proof (force_sclosed _ _ _ _ C1 Fa) as Cx. pose proof (force_inv _ _ _ _ I1 Fa) as Ix.
    destruct s as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
    pose proof C1 as (CG & B0 & BS0).
    unfold force_at in Ru. cbn [hp ccc ctl stk th] in Ru.
    destruct (run_decompose_pop _ _ _ _ _ _ _ _ _ Ru) as (m1 & ta & A1 & va & cva & t1 & Lm & A & R1 & T1).
    { intros K E. apply (no_resume_app (K ++ [FUpd (VAddr a) c0]) e0 c0 S0).
      rewrite <- app_assoc. simpl. rewrite <- E. exact Nu. }
    pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as Vva.
    destruct (steps_first_ne _ _ _ _ _ R1) as (m2 & s2 & -> & St2 & R2).
    { intros <-. apply (no_resume_app [FUpd (VAddr a) c0] e0 c0 S0). exact Nu. }
    inversion St2; subst; no_value_row.
    destruct (steps_first_ne _ _ _ _ _ R2) as (m3 & s3 & -> & St3 & R3).
    { intros <-. apply (no_resume_app [] e0 c0 S0). exact Nu. }
    inversion St3; subst; no_value_row.
    (* what the force computes *)
    assert (Su : setup rs sc G0 a ea cea ta A1 va cva)
      by (constructor; [exact CG | exact Fa | exact Va | exact A | exact (NE _ _ _ _ _ _ Fa A)]).
    destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr a) c0 :: FResume e0 c0 :: S0) t0)
      as (kx & tx & Rx & _).
    assert (Rx3 : steps rs sc (kx + 2) (force_at (mkstate c0 G0 e0 S0 t0) a ea cea)
                        (mkstate c0 (update A1 (VAddr a) (va, cva)) e0 S0 (charge cva CU 1 tx))).
    { eapply steps_trans; [exact Rx|]. econstructor; [apply Step_Var3; exact Vva|].
      econstructor; [apply Step_Resume; exact Vva | constructor]. }
    assert (Hsub : rs = Fig6 \/ cva <> "SUB"%string).
    { destruct O1 as [O1|O1]; [left; exact O1 | right].
      refine (proj1 (steps_ok _ _ _ _ _ Rx _)). exact (force_ok _ _ _ _ O1 Fa Va). }
    (* the state after resume is good *)
    assert (G3 : good rs (mkstate c0 (update A1 (VAddr a) (va, cva)) e0 S0 (charge cva CU 1 t1))).
    { pose proof (steps_closed _ _ _ _ _ Rx3 Cx) as C3.
      pose proof (osteps_inv LTR _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) Rx3) Ix) as I3.
      split; [exact C3|]. split; [exact I3|]. split; [exact N1|].
      destruct O1 as [O1|O1]; [left; exact O1 | right].
      exact (steps_ok _ _ _ _ _ Rx3 (force_ok _ _ _ _ O1 Fa Va)). }
    (* the plain run from s1 against the one from the state after resume *)
    assert (Need : val_at (hp sf) a).
    { destruct Nd as (np & sp & Rp & Fp & Vp).
      destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R) F
                  (proj2 (osteps_ltr _ _ _ _ _) Rp) Fp) as (_ & <-). exact Vp. }
    pose proof (stk_pre_of _ _ N1 (proj1 (proj2 I1))) as PS0.
    destruct (pre_run rs sc G0 a ea cea ta A1 va cva Su Hsub _ _ _ _ _ _ _ R F Need
                (update A1 (VAddr a) (va, cva)) (charge cva CU 1 t1)
                (pre_start rs sc G0 a ea cea ta A1 va cva Su) I1 B0 BS0 PS0)
      as (m4 & sf1 & R4 & F4 & Hc1 & Ht1 & (r1 & Hr1 & Hz1)); [theta_arith|].
    rewrite (rn_below _ (next G0) (fun b Hb => shift_old _ _ b Hb) e0 B0) in R4.
    rewrite (rn_stk_below _ (next G0) S0 (fun b Hb => shift_old _ _ b Hb) BS0) in R4.
    (* the rest of the early run, by induction *)
    pose proof (steps_xsteps _ _ _ _ _ _ _ _ R3 Xu) as X3.
    destruct (IH (m3 + (m0 - k)) ltac:(lia) _ _ _ X3 F' G3 _ _ R4 F4)
      as (Hc2 & Ht2 & (r2 & Hr2 & Hz2)).
    split; [congruence|]. split; [intros c k'; rewrite Ht2, Ht1; reflexivity|].
    exists (fun b => r2 (r1 b)). split; [exact (heap_rn_comp _ _ _ _ _ Hr1 Hr2)|].
    rewrite Hz2, Hz1, rn_comp. reflexivity.
Qed.

(* The first force's "needed" read off the plain run from the start: a
   thunk of a state the plain run passes, evaluated by the plain run. *)
Lemma needed_on_plain : forall rs sc p n sf i s1 a,
    steps rs sc n (init_state p) sf -> final sf -> val_at (hp sf) a ->
    steps rs sc i (init_state p) s1 -> needed rs sc s1 a.
Proof.
  intros rs sc p n sf i s1 a R F V R1.
  destruct (steps_split _ _ _ _ _ _ _ R F R1) as (_ & R2). exists (n - i), sf. auto.
Qed.

Theorem t3_let_forces : forall rs sc p n sf m f sf',
    prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    xsteps rs sc m f (init_state p) sf' -> final sf' ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc p n sf m f sf' Hcl Hrs R F X F'.
  exact (xrun _ _ _ _ _ _ X F' (init_good rs p Hcl Hrs) _ _ R F).
Qed.

(* With the step count, when every let of the program binds one name and
   it has no scc_sub: two steps more per force. *)
Corollary t3_let_forces_steps : forall rs sc p n sf m f sf',
    prog_addr_free p = true -> prog_lean p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    xsteps rs sc m f (init_state p) sf' -> final sf' ->
    m = n + 2 * f /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc p n sf m f sf' Hcl Hl Hrs R F X F'.
  destruct (t3_let_forces rs sc p n sf m f sf' Hcl Hrs R F X F') as (Hc & Ht & Hr).
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr _ _ _ _ _) R)) as RP.
  pose proof (same_theta_steps _ _ _ _ _ _ _ _ _ _ _ _ _ Hl RP F (xsteps_qoesteps_f _ _ _ _ _ _ X) F' Ht).
  split; [lia|]. auto.
Qed.
