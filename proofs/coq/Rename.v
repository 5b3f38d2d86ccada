(* Rename.v -- renaming of heap addresses (docs/coq.md, T3).

   A run that forces a thunk early allocates that thunk's lets earlier, so
   its heap objects sit at other addresses than in the plain run: the two
   runs can only be compared up to a renaming of addresses.  This file
   gives the renaming of an expression (rn_expr r: every address a becomes
   r a; names are untouched, so renaming commutes with the substitution of
   an address for a name), and the relation heap_rn r G G' between two
   heaps: r maps the addresses G has allocated one to one into those G'
   has allocated, each bound object of G is bound at its image in G',
   renamed, with the same cost centre, every object bound in G' is the
   image of one of G, and the addresses not yet allocated are matched in
   order (r (next G + i) = next G' + i), so that a let allocates matching
   addresses on both sides and r needs no extension along a derivation.

   Proven here, for both rule sets and both scopings: a derivation in G
   is a derivation in G' of the renamed expression with the same theta (as
   a function: charges name cost centres, which are not renamed), a final
   heap related by the same r, and the renamed value (eval_rn). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep.
Import ListNotations.
Open Scope nat_scope.

Definition rn_var (r : nat -> nat) (x : var) : var :=
  match x with VAddr a => VAddr (r a) | VName s => VName s end.

Definition rn_atom (r : nat -> nat) (t : atom) : atom :=
  match t with AVar x => AVar (rn_var r x) | AInt n => AInt n end.

Fixpoint rn_expr (r : nat -> nat) (e : expr) : expr :=
  match e with
  | Lam y b => Lam y (rn_expr r b)
  | App f x => App (rn_expr r f) (rn_var r x)
  | Var x => Var (rn_var r x)
  | Let bs b => Let (map (fun p => (fst p, rn_expr r (snd p))) bs) (rn_expr r b)
  | Con c xs => Con c (map (rn_var r) xs)
  | Case s alts d =>
      Case (rn_expr r s)
           (map (fun alt => match alt with (c, ys, b) => (c, ys, rn_expr r b) end) alts)
           (match d with Some de => Some (rn_expr r de) | None => None end)
  | Scc c b => Scc c (rn_expr r b)
  | SccSub c b => SccSub c (rn_expr r b)
  | Int n => Int n
  | Prim op a1 a2 => Prim op (rn_atom r a1) (rn_atom r a2)
  end.

Definition rn_bs (r : nat -> nat) (bs : list (string * expr)) : list (string * expr) :=
  map (fun p => (fst p, rn_expr r (snd p))) bs.

Definition rn_alts (r : nat -> nat) (alts : list (string * list string * expr)) :=
  map (fun alt => match alt with (c, ys, b) => (c, ys, rn_expr r b) end) alts.

Definition rn_obj (r : nat -> nat) (o : obj) : obj := (rn_expr r (fst o), snd o).

(* ---- renaming and substitution commute ---- *)

Lemma rn_subst_var : forall r y x v,
    rn_var r (subst_var y x v) = subst_var y (rn_var r x) (rn_var r v).
Proof.
  intros r y x [s|a]; simpl; [destruct (string_dec s y)|]; reflexivity.
Qed.

Lemma rn_subst_atom : forall r y x t,
    rn_atom r (subst_atom y x t) = subst_atom y (rn_var r x) (rn_atom r t).
Proof. intros r y x [v|n]; simpl; [rewrite rn_subst_var|]; reflexivity. Qed.

Lemma existsb_rn_bs : forall r y bs,
    existsb (fun p => String.eqb (fst p) y) (rn_bs r bs) =
    existsb (fun p => String.eqb (fst p) y) bs.
Proof. induction bs as [|[x b] bs IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

Fixpoint rn_subst (r : nat -> nat) (y : string) (x : var) (e : expr) {struct e} :
  rn_expr r (subst y x e) = subst y (rn_var r x) (rn_expr r e).
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl.
  - destruct (string_dec z y); simpl; [reflexivity | rewrite rn_subst; reflexivity].
  - rewrite rn_subst, rn_subst_var. reflexivity.
  - rewrite rn_subst_var. reflexivity.
  - fold (rn_bs r bs). rewrite existsb_rn_bs.
    destruct (existsb _ bs); simpl; [reflexivity|].
    rewrite rn_subst. f_equal. unfold rn_bs.
    induction bs as [|[w q] bs IH]; simpl; [reflexivity|].
    rewrite rn_subst, IH. reflexivity.
  - f_equal. induction xs as [|v xs IH]; simpl; [reflexivity|].
    rewrite rn_subst_var, IH. reflexivity.
  - rewrite rn_subst. f_equal.
    + induction alts as [|[[c ys] q] alts IH]; simpl; [reflexivity|].
      destruct (existsb _ ys); simpl; rewrite IH; [reflexivity|].
      rewrite rn_subst. reflexivity.
    + destruct d; simpl; [rewrite rn_subst|]; reflexivity.
  - rewrite rn_subst. reflexivity.
  - rewrite rn_subst. reflexivity.
  - reflexivity.
  - rewrite !rn_subst_atom. reflexivity.
Qed.

Lemma rn_substs : forall r ys xs e,
    rn_expr r (substs ys xs e) = substs ys (map (rn_var r) xs) (rn_expr r e).
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs as [|x xs]; simpl; try reflexivity.
  rewrite IH, rn_subst. reflexivity.
Qed.

Lemma is_value_rn : forall r e, is_value (rn_expr r e) = is_value e.
Proof. intros r e; destruct e; reflexivity. Qed.

Lemma atom_expr_rn : forall r t, rn_expr r (atom_expr t) = atom_expr (rn_atom r t).
Proof. intros r [v|n]; reflexivity. Qed.

Lemma prim_result_rn : forall r op n1 n2 v, prim_result op n1 n2 = Some v -> rn_expr r v = v.
Proof.
  intros r op n1 n2 v H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]]; [|destruct b]; reflexivity.
Qed.

Lemma select_rn : forall r alts k,
    select (rn_alts r alts) k =
    match select alts k with Some (ys, b) => Some (ys, rn_expr r b) | None => None end.
Proof.
  induction alts as [|[[c ys] b] alts IH]; intros k; simpl; [reflexivity|].
  destruct (String.eqb k c); [reflexivity | apply IH].
Qed.

Lemma no_alt_rn : forall r alts v, no_alt alts v -> no_alt (rn_alts r alts) (rn_expr r v).
Proof.
  intros r alts v H. destruct v; simpl in *; auto.
  rewrite select_rn, H. reflexivity.
Qed.

(* ---- heaps related by a renaming ---- *)

Record heap_rn (r : nat -> nat) (G G' : heap) : Prop := {
  hr_lt : forall a, a < next G -> r a < next G';
  hr_inj : forall a b, a < next G -> b < next G -> r a = r b -> a = b;
  hr_beyond : forall a, next G <= a -> r a = next G' + (a - next G);
  hr_find : forall a, find_addr (r a) (binds G') = option_map (rn_obj r) (find_addr a (binds G));
  hr_wf : forall a, next G <= a -> find_addr a (binds G) = None;
  hr_wf' : forall b, next G' <= b -> find_addr b (binds G') = None;
  hr_onto : forall b, find_addr b (binds G') <> None -> exists a, r a = b
}.

Lemma hr_inj_all : forall r G G', heap_rn r G G' -> forall a b, r a = r b -> a = b.
Proof.
  intros r G G' H a b E.
  destruct (Nat.ltb_spec a (next G)), (Nat.ltb_spec b (next G)).
  - apply (hr_inj _ _ _ H); assumption.
  - pose proof (hr_lt _ _ _ H a ltac:(assumption)). rewrite (hr_beyond _ _ _ H b) in E; lia.
  - pose proof (hr_lt _ _ _ H b ltac:(assumption)). rewrite (hr_beyond _ _ _ H a) in E; lia.
  - rewrite (hr_beyond _ _ _ H a), (hr_beyond _ _ _ H b) in E; lia.
Qed.

Lemma rn_var_id : forall x, rn_var (fun a => a) x = x.
Proof. intros [s|a]; reflexivity. Qed.

Fixpoint rn_id (e : expr) : rn_expr (fun a => a) e = e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl;
    try rewrite !rn_id; try rewrite rn_var_id; try reflexivity.
  - f_equal. induction bs as [|[w q] bs IH]; simpl; [reflexivity|]. rewrite rn_id, IH. reflexivity.
  - f_equal. induction xs as [|v xs IH]; simpl; [reflexivity|]. rewrite rn_var_id, IH. reflexivity.
  - f_equal.
    + induction alts as [|[[c ys] q] alts IH]; simpl; [reflexivity|]. rewrite rn_id, IH. reflexivity.
    + destruct d; simpl; [rewrite rn_id|]; reflexivity.
  - destruct a1 as [[]|], a2 as [[]|]; reflexivity.
Qed.

(* The identity renaming relates a well-formed heap to itself. *)
Definition heap_wf (G : heap) : Prop := forall a, next G <= a -> find_addr a (binds G) = None.

Lemma heap_rn_id : forall G, heap_wf G -> heap_rn (fun a => a) G G.
Proof.
  intros G W. constructor; auto; try lia.
  - intros a. destruct (find_addr a (binds G)) as [[e c]|]; [|reflexivity].
    unfold rn_obj. simpl. rewrite rn_id. reflexivity.
  - eauto.
Qed.

Lemma lookup_rn : forall r G G' x o, heap_rn r G G' -> lookup G x = Some o ->
    lookup G' (rn_var r x) = Some (rn_obj r o).
Proof.
  intros r G G' [v|a] o H L; simpl in *; [discriminate|].
  rewrite (hr_find _ _ _ H), L. reflexivity.
Qed.

Lemma lookup_lt : forall r G G' x o, heap_rn r G G' -> lookup G x = Some o ->
    exists a, x = VAddr a /\ a < next G.
Proof.
  intros r G G' [v|a] o H L; simpl in *; [discriminate|]. exists a. split; [reflexivity|].
  destruct (Nat.ltb_spec a (next G)); [assumption|].
  rewrite (hr_wf _ _ _ H a) in L; [discriminate | assumption].
Qed.

Lemma find_addr_filter' : forall l a b,
    find_addr b (filter (fun p => negb (Nat.eqb (fst p) a)) l) =
    if Nat.eqb b a then None else find_addr b l.
Proof.
  induction l as [|[c o] l IH]; intros a b; simpl.
  - destruct (Nat.eqb b a); reflexivity.
  - destruct (Nat.eqb_spec c a) as [->|Hne]; simpl.
    + rewrite IH. destruct (Nat.eqb_spec b a); reflexivity.
    + rewrite IH. destruct (Nat.eqb_spec b a) as [->|Hba]; [|reflexivity].
      destruct (Nat.eqb_spec a c); [congruence | reflexivity].
Qed.

Lemma remove_rn : forall r G G' x, heap_rn r G G' ->
    heap_rn r (remove G x) (remove G' (rn_var r x)).
Proof.
  intros r G G' [v|a] H; [exact H|]. simpl.
  pose proof (hr_inj_all _ _ _ H) as Inj.
  constructor; simpl.
  - apply (hr_lt _ _ _ H).
  - apply (hr_inj _ _ _ H).
  - apply (hr_beyond _ _ _ H).
  - intros b. rewrite !find_addr_filter', (hr_find _ _ _ H).
    destruct (Nat.eqb_spec (r b) (r a)), (Nat.eqb_spec b a); subst; try reflexivity.
    + apply Inj in e. contradiction.
    + contradiction.
  - intros b Hb. rewrite find_addr_filter', (hr_wf _ _ _ H b Hb). destruct (Nat.eqb b a); reflexivity.
  - intros b Hb. rewrite find_addr_filter', (hr_wf' _ _ _ H b Hb). destruct (Nat.eqb b (r a)); reflexivity.
  - intros b Hb. rewrite find_addr_filter' in Hb. destruct (Nat.eqb b (r a)); [congruence|].
    apply (hr_onto _ _ _ H b Hb).
Qed.

Lemma update_rn : forall r G G' a o, heap_rn r G G' -> a < next G ->
    heap_rn r (update G (VAddr a) o) (update G' (VAddr (r a)) (rn_obj r o)).
Proof.
  intros r G G' a o H Ha. simpl.
  pose proof (hr_inj_all _ _ _ H) as Inj.
  pose proof (hr_lt _ _ _ H a Ha) as Hra.
  constructor; simpl.
  - apply (hr_lt _ _ _ H).
  - apply (hr_inj _ _ _ H).
  - apply (hr_beyond _ _ _ H).
  - intros b. rewrite (hr_find _ _ _ H).
    destruct (Nat.eqb_spec (r b) (r a)), (Nat.eqb_spec b a); subst; try reflexivity.
    + apply Inj in e. contradiction.
    + contradiction.
  - intros b Hb. destruct (Nat.eqb_spec b a); [lia|]. apply (hr_wf _ _ _ H b Hb).
  - intros b Hb. destruct (Nat.eqb_spec b (r a)); [lia|]. apply (hr_wf' _ _ _ H b Hb).
  - intros b Hb. destruct (Nat.eqb_spec b (r a)); [eauto|]. apply (hr_onto _ _ _ H b Hb).
Qed.

(* ---- let ---- *)

Lemma find_addr_combine' : forall (l : list obj) n k a rest, length l = k ->
    find_addr a (combine (seq n k) l ++ rest) =
    if (n <=? a) && (a <? n + k) then nth_error l (a - n) else find_addr a rest.
Proof. intros l n k a rest <-. apply find_addr_combine. Qed.


Lemma map_rn_seq : forall r k s s', (forall i, i < k -> r (s + i) = s' + i) ->
    map (rn_var r) (map VAddr (seq s k)) = map VAddr (seq s' k).
Proof.
  induction k as [|k IH]; intros s s' H; simpl; [reflexivity|].
  f_equal.
  - f_equal. specialize (H 0 ltac:(lia)). rewrite !Nat.add_0_r in H. exact H.
  - apply IH. intros i Hi. specialize (H (S i) ltac:(lia)).
    replace (S s + i) with (s + S i) by lia. rewrite H. lia.
Qed.

(* A renaming that maps the next addresses of G to those of G', in order,
   renames a let's substitution of the addresses it allocates. *)
Lemma rn_let_rename_at : forall r G G' bs e,
    (forall i, r (next G + i) = next G' + i) ->
    rn_expr r (let_rename G bs e) = let_rename G' (rn_bs r bs) (rn_expr r e).
Proof.
  intros r G G' bs e R. unfold let_rename, let_addrs, rn_bs.
  rewrite rn_substs, map_length.
  replace (map fst (map (fun p => (fst p, rn_expr r (snd p))) bs)) with (map fst bs)
    by (rewrite map_map; reflexivity).
  f_equal. apply map_rn_seq. intros i _. apply R.
Qed.

Lemma rn_let_rename : forall r G G' bs e, heap_rn r G G' ->
    rn_expr r (let_rename G bs e) = let_rename G' (rn_bs r bs) (rn_expr r e).
Proof.
  intros r G G' bs e H. apply rn_let_rename_at. intros i.
  rewrite (hr_beyond _ _ _ H); [|lia].
  replace (next G + i - next G) with i by lia. reflexivity.
Qed.

Ltac bools :=
  repeat match goal with
         | |- context [?x <=? ?y] =>
             first [ replace (x <=? y) with true by (symmetry; apply Nat.leb_le; lia)
                   | replace (x <=? y) with false by (symmetry; apply Nat.leb_gt; lia) ]
         | |- context [?x <? ?y] =>
             first [ replace (x <? y) with true by (symmetry; apply Nat.ltb_lt; lia)
                   | replace (x <? y) with false by (symmetry; apply Nat.ltb_ge; lia) ]
         end; simpl andb.

Lemma let_alloc_rn : forall r G G' bs c, heap_rn r G G' ->
    heap_rn r (let_alloc G bs c) (let_alloc G' (rn_bs r bs) c).
Proof.
  intros r G G' bs c H. unfold let_alloc. simpl.
  assert (Lb : length (rn_bs r bs) = length bs) by apply map_length.
  rewrite Lb.
  set (l := map (fun p => (let_rename G bs (snd p), c)) bs).
  set (l' := map (fun p => (let_rename G' (rn_bs r bs) (snd p), c)) (rn_bs r bs)).
  assert (Ll : length l = length bs) by apply map_length.
  assert (Ll' : length l' = length bs) by (unfold l'; rewrite map_length; exact Lb).
  pose proof (hr_beyond _ _ _ H) as Bey.
  pose proof (hr_lt _ _ _ H) as Lt.
  constructor; simpl.
  - intros a Ha. destruct (Nat.ltb_spec a (next G)); [specialize (Lt a); lia|].
    rewrite Bey; lia.
  - intros a b _ _. apply (hr_inj_all _ _ _ H).
  - intros a Ha. rewrite Bey; lia.
  - intros a. rewrite !find_addr_combine' by assumption.
    destruct (Nat.ltb_spec a (next G)) as [Ha|Ha].
    + specialize (Lt a Ha). bools. apply (hr_find _ _ _ H).
    + rewrite (Bey a Ha).
      destruct (Nat.ltb_spec a (next G + length bs)); bools.
      * replace (next G' + (a - next G) - next G') with (a - next G) by lia.
        unfold l', l, rn_bs. rewrite map_map, !nth_error_map.
        destruct (nth_error bs (a - next G)) as [[x q]|]; simpl; [|reflexivity].
        unfold rn_obj. simpl. rewrite (rn_let_rename _ _ _ _ _ H). reflexivity.
      * rewrite (hr_wf _ _ _ H a), (hr_wf' _ _ _ H); [reflexivity | lia | lia].
  - intros a Ha. rewrite find_addr_combine' by assumption. bools.
    apply (hr_wf _ _ _ H). lia.
  - intros b Hb. rewrite find_addr_combine' by assumption. bools.
    apply (hr_wf' _ _ _ H). lia.
  - intros b Hb. rewrite find_addr_combine' in Hb by assumption.
    destruct ((next G' <=? b) && (b <? next G' + length bs)) eqn:E.
    + apply andb_true_iff in E. destruct E as [E1 E2].
      apply Nat.leb_le in E1. exists (next G + (b - next G')). rewrite Bey; lia.
    + apply (hr_onto _ _ _ H b Hb).
Qed.

(* ---- a derivation only ever allocates ---- *)

Lemma eval_next : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> next G <= next D.
Proof.
  induction 1; simpl in *; try lia.
  destruct x; simpl in *; lia.
Qed.

(* ---- the derivation, renamed ---- *)

Theorem eval_rn : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz ->
    forall r G', heap_rn r G G' ->
    exists D', eval rs sc c G' (rn_expr r e) t D' (rn_expr r z) cz /\ heap_rn r D D'.
Proof.
  eval_induction;
    intros r G' H; simpl.
  - exists G'. split; [constructor; rewrite is_value_rn; exact Hv | exact H].
  - destruct (IH1 r G' H) as (T' & E1' & HT). simpl in E1'.
    destruct (IH2 r T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD]. eapply EvApp; [exact E1'|].
    rewrite <- rn_subst. exact E2'.
  - exists G'. split; [|exact H].
    apply (lookup_rn _ _ _ _ _ H) in L. unfold rn_obj in L. simpl in L.
    eapply EvVarValue; [exact L | rewrite is_value_rn; exact Hv].
  - destruct (lookup_lt _ _ _ _ _ H L) as (a & -> & Ha).
    pose proof (lookup_rn _ _ _ _ _ H L) as L'. unfold rn_obj in L'. simpl in L'.
    destruct (IH r _ (remove_rn _ _ _ (VAddr a) H)) as (D' & E' & HD).
    exists (update D' (VAddr (r a)) (rn_expr r z, cz)). split.
    + eapply EvVarThunk; [exact L' | rewrite is_value_rn; exact Hv | exact E'].
    + apply (update_rn _ _ _ a (z, cz) HD).
      pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as Nx. simpl in Nx. lia.
  - pose proof (let_alloc_rn _ _ _ bs c H) as HL.
    destruct (IH r _ HL) as (D' & E' & HD).
    exists D'. split; [|exact HD].
    fold (rn_bs r bs). replace (length bs) with (length (rn_bs r bs)) by apply map_length.
    apply EvLet. rewrite <- (rn_let_rename _ _ _ _ _ H). exact E'.
  - destruct (IH1 r G' H) as (T' & E1' & HT). simpl in E1'.
    destruct (IH2 r T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD].
    eapply EvCase; [exact E1' | | | rewrite <- rn_substs; exact E2'].
    + fold (rn_alts r alts). rewrite select_rn, Sel. reflexivity.
    + rewrite map_length. exact Len.
  - destruct (IH1 r G' H) as (T' & E1' & HT).
    destruct (IH2 r T' HT) as (D' & E2' & HD).
    exists D'. split; [|exact HD].
    eapply EvCaseDefault; [exact E1' | | exact E2'].
    fold (rn_alts r alts). apply no_alt_rn. exact Na.
  - destruct (IH r G' H) as (D' & E' & HD). exists D'. split; [constructor; exact E' | exact HD].
  - destruct (IH r G' H) as (D' & E' & HD). exists D'. split; [constructor; exact E' | exact HD].
  - destruct (IH1 r G' H) as (G1' & E1' & H1).
    destruct (IH2 r G1' H1) as (G2' & E2' & H2).
    exists G2'. split; [|exact H2].
    rewrite (prim_result_rn _ _ _ _ _ Pr).
    rewrite atom_expr_rn in E1', E2'.
    eapply EvPrim; [exact E1' | exact E2' | exact Pr].
Qed.
