(* EnvBisim.v -- the environment machine (EnvMachine.v) and the
   substitution machine (Machine.v) are bisimilar row by row: srel s u
   (the env state s decodes to u: the same cost centre, the same theta,
   the heaps object by object, the controls and the frames by EnvDecode.v)
   is kept by every row, each row of one machine is the row of the same
   name of the other, with the same theta, and so are runs, forcing
   included. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run.
Require Import Ccm.Lockstep Ccm.EnvMachine Ccm.EnvDecode.
Import ListNotations.
Open Scope list_scope.
Open Scope nat_scope.

(* ---- the decoding of a state ---- *)

(* One heap slot: an object that is not a hole is the model's object (same
   cost centre, its closure the expression); a hole is an address the
   model's heap has removed; past the heap's end, nothing. *)
Definition orel (o : option eobj) (p : option obj) : Prop :=
  match o, p with
  | Some o, Some (e, c) => ohole o = false /\ occ o = c /\ krel (oclo o) e
  | Some o, None => ohole o = true
  | None, None => True
  | None, Some _ => False
  end.

Definition hrel (H : list eobj) (G : heap) : Prop :=
  next G = length H /\ forall a, orel (nth_error H a) (find_addr a (binds G)).

(* Frames, frame by frame; an update frame's address is in the heap. *)
Inductive frel (n : nat) : eframe -> frame -> Prop :=
| FR_Arg : forall a c, frel n (EArg a c) (FArg (VAddr a) c)
| FR_Upd : forall a c, a < n -> frel n (EUpd a c) (FUpd (VAddr a) c)
| FR_Case : forall alts d env c alts' d',
    cra env [] alts alts' -> crd env [] d d' -> frel n (ECase alts d env c) (FCase alts' d' c)
| FR_Prim1 : forall op a2 env c a2',
    arel env [] a2 a2' -> frel n (EPrim1 op a2 env c) (FPrim1 op a2' c)
| FR_Prim2 : forall op n1 c, frel n (EPrim2 op n1 c) (FPrim2 op n1 c)
| FR_Resume : forall k e c, krel k e -> frel n (EResume k c) (FResume e c).

Definition srel (s : estate) (u : state) : Prop :=
  eccc s = ccc u /\ hrel (eheap s) (hp u) /\ krel (ectl s) (ctl u) /\
  Forall2 (frel (length (eheap s))) (estk s) (stk u) /\ eth s = th u.

(* ---- lemmas on the pieces ---- *)

Lemma set_nth_length : forall {A} (l : list A) n x, length (set_nth l n x) = length l.
Proof. induction l; intros [|n] x; simpl; auto. Qed.

Lemma set_nth_same : forall {A} (l : list A) n x,
    n < length l -> nth_error (set_nth l n x) n = Some x.
Proof.
  induction l; intros [|n] x H; simpl in *; try lia; auto. apply IHl. lia.
Qed.

Lemma set_nth_other : forall {A} (l : list A) n m x,
    n <> m -> nth_error (set_nth l n x) m = nth_error l m.
Proof.
  induction l; intros [|n] [|m] x H; simpl; auto; try congruence.
Qed.

Lemma frel_mono : forall n m S K, n <= m -> Forall2 (frel n) S K -> Forall2 (frel m) S K.
Proof.
  intros n m S K Hle H. induction H; constructor; auto.
  destruct H; constructor; auto. lia.
Qed.

Lemma rrel_nil : forall env r x, rrel env [] r x -> exists a, resolve env r = Some a /\ x = VAddr a.
Proof.
  intros env r x H. inversion H; subst; simpl in *.
  - destruct i; discriminate.
  - rewrite Nat.sub_0_r in H1. eauto.
  - eauto.
Qed.

Lemma rrel_resolve : forall env r x a,
    rrel env [] r x -> resolve env r = Some a -> x = VAddr a.
Proof.
  intros. destruct (rrel_nil _ _ _ H) as [a' [H1 ->]]. congruence.
Qed.

Lemma forall2_len : forall {A B} (R : A -> B -> Prop) l1 l2,
    Forall2 R l1 l2 -> length l1 = length l2.
Proof. intros. induction H; simpl; auto. Qed.

Lemma rrels_nil : forall env rs xs, Forall2 (rrel env []) rs xs ->
    exists addrs, resolve_all env rs = Some addrs /\ xs = map VAddr addrs.
Proof.
  intros env rs xs H. induction H; simpl; [eauto|].
  destruct (rrel_nil _ _ _ H) as [a [-> ->]]. destruct IHForall2 as [l0 [-> ->]]. eauto.
Qed.

Lemma arel_nil : forall env t t', arel env [] t t' -> cr env [] (atom_code t) (atom_expr t').
Proof. intros. destruct H; simpl; constructor; assumption. Qed.

Lemma crs_length : forall env ns cs bs, crs env ns cs bs -> length (codes_list cs) = length bs.
Proof.
  intros env ns cs. induction cs as [|c cs IH]; intros bs H; inversion H; subst; simpl; auto.
Qed.

Lemma crs_nth : forall env ns cs bs i c, crs env ns cs bs ->
    nth_error (codes_list cs) i = Some c -> exists p, nth_error bs i = Some p /\ cr env ns c (snd p).
Proof.
  intros env ns cs. induction cs as [|c0 cs IH]; intros bs i c H Hn; inversion H; subst; simpl in *.
  - destruct i; discriminate.
  - destruct i as [|i]; simpl in *.
    + injection Hn as <-. eexists; split; [reflexivity | assumption].
    + eapply IH; eassumption.
Qed.

Lemma cra_select : forall env ns alts alts', cra env ns alts alts' -> forall k,
    match eselect alts k, select alts' k with
    | None, None => True
    | Some (m, b), Some (ys, e) => m = length ys /\ NoDup ys /\ cr env (rev ys ++ ns) b e
    | _, _ => False
    end.
Proof.
  intros env ns alts. induction alts as [|k0 n b rest IH]; intros alts' H k; inversion H; subst; simpl.
  - exact I.
  - destruct (String.eqb k k0); [auto | apply IH; assumption].
Qed.

(* A closure of code other than INTVAL is its code under its environment. *)
Lemma krel_code : forall c env n e, c <> CIntVal -> krel (mkclo c env n) e -> cr env [] c e.
Proof. intros c env n e Hc [[H _]|H]; [simpl in H; congruence | exact H]. Qed.

(* find_addr across let_alloc, remove and update *)
Lemma find_addr_filter : forall l a b,
    find_addr b (filter (fun p => negb (Nat.eqb (fst p) a)) l) =
    if Nat.eqb b a then None else find_addr b l.
Proof.
  induction l as [|[c o] l IH]; intros a b; simpl.
  - destruct (b =? a); reflexivity.
  - destruct (Nat.eqb_spec c a) as [->|Hne]; simpl.
    + rewrite IH. destruct (Nat.eqb_spec b a); reflexivity.
    + rewrite IH. destruct (Nat.eqb_spec b a) as [->|Hba]; [|reflexivity].
      destruct (Nat.eqb_spec a c); [congruence | reflexivity].
Qed.

Lemma hrel_lookup : forall H G a o, hrel H G -> nth_error H a = Some o -> ohole o = false ->
    exists e, find_addr a (binds G) = Some (e, occ o) /\ krel (oclo o) e.
Proof.
  intros H G a o [_ Hh] Hn Ho. specialize (Hh a). rewrite Hn in Hh.
  destruct (find_addr a (binds G)) as [[e c]|]; simpl in Hh; [|congruence].
  destruct Hh as [_ [<- Hk]]. eauto.
Qed.

Lemma hrel_remove : forall H G a o, hrel H G -> nth_error H a = Some o ->
    hrel (set_nth H a (mkhole o)) (remove G (VAddr a)).
Proof.
  intros H G a o [Hn Hh] Ha. split; simpl; [rewrite set_nth_length; assumption|].
  intros b. rewrite find_addr_filter. destruct (Nat.eqb_spec b a) as [->|Hne].
  - rewrite set_nth_same; [reflexivity|]. apply nth_error_Some. congruence.
  - rewrite set_nth_other by congruence. apply Hh.
Qed.

Lemma hrel_update : forall H G a k e c, hrel H G -> a < length H -> krel k e ->
    hrel (set_nth H a (mkobj k c false)) (update G (VAddr a) (e, c)).
Proof.
  intros H G a k e c [Hn Hh] Ha Hk. split; simpl; [rewrite set_nth_length; assumption|].
  intros b. destruct (Nat.eqb_spec b a) as [->|Hne].
  - rewrite set_nth_same by assumption. simpl. auto.
  - rewrite set_nth_other by congruence. apply Hh.
Qed.

Lemma hrel_let : forall H G env cs bs c,
    hrel H G -> NoDup (map fst bs) -> crs env (rev (map fst bs)) cs bs ->
    hrel (H ++ let_objs cs (let_env (length H) (length (codes_list cs)) env) c) (let_alloc G bs c).
Proof.
  intros H G env cs bs c [Hn Hh] Hnd Hcs.
  pose proof (crs_length _ _ _ _ Hcs) as Hlen.
  unfold let_alloc, let_objs. split; simpl.
  - rewrite app_length, map_length. lia.
  - intros a.
    rewrite <- (map_length (fun p => (let_rename G bs (snd p), c)) bs).
    rewrite find_addr_combine. rewrite map_length.
    destruct (Nat.lt_ge_cases a (length H)) as [Hl|Hl].
    + rewrite nth_error_app1 by assumption.
      replace (next G <=? a) with false by (symmetry; apply Nat.leb_gt; lia). apply Hh.
    + rewrite nth_error_app2 by assumption. rewrite Hn.
      replace (length H <=? a) with true by (symmetry; apply Nat.leb_le; lia). simpl.
      destruct (Nat.ltb_spec a (length H + length bs)) as [Hlt|Hge].
      * assert (Hi : a - length H < length (codes_list cs)) by lia.
        apply nth_error_Some in Hi.
        destruct (nth_error (codes_list cs) (a - length H)) as [ci|] eqn:Eci; [|congruence].
        destruct (crs_nth _ _ _ _ _ _ Hcs Eci) as [p [Ep Hp]].
        rewrite nth_error_map, Eci, nth_error_map, Ep. simpl.
        split; [reflexivity | split; [reflexivity|]]. right. simpl.
        unfold let_env, let_rename, let_addrs. rewrite Hn, Hlen.
        apply cr_substs; [rewrite map_length, seq_length; reflexivity | assumption | assumption].
      * assert (Hnone : nth_error (map (fun ci => mkobj (mkclo ci
                  (let_env (length H) (length (codes_list cs)) env) 0) c false) (codes_list cs))
                  (a - length H) = None) by (apply nth_error_None; rewrite map_length; lia).
        rewrite Hnone. specialize (Hh a).
        rewrite (proj2 (nth_error_None H a) Hl) in Hh.
        destruct (find_addr a (binds G)); [contradiction | exact I].
Qed.

Lemma result_clo_krel : forall op n1 n2 r, prim_result op n1 n2 = Some r -> krel (result_clo r) r.
Proof.
  intros op n1 n2 r H. destruct (prim_result_shape _ _ _ _ H) as [[m ->]|[b ->]].
  - left. split; reflexivity.
  - right. destruct b; simpl; constructor; constructor.
Qed.

(* ---- one row: forward ---- *)

Lemma srel_intro : forall c M k S t G e K,
    hrel M G -> krel k e -> Forall2 (frel (length M)) S K ->
    srel (mkestate c M k S t) (mkstate c G e K t).
Proof. intros. unfold srel; simpl; auto. Qed.

Ltac popf := match goal with
  | Hf : Forall2 _ (_ :: _) _ |- _ =>
      let Hfr := fresh "Hfr" in let HS := fresh "HS" in
      inversion Hf as [|? ? ? ? Hfr HS]; subst; inversion Hfr; subst
  | Hf : Forall2 _ _ (_ :: _) |- _ =>
      let Hfr := fresh "Hfr" in let HS := fresh "HS" in
      inversion Hf as [|? ? ? ? Hfr HS]; subst; inversion Hfr; subst
  end.

Ltac dinv := match goal with
  | Hd : crd _ _ (DSome _) _ |- _ => inversion Hd; subst
  | Hd : crd _ _ _ (Some _) |- _ => inversion Hd; subst
  end.

Ltac unpack Hs := destruct Hs as (Hc & Hh & Hk & Hf & Ht); simpl in Hc, Hh, Hk, Hf, Ht; subst.

Theorem estep_sim : forall rs sc r s s' u,
    estep rs sc r s s' -> srel s u ->
    exists u', step rs sc u u' /\ rule_of u = Some r /\ srel s' u'.
Proof.
  intros rs sc r s s' [c0 G e K t0] Hst Hs.
  destruct Hst; unpack Hs.
  - (* app1 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    rewrite (rrel_resolve _ _ _ _ H5 H) in *.
    eexists; split; [apply Step_App1 | split; [reflexivity|]].
    apply srel_intro; [assumption | right; assumption | constructor; [constructor | assumption]].
  - (* app2 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    popf.
    eexists; split; [apply Step_App2 | split; [reflexivity|]].
    apply srel_intro; [assumption | right; apply cr_subst; assumption | assumption].
  - (* var1 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    rewrite (rrel_resolve _ _ _ _ H5 H) in *.
    destruct (hrel_lookup _ _ _ _ Hh H0 H1) as [z [Hz Hkz]].
    assert (Hv : is_value z = true) by (rewrite (krel_value _ _ Hkz); assumption).
    eexists; split; [exact (Step_Var1 _ _ _ _ (VAddr a) _ _ _ _ Hz Hv)|].
    split; [exact (rule_var1 _ _ (VAddr a) _ _ _ _ Hz Hv)|].
    apply srel_intro; assumption.
  - (* var2 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    rewrite (rrel_resolve _ _ _ _ H5 H) in *.
    destruct (hrel_lookup _ _ _ _ Hh H0 H1) as [z [Hz Hkz]].
    assert (Hv : is_value z = false) by (rewrite (krel_value _ _ Hkz); assumption).
    eexists; split; [exact (Step_Var2 _ _ _ _ (VAddr a) _ _ _ _ Hz Hv)|].
    split; [exact (rule_var2 _ _ (VAddr a) _ _ _ _ Hz Hv)|].
    apply srel_intro; [apply hrel_remove; assumption | assumption|].
    rewrite set_nth_length. constructor; [|assumption].
    constructor. apply nth_error_Some. congruence.
  - (* var3 *)
    popf.
    assert (Hv : is_value e = true) by (rewrite (krel_value _ _ Hk); assumption).
    eexists; split; [apply Step_Var3; exact Hv|].
    split; [apply rule_var3; exact Hv|].
    apply srel_intro; [apply hrel_update; assumption | assumption|].
    rewrite set_nth_length. assumption.
  - (* let *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    rewrite app_nil_r in *. match goal with Hc : crs _ _ _ _ |- _ => pose proof (crs_length _ _ _ _ Hc) as Hlen end.
    eexists; split; [apply Step_Let | split; [reflexivity|]].
    rewrite <- Hlen. apply srel_intro.
    + apply hrel_let; assumption.
    + right. simpl. unfold let_env, let_rename, let_addrs.
      destruct Hh as [Hn _]. rewrite Hn, Hlen.
      apply cr_substs; [rewrite map_length, seq_length; reflexivity | assumption | assumption].
    + eapply frel_mono; [|eassumption]. rewrite app_length. lia.
  - (* case1 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    eexists; split; [apply Step_Case1 | split; [reflexivity|]].
    apply srel_intro; [assumption | right; assumption | constructor; [constructor; assumption | assumption]].
  - (* case2 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    popf.
    match goal with Hr : Forall2 (rrel _ _) _ _ |- _ => rename Hr into Hrs end.
    match goal with Ha : cra _ _ _ _ |- _ => rename Ha into Hcra end.
    destruct (rrels_nil _ _ _ Hrs) as [addrs' [Ha ->]]. rewrite Ha in H0. injection H0 as <-.
    pose proof (cra_select _ _ _ _ Hcra k) as Hsel. rewrite H in Hsel.
    destruct (select alts' k) as [[ys b']|] eqn:Es; [|contradiction].
    destruct Hsel as [Hl [Hnd Hb]].
    assert (Hlx : length ys = length (map VAddr addrs')).
    { rewrite <- Hl. apply forall2_len in Hrs. rewrite Hrs. reflexivity. }
    eexists; split; [eapply Step_Case2; [exact Es | exact Hlx]|].
    split; [eapply rule_case2; [exact Es | exact Hlx]|].
    apply srel_intro; [assumption | | assumption].
    right. simpl. rewrite app_nil_r in Hb.
    apply cr_substs; [rewrite map_length in Hlx; assumption | assumption | assumption].
  - (* case2 default *)
    popf. dinv.
    assert (Hv : is_value e = true) by (rewrite (krel_value _ _ Hk); assumption).
    assert (Hna : no_alt alts' e).
    { unfold eno_alt in H0. destruct Hk as [[Hc ->]|Hk]; [exact I|].
      destruct e; try exact I. inversion Hk; subst.
      match goal with Hcode : _ = kcode k |- _ => rewrite <- Hcode in H0 end. simpl.
      match goal with Ha : cra _ _ _ _ |- _ => pose proof (cra_select _ _ _ _ Ha c) as Hsel end. rewrite H0 in Hsel.
      destruct (select alts' c) as [[ys b']|]; [contradiction | reflexivity]. }
    eexists; split; [eapply Step_Case2_Default; [exact Hv | exact Hna]|].
    split; [eapply rule_case2_default; [exact Hv | exact Hna]|].
    apply srel_intro; [assumption | right; assumption | assumption].
  - (* scc *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    eexists; split; [apply Step_Scc | split; [reflexivity|]].
    apply srel_intro; [assumption | right; assumption | assumption].
  - (* scc_sub *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    eexists; split; [apply Step_Scc_Sub | split; [reflexivity|]].
    apply srel_intro; [assumption | right; assumption | assumption].
  - (* prim1 *)
    apply krel_code in Hk; [|discriminate]. inversion Hk; subst.
    eexists; split; [apply Step_Prim1 | split; [reflexivity|]].
    apply srel_intro; [assumption | right; apply arel_nil; assumption |].
    constructor; [constructor; assumption | assumption].
  - (* prim2 *)
    popf.
    apply (krel_int _ _ n1 Hk) in H. subst.
    eexists; split; [apply Step_Prim2 | split; [reflexivity|]].
    apply srel_intro; [assumption | right; apply arel_nil; assumption |].
    constructor; [constructor | assumption].
  - (* prim3 *)
    popf.
    apply (krel_int _ _ n2 Hk) in H. subst.
    eexists; split; [apply Step_Prim3; exact H0 | split; [apply (rule_prim3 _ _ _ _ _ _ _ _ _ H0)|]].
    apply srel_intro; [assumption | eapply result_clo_krel; eassumption | assumption].
  - (* resume *)
    popf.
    assert (Hv : is_value e = true) by (rewrite (krel_value _ _ Hk); assumption).
    eexists; split; [apply Step_Resume; exact Hv | split; [apply rule_resume; exact Hv|]].
    apply srel_intro; assumption.
Qed.

(* ---- one row: backward ---- *)

Lemma hrel_found : forall M G a z cz, hrel M G -> find_addr a (binds G) = Some (z, cz) ->
    exists o, nth_error M a = Some o /\ ohole o = false /\ occ o = cz /\ krel (oclo o) z.
Proof.
  intros M G a z cz [_ Hh] Hf. specialize (Hh a). rewrite Hf in Hh.
  destruct (nth_error M a) as [o|]; [|contradiction]. destruct Hh as (H1 & H2 & H3). eauto.
Qed.

(* A closure that is an expression other than an integer: its code. *)
Ltac kinv := match goal with
  | Hk : krel ?k _ |- _ =>
      let kc := fresh "kc" in let kenv := fresh "kenv" in let kn := fresh "kn" in
      let Hc := fresh "Hc" in let Hce := fresh "Hce" in
      destruct k as [kc kenv kn]; destruct Hk as [[Hc Hce]|Hk]; simpl in *;
      [discriminate Hce | inversion Hk; subst]
  end.

(* Where the substitution machine steps from a decoded state, the
   environment machine steps too. *)
Lemma estep_progress : forall rs sc s u u',
    srel s u -> step rs sc u u' -> exists r s', estep rs sc r s s'.
Proof.
  intros rs sc [c M k S t] u u' Hs Hst.
  destruct Hst; unpack Hs.
  - (* app1 *) kinv. match goal with Hr : rrel _ [] _ _ |- _ => destruct (rrel_nil _ _ _ Hr) as [a [Ha ->]] end.
    do 2 eexists. apply E_App1. eassumption.
  - (* app2 *) kinv. popf. do 2 eexists. apply E_App2.
  - (* var1 *) kinv. match goal with Hr : rrel _ [] _ _ |- _ => destruct (rrel_nil _ _ _ Hr) as [a [Ha ->]] end.
    destruct (hrel_found _ _ _ _ _ Hh H) as (o & Ho & Hho & Hco & Hko).
    do 2 eexists. eapply E_Var1; try eassumption. rewrite <- (krel_value _ _ Hko). assumption.
  - (* var2 *) kinv. match goal with Hr : rrel _ [] _ _ |- _ => destruct (rrel_nil _ _ _ Hr) as [a [Ha ->]] end.
    destruct (hrel_found _ _ _ _ _ Hh H) as (o & Ho & Hho & Hco & Hko).
    do 2 eexists. eapply E_Var2; try eassumption. rewrite <- (krel_value _ _ Hko). assumption.
  - (* var3 *) popf. do 2 eexists. apply E_Var3. rewrite <- (krel_value _ _ Hk). assumption.
  - (* let *) kinv. do 2 eexists. apply E_Let.
  - (* case1 *) kinv. do 2 eexists. apply E_Case1.
  - (* case2 *) kinv. popf.
    match goal with Hr : Forall2 (rrel _ _) _ _ |- _ => rename Hr into Hrs end.
    match goal with Ha : cra _ _ _ _ |- _ => rename Ha into Hcra end.
    destruct (rrels_nil _ _ _ Hrs) as [addrs [Ha Hx]].
    pose proof (cra_select _ _ _ _ Hcra k0) as Hsel. rewrite H in Hsel.
    destruct (eselect alts0 k0) as [[m b0]|] eqn:Es; [|contradiction].
    destruct Hsel as [Hm _]. apply forall2_len in Hrs.
    do 2 eexists. eapply E_Case2; [|exact Ha]. rewrite Es, Hm, H0, Hrs. reflexivity.
  - (* case2 default *) popf. dinv.
    do 2 eexists. apply E_Case2_Default; [rewrite <- (krel_value _ _ Hk); assumption|].
    unfold eno_alt. destruct (kcode k) eqn:Ek; try exact I.
    destruct Hk as [[Hc _]|Hk]; [congruence|]. rewrite Ek in Hk. inversion Hk; subst.
    simpl in H0.
    match goal with Ha : cra _ _ _ _ |- _ => pose proof (cra_select _ _ _ _ Ha k0) as Hsel end.
    rewrite H0 in Hsel. destruct (eselect alts0 k0) as [[m b0]|]; [contradiction | reflexivity].
  - (* scc *) kinv. do 2 eexists. apply E_Scc.
  - (* scc_sub *) kinv. do 2 eexists. apply E_Scc_Sub.
  - (* prim1 *) kinv. do 2 eexists. apply E_Prim1.
  - (* prim2 *) popf. do 2 eexists. apply E_Prim2. apply (krel_int _ _ n1 Hk). reflexivity.
  - (* prim3 *) popf. do 2 eexists. eapply E_Prim3; [|eassumption].
    apply (krel_int _ _ n2 Hk). reflexivity.
  - (* resume *) popf. do 2 eexists. apply E_Resume. rewrite <- (krel_value _ _ Hk). assumption.
Qed.

(* Backward: a row of the substitution machine from a decoded state is a
   row of the same name of the environment machine, to a state that
   decodes to where it went (by estep_sim and determinism). *)
Theorem estep_back : forall rs sc s u u',
    srel s u -> step rs sc u u' ->
    exists r s', estep rs sc r s s' /\ rule_of u = Some r /\ srel s' u'.
Proof.
  intros rs sc s u u' Hs Hst.
  destruct (estep_progress _ _ _ _ _ Hs Hst) as (r & s' & He).
  destruct (estep_sim _ _ _ _ _ _ He Hs) as (u'' & Hst' & Hr & Hs').
  rewrite (step_deterministic _ _ _ _ _ Hst Hst'). eauto.
Qed.

(* ---- force ---- *)

Theorem eforce_sim : forall s s' u, estep_force s s' -> srel s u ->
    exists u', step_force u u' /\ srel s' u'.
Proof.
  intros s s' [c0 G e K t0] Hst Hs. destruct Hst. unpack Hs.
  destruct (hrel_lookup _ _ _ _ Hh H H0) as [z [Hz Hkz]].
  assert (Hv : is_value z = false) by (rewrite (krel_value _ _ Hkz); assumption).
  eexists; split; [exact (Step_Force _ _ _ (VAddr a) _ _ _ _ Hz Hv)|].
  apply srel_intro; [apply hrel_remove; assumption | assumption|].
  rewrite set_nth_length. constructor; [|constructor; [|assumption]].
  - constructor. apply nth_error_Some. congruence.
  - constructor. assumption.
Qed.

Theorem eforce_back : forall s u u', srel s u -> step_force u u' ->
    exists s', estep_force s s' /\ srel s' u'.
Proof.
  intros [c M k S t] u u' Hs Hst. destruct Hst. unpack Hs.
  destruct x as [y|a]; [discriminate H|].
  destruct (hrel_found _ _ _ _ _ Hh H) as (o & Ho & Hho & Hco & Hko). subst.
  assert (Hv : is_cvalue (kcode (oclo o)) = false) by (rewrite <- (krel_value _ _ Hko); assumption).
  eexists; split; [apply E_Force; eassumption|].
  apply srel_intro; [apply hrel_remove; assumption | assumption|].
  rewrite set_nth_length. constructor; [|constructor; [|assumption]].
  - constructor. apply nth_error_Some. congruence.
  - constructor. assumption.
Qed.

(* ---- runs, by the names of their rows ---- *)

(* A step of the substitution machine by the row of a name: a plain row
   with rule_of's name, or force (RForce). *)
Inductive tstep (rs : ruleset) (sc : scoping) : rule -> state -> state -> Prop :=
| T_Step : forall r s s', step rs sc s s' -> rule_of s = Some r -> tstep rs sc r s s'
| T_Force : forall s s', step_force s s' -> tstep rs sc RForce s s'.

Inductive truns (rs : ruleset) (sc : scoping) : list rule -> state -> state -> Prop :=
| TR_Nil : forall s, truns rs sc [] s s
| TR_Cons : forall r rows s1 s2 s3,
    tstep rs sc r s1 s2 -> truns rs sc rows s2 s3 -> truns rs sc (r :: rows) s1 s3.

Lemma estep_not_force : forall rs sc r s s', estep rs sc r s s' -> r <> RForce.
Proof. intros. destruct H; discriminate. Qed.

Theorem eestep_sim : forall rs sc r s s' u, eestep rs sc r s s' -> srel s u ->
    exists u', tstep rs sc r u u' /\ srel s' u'.
Proof.
  intros rs sc r s s' u H Hs. destruct H as [r s s' He|s s' He].
  - destruct (estep_sim _ _ _ _ _ _ He Hs) as (u' & H1 & H2 & H3).
    exists u'. split; [apply T_Step|]; assumption.
  - destruct (eforce_sim _ _ _ He Hs) as (u' & H1 & H2).
    exists u'. split; [apply T_Force|]; assumption.
Qed.

Theorem eestep_back : forall rs sc r s u u', srel s u -> tstep rs sc r u u' ->
    exists s', eestep rs sc r s s' /\ srel s' u'.
Proof.
  intros rs sc r s u u' Hs H. destruct H as [r u u' Hst Hr|u u' Hst].
  - destruct (estep_back _ _ _ _ _ Hs Hst) as (r' & s' & He & Hr' & Hs').
    rewrite Hr in Hr'. injection Hr' as <-.
    exists s'. split; [apply EE_Step|]; assumption.
  - destruct (eforce_back _ _ _ Hs Hst) as (s' & He & Hs').
    exists s'. split; [apply EE_Force|]; assumption.
Qed.

(* Runs: a run of the environment machine from a state that decodes to u
   is a run of the substitution machine from u by the same rows, and the
   reverse; the ends decode one to the other. *)
Theorem eruns_sim : forall rs sc rows s s' u, eruns rs sc rows s s' -> srel s u ->
    exists u', truns rs sc rows u u' /\ srel s' u'.
Proof.
  intros rs sc rows s s' u H. revert u.
  induction H as [s|r rows s1 s2 s3 He Hr IH]; intros u Hs.
  - exists u. split; [constructor | assumption].
  - destruct (eestep_sim _ _ _ _ _ _ He Hs) as (u2 & Ht & Hs2).
    destruct (IH u2 Hs2) as (u3 & Hr3 & Hs3).
    exists u3. split; [econstructor; eassumption | assumption].
Qed.

Theorem truns_back : forall rs sc rows u u' s, truns rs sc rows u u' -> srel s u ->
    exists s', eruns rs sc rows s s' /\ srel s' u'.
Proof.
  intros rs sc rows u u' s H. revert s.
  induction H as [u|r rows u1 u2 u3 Ht Hr IH]; intros s Hs.
  - exists s. split; [constructor | assumption].
  - destruct (eestep_back _ _ _ _ _ _ Hs Ht) as (s2 & He & Hs2).
    destruct (IH s2 Hs2) as (s3 & Hr3 & Hs3).
    exists s3. split; [econstructor; eassumption | assumption].
Qed.

(* A final state decodes to a final state, and only a final state does. *)
Theorem efinal_iff : forall s u, srel s u -> (efinal s <-> final u).
Proof.
  intros s u (Hc & Hh & Hk & Hf & Ht). unfold efinal, final.
  rewrite (krel_value _ _ Hk). split; intros [Hv Hs]; split; auto.
  - rewrite Hs in Hf. inversion Hf. reflexivity.
  - rewrite Hs in Hf. inversion Hf. reflexivity.
Qed.
