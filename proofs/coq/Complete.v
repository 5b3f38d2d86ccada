(* Complete.v -- T2, the machine is complete for the big-step semantics
   (docs/semantics.md section 5.1, one direction): whatever the rules of
   section 3 derive, the machine of section 4 reaches by a plain run, with
   the same heap, value, returned cost centre and theta.  For both rule sets
   and both scopings, with any stack below and any theta to start from. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet
        Ccm.Run Ccm.Program.
Import ListNotations.

(* A primitive's result is a value (an integer or True/False): section 3's
   "a1 op a2" ends in a value as every other rule does. *)
Lemma prim_result_value : forall op n1 n2 r,
    prim_result op n1 n2 = Some r -> is_value r = true.
Proof.
  intros op n1 n2 r H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]];
    [reflexivity | destruct b; reflexivity].
Qed.

(* What the rules derive is a value (the z of "⇓theta Delta : z, ccz"):
   the machine needs it to fire the row that consumes the frame below. *)
Lemma eval_value : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> is_value z = true.
Proof.
  induction 1; try assumption. eapply prim_result_value; eassumption.
Qed.

(* The theta bookkeeping: unfold charge/plus/empty, look at one cost centre
   and counter, and let lia add. *)
Ltac theta_arith :=
  let a := fresh "a" in let k := fresh "k" in
  intros a k; unfold charge, plus, empty in *;
  repeat match goal with
         | H : forall _ _, _ _ _ = _ |- _ => specialize (H a k)
         end;
  repeat (destruct (string_dec _ _)); repeat (destruct (counter_eq_dec _ _));
  lia.

(* T2, general form.  If cc, Gamma : e ⇓theta Delta : z, ccz then from
   (cc, Gamma, e, S, t) the machine runs to (ccz, Delta, z, S, t') with t'
   equal to t plus theta at every cost centre and counter, for every stack
   S and every t.  By induction on the derivation: each rule is the row
   that pushes a frame, the run of the first premise over that frame
   (Run.steps_trans glues the runs), the row that pops it, and the run of
   the second premise. *)
Theorem eval_complete : forall rs sc c G e th0 D z cz,
    eval rs sc c G e th0 D z cz ->
    forall S t, exists n t',
      steps rs sc n (mkstate c G e S t) (mkstate cz D z S t') /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  induction 1; intros S0 t0.
  - (* EvValue: no step *)
    exists 0, t0. split; [constructor | theta_arith].
  - (* EvApp: app1, the function, app2, the body *)
    destruct (IHeval1 (FArg x c :: S0) (charge c CA 1 t0)) as (n1 & t1' & R1 & T1).
    destruct (IHeval2 S0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_App1|].
      eapply steps_trans; [exact R1|].
      eapply steps_cons; [apply Step_App2|]. exact R2.
    + theta_arith.
  - (* EvVarValue: var1 *)
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Var1; eassumption | constructor].
    + theta_arith.
  - (* EvVarThunk: var2, the thunk, var3 *)
    destruct (IHeval (FUpd x c :: S0) (charge c CV 1 t0)) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Var2; eassumption|].
      eapply steps_trans; [exact R1|].
      eapply steps_cons; [apply Step_Var3; eapply eval_value; eassumption | constructor].
    + theta_arith.
  - (* EvLet: let, the body *)
    destruct (IHeval S0 (charge c CH (length bs) t0)) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Let | exact R1].
    + theta_arith.
  - (* EvCase: case1, the scrutinee, case2, the alternative *)
    destruct (IHeval1 (FCase alts d c :: S0) (charge c CC 1 t0)) as (n1 & t1' & R1 & T1).
    destruct (IHeval2 S0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Case1|].
      eapply steps_trans; [exact R1|].
      eapply steps_cons; [eapply Step_Case2; eassumption | exact R2].
    + theta_arith.
  - (* EvCaseDefault: case1, the scrutinee, case2 default, the default *)
    destruct (IHeval1 (FCase alts (Some de) c :: S0) (charge c CC 1 t0))
      as (n1 & t1' & R1 & T1).
    destruct (IHeval2 S0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Case1|].
      eapply steps_trans; [exact R1|].
      eapply steps_cons; [|exact R2].
      apply Step_Case2_Default; [eapply eval_value; eassumption | assumption].
    + theta_arith.
  - (* EvScc: scc, the body *)
    destruct (IHeval S0 (charge c' CEntries 1 (charge c CSubentries 1 t0)))
      as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Scc | exact R1].
    + theta_arith.
  - (* EvSccSub: scc_sub, the body *)
    destruct (IHeval S0 t0) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Scc_Sub | exact R1].
    + theta_arith.
  - (* EvPrim: prim1, the first operand, prim2, the second, prim3 *)
    destruct (IHeval1 (FPrim1 op a2 c :: S0) (charge c CP 1 t0)) as (m1 & t1' & R1 & T1).
    destruct (IHeval2 (FPrim2 op n1 c :: S0) t1') as (m2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply steps_cons; [apply Step_Prim1|].
      eapply steps_trans; [exact R1|].
      eapply steps_cons; [apply Step_Prim2|].
      eapply steps_trans; [exact R2|].
      eapply steps_cons; [apply Step_Prim3; eassumption | constructor].
    + theta_arith.
Qed.

(* T2 for a program (docs/semantics.md section 5.1): if the rules derive
   MAIN, Gamma_init : main ⇓theta Delta : z, ccz, the machine's run from the
   initial state reaches a final state (a value, empty stack) holding
   exactly Delta, z and ccz, and theta at every cost centre and counter.
   Every rule set and scoping (fig6 and fig2, lexical and evaluation). *)
Theorem machine_complete : forall rs sc p th0 D z cz,
    prog_eval rs sc p th0 D z cz ->
    exists n s, steps rs sc n (init_state p) s /\ final s /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\
                forall a k, th s a k = th0 a k.
Proof.
  intros rs sc p th0 D z cz H.
  destruct (eval_complete _ _ _ _ _ _ _ _ _ H [] empty) as (n & t' & R & T).
  exists n, (mkstate cz D z [] t'). split; [exact R|].
  split; [split; [eapply eval_value; eassumption | reflexivity]|].
  repeat split. intros a k. rewrite T. reflexivity.
Qed.

(* The two instances the issue names, spelled out. *)
Corollary machine_complete_fig6_lexical : forall p th0 D z cz,
    prog_eval Fig6 Lexical p th0 D z cz ->
    exists n s, steps Fig6 Lexical n (init_state p) s /\ final s /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\
                forall a k, th s a k = th0 a k.
Proof. intros. apply machine_complete; assumption. Qed.

Corollary machine_complete_fig2_lexical : forall p th0 D z cz,
    prog_eval Fig2 Lexical p th0 D z cz ->
    exists n s, steps Fig2 Lexical n (init_state p) s /\ final s /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\
                forall a k, th s a k = th0 a k.
Proof. intros. apply machine_complete; assumption. Qed.
