(* Closed.v -- closed heaps: every object names only addresses below the
   heap's next address, and nothing is bound at or past it (heap_closed).
   An evaluation from a closed heap of an expression naming only its
   addresses ends in a closed heap with a value naming only the final
   heap's addresses (eval_closed).  A renaming that moves only the
   addresses at or past next G (as between a forced evaluation's
   allocations and the plain run's later ones, docs/coq.md "Not done
   yet") leaves every object of a closed G as it is (rn_below). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Rename Ccm.ORun.
Import ListNotations.
Open Scope nat_scope.

Definition var_below (n : nat) (x : var) : bool :=
  match x with VAddr a => a <? n | VName _ => true end.

Definition atom_below (n : nat) (t : atom) : bool :=
  match t with AVar x => var_below n x | AInt _ => true end.

Fixpoint below (n : nat) (e : expr) : bool :=
  match e with
  | Lam _ b => below n b
  | App f x => below n f && var_below n x
  | Var x => var_below n x
  | Let bs b => forallb (fun p => below n (snd p)) bs && below n b
  | Con _ xs => forallb (var_below n) xs
  | Case s alts d =>
      below n s && forallb (fun alt => below n (snd alt)) alts &&
      match d with Some de => below n de | None => true end
  | Scc _ b | SccSub _ b => below n b
  | Int _ => true
  | Prim _ a1 a2 => atom_below n a1 && atom_below n a2
  end.

Definition heap_closed (G : heap) : Prop :=
  heap_wf G /\ forall a o, find_addr a (binds G) = Some o -> below (next G) (fst o) = true.

Ltac bsplit :=
  repeat match goal with
         | H : _ && _ = true |- _ => apply andb_prop in H; destruct H
         end.

Lemma var_below_mono : forall n m x, n <= m -> var_below n x = true -> var_below m x = true.
Proof. intros n m [s|a] Hl H; simpl in *; [reflexivity|]. apply Nat.ltb_lt in H. apply Nat.ltb_lt. lia. Qed.

Lemma atom_below_mono : forall n m t, n <= m -> atom_below n t = true -> atom_below m t = true.
Proof. intros n m [x|k] Hl H; simpl in *; [eapply var_below_mono; eassumption | reflexivity]. Qed.

Fixpoint below_mono (n m : nat) (e : expr) (Hl : n <= m) {struct e} :
  below n e = true -> below m e = true.
Proof.
  destruct e as [z b|f x|x|bs b|c xs|s alts d|c b|c b|k|op a1 a2]; simpl; intros H.
  - bsplit. exact (below_mono n m b Hl H).
  - bsplit. rewrite (below_mono n m f Hl H), (var_below_mono n m x Hl H0). reflexivity.
  - bsplit. exact (var_below_mono n m x Hl H).
  - bsplit. rewrite (below_mono n m b Hl H0), andb_true_r.
    induction bs as [|[w q] bs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (below_mono n m q Hl H), IH; [reflexivity | exact H1].
  - bsplit. induction xs as [|x xs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (var_below_mono n m x Hl H), IH; [reflexivity | exact H0].
  - apply andb_prop in H; destruct H as [H Hd]; apply andb_prop in H; destruct H as [Hs Ha].
    rewrite (below_mono n m s Hl Hs). simpl.
    replace (forallb (fun alt => below m (snd alt)) alts) with true.
    + destruct d; [exact (below_mono n m e Hl Hd) | reflexivity].
    + symmetry. clear Hd. induction alts as [|[[c ys] q] alts IH]; simpl in *; [reflexivity|].
      apply andb_prop in Ha. destruct Ha as [Hq Ha].
      rewrite (below_mono n m q Hl Hq), IH; [reflexivity | exact Ha].
  - bsplit. exact (below_mono n m b Hl H).
  - bsplit. exact (below_mono n m b Hl H).
  - bsplit. reflexivity.
  - bsplit. rewrite (atom_below_mono n m a1 Hl H), (atom_below_mono n m a2 Hl H0). reflexivity.
Qed.

Lemma var_below_subst : forall n y x v,
    var_below n x = true -> var_below n v = true -> var_below n (subst_var y x v) = true.
Proof. intros n y x [s|a] Hx Hv; simpl; [destruct (string_dec s y)|]; assumption. Qed.

Lemma atom_below_subst : forall n y x t,
    var_below n x = true -> atom_below n t = true -> atom_below n (subst_atom y x t) = true.
Proof. intros n y x [v|k] Hx Ht; simpl in *; [apply var_below_subst|]; assumption. Qed.

Fixpoint below_subst (n : nat) (y : string) (x : var) (Hx : var_below n x = true) (e : expr) {struct e} :
  below n e = true -> below n (subst y x e) = true.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|k|op a1 a2]; simpl; intros H.
  - bsplit. destruct (string_dec z y); simpl; [exact H | exact (below_subst n y x Hx b H)].
  - bsplit. rewrite (below_subst n y x Hx f H), (var_below_subst n y x v Hx H0). reflexivity.
  - bsplit. exact (var_below_subst n y x v Hx H).
  - bsplit. destruct (existsb _ bs); simpl; [rewrite H, H0; reflexivity|].
    rewrite (below_subst n y x Hx b H0), andb_true_r.
    induction bs as [|[w q] bs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (below_subst n y x Hx q H), IH; [reflexivity | exact H1].
  - bsplit. induction xs as [|v xs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (var_below_subst n y x v Hx H), IH; [reflexivity | exact H0].
  - apply andb_prop in H; destruct H as [H Hd]; apply andb_prop in H; destruct H as [Hs Ha].
    rewrite (below_subst n y x Hx s Hs). simpl.
    replace (forallb (fun alt => below n (snd alt)) _) with true.
    + destruct d; [exact (below_subst n y x Hx e Hd) | reflexivity].
    + symmetry. clear Hd. induction alts as [|[[c ys] q] alts IH]; simpl in *; [reflexivity|].
      apply andb_prop in Ha. destruct Ha as [Hq Ha].
      destruct (existsb (String.eqb y) ys); simpl;
        [rewrite Hq | rewrite (below_subst n y x Hx q Hq)]; rewrite IH; reflexivity || exact Ha.
  - bsplit. exact (below_subst n y x Hx b H).
  - bsplit. exact (below_subst n y x Hx b H).
  - bsplit. reflexivity.
  - bsplit. rewrite (atom_below_subst n y x a1 Hx H), (atom_below_subst n y x a2 Hx H0). reflexivity.
Qed.

Lemma below_substs : forall n ys xs e, forallb (var_below n) xs = true ->
    below n e = true -> below n (substs ys xs e) = true.
Proof.
  induction ys as [|y ys IH]; intros xs e Hx He; destruct xs as [|x xs]; simpl in *; try exact He.
  bsplit. apply IH; [exact H0 | apply below_subst; assumption].
Qed.

Lemma let_addrs_below : forall G bs,
    forallb (var_below (next G + length bs)) (let_addrs G bs) = true.
Proof.
  intros G bs. unfold let_addrs. apply forallb_forall. intros x Hx.
  apply in_map_iff in Hx. destruct Hx as (a & <- & Ha). apply in_seq in Ha.
  simpl. apply Nat.ltb_lt. lia.
Qed.

Lemma let_rename_below : forall G bs e, below (next G) e = true ->
    below (next G + length bs) (let_rename G bs e) = true.
Proof.
  intros G bs e H. unfold let_rename. apply below_substs; [apply let_addrs_below|].
  eapply below_mono; [|exact H]. lia.
Qed.

Lemma select_below : forall n alts k ys b,
    forallb (fun alt => below n (snd alt)) alts = true ->
    select alts k = Some (ys, b) -> below n b = true.
Proof.
  induction alts as [|[[c ys'] b'] alts IH]; intros k ys b H E; simpl in *; [discriminate|].
  bsplit. destruct (String.eqb k c); [injection E as <- <-; exact H | eapply IH; eassumption].
Qed.

Lemma prim_result_below : forall n op n1 n2 r, prim_result op n1 n2 = Some r -> below n r = true.
Proof.
  intros n op n1 n2 r H.
  destruct (prim_result_shape _ _ _ _ H) as [[k ->] | [b ->]]; [|destruct b]; reflexivity.
Qed.

Lemma atom_expr_below : forall n t, atom_below n t = true -> below n (atom_expr t) = true.
Proof. intros n [x|k] H; exact H. Qed.

(* ---- heaps ---- *)

Lemma lookup_below : forall G x o, heap_closed G -> lookup G x = Some o ->
    exists a, x = VAddr a /\ a < next G /\ below (next G) (fst o) = true.
Proof.
  intros G x o [W C] L. destruct (lookup_lt_wf _ _ _ W L) as (a & -> & Ha & F).
  exists a. split; [reflexivity | split; [exact Ha | exact (C a o F)]].
Qed.

Lemma remove_closed : forall G x, heap_closed G -> heap_closed (remove G x).
Proof.
  intros G [s|a] [W C]; [split; assumption|]. split.
  - intros b Hb. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | apply W; exact Hb].
  - intros b o F. simpl in *. rewrite find_addr_filter' in F. destruct (Nat.eqb b a); [discriminate | exact (C b o F)].
Qed.

Lemma update_closed : forall G a o, heap_closed G -> a < next G -> below (next G) (fst o) = true ->
    heap_closed (update G (VAddr a) o).
Proof.
  intros G a o [W C] Ha Ho. split.
  - intros b Hb. simpl in *. destruct (Nat.eqb_spec b a); [lia | apply W; exact Hb].
  - intros b o' F. simpl in *. destruct (Nat.eqb b a); [injection F as <-; exact Ho | exact (C b o' F)].
Qed.

Lemma let_alloc_closed : forall G bs c, heap_closed G ->
    forallb (fun p => below (next G) (snd p)) bs = true -> heap_closed (let_alloc G bs c).
Proof.
  intros G bs c [W C] Hbs. split; [apply let_alloc_wf; exact W|].
  intros a o F. unfold let_alloc in F. simpl in F |- *.
  rewrite find_addr_combine' in F by apply map_length.
  destruct ((next G <=? a) && (a <? next G + length bs)).
  - rewrite nth_error_map in F. destruct (nth_error bs (a - next G)) as [[x q]|] eqn:E; [|discriminate].
    injection F as <-. simpl. apply let_rename_below.
    apply nth_error_In in E. rewrite forallb_forall in Hbs. exact (Hbs _ E).
  - eapply below_mono; [|exact (C a o F)]. lia.
Qed.

(* ---- an evaluation keeps heaps closed ---- *)

Theorem eval_closed : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> heap_closed G -> below (next G) e = true ->
    heap_closed D /\ below (next D) z = true.
Proof.
  eval_induction; intros HG He; simpl in He; bsplit.
  - split; assumption.
  - destruct (IH1 HG H) as (HT & Hl). simpl in Hl.
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply IH2; [exact HT|]. apply below_subst; [|exact Hl].
    eapply var_below_mono; [exact N1 | exact H0].
  - destruct (lookup_below _ _ _ HG L) as (a & -> & _ & Hz). split; assumption.
  - destruct (lookup_below _ _ _ HG L) as (a & -> & Ha & Hb). simpl in Hb.
    destruct (IH (remove_closed _ _ HG) Hb) as (HD & Hz).
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as N. simpl in N.
    split; [apply update_closed; [exact HD | lia | exact Hz] | exact Hz].
  - apply IH; [apply let_alloc_closed; assumption|].
    simpl. apply let_rename_below. exact H0.
  - destruct (IH1 HG H) as (HT & Hk). simpl in Hk.
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply IH2; [exact HT|]. apply below_substs; [exact Hk|].
    eapply below_mono; [exact N1 | eapply select_below; eassumption].
  - destruct (IH1 HG H) as (HT & _).
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply IH2; [exact HT|]. eapply below_mono; [exact N1 | eassumption].
  - apply IH; assumption.
  - apply IH; assumption.
  - destruct (IH1 HG (atom_expr_below _ _ H)) as (H1 & _).
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    destruct (IH2 H1 (atom_expr_below _ _ (atom_below_mono _ _ _ N1 H0))) as (H2 & _).
    split; [exact H2 | eapply prim_result_below; eassumption].
Qed.

(* ---- renamings that move only what is past next ---- *)

Lemma rn_var_below : forall r n x, (forall a, a < n -> r a = a) -> var_below n x = true -> rn_var r x = x.
Proof. intros r n [s|a] H B; simpl in *; [reflexivity|]. apply Nat.ltb_lt in B. rewrite H; auto. Qed.

Fixpoint rn_below (r : nat -> nat) (n : nat) (Hr : forall a, a < n -> r a = a) (e : expr) {struct e} :
  below n e = true -> rn_expr r e = e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|k|op a1 a2]; simpl; intros H.
  - bsplit. rewrite (rn_below r n Hr b H). reflexivity.
  - bsplit. rewrite (rn_below r n Hr f H), (rn_var_below r n v Hr H0). reflexivity.
  - bsplit. rewrite (rn_var_below r n v Hr H). reflexivity.
  - bsplit. rewrite (rn_below r n Hr b H0). f_equal.
    induction bs as [|[w q] bs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (rn_below r n Hr q H), IH; [reflexivity | exact H1].
  - bsplit. f_equal. induction xs as [|v xs IH]; simpl in *; [reflexivity|]. bsplit.
    rewrite (rn_var_below r n v Hr H), IH; [reflexivity | exact H0].
  - apply andb_prop in H; destruct H as [H Hd]; apply andb_prop in H; destruct H as [Hs Ha].
    rewrite (rn_below r n Hr s Hs). f_equal.
    + clear Hd. induction alts as [|[[c ys] q] alts IH]; simpl in *; [reflexivity|].
      apply andb_prop in Ha. destruct Ha as [Hq Ha].
      rewrite (rn_below r n Hr q Hq), IH; [reflexivity | exact Ha].
    + destruct d; [rewrite (rn_below r n Hr e Hd)|]; reflexivity.
  - bsplit. rewrite (rn_below r n Hr b H). reflexivity.
  - bsplit. rewrite (rn_below r n Hr b H). reflexivity.
  - bsplit. reflexivity.
  - bsplit. destruct a1 as [v1|k1], a2 as [v2|k2]; simpl in *; try rewrite (rn_var_below r n v1 Hr H);
      try rewrite (rn_var_below r n v2 Hr H0); reflexivity.
Qed.
