(* SubNeverCurrent.v -- docs/semantics.md section 2 says "A program may not
   use MAIN, SUB, CAF or a CAF: name in an scc".  Of that rule this file
   uses one consequence: in a program with no scc "SUB" (nor scc_sub "SUB"),
   SUB is never the current cost centre of a plain run, under either rule
   set and scoping.  Only values are built under SUB (section 2's initial
   heap), and entering one gives SUB(SUB, cc) = SUBCAF(SUB, cc) = cc.

   It discharges the fig2 side condition of
   ForceAtDemand.force_at_demand_rs for every such program. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run
        Ccm.Program Ccm.ForceAtDemand.
Import ListNotations.
Open Scope string_scope.

(* No scc "SUB" and no scc_sub "SUB" anywhere in e. *)
Fixpoint no_sub_scc (e : expr) : bool :=
  match e with
  | Lam _ b => no_sub_scc b
  | App f _ => no_sub_scc f
  | Var _ | Con _ _ | Int _ | Prim _ _ _ => true
  | Let bs b => forallb (fun p => no_sub_scc (snd p)) bs && no_sub_scc b
  | Case s alts d =>
      no_sub_scc s && forallb (fun alt => no_sub_scc (snd alt)) alts &&
      match d with Some de => no_sub_scc de | None => true end
  | Scc c b | SccSub c b => negb (String.eqb c "SUB") && no_sub_scc b
  end.

(* Renaming neither adds nor removes an scc. *)
Fixpoint no_sub_scc_subst (y : string) (a : var) (e : expr) {struct e} :
  no_sub_scc (subst y a e) = no_sub_scc e.
Proof.
  destruct e as [z b|f x|x|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl.
  - destruct (string_dec z y); simpl; [reflexivity | apply no_sub_scc_subst].
  - apply no_sub_scc_subst.
  - reflexivity.
  - destruct (existsb _ bs); simpl; [reflexivity|].
    rewrite no_sub_scc_subst. f_equal.
    induction bs as [|[x r] bs IH]; simpl; [reflexivity|].
    rewrite no_sub_scc_subst, IH. reflexivity.
  - reflexivity.
  - rewrite no_sub_scc_subst. f_equal; [f_equal|].
    + induction alts as [|[[c ys] r] alts IH]; simpl; [reflexivity|].
      destruct (existsb _ ys); simpl; rewrite IH; [reflexivity|].
      rewrite no_sub_scc_subst. reflexivity.
    + destruct d; simpl; [apply no_sub_scc_subst | reflexivity].
  - rewrite no_sub_scc_subst. reflexivity.
  - rewrite no_sub_scc_subst. reflexivity.
  - reflexivity.
  - reflexivity.
Qed.

Lemma no_sub_scc_substs : forall ys xs e, no_sub_scc (substs ys xs e) = no_sub_scc e.
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs; simpl; try reflexivity.
  rewrite IH. apply no_sub_scc_subst.
Qed.

Lemma is_value_substs : forall ys xs e, is_value (substs ys xs e) = is_value e.
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs; simpl; try reflexivity.
  rewrite IH. apply is_value_subst.
Qed.

(* A heap object is fine when its expression has no scc "SUB" and, if it
   is a thunk, it was not built under SUB. *)
Definition obj_ok (o : obj) : Prop :=
  no_sub_scc (fst o) = true /\ (is_value (fst o) = false -> snd o <> "SUB").

Definition heap_ok (h : heap) : Prop := Forall (fun p => obj_ok (snd p)) (binds h).

(* A frame is fine when the cost centre it saved is not SUB and the code it
   holds has no scc "SUB". *)
Definition frame_ok (f : frame) : Prop :=
  match f with
  | FArg _ c | FUpd _ c | FPrim1 _ _ c | FPrim2 _ _ c => c <> "SUB"
  | FCase alts d c =>
      c <> "SUB" /\ forallb (fun alt => no_sub_scc (snd alt)) alts = true /\
      match d with Some de => no_sub_scc de = true | None => True end
  | FResume e c => c <> "SUB" /\ no_sub_scc e = true
  end.

Definition state_ok (s : state) : Prop :=
  ccc s <> "SUB" /\ heap_ok (hp s) /\ no_sub_scc (ctl s) = true /\ Forall frame_ok (stk s).

Lemma find_addr_ok : forall a l o,
    Forall (fun p => obj_ok (snd p)) l -> find_addr a l = Some o -> obj_ok o.
Proof.
  intros a l o H. induction H as [|[b o'] l Ho Hl IH]; simpl; [discriminate|].
  destruct (Nat.eqb a b); [intros E; injection E as <-; exact Ho | exact IH].
Qed.

Lemma lookup_ok : forall h x o, heap_ok h -> lookup h x = Some o -> obj_ok o.
Proof.
  intros h x o H. destruct x; simpl; [discriminate|]. apply find_addr_ok; exact H.
Qed.

Lemma remove_ok : forall h x, heap_ok h -> heap_ok (remove h x).
Proof.
  intros h x H. destruct x; simpl; [exact H|].
  unfold heap_ok in *; simpl. apply Forall_forall. intros p Hp.
  apply filter_In in Hp. destruct Hp as [Hp _].
  rewrite Forall_forall in H. apply H, Hp.
Qed.

Lemma update_ok : forall h x o, heap_ok h -> obj_ok o -> heap_ok (update h x o).
Proof.
  intros h x o H Ho. destruct x; simpl; [exact H|]. constructor; assumption.
Qed.

Lemma let_alloc_ok : forall h bs c, heap_ok h -> c <> "SUB" ->
    forallb (fun p => no_sub_scc (snd p)) bs = true -> heap_ok (let_alloc h bs c).
Proof.
  intros h bs c H Hc Hbs. unfold heap_ok, let_alloc; simpl.
  apply Forall_app. split; [|exact H].
  apply Forall_forall. intros [a o] Hin.
  apply in_combine_r in Hin. apply in_map_iff in Hin.
  destruct Hin as ([x r] & <- & Hr). simpl.
  rewrite forallb_forall in Hbs. specialize (Hbs _ Hr). simpl in Hbs.
  unfold obj_ok, let_rename; simpl.
  split; [rewrite no_sub_scc_substs; exact Hbs|].
  intros _. exact Hc.
Qed.

Lemma select_ok : forall alts k ys b,
    forallb (fun alt => no_sub_scc (snd alt)) alts = true ->
    select alts k = Some (ys, b) -> no_sub_scc b = true.
Proof.
  induction alts as [|[[c ys'] b'] alts IH]; intros k ys b H E; simpl in *; [discriminate|].
  apply andb_prop in H. destruct H as [H1 H2].
  destruct (String.eqb k c); [injection E as <- <-; exact H1 | eapply IH; eassumption].
Qed.

Lemma prim_result_ok : forall op n1 n2 r, prim_result op n1 n2 = Some r -> no_sub_scc r = true.
Proof.
  intros op n1 n2 r H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]];
    [reflexivity | destruct b; reflexivity].
Qed.

(* The cost centres the rows compute from two that are not SUB, or from a
   value's (any) and one that is not SUB, are not SUB. *)
Lemma entered_ok : forall rs cz c, c <> "SUB" -> entered rs cz c <> "SUB".
Proof.
  intros rs cz c Hc. destruct rs; unfold entered, sub_cc, subcaf.
  - destruct (string_dec cz "SUB"); [exact Hc | exact n].
  - destruct (is_caf_or_sub cz) eqn:E; [exact Hc|].
    intros ->. discriminate E.
Qed.

Lemma updated_ok : forall rs cz c, cz <> "SUB" -> c <> "SUB" -> updated rs cz c <> "SUB".
Proof.
  intros rs cz c Hz Hc. destruct rs; unfold updated, subcaf; [exact Hz|].
  destruct (is_caf_or_sub cz); assumption.
Qed.

(* One row keeps a state fine. *)
Lemma step_ok : forall rs sc s s', step rs sc s s' -> state_ok s -> state_ok s'.
Proof.
  intros rs sc s s' St (Hc & Hh & He & Hs).
  destruct St; simpl in *; unfold state_ok; simpl;
    refine (conj _ (conj _ (conj _ _)));
    try assumption;
    (* pop the top frame where there is one *)
    try match goal with
        | Hs : Forall frame_ok (_ :: _) |- _ =>
            inversion Hs as [|? ? Hf HS]; subst; simpl in Hf
        end;
    try assumption.
  - (* app1 *) constructor; [exact Hc | exact Hs].
  - (* app2 *) destruct sc; assumption.
  - rewrite no_sub_scc_subst. exact He.
  - (* var1 *) apply entered_ok; exact Hc.
  - apply (lookup_ok _ _ _ Hh) in H. exact (proj1 H).
  - (* var2 *) apply (lookup_ok _ _ _ Hh) in H. apply (proj2 H). exact H0.
  - apply remove_ok; exact Hh.
  - apply (lookup_ok _ _ _ Hh) in H. exact (proj1 H).
  - constructor; [exact Hc | exact Hs].
  - (* var3 *) apply updated_ok; assumption.
  - apply update_ok; [exact Hh|]. split; [exact He|]. simpl. intros E. congruence.
  - (* let *) apply andb_prop in He. apply let_alloc_ok; [exact Hh | exact Hc | apply He].
  - apply andb_prop in He. unfold let_rename. rewrite no_sub_scc_substs. apply He.
  - (* case1 *) apply andb_prop in He. destruct He as [He _].
    apply andb_prop in He. apply He.
  - apply andb_prop in He. destruct He as [He Hd].
    apply andb_prop in He. destruct He as [_ Halts].
    constructor; [|exact Hs]. simpl. split; [exact Hc|]. split; [exact Halts|].
    destruct d; [exact Hd | exact I].
  - (* case2 *) destruct Hf as (Hcf & _). exact Hcf.
  - destruct Hf as (Hcf & Halts & _).
    rewrite no_sub_scc_substs. eapply select_ok; eassumption.
  - (* case2 default *) destruct Hf as (Hcf & _). exact Hcf.
  - destruct Hf as (_ & _ & Hd). exact Hd.
  - (* scc *) apply andb_prop in He. destruct He as [Hc' _].
    apply negb_true_iff, String.eqb_neq in Hc'. exact Hc'.
  - apply andb_prop in He. apply He.
  - (* scc_sub *) apply andb_prop in He. destruct He as [Hc' _].
    apply negb_true_iff, String.eqb_neq in Hc'. exact Hc'.
  - apply andb_prop in He. apply He.
  - (* prim1 *) destruct a1; reflexivity.
  - constructor; [exact Hc | exact Hs].
  - (* prim2 *) destruct a2; reflexivity.
  - constructor; [exact Hf | exact HS].
  - (* prim3 *) eapply prim_result_ok; eassumption.
  - (* resume *) apply Hf.
  - apply Hf.
Qed.

Lemma steps_ok : forall rs sc n s s', steps rs sc n s s' -> state_ok s -> state_ok s'.
Proof. induction 1; intros; [assumption | eapply IHsteps, step_ok; eassumption]. Qed.

(* A program obeying section 2's rule about SUB. *)
Definition prog_no_sub (p : program) : bool :=
  no_sub_scc (main_rhs p) && forallb (fun b => no_sub_scc (snd b)) (tops p).

(* Its initial state is fine: main under MAIN, values under SUB, CAFs under
   a CAF: name. *)
Lemma init_state_ok : forall p, prog_no_sub p = true -> state_ok (init_state p).
Proof.
  intros p H. apply andb_prop in H. destruct H as [Hm Ht].
  unfold state_ok, init_state, init_cc, init_ctl; cbn [ccc hp ctl stk].
  split; [discriminate|]. split; [|split; [reflexivity | constructor]].
  unfold heap_ok, init_heap; cbn [binds]. constructor.
  - unfold obj_ok, rename_top; cbn [fst snd].
    split; [rewrite no_sub_scc_substs; exact Hm | discriminate].
  - apply Forall_forall. intros [a o] Hin.
    apply in_combine_r in Hin. apply in_map_iff in Hin.
    destruct Hin as ([x r] & <- & Hr). unfold obj_ok, rename_top; cbn [fst snd].
    rewrite forallb_forall in Ht. specialize (Ht _ Hr). cbn [snd] in Ht.
    split; [rewrite no_sub_scc_substs; exact Ht|].
    intros Hv. unfold top_cc.
    rewrite is_value_substs in Hv. rewrite Hv. discriminate.
Qed.

(* The consequence: SUB is never current in a plain run of such a
   program, under either rule set and scoping. *)
Theorem sub_never_current : forall rs sc p n s,
    prog_no_sub p = true -> steps rs sc n (init_state p) s -> ccc s <> "SUB".
Proof.
  intros rs sc p n s Hp R. apply (steps_ok _ _ _ _ _ R (init_state_ok p Hp)).
Qed.

(* So the smallest case of T3 (ForceAtDemand.v) holds under both rule sets
   at every state a plain run of such a program reaches with a thunk's
   variable in control. *)
Corollary force_at_demand_program : forall rs sc p i s0 x e ce n sf,
    prog_no_sub p = true ->
    steps rs sc i (init_state p) s0 -> ctl s0 = Var x ->
    lookup (hp s0) x = Some (e, ce) -> is_value e = false ->
    steps rs sc n s0 sf -> final sf ->
    exists sf', esteps rs sc (n + 2) s0 sf' /\ final sf' /\
                ccc sf' = ccc sf /\ hp sf' = hp sf /\ ctl sf' = ctl sf /\
                forall a k, th sf' a k = th sf a k.
Proof.
  intros rs sc p i s0 x e ce n sf Hp R0 Hx Hl Hv R F.
  destruct s0 as [c G e0 Sk t]; simpl in *; subst e0.
  eapply force_at_demand_rs; try eassumption.
  right. intros j s' R'. eapply sub_never_current; [exact Hp|].
  eapply steps_trans; eassumption.
Qed.
