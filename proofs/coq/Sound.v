(* Sound.v -- T1, the machine is sound for the big-step semantics
   (docs/semantics.md section 5.1, the other direction): a plain run from a
   program's initial state that ends in a final state (a value, empty
   stack) ends with the heap, value, cost centre and theta that the rules of
   section 3 derive for MAIN, Gamma_init : main.  For both rule sets and
   both scopings. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine
        Ccm.MachineDet Ccm.Run Ccm.Program Ccm.Complete.
Import ListNotations.

(* A run that ends final and does not start final takes a first step. *)
Lemma steps_first : forall rs sc n s sf,
    steps rs sc n s sf -> final sf -> ~ final s ->
    exists n' s2, n = S n' /\ step rs sc s s2 /\ steps rs sc n' s2 sf.
Proof.
  intros rs sc n s sf R F NF. inversion R; subst.
  - contradiction.
  - do 2 eexists. split; [reflexivity|]. split; eassumption.
Qed.

(* After inverting a row from a non-value: the rows that need a value in
   control cannot have fired. *)
Ltac no_value_row :=
  try match goal with H : is_value ?v = true |- _ =>
        simpl in H; discriminate H end.

(* The decomposition behind T1.  A run from (cc, Gamma, e, S, t) that ends
   final passes through a state (ccz, Delta, z, S, t') where z is the value
   the rules derive for cc, Gamma : e (theta, Delta, ccz), t' is t plus
   theta pointwise, and the rest of the run is no longer than the whole.
   By strong induction on the run's length: the first row of a non-value is
   fixed by its form; the run of a sub-expression over the frame that row
   pushed decomposes by induction; the frame is not the end (the final
   stack is empty), so a row pops it, and which row is fixed by the frame
   and the sub-expression's value. *)
Lemma run_decompose : forall rs sc n c G e Sk t sf,
    steps rs sc n (mkstate c G e Sk t) sf -> final sf ->
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
  destruct (steps_first _ _ _ _ _ R F) as (n' & s2 & -> & St & R2).
  { intros [Hv _]. simpl in Hv. congruence. }
  (* After a sub-run over a frame: the frame is still there, so the run
     goes on, by the row that pops it. *)
  assert (Hpop : forall m c1 T z1 f t1, steps rs sc m (mkstate c1 T z1 (f :: Sk) t1) sf ->
            exists m' s3, m = S m' /\ step rs sc (mkstate c1 T z1 (f :: Sk) t1) s3 /\
                          steps rs sc m' s3 sf).
  { intros m c1 T z1 f t1 Rm. apply (steps_first _ _ _ _ _ Rm F).
    intros [_ Hs]. discriminate. }
  destruct e; simpl in V; try discriminate; inversion St; subst; no_value_row.
  - (* App: app1, the function, app2, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
    exists m2, (charge c CA 1 (plus t1 t2)), D, z, cz, t2'.
    split; [lia|]. split; [eapply EvApp; eassumption|]. split; [exact R5 | theta_arith].
  - (* Var bound to a value: var1 *)
    exists n', (charge c CV 1 empty), G, z, (entered rs cz c), (charge c CV 1 t).
    split; [lia|]. split; [eapply EvVarValue; eassumption|]. split; [exact R2 | theta_arith].
  - (* Var bound to a thunk: var2, the thunk, var3 *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    exists m1', (charge c CV 1 (charge c1 CU 1 t1)), (update T x (z1, c1)), z1,
           (updated rs c1 c), (charge c1 CU 1 t1').
    split; [lia|]. split; [eapply EvVarThunk; eassumption|]. split; [exact R4 | theta_arith].
  - (* let: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (charge c CH (length bs) t1), D, z, cz, t1'.
    split; [lia|]. split; [eapply EvLet; eassumption|]. split; [exact R3 | theta_arith].
  - (* case: case1, the scrutinee, then case2 or case2 default *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    + (* case2: the matching alternative *)
      destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply EvCase; eassumption|]. split; [exact R5 | theta_arith].
    + (* case2 default *)
      destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply EvCaseDefault; eassumption|]. split; [exact R5 | theta_arith].
  - (* scc: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (charge c0 CEntries 1 (charge c CSubentries 1 t1)), D, z, cz, t1'.
    split; [lia|]. split; [eapply EvScc; eassumption|]. split; [exact R3 | theta_arith].
  - (* scc_sub: the row, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, t1, D, z, cz, t1'.
    split; [lia|]. split; [eapply EvSccSub; eassumption|]. split; [exact R3 | theta_arith].
  - (* a1 op a2: prim1, the first operand, prim2, the second, prim3 *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & G1 & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & G2 & z2 & c2 & t2' & L2 & E2 & R5 & H2).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E2) as V2.
    destruct (Hpop _ _ _ _ _ _ R5) as (m2' & s4 & -> & St4 & R6).
    inversion St4; subst; simpl in V2; try discriminate.
    exists m2', (charge c CP 1 (plus t1 t2)), G2, r, c, t2'.
    split; [lia|]. split; [eapply EvPrim; eassumption|]. split; [exact R6 | theta_arith].
Qed.

(* T1, general form: a run from (cc, Gamma, e, [], t) that ends final ends
   with what the rules derive for cc, Gamma : e, theta added to t. *)
Theorem run_sound : forall rs sc n c G e t sf,
    steps rs sc n (mkstate c G e [] t) sf -> final sf ->
    exists th0, eval rs sc c G e th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = t a k + th0 a k.
Proof.
  intros rs sc n c G e t sf R F.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ R F)
    as (m & th0 & D & z & cz & t' & _ & E & R' & H).
  (* the state the decomposition reaches is final itself, so it is sf *)
  inversion R'; subst.
  - exists th0. split; [exact E | exact H].
  - exfalso. eapply final_no_step; [|eassumption].
    split; [eapply eval_value; eassumption | reflexivity].
Qed.

(* T1 for a program (docs/semantics.md section 5.1): a plain run from the
   initial state that reaches a final state gives a value, cost centre and
   heap that the rules derive for MAIN, Gamma_init : main, with the same
   theta at every cost centre and counter.  Every rule set and scoping. *)
Theorem machine_sound : forall rs sc p n sf,
    steps rs sc n (init_state p) sf -> final sf ->
    exists th0, prog_eval rs sc p th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = th0 a k.
Proof.
  intros rs sc p n sf R F.
  destruct (run_sound _ _ _ _ _ _ _ _ R F) as (th0 & E & H).
  exists th0. split; [exact E|]. intros a k. rewrite H. reflexivity.
Qed.

(* The same with the derivation given: since the rules are deterministic
   (BigStepDet.v), the run ends with exactly the derived heap, value, cost
   centre and theta. *)
Corollary machine_sound_eq : forall rs sc p n sf th0 D z cz,
    steps rs sc n (init_state p) sf -> final sf ->
    prog_eval rs sc p th0 D z cz ->
    hp sf = D /\ ctl sf = z /\ ccc sf = cz /\ forall a k, th sf a k = th0 a k.
Proof.
  intros rs sc p n sf th0 D z cz R F E.
  destruct (machine_sound _ _ _ _ _ R F) as (th1 & E1 & H1).
  destruct (eval_deterministic _ _ _ _ _ _ _ _ _ E1 _ _ _ _ E) as (-> & -> & -> & ->).
  repeat split; assumption.
Qed.

(* Section 5.1 as stated there: a run from the initial state ends in a
   value with an empty stack exactly when the rules derive that value, with
   the same returned cost centre (and heap) and the same theta. *)
Theorem machine_iff_eval : forall rs sc p D z cz (t : theta),
    (exists n s, steps rs sc n (init_state p) s /\ final s /\
                 hp s = D /\ ctl s = z /\ ccc s = cz /\ forall a k, th s a k = t a k)
    <->
    (exists th0, prog_eval rs sc p th0 D z cz /\ forall a k, th0 a k = t a k).
Proof.
  intros rs sc p D z cz t. split.
  - intros (n & s & R & F & <- & <- & <- & H).
    destruct (machine_sound _ _ _ _ _ R F) as (th0 & E & H0).
    exists th0. split; [exact E|]. intros a k. rewrite <- H0. apply H.
  - intros (th0 & E & H).
    destruct (machine_complete _ _ _ _ _ _ _ E) as (n & s & R & F & HD & Hz & Hc & Ht).
    exists n, s. do 5 (split; [assumption|]). intros a k. rewrite Ht. apply H.
Qed.
