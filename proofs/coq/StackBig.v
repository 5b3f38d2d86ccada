(* StackBig.v -- T1 and T2 over cost-centre stacks: the big-step rules of
   docs/semantics.md section 3 with the changes of docs/stacks.md section
   2 ("the application rule evaluates the body under call(S, Sl); the scc
   rule evaluates its body under push(L, S); the variable rules return
   SUBCAF*"), and the machine over stacks (Stacks.v) proven to compute
   them, both ways, with the same theta at every stack and counter, for
   every push policy and every call policy, call ghc included, and both
   rule sets.  The proofs are Complete.v's and Sound.v's, read over stacks.
   With the flattening theorem (StackFlat.v) and the flat T1, a derivation
   over stacks read flat is a flat derivation (`seval_flat`). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet
        Ccm.Run Ccm.Program Ccm.Complete Ccm.Sound Ccm.Stacks Ccm.StackFlat.
Import ListNotations.

(* seval rs p cp S G e t D z Sz: "S, G : e ⇓t D : z, Sz" over stacks,
   push policy p, call policy cp; one constructor per rule of BigStep.eval. *)
Inductive seval (rs : ruleset) (p : push_policy) (cp : call_policy)
  : stack -> sheap -> expr -> stheta -> sheap -> expr -> stack -> Prop :=
| SEvValue : forall c G v,
    is_value v = true ->
    seval rs p cp c G v sempty G v c
(* the body under call(S, Sl), Sl the lambda's stack *)
| SEvApp : forall c G e x t1 T y b cl t2 D z cz,
    seval rs p cp c G e t1 T (Lam y b) cl ->
    seval rs p cp (call p cp c cl) T (subst y x b) t2 D z cz ->
    seval rs p cp c G (App e x) (scharge c CA 1 (splus t1 t2)) D z cz
| SEvVarValue : forall c G x z cz,
    slookup G x = Some (z, cz) ->
    is_value z = true ->
    seval rs p cp c G (Var x) (scharge c CV 1 sempty) G z (sentered rs cz c)
| SEvVarThunk : forall c G x e ce t D z cz,
    slookup G x = Some (e, ce) ->
    is_value e = false ->
    seval rs p cp ce (sremove G x) e t D z cz ->
    seval rs p cp c G (Var x) (scharge c CV 1 (scharge cz CU 1 t))
          (supdate D x (z, cz)) z (supdated rs cz c)
| SEvLet : forall c G bs e t D z cz,
    seval rs p cp c (slet_alloc G bs c) (slet_rename G bs e) t D z cz ->
    seval rs p cp c G (Let bs e) (scharge c CH (length bs) t) D z cz
| SEvCase : forall c G s alts d t1 T k xs cs ys b t2 D z cz,
    seval rs p cp c G s t1 T (Con k xs) cs ->
    select alts k = Some (ys, b) ->
    length ys = length xs ->
    seval rs p cp c T (substs ys xs b) t2 D z cz ->
    seval rs p cp c G (Case s alts d) (scharge c CC 1 (splus t1 t2)) D z cz
| SEvCaseDefault : forall c G s alts de t1 T v cs t2 D z cz,
    seval rs p cp c G s t1 T v cs ->
    no_alt alts v ->
    seval rs p cp c T de t2 D z cz ->
    seval rs p cp c G (Case s alts (Some de)) (scharge c CC 1 (splus t1 t2)) D z cz
(* the body under push(L, S); an entry to it, a subentry to S *)
| SEvScc : forall c G L e t D z cz,
    seval rs p cp (push p L c) G e t D z cz ->
    seval rs p cp c G (Scc L e)
          (scharge (push p L c) CEntries 1 (scharge c CSubentries 1 t)) D z cz
| SEvSccSub : forall c G L e t D z cz,
    seval rs p cp (push p L c) G e t D z cz ->
    seval rs p cp c G (SccSub L e) t D z cz
| SEvPrim : forall c G op a1 a2 t1 G1 n1 c1 t2 G2 n2 c2 r,
    seval rs p cp c G (atom_expr a1) t1 G1 (Int n1) c1 ->
    seval rs p cp c G1 (atom_expr a2) t2 G2 (Int n2) c2 ->
    prim_result op n1 n2 = Some r ->
    seval rs p cp c G (Prim op a1 a2) (scharge c CP 1 (splus t1 t2)) G2 r c.

(* The program's judgement over stacks: <MAIN>, Gamma_init : main. *)
Definition sprog_eval (rs : ruleset) (p : push_policy) (cp : call_policy) (prog : program)
           (t : stheta) (D : sheap) (z : expr) (cz : stack) : Prop :=
  seval rs p cp (root init_cc) (sinit_heap prog) init_ctl t D z cz.

(* ---------- runs over stacks ---------- *)

Lemma ssteps_trans : forall rs p cp n m s1 s2 s3,
    ssteps rs p cp n s1 s2 -> ssteps rs p cp m s2 s3 -> ssteps rs p cp (n + m) s1 s3.
Proof.
  intros rs p cp n m s1 s2 s3 H. revert m s3.
  induction H; intros; simpl; [assumption | econstructor; eauto].
Qed.

Lemma sfinal_no_step : forall rs p cp s s', sfinal s -> ~ sstep rs p cp s s'.
Proof.
  intros rs p cp s s' [V K] H. destruct H; simpl in *; try discriminate.
Qed.

Lemma seval_value : forall rs p cp c G e t D z cz,
    seval rs p cp c G e t D z cz -> is_value z = true.
Proof.
  induction 1; try assumption. eapply prim_result_value; eassumption.
Qed.

Ltac stheta_arith :=
  let a := fresh "a" in let k := fresh "k" in
  intros a k; unfold scharge, splus, sempty in *;
  repeat match goal with
         | H : forall _ _, _ _ _ = _ |- _ => specialize (H a k)
         end;
  repeat (destruct (stack_eq_dec _ _)); repeat (destruct (counter_eq_dec _ _));
  lia.

(* ---------- T2 over stacks ---------- *)

Theorem seval_complete : forall rs p cp c G e th0 D z cz,
    seval rs p cp c G e th0 D z cz ->
    forall K t, exists n t',
      ssteps rs p cp n (mksstate c G e K t) (mksstate cz D z K t') /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  induction 1; intros K0 t0.
  - exists 0, t0. split; [constructor | stheta_arith].
  - destruct (IHseval1 (SFArg x c :: K0) (scharge c CA 1 t0)) as (n1 & t1' & R1 & T1).
    destruct (IHseval2 K0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_App1|].
      eapply ssteps_trans; [exact R1|].
      eapply ssteps_cons; [apply SStep_App2|]. exact R2.
    + stheta_arith.
  - do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Var1; eassumption | constructor].
    + stheta_arith.
  - destruct (IHseval (SFUpd x c :: K0) (scharge c CV 1 t0)) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Var2; eassumption|].
      eapply ssteps_trans; [exact R1|].
      eapply ssteps_cons; [apply SStep_Var3; eapply seval_value; eassumption | constructor].
    + stheta_arith.
  - destruct (IHseval K0 (scharge c CH (length bs) t0)) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Let | exact R1].
    + stheta_arith.
  - destruct (IHseval1 (SFCase alts d c :: K0) (scharge c CC 1 t0)) as (n1 & t1' & R1 & T1).
    destruct (IHseval2 K0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Case1|].
      eapply ssteps_trans; [exact R1|].
      eapply ssteps_cons; [eapply SStep_Case2; eassumption | exact R2].
    + stheta_arith.
  - destruct (IHseval1 (SFCase alts (Some de) c :: K0) (scharge c CC 1 t0))
      as (n1 & t1' & R1 & T1).
    destruct (IHseval2 K0 t1') as (n2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Case1|].
      eapply ssteps_trans; [exact R1|].
      eapply ssteps_cons; [|exact R2].
      apply SStep_Case2_Default; [eapply seval_value; eassumption | assumption].
    + stheta_arith.
  - destruct (IHseval K0 (scharge (push p L c) CEntries 1 (scharge c CSubentries 1 t0)))
      as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Scc | exact R1].
    + stheta_arith.
  - destruct (IHseval K0 t0) as (n1 & t1' & R1 & T1).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Scc_Sub | exact R1].
    + stheta_arith.
  - destruct (IHseval1 (SFPrim1 op a2 c :: K0) (scharge c CP 1 t0)) as (m1 & t1' & R1 & T1).
    destruct (IHseval2 (SFPrim2 op n1 c :: K0) t1') as (m2 & t2' & R2 & T2).
    do 2 eexists. split.
    + eapply ssteps_cons; [apply SStep_Prim1|].
      eapply ssteps_trans; [exact R1|].
      eapply ssteps_cons; [apply SStep_Prim2|].
      eapply ssteps_trans; [exact R2|].
      eapply ssteps_cons; [apply SStep_Prim3; eassumption | constructor].
    + stheta_arith.
Qed.

(* T2 over stacks for a program: what the rules over stacks derive for
   <MAIN>, Gamma_init : main, the machine over stacks reaches from the
   program's start, final, with the same heap, value, returned stack and
   theta at every stack and counter.  Every push and call policy. *)
Theorem smachine_complete : forall rs p cp prog th0 D z cz,
    sprog_eval rs p cp prog th0 D z cz ->
    exists n s, ssteps rs p cp n (sinit_state prog) s /\ sfinal s /\
                shp s = D /\ sctl s = z /\ scur s = cz /\
                forall a k, sth s a k = th0 a k.
Proof.
  intros rs p cp prog th0 D z cz H.
  destruct (seval_complete _ _ _ _ _ _ _ _ _ _ H [] sempty) as (n & t' & R & T).
  exists n, (mksstate cz D z [] t'). split; [exact R|].
  split; [split; [eapply seval_value; eassumption | reflexivity]|].
  repeat split. intros a k. rewrite T. reflexivity.
Qed.

(* ---------- T1 over stacks ---------- *)

Lemma ssteps_first : forall rs p cp n s sf,
    ssteps rs p cp n s sf -> sfinal sf -> ~ sfinal s ->
    exists n' s2, n = S n' /\ sstep rs p cp s s2 /\ ssteps rs p cp n' s2 sf.
Proof.
  intros rs p cp n s sf R F NF. inversion R; subst.
  - contradiction.
  - do 2 eexists. split; [reflexivity|]. split; eassumption.
Qed.

Lemma srun_decompose : forall rs p cp n c G e K t sf,
    ssteps rs p cp n (mksstate c G e K t) sf -> sfinal sf ->
    exists m th0 D z cz t',
      m <= n /\ seval rs p cp c G e th0 D z cz /\
      ssteps rs p cp m (mksstate cz D z K t') sf /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros rs p cp n. induction n as [n IH] using lt_wf_ind.
  intros c G e K t sf R F.
  destruct (is_value e) eqn:V.
  { exists n, sempty, G, e, c, t. split; [lia|]. split; [constructor; assumption|].
    split; [exact R | stheta_arith]. }
  destruct (ssteps_first _ _ _ _ _ _ R F) as (n' & s2 & -> & St & R2).
  { intros [Hv _]. simpl in Hv. congruence. }
  assert (Hpop : forall m c1 T z1 f t1, ssteps rs p cp m (mksstate c1 T z1 (f :: K) t1) sf ->
            exists m' s3, m = S m' /\ sstep rs p cp (mksstate c1 T z1 (f :: K) t1) s3 /\
                          ssteps rs p cp m' s3 sf).
  { intros m c1 T z1 f t1 Rm. apply (ssteps_first _ _ _ _ _ _ Rm F).
    intros [_ Hs]. discriminate. }
  destruct e; simpl in V; try discriminate; inversion St; subst; no_value_row.
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (seval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
    exists m2, (scharge c CA 1 (splus t1 t2)), D, z, cz, t2'.
    split; [lia|]. split; [eapply SEvApp; eassumption|]. split; [exact R5 | stheta_arith].
  - exists n', (scharge c CV 1 sempty), G, z, (sentered rs cz c), (scharge c CV 1 t).
    split; [lia|]. split; [eapply SEvVarValue; eassumption|]. split; [exact R2 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (seval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    exists m1', (scharge c CV 1 (scharge c1 CU 1 t1)), (supdate T x (z1, c1)), z1,
           (supdated rs c1 c), (scharge c1 CU 1 t1').
    split; [lia|]. split; [eapply SEvVarThunk; eassumption|]. split; [exact R4 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (scharge c CH (length bs) t1), D, z, cz, t1'.
    split; [lia|]. split; [eapply SEvLet; eassumption|]. split; [exact R3 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & T & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (seval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    + destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (scharge c CC 1 (splus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply SEvCase; eassumption|]. split; [exact R5 | stheta_arith].
    + destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & D & z & cz & t2' & L2 & E2 & R5 & H2).
      exists m2, (scharge c CC 1 (splus t1 t2)), D, z, cz, t2'.
      split; [lia|]. split; [eapply SEvCaseDefault; eassumption|]. split; [exact R5 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, (scharge (push p c0 c) CEntries 1 (scharge c CSubentries 1 t1)), D, z, cz, t1'.
    split; [lia|]. split; [eapply SEvScc; eassumption|]. split; [exact R3 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & D & z & cz & t1' & L1 & E1 & R3 & H1).
    exists m1, t1, D, z, cz, t1'.
    split; [lia|]. split; [eapply SEvSccSub; eassumption|]. split; [exact R3 | stheta_arith].
  - destruct (IH n' ltac:(lia) _ _ _ _ _ _ R2 F) as (m1 & t1 & G1 & z1 & c1 & t1' & L1 & E1 & R3 & H1).
    pose proof (seval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (Hpop _ _ _ _ _ _ R3) as (m1' & s3 & -> & St3 & R4).
    inversion St3; subst; simpl in V1; try discriminate.
    destruct (IH m1' ltac:(lia) _ _ _ _ _ _ R4 F) as (m2 & t2 & G2 & z2 & c2 & t2' & L2 & E2 & R5 & H2).
    pose proof (seval_value _ _ _ _ _ _ _ _ _ _ E2) as V2.
    destruct (Hpop _ _ _ _ _ _ R5) as (m2' & s4 & -> & St4 & R6).
    inversion St4; subst; simpl in V2; try discriminate.
    exists m2', (scharge c CP 1 (splus t1 t2)), G2, r, c, t2'.
    split; [lia|]. split; [eapply SEvPrim; eassumption|]. split; [exact R6 | stheta_arith].
Qed.

Theorem srun_sound : forall rs p cp n c G e t sf,
    ssteps rs p cp n (mksstate c G e [] t) sf -> sfinal sf ->
    exists th0, seval rs p cp c G e th0 (shp sf) (sctl sf) (scur sf) /\
                forall a k, sth sf a k = t a k + th0 a k.
Proof.
  intros rs p cp n c G e t sf R F.
  destruct (srun_decompose _ _ _ _ _ _ _ _ _ _ R F)
    as (m & th0 & D & z & cz & t' & _ & E & R' & H).
  inversion R'; subst.
  - exists th0. split; [exact E | exact H].
  - exfalso. eapply sfinal_no_step; [|eassumption].
    split; [eapply seval_value; eassumption | reflexivity].
Qed.

(* T1 over stacks for a program: a run of the machine over stacks from the
   program's start that ends final ends with a heap, value and stack the
   rules over stacks derive for <MAIN>, Gamma_init : main, with that
   derivation's theta at every stack and counter.  Every push and call
   policy. *)
Theorem smachine_sound : forall rs p cp prog n sf,
    ssteps rs p cp n (sinit_state prog) sf -> sfinal sf ->
    exists th0, sprog_eval rs p cp prog th0 (shp sf) (sctl sf) (scur sf) /\
                forall a k, sth sf a k = th0 a k.
Proof.
  intros rs p cp prog n sf R F.
  destruct (srun_sound _ _ _ _ _ _ _ _ _ R F) as (th0 & E & H).
  exists th0. split; [exact E|]. intros a k. rewrite H. reflexivity.
Qed.

(* ---------- the flattening theorem for the big-step rules ---------- *)

(* A derivation over stacks, call lexical or evaluation, any push policy,
   read flat is the flat derivation under the matching scoping: the heap
   read flat, the same value, the top of the returned stack, theta summed
   by top.  (T2 over stacks, the flattening theorem, T1.) *)
Corollary sprog_eval_flat : forall rs p sc prog ts D z cz,
    sprog_eval rs p (call_of sc) prog ts D z cz ->
    exists tf, prog_eval rs sc prog tf (fheap D) z (top cz) /\
               finite_support ts /\ sums_by_top ts tf.
Proof.
  intros rs p sc prog ts D z cz E.
  destruct (smachine_complete _ _ _ _ _ _ _ _ E) as (n & s & R & F & <- & <- & <- & Ht).
  destruct (flattening_final rs p sc prog n s R F)
    as (f & Rf & Ff & Ec & Ecc & Eh & Fs & Sb).
  destruct (machine_sound _ _ _ _ _ Rf Ff) as (tf & Ef & Htf).
  rewrite Eh, Ec, Ecc in Ef. exists tf. split; [exact Ef|].
  assert (forall d, covers d (sth s) <-> covers d ts) as Cv.
  { intros d. unfold covers. split; intros C S k H; apply (C S k).
    - rewrite Ht. exact H.
    - rewrite <- Ht. exact H. }
  split.
  - destruct Fs as [d [N C]]. exists d. split; [exact N|]. apply Cv. exact C.
  - intros d N C c k. rewrite <- Htf. rewrite (Sb d N (proj2 (Cv d) C) c k).
    unfold sum_top. apply lsum_ext_in. intros S _. rewrite Ht. reflexivity.
Qed.
