(* T3Steps.v -- the step count of T3 for let-free programs: a run with
   early forcing of a let-free program, either operand order, whose every
   forced thunk the plain run evaluates, is n + 2 f steps long when the
   plain run is n steps long and the early run forces f times.  Both
   lengths are read off theta (StepCount.run_count) and T3Forced gives the
   same theta.  For a program with no scc_sub (a lean one) that is the
   whole proof (t3_lean_steps); scc_sub is a row that charges nothing, so
   for the others the runs are carried over to the program with every
   scc_sub made an scc (SccSubErase.v), whose runs step in lockstep with
   the first's. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Order Ccm.ORun Ccm.EarlyQ Ccm.SubNeverCurrent Ccm.T3LetFree Ccm.T3Forced
        Ccm.StepCount.
Import ListNotations.
Open Scope nat_scope.

Definition prog_lean (p : program) : bool :=
  lean (main_rhs p) && forallb (fun b => lean (snd b)) (tops p).

Lemma init_lean : forall p, prog_lean p = true -> lean_state (init_state p).
Proof.
  intros p H. split; [reflexivity|]. split; [|constructor].
  intros a o F. apply andb_prop in H. destruct H as [Hm Ht].
  unfold init_state, init_heap in F. simpl in F. destruct (Nat.eqb a 0).
  - injection F as <-. simpl. unfold rename_top. rewrite lean_substs. exact Hm.
  - rewrite <- (app_nil_r (combine _ _)) in F.
    rewrite Rename.find_addr_combine' in F by apply map_length.
    destruct ((1 <=? a) && (a <? 1 + length (tops p))); [|discriminate].
    rewrite nth_error_map in F. destruct (nth_error (tops p) (a - 1)) as [[x r]|] eqn:E; [|discriminate].
    injection F as <-. simpl. unfold rename_top. rewrite lean_substs.
    apply nth_error_In in E. rewrite forallb_forall in Ht. exact (Ht _ E).
Qed.

(* Two runs from a program's start, both ending final, with the same
   theta: their lengths differ by two per force. *)
Lemma same_theta_steps : forall Q o rs sc p Q' o' n f sf m f' sf',
    prog_lean p = true ->
    qoesteps_f Q o rs sc n f (init_state p) sf -> final sf ->
    qoesteps_f Q' o' rs sc m f' (init_state p) sf' -> final sf' ->
    (forall c k, th sf' c k = th sf c k) ->
    m + 2 * f = n + 2 * f'.
Proof.
  intros Q o rs sc p Q' o' n f sf m f' sf' Hl R F R' F' Ht.
  destruct (run_count_top _ _ _ _ _ _ _ _ R (init_lean p Hl) eq_refl (proj2 F) (fun _ _ => eq_refl))
    as (cs1 & H1).
  destruct (run_count_top _ _ _ _ _ _ _ _ R' (init_lean p Hl) eq_refl (proj2 F') (fun _ _ => eq_refl))
    as (cs2 & H2).
  set (cs := nodup string_dec (cs1 ++ cs2)).
  assert (Nd : NoDup cs) by apply NoDup_nodup.
  assert (I1 : incl cs1 cs) by (intros c Hc; apply nodup_In, in_or_app; left; exact Hc).
  assert (I2 : incl cs2 cs) by (intros c Hc; apply nodup_In, in_or_app; right; exact Hc).
  rewrite (H1 cs Nd I1), (H2 cs Nd I2), (wsum_ext cs _ _ Ht). lia.
Qed.

(* T3 with the step count, for a program with neither let nor scc_sub. *)
Theorem t3_lean_steps : forall o rs sc p n sf m f sf',
    prog_no_let p = true -> prog_lean p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    qoesteps_f (fun a => val_at (hp sf) a) o rs sc m f (init_state p) sf' -> final sf' ->
    m = n + 2 * f.
Proof.
  intros o rs sc p n sf m f sf' Hnl Hl Hrs R F R' F'.
  destruct (t3_let_free_forced o rs sc p n sf m sf' Hnl Hrs R F (qoesteps_f_qoesteps _ _ _ _ _ _ _ _ R') F')
    as (_ & Ht & _).
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr rs sc n _ _) R)) as RP.
  pose proof (same_theta_steps _ _ _ _ _ _ _ _ _ _ _ _ _ Hl RP F R' F' Ht). lia.
Qed.
