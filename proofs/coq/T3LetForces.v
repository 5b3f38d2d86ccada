(* T3LetForces.v -- T3 for a program with let and any number of forces,
   at any states (inside a forced evaluation too), each of a thunk the
   plain run from that state evaluates and whose evaluation there enters
   no other thunk of the heap then (xsteps).  By induction on the early
   run, from any good state (closed, update frames naming holes, under
   fig2 no SUB about), which rows and forces keep: the early run from the
   state a force reaches ends as the plain run from there (the induction),
   and that plain run, which is the thunk's evaluation, var3, resume and
   the plain run from the state with that evaluation done ahead, ends as
   the plain run from the state before the force (PreRun.pre_run); the
   renamings compose (heap_rn_comp). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.RunSplit Ccm.Program Ccm.Complete Ccm.Sound Ccm.SubNeverCurrent Ccm.Rename Ccm.Order
        Ccm.ORun Ccm.EarlyQ Ccm.T3LetFree Ccm.StepCount Ccm.T3Steps Ccm.Closed Ccm.Transfer
        Ccm.PreEval Ccm.T3LetForce Ccm.PreRun Ccm.T3LetForceAt.
Import ListNotations.
Open Scope nat_scope.

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
  sclosed s /\ inv s /\ (rs = Fig6 \/ state_ok s).

Lemma good_step : forall rs sc s s', step rs sc s s' -> good rs s -> good rs s'.
Proof.
  intros rs sc s s' St (C & I & O).
  split; [exact (step_closed _ _ _ _ St C)|]. split; [exact (ostep_inv LTR _ _ _ _ St I)|].
  destruct O as [O|O]; [left; exact O | right; exact (step_ok _ _ _ _ St O)].
Qed.

Lemma good_steps : forall rs sc n s s', steps rs sc n s s' -> good rs s -> good rs s'.
Proof. induction 1; intros; [assumption | eapply IHsteps, good_step; eassumption]. Qed.

Lemma init_good : forall rs p, prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    good rs (init_state p).
Proof.
  intros rs p Hcl Hrs. split; [exact (init_sclosed p Hcl)|]. split; [exact (init_inv p)|].
  destruct Hrs as [H|H]; [left; exact H | right; exact (init_state_ok p H)].
Qed.

(* A force keeps a state good. *)
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

Lemma force_good : forall rs s a ea cea, good rs s -> find_addr a (binds (hp s)) = Some (ea, cea) ->
    is_value ea = false -> good rs (force_at s a ea cea).
Proof.
  intros rs s a ea cea (C & I & O) Fa Va.
  split; [exact (force_sclosed _ _ _ _ C Fa)|]. split; [exact (force_inv _ _ _ _ I Fa)|].
  destruct O as [O|O]; [left; exact O | right; exact (force_ok _ _ _ _ O Fa Va)].
Qed.

(* ---- runs with needed forces ---- *)

(* The plain run from s evaluates a. *)
Definition needed (rs : ruleset) (sc : scoping) (s : state) (a : nat) : Prop :=
  exists n sp, steps rs sc n s sp /\ final sp /\ val_at (hp sp) a.

(* xsteps rs sc m f s s': m steps, f of them forces; each force of a thunk
   a at a state s1 with a needed at s1 and a's evaluation there entering
   no other thunk of s1's heap. *)
Inductive xsteps (rs : ruleset) (sc : scoping) : nat -> nat -> state -> state -> Prop :=
| xs_refl : forall s, xsteps rs sc 0 0 s s
| xs_row : forall n f s1 s2 s3, step rs sc s1 s2 -> xsteps rs sc n f s2 s3 -> xsteps rs sc (S n) f s1 s3
| xs_force : forall n f s1 a ea cea s3,
    find_addr a (binds (hp s1)) = Some (ea, cea) -> is_value ea = false ->
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

(* ---- T3 for such runs, from any good state ---- *)

(* From a good state, an early run that ends final: the plain run ends
   final too, with the same cost centre and theta, the heap and value
   renamed one to one. *)
Lemma xrun : forall rs sc m f s sf', xsteps rs sc m f s sf' -> final sf' -> good rs s ->
    exists n sf, steps rs sc n s sf /\ final sf /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  induction 1 as [s|m f s1 s2 s3 St X IH|m f s1 a ea cea s3 Fa Va NE Nd X IH]; intros F' Gd.
  - (* no step left *)
    exists 0, s. split; [constructor|]. split; [exact F'|].
    split; [reflexivity|]. split; [reflexivity|]. exists (fun b => b).
    split; [apply heap_rn_id; exact (proj1 (proj1 (proj2 Gd))) | symmetry; apply rn_id].
  - (* a row: the plain run's first row *)
    destruct (IH F' (good_step _ _ _ _ St Gd)) as (n & sf & R & F & Hrel).
    exists (S n), sf. split; [econstructor; [exact St | exact R]|]. split; [exact F | exact Hrel].
  - (* a force: the early run from there ends as the plain run from there (the
       induction), which is a's evaluation, var3, resume and the plain run from
       the state with a's evaluation done ahead (pre_run) *)
    destruct (IH F' (force_good _ _ _ _ _ Gd Fa Va)) as (nx & sfx & Rx & Fx & Hcx & Htx & (r2 & Hr2 & Hz2)).
    destruct Nd as (n & sf & R & F & Need).
    destruct Gd as (C1 & I1 & O1).
    destruct s1 as [c0 G0 e0 S0 t0]. cbn [hp ccc ctl stk th] in *.
    pose proof C1 as (CG & B0 & BS0).
    unfold force_at in Rx. cbn [hp ccc ctl stk th] in Rx.
    destruct (run_decompose _ _ _ _ _ _ _ _ _ Rx Fx) as (m1 & ta & A1 & va & cva & t1 & _ & A & R1 & T1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as Vva.
    destruct (steps_first _ _ _ _ _ R1 Fx) as (m2 & s2 & _ & St2 & R2); [intros [_ Hs]; discriminate|].
    inversion St2; subst; no_value_row.
    destruct (steps_first _ _ _ _ _ R2 Fx) as (m3 & s3' & _ & St3 & R3); [intros [_ Hs]; discriminate|].
    inversion St3; subst; no_value_row.
    assert (Su : setup rs sc G0 a ea cea ta A1 va cva)
      by (constructor; [exact CG | exact Fa | exact Va | exact A | exact (NE _ _ _ _ _ _ Fa A)]).
    assert (Hsub : rs = Fig6 \/ cva <> "SUB"%string).
    { destruct O1 as [O1|O1]; [left; exact O1 | right].
      destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr a) c0 :: FResume e0 c0 :: S0) t0)
        as (kx & tx & Rk & _).
      refine (proj1 (steps_ok _ _ _ _ _ Rk _)). exact (force_ok (mkstate c0 G0 e0 S0 t0) _ _ _ O1 Fa Va). }
    pose proof (stk_pre_of _ _ (proj1 (proj2 I1))) as PS0.
    destruct (pre_run rs sc G0 a ea cea ta A1 va cva Su Hsub _ _ _ _ _ _ _ R F Need
                (update A1 (VAddr a) (va, cva)) (charge cva CU 1 t1)
                (pre_start rs sc G0 a ea cea ta A1 va cva Su) I1 B0 BS0 PS0)
      as (m4 & sf1 & R4 & F4 & Hc1 & Ht1 & (r1 & Hr1 & Hz1)); [theta_arith|].
    rewrite (rn_below _ (next G0) (fun b Hb => shift_old _ _ b Hb) e0 B0) in R4.
    rewrite (rn_stk_below _ (next G0) S0 (fun b Hb => shift_old _ _ b Hb) BS0) in R4.
    destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R3) Fx
                (proj2 (osteps_ltr _ _ _ _ _) R4) F4) as (_ & <-).
    exists n, sf. split; [exact R|]. split; [exact F|].
    split; [congruence|]. split; [intros c k'; rewrite Htx, Ht1; reflexivity|].
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

(* What holds of some final run from a program's start holds of the plain
   run (a final state is reached once). *)
Lemma plain_outcome : forall rs sc p n sf (P : state -> Prop),
    steps rs sc n (init_state p) sf -> final sf ->
    (exists n' sf', steps rs sc n' (init_state p) sf' /\ final sf' /\ P sf') -> P sf.
Proof.
  intros rs sc p n sf P R F (n' & sf' & R' & F' & H).
  destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R) F
              (proj2 (osteps_ltr _ _ _ _ _) R') F') as (_ & <-).
  exact H.
Qed.

(* A run with f forces from a program's start, final with the plain run's
   theta, when every let binds one name and there is no scc_sub: two steps
   more per force (T3Steps.same_theta_steps). *)
Lemma forces_steps : forall Q rs sc p n sf m f sf',
    prog_lean p = true -> steps rs sc n (init_state p) sf -> final sf ->
    qoesteps_f Q LTR rs sc m f (init_state p) sf' -> final sf' ->
    (forall c k, th sf' c k = th sf c k) -> m = n + 2 * f.
Proof.
  intros Q rs sc p n sf m f sf' Hl R F X F' Ht.
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr _ _ _ _ _) R)) as RP.
  pose proof (same_theta_steps _ _ _ _ _ _ _ _ _ _ _ _ _ Hl RP F X F' Ht). lia.
Qed.

Theorem t3_let_forces : forall rs sc p n sf m f sf',
    prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    xsteps rs sc m f (init_state p) sf' -> final sf' ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros rs sc p n sf m f sf' Hcl Hrs R F X F'.
  apply (plain_outcome rs sc p n sf (fun s => ccc sf' = ccc s /\ (forall c k, th sf' c k = th s c k) /\
           exists r, heap_rn r (hp s) (hp sf') /\ ctl sf' = rn_expr r (ctl s)) R F).
  exact (xrun _ _ _ _ _ _ X F' (init_good rs p Hcl Hrs)).
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
  split; [exact (forces_steps _ _ _ _ _ _ _ _ _ Hl R F (xsteps_qoesteps_f _ _ _ _ _ _ X) F' Ht)|]. auto.
Qed.
