(* EarlyBig.v -- runs with early forcing and either operand order, as a
   big-step judgement (the lift half of the big-step route to T3,
   docs/coq.md).

   A run with early forcing (oesteps o) takes rows of Order.ostep o and, at
   any state, force (Machine.step_force).  eeval o is BigStep.eval with
   the operands of a primitive taken in order o, and two more rules for
   the forces: EeForce (at the start of an evaluation: force a thunk, then
   evaluate the value under resume, which is where forces between var3 and
   resume go, then evaluate the expression in the updated heap) and EeThen
   (after an evaluation: go on with its value, which is where forces just
   before a row pops a frame go).

   Proven: a run with early forcing from (cc, Gamma, e, S, t) that ends
   final passes through (ccz, Delta, z, S, t + theta) where eeval derives
   cc, Gamma : e => theta Delta : z, ccz (early_decompose), hence T1 for
   such runs of a program (early_sound); and every eeval derivation is such
   a run over any stack, from any theta (early_complete), hence T2.  With o
   = RTL and no force this ties `--order rtl` to a big-step judgement too.

   What T3 further needs is a big-step statement: an eeval derivation whose
   forced thunks are all needed gives the theta, value and cost centre of
   the eval derivation (left to right, no force) and a heap equal up to
   renaming (Rename.heap_rn).  That statement is NOT proven here.

   The judgement and the proofs are EarlyQ.v's, with the predicate that
   accepts every force: eeval o is qeeval (fun _ => True) o, and oesteps
   are the qoesteps (fun _ => True) (oesteps_q). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Complete Ccm.Sound Ccm.Interp Ccm.Order Ccm.ORun Ccm.EarlyQ.
Import ListNotations.
Open Scope nat_scope.

(* One step of a run with early forcing: a row of order o, or force. *)
Definition estep (o : order) (rs : ruleset) (sc : scoping) (s s' : state) : Prop :=
  ostep o rs sc s s' \/ step_force s s'.

Inductive oesteps (o : order) (rs : ruleset) (sc : scoping) : nat -> state -> state -> Prop :=
| oesteps_refl : forall s, oesteps o rs sc 0 s s
| oesteps_cons : forall n s1 s2 s3,
    estep o rs sc s1 s2 -> oesteps o rs sc n s2 s3 -> oesteps o rs sc (S n) s1 s3.

(* The big-step rules with operand order o and early forcing: EarlyQ's,
   with every force allowed. *)
Notation eeval o rs sc := (qeeval (fun _ => True) o rs sc).

(* Every force is allowed: it names an address on top of the stack. *)
Lemma forced_ok_any : forall s s', step_force s s' -> forced_ok (fun _ => True) s'.
Proof.
  intros s s' H. inversion H as [c G e0 x e ce S t L V]; subst.
  unfold forced_ok. simpl. destruct x as [nm|a]; [discriminate L | exact I].
Qed.

Lemma oesteps_q : forall o rs sc n s s',
    oesteps o rs sc n s s' <-> qoesteps (fun _ => True) o rs sc n s s'.
Proof.
  intros o rs sc n s s'. split; induction 1 as [|n s1 s2 s3 St R IH]; try constructor;
    (econstructor; [|exact IH]); destruct St as [St|St].
  - left. exact St.
  - right. split; [exact St | eapply forced_ok_any; eassumption].
  - left. exact St.
  - right. exact (proj1 St).
Qed.

Lemma oesteps_trans : forall o rs sc n m s1 s2 s3,
    oesteps o rs sc n s1 s2 -> oesteps o rs sc m s2 s3 -> oesteps o rs sc (n + m) s1 s3.
Proof. intros. apply oesteps_q. eapply qoesteps_trans; apply oesteps_q; eassumption. Qed.

Lemma oesteps_row : forall o rs sc s s', ostep o rs sc s s' -> oesteps o rs sc 1 s s'.
Proof. intros. apply oesteps_q. apply qoesteps_row. assumption. Qed.

Lemma osteps_oesteps : forall o rs sc n s s', osteps o rs sc n s s' -> oesteps o rs sc n s s'.
Proof. intros. apply oesteps_q. apply qosteps_oesteps. assumption. Qed.

Lemma eeval_value : forall o rs sc c G e t D z cz, eeval o rs sc c G e t D z cz -> is_value z = true.
Proof. intros o rs sc. apply qeeval_value. Qed.

(* ---- eeval to runs (T2 for early runs) ---- *)

Theorem early_complete : forall o rs sc c G e th0 D z cz,
    eeval o rs sc c G e th0 D z cz ->
    forall S t, exists n t',
      oesteps o rs sc n (mkstate c G e S t) (mkstate cz D z S t') /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros o rs sc c G e th0 D z cz E S t.
  destruct (qearly_complete _ _ _ _ _ _ _ _ _ _ _ E S t) as (n & t' & R & H).
  exists n, t'. split; [apply oesteps_q; exact R | exact H].
Qed.

(* ---- runs to eeval (T1 for early runs) ---- *)

(* What follows a decomposed evaluation: nothing (the run ended there), or
   a row (not a force). *)
Definition rest (o : order) (rs : ruleset) (sc : scoping) (m : nat) (s sf : state) : Prop :=
  (m = 0 /\ s = sf) \/
  exists m' s2, m = S m' /\ ostep o rs sc s s2 /\ oesteps o rs sc m' s2 sf.

Lemma early_decompose : forall o rs sc n c G e Sk t sf,
    oesteps o rs sc n (mkstate c G e Sk t) sf -> final sf ->
    exists m th0 D z cz t',
      m <= n /\ eeval o rs sc c G e th0 D z cz /\
      rest o rs sc m (mkstate cz D z Sk t') sf /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros o rs sc n c G e Sk t sf R F. apply oesteps_q in R.
  destruct (qearly_decompose _ _ _ _ _ _ _ _ _ _ _ R F)
    as (m & th0 & D & z & cz & t' & L & E & Rs & H).
  exists m, th0, D, z, cz, t'. split; [exact L|]. split; [exact E|]. split; [|exact H].
  destruct Rs as [Rs|(m' & s2 & Hm & Os & R')]; [left; exact Rs|].
  right. exists m', s2. split; [exact Hm|]. split; [exact Os | apply oesteps_q; exact R'].
Qed.

(* T1 for runs with early forcing, either order: from (cc, Gamma, e, [], t)
   to a final state. *)
Theorem early_run_sound : forall o rs sc n c G e t sf,
    oesteps o rs sc n (mkstate c G e [] t) sf -> final sf ->
    exists th0, eeval o rs sc c G e th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = t a k + th0 a k.
Proof. intros o rs sc n c G e t sf R. apply oesteps_q in R. exact (qearly_run_sound _ _ _ _ _ _ _ _ _ _ R). Qed.

(* ... for a program. *)
Theorem early_sound : forall o rs sc p n sf,
    oesteps o rs sc n (init_state p) sf -> final sf ->
    exists th0, eeval o rs sc init_cc (init_heap p) init_ctl th0 (hp sf) (ctl sf) (ccc sf) /\
                forall a k, th sf a k = th0 a k.
Proof. intros o rs sc p n sf R. apply oesteps_q in R. exact (qearly_sound _ _ _ _ _ _ _ R). Qed.

(* ... and T2 for a program. *)
Theorem early_program_complete : forall o rs sc p th0 D z cz,
    eeval o rs sc init_cc (init_heap p) init_ctl th0 D z cz ->
    exists n s, oesteps o rs sc n (init_state p) s /\ final s /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\ forall a k, th s a k = th0 a k.
Proof.
  intros o rs sc p th0 D z cz E.
  destruct (qearly_program_complete _ _ _ _ _ _ _ _ _ E) as (n & s & R & Rest).
  exists n, s. split; [apply oesteps_q; exact R | exact Rest].
Qed.
