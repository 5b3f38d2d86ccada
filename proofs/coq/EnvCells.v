(* EnvCells.v -- the kernel's environment cells (kernel/ccm.h, struct
   ccm_cell; acsl/ccm_env.h) read as the lists of addresses that
   EnvMachine.v's environments are.  An environment is the index of its
   newest cell, or NIL (None); a cell binds an address and points to an
   older cell (a smaller index) or to NIL.  `chain cells e l`: environment
   e reads as the addresses l, newest first.  Proven: a chain reads the same
   after cells are added above it (what every row's cells_keep gives);
   the cells let and case2 push, laid as acsl/ccm_rows.h's Let_cells and
   Case2_cells lay them, read as EnvMachine.v's environments (let_env,
   rev addrs ++ env); the reference lookup of acsl/ccm_env.h (env_cell,
   resolve) is the n-th address of the list. *)
Require Import List Arith Lia.
Require Import Ccm.EnvMachine.
Import ListNotations.
Open Scope list_scope.
Open Scope nat_scope.

Record cell := mkcell { caddr : nat; cnext : option nat }.

(* Environment e reads as l. *)
Inductive chain (cells : list cell) : option nat -> list nat -> Prop :=
| Ch_Nil : chain cells None []
| Ch_Cons : forall i c l,
    nth_error cells i = Some c ->
    (forall j, cnext c = Some j -> j < i) ->
    chain cells (cnext c) l ->
    chain cells (Some i) (caddr c :: l).

Lemma chain_deterministic : forall cells e l1 l2, chain cells e l1 -> chain cells e l2 -> l1 = l2.
Proof.
  intros cells e l1 l2 H1. revert l2.
  induction H1 as [|i c l Hn Hlt Hc IH]; intros l2 H2; inversion H2; subst; [reflexivity|].
  match goal with H : nth_error cells i = Some ?c' |- _ => rewrite Hn in H; injection H as <- end.
  f_equal. apply IH. assumption.
Qed.

Lemma chain_bound : forall cells e l j, chain cells e l -> e = Some j -> j < length cells.
Proof.
  intros cells e l j H E. destruct H; [discriminate|]. injection E as ->.
  apply nth_error_Some. congruence.
Qed.

(* Cells added above do not change what an environment reads. *)
Lemma chain_app : forall cells more e l, chain cells e l -> chain (cells ++ more) e l.
Proof.
  intros cells more e l H. induction H; constructor; auto.
  rewrite nth_error_app1; [assumption|]. apply nth_error_Some. congruence.
Qed.

(* The cells a let or a case2 pushes: the first binds addrs[0] and points
   to env, each later one binds the next address and points to the cell
   before it; idx is the index the first lands at (cell_len). *)
Fixpoint push_from (addrs : list nat) (prev : option nat) (idx : nat) : list cell :=
  match addrs with
  | [] => []
  | a :: rest => mkcell a prev :: push_from rest (Some idx) (S idx)
  end.

(* The environment after the push: the last cell pushed, or env when
   nothing was (acsl/ccm_rows.h: k == 0 ? env0 : cl + k - 1). *)
Definition push_top (addrs : list nat) (prev : option nat) (idx : nat) : option nat :=
  match addrs with [] => prev | _ => Some (idx + length addrs - 1) end.

Lemma push_from_length : forall addrs prev idx, length (push_from addrs prev idx) = length addrs.
Proof. induction addrs; intros; simpl; auto. Qed.

(* The pushed cells, one by one, as Let_cells / Case2_cells state them. *)
Lemma push_from_nth : forall addrs prev idx i a,
    nth_error addrs i = Some a ->
    nth_error (push_from addrs prev idx) i =
      Some (mkcell a (match i with 0 => prev | S _ => Some (idx + i - 1) end)).
Proof.
  induction addrs as [|a0 rest IH]; intros prev idx i a H; [destruct i; discriminate|].
  destruct i as [|i]; simpl in *.
  - injection H as <-. reflexivity.
  - rewrite (IH _ _ _ _ H). destruct i; f_equal; f_equal; f_equal; lia.
Qed.

Lemma push_chain : forall addrs cells prev l,
    chain cells prev l ->
    chain (cells ++ push_from addrs prev (length cells))
          (push_top addrs prev (length cells)) (rev addrs ++ l).
Proof.
  induction addrs as [|a rest IH]; intros cells prev l H.
  - simpl. rewrite app_nil_r. assumption.
  - set (cells' := cells ++ [mkcell a prev]).
    assert (H' : chain cells' (Some (length cells)) (a :: l)).
    { change a with (caddr (mkcell a prev)). apply Ch_Cons.
      - unfold cells'. rewrite nth_error_app2, Nat.sub_diag by lia. reflexivity.
      - simpl. intros j E. eapply chain_bound; eassumption.
      - simpl. apply chain_app. assumption. }
    specialize (IH cells' _ _ H').
    unfold cells' in IH. rewrite app_length, <- app_assoc in IH. simpl in IH.
    rewrite Nat.add_1_r in IH.
    replace (push_top (a :: rest) prev (length cells))
      with (push_top rest (Some (length cells)) (S (length cells))).
    + simpl. rewrite <- app_assoc. simpl. exact IH.
    + unfold push_top. destruct rest; simpl; [f_equal; lia | f_equal; lia].
Qed.

(* let: n >= 1 cells for the fresh objects base .. base+n-1 over env read
   as EnvMachine.let_env. *)
Theorem let_cells_read : forall cells env l base n,
    chain cells env l -> 1 <= n ->
    chain (cells ++ push_from (seq base n) env (length cells))
          (Some (length cells + n - 1)) (let_env base n l).
Proof.
  intros cells env l base n H Hn.
  pose proof (push_chain (seq base n) cells env l H) as Hc.
  unfold push_top in Hc. rewrite seq_length in Hc.
  destruct n; [lia|]. exact Hc.
Qed.

(* case2: one cell per argument address over the alternatives'
   environment read as rev addrs ++ env (EnvMachine.E_Case2). *)
Theorem case2_cells_read : forall cells env l addrs,
    chain cells env l ->
    chain (cells ++ push_from addrs env (length cells))
          (push_top addrs env (length cells)) (rev addrs ++ l).
Proof. intros. apply push_chain. assumption. Qed.

(* acsl/ccm_env.h: env_cell follows r links from e; resolve reads the
   address of the cell reached. *)
Fixpoint env_cell (cells : list cell) (e : option nat) (r : nat) : option nat :=
  match e with
  | None => None
  | Some i =>
      match r with
      | 0 => Some i
      | S r' => match nth_error cells i with
                | Some c => env_cell cells (cnext c) r'
                | None => None
                end
      end
  end.

Definition cell_resolve (cells : list cell) (e : option nat) (r : nat) : option nat :=
  match env_cell cells e r with
  | Some i => match nth_error cells i with Some c => Some (caddr c) | None => None end
  | None => None
  end.

(* The kernel's lookup of reference r is the r-th address of the list the
   environment reads as: EnvMachine.resolve on RLoc r. *)
Theorem cell_resolve_chain : forall cells e l r,
    chain cells e l -> cell_resolve cells e r = nth_error l r.
Proof.
  intros cells e l r H. revert r.
  induction H as [|i c l Hn Hlt Hc IH]; intros r.
  - destruct r; reflexivity.
  - destruct r as [|r]; unfold cell_resolve in *; simpl.
    + rewrite Hn. reflexivity.
    + rewrite Hn. apply IH.
Qed.

Corollary resolve_cells : forall cells e l r,
    chain cells e l -> cell_resolve cells e r = resolve l (RLoc r).
Proof. intros. simpl. apply cell_resolve_chain. assumption. Qed.
