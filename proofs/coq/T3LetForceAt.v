(* T3LetForceAt.v -- T3 for a program with let: one force at any state of
   the plain run (not only the initial one) of a thunk the plain run
   evaluates, whose evaluation there enters no other thunk of the heap
   then (it may allocate, and enter what it allocates).  The run that
   goes plainly to that state, forces the thunk and then runs plainly ends
   with the plain run's cost centre and theta, and a heap and value equal
   to the plain run's up to a one to one renaming of addresses.  The
   forced run is, from the force, the thunk's evaluation, var3, resume,
   and then the plain run's rest from the same control and stack in the
   heap with that evaluation done ahead: PreRun.pre_run relates it to the
   plain run's rest.  A plain run from a program whose right-hand sides
   name no address keeps every state closed (PreRun.steps_closed), and
   its update frames name holes (ORun.inv). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.RunSplit Ccm.Program Ccm.Complete Ccm.Sound Ccm.SubNeverCurrent Ccm.Rename Ccm.Order
        Ccm.ORun Ccm.EarlyQ Ccm.T3LetFree Ccm.StepCount Ccm.T3Steps Ccm.Closed Ccm.Transfer
        Ccm.PreEval Ccm.T3LetForce Ccm.PreRun.
Import ListNotations.
Open Scope nat_scope.

(* ---- what a run's stacks hold ---- *)

Lemma stk_pre_of : forall G S, (forall y, In y (upds S) -> hole G y) -> stk_pre G S.
Proof.
  intros G S. induction S as [|f S IH]; intros H; simpl; [exact I|].
  destruct f as [x c|x c|alts d c|op a2 c|op k c|e c]; simpl in *; try (apply IH; assumption).
  destruct (H x (or_introl eq_refl)) as (b & -> & _ & Fb).
  split; [exact Fb | apply IH; intros y Hy; apply H; right; exact Hy].
Qed.

Lemma init_sclosed : forall p, prog_addr_free p = true -> sclosed (init_state p).
Proof.
  intros p H. split; [exact (init_closed p H)|]. simpl. split; [|reflexivity].
  apply Nat.ltb_lt. lia.
Qed.

(* ---- the state a force reaches, anywhere ---- *)

Definition force_at (s : state) (a : nat) (ea : expr) (cea : cc) : state :=
  mkstate cea (remove (hp s) (VAddr a)) ea (FUpd (VAddr a) (ccc s) :: FResume (ctl s) (ccc s) :: stk s) (th s).

Theorem t3_let_force_at : forall rs sc p n sf i s0 a ea cea m sf',
    prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf -> val_at (hp sf) a ->
    steps rs sc i (init_state p) s0 ->
    find_addr a (binds (hp s0)) = Some (ea, cea) -> is_value ea = false ->
    enters_no_thunk rs sc (hp s0) a ->
    step_force s0 (force_at s0 a ea cea) /\
    (steps rs sc m (force_at s0 a ea cea) sf' -> final sf' ->
     ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
     exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf)).
Proof.
  intros rs sc p n sf i s0 a ea cea m sf' Hcl Hrs R F Need R0 Fa Va NE.
  split; [destruct s0; apply Step_Force; [exact Fa | exact Va]|].
  intros R' F'.
  (* what the plain run is at s0 *)
  destruct (steps_split _ _ _ _ _ _ _ R F R0) as (_ & Rs).
  pose proof (steps_closed _ _ _ _ _ R0 (init_sclosed p Hcl)) as (C0 & B0 & BS0).
  pose proof (osteps_inv LTR _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R0) (init_inv p)) as Inv0.
  pose proof (stk_pre_of _ _ (proj1 (proj2 Inv0))) as PS0.
  destruct s0 as [c0 G0 e0 S0 t0]. simpl in *.
  (* the forced run: a's evaluation, var3, resume, then the rest *)
  unfold force_at in R'. cbn [hp ccc ctl stk th] in R'.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ R' F') as (m1 & ta & A1 & va & cva & t1 & _ & A & R1 & T1).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as Vva.
  destruct (steps_first _ _ _ _ _ R1 F') as (m2 & s2 & _ & St2 & R2); [intros [_ Hs]; discriminate|].
  inversion St2; subst; no_value_row.
  destruct (steps_first _ _ _ _ _ R2 F') as (m3 & s3 & _ & St3 & R3); [intros [_ Hs]; discriminate|].
  inversion St3; subst; no_value_row.
  assert (Su : setup rs sc G0 a ea cea ta A1 va cva)
    by (constructor; [exact C0 | exact Fa | exact Va | exact A | exact (NE _ _ _ _ _ _ Fa A)]).
  assert (Hsub : rs = Fig6 \/ cva <> "SUB"%string).
  { destruct Hrs as [Hrs|Hnp]; [left; exact Hrs | right].
    pose proof (steps_ok _ _ _ _ _ R0 (init_state_ok p Hnp)) as (Hc & Hh & He & HS).
    simpl in Hc, Hh, He, HS.
    destruct (eval_complete _ _ _ _ _ _ _ _ _ A (FUpd (VAddr a) c0 :: FResume e0 c0 :: S0) t0)
      as (k & tk & Rk & _).
    pose proof (lookup_ok _ (VAddr a) _ Hh Fa) as (Ho & Hce).
    refine (proj1 (steps_ok _ _ _ _ _ Rk _)).
    split; [exact (Hce Va)|]. split; [apply remove_ok; exact Hh|]. split; [exact Ho|].
    constructor; [exact Hc|]. constructor; [split; assumption | exact HS]. }
  (* the plain run's rest from s0, against the forced run's rest *)
  destruct (pre_run rs sc G0 a ea cea ta A1 va cva Su Hsub _ _ _ _ _ _ _ Rs F Need
              (update A1 (VAddr a) (va, cva)) (charge cva CU 1 t1)
              (pre_start rs sc G0 a ea cea ta A1 va cva Su) Inv0 B0 BS0 PS0)
    as (m4 & sf'' & R4 & F4 & Hc & Ht & Hr); [theta_arith|].
  rewrite (rn_below _ (next G0) (fun b Hb => shift_old _ _ b Hb) e0 B0) in R4.
  rewrite (rn_stk_below _ (next G0) S0 (fun b Hb => shift_old _ _ b Hb) BS0) in R4.
  destruct (osteps_final_unique LTR _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R3) F'
              (proj2 (osteps_ltr _ _ _ _ _) R4) F4) as (_ & <-).
  split; [exact Hc|]. split; [exact Ht | exact Hr].
Qed.

(* With the step count, when every let of the program binds one name and
   it has no scc_sub (StepCount.prog_lean): the i plain steps, the force
   and the m after it are the plain run's n and two more. *)
Lemma osteps_qoesteps_f_app : forall Q o rs sc n m f s1 s2 s3,
    osteps o rs sc n s1 s2 -> qoesteps_f Q o rs sc m f s2 s3 -> qoesteps_f Q o rs sc (n + m) f s1 s3.
Proof.
  induction 1 as [s|n s1 s2 s3' St R IH]; intros H; [exact H|].
  simpl. eapply qf_row; [exact St | apply IH; exact H].
Qed.

Corollary t3_let_force_at_steps : forall rs sc p n sf i s0 a ea cea m sf',
    prog_addr_free p = true -> prog_lean p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf -> val_at (hp sf) a ->
    steps rs sc i (init_state p) s0 ->
    find_addr a (binds (hp s0)) = Some (ea, cea) -> is_value ea = false ->
    enters_no_thunk rs sc (hp s0) a ->
    steps rs sc m (force_at s0 a ea cea) sf' -> final sf' ->
    i + 1 + m = n + 2.
Proof.
  intros rs sc p n sf i s0 a ea cea m sf' Hcl Hl Hrs R F Need R0 Fa Va NE R' F'.
  destruct (t3_let_force_at rs sc p n sf i s0 a ea cea m sf' Hcl Hrs R F Need R0 Fa Va NE) as (Fo & T3).
  destruct (T3 R' F') as (_ & Ht & _).
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr _ _ _ _ _) R)) as RP.
  assert (RE : qoesteps_f (fun _ => True) LTR rs sc (i + S m) 1 (init_state p) sf').
  { eapply osteps_qoesteps_f_app; [exact (proj2 (osteps_ltr _ _ _ _ _) R0)|].
    eapply qf_force; [exact Fo | exact I |].
    exact (osteps_qoesteps_f _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R')). }
  pose proof (same_theta_steps _ _ _ _ _ _ _ _ _ _ _ _ _ Hl RP F RE F' Ht). lia.
Qed.
