(* SccSubErase.v -- every scc_sub "cc" e made an scc "cc" e (unsub), in a
   program (uprog) and in a state (urel s u: the same cost centre, the
   heap, control and frames of s with unsub applied, theta anything).
   scc_sub and scc set the same cost centre and differ only in what they
   charge, and nothing but theta depends on a charge: so a run of a
   program, rows and forces, either order, is a run of uprog by the same
   rows and forces, step for step (urun).  uprog keeps a program let-free,
   without scc "SUB", and makes it lean (StepCount.lean) when it is
   let-free.  T3Steps.v counts the steps of runs through this. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program
        Ccm.Order Ccm.ORun Ccm.EarlyQ Ccm.SubNeverCurrent Ccm.T3LetFree Ccm.StepCount.
Import ListNotations.
Open Scope nat_scope.

Fixpoint unsub (e : expr) : expr :=
  match e with
  | Lam y b => Lam y (unsub b)
  | App f x => App (unsub f) x
  | Var x => Var x
  | Let bs b => Let (map (fun p => (fst p, unsub (snd p))) bs) (unsub b)
  | Con c xs => Con c xs
  | Case s alts d =>
      Case (unsub s)
           (map (fun alt => match alt with (c, ys, b) => (c, ys, unsub b) end) alts)
           (match d with Some de => Some (unsub de) | None => None end)
  | Scc c b => Scc c (unsub b)
  | SccSub c b => Scc c (unsub b)
  | Int n => Int n
  | Prim op a1 a2 => Prim op a1 a2
  end.

Definition ubs (bs : list (string * expr)) : list (string * expr) :=
  map (fun p => (fst p, unsub (snd p))) bs.

Definition ualts (alts : list (string * list string * expr)) :=
  map (fun alt => match alt with (c, ys, b) => (c, ys, unsub b) end) alts.

Definition uobj (o : obj) : obj := (unsub (fst o), snd o).

(* ---- unsub and substitution commute ---- *)

Lemma existsb_ubs : forall y bs,
    existsb (fun p => String.eqb (fst p) y) (ubs bs) = existsb (fun p => String.eqb (fst p) y) bs.
Proof. induction bs as [|[x b] bs IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

Fixpoint unsub_subst (y : string) (x : var) (e : expr) {struct e} :
  unsub (subst y x e) = subst y x (unsub e).
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl.
  - destruct (string_dec z y); simpl; [reflexivity | rewrite unsub_subst; reflexivity].
  - rewrite unsub_subst. reflexivity.
  - reflexivity.
  - fold (ubs bs). rewrite existsb_ubs.
    destruct (existsb _ bs); simpl; [reflexivity|].
    rewrite unsub_subst. f_equal. unfold ubs.
    induction bs as [|[w q] bs IH]; simpl; [reflexivity|].
    rewrite unsub_subst, IH. reflexivity.
  - reflexivity.
  - rewrite unsub_subst. f_equal.
    + induction alts as [|[[c ys] q] alts IH]; simpl; [reflexivity|].
      destruct (existsb _ ys); simpl; rewrite IH; [reflexivity|].
      rewrite unsub_subst. reflexivity.
    + destruct d; simpl; [rewrite unsub_subst|]; reflexivity.
  - rewrite unsub_subst. reflexivity.
  - rewrite unsub_subst. reflexivity.
  - reflexivity.
  - reflexivity.
Qed.

Lemma unsub_substs : forall ys xs e, unsub (substs ys xs e) = substs ys xs (unsub e).
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs as [|x xs]; simpl; try reflexivity.
  rewrite IH, unsub_subst. reflexivity.
Qed.

Lemma is_value_unsub : forall e, is_value (unsub e) = is_value e.
Proof. intros e; destruct e; reflexivity. Qed.

Lemma atom_expr_unsub : forall t, unsub (atom_expr t) = atom_expr t.
Proof. intros [v|n]; reflexivity. Qed.

Lemma prim_result_unsub : forall op n1 n2 v, prim_result op n1 n2 = Some v -> unsub v = v.
Proof.
  intros op n1 n2 v H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]]; [|destruct b]; reflexivity.
Qed.

Lemma select_unsub : forall alts k,
    select (ualts alts) k =
    match select alts k with Some (ys, b) => Some (ys, unsub b) | None => None end.
Proof.
  induction alts as [|[[c ys] b] alts IH]; intros k; simpl; [reflexivity|].
  destruct (String.eqb k c); [reflexivity | apply IH].
Qed.

Lemma no_alt_unsub : forall alts v, no_alt alts v -> no_alt (ualts alts) (unsub v).
Proof.
  intros alts v H. destruct v; simpl in *; auto.
  rewrite select_unsub, H. reflexivity.
Qed.

(* ---- what unsub keeps and makes ---- *)

Fixpoint no_let_unsub (e : expr) : no_let (unsub e) = no_let e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl;
    try reflexivity; try apply no_let_unsub.
  rewrite no_let_unsub. f_equal; [f_equal|].
  - induction alts as [|[[c ys] r] alts IH]; simpl; [reflexivity|]. rewrite no_let_unsub, IH. reflexivity.
  - destruct d; simpl; [apply no_let_unsub | reflexivity].
Qed.

Fixpoint lean_unsub (e : expr) : no_let e = true -> lean (unsub e) = true.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl; intros H;
    try reflexivity; try discriminate H; try exact (lean_unsub _ H).
  apply andb_prop in H. destruct H as [H Hd]. apply andb_prop in H. destruct H as [Hs Ha].
  rewrite (lean_unsub s Hs). simpl. apply andb_true_intro. split.
  - clear Hd. induction alts as [|[[c ys] r] alts IH]; simpl in *; [reflexivity|].
    apply andb_prop in Ha. destruct Ha as [Hr Ha]. rewrite (lean_unsub r Hr). exact (IH Ha).
  - destruct d; [exact (lean_unsub _ Hd) | reflexivity].
Qed.

Fixpoint no_sub_scc_unsub (e : expr) : no_sub_scc (unsub e) = no_sub_scc e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl;
    try reflexivity; try apply no_sub_scc_unsub.
  - rewrite no_sub_scc_unsub. f_equal.
    induction bs as [|[x r] bs IH]; simpl; [reflexivity|]. rewrite no_sub_scc_unsub, IH. reflexivity.
  - rewrite no_sub_scc_unsub. f_equal; [f_equal|].
    + induction alts as [|[[c ys] r] alts IH]; simpl; [reflexivity|]. rewrite no_sub_scc_unsub, IH. reflexivity.
    + destruct d; simpl; [apply no_sub_scc_unsub | reflexivity].
  - rewrite no_sub_scc_unsub. reflexivity.
  - rewrite no_sub_scc_unsub. reflexivity.
Qed.

(* ---- heaps, frames, states ---- *)

Definition uheap (G : heap) : heap :=
  mkheap (next G) (map (fun p => (fst p, uobj (snd p))) (binds G)).

Lemma find_uheap : forall G a, find_addr a (binds (uheap G)) = option_map uobj (find_addr a (binds G)).
Proof.
  intros [n l] a. simpl. induction l as [|[b o] l IH]; simpl; [reflexivity|].
  destruct (Nat.eqb a b); [reflexivity | exact IH].
Qed.

Lemma lookup_uheap : forall G x, lookup (uheap G) x = option_map uobj (lookup G x).
Proof. intros G [nm|a]; [reflexivity | apply find_uheap]. Qed.

Lemma remove_uheap : forall G x, uheap (remove G x) = remove (uheap G) x.
Proof.
  intros [n l] [nm|a]; [reflexivity|]. unfold uheap, remove; simpl. f_equal.
  induction l as [|[b o] l IH]; simpl; [reflexivity|].
  destruct (negb (Nat.eqb b a)); simpl; rewrite IH; reflexivity.
Qed.

Lemma update_uheap : forall G x o, uheap (update G x o) = update (uheap G) x (uobj o).
Proof. intros G [nm|a] o; reflexivity. Qed.

Lemma map_combine_u : forall (l1 : list nat) (l2 : list obj),
    map (fun p => (fst p, uobj (snd p))) (combine l1 l2) = combine l1 (map uobj l2).
Proof. induction l1 as [|a l1 IH]; intros [|o l2]; simpl; try reflexivity. rewrite IH. reflexivity. Qed.

Lemma let_rename_uheap : forall G bs e,
    unsub (let_rename G bs e) = let_rename (uheap G) (ubs bs) (unsub e).
Proof.
  intros G bs e. unfold let_rename, let_addrs, ubs. rewrite unsub_substs, !map_map, map_length.
  reflexivity.
Qed.

Lemma let_alloc_uheap : forall G bs c,
    uheap (let_alloc G bs c) = let_alloc (uheap G) (ubs bs) c.
Proof.
  intros G bs c. assert (Hl : length (ubs bs) = length bs) by (unfold ubs; apply map_length).
  unfold let_alloc. rewrite Hl. unfold uheap at 1. simpl. f_equal.
  rewrite map_app, map_combine_u. f_equal. f_equal.
  unfold ubs. rewrite !map_map. apply map_ext. intros [x r]. unfold uobj. simpl.
  rewrite let_rename_uheap. reflexivity.
Qed.

Definition uframe (f : frame) : frame :=
  match f with
  | FCase alts d c => FCase (ualts alts) (match d with Some de => Some (unsub de) | None => None end) c
  | FResume e c => FResume (unsub e) c
  | _ => f
  end.

(* u is s with every scc_sub made an scc; theta anything. *)
Definition urel (s u : state) : Prop :=
  ccc u = ccc s /\ hp u = uheap (hp s) /\ ctl u = unsub (ctl s) /\ stk u = map uframe (stk s).

Lemma prim13_urel : forall s u, urel s u -> prim13_state u = prim13_state s.
Proof.
  intros [c G e S t] [c' G' e' S' t'] (H1 & H2 & H3 & H4). simpl in *. subst.
  unfold prim13_state. simpl. destruct e; try reflexivity. destruct S as [|[] S]; reflexivity.
Qed.

Lemma step_urel : forall rs sc s s' u, step rs sc s s' -> urel s u ->
    exists u', step rs sc u u' /\ urel s' u'.
Proof.
  intros rs sc s s' [c' G' e' S' t'] St (H1 & H2 & H3 & H4). simpl in *. subst.
  destruct St; simpl.
  - eexists. split; [apply Step_App1 | repeat split].
  - eexists. split; [apply Step_App2 | repeat split; simpl; rewrite ?unsub_subst; reflexivity].
  - eexists. split; [apply Step_Var1; [rewrite lookup_uheap, H; reflexivity | simpl; rewrite is_value_unsub; exact H0]|].
    repeat split.
  - eexists. split; [apply Step_Var2; [rewrite lookup_uheap, H; reflexivity | simpl; rewrite is_value_unsub; exact H0]|].
    repeat split; simpl; rewrite remove_uheap; reflexivity.
  - eexists. split; [apply Step_Var3; rewrite is_value_unsub; exact H|].
    repeat split; simpl; rewrite update_uheap; reflexivity.
  - eexists. split; [apply Step_Let|].
    repeat split; simpl; [rewrite <- let_alloc_uheap; reflexivity | rewrite let_rename_uheap; reflexivity].
  - eexists. split; [apply Step_Case1 | repeat split].
  - eexists. split; [apply Step_Case2; [rewrite select_unsub, H; reflexivity | exact H0]|].
    repeat split; simpl. rewrite unsub_substs. reflexivity.
  - eexists. split; [apply Step_Case2_Default; [rewrite is_value_unsub; exact H | apply no_alt_unsub; exact H0]|].
    repeat split.
  - eexists. split; [apply Step_Scc | repeat split].
  - eexists. split; [apply Step_Scc | repeat split].
  - eexists. split; [apply Step_Prim1 | repeat split; simpl; rewrite atom_expr_unsub; reflexivity].
  - eexists. split; [apply Step_Prim2 | repeat split; simpl; rewrite atom_expr_unsub; reflexivity].
  - eexists. split; [apply Step_Prim3; exact H | repeat split; simpl; rewrite (prim_result_unsub _ _ _ _ H); reflexivity].
  - eexists. split; [apply Step_Resume; rewrite is_value_unsub; exact H | repeat split].
Qed.

Lemma ostep_urel : forall o rs sc s s' u, ostep o rs sc s s' -> urel s u ->
    exists u', ostep o rs sc u u' /\ urel s' u'.
Proof.
  intros [|] rs sc s s' u St U; simpl in St.
  - exact (step_urel _ _ _ _ _ St U).
  - destruct St as [[P St]|St].
    + destruct (step_urel _ _ _ _ _ St U) as (u' & St' & U'). exists u'. split; [|exact U'].
      left. split; [rewrite (prim13_urel _ _ U); exact P | exact St'].
    + destruct u as [c' G' e' S' t']. destruct U as (H1 & H2 & H3 & H4). simpl in *. subst.
      destruct St; simpl.
      * eexists. split; [right; apply Rtl_Prim1 | repeat split; simpl; rewrite atom_expr_unsub; reflexivity].
      * eexists. split; [right; apply Rtl_Prim3; exact H | repeat split; simpl; rewrite (prim_result_unsub _ _ _ _ H); reflexivity].
Qed.

Lemma force_urel : forall Q s s' u, step_force s s' -> forced_ok Q s' -> urel s u ->
    exists u', step_force u u' /\ forced_ok Q u' /\ urel s' u'.
Proof.
  intros Q s s' [c' G' e' S' t'] St Ok (H1 & H2 & H3 & H4). simpl in *. subst.
  destruct St. simpl. eexists. split; [apply Step_Force; [rewrite lookup_uheap, H; reflexivity | simpl; rewrite is_value_unsub; exact H0]|].
  split; [exact Ok|]. repeat split; simpl; rewrite remove_uheap; reflexivity.
Qed.

Lemma urel_final : forall s u, urel s u -> final s -> final u.
Proof.
  intros s u (_ & _ & H3 & H4) [Hv Hs]. split; [rewrite H3, is_value_unsub; exact Hv | rewrite H4, Hs; reflexivity].
Qed.

(* A run, rows and forces: the same run of the image, step for step. *)
Theorem urun : forall Q o rs sc m f s s', qoesteps_f Q o rs sc m f s s' ->
    forall u, urel s u -> exists u', qoesteps_f Q o rs sc m f u u' /\ urel s' u'.
Proof.
  induction 1 as [s|m f s1 s2 s3 St R IH|m f s1 s2 s3 St Ok R IH]; intros u U.
  - exists u. split; [constructor | exact U].
  - destruct (ostep_urel _ _ _ _ _ _ St U) as (u2 & St' & U2).
    destruct (IH u2 U2) as (u3 & R' & U3). exists u3. split; [eapply qf_row; eassumption | exact U3].
  - destruct (force_urel _ _ _ _ St Ok U) as (u2 & St' & Ok' & U2).
    destruct (IH u2 U2) as (u3 & R' & U3). exists u3. split; [eapply qf_force; eassumption | exact U3].
Qed.

(* ---- programs ---- *)

Definition uprog (p : program) : program :=
  mkprogram (unsub (main_rhs p)) (ubs (tops p)).

Lemma init_urel : forall p, urel (init_state p) (init_state (uprog p)).
Proof.
  intros p. repeat split; simpl.
  unfold init_heap, uheap. simpl. unfold ubs at 1. rewrite map_length. f_equal.
  assert (Hr : forall e, rename_top (uprog p) (unsub e) = unsub (rename_top p e)).
  { intros e. unfold rename_top. rewrite unsub_substs. f_equal.
    - unfold top_names. simpl. unfold ubs. rewrite map_map. reflexivity.
    - unfold top_addrs. simpl. unfold ubs. rewrite map_length. reflexivity. }
  unfold uobj. simpl. rewrite Hr. f_equal.
  rewrite map_combine_u. unfold ubs. rewrite map_length, !map_map. f_equal.
  apply map_ext. intros [x r]. simpl. rewrite Hr. unfold top_cc. rewrite is_value_unsub. reflexivity.
Qed.

Lemma uprog_no_let : forall p, prog_no_let (uprog p) = prog_no_let p.
Proof.
  intros [m l]. unfold prog_no_let, uprog, ubs. simpl. rewrite no_let_unsub. f_equal.
  induction l as [|[x r] l IH]; simpl; [reflexivity|]. rewrite no_let_unsub, IH. reflexivity.
Qed.

Lemma uprog_no_sub : forall p, prog_no_sub (uprog p) = prog_no_sub p.
Proof.
  intros [m l]. unfold prog_no_sub, uprog, ubs. simpl. rewrite no_sub_scc_unsub. f_equal.
  induction l as [|[x r] l IH]; simpl; [reflexivity|]. rewrite no_sub_scc_unsub, IH. reflexivity.
Qed.

Lemma uheap_val_at : forall G a, val_at G a -> val_at (uheap G) a.
Proof.
  intros G a (z & cz & F & V). exists (unsub z), cz. rewrite find_uheap, F. split; [reflexivity|].
  rewrite is_value_unsub. exact V.
Qed.

Lemma uprog_lean : forall p, prog_no_let p = true -> prog_lean (uprog p) = true.
Proof.
  intros [m l] H. unfold prog_lean, prog_no_let, uprog, ubs in *. simpl in *.
  apply andb_prop in H. destruct H as [Hm Hl]. rewrite (lean_unsub _ Hm). simpl.
  induction l as [|[x r] l IH]; simpl in *; [reflexivity|].
  apply andb_prop in Hl. destruct Hl as [Hr Hl]. rewrite (lean_unsub _ Hr). exact (IH Hl).
Qed.
