(* EarlyQ.v -- runs with early forcing and either operand order whose
   forces are restricted to the addresses a predicate Q allows (qestep Q: a
   row, or a force of an address in Q), as a big-step judgement: qeeval Q
   is BigStep.eval with the operands of a primitive taken in order o, and
   QeForce (needing Q) and QeThen for the forces (EarlyBig.v explains
   them).  With Q the addresses the plain run evaluates, these are the runs
   whose forced thunks are needed (T3Forced.t3_let_free_forced); with Q
   the predicate that accepts every force, they are EarlyBig.v's eeval and
   oesteps, whose theorems are this file's (EarlyBig.oesteps_q).

   Proven: a run from (cc, Gamma, e, S, t) that ends final passes through
   an eval derivation's result (qearly_decompose), hence T1 for such runs
   (qearly_run_sound, qearly_sound); every qeeval derivation is such a run
   (qearly_complete), hence T2 (qearly_program_complete). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Complete Ccm.Sound Ccm.Interp Ccm.Order Ccm.ORun.
Import ListNotations.
Open Scope nat_scope.

(* The state a force reaches names the forced address on top. *)
Definition forced_ok (Q : nat -> Prop) (s : state) : Prop :=
  match stk s with FUpd (VAddr a) _ :: _ => Q a | _ => False end.

Definition qestep (Q : nat -> Prop) (o : order) (rs : ruleset) (sc : scoping) (s s' : state) : Prop :=
  ostep o rs sc s s' \/ (step_force s s' /\ forced_ok Q s').

Inductive qoesteps (Q : nat -> Prop) (o : order) (rs : ruleset) (sc : scoping) : nat -> state -> state -> Prop :=
| qoesteps_refl : forall s, qoesteps Q o rs sc 0 s s
| qoesteps_cons : forall n s1 s2 s3,
    qestep Q o rs sc s1 s2 -> qoesteps Q o rs sc n s2 s3 -> qoesteps Q o rs sc (S n) s1 s3.

Lemma qoesteps_trans : forall Q o rs sc n m s1 s2 s3,
    qoesteps Q o rs sc n s1 s2 -> qoesteps Q o rs sc m s2 s3 -> qoesteps Q o rs sc (n + m) s1 s3.
Proof.
  intros Q o rs sc n m s1 s2 s3 H. revert m s3.
  induction H; intros; simpl; [assumption | econstructor; eauto].
Qed.

Lemma qoesteps_row : forall Q o rs sc s s', ostep o rs sc s s' -> qoesteps Q o rs sc 1 s s'.
Proof. intros. econstructor; [left; eassumption | constructor]. Qed.

Lemma qosteps_oesteps : forall Q o rs sc n s s', osteps o rs sc n s s' -> qoesteps Q o rs sc n s s'.
Proof. induction 1; [constructor | econstructor; [left; eassumption | assumption]]. Qed.

(* The big-step rules with operand order o and early forcing. *)
Inductive qeeval (Q : nat -> Prop) (o : order) (rs : ruleset) (sc : scoping)
  : cc -> heap -> expr -> theta -> heap -> expr -> cc -> Prop :=
| QeValue : forall c G v, is_value v = true -> qeeval Q o rs sc c G v empty G v c
| QeApp : forall c G e x t1 T y b cl t2 D z cz,
    qeeval Q o rs sc c G e t1 T (Lam y b) cl ->
    qeeval Q o rs sc (body_cc sc cl c) T (subst y x b) t2 D z cz ->
    qeeval Q o rs sc c G (App e x) (charge c CA 1 (plus t1 t2)) D z cz
| QeVarValue : forall c G x z cz,
    lookup G x = Some (z, cz) -> is_value z = true ->
    qeeval Q o rs sc c G (Var x) (charge c CV 1 empty) G z (entered rs cz c)
| QeVarThunk : forall c G x e ce t D z cz,
    lookup G x = Some (e, ce) -> is_value e = false ->
    qeeval Q o rs sc ce (remove G x) e t D z cz ->
    qeeval Q o rs sc c G (Var x) (charge c CV 1 (charge cz CU 1 t))
          (update D x (z, cz)) z (updated rs cz c)
| QeLet : forall c G bs e t D z cz,
    qeeval Q o rs sc c (let_alloc G bs c) (let_rename G bs e) t D z cz ->
    qeeval Q o rs sc c G (Let bs e) (charge c CH (length bs) t) D z cz
| QeCase : forall c G s alts d t1 T k xs cs ys b t2 D z cz,
    qeeval Q o rs sc c G s t1 T (Con k xs) cs ->
    select alts k = Some (ys, b) -> length ys = length xs ->
    qeeval Q o rs sc c T (substs ys xs b) t2 D z cz ->
    qeeval Q o rs sc c G (Case s alts d) (charge c CC 1 (plus t1 t2)) D z cz
| QeCaseDefault : forall c G s alts de t1 T v cs t2 D z cz,
    qeeval Q o rs sc c G s t1 T v cs -> no_alt alts v ->
    qeeval Q o rs sc c T de t2 D z cz ->
    qeeval Q o rs sc c G (Case s alts (Some de)) (charge c CC 1 (plus t1 t2)) D z cz
| QeScc : forall c G c' e t D z cz,
    qeeval Q o rs sc c' G e t D z cz ->
    qeeval Q o rs sc c G (Scc c' e) (charge c' CEntries 1 (charge c CSubentries 1 t)) D z cz
| QeSccSub : forall c G c' e t D z cz,
    qeeval Q o rs sc c' G e t D z cz -> qeeval Q o rs sc c G (SccSub c' e) t D z cz
| QePrimL : forall c G op a1 a2 t1 G1 n1 c1 t2 G2 n2 c2 r,
    o = LTR ->
    qeeval Q o rs sc c G (atom_expr a1) t1 G1 (Int n1) c1 ->
    qeeval Q o rs sc c G1 (atom_expr a2) t2 G2 (Int n2) c2 ->
    prim_result op n1 n2 = Some r ->
    qeeval Q o rs sc c G (Prim op a1 a2) (charge c CP 1 (plus t1 t2)) G2 r c
| QePrimR : forall c G op a1 a2 t2 G1 n2 c2 t1 G2 n1 c1 r,
    o = RTL ->
    qeeval Q o rs sc c G (atom_expr a2) t2 G1 (Int n2) c2 ->
    qeeval Q o rs sc c G1 (atom_expr a1) t1 G2 (Int n1) c1 ->
    prim_result op n1 n2 = Some r ->
    qeeval Q o rs sc c G (Prim op a1 a2) (charge c CP 1 (plus t2 t1)) G2 r c
(* force x (a thunk) first: its evaluation, var3, whatever is forced
   before resume (an evaluation of the value), resume, then e. *)
| QeForce : forall c G e x ex ce t1 D1 z1 c1 t2 D2 w cw t3 D z cz,
    lookup G x = Some (ex, ce) -> is_value ex = false -> (forall a, x = VAddr a -> Q a) ->
    qeeval Q o rs sc ce (remove G x) ex t1 D1 z1 c1 ->
    qeeval Q o rs sc (updated rs c1 c) (update D1 x (z1, c1)) z1 t2 D2 w cw ->
    qeeval Q o rs sc c D2 e t3 D z cz ->
    qeeval Q o rs sc c G e (charge c1 CU 1 (plus t1 (plus t2 t3))) D z cz
(* forces after an evaluation, before its value is used *)
| QeThen : forall c G e t1 D1 z cz t2 D2 z2 cz2,
    qeeval Q o rs sc c G e t1 D1 z cz ->
    qeeval Q o rs sc cz D1 z t2 D2 z2 cz2 ->
    qeeval Q o rs sc c G e (plus t1 t2) D2 z2 cz2.

(* Induction on the first qeeval (or eeval) premise, naming the premises as
   BigStep.eval_induction does, with Ho the order, HQ QeForce's premise on
   Q, and the derivations of QePrimR in evaluation order (E2 first). *)
Ltac qeeval_induction :=
  induction 1 as
      [c G v Hv
      |c G e x t1 T y b cl t2 D z cz E1 IH1 E2 IH2
      |c G x z cz L Hv
      |c G x e ce t D z cz L Hv E IH
      |c G bs e t D z cz E IH
      |c G s alts d t1 T k xs cs ys b t2 D z cz E1 IH1 Sel Len E2 IH2
      |c G s alts de t1 T v cs t2 D z cz E1 IH1 Na E2 IH2
      |c G c' e t D z cz E IH
      |c G c' e t D z cz E IH
      |c G op a1 a2 t1 G1 n1 c1 t2 G2 n2 c2 r Ho E1 IH1 E2 IH2 Pr
      |c G op a1 a2 t2 G1 n2 c2 t1 G2 n1 c1 r Ho E2 IH2 E1 IH1 Pr
      |c G e x ex ce t1 D1 z1 c1 t2 D2 w cw t3 D z cz L Hv HQ E1 IH1 E2 IH2 E3 IH3
      |c G e t1 D1 z cz t2 D2 z2 cz2 E1 IH1 E2 IH2].

Lemma qeeval_value : forall Q o rs sc c G e t D z cz, qeeval Q o rs sc c G e t D z cz -> is_value z = true.
Proof.
  induction 1; auto.
  - eapply prim_result_value; eassumption.
  - eapply prim_result_value; eassumption.
Qed.

(* ---- eeval to runs (T2 for early runs) ---- *)

Theorem qearly_complete : forall Q o rs sc c G e th0 D z cz,
    qeeval Q o rs sc c G e th0 D z cz ->
    forall S t, exists n t',
      qoesteps Q o rs sc n (mkstate c G e S t) (mkstate cz D z S t') /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  qeeval_induction;
    intros S0 t0.
  - exists 0, t0. split; [constructor | theta_arith].
  - destruct (IH1 (FArg x c :: S0) (charge c CA 1 t0)) as (k1 & u1 & R1 & U1).
    destruct (IH2 S0 u1) as (k2 & u2 & R2 & U2).
    eexists; exists u2. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans|]|].
    + apply qoesteps_row. apply ostep_of_step; [apply Step_App1 | reflexivity].
    + exact R1.
    + apply qoesteps_row. apply ostep_of_step; [apply Step_App2 | reflexivity].
    + exact R2.
  - eexists; exists (charge c CV 1 t0). split; [|theta_arith].
    apply qoesteps_row. apply ostep_of_step; [eapply Step_Var1; eassumption | reflexivity].
  - destruct (IH (FUpd x c :: S0) (charge c CV 1 t0)) as (k1 & u1 & R1 & U1).
    pose proof (qeeval_value _ _ _ _ _ _ _ _ _ _ _ E) as Vz.
    eexists; exists (charge cz CU 1 u1). split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans|].
    + apply qoesteps_row. apply ostep_of_step; [eapply Step_Var2; eassumption | reflexivity].
    + exact R1.
    + apply qoesteps_row. apply ostep_of_step; [apply Step_Var3; exact Vz|].
      destruct z; try discriminate Vz; reflexivity.
  - destruct (IH S0 (charge c CH (length bs) t0)) as (k1 & u1 & R1 & U1).
    eexists; exists u1. split; [|theta_arith].
    eapply qoesteps_trans; [|exact R1].
    apply qoesteps_row. apply ostep_of_step; [apply Step_Let | reflexivity].
  - destruct (IH1 (FCase alts d c :: S0) (charge c CC 1 t0)) as (k1 & u1 & R1 & U1).
    destruct (IH2 S0 u1) as (k2 & u2 & R2 & U2).
    eexists; exists u2. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans|]|].
    + apply qoesteps_row. apply ostep_of_step; [apply Step_Case1 | reflexivity].
    + exact R1.
    + apply qoesteps_row. apply ostep_of_step; [eapply Step_Case2; eassumption | reflexivity].
    + exact R2.
  - destruct (IH1 (FCase alts (Some de) c :: S0) (charge c CC 1 t0)) as (k1 & u1 & R1 & U1).
    destruct (IH2 S0 u1) as (k2 & u2 & R2 & U2).
    pose proof (qeeval_value _ _ _ _ _ _ _ _ _ _ _ E1) as Vv.
    eexists; exists u2. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans|]|].
    + apply qoesteps_row. apply ostep_of_step; [apply Step_Case1 | reflexivity].
    + exact R1.
    + apply qoesteps_row. apply ostep_of_step; [eapply Step_Case2_Default; eassumption|].
      destruct v; try discriminate Vv; reflexivity.
    + exact R2.
  - destruct (IH S0 (charge c' CEntries 1 (charge c CSubentries 1 t0))) as (k1 & u1 & R1 & U1).
    eexists; exists u1. split; [|theta_arith].
    eapply qoesteps_trans; [|exact R1].
    apply qoesteps_row. apply ostep_of_step; [apply Step_Scc | reflexivity].
  - destruct (IH S0 t0) as (k1 & u1 & R1 & U1).
    eexists; exists u1. split; [|theta_arith].
    eapply qoesteps_trans; [|exact R1].
    apply qoesteps_row. apply ostep_of_step; [apply Step_Scc_Sub | reflexivity].
  - subst o.
    destruct (IH1 (FPrim1 op a2 c :: S0) (charge c CP 1 t0)) as (k1 & u1 & R1 & U1).
    destruct (IH2 (FPrim2 op n1 c :: S0) u1) as (k2 & u2 & R2 & U2).
    eexists; exists u2. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans|]|]|].
    + apply qoesteps_row. apply Step_Prim1.
    + exact R1.
    + apply qoesteps_row. apply Step_Prim2.
    + exact R2.
    + apply qoesteps_row. apply Step_Prim3. exact Pr.
  - subst o.
    destruct (IH2 (FPrim1 op a1 c :: S0) (charge c CP 1 t0)) as (k1 & u1 & R1 & U1).
    destruct (IH1 (FPrim2 op n2 c :: S0) u1) as (k2' & u2 & R2 & U2).
    eexists; exists u2. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans|]|]|].
    + apply qoesteps_row. right. apply Rtl_Prim1.
    + exact R1.
    + apply qoesteps_row. left. split; [reflexivity | apply Step_Prim2].
    + exact R2.
    + apply qoesteps_row. right. apply Rtl_Prim3. exact Pr.
  - pose proof (qeeval_value _ _ _ _ _ _ _ _ _ _ _ E1) as V1.
    pose proof (qeeval_value _ _ _ _ _ _ _ _ _ _ _ E2) as V2.
    destruct (IH1 (FUpd x c :: FResume e c :: S0) t0) as (k1 & u1 & R1 & U1).
    destruct (IH2 (FResume e c :: S0) (charge c1 CU 1 u1)) as (k2 & u2 & R2 & U2).
    destruct (IH3 S0 u2) as (k3 & u3 & R3 & U3).
    eexists; exists u3. split; [|theta_arith].
    eapply qoesteps_trans; [eapply qoesteps_trans; [eapply qoesteps_trans;
      [eapply qoesteps_trans; [eapply qoesteps_trans|]|]|]|].
    + econstructor; [right; split; [econstructor; eassumption|] | constructor].
      unfold forced_ok. simpl. destruct x as [nm|a]; [discriminate L | apply HQ; reflexivity].
    + exact R1.
    + apply qoesteps_row. apply ostep_of_step; [apply Step_Var3; exact V1|].
      destruct z1; try discriminate V1; reflexivity.
    + exact R2.
    + apply qoesteps_row. apply ostep_of_step; [apply Step_Resume; exact V2|].
      destruct w; try discriminate V2; reflexivity.
    + exact R3.
  - destruct (IH1 S0 t0) as (k1 & u1 & R1 & U1).
    destruct (IH2 S0 u1) as (k2 & u2 & R2 & U2).
    do 2 eexists. split; [eapply qoesteps_trans; [exact R1 | exact R2] | theta_arith].
Qed.

(* ---- runs to eeval (T1 for early runs) ---- *)

(* What follows a decomposed evaluation: nothing (the run ended there), or
   a row (not a force). *)
Definition qrest (Q : nat -> Prop) (o : order) (rs : ruleset) (sc : scoping) (m : nat) (s sf : state) : Prop :=
  (m = 0 /\ s = sf) \/
  exists m' s2, m = S m' /\ ostep o rs sc s s2 /\ qoesteps Q o rs sc m' s2 sf.

Lemma qrest_pop : forall Q o rs sc m c T z f Sk t sf,
    qrest Q o rs sc m (mkstate c T z (f :: Sk) t) sf -> final sf ->
    exists m' s2, m = S m' /\ ostep o rs sc (mkstate c T z (f :: Sk) t) s2 /\
                  qoesteps Q o rs sc m' s2 sf.
Proof.
  intros Q o rs sc m c T z f Sk t sf [[-> <-]|H] F; [|exact H].
  destruct F as [_ Hs]. discriminate.
Qed.

Lemma qostep_cases : forall o rs sc s s', ostep o rs sc s s' ->
    (step rs sc s s' /\ (o = LTR \/ prim13_state s = false)) \/ (o = RTL /\ rtl_row s s').
Proof.
  intros [|] rs sc s s' H; simpl in H.
  - left. split; [exact H | left; reflexivity].
  - destruct H as [[P H]|H]; [left; split; [exact H | right; exact P] | right; split; [reflexivity | exact H]].
Qed.

Ltac qorow H :=
  let St := fresh "St" in let Ho := fresh "Ho" in
  destruct (qostep_cases _ _ _ _ _ H) as [[St Ho]|[Ho St]]; clear H;
  [ inversion St; subst; no_value_row; try (destruct Ho as [Ho|Ho]; discriminate Ho)
  | first [ discriminate Ho | inversion St; subst; no_value_row ] ].

(* An evaluation E whose rest Rs (the run ending final by F) goes on with
   a row: E's value, and that row Os, to the run R' after it (pop_after);
   pop_row takes the row apart with qorow. *)
Ltac pop_after E Rs F m' s R' Os :=
  let V := fresh "V" in
  pose proof (qeeval_value _ _ _ _ _ _ _ _ _ _ _ E) as V;
  destruct (qrest_pop _ _ _ _ _ _ _ _ _ _ _ _ Rs F) as (m' & s & -> & Os & R').

Ltac pop_row E Rs F m' s R' := let Os := fresh "Os" in pop_after E Rs F m' s R' Os; qorow Os.

Lemma qearly_decompose : forall Q o rs sc n c G e Sk t sf,
    qoesteps Q o rs sc n (mkstate c G e Sk t) sf -> final sf ->
    exists m th0 D z cz t',
      m <= n /\ qeeval Q o rs sc c G e th0 D z cz /\
      qrest Q o rs sc m (mkstate cz D z Sk t') sf /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros Q o rs sc n. induction n as [n IH] using lt_wf_ind.
  intros c G e Sk t sf R F.
  inversion R as [s0|n' s1 s2 s3 St R2]; subst.
  { (* the end: a value *)
    destruct F as [Hv Hs]. simpl in Hv, Hs. subst.
    exists 0, empty, G, e, c, t. split; [lia|]. split; [constructor; exact Hv|].
    split; [left; split; reflexivity | theta_arith]. }
  destruct St as [Row|[Frc Fok]].
  2:{ (* force: the thunk, var3, forces before resume, resume, then e *)
    inversion Frc as [c0 G0 e0 x ex ce S0 t0 Lx Vx]; subst.
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & D1 & z1 & c1 & t1' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
      as (m2 & t2 & D2 & w & cw & t2' & L2 & E2 & Rs2 & H2).
    pop_row E2 Rs2 F m2' s4 R4.
    destruct (IH m2' ltac:(lia) _ _ _ _ _ _ R4 F)
      as (m3 & t3 & D & z & cz & t3' & L3 & E3 & Rs3 & H3).
    exists m3, (charge c1 CU 1 (plus t1 (plus t2 t3))), D, z, cz, t3'.
    split; [lia|]. split; [eapply QeForce; try eassumption; intros a' ->; exact Fok|].
    split; [exact Rs3 | theta_arith]. }
  destruct (is_value e) eqn:V.
  { (* a value, and a row: the value evaluates to itself *)
    exists (S n'), empty, G, e, c, t. split; [lia|]. split; [constructor; exact V|].
    split; [right; exists n', s2; split; [reflexivity | split; assumption] | theta_arith]. }
  (* after a row that ends an evaluation with a value: what follows it *)
  assert (Hend : forall m c1 T z1 t1, m < S n' ->
             qoesteps Q o rs sc m (mkstate c1 T z1 Sk t1) sf ->
             exists m2 t2 D2 z2 cz2 t2', m2 <= m /\ qeeval Q o rs sc c1 T z1 t2 D2 z2 cz2 /\
               qrest Q o rs sc m2 (mkstate cz2 D2 z2 Sk t2') sf /\
               forall a k, t2' a k = t1 a k + t2 a k).
  { intros m c1 T z1 t1 Lm Rm. exact (IH m Lm _ _ _ _ _ _ Rm F). }
  pose proof Row as Row0.
  destruct (qostep_cases _ _ _ _ _ Row) as [[St Ho]|[Ho St]]; clear Row.
  2:{ (* right to left prim1 *)
    inversion St; subst; simpl in V; try discriminate.
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t2 & G1 & z2 & c2 & t2' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
      as (m2 & t1 & G2 & z1 & c1 & t1' & L2 & E2 & Rs2 & H2).
    pop_after E2 Rs2 F m2' s4 R4 Os.
    destruct (qostep_cases _ _ _ _ _ Os) as [[St4 Ho4]|[_ St4]]; clear Os.
    { inversion St4; subst; no_value_row. destruct Ho4 as [Ho4|Ho4]; discriminate Ho4. }
    inversion St4; subst; no_value_row.
    destruct (Hend m2' _ _ _ _ ltac:(lia) R4)
      as (m3 & t3 & D3 & z3 & c3 & t3' & L3 & E3 & Rs3 & H3).
    exists m3, (plus (charge c CP 1 (plus t2 t1)) t3), D3, z3, c3, t3'.
    split; [lia|]. split; [eapply QeThen; [eapply QePrimR; eauto | exact E3]|].
    split; [exact Rs3 | theta_arith]. }
  destruct e; simpl in V; try discriminate V; inversion St; subst; no_value_row.
  - (* App: app1, the function, app2, the body *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
      as (m2 & t2 & D & z & cz & t2' & L2 & E2 & Rs2 & H2).
    exists m2, (charge c CA 1 (plus t1 t2)), D, z, cz, t2'.
    split; [lia|]. split; [eapply QeApp; eassumption|]. split; [exact Rs2 | theta_arith].
  - (* Var bound to a value: var1, then what follows *)
    destruct (Hend n' _ _ _ _ ltac:(lia) R2)
      as (m3 & t3 & D3 & z3 & c3 & t3' & L3 & E3 & Rs3 & H3).
    exists m3, (plus (charge c CV 1 empty) t3), D3, z3, c3, t3'.
    split; [lia|]. split; [eapply QeThen; [eapply QeVarValue; eassumption | exact E3]|].
    split; [exact Rs3 | theta_arith].
  - (* Var bound to a thunk: var2, the thunk, var3, then what follows *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    destruct (Hend m1' _ _ _ _ ltac:(lia) R3)
      as (m3 & t3 & D3 & z3 & c3 & t3' & L3 & E3 & Rs3 & H3).
    exists m3, (plus (charge c CV 1 (charge c1 CU 1 t1)) t3), D3, z3, c3, t3'.
    split; [lia|]. split; [eapply QeThen; [eapply QeVarThunk; eassumption | exact E3]|].
    split; [exact Rs3 | theta_arith].
  - (* let *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & D & z & cz & t1' & L1 & E1 & Rs1 & H1).
    exists m1, (charge c CH (length bs) t1), D, z, cz, t1'.
    split; [lia|]. split; [eapply QeLet; eassumption|]. split; [exact Rs1 | theta_arith].
  - (* case: case1, the scrutinee, then case2 or case2 default *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    + destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
        as (m2 & t2 & D & z & cz & t2' & L2 & E2 & Rs2 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply QeCase; eassumption|]. split; [exact Rs2 | theta_arith].
    + destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
        as (m2 & t2 & D & z & cz & t2' & L2 & E2 & Rs2 & H2).
      exists m2, (charge c CC 1 (plus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply QeCaseDefault; eassumption|]. split; [exact Rs2 | theta_arith].
  - (* scc *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & D & z & cz & t1' & L1 & E1 & Rs1 & H1).
    exists m1, (charge c0 CEntries 1 (charge c CSubentries 1 t1)), D, z, cz, t1'.
    split; [lia|]. split; [eapply QeScc; eassumption|]. split; [exact Rs1 | theta_arith].
  - (* scc_sub *)
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & D & z & cz & t1' & L1 & E1 & Rs1 & H1).
    exists m1, t1, D, z, cz, t1'.
    split; [lia|]. split; [eapply QeSccSub; eassumption|]. split; [exact Rs1 | theta_arith].
  - (* a1 op a2, left to right: prim1, a1, prim2, a2, prim3, then what follows *)
    destruct Ho as [Ho|Ho]; [|discriminate Ho]. subst o.
    destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F)
      as (m1 & t1 & G1 & z1 & c1 & t1' & L1 & E1 & Rs1 & H1).
    pop_row E1 Rs1 F m1' s3 R3.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R3 F)
      as (m2 & t2 & G2 & z2 & c2 & t2' & L2 & E2 & Rs2 & H2).
    pop_row E2 Rs2 F m2' s4 R4.
    destruct (Hend m2' _ _ _ _ ltac:(lia) R4)
      as (m3 & t3 & D3 & z3 & c3 & t3' & L3 & E3 & Rs3 & H3).
    exists m3, (plus (charge c CP 1 (plus t1 t2)) t3), D3, z3, c3, t3'.
    split; [lia|]. split; [eapply QeThen; [eapply QePrimL; eauto | exact E3]|].
    split; [exact Rs3 | theta_arith].
Qed.

(* T1 for runs with early forcing, either order: from (cc, Gamma, e, [], t)
   to a final state. *)
Theorem qearly_run_sound : forall Q o rs sc n c G e t sf,
    qoesteps Q o rs sc n (mkstate c G e [] t) sf -> final sf ->
    exists th0, qeeval Q o rs sc c G e th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = t a k + th0 a k.
Proof.
  intros Q o rs sc n c G e t sf R F.
  destruct (qearly_decompose _ _ _ _ _ _ _ _ _ _ _ R F)
    as (m & th0 & D & z & cz & t' & _ & E & [[_ <-]|(m' & s2 & _ & Os & _)] & H).
  - exists th0. split; [exact E | exact H].
  - exfalso. eapply ofinal_no_step; [|exact Os].
    split; [eapply qeeval_value; eassumption | reflexivity].
Qed.

(* ... for a program. *)
Theorem qearly_sound : forall Q o rs sc p n sf,
    qoesteps Q o rs sc n (init_state p) sf -> final sf ->
    exists th0, qeeval Q o rs sc init_cc (init_heap p) init_ctl th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = th0 a k.
Proof.
  intros Q o rs sc p n sf R F.
  destruct (qearly_run_sound _ _ _ _ _ _ _ _ _ _ R F) as (th0 & E & H).
  exists th0. split; [exact E|]. intros a k. rewrite H. reflexivity.
Qed.

(* ... and T2 for a program. *)
Theorem qearly_program_complete : forall Q o rs sc p th0 D z cz,
    qeeval Q o rs sc init_cc (init_heap p) init_ctl th0 D z cz ->
    exists n s, qoesteps Q o rs sc n (init_state p) s /\ final s /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\ forall a k, th s a k = th0 a k.
Proof.
  intros Q o rs sc p th0 D z cz E.
  destruct (qearly_complete _ _ _ _ _ _ _ _ _ _ _ E [] empty) as (n & t' & R & H).
  exists n, (mkstate cz D z [] t'). split; [exact R|].
  split; [split; [eapply qeeval_value; eassumption | reflexivity]|].
  repeat split. intros a k. rewrite H. reflexivity.
Qed.
