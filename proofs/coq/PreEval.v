(* PreEval.v -- the pre-evaluation lemma of docs/coq.md ("Not done yet",
   T3 with let) for a thunk whose evaluation enters no thunk of the heap
   it starts from.  The thunk at a (expression ea under cea) of a closed
   heap G0 evaluates in G0 without a to A1, va, cva, with theta ta (what
   a force of a at G0 computes).  A plain evaluation from G0, or from any
   heap it reaches, is then, in the heap with that evaluation done ahead
   (a bound to va, A1's objects at next G0 ... next A1 - 1), the same
   derivation with its own allocations shifted past A1's: while it has
   not demanded a, the two heaps are related by "pre"; at the demand the
   plain side evaluates ea (Transfer.eval_shift: the same derivation with
   its allocations at the plain side's next address, by determinism the
   one it runs) and the other side reads a's value; from there the two
   heaps are related by a one to one renaming (Rename.heap_rn) and
   Rename.eval_rn carries the rest.  The theta differs by U and ta, the
   cost of a's evaluation, which the heap with a done ahead has already
   paid (pre_eval). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Complete Ccm.ForceAtDemand
        Ccm.Rename Ccm.ORun Ccm.Closed Ccm.Transfer.
Import ListNotations.
Open Scope nat_scope.

(* ---- renamings that agree ---- *)

Lemma rn_var_ext : forall r r' n x, (forall b, b < n -> r b = r' b) -> var_below n x = true ->
    rn_var r x = rn_var r' x.
Proof. intros r r' n [s|b] H B; simpl in *; [reflexivity|]. apply Nat.ltb_lt in B. rewrite H; auto. Qed.

Lemma rn_atom_ext : forall r r' n t, (forall b, b < n -> r b = r' b) -> atom_below n t = true ->
    rn_atom r t = rn_atom r' t.
Proof. intros r r' n [x|k] H B; simpl in *; [rewrite (rn_var_ext r r' n x H B)|]; reflexivity. Qed.

Fixpoint rn_ext (r r' : nat -> nat) (n : nat) (H : forall b, b < n -> r b = r' b) (e : expr) {struct e} :
  below n e = true -> rn_expr r e = rn_expr r' e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|k|op a1 a2]; simpl; intros B.
  - rewrite (rn_ext r r' n H b B). reflexivity.
  - apply andb_prop in B. destruct B as [B1 B2].
    rewrite (rn_ext r r' n H f B1), (rn_var_ext r r' n v H B2). reflexivity.
  - rewrite (rn_var_ext r r' n v H B). reflexivity.
  - apply andb_prop in B. destruct B as [B1 B2].
    rewrite (rn_ext r r' n H b B2). f_equal.
    induction bs as [|[w q] bs IH]; simpl in *; [reflexivity|].
    apply andb_prop in B1. destruct B1 as [Bq B1].
    rewrite (rn_ext r r' n H q Bq), IH; [reflexivity | exact B1].
  - f_equal. induction xs as [|v xs IH]; simpl in *; [reflexivity|].
    apply andb_prop in B. destruct B as [Bv B].
    rewrite (rn_var_ext r r' n v H Bv), IH; [reflexivity | exact B].
  - apply andb_prop in B. destruct B as [B Bd]. apply andb_prop in B. destruct B as [Bs Ba].
    rewrite (rn_ext r r' n H s Bs). f_equal.
    + clear Bd. induction alts as [|[[c ys] q] alts IH]; simpl in *; [reflexivity|].
      apply andb_prop in Ba. destruct Ba as [Bq Ba].
      rewrite (rn_ext r r' n H q Bq), IH; [reflexivity | exact Ba].
    + destruct d; [rewrite (rn_ext r r' n H e Bd)|]; reflexivity.
  - rewrite (rn_ext r r' n H b B). reflexivity.
  - rewrite (rn_ext r r' n H b B). reflexivity.
  - reflexivity.
  - apply andb_prop in B. destruct B as [B1 B2].
    rewrite (rn_atom_ext r r' n a1 H B1), (rn_atom_ext r r' n a2 H B2). reflexivity.
Qed.

Lemma rn_var_comp : forall r r' x, rn_var r (rn_var r' x) = rn_var (fun b => r (r' b)) x.
Proof. intros r r' [s|b]; reflexivity. Qed.

Fixpoint rn_comp (r r' : nat -> nat) (e : expr) {struct e} :
  rn_expr r (rn_expr r' e) = rn_expr (fun b => r (r' b)) e.
Proof.
  destruct e as [z b|f v|v|bs b|c xs|s alts d|c b|c b|k|op a1 a2]; simpl.
  - rewrite rn_comp. reflexivity.
  - rewrite rn_comp, rn_var_comp. reflexivity.
  - rewrite rn_var_comp. reflexivity.
  - rewrite rn_comp. f_equal. induction bs as [|[w q] bs IH]; simpl; [reflexivity|]. rewrite rn_comp, IH. reflexivity.
  - f_equal. induction xs as [|v xs IH]; simpl; [reflexivity|]. rewrite rn_var_comp, IH. reflexivity.
  - rewrite rn_comp. f_equal.
    + induction alts as [|[[c ys] q] alts IH]; simpl; [reflexivity|]. rewrite rn_comp, IH. reflexivity.
    + destruct d; simpl; [rewrite rn_comp|]; reflexivity.
  - rewrite rn_comp. reflexivity.
  - rewrite rn_comp. reflexivity.
  - reflexivity.
  - destruct a1 as [v1|k1], a2 as [v2|k2]; simpl; rewrite ?rn_var_comp; reflexivity.
Qed.

(* An object of a closed heap, renamed by two renamings that agree on
   that heap's addresses. *)
Lemma rn_obj_ext : forall r r' G b o, heap_closed G -> (forall a, a < next G -> r a = r' a) ->
    find_addr b (binds G) = Some o -> rn_obj r o = rn_obj r' o.
Proof.
  intros r r' G b [e c] [_ C] H F. unfold rn_obj. simpl.
  rewrite (rn_ext r r' (next G) H e (C b _ F)). reflexivity.
Qed.

(* ---- the renaming after the demand ---- *)

(* Below N the same; the plain side's own objects N ... NT - 1 moved past
   the K objects done ahead; the plain side's evaluation of the thunk, at
   NT ... NT + K - 1, onto the objects done ahead; beyond, the same. *)
Definition r1f (N K NT b : nat) : nat :=
  if b <? N then b else if b <? NT then b + K else if b <? NT + K then N + (b - NT) else b.

Record pre (N K a : nat) (ea : expr) (cea : cc) (va : expr) (cva : cc) (A1 G0 T T' : heap) : Prop := {
  pr_le : N <= next T;
  pr_next : next T' = next T + K;
  pr_a : find_addr a (binds T) = Some (ea, cea);
  pr_a' : find_addr a (binds T') = Some (va, cva);
  pr_old : forall b, b < N -> b <> a ->
    find_addr b (binds T') = option_map (rn_obj (shift N (N + K))) (find_addr b (binds T));
  pr_new : forall b, N <= b ->
    find_addr (b + K) (binds T') = option_map (rn_obj (shift N (N + K))) (find_addr b (binds T));
  pr_A : forall b, N <= b -> b < N + K -> find_addr b (binds T') = find_addr b (binds A1);
  pr_cl : heap_closed T;
  pr_vle : forall b o, b < N -> find_addr b (binds G0) = Some o -> is_value (fst o) = true ->
    find_addr b (binds T) = Some o
}.

Lemma pre_wf' : forall N K a ea cea va cva A1 G0 T T', pre N K a ea cea va cva A1 G0 T T' -> heap_wf T'.
Proof.
  intros N K a ea cea va cva A1 G0 T T' P b Hb.
  pose proof (pr_le _ _ _ _ _ _ _ _ _ _ _ P). rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P) in Hb.
  replace b with ((b - K) + K) by lia.
  rewrite (pr_new _ _ _ _ _ _ _ _ _ _ _ P) by lia.
  rewrite (proj1 (pr_cl _ _ _ _ _ _ _ _ _ _ _ P)); [reflexivity | lia].
Qed.

(* What a force of a at G0 computes: a's evaluation, entering no thunk G0
   already had. *)
Record setup (rs : ruleset) (sc : scoping) (G0 : heap) (a : nat) (ea : expr) (cea : cc)
       (ta : theta) (A1 : heap) (va : expr) (cva : cc) : Prop := {
  su_cl : heap_closed G0;
  su_a : find_addr a (binds G0) = Some (ea, cea);
  su_th : is_value ea = false;
  su_ev : eval rs sc cea (remove G0 (VAddr a)) ea ta A1 va cva;
  su_ne : forall b o, b < next G0 -> find_addr b (binds (remove G0 (VAddr a))) = Some o ->
    is_value (fst o) = false -> find_addr b (binds A1) = Some o
}.

Lemma setup_facts : forall rs sc G0 a ea cea ta A1 va cva, setup rs sc G0 a ea cea ta A1 va cva ->
    a < next G0 /\ next G0 <= next A1 /\ below (next G0) ea = true /\
    heap_closed (remove G0 (VAddr a)) /\ heap_closed A1 /\ below (next A1) va = true.
Proof.
  intros rs sc G0 a ea cea ta A1 va cva [[W C] Fa Vth A NE].
  assert (Ha : a < next G0) by (destruct (Nat.ltb_spec a (next G0)); [assumption | rewrite W in Fa; [discriminate | assumption]]).
  pose proof (eval_next _ _ _ _ _ _ _ _ _ A) as Nx. simpl in Nx.
  assert (Be : below (next G0) ea = true) by exact (C a _ Fa).
  assert (CR : heap_closed (remove G0 (VAddr a))) by (apply remove_closed; split; assumption).
  destruct (eval_closed _ _ _ _ _ _ _ _ _ A CR Be) as (CA & Bv).
  exact (conj Ha (conj Nx (conj Be (conj CR (conj CA Bv))))).
Qed.

Ltac r1cases :=
  unfold shift, r1f in *;
  repeat match goal with
         | |- context [?x <? ?y] =>
             lazymatch x with
             | context [Nat.ltb _ _] => fail
             | _ => destruct (Nat.ltb_spec x y)
             end
         end; lia.

Lemma r1_shift_id : forall N K NT e, N <= NT -> below (N + K) e = true ->
    rn_expr (r1f N K NT) (rn_expr (shift N NT) e) = e.
Proof.
  intros N K NT e Hl B. rewrite rn_comp.
  rewrite (rn_ext _ (fun b => b) (N + K)); [apply rn_id | | exact B].
  intros b Hb. r1cases.
Qed.

Lemma demand : forall rs sc G0 a ea cea ta A1 va cva T T' t Da za cza,
    setup rs sc G0 a ea cea ta A1 va cva ->
    pre (next G0) (next A1 - next G0) a ea cea va cva A1 G0 T T' ->
    eval rs sc cea (remove T (VAddr a)) ea t Da za cza ->
    t = ta /\ cza = cva /\ rn_expr (r1f (next G0) (next A1 - next G0) (next T)) za = va /\
    heap_rn (r1f (next G0) (next A1 - next G0) (next T)) (update Da (VAddr a) (za, cza)) T' /\
    (forall b, b < next T ->
       r1f (next G0) (next A1 - next G0) (next T) b = shift (next G0) (next G0 + (next A1 - next G0)) b).
Proof.
  intros rs sc G0 a ea cea ta A1 va cva T T' t Da za cza Su P E.
  destruct (setup_facts _ _ _ _ _ _ _ _ _ _ Su) as (Ha & NA & Be & CR & CA & Bv).
  destruct Su as [[W C] Fa Vth A NE].
  set (N := next G0) in *. set (K := next A1 - N) in *.
  pose proof (pr_le _ _ _ _ _ _ _ _ _ _ _ P) as NT.
  pose proof (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) as [WT CT].
  assert (WRT : heap_wf (remove T (VAddr a))) by exact (proj1 (remove_closed _ _ (conj WT CT))).
  destruct (eval_shift rs sc N (next T) (remove G0 (VAddr a)) (remove T (VAddr a)) NT) with
      (c := cea) (T := remove G0 (VAddr a)) (e := ea) (t := ta) (D := A1) (z := va) (cz := cva)
      (T' := remove T (VAddr a)) as (D'' & E'' & S'').
  - intros b o Hb F. exact (proj2 CR b o F).
  - intros b v cv Hb F Vv. simpl in F |- *. rewrite find_addr_filter' in F |- *.
    destruct (Nat.eqb b a); [discriminate|]. apply (pr_vle _ _ _ _ _ _ _ _ _ _ _ P b (v, cv) Hb F Vv).
  - exact A.
  - exact (shifted_start _ _ (proj1 CR) WRT).
  - exact NE.
  - rewrite (rn_below (shift N (next T)) N (fun b Hb => shift_old N (next T) b Hb) ea Be) in E''.
    destruct (eval_deterministic _ _ _ _ _ _ _ _ _ E _ _ _ _ E'') as (-> & -> & -> & ->).
    assert (Nx'' : next D'' = next T + K) by (rewrite (sh_next _ _ _ _ _ _ S''); simpl; lia).
    assert (WD : heap_wf D'') by exact (eval_wf _ _ _ _ _ _ _ _ _ E'' WRT).
    assert (WT' : heap_wf T') by exact (pre_wf' _ _ _ _ _ _ _ _ _ _ _ P).
    assert (Agree : forall b, b < next T -> r1f N K (next T) b = shift N (N + K) b) by (intros; r1cases).
    assert (Ext : forall b o, find_addr b (binds T) = Some o ->
                    rn_obj (r1f N K (next T)) o = rn_obj (shift N (N + K)) o)
      by (intros b o F; exact (rn_obj_ext _ _ T b o (conj WT CT) Agree F)).
    split; [reflexivity|]. split; [reflexivity|].
    split; [apply r1_shift_id; [exact NT | replace (N + K) with (next A1) by lia; exact Bv]|].
    split; [|exact Agree].
    constructor; simpl.
    + intros b Hb. rewrite Nx'' in Hb. rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P). r1cases.
    + intros b b' Hb Hb' Eq. rewrite Nx'' in Hb, Hb'. revert Eq. r1cases.
    + intros b Hb. rewrite Nx'' in Hb. rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P), Nx''. r1cases.
    + intros b. destruct (Nat.eqb_spec b a) as [->|Hba].
      * replace (r1f N K (next T) a) with a by r1cases.
        rewrite (pr_a' _ _ _ _ _ _ _ _ _ _ _ P). unfold rn_obj. simpl.
        rewrite r1_shift_id; [reflexivity | exact NT | replace (N + K) with (next A1) by lia; exact Bv].
      * destruct (Nat.ltb_spec b (next T)) as [HbT|HbT].
        -- rewrite (sh_old' _ _ _ _ _ _ S'' b HbT). simpl. rewrite find_addr_filter'.
           apply Nat.eqb_neq in Hba. rewrite Hba. apply Nat.eqb_neq in Hba.
           destruct (Nat.ltb_spec b N) as [HbN|HbN].
           ++ replace (r1f N K (next T) b) with b by r1cases.
              rewrite (pr_old _ _ _ _ _ _ _ _ _ _ _ P b HbN Hba).
              destruct (find_addr b (binds T)) as [o|] eqn:F; [simpl; rewrite (Ext b o F)|]; reflexivity.
           ++ replace (r1f N K (next T) b) with (b + K) by r1cases.
              rewrite (pr_new _ _ _ _ _ _ _ _ _ _ _ P b HbN).
              destruct (find_addr b (binds T)) as [o|] eqn:F; [simpl; rewrite (Ext b o F)|]; reflexivity.
        -- destruct (Nat.ltb_spec b (next T + K)) as [HbK|HbK].
           ++ replace (r1f N K (next T) b) with (N + (b - next T)) by r1cases.
              rewrite (pr_A _ _ _ _ _ _ _ _ _ _ _ P) by lia.
              pose proof (sh_new _ _ _ _ _ _ S'' (N + (b - next T)) ltac:(lia)) as Hs.
              replace (next T + (N + (b - next T) - N)) with b in Hs by lia.
              rewrite Hs. destruct (find_addr (N + (b - next T)) (binds A1)) as [[q cq]|] eqn:F; [|reflexivity].
              simpl. unfold rn_obj. simpl. rewrite r1_shift_id; [reflexivity | exact NT|].
              replace (N + K) with (next A1) by lia. exact (proj2 CA _ _ F).
           ++ replace (r1f N K (next T) b) with b by r1cases.
              rewrite WT' by (rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P); lia).
              rewrite WD by lia. reflexivity.
    + intros b Hb. rewrite Nx'' in Hb. destruct (Nat.eqb_spec b a); [lia|]. apply WD. lia.
    + exact WT'.
    + intros b Hb. destruct (Nat.ltb_spec b N) as [H1|H1]; [exists b; r1cases|].
      destruct (Nat.ltb_spec b (N + K)) as [H2|H2]; [exists (next T + (b - N)); r1cases|].
      destruct (Nat.ltb_spec b (next T + K)) as [H3|H3]; [exists (b - K); r1cases|].
      exfalso. apply Hb. apply WT'. rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P). exact H3.
Qed.

(* An allocated address that is bound to nothing (a thunk under
   evaluation) stays so. *)
Lemma eval_none : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> heap_wf G ->
    forall b, b < next G -> find_addr b (binds G) = None -> find_addr b (binds D) = None.
Proof.
  eval_induction; intros W b0 Hb F; auto.
  - pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) b0); [lia | exact (IH1 W b0 Hb F)].
  - destruct (lookup_lt_wf _ _ _ W L) as (a & -> & Ha & Fa).
    assert (WR : heap_wf (remove G (VAddr a))).
    { intros b' Hb'. simpl in *. rewrite find_addr_filter'. destruct (Nat.eqb b' a); [reflexivity | apply W; exact Hb']. }
    simpl. destruct (Nat.eqb_spec b0 a) as [->|Hne]; [congruence|].
    apply IH; [exact WR | exact Hb|]. simpl. rewrite find_addr_filter'. destruct (Nat.eqb b0 a); [reflexivity | exact F].
  - apply IH; [apply let_alloc_wf; exact W | simpl; lia | rewrite let_alloc_old; assumption].
  - pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) b0); [lia | exact (IH1 W b0 Hb F)].
  - pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) b0); [lia | exact (IH1 W b0 Hb F)].
  - pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    apply (IH2 (eval_wf _ _ _ _ _ _ _ _ _ E1 W) b0); [lia | exact (IH1 W b0 Hb F)].
Qed.

(* ---- before the demand ---- *)

Section Pre.
Variables (rs : ruleset) (sc : scoping) (G0 : heap) (a0 : nat) (ea : expr) (cea : cc)
          (ta : theta) (A1 : heap) (va : expr) (cva : cc).
Variable Su : setup rs sc G0 a0 ea cea ta A1 va cva.
Variable Hsub : rs = Fig6 \/ cva <> "SUB"%string.

Local Notation N := (next G0).
Local Notation K := (next A1 - next G0).
Local Notation r0 := (shift (next G0) (next G0 + (next A1 - next G0))).
Local Notation PRE := (pre (next G0) (next A1 - next G0) a0 ea cea va cva A1 G0).

Lemma a0_lt : a0 < N.
Proof. exact (proj1 (setup_facts _ _ _ _ _ _ _ _ _ _ Su)). Qed.

Lemma r0_inj : forall b b', r0 b = r0 b' -> b = b'.
Proof. intros b b'. unfold shift. destruct (Nat.ltb_spec b N), (Nat.ltb_spec b' N); lia. Qed.

Lemma r0_old : forall b, b < N -> r0 b = b.
Proof. intros. apply shift_old. assumption. Qed.

Lemma r0_new : forall b, N <= b -> r0 b = b + K.
Proof. intros. rewrite shift_new by assumption. lia. Qed.

Lemma pre_lookup : forall T T' b o, PRE T T' -> find_addr b (binds T) = Some o -> b <> a0 ->
    find_addr (r0 b) (binds T') = Some (rn_obj r0 o).
Proof.
  intros T T' b o P F Hb. destruct (Nat.ltb_spec b N) as [H|H].
  - rewrite r0_old by exact H. rewrite (pr_old _ _ _ _ _ _ _ _ _ _ _ P b H Hb), F. reflexivity.
  - rewrite r0_new by exact H. rewrite (pr_new _ _ _ _ _ _ _ _ _ _ _ P b H), F. reflexivity.
Qed.

Lemma r0_not_A : forall b, r0 b < N \/ N + K <= r0 b.
Proof. intros b. unfold shift. destruct (Nat.ltb_spec b N); lia. Qed.

Lemma pre_remove : forall T T' b, PRE T T' -> b <> a0 ->
    (forall o, find_addr b (binds G0) = Some o -> is_value (fst o) = false) ->
    PRE (remove T (VAddr b)) (remove T' (VAddr (r0 b))).
Proof.
  intros T T' b P Hb HG.
  assert (Ha : r0 b <> a0) by (intros E; apply Hb, r0_inj; rewrite E, r0_old; [reflexivity | exact a0_lt]).
  destruct P as [L Nx Fa Fa' Od Nw FA Cl Vl]. constructor; simpl.
  - exact L.
  - exact Nx.
  - rewrite find_addr_filter'. destruct (Nat.eqb_spec a0 b); [congruence | exact Fa].
  - rewrite find_addr_filter'. destruct (Nat.eqb_spec a0 (r0 b)); [congruence | exact Fa'].
  - intros b' Hb' Hba. rewrite !find_addr_filter', Od by assumption.
    replace b' with (r0 b') at 1 by (apply r0_old; exact Hb').
    destruct (Nat.eqb_spec (r0 b') (r0 b)) as [E|E], (Nat.eqb_spec b' b); try reflexivity.
    + apply r0_inj in E. contradiction.
    + subst. contradiction.
  - intros b' Hb'. rewrite !find_addr_filter', Nw by assumption.
    replace (b' + K) with (r0 b') at 1 by (apply r0_new; exact Hb').
    destruct (Nat.eqb_spec (r0 b') (r0 b)) as [E|E], (Nat.eqb_spec b' b); try reflexivity.
    + apply r0_inj in E. contradiction.
    + subst. contradiction.
  - intros b' H1 H2. rewrite find_addr_filter'. destruct (Nat.eqb_spec b' (r0 b)) as [->|]; [|apply FA; assumption].
    destruct (r0_not_A b); lia.
  - exact (remove_closed _ (VAddr b) Cl).
  - intros b' o Hb' F V. rewrite find_addr_filter'. destruct (Nat.eqb_spec b' b) as [->|]; [|exact (Vl b' o Hb' F V)].
    rewrite (HG o F) in V. discriminate.
Qed.

Lemma pre_update : forall T T' b z cz, PRE T T' -> b <> a0 -> b < next T -> below (next T) z = true ->
    (forall o, find_addr b (binds G0) = Some o -> is_value (fst o) = false) ->
    PRE (update T (VAddr b) (z, cz)) (update T' (VAddr (r0 b)) (rn_expr r0 z, cz)).
Proof.
  intros T T' b z cz P Hb HbT Bz HG.
  assert (Ha : r0 b <> a0) by (intros E; apply Hb, r0_inj; rewrite E, r0_old; [reflexivity | exact a0_lt]).
  destruct P as [L Nx Fa Fa' Od Nw FA Cl Vl]. constructor; simpl.
  - exact L.
  - exact Nx.
  - destruct (Nat.eqb_spec a0 b); [congruence | exact Fa].
  - destruct (Nat.eqb_spec a0 (r0 b)); [congruence | exact Fa'].
  - intros b' Hb' Hba. rewrite Od by assumption.
    replace b' with (r0 b') at 1 by (apply r0_old; exact Hb').
    destruct (Nat.eqb_spec (r0 b') (r0 b)) as [E|E], (Nat.eqb_spec b' b); try reflexivity.
    + apply r0_inj in E. contradiction.
    + subst. contradiction.
  - intros b' Hb'. rewrite Nw by assumption.
    replace (b' + K) with (r0 b') at 1 by (apply r0_new; exact Hb').
    destruct (Nat.eqb_spec (r0 b') (r0 b)) as [E|E], (Nat.eqb_spec b' b); try reflexivity.
    + apply r0_inj in E. contradiction.
    + subst. contradiction.
  - intros b' H1 H2. destruct (Nat.eqb_spec b' (r0 b)) as [->|]; [|apply FA; assumption].
    destruct (r0_not_A b); lia.
  - apply update_closed; assumption.
  - intros b' o Hb' F V. destruct (Nat.eqb_spec b' b) as [->|]; [|exact (Vl b' o Hb' F V)].
    rewrite (HG o F) in V. discriminate.
Qed.

Lemma rn_let_rename_pre : forall T T' bs e, PRE T T' ->
    rn_expr r0 (let_rename T bs e) = let_rename T' (rn_bs r0 bs) (rn_expr r0 e).
Proof.
  intros T T' bs e P. apply rn_let_rename_at. intros i.
  pose proof (pr_le _ _ _ _ _ _ _ _ _ _ _ P). rewrite r0_new by lia.
  rewrite (pr_next _ _ _ _ _ _ _ _ _ _ _ P). lia.
Qed.

Lemma pre_let_alloc : forall T T' bs c, PRE T T' ->
    forallb (fun p => below (next T) (snd p)) bs = true ->
    PRE (let_alloc T bs c) (let_alloc T' (rn_bs r0 bs) c).
Proof.
  intros T T' bs c P Bbs.
  pose proof (rn_let_rename_pre T T' bs) as RL.
  pose proof (a0_lt) as Ha0.
  destruct P as [L Nx Fa Fa' Od Nw FA Cl Vl].
  assert (Lb : length (rn_bs r0 bs) = length bs) by apply map_length.
  assert (Old : forall b, b < next T -> find_addr b (binds (let_alloc T bs c)) = find_addr b (binds T))
    by (intros; apply let_alloc_old; assumption).
  assert (Old' : forall b, b < next T' -> find_addr b (binds (let_alloc T' (rn_bs r0 bs) c)) = find_addr b (binds T'))
    by (intros; apply let_alloc_old; assumption).
  constructor.
  - simpl. lia.
  - simpl. rewrite Lb, Nx. lia.
  - rewrite Old by lia. exact Fa.
  - rewrite Old' by lia. exact Fa'.
  - intros b Hb Hba. rewrite Old, Old' by lia. apply Od; assumption.
  - intros b Hb. destruct (Nat.ltb_spec b (next T)) as [HbT|HbT].
    + rewrite Old, Old' by lia. apply Nw. exact Hb.
    + unfold let_alloc. simpl. rewrite !find_addr_combine' by (rewrite map_length; auto).
      rewrite Lb, Nx.
      destruct (Nat.ltb_spec b (next T + length bs)); bools.
      * replace (b + (next A1 - next G0) - (next T + (next A1 - next G0))) with (b - next T) by lia.
        unfold rn_bs. rewrite map_map, !nth_error_map.
        destruct (nth_error bs (b - next T)) as [[x q]|]; simpl; [|reflexivity].
        unfold rn_obj. simpl. rewrite RL; [reflexivity | constructor; auto].
      * apply Nw. exact Hb.
  - intros b H1 H2. rewrite Old' by lia. apply FA; assumption.
  - apply let_alloc_closed; assumption.
  - intros b o Hb F V. rewrite Old by lia. exact (Vl b o Hb F V).
Qed.

(* The pre-evaluation lemma, for a thunk whose evaluation enters no thunk
   its heap already had: a plain evaluation from a heap related by PRE to
   the heap with a's evaluation done ahead either does not demand a (and
   is the same derivation there, its allocations shifted past a's), or
   does, and is there a derivation with theta less U and ta (what a's
   evaluation cost), ending in heaps related one to one. *)
Theorem pre_eval : forall c T e t D z cz, eval rs sc c T e t D z cz ->
    forall T', PRE T T' -> below (next T) e = true ->
    (exists D', eval rs sc c T' (rn_expr r0 e) t D' (rn_expr r0 z) cz /\ PRE D D') \/
    (exists r1 D' t', eval rs sc c T' (rn_expr r0 e) t' D' (rn_expr r1 z) cz /\ heap_rn r1 D D' /\
       (forall b, b < next T -> r1 b = r0 b) /\
       forall c' k', t c' k' = t' c' k' + charge cva CU 1 ta c' k').
Proof.
  pose proof a0_lt as Ha0.
  eval_induction; intros T' P B; simpl in B.
  - (* value *)
    left. exists T'. split; [constructor; rewrite is_value_rn; exact Hv | exact P].
  - (* application *)
    apply andb_prop in B. destruct B as [Be Bx].
    destruct (eval_closed _ _ _ _ _ _ _ _ _ E1 (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) Be) as (CT & Bl). simpl in Bl.
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    assert (Bs : below (next T) (subst y x b) = true)
      by (apply below_subst; [eapply var_below_mono; [exact N1 | exact Bx] | exact Bl]).
    destruct (IH1 T' P Be) as [(T1' & E1' & P1)|(r1 & T1' & t1' & E1' & H1 & Ag1 & Th1)]; simpl in E1'.
    + destruct (IH2 T1' P1 Bs) as [(D' & E2' & P2)|(r2 & D' & t2' & E2' & H2 & Ag2 & Th2)];
        rewrite rn_subst in E2'.
      * left. exists D'. split; [eapply EvApp; [exact E1' | exact E2'] | exact P2].
      * right. exists r2, D', (charge c CA 1 (plus t1 t2')).
        split; [eapply EvApp; [exact E1' | exact E2']|].
        split; [exact H2|]. split; [intros; apply Ag2; lia | theta_arith].
    + destruct (eval_rn _ _ _ _ _ _ _ _ _ E2 r1 T1' H1) as (D' & E2' & HD).
      rewrite rn_subst, (rn_var_ext r1 r0 (next G) x Ag1 Bx) in E2'.
      right. exists r1, D', (charge c CA 1 (plus t1' t2)).
      split; [eapply EvApp; [exact E1' | exact E2']|].
      split; [exact HD|]. split; [exact Ag1 | theta_arith].
  - (* variable bound to a value *)
    destruct x as [nm|b]; [discriminate L|]. simpl in L.
    assert (Hb : b <> a0) by (intros ->; rewrite (pr_a _ _ _ _ _ _ _ _ _ _ _ P) in L; injection L as <- _;
                              rewrite (su_th _ _ _ _ _ _ _ _ _ _ Su) in Hv; discriminate).
    left. exists T'. split; [|exact P].
    eapply EvVarValue; [simpl; exact (pre_lookup G T' b _ P L Hb) | rewrite is_value_rn; exact Hv].
  - (* variable bound to a thunk *)
    destruct x as [nm|b]; [discriminate L|]. simpl in L.
    destruct (Nat.eqb_spec b a0) as [->|Hb].
    + (* the demand *)
      rewrite (pr_a _ _ _ _ _ _ _ _ _ _ _ P) in L. injection L as <- <-.
      destruct (demand _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ Su P E) as (-> & -> & Rz & HR & Ag).
      right. exists (r1f (next G0) (next A1 - next G0) (next G)), T', (charge c CV 1 empty).
      split.
      * rewrite Rz, <- (entered_updated _ _ _ Hsub). simpl. rewrite (r0_old a0 Ha0).
        eapply EvVarValue; [exact (pr_a' _ _ _ _ _ _ _ _ _ _ _ P) | exact (eval_value _ _ _ _ _ _ _ _ _ (su_ev _ _ _ _ _ _ _ _ _ _ Su))].
      * split; [exact HR|]. split; [exact Ag | theta_arith].
    + (* another thunk *)
      assert (HG : forall o, find_addr b (binds G0) = Some o -> is_value (fst o) = false).
      { intros o F. destruct (is_value (fst o)) eqn:V; [|reflexivity].
        destruct (Nat.ltb_spec b (next G0)) as [HbN|HbN].
        - rewrite (pr_vle _ _ _ _ _ _ _ _ _ _ _ P b o HbN F V) in L. injection L as ->. simpl in V. congruence.
        - rewrite (proj1 (su_cl _ _ _ _ _ _ _ _ _ _ Su) b HbN) in F. discriminate. }
      pose proof (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) as CG.
      assert (HbG : b < next G)
        by (destruct (Nat.ltb_spec b (next G)); [assumption | rewrite (proj1 CG b) in L; [discriminate | assumption]]).
      assert (Be : below (next G) e = true) by exact (proj2 CG b _ L).
      pose proof (pre_remove G T' b P Hb HG) as PR.
      pose proof (pre_lookup G T' b _ P L Hb) as L'. unfold rn_obj in L'. simpl in L'.
      pose proof (eval_next _ _ _ _ _ _ _ _ _ E) as Nx. simpl in Nx.
      destruct (eval_closed _ _ _ _ _ _ _ _ _ E (remove_closed _ (VAddr b) CG) Be) as (CD & Bz).
      destruct (IH _ PR Be) as [(D' & E' & PD)|(r1 & D' & t' & E' & HD & Ag & Th)].
      * left. exists (update D' (VAddr (r0 b)) (rn_expr r0 z, cz)). split.
        -- eapply EvVarThunk; [exact L' | rewrite is_value_rn; exact Hv | exact E'].
        -- apply pre_update; try assumption. lia.
      * right. exists r1, (update D' (VAddr (r1 b)) (rn_obj r1 (z, cz))), (charge c CV 1 (charge cz CU 1 t')).
        split; [|split; [apply update_rn; [exact HD | lia] | split; [exact Ag | theta_arith]]].
        rewrite (Ag b ltac:(assumption)).
        eapply EvVarThunk; [exact L' | rewrite is_value_rn; exact Hv | exact E'].
  - (* let *)
    apply andb_prop in B. destruct B as [Bbs Be].
    pose proof (pre_let_alloc G T' bs c P Bbs) as PL.
    assert (Bl : below (next (let_alloc G bs c)) (let_rename G bs e) = true)
      by (simpl; apply let_rename_below; exact Be).
    rewrite (rn_let_rename_pre G T' bs e P) in *.
    destruct (IH _ PL Bl) as [(D' & E' & PD)|(r1 & D' & t' & E' & HD & Ag & Th)].
    + left. exists D'. split; [|exact PD].
      fold (rn_bs r0 bs). replace (length bs) with (length (rn_bs r0 bs)) by apply map_length.
      apply EvLet. exact E'.
    + right. exists r1, D', (charge c CH (length bs) t').
      split; [|split; [exact HD | split; [intros b Hb; apply Ag; simpl; lia | theta_arith]]].
      fold (rn_bs r0 bs). replace (length bs) with (length (rn_bs r0 bs)) by apply map_length.
      apply EvLet. exact E'.
  - (* case, an alternative *)
    apply andb_prop in B. destruct B as [B Bd]. apply andb_prop in B. destruct B as [Bs Ba].
    destruct (eval_closed _ _ _ _ _ _ _ _ _ E1 (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) Bs) as (CT & Bk). simpl in Bk.
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    assert (Bb : below (next G) b = true) by (eapply select_below; eassumption).
    assert (Bsb : below (next T) (substs ys xs b) = true)
      by (apply below_substs; [exact Bk | eapply below_mono; [exact N1 | exact Bb]]).
    assert (Sel' : select (rn_alts r0 alts) k = Some (ys, rn_expr r0 b)) by (rewrite select_rn, Sel; reflexivity).
    destruct (IH1 T' P Bs) as [(T1' & E1' & P1)|(r1 & T1' & t1' & E1' & H1 & Ag1 & Th1)]; simpl in E1'.
    + destruct (IH2 T1' P1 Bsb) as [(D' & E2' & P2)|(r2 & D' & t2' & E2' & H2 & Ag2 & Th2)];
        rewrite rn_substs in E2'.
      * left. exists D'. split; [|exact P2].
        eapply EvCase; [exact E1' | exact Sel' | rewrite map_length; exact Len | exact E2'].
      * right. exists r2, D', (charge c CC 1 (plus t1 t2')).
        split; [eapply EvCase; [exact E1' | exact Sel' | rewrite map_length; exact Len | exact E2']|].
        split; [exact H2|]. split; [intros; apply Ag2; lia | theta_arith].
    + destruct (eval_rn _ _ _ _ _ _ _ _ _ E2 r1 T1' H1) as (D' & E2' & HD).
      rewrite rn_substs, (rn_ext r1 r0 (next G) Ag1 b Bb) in E2'.
      right. exists r1, D', (charge c CC 1 (plus t1' t2)).
      split; [eapply EvCase; [exact E1' | exact Sel' | rewrite map_length; exact Len | exact E2']|].
      split; [exact HD|]. split; [exact Ag1 | theta_arith].
  - (* case, the default *)
    apply andb_prop in B. destruct B as [B Bd]. apply andb_prop in B. destruct B as [Bs Ba].
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    destruct (eval_closed _ _ _ _ _ _ _ _ _ E1 (pr_cl _ _ _ _ _ _ _ _ _ _ _ P) Bs) as (CT & _).
    assert (Bde : below (next T) de = true) by (eapply below_mono; [exact N1 | exact Bd]).
    destruct (IH1 T' P Bs) as [(T1' & E1' & P1)|(r1 & T1' & t1' & E1' & H1 & Ag1 & Th1)].
    + destruct (IH2 T1' P1 Bde) as [(D' & E2' & P2)|(r2 & D' & t2' & E2' & H2 & Ag2 & Th2)].
      * left. exists D'. split; [|exact P2].
        eapply EvCaseDefault; [exact E1' | apply no_alt_rn; exact Na | exact E2'].
      * right. exists r2, D', (charge c CC 1 (plus t1 t2')).
        split; [eapply EvCaseDefault; [exact E1' | apply no_alt_rn; exact Na | exact E2']|].
        split; [exact H2|]. split; [intros; apply Ag2; lia | theta_arith].
    + destruct (eval_rn _ _ _ _ _ _ _ _ _ E2 r1 T1' H1) as (D' & E2' & HD).
      rewrite (rn_ext r1 r0 (next G) Ag1 de Bd) in E2'.
      assert (Na1 : no_alt (rn_alts r0 alts) (rn_expr r1 v))
        by (destruct v; simpl in *; auto; rewrite select_rn, Na; reflexivity).
      right. exists r1, D', (charge c CC 1 (plus t1' t2)).
      split; [eapply EvCaseDefault; [exact E1' | exact Na1 | exact E2']|].
      split; [exact HD|]. split; [exact Ag1 | theta_arith].
  - (* scc *)
    destruct (IH T' P B) as [(D' & E' & PD)|(r1 & D' & t' & E' & HD & Ag & Th)].
    + left. exists D'. split; [constructor; exact E' | exact PD].
    + right. exists r1, D', (charge c' CEntries 1 (charge c CSubentries 1 t')).
      split; [constructor; exact E'|]. split; [exact HD|]. split; [exact Ag | theta_arith].
  - (* scc_sub *)
    destruct (IH T' P B) as [(D' & E' & PD)|(r1 & D' & t' & E' & HD & Ag & Th)].
    + left. exists D'. split; [constructor; exact E' | exact PD].
    + right. exists r1, D', t'.
      split; [constructor; exact E'|]. split; [exact HD|]. split; [exact Ag | exact Th].
  - (* primitive *)
    apply andb_prop in B. destruct B as [B1 B2].
    pose proof (eval_next _ _ _ _ _ _ _ _ _ E1) as N1.
    assert (B2' : below (next G1) (atom_expr a2) = true)
      by (apply atom_expr_below; eapply atom_below_mono; [exact N1 | exact B2]).
    rewrite (prim_result_rn _ _ _ _ _ Pr).
    destruct (IH1 T' P (atom_expr_below _ _ B1)) as [(G1' & E1' & P1)|(r1 & G1' & t1' & E1' & H1 & Ag1 & Th1)];
      rewrite atom_expr_rn in E1'; simpl in E1'.
    + destruct (IH2 G1' P1 B2') as [(G2' & E2' & P2)|(r2 & G2' & t2' & E2' & H2 & Ag2 & Th2)];
        rewrite atom_expr_rn in E2'; simpl in E2'.
      * left. exists G2'. split; [eapply EvPrim; [exact E1' | exact E2' | exact Pr] | exact P2].
      * right. exists r2, G2', (charge c CP 1 (plus t1 t2')).
        rewrite (prim_result_rn _ _ _ _ _ Pr).
        split; [eapply EvPrim; [exact E1' | exact E2' | exact Pr]|].
        split; [exact H2|]. split; [intros; apply Ag2; lia | theta_arith].
    + destruct (eval_rn _ _ _ _ _ _ _ _ _ E2 r1 G1' H1) as (G2' & E2' & HD).
      rewrite atom_expr_rn, (rn_atom_ext r1 r0 (next G) a2 Ag1 B2) in E2'. simpl in E2'.
      right. exists r1, G2', (charge c CP 1 (plus t1' t2)).
      rewrite (prim_result_rn _ _ _ _ _ Pr).
      split; [eapply EvPrim; [exact E1' | exact E2' | exact Pr]|].
      split; [exact HD|]. split; [exact Ag1 | theta_arith].
Qed.

(* The start: the heap the plain evaluation starts from, and the same heap
   with a's evaluation done ahead. *)
Lemma pre_start : PRE G0 (update A1 (VAddr a0) (va, cva)).
Proof.
  destruct (setup_facts _ _ _ _ _ _ _ _ _ _ Su) as (Ha & NA & Be & CR & CA & Bv).
  destruct Su as [[W C] Fa Vth A NE].
  assert (WR : heap_wf (remove G0 (VAddr a0))) by exact (proj1 CR).
  constructor; simpl.
  - lia.
  - lia.
  - exact Fa.
  - rewrite Nat.eqb_refl. reflexivity.
  - intros b Hb Hba. apply Nat.eqb_neq in Hba. rewrite Hba. apply Nat.eqb_neq in Hba.
    destruct (find_addr b (binds G0)) as [o|] eqn:F.
    + assert (Fr : find_addr b (binds (remove G0 (VAddr a0))) = Some o)
        by (simpl; rewrite find_addr_filter'; apply Nat.eqb_neq in Hba; rewrite Hba; exact F).
      assert (FA : find_addr b (binds A1) = Some o).
      { destruct (eval_fate _ _ _ _ _ _ _ _ _ A WR b o Fr) as [F1|(Vo & _)]; [exact F1|].
        exact (NE b o Hb Fr Vo). }
      rewrite FA. simpl. destruct o as [q cq]. unfold rn_obj. simpl.
      rewrite (rn_below _ (next G0) (fun a' Ha' => shift_old _ _ a' Ha') q (C b _ F)). reflexivity.
    + simpl. apply (eval_none _ _ _ _ _ _ _ _ _ A WR b); [simpl; exact Hb|].
      simpl. rewrite find_addr_filter'. destruct (Nat.eqb b a0); [reflexivity | exact F].
  - intros b Hb. destruct (Nat.eqb_spec (b + (next A1 - next G0)) a0); [lia|].
    rewrite (proj1 CA), W by lia. reflexivity.
  - intros b H1 H2. destruct (Nat.eqb_spec b a0); [lia | reflexivity].
  - split; assumption.
  - intros b o _ F _. exact F.
Qed.

(* The pre-evaluation lemma from the start, for a thunk whose evaluation
   enters no thunk its heap already had: a plain evaluation from G0 that
   evaluates a is, in the heap with a's evaluation done ahead, a
   derivation with theta less U and ta, the value renamed and the final
   heaps related one to one. *)
Corollary pre_evaluation : forall c e t D z cz, eval rs sc c G0 e t D z cz ->
    below (next G0) e = true ->
    (exists w cw, find_addr a0 (binds D) = Some (w, cw) /\ is_value w = true) ->
    exists r1 D' t', eval rs sc c (update A1 (VAddr a0) (va, cva)) e t' D' (rn_expr r1 z) cz /\
      heap_rn r1 D D' /\ forall c' k', t c' k' = t' c' k' + charge cva CU 1 ta c' k'.
Proof.
  intros c e t D z cz E B (w & cw & Fw & Vw).
  destruct (pre_eval _ _ _ _ _ _ _ E _ pre_start B) as [(D' & _ & PD)|(r1 & D' & t' & E' & HD & _ & Th)].
  - rewrite (pr_a _ _ _ _ _ _ _ _ _ _ _ PD) in Fw. injection Fw as <- _.
    rewrite (su_th _ _ _ _ _ _ _ _ _ _ Su) in Vw. discriminate.
  - rewrite (rn_below _ (next G0) (fun a' Ha' => shift_old _ _ a' Ha') e B) in E'.
    exists r1, D', t'. split; [exact E' | split; [exact HD | exact Th]].
Qed.

End Pre.
