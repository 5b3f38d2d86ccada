(* T3Forced.v -- T3 for programs without let with "needed" exactly as
   issue 44 states it: a run whose every force is of a thunk the plain run
   demands (evaluates).  T3LetFree.t3_let_free_needed asks instead that
   every thunk the early run evaluates, the plain run evaluates; here that
   is proven from the forces alone: a run evaluates only the thunks its
   skeleton reads, those the skeletons of the thunks it evaluates read, and
   the forced ones (early_within), and the plain run evaluates all the
   former (T3LetFree.costs_in_omega).  The runs with restricted forces are
   EarlyQ.v's. *)
Require Import ZArith String List Bool Arith Lia Permutation.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Complete Ccm.Sound Ccm.SubNeverCurrent
        Ccm.Interp Ccm.Order Ccm.Rename Ccm.ORun Ccm.ForceEarly Ccm.EarlyBig Ccm.EarlyQ
        Ccm.T3LetFree.
Import ListNotations.
Open Scope nat_scope.
Open Scope list_scope.

Lemma qeeval_eeval : forall Q o rs sc c G e t D z cz,
    qeeval Q o rs sc c G e t D z cz -> eeval o rs sc c G e t D z cz.
Proof. induction 1; try (econstructor; eauto; fail). Qed.

Lemma qoesteps_oesteps : forall Q o rs sc n s s', qoesteps Q o rs sc n s s' -> oesteps o rs sc n s s'.
Proof.
  induction 1; [constructor|]. econstructor; [|eassumption].
  destruct H as [H|[H _]]; [left | right]; exact H.
Qed.

Section Inv.
Variables (rs : ruleset) (sc : scoping).

Lemma e0_app_inv : forall c G e x t z cz, eval0 rs sc c G (App e x) t z cz ->
    exists t1 y b cl t2, eval0 rs sc c G e t1 (Lam y b) cl /\
                         eval0 rs sc (body_cc sc cl c) G (subst y x b) t2 z cz.
Proof. intros. inversion H; subst; try (simpl in *; discriminate). do 5 eexists. split; eassumption. Qed.

Lemma e0_var_inv : forall c G x t z cz, eval0 rs sc c G (Var x) t z cz ->
    exists z' cz', lookup G x = Some (z', cz') /\ is_value z' = true.
Proof. intros. inversion H; subst; try (simpl in *; discriminate). do 2 eexists. split; eassumption. Qed.

Lemma e0_case_inv : forall c G s alts d t z cz, eval0 rs sc c G (Case s alts d) t z cz ->
    (exists t1 k xs cs ys b t2, eval0 rs sc c G s t1 (Con k xs) cs /\ select alts k = Some (ys, b) /\
                                eval0 rs sc c G (substs ys xs b) t2 z cz) \/
    (exists t1 v cs de t2, d = Some de /\ eval0 rs sc c G s t1 v cs /\ no_alt alts v /\
                           eval0 rs sc c G de t2 z cz).
Proof.
  intros. inversion H; subst; try (simpl in *; discriminate); [left | right].
  - do 7 eexists. split; [eassumption | split; eassumption].
  - do 5 eexists. split; [reflexivity | split; [eassumption | split; eassumption]].
Qed.

Lemma e0_scc_inv : forall c G c' e t z cz, eval0 rs sc c G (Scc c' e) t z cz ->
    exists t', eval0 rs sc c' G e t' z cz.
Proof. intros. inversion H; subst; try (simpl in *; discriminate). eexists. eassumption. Qed.

Lemma e0_sccsub_inv : forall c G c' e t z cz, eval0 rs sc c G (SccSub c' e) t z cz ->
    exists t', eval0 rs sc c' G e t' z cz.
Proof. intros. inversion H; subst; try (simpl in *; discriminate). eexists. eassumption. Qed.

Lemma e0_prim_inv : forall c G op a1 a2 t z cz, eval0 rs sc c G (Prim op a1 a2) t z cz ->
    (exists t1 z1 c1, eval0 rs sc c G (atom_expr a1) t1 z1 c1) /\
    (exists t2 z2 c2, eval0 rs sc c G (atom_expr a2) t2 z2 c2).
Proof. intros. inversion H; subst; try (simpl in *; discriminate). split; do 3 eexists; eassumption. Qed.

End Inv.

Section Within.
Variables (rs : ruleset) (sc : scoping) (H0 Om : heap).

Lemma fits_of_newly : forall (C : nat -> Prop) G T,
    mono G T -> vle G Om ->
    (forall a ob, find_addr a (binds G) = Some ob -> is_value (fst ob) = false ->
                  find_addr a (binds H0) = Some ob) ->
    (forall a, newly G T a -> C a) ->
    (forall a e0 c0, C a -> find_addr a (binds H0) = Some (e0, c0) -> is_value e0 = false ->
                     exists th, cert rs sc H0 Om a th) ->
    fits rs sc H0 Om T.
Proof.
  intros C G T (V & Tt & Hh) VG Th HN Cc a z cz F Vz.
  destruct (find_addr a (binds G)) as [[e0 c0]|] eqn:F0.
  - destruct (is_value e0) eqn:V0.
    + left. rewrite (V a e0 c0 F0 V0) in F. injection F as <- <-. apply VG; assumption.
    + right. apply (Cc a e0 c0); [|apply (Th a (e0, c0)); assumption | exact V0].
      apply HN. split; [exists e0, c0; split; assumption | exists z, cz; split; assumption].
  - apply Hh in F0. congruence.
Qed.

Lemma restrict_vle_same : forall G T Om',
    (forall a, find_addr a (binds G) = None <-> find_addr a (binds T) = None) ->
    vle (restrict Om G) Om' -> vle (restrict Om T) Om'.
Proof.
  intros G T Om' H V. eapply vle_trans; [|exact V]. apply restrict_same. intros a. symmetry. apply H.
Qed.

Lemma no_reads_value : forall c G v b, is_value v = true -> ~ reads0 rs sc c G v b.
Proof. intros c G v b Hv Hr. inversion Hr; subst; simpl in Hv; discriminate. Qed.

Ltac theta_free := idtac.

(* In early_within, a primitive: the operand evaluated first (its
   derivation Ea, induction hypothesis IHa and reads rule Ra), then the
   other (Eb, IHb, Rb); the other names are early_within's. *)
Ltac prim_within Ea Eb IHa IHb Ra Rb HG Sk HR Th VG Cc So V1 C Om' :=
  let Ea' := fresh "Ea'" in let Eb' := fresh "Eb'" in
  let HT := fresh "HT" in let M1 := fresh "M1" in let M2 := fresh "M2" in
  let Sa1 := fresh "Sa1" in let Sa2 := fresh "Sa2" in
  pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ Ea) as Ea';
  pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ Eb) as Eb';
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ Ea' (atom_nl _) HG) as (HT & _ & M1);
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ Eb' (atom_nl _) HT) as (_ & _ & M2);
  destruct (e0_prim_inv _ _ _ _ _ _ _ _ _ _ Sk) as (Sa1 & Sa2);
  lazymatch type of M1 with mono ?G ?G1 =>
    let N1 := fresh "N1" in
    assert (N1 : forall a, newly G G1 a -> C a)
      by (eapply IHa with (Om' := Om') (C := C); try eassumption;
          first [exact (atom_nl _) | (intros bb Hr; apply HR; apply Ra; exact Hr) | eauto]);
    let VT := fresh "VT" in
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ Ea' (atom_nl _) HG Th VG
                (fits_of_newly C G G1 M1 VG Th N1 Cc) So)
      as (? & ? & ? & VT & _);
    let Sp := fresh "Sp" in
    destruct (newly_split _ _ _ M1 M2) as (Sp & _);
    let a := fresh "a" in let Ha := fresh "Ha" in
    intros a Ha; apply Sp in Ha; destruct Ha as [Ha|Ha]; [exact (N1 a Ha)|];
    let ThT := fresh "ThT" in
    assert (ThT : forall a' ob, find_addr a' (binds G1) = Some ob -> is_value (fst ob) = false ->
                                find_addr a' (binds H0) = Some ob)
      by (intros a' ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption);
    let VR := fresh "VR" in
    assert (VR : vle (restrict Om G1) Om')
      by (eapply restrict_vle_same; [|exact V1]; apply (proj2 (proj2 M1)));
    eapply IHb with (Om' := Om') (C := C); try eassumption;
      first [exact (atom_nl _) | (intros bb Hr; apply HR; apply Rb; exact Hr) | eauto]
  end.

Lemma early_within : forall Q o c G e t D z cz,
    qeeval Q o rs sc c G e t D z cz ->
    no_let e = true -> heap_nl G ->
    (forall a ob, find_addr a (binds G) = Some ob -> is_value (fst ob) = false ->
                  find_addr a (binds H0) = Some ob) ->
    vle G Om -> sub_ok rs H0 Om ->
    forall (C : nat -> Prop),
    (forall a e0 c0, C a -> find_addr a (binds H0) = Some (e0, c0) -> is_value e0 = false ->
                     exists th, cert rs sc H0 Om a th) ->
    (forall a ex ce b, C a -> find_addr a (binds H0) = Some (ex, ce) -> is_value ex = false ->
                       reads0 rs sc ce (remove Om (VAddr a)) ex b -> C b) ->
    (forall a, Q a -> C a) ->
    forall Om', vle (restrict Om G) Om' -> vle Om' Om ->
    (exists t0 z0 cz0, eval0 rs sc c Om' e t0 z0 cz0) ->
    (forall b, reads0 rs sc c Om' e b -> C b) ->
    forall a, newly G D a -> C a.
Proof.
  qeeval_induction;
    intros Ne HG Th VG So C Cc Ccl CQ Om' V1 V2 (t0 & z0 & cz0 & Sk) HR; simpl in Ne.
  - intros a [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence.
  - (* application *)
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E1) as E1'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E2) as E2'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' Ne HG) as (HT & NlT & M1). simpl in NlT.
    assert (Nb : no_let (subst y x b) = true) by (rewrite no_let_subst; exact NlT).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' Nb HT) as (_ & _ & M2).
    destruct (e0_app_inv _ _ _ _ _ _ _ _ _ Sk) as (t1' & y' & b' & cl' & t2' & Sk1 & Sk2).
    assert (N1 : forall a, newly G T a -> C a).
    { eapply IH1 with (Om' := Om') (C := C); try eassumption. eauto. intros bb Hr. apply HR. apply R0App1. exact Hr. }
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E1' Ne HG Th VG
                (fits_of_newly C G T M1 VG Th N1 Cc) So)
      as (t10 & L1 & Ev1 & VT & _).
    destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ Sk1) as (_ & El & <-).
    injection El as <- <-.
    destruct (newly_split _ _ _ M1 M2) as (Sp & _).
    intros a Ha. apply Sp in Ha. destruct Ha as [Ha|Ha]; [exact (N1 a Ha)|].
    eapply IH2 with (Om' := Om') (C := C); try eassumption.
    + intros a' ob F V. apply Th; [apply (proj1 (proj2 M1)) | ]; assumption.
    + eapply restrict_vle_same; [|exact V1]. apply (proj2 (proj2 M1)).
    + eauto.
    + intros bb Hr. apply HR. eapply R0App2; [eapply eval0_vle; [exact Ev1 | exact V1] | exact Hr].
  - intros a [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence.
  - (* a variable bound to a thunk *)
    destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    pose proof (Th a (e, ce) L Hv) as F0.
    destruct (e0_var_inv _ _ _ _ _ _ _ _ Sk) as (z' & cz' & Lz & Vz').
    assert (Ca : C a) by (apply HR; econstructor; eassumption).
    destruct (Cc a e ce Ca F0 Hv) as (th & e' & ce' & ta & za & cza & F0' & _ & Fo & Ea & _).
    rewrite F0 in F0'. injection F0' as <- <-.
    intros a' Hn. destruct (Nat.eqb_spec a' a) as [->|Ha']; [exact Ca|].
    eapply IH.
    + exact (HG a (e, ce) L).
    + apply heap_nl_remove; exact HG.
    + intros bb ob F V. rewrite find_remove in F. destruct (Nat.eqb bb a); [discriminate|]. apply Th; assumption.
    + exact (vle_trans _ _ _ (vle_remove_l G a) VG).
    + exact So.
    + exact Cc.
    + exact Ccl.
    + exact CQ.
    + apply restrict_remove.
    + apply vle_remove_l.
    + exists ta, za, cza. exact Ea.
    + intros bb Hr. exact (Ccl a e ce bb Ca F0 Hv Hr).
    + destruct Hn as [(e'' & ce'' & F' & Ve') (w & cw & F'' & Vw)].
      split; [exists e'', ce''; rewrite find_remove; apply Nat.eqb_neq in Ha'; rewrite Ha'; split; assumption|].
      exists w, cw. rewrite find_update in F''. apply Nat.eqb_neq in Ha'. rewrite Ha' in F''. split; assumption.
  - discriminate Ne.
  - (* case, an alternative *)
    apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    assert (Nb : no_let (substs ys xs b) = true) by (rewrite no_let_substs; eapply select_nl; eassumption).
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E1) as E1'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E2) as E2'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' Ns HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' Nb HT) as (_ & _ & M2).
    assert (N1 : forall a, newly G T a -> C a).
    { destruct (e0_case_inv _ _ _ _ _ _ _ _ _ _ Sk) as [(t1' & k' & xs' & cs' & ys' & b' & t2' & Ss & _)
                                                         |(t1' & v' & cs' & de' & t2' & _ & Ss & _)];
      (eapply IH1 with (Om' := Om') (C := C); try eassumption; [eauto | intros bb Hr; apply HR; apply R0Case1; exact Hr]). }
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E1' Ns HG Th VG
                (fits_of_newly C G T M1 VG Th N1 Cc) So)
      as (t10 & L1 & Ev1 & VT & _).
    pose proof (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) as Ev1'.
    destruct (newly_split _ _ _ M1 M2) as (Sp & _).
    intros a Ha. apply Sp in Ha. destruct Ha as [Ha|Ha]; [exact (N1 a Ha)|].
    destruct (e0_case_inv _ _ _ _ _ _ _ _ _ _ Sk) as [(t1' & k' & xs' & cs' & ys' & b' & t2' & Ss & Sl & Sb)
                                                     |(t1' & v' & cs' & de' & t2' & Ed & Ss & Sna & Sd)].
    + destruct (eval0_det _ _ _ _ _ _ _ _ Ev1' _ _ _ Ss) as (_ & El & _).
      injection El as <- <-. rewrite Sel in Sl. injection Sl as <- <-.
      eapply IH2 with (Om' := Om') (C := C); try eassumption.
      * intros a' ob F V. apply Th; [apply (proj1 (proj2 M1)) | ]; assumption.
      * eapply restrict_vle_same; [|exact V1]. apply (proj2 (proj2 M1)).
      * eauto.
      * intros bb Hr. apply HR. eapply R0Case2; [exact Ev1' | exact Sel | exact Hr].
    + destruct (eval0_det _ _ _ _ _ _ _ _ Ev1' _ _ _ Ss) as (_ & <- & _).
      simpl in Sna. congruence.
  - (* case, the default *)
    apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E1) as E1'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E2) as E2'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' Ns HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' Nd HT) as (_ & _ & M2).
    assert (N1 : forall a, newly G T a -> C a).
    { destruct (e0_case_inv _ _ _ _ _ _ _ _ _ _ Sk) as [(t1' & k' & xs' & cs' & ys' & b' & t2' & Ss & _)
                                                         |(t1' & v' & cs' & de' & t2' & _ & Ss & _)];
      (eapply IH1 with (Om' := Om') (C := C); try eassumption; [eauto | intros bb Hr; apply HR; apply R0Case1; exact Hr]). }
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E1' Ns HG Th VG
                (fits_of_newly C G T M1 VG Th N1 Cc) So)
      as (t10 & L1 & Ev1 & VT & _).
    pose proof (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) as Ev1'.
    destruct (newly_split _ _ _ M1 M2) as (Sp & _).
    intros a Ha. apply Sp in Ha. destruct Ha as [Ha|Ha]; [exact (N1 a Ha)|].
    destruct (e0_case_inv _ _ _ _ _ _ _ _ _ _ Sk) as [(t1' & k' & xs' & cs' & ys' & b' & t2' & Ss & Sl & Sb)
                                                     |(t1' & v' & cs' & de' & t2' & Ed & Ss & Sna & Sd)].
    + destruct (eval0_det _ _ _ _ _ _ _ _ Ev1' _ _ _ Ss) as (_ & -> & _).
      simpl in Na. congruence.
    + injection Ed as <-. destruct (eval0_det _ _ _ _ _ _ _ _ Ev1' _ _ _ Ss) as (_ & <- & _).
      eapply IH2 with (Om' := Om') (C := C); try eassumption.
      * intros a' ob F V. apply Th; [apply (proj1 (proj2 M1)) | ]; assumption.
      * eapply restrict_vle_same; [|exact V1]. apply (proj2 (proj2 M1)).
      * eauto.
      * intros bb Hr. apply HR. eapply R0CaseD; [exact Ev1' | exact Na | exact Hr].
  - destruct (e0_scc_inv _ _ _ _ _ _ _ _ _ Sk) as (t' & Sk').
    eapply IH with (Om' := Om') (C := C); try eassumption; [eauto|].
    intros bb Hr. apply HR. apply R0Scc. exact Hr.
  - destruct (e0_sccsub_inv _ _ _ _ _ _ _ _ _ Sk) as (t' & Sk').
    eapply IH with (Om' := Om') (C := C); try eassumption; [eauto|].
    intros bb Hr. apply HR. apply R0SccSub. exact Hr.
  - (* primitive, left to right *)
    prim_within E1 E2 IH1 IH2 R0Prim1 R0Prim2 HG Sk HR Th VG Cc So V1 C Om'.
  - (* primitive, right to left *)
    prim_within E2 E1 IH2 IH1 R0Prim2 R0Prim1 HG Sk HR Th VG Cc So V1 C Om'.
  - (* force *)
    destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    pose proof (Th a (ex, ce) L Hv) as F0.
    assert (Ca : C a) by (apply CQ, HQ; reflexivity).
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E1) as E1'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E2) as E2'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E3) as E3'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' (HG a (ex, ce) L) (heap_nl_remove _ _ HG)) as (HD1 & Nz1 & M1).
    pose proof (eeval_value _ _ _ _ _ _ _ _ _ _ E1') as Vz1.
    pose proof (mono_remove_update _ _ _ _ _ _ c1 L Hv Vz1 M1) as MG.
    set (G' := update D1 (VAddr a) (z1, c1)) in *.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)) as (HD2 & _ & M2).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E3' Ne HD2) as (HD & _ & M3).
    assert (Ha1 : find_addr a (binds D1) = None)
      by (apply (proj2 (proj2 M1)); rewrite find_remove, Nat.eqb_refl; reflexivity).
    destruct (Cc a ex ce Ca F0 Hv) as (th & Hcert).
    pose proof Hcert as (e' & ce' & ta & za & cza & F0' & _ & Fo & Ea & _).
    rewrite F0 in F0'. injection F0' as <- <-.
    assert (ThR : forall bb ob, find_addr bb (binds (remove G (VAddr a))) = Some ob -> is_value (fst ob) = false ->
                               find_addr bb (binds H0) = Some ob)
      by (intros bb ob F V; rewrite find_remove in F; destruct (Nat.eqb bb a); [discriminate|]; apply Th; assumption).
    assert (N1 : forall b, newly (remove G (VAddr a)) D1 b -> C b).
    { eapply IH1.
      - exact (HG a (ex, ce) L).
      - apply heap_nl_remove; exact HG.
      - exact ThR.
      - exact (vle_trans _ _ _ (vle_remove_l G a) VG).
      - exact So.
      - exact Cc.
      - exact Ccl.
      - exact CQ.
      - apply restrict_remove.
      - apply vle_remove_l.
      - exists ta, za, cza. exact Ea.
      - intros bb Hr. exact (Ccl a ex ce bb Ca F0 Hv Hr). }
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E1' (HG a (ex, ce) L) (heap_nl_remove _ _ HG) ThR
                (vle_trans _ _ _ (vle_remove_l G a) VG)
                (fits_of_newly C _ D1 M1 (vle_trans _ _ _ (vle_remove_l G a) VG) ThR N1 Cc) So)
      as (t10 & L1 & Ev1 & VD1 & _).
    destruct (omega_at rs sc H0 Om a ex ce z1 c1 t10 G F0 Hv Ev1
                (or_intror (ex_intro _ th Hcert)))
      as (Fo' & _).
    assert (VG' : vle G' Om).
    { intros bb u cu F V. unfold G' in F. rewrite find_update in F.
      destruct (Nat.eqb_spec bb a) as [->|]; [injection F as <- <-; exact Fo' | apply VD1; assumption]. }
    assert (ThG' : forall bb ob, find_addr bb (binds G') = Some ob -> is_value (fst ob) = false ->
                                 find_addr bb (binds H0) = Some ob)
      by (intros bb ob F V; apply Th; [apply (proj1 (proj2 MG)) | ]; assumption).
    assert (VR' : vle (restrict Om G') Om') by (eapply restrict_vle_same; [|exact V1]; apply (proj2 (proj2 MG))).
    assert (N2 : forall b, newly G' D2 b -> C b).
    { eapply IH2 with (Om' := Om') (C := C); try eassumption.
      - apply heap_nl_update; assumption.
      - exists empty, z1, (updated rs c1 c). constructor. exact Vz1.
      - intros bb Hr. exfalso. exact (no_reads_value _ _ _ _ Vz1 Hr). }
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E2' Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1) ThG' VG'
                (fits_of_newly C _ D2 M2 VG' ThG' N2 Cc) So)
      as (t20 & L2 & _ & VD2 & _).
    assert (MG2 : mono G D2) by (eapply mono_trans; eassumption).
    assert (N3 : forall b, newly D2 D b -> C b).
    { eapply IH3 with (Om' := Om') (C := C); try eassumption.
      - intros bb ob F V. apply Th; [apply (proj1 (proj2 MG2)) | ]; assumption.
      - eapply restrict_vle_same; [|exact V1]. apply (proj2 (proj2 MG2)).
      - eauto. }
    intros b [(e'' & ce'' & F' & Ve') (u' & cu' & Fw & Vw)].
    destruct (Nat.eqb_spec b a) as [->|Hb]; [exact Ca|].
    destruct (find_addr b (binds D1)) as [[u cu]|] eqn:F1.
    + destruct (is_value u) eqn:Vu.
      * apply N1. split; [exists e'', ce''; rewrite find_remove; apply Nat.eqb_neq in Hb; rewrite Hb; split; assumption|].
        eauto.
      * assert (FG : find_addr b (binds G') = Some (u, cu))
          by (unfold G'; rewrite find_update; apply Nat.eqb_neq in Hb; rewrite Hb; exact F1).
        destruct (find_addr b (binds D2)) as [[u2 cu2]|] eqn:F2.
        -- destruct (is_value u2) eqn:Vu2.
           ++ apply N2. split; [exists u, cu; split; assumption | exists u2, cu2; split; assumption].
           ++ apply N3. split; [exists u2, cu2; split; assumption | exists u', cu'; split; assumption].
        -- apply (proj2 (proj2 M2)) in F2. congruence.
    + exfalso. apply (proj2 (proj2 M1)) in F1. rewrite find_remove in F1.
      apply Nat.eqb_neq in Hb. rewrite Hb in F1. congruence.
  - (* forces after a value *)
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E1) as E1'.
    pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ E2) as E2'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' Ne HG) as (HD1 & Nz & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' Nz HD1) as (_ & _ & M2).
    pose proof (eeval_value _ _ _ _ _ _ _ _ _ _ E1') as Vz.
    assert (N1 : forall b, newly G D1 b -> C b) by (eapply IH1 with (Om' := Om') (C := C); try eassumption; eauto).
    destruct (costs_in_omega rs sc H0 Om _ _ _ _ _ _ _ _ E1' Ne HG Th VG
                (fits_of_newly C G D1 M1 VG Th N1 Cc) So)
      as (t10 & L1 & _ & VD1 & _).
    destruct (newly_split _ _ _ M1 M2) as (Sp & _).
    intros a Ha. apply Sp in Ha. destruct Ha as [Ha|Ha]; [exact (N1 a Ha)|].
    eapply IH2 with (Om' := Om') (C := C); try eassumption.
    + intros a' ob F V. apply Th; [apply (proj1 (proj2 M1)) | ]; assumption.
    + eapply restrict_vle_same; [|exact V1]. apply (proj2 (proj2 M1)).
    + exists empty, z, cz. constructor. exact Vz.
    + intros bb Hr. exfalso. exact (no_reads_value _ _ _ _ Vz Hr).
Qed.

End Within.

(* T3 for a program without let: a run from the initial state, either
   operand order, whose every force is of a thunk the plain run evaluates
   (its final heap binds that address to a value), ends as the plain run
   does: the same cost centre, theta at every cost centre and counter,
   value and heap. *)
Theorem t3_let_free_forced : forall o rs sc p n sf m sf',
    prog_no_let p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    qoesteps (fun a => val_at (hp sf) a) o rs sc m (init_state p) sf' -> final sf' ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros o rs sc p n sf m sf' Hnl Hrs R F R' F'.
  apply (t3_let_free_needed o rs sc p n sf m sf' Hnl Hrs R F (qoesteps_oesteps _ _ _ _ _ _ _ R') F').
  intros a Hva.
  destruct (plain_measured _ _ _ _ _ Hnl Hrs R F)
    as (tP & EP & ThP & MP & So & (t0 & LP & Ev & _ & NdP & MemP & CP & TP & RaP & RbP)).
  destruct (qearly_run_sound _ _ _ _ _ _ _ _ _ _ R' F') as (tE & EQ & ThE).
  set (H0 := init_heap p) in *. set (Om := hp sf).
  assert (N0 : heap_nl H0) by (apply init_heap_nl; exact Hnl).
  assert (Ne0 : no_let init_ctl = true) by reflexivity.
  pose proof (qeeval_eeval _ _ _ _ _ _ _ _ _ _ _ EQ) as EE.
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ EE Ne0 N0) as (_ & _ & ME).
  assert (Th0 : forall b ob, find_addr b (binds H0) = Some ob -> is_value (fst ob) = false ->
                             find_addr b (binds H0) = Some ob) by auto.
  assert (Within : forall b, newly H0 (hp sf') b -> val_at Om b).
  { eapply (early_within rs sc H0 Om _ _ _ _ _ _ _ _ _ EQ Ne0 N0 Th0 (proj1 MP) So (val_at Om)).
    - intros b e0 c0 Cb F0 V0.
      assert (Hb : In b (map fst LP)) by (apply MemP; split; [exists e0, c0; split; assumption | exact Cb]).
      apply in_map_fst in Hb. destruct Hb as (th & Hb). exists th. exact (CP _ Hb).
    - intros b ex ce bb Cb F0 V0 Hr. apply (RbP b ex ce bb); [|exact F0 | exact Hr].
      split; [exists ex, ce; split; assumption | exact Cb].
    - auto.
    - apply vle_refl.
    - apply vle_restrict.
    - exists t0, (ctl sf), (ccc sf). exact Ev.
    - intros b Hr. exact (RaP _ b (vle_refl _) (vle_restrict _ _) Hr). }
  destruct Hva as (z & cz & Fz & Vz).
  destruct (find_addr a (binds H0)) as [[e0 c0]|] eqn:F0.
  - destruct (is_value e0) eqn:V0.
    + exists e0, c0. split; [apply (proj1 MP); assumption | exact V0].
    + apply Within. split; [exists e0, c0; split; assumption | exists z, cz; split; assumption].
  - apply (proj2 (proj2 ME)) in F0. congruence.
Qed.
