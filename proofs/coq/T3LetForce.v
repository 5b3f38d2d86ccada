(* T3LetForce.v -- T3 for a program with let, in one case: one force, in
   the initial state, of a thunk the plain run evaluates, whose evaluation
   there enters no other thunk of the initial heap (it may allocate, and
   enter what it allocates).  The run that forces it first and then runs
   plainly ends with the plain run's cost centre and theta, and a heap
   and value equal to the plain run's up to a one to one renaming of
   addresses: the thunk's objects sit where the forced evaluation put them,
   before main's.  Both runs are big-step derivations (T1; for the forced
   run, its evaluation, var3, resume, then main); PreEval.pre_evaluation
   turns the plain one into a derivation from the heap the force leaves,
   and determinism does the rest.  The program's right-hand sides name no
   address (prog_addr_free: its heap is then closed). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Complete Ccm.Sound Ccm.ForceAtDemand Ccm.SubNeverCurrent Ccm.Rename Ccm.ORun
        Ccm.Order Ccm.EarlyQ Ccm.T3LetFree Ccm.StepCount Ccm.T3Steps Ccm.Closed Ccm.Transfer Ccm.PreEval.
Import ListNotations.
Open Scope nat_scope.

Definition prog_addr_free (p : program) : bool :=
  below 0 (main_rhs p) && forallb (fun b => below 0 (snd b)) (tops p).

Lemma top_addrs_below : forall p, forallb (var_below (S (length (tops p)))) (top_addrs p) = true.
Proof.
  intros p. unfold top_addrs. apply forallb_forall. intros x Hx.
  apply in_map_iff in Hx. destruct Hx as (a & <- & Ha). apply in_seq in Ha.
  simpl. apply Nat.ltb_lt. lia.
Qed.

Lemma init_closed : forall p, prog_addr_free p = true -> heap_closed (init_heap p).
Proof.
  intros p H. split; [exact (proj1 (init_inv p))|].
  intros a o F. apply andb_prop in H. destruct H as [Hm Ht].
  unfold init_heap in F |- *. simpl in F |- *. destruct (Nat.eqb a 0).
  - injection F as <-. simpl. unfold rename_top.
    apply below_substs; [apply top_addrs_below | eapply below_mono; [|exact Hm]; lia].
  - rewrite <- (app_nil_r (combine _ _)) in F.
    rewrite Rename.find_addr_combine' in F by apply map_length.
    destruct ((1 <=? a) && (a <? 1 + length (tops p))); [|discriminate].
    rewrite nth_error_map in F. destruct (nth_error (tops p) (a - 1)) as [[x r]|] eqn:E; [|discriminate].
    injection F as <-. simpl. unfold rename_top.
    apply below_substs; [apply top_addrs_below|].
    apply nth_error_In in E. rewrite forallb_forall in Ht. eapply below_mono; [|exact (Ht _ E)]. lia.
Qed.

(* The evaluation of the thunk at a, in G without a, enters no thunk G
   has: every thunk of G is the same thunk after it. *)
Definition enters_no_thunk (rs : ruleset) (sc : scoping) (G : heap) (a : nat) : Prop :=
  forall ea cea t D z cz, find_addr a (binds G) = Some (ea, cea) ->
    eval rs sc cea (remove G (VAddr a)) ea t D z cz ->
    forall b o, b < next G -> find_addr b (binds (remove G (VAddr a))) = Some o ->
      is_value (fst o) = false -> find_addr b (binds D) = Some o.

(* The state force reaches from the initial state, forcing a. *)
Definition force_state (p : program) (a : nat) (ea : expr) (cea : cc) : state :=
  mkstate cea (remove (init_heap p) (VAddr a)) ea
          [FUpd (VAddr a) init_cc; FResume init_ctl init_cc] empty.

Theorem t3_let_force_start : forall rs sc p n sf a ea cea m sf',
    prog_addr_free p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    find_addr a (binds (init_heap p)) = Some (ea, cea) -> is_value ea = false ->
    enters_no_thunk rs sc (init_heap p) a ->
    steps rs sc n (init_state p) sf -> final sf -> val_at (hp sf) a ->
    step_force (init_state p) (force_state p a ea cea) /\
    (steps rs sc m (force_state p a ea cea) sf' -> final sf' ->
     ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
     exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf)).
Proof.
  intros rs sc p n sf a ea cea m sf' Hcl Hrs Fa Va NE R F Need.
  split; [apply Step_Force; [exact Fa | exact Va]|].
  intros R' F'.
  destruct (machine_sound _ _ _ _ _ R F) as (th0 & P & Th0). unfold prog_eval in P.
  (* the forced run: a's evaluation, var3, resume, then main *)
  unfold force_state in R'.
  destruct (run_decompose _ _ _ _ _ _ _ _ _ R' F') as (m1 & ta & A1 & va & cva & t1 & _ & A & R1 & T1).
  pose proof (eval_value _ _ _ _ _ _ _ _ _ A) as Vva.
  destruct (steps_first _ _ _ _ _ R1 F') as (m2 & s2 & _ & St2 & R2); [intros [_ Hs]; discriminate|].
  inversion St2; subst; no_value_row.
  destruct (steps_first _ _ _ _ _ R2 F') as (m3 & s3 & _ & St3 & R3); [intros [_ Hs]; discriminate|].
  inversion St3; subst; no_value_row.
  destruct (run_sound _ _ _ _ _ _ _ _ R3 F') as (th1 & E1 & Th1).
  assert (Su : setup rs sc (init_heap p) a ea cea ta A1 va cva)
    by (constructor; [apply init_closed; exact Hcl | exact Fa | exact Va | exact A | exact (NE _ _ _ _ _ _ Fa A)]).
  assert (Hsub : rs = Fig6 \/ cva <> "SUB"%string).
  { destruct Hrs as [Hrs|Hnp]; [left; exact Hrs | right].
    destruct (eval_complete _ _ _ _ _ _ _ _ _ A [FUpd (VAddr a) init_cc; FResume init_ctl init_cc] empty)
      as (k & tk & Rk & _).
    destruct (init_state_ok p Hnp) as (_ & Hh & _ & _).
    pose proof (lookup_ok _ (VAddr a) _ Hh Fa) as (Ho & Hc).
    refine (proj1 (steps_ok _ _ _ _ _ Rk _)).
    split; [exact (Hc Va)|]. split; [apply remove_ok; exact Hh|]. split; [exact Ho|].
    repeat constructor; discriminate. }
  destruct (pre_evaluation _ _ _ _ _ _ _ _ _ _ Su Hsub _ _ _ _ _ _ P eq_refl Need)
    as (r1 & D' & t' & P' & HR & Th).
  destruct (eval_deterministic _ _ _ _ _ _ _ _ _ E1 _ _ _ _ P') as (<- & HD & Hz & Hc).
  split; [exact Hc|]. split.
  - intros c k. rewrite Th1, Th0, Th. specialize (T1 c k). unfold charge, empty in *.
    destruct (string_dec cva c); destruct (counter_eq_dec CU k); lia.
  - exists r1. rewrite HD, Hz. split; [exact HR | reflexivity].
Qed.

(* With the step count, when every let of the program binds one name and
   it has no scc_sub (StepCount.prog_lean): a let row then charges one H,
   so both lengths are read off theta (T3Steps.same_theta_steps). *)
Corollary t3_let_force_start_steps : forall rs sc p n sf a ea cea m sf',
    prog_addr_free p = true -> prog_lean p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    find_addr a (binds (init_heap p)) = Some (ea, cea) -> is_value ea = false ->
    enters_no_thunk rs sc (init_heap p) a ->
    steps rs sc n (init_state p) sf -> final sf -> val_at (hp sf) a ->
    steps rs sc m (force_state p a ea cea) sf' -> final sf' ->
    1 + m = n + 2.
Proof.
  intros rs sc p n sf a ea cea m sf' Hcl Hl Hrs Fa Va NE R F Need R' F'.
  destruct (t3_let_force_start rs sc p n sf a ea cea m sf' Hcl Hrs Fa Va NE R F Need) as (Fo & T3).
  destruct (T3 R' F') as (_ & Ht & _).
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr _ _ _ _ _) R)) as RP.
  assert (RE : qoesteps_f (fun _ => True) LTR rs sc (S m) 1 (init_state p) sf').
  { eapply qf_force; [exact Fo | exact I |].
    exact (osteps_qoesteps_f _ _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R')). }
  pose proof (same_theta_steps _ _ _ _ _ _ _ _ _ _ _ _ _ Hl RP F RE F' Ht). lia.
Qed.
