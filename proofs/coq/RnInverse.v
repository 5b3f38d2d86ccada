(* RnInverse.v -- a renaming between two heaps turned round.  heap_rn r G G'
   maps G's allocated addresses one to one into G''s; when G' has no hole
   (every address below its next one is bound, as in a final state, whose
   stack holds no update frame) it maps them onto G''s, so the two heaps
   have the same next address, and r has an inverse r' with
   heap_rn r' G' G (heap_rn_inv), which undoes r on every expression naming
   only G's addresses (rn_inv_expr).  T3Chain.v compares two runs that end
   in heaps each related to a third one, and needs one of the two
   relations turned round. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Rename Ccm.ORun Ccm.Closed Ccm.Transfer Ccm.PreEval.
Import ListNotations.
Open Scope nat_scope.

(* ---- counting ---- *)

Lemma nodup_map_seq : forall (f : nat -> nat) k s,
    (forall x y, s <= x -> x < s + k -> s <= y -> y < s + k -> f x = f y -> x = y) ->
    NoDup (map f (seq s k)).
Proof.
  induction k as [|k IH]; intros s Inj; simpl; [constructor|].
  constructor.
  - intros Hin. apply in_map_iff in Hin. destruct Hin as (x & Ex & Hx). apply in_seq in Hx.
    assert (x = s) by (apply Inj; lia). lia.
  - apply IH. intros x y Hx1 Hx2 Hy1 Hy2 E. apply Inj; lia.
Qed.

(* ---- the inverse ---- *)

Definition rn_back (r : nat -> nat) (n n' : nat) (b : nat) : nat :=
  if b <? n' then match find (fun a => Nat.eqb (r a) b) (seq 0 n) with Some a => a | None => b end
  else n + (b - n').

Lemma heap_rn_inv : forall r G G', heap_rn r G G' -> heap_closed G ->
    (forall b, b < next G' -> find_addr b (binds G') <> None) ->
    next G = next G' /\
    heap_rn (rn_back r (next G) (next G')) G' G /\
    (forall a, a < next G -> rn_back r (next G) (next G') (r a) = a).
Proof.
  intros r G G' H [W C] Full.
  set (n := next G) in *. set (n' := next G') in *.
  (* r maps [0, n) onto [0, n') *)
  assert (Onto : forall b, b < n' -> exists a, a < n /\ r a = b).
  { intros b Hb. destruct (hr_onto _ _ _ H b (Full b Hb)) as (a & Ea).
    exists a. split; [|exact Ea]. destruct (Nat.ltb_spec a n) as [Ha|Ha]; [exact Ha|].
    rewrite (hr_beyond _ _ _ H a Ha) in Ea. fold n' in Ea. lia. }
  assert (ND : NoDup (map r (seq 0 n))).
  { apply nodup_map_seq. intros x y _ Hx _ Hy E. apply (hr_inj _ _ _ H); [fold n; lia | fold n; lia | exact E]. }
  assert (Le1 : n <= n').
  { rewrite <- (seq_length n 0), <- (map_length r (seq 0 n)), <- (seq_length n' 0).
    apply NoDup_incl_length; [exact ND|]. intros b Hb. apply in_map_iff in Hb.
    destruct Hb as (a & <- & Ha). apply in_seq in Ha. apply in_seq.
    pose proof (hr_lt _ _ _ H a ltac:(fold n; lia)). fold n' in H0. lia. }
  assert (Le2 : n' <= n).
  { rewrite <- (seq_length n 0), <- (map_length r (seq 0 n)), <- (seq_length n' 0).
    apply NoDup_incl_length; [apply seq_NoDup|]. intros b Hb. apply in_seq in Hb.
    destruct (Onto b ltac:(lia)) as (a & Ha & <-). apply in_map. apply in_seq. lia. }
  assert (Eq : n = n') by lia.
  set (r' := rn_back r n n').
  assert (Back : forall b, b < n' -> r' b < n /\ r (r' b) = b).
  { intros b Hb. unfold r', rn_back. replace (b <? n') with true by (symmetry; apply Nat.ltb_lt; exact Hb).
    destruct (find (fun a => Nat.eqb (r a) b) (seq 0 n)) as [a|] eqn:Fd.
    - apply find_some in Fd. destruct Fd as (Ha & Ea). apply in_seq in Ha. apply Nat.eqb_eq in Ea.
      split; [lia | exact Ea].
    - destruct (Onto b Hb) as (a & Ha & Ea). exfalso.
      pose proof (find_none _ _ Fd a ltac:(apply in_seq; lia)) as X. simpl in X.
      rewrite Ea, Nat.eqb_refl in X. discriminate. }
  assert (Fwd : forall a, a < n -> r' (r a) = a).
  { intros a Ha. pose proof (hr_lt _ _ _ H a Ha) as Hr. fold n' in Hr.
    destruct (Back (r a) Hr) as (Hb & Eb). apply (hr_inj _ _ _ H); [exact Hb | exact Ha | exact Eb]. }
  split; [exact Eq|]. split; [|exact Fwd].
  constructor.
  - intros b Hb. fold n'. fold n' in Hb. exact (proj1 (Back b Hb)).
  - intros b1 b2 H1 H2 E. fold n' in H1, H2.
    rewrite <- (proj2 (Back b1 H1)), <- (proj2 (Back b2 H2)). fold r'. rewrite E. reflexivity.
  - intros b Hb. fold n' in Hb |- *. fold n. unfold r', rn_back.
    replace (b <? n') with false by (symmetry; apply Nat.ltb_ge; exact Hb). lia.
  - intros b. fold r'. destruct (Nat.ltb_spec b n') as [Hb|Hb].
    + destruct (Back b Hb) as (Ha & Eb). rewrite <- Eb at 2.
      rewrite (hr_find _ _ _ H (r' b)).
      destruct (find_addr (r' b) (binds G)) as [[e c]|] eqn:F; [|reflexivity]. simpl.
      unfold rn_obj. simpl. rewrite rn_comp.
      rewrite (rn_ext _ (fun x => x) n); [rewrite rn_id; reflexivity | exact Fwd | exact (C _ _ F)].
    + assert (Hr : n <= r' b) by (unfold r', rn_back; replace (b <? n') with false by (symmetry; apply Nat.ltb_ge; exact Hb); lia).
      rewrite (W _ Hr), (hr_wf' _ _ _ H b Hb). reflexivity.
  - intros b Hb. exact (hr_wf' _ _ _ H b Hb).
  - intros a Ha. exact (W a Ha).
  - intros a Fa. exists (r a). fold r'. apply Fwd.
    destruct (Nat.ltb_spec a n) as [Ha|Ha]; [exact Ha | exfalso; apply Fa; exact (W a Ha)].
Qed.

(* The inverse undoes r on what names only G's addresses. *)
Lemma rn_inv_expr : forall r n n' e, (forall a, a < n -> rn_back r n n' (r a) = a) -> below n e = true ->
    rn_expr (rn_back r n n') (rn_expr r e) = e.
Proof.
  intros r n n' e Fwd B. rewrite rn_comp. rewrite (rn_ext _ (fun x => x) n); [apply rn_id | exact Fwd | exact B].
Qed.
