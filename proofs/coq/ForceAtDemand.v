(* ForceAtDemand.v -- the smallest case of T3 (docs/semantics.md section
   5.2, "forcing thunks early changes neither theta, the value nor the
   returned cost centre; each early force adds two steps"): the thunk is
   forced at the very state where the plain run demands it (control x).
   Then force, the thunk's run, var3, resume and var1 replace var2, the
   thunk's run and var3: two steps more, the same heap, value, cost centre
   and theta.  Under fig6, both scopings; under fig2 when SUB is never
   current.

   This is NOT T3: a force earlier than the demand makes the thunk allocate
   at other addresses and meet other thunks already or not yet updated, and
   that general case is not proven (docs/coq.md).  What this case does
   check is that the force and resume rows agree with var1/var2/var3 on
   theta and on the cost centre (SUBCAF after var1 as after var3). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet
        Ccm.Run Ccm.RunSplit Ccm.Complete Ccm.Sound.
Import ListNotations.

(* n steps of a run with early forcing (Machine.step_early). *)
Inductive esteps (rs : ruleset) (sc : scoping) : nat -> state -> state -> Prop :=
| esteps_refl : forall s, esteps rs sc 0 s s
| esteps_cons : forall n s1 s2 s3,
    step_early rs sc s1 s2 -> esteps rs sc n s2 s3 -> esteps rs sc (S n) s1 s3.

(* A plain run is a run with early forcing that forces nothing. *)
Lemma steps_esteps : forall rs sc n s s', steps rs sc n s s' -> esteps rs sc n s s'.
Proof.
  induction 1; [constructor | econstructor; [apply Early_Step; eassumption | assumption]].
Qed.

Lemma esteps_trans : forall rs sc n m s1 s2 s3,
    esteps rs sc n s1 s2 -> esteps rs sc m s2 s3 -> esteps rs sc (n + m) s1 s3.
Proof.
  intros rs sc n m s1 s2 s3 H. revert m s3.
  induction H; intros; simpl; [assumption | econstructor; eauto].
Qed.

(* A run of a derivation has a length that does not depend on the stack
   below or the theta it starts from (Complete.eval_complete at the empty
   stack, then Run.steps_stack_extend and Run.steps_theta_shift). *)
Lemma eval_complete_uniform : forall rs sc c G e th0 D z cz,
    eval rs sc c G e th0 D z cz ->
    exists n, forall S t, exists t',
      steps rs sc n (mkstate c G e S t) (mkstate cz D z S t') /\
      forall a k, t' a k = t a k + th0 a k.
Proof.
  intros rs sc c G e th0 D z cz E.
  destruct (eval_complete _ _ _ _ _ _ _ _ _ E [] empty) as (n & t0 & R & T0).
  exists n. intros S t.
  pose proof (steps_stack_extend _ _ _ _ _ S R) as RS. simpl in RS.
  destruct (steps_theta_shift _ _ _ _ _ t RS) as (t' & R' & T'). simpl in *.
  exists t'. split; [exact R'|].
  intros a k. specialize (T' a k). specialize (T0 a k). unfold empty in T0, T'. lia.
Qed.

(* The cost centre after var1 (SUBCAF, fig2 SUB) and after var3 (SUBCAF,
   fig2 the value's own) agree under fig6 always, and under fig2 unless
   the value's cost centre is SUB. *)
Lemma entered_updated : forall rs cz c,
    (rs = Fig6 \/ cz <> "SUB"%string) -> entered rs cz c = updated rs cz c.
Proof.
  intros rs cz c H. destruct rs; [|reflexivity].
  destruct H as [H|H]; [discriminate|].
  unfold entered, updated, sub_cc. destruct (string_dec cz "SUB"); congruence.
Qed.

(* The smallest case of T3: control x, x bound to a thunk.  If the plain
   run ends final in n steps, forcing x first ends final in n + 2 steps,
   with the same cost centre, heap and value, and the same theta at every
   cost centre and counter.  Under fig6; under fig2 when SUB is never the
   current cost centre of the plain run (section 2's programs, which may
   not scc "SUB", keep it so, by an argument by hand not made here). *)
Theorem force_at_demand_rs : forall rs sc c G x e ce Sk t n sf,
    (rs = Fig6 \/ forall j s', steps rs sc j (mkstate c G (Var x) Sk t) s' ->
                               ccc s' <> "SUB"%string) ->
    lookup G x = Some (e, ce) -> is_value e = false ->
    steps rs sc n (mkstate c G (Var x) Sk t) sf -> final sf ->
    exists sf', esteps rs sc (n + 2) (mkstate c G (Var x) Sk t) sf' /\ final sf' /\
                ccc sf' = ccc sf /\ hp sf' = hp sf /\ ctl sf' = ctl sf /\
                forall a k, th sf' a k = th sf a k.
Proof.
  intros rs sc c G x e ce Sk t n sf Hrs Hx He R F.
  (* the plain run: var2 first *)
  destruct (steps_first _ _ _ _ _ R F) as (n' & s2 & -> & St & R2).
  { intros [Hv _]. discriminate. }
  inversion St; subst; no_value_row;
    match goal with H : lookup G x = Some _ |- _ => rewrite Hx in H; injection H as <- <- end;
    [congruence|].
  (* the thunk's run, over the update frame *)
  destruct (run_decompose _ _ _ _ _ _ _ _ _ R2 F)
    as (m & th0 & D & zx & czx & t1 & _ & E & _ & _).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ E) as Vz.
  destruct (eval_complete_uniform _ _ _ _ _ _ _ _ _ E) as (k & Hk).
  destruct (Hk (FUpd x c :: Sk) (charge c CV 1 t)) as (tp & Rp & Tp).
  destruct (steps_split _ _ _ _ _ _ _ R2 F Rp) as (Lk & R3).
  (* the plain run reaches the thunk's value under czx: so var1 and var3
     agree on the cost centre *)
  assert (Heu : entered rs czx c = updated rs czx c).
  { apply entered_updated. destruct Hrs as [Hrs|Hrs]; [left; exact Hrs|right].
    exact (Hrs _ _ (steps_cons _ _ _ _ _ _ St Rp)). }
  (* then var3 *)
  destruct (steps_first _ _ _ _ _ R3 F) as (m3 & s4 & Hm3 & St4 & R4).
  { intros [_ Hs]. discriminate. }
  inversion St4; subst; no_value_row.
  (* the early run: force, the thunk's run over update and resume frames,
     var3, resume, var1 *)
  destruct (Hk (FUpd x c :: FResume (Var x) c :: Sk) t) as (te & Re & Te).
  destruct x as [nm | a]; [discriminate Hx|].
  set (mid := mkstate (entered rs czx c) (update D (VAddr a) (zx, czx)) zx Sk
                      (charge c CV 1 (charge czx CU 1 te))).
  assert (Early : esteps rs sc (1 + k + 3) (mkstate c G (Var (VAddr a)) Sk t) mid).
  { apply esteps_trans with (s2 := mkstate czx D zx (FUpd (VAddr a) c :: FResume (Var (VAddr a)) c :: Sk) te).
    - eapply esteps_cons; [apply Early_Force; econstructor; eassumption|].
      apply steps_esteps. exact Re.
    - eapply esteps_cons; [apply Early_Step; apply Step_Var3; assumption|].
      eapply esteps_cons; [apply Early_Step; apply Step_Resume; assumption|].
      eapply esteps_cons; [apply Early_Step; eapply Step_Var1|constructor].
      + simpl. rewrite Nat.eqb_refl. reflexivity.
      + assumption. }
  (* the rest of the plain run, from mid's theta *)
  rewrite <- Heu in R4.
  destruct (steps_theta_shift _ _ _ _ _ (charge c CV 1 (charge czx CU 1 te)) R4)
    as (tf & Rf & Tf). simpl in Rf, Tf.
  exists (mkstate (ccc sf) (hp sf) (ctl sf) (stk sf) tf).
  split; [|split; [exact F | repeat split]].
  - replace (S n' + 2) with ((1 + k + 3) + m3) by lia.
    eapply esteps_trans; [exact Early|]. apply steps_esteps. exact Rf.
  - intros a0 k0. specialize (Tf a0 k0). specialize (Tp a0 k0). specialize (Te a0 k0).
    cbn [th]. revert Tf Tp Te. unfold charge.
    repeat (destruct (string_dec _ _)); repeat (destruct (counter_eq_dec _ _)); lia.
Qed.

(* Under fig6 with no side condition. *)
Corollary force_at_demand : forall sc c G x e ce Sk t n sf,
    lookup G x = Some (e, ce) -> is_value e = false ->
    steps Fig6 sc n (mkstate c G (Var x) Sk t) sf -> final sf ->
    exists sf', esteps Fig6 sc (n + 2) (mkstate c G (Var x) Sk t) sf' /\ final sf' /\
                ccc sf' = ccc sf /\ hp sf' = hp sf /\ ctl sf' = ctl sf /\
                forall a k, th sf' a k = th sf a k.
Proof. intros. eapply force_at_demand_rs; eauto. Qed.
