(* RunSplit.v -- a plain run is deterministic (MachineDet.v), so a run that
   ends final (docs/semantics.md section 5.1) goes on from the end of any
   other run from the same start: the shorter run is its prefix.  Used to
   compare a run with the one T2 builds (ForceAtDemand.v, NoValue.v). *)
Require Import Arith Lia.
Require Import Ccm.Machine Ccm.MachineDet Ccm.Run.

Lemma steps_split : forall rs sc k n s s1 sf,
    steps rs sc n s sf -> final sf -> steps rs sc k s s1 ->
    k <= n /\ steps rs sc (n - k) s1 sf.
Proof.
  intros rs sc k. induction k as [|k IH]; intros n s s1 sf R F Rk.
  - inversion Rk; subst. rewrite Nat.sub_0_r. split; [lia | exact R].
  - inversion Rk as [|k' s' s2 s1' St Rk']; subst.
    inversion R as [s0|n' s0 s2' sf' St' R']; subst.
    + exfalso. eapply final_no_step; eassumption.
    + pose proof (step_deterministic _ _ _ _ _ St St') as <-.
      destruct (IH _ _ _ _ R' F Rk') as (L & R'').
      split; [lia | exact R''].
Qed.
