(* EnvDecode.v -- what a closure of EnvMachine.v means as an expression of
   Syntax.v: the code with every reference that reaches past the binders
   inside it replaced by the address the environment holds.  A relation,
   not a function, because the code has no binder names and the
   expression has: cr env ns c e says that code c, under the binders ns
   inside the closure (innermost first) and the environment env beyond
   them, is the expression e.  A reference to a binder inside is its name,
   and must be the innermost binder of that name (what a nameless
   reference can mean); a let's names and a pattern's names are distinct
   (the front end refuses a duplicate, front/check.c).  The lemmas: the
   app2 / let / case2 renaming of Syntax.v is the closure's environment
   grown by the addresses (cr_subst, cr_substs). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.EnvMachine.
Import ListNotations.
Open Scope list_scope.

(* A reference as a variable. *)
Inductive rrel (env : list nat) (ns : list string) : ref -> var -> Prop :=
| RR_Name : forall i y,
    nth_error ns i = Some y -> (forall j, j < i -> nth_error ns j <> Some y) ->
    rrel env ns (RLoc i) (VName y)
| RR_Env : forall i a,
    length ns <= i -> nth_error env (i - length ns) = Some a ->
    rrel env ns (RLoc i) (VAddr a)
| RR_Top : forall a, rrel env ns (RTop a) (VAddr a).

Inductive arel (env : list nat) (ns : list string) : catom -> atom -> Prop :=
| AR_Var : forall r x, rrel env ns r x -> arel env ns (CAVar r) (AVar x)
| AR_Lit : forall n, arel env ns (CALit n) (AInt n).

Inductive cr (env : list nat) : list string -> code -> expr -> Prop :=
| CR_Lam : forall ns y b e, cr env (y :: ns) b e -> cr env ns (CLam b) (Lam y e)
| CR_App : forall ns f e r x, cr env ns f e -> rrel env ns r x -> cr env ns (CApp f r) (App e x)
| CR_Var : forall ns r x, rrel env ns r x -> cr env ns (CVar r) (Var x)
| CR_Let : forall ns cs b bs e,
    NoDup (map fst bs) ->
    crs env (rev (map fst bs) ++ ns) cs bs -> cr env (rev (map fst bs) ++ ns) b e ->
    cr env ns (CLet cs b) (Let bs e)
| CR_Con : forall ns k rs xs, Forall2 (rrel env ns) rs xs -> cr env ns (CCon k rs) (Con k xs)
| CR_Case : forall ns s e alts alts' d d',
    cr env ns s e -> cra env ns alts alts' -> crd env ns d d' ->
    cr env ns (CCase s alts d) (Case e alts' d')
| CR_Scc : forall ns c b e, cr env ns b e -> cr env ns (CScc c b) (Scc c e)
| CR_SccSub : forall ns c b e, cr env ns b e -> cr env ns (CSccSub c b) (SccSub c e)
| CR_Lit : forall ns n, cr env ns (CLit n) (Int n)
| CR_Prim : forall ns op a1 a2 a1' a2',
    arel env ns a1 a1' -> arel env ns a2 a2' -> cr env ns (CPrim op a1 a2) (Prim op a1' a2')
with crs (env : list nat) : list string -> codes -> list (string * expr) -> Prop :=
| CRS_Nil : forall ns, crs env ns CNil []
| CRS_Cons : forall ns c cs y e bs,
    cr env ns c e -> crs env ns cs bs -> crs env ns (CCons c cs) ((y, e) :: bs)
with cra (env : list nat) : list string -> calts -> list (string * list string * expr) -> Prop :=
| CRA_Nil : forall ns, cra env ns ANil []
| CRA_Cons : forall ns k ys b e rest rest',
    NoDup ys -> cr env (rev ys ++ ns) b e -> cra env ns rest rest' ->
    cra env ns (ACons k (length ys) b rest) ((k, ys, e) :: rest')
with crd (env : list nat) : list string -> cdflt -> option expr -> Prop :=
| CRD_None : forall ns, crd env ns DNone None
| CRD_Some : forall ns c e, cr env ns c e -> crd env ns (DSome c) (Some e).

Scheme cr_ind' := Induction for cr Sort Prop
with crs_ind' := Induction for crs Sort Prop
with cra_ind' := Induction for cra Sort Prop
with crd_ind' := Induction for crd Sort Prop.
Combined Scheme cr_mut from cr_ind', crs_ind', cra_ind', crd_ind'.

(* A closure as an expression: a computed integer is its number; any
   other closure, its code under its environment. *)
Definition krel (k : closure) (e : expr) : Prop :=
  (kcode k = CIntVal /\ e = Int (knum k)) \/ cr (kenv k) [] (kcode k) e.

(* ---- list facts ---- *)

Lemma nth_error_app_l : forall {A} (l1 l2 : list A) i,
    i < length l1 -> nth_error (l1 ++ l2) i = nth_error l1 i.
Proof. intros. apply nth_error_app1. assumption. Qed.

Lemma nth_error_last : forall {A} (l : list A) (y : A), nth_error (l ++ [y]) (length l) = Some y.
Proof. intros. rewrite nth_error_app2 by lia. rewrite Nat.sub_diag. reflexivity. Qed.

(* ---- renaming one name: the outermost binder of the scope ---- *)

(* A reference past the scope ns ++ [y] reaches, in scope ns, the cell
   past the environment's new first one. *)
Lemma rrel_env_shift : forall env ns y a i b,
    length (ns ++ [y]) <= i -> nth_error env (i - length (ns ++ [y])) = Some b ->
    rrel (a :: env) ns (RLoc i) (VAddr b).
Proof.
  intros env ns y a i b H0 H1. rewrite app_length in H0, H1; simpl in H0, H1.
  apply RR_Env; [lia|]. replace (i - length ns) with (S (i - (length ns + 1))) by lia.
  simpl. assumption.
Qed.

(* A shadowed outermost name: no reference reaches it, and the ones past it
   now reach the environment's new first cell's successors. *)
Lemma rrel_shadow : forall env ns y a r x,
    In y ns -> rrel env (ns ++ [y]) r x -> rrel (a :: env) ns r x.
Proof.
  intros env ns y a r x Hin H. inversion H; subst.
  - destruct (Nat.lt_ge_cases i (length ns)) as [Hl|Hl].
    + rewrite nth_error_app_l in H0 by assumption.
      constructor; [assumption|]. intros j Hj. specialize (H1 j Hj).
      rewrite nth_error_app_l in H1 by lia. assumption.
    + exfalso. destruct (Nat.eq_dec i (length ns)) as [->|Hne].
      * rewrite nth_error_last in H0. injection H0 as ->.
        destruct (In_nth_error _ _ Hin) as [j Hj].
        assert (j < length ns) by (apply nth_error_Some; congruence).
        apply (H1 j); [assumption|]. rewrite nth_error_app_l by assumption. assumption.
      * assert (Hle : length (ns ++ [y]) <= i) by (rewrite app_length; simpl; lia).
        apply nth_error_None in Hle. congruence.
  - eapply rrel_env_shift; eassumption.
  - constructor.
Qed.

Lemma rrel_subst : forall env ns y a r x,
    ~ In y ns -> rrel env (ns ++ [y]) r x -> rrel (a :: env) ns r (subst_var y (VAddr a) x).
Proof.
  intros env ns y a r x Hin H. inversion H; subst; simpl.
  - destruct (Nat.lt_ge_cases i (length ns)) as [Hl|Hl].
    + rewrite nth_error_app_l in H0 by assumption.
      destruct (string_dec y0 y) as [->|Hne].
      * exfalso. apply Hin. eapply nth_error_In. eassumption.
      * constructor; [assumption|]. intros j Hj. specialize (H1 j Hj).
        rewrite nth_error_app_l in H1 by lia. assumption.
    + destruct (Nat.eq_dec i (length ns)) as [->|Hne].
      * rewrite nth_error_last in H0. injection H0 as ->.
        destruct (string_dec y0 y0) as [_|]; [|congruence].
        apply RR_Env; [lia|]. rewrite Nat.sub_diag. reflexivity.
      * exfalso. assert (Hle : length (ns ++ [y]) <= i) by (rewrite app_length; simpl; lia).
        apply nth_error_None in Hle. congruence.
  - eapply rrel_env_shift; eassumption.
  - constructor.
Qed.

Lemma arel_shadow : forall env ns y a t t',
    In y ns -> arel env (ns ++ [y]) t t' -> arel (a :: env) ns t t'.
Proof.
  intros. inversion H0; subst; constructor. eapply rrel_shadow; eassumption.
Qed.

Lemma arel_subst : forall env ns y a t t',
    ~ In y ns -> arel env (ns ++ [y]) t t' -> arel (a :: env) ns t (subst_atom y (VAddr a) t').
Proof.
  intros. inversion H0; subst; simpl; constructor. apply rrel_subst; assumption.
Qed.

Lemma in_scope_app : forall (ys ns : list string) y, In y ns -> In y (rev ys ++ ns).
Proof. intros. apply in_or_app. right. assumption. Qed.

Lemma cr_shadow_all : forall (env : list nat) (y : string) (a : nat),
    (forall ns c e, cr env ns c e ->
       forall ns0, ns = ns0 ++ [y] -> In y ns0 -> cr (a :: env) ns0 c e) /\
    (forall ns cs bs, crs env ns cs bs ->
       forall ns0, ns = ns0 ++ [y] -> In y ns0 -> crs (a :: env) ns0 cs bs) /\
    (forall ns alts alts', cra env ns alts alts' ->
       forall ns0, ns = ns0 ++ [y] -> In y ns0 -> cra (a :: env) ns0 alts alts') /\
    (forall ns d d', crd env ns d d' ->
       forall ns0, ns = ns0 ++ [y] -> In y ns0 -> crd (a :: env) ns0 d d').
Proof.
  intros env y a.
  apply cr_mut; intros; subst.
  - constructor. apply (H (y0 :: ns0)); [reflexivity | right; assumption].
  - constructor; [apply H; auto | eapply rrel_shadow; eassumption].
  - constructor. eapply rrel_shadow; eassumption.
  - constructor; [assumption | |].
    + apply (H (rev (map fst bs) ++ ns0)); [apply app_assoc | apply in_scope_app; assumption].
    + apply (H0 (rev (map fst bs) ++ ns0)); [apply app_assoc | apply in_scope_app; assumption].
  - constructor. induction f; constructor; [eapply rrel_shadow; eassumption | assumption].
  - constructor; auto.
  - constructor; auto.
  - constructor; auto.
  - constructor.
  - constructor; eapply arel_shadow; eassumption.
  - constructor.
  - constructor; auto.
  - constructor.
  - constructor; [assumption | |auto].
    apply (H (rev ys ++ ns0)); [apply app_assoc | apply in_scope_app; assumption].
  - constructor.
  - constructor; auto.
Qed.

Definition subst_bind (y : string) (a : var) (p : string * expr) : string * expr :=
  (fst p, subst y a (snd p)).

Definition subst_alt (y : string) (a : var) (alt : string * list string * expr)
  : string * list string * expr :=
  match alt with
  | (c, ys, b) => if existsb (String.eqb y) ys then (c, ys, b) else (c, ys, subst y a b)
  end.

Definition subst_dflt (y : string) (a : var) (d : option expr) : option expr :=
  match d with Some de => Some (subst y a de) | None => None end.

Lemma existsb_fst_in : forall (bs : list (string * expr)) y,
    existsb (fun p => String.eqb (fst p) y) bs = true <-> In y (map fst bs).
Proof.
  intros. rewrite existsb_exists. split.
  - intros [p [Hp Heq]]. apply String.eqb_eq in Heq. subst. apply in_map. assumption.
  - intros Hin. apply in_map_iff in Hin. destruct Hin as [p [<- Hp]].
    exists p. split; [assumption | apply String.eqb_refl].
Qed.

Lemma existsb_eqb_in : forall (ys : list string) y,
    existsb (String.eqb y) ys = true <-> In y ys.
Proof.
  intros. rewrite existsb_exists. split.
  - intros [x [Hx Heq]]. apply String.eqb_eq in Heq. subst. assumption.
  - intros Hin. exists y. split; [assumption | apply String.eqb_refl].
Qed.

Lemma not_in_scope : forall (ys ns : list string) y,
    ~ In y ys -> ~ In y ns -> ~ In y (rev ys ++ ns).
Proof.
  intros ys ns y H1 H2 H. apply in_app_or in H. destruct H as [H|H]; [|auto].
  apply H1. apply in_rev. assumption.
Qed.

Lemma cr_subst_all : forall (env : list nat) (y : string) (a : nat),
    (forall ns c e, cr env ns c e ->
       forall ns0, ns = ns0 ++ [y] -> ~ In y ns0 -> cr (a :: env) ns0 c (subst y (VAddr a) e)) /\
    (forall ns cs bs, crs env ns cs bs ->
       forall ns0, ns = ns0 ++ [y] -> ~ In y ns0 ->
       crs (a :: env) ns0 cs (map (subst_bind y (VAddr a)) bs)) /\
    (forall ns alts alts', cra env ns alts alts' ->
       forall ns0, ns = ns0 ++ [y] -> ~ In y ns0 ->
       cra (a :: env) ns0 alts (map (subst_alt y (VAddr a)) alts')) /\
    (forall ns d d', crd env ns d d' ->
       forall ns0, ns = ns0 ++ [y] -> ~ In y ns0 ->
       crd (a :: env) ns0 d (subst_dflt y (VAddr a) d')).
Proof.
  intros env y a.
  pose proof (cr_shadow_all env y a) as [Sh1 [Sh2 [Sh3 Sh4]]].
  apply cr_mut; intros; subst; simpl.
  - destruct (string_dec y0 y) as [->|Hne].
    + constructor. apply (Sh1 _ _ _ c (y :: ns0)); [reflexivity | left; reflexivity].
    + constructor. apply (H (y0 :: ns0)); [reflexivity|].
      intros [Heq|Hin]; [congruence | contradiction].
  - constructor; [apply H; auto | apply rrel_subst; assumption].
  - constructor. apply rrel_subst; assumption.
  - destruct (existsb (fun p => String.eqb (fst p) y) bs) eqn:Hex.
    + apply existsb_fst_in in Hex.
      constructor; [assumption | |].
      * apply (Sh2 _ _ _ c (rev (map fst bs) ++ ns0)); [apply app_assoc|].
        apply in_or_app. left. apply in_rev. rewrite rev_involutive. assumption.
      * apply (Sh1 _ _ _ c0 (rev (map fst bs) ++ ns0)); [apply app_assoc|].
        apply in_or_app. left. apply in_rev. rewrite rev_involutive. assumption.
    + assert (Hni : ~ In y (map fst bs)).
      { intro Hin. apply existsb_fst_in in Hin. congruence. }
      assert (Hm : map fst (map (fun p => (fst p, subst y (VAddr a) (snd p))) bs) = map fst bs).
      { rewrite map_map. reflexivity. }
      constructor; rewrite Hm; [assumption | |].
      * apply (H (rev (map fst bs) ++ ns0)); [apply app_assoc | apply not_in_scope; assumption].
      * apply (H0 (rev (map fst bs) ++ ns0)); [apply app_assoc | apply not_in_scope; assumption].
  - constructor. induction f; simpl; constructor; [apply rrel_subst; assumption | assumption].
  - constructor; auto.
  - constructor; auto.
  - constructor; auto.
  - constructor.
  - constructor; apply arel_subst; assumption.
  - constructor.
  - constructor; auto.
  - constructor.
  - unfold subst_alt at 1. destruct (existsb (String.eqb y) ys) eqn:Hex.
    + apply existsb_eqb_in in Hex. constructor; [assumption | | auto].
      apply (Sh1 _ _ _ c (rev ys ++ ns0)); [apply app_assoc|].
      apply in_or_app. left. apply in_rev. rewrite rev_involutive. assumption.
    + assert (Hni : ~ In y ys) by (intro Hin; apply existsb_eqb_in in Hin; congruence).
      constructor; [assumption | | auto].
      apply (H (rev ys ++ ns0)); [apply app_assoc | apply not_in_scope; assumption].
  - constructor.
  - constructor; auto.
Qed.

Lemma cr_subst : forall env y a c e,
    cr env [y] c e -> cr (a :: env) [] c (subst y (VAddr a) e).
Proof.
  intros. apply (proj1 (cr_subst_all env y a) [y] c e H []); [reflexivity | intros []].
Qed.

(* Renaming the names of a let or a pattern, in order, by the addresses:
   the environment grown by the addresses, the last newest. *)
Lemma cr_substs : forall ys xs env c e,
    length ys = length xs -> NoDup ys -> cr env (rev ys) c e ->
    cr (rev xs ++ env) [] c (substs ys (map VAddr xs) e).
Proof.
  induction ys as [|y ys IH]; intros xs env c e Hlen Hnd H.
  - destruct xs; [|discriminate]. simpl. assumption.
  - destruct xs as [|x xs]; [discriminate|]. simpl in *.
    inversion Hnd; subst.
    rewrite <- app_assoc. simpl.
    apply IH; [lia | assumption|].
    apply (proj1 (cr_subst_all env y x) (rev ys ++ [y]) c e H (rev ys)); [reflexivity|].
    intro Hin. apply H2. apply in_rev. assumption.
Qed.

(* ---- values ---- *)

Lemma cr_value : forall env ns c e, cr env ns c e -> is_value e = is_cvalue c.
Proof. intros. destruct H; reflexivity. Qed.

Lemma krel_value : forall k e, krel k e -> is_value e = is_cvalue (kcode k).
Proof.
  intros k e [[H1 H2]|H]; [rewrite H1, H2; reflexivity | eapply cr_value; eassumption].
Qed.

Lemma krel_int : forall k e n, krel k e -> (kint k = Some n <-> e = Int n).
Proof.
  intros k e n [[H1 H2]|H]; unfold kint.
  - rewrite H1, H2. split; intro E; congruence.
  - inversion H; subst; simpl; split; intro E; congruence.
Qed.
