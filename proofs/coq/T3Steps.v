(* T3Steps.v -- the step count of T3 for let-free programs: a run with
   early forcing of a let-free program, either operand order, whose every
   forced thunk the plain run evaluates, is n + 2 f steps long when the
   plain run is n steps long and the early run forces f times.  Both
   lengths are read off theta (StepCount.run_count) and T3Forced gives the
   same theta.  For a let-free program with no scc_sub (a lean one) that
   is the whole proof (t3_lean_steps); scc_sub is a row that charges nothing, so
   for the others the runs are carried over to the program with every
   scc_sub made an scc (SccSubErase.v), whose runs step in lockstep with
   the first's. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Order Ccm.ORun Ccm.EarlyQ Ccm.SubNeverCurrent Ccm.T3LetFree Ccm.T3Forced
        Ccm.StepCount Ccm.SccSubErase Ccm.Rename.
Import ListNotations.
Open Scope nat_scope.

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

(* T3 for programs without let, with the step count: a run from the
   initial state, either operand order, whose every force is of a thunk
   the plain run evaluates (T3Forced.t3_let_free_forced), with f forces
   and m steps, ends as the plain run of n steps does (the same cost
   centre and theta, heap and value equal up to a renaming of addresses),
   and m = n + 2 f. *)
Theorem t3_let_free_forced_steps : forall o rs sc p n sf m f sf',
    prog_no_let p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    qoesteps_f (fun a => val_at (hp sf) a) o rs sc m f (init_state p) sf' -> final sf' ->
    m = n + 2 * f /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros o rs sc p n sf m f sf' Hnl Hrs R F R' F'.
  split; [|exact (t3_let_free_forced o rs sc p n sf m sf' Hnl Hrs R F
                    (qoesteps_f_qoesteps _ _ _ _ _ _ _ _ R') F')].
  (* both runs, carried over to the program with no scc_sub *)
  pose proof (osteps_qoesteps_f (fun _ => True) LTR rs sc n _ _ (proj2 (osteps_ltr rs sc n _ _) R)) as RP.
  destruct (urun _ _ _ _ _ _ _ _ RP _ (init_urel p)) as (uf & RU & U).
  destruct (urun _ _ _ _ _ _ _ _ R' _ (init_urel p)) as (uf' & RU' & U').
  apply (t3_lean_steps o rs sc (uprog p) n uf m f uf').
  - rewrite uprog_no_let. exact Hnl.
  - apply uprog_lean. exact Hnl.
  - rewrite uprog_no_sub. exact Hrs.
  - apply osteps_ltr. exact (qoesteps_f_osteps _ _ _ _ _ _ _ RU).
  - exact (urel_final _ _ U F).
  - eapply qoesteps_f_mono; [|exact RU'].
    intros a Ha. destruct U as (_ & -> & _). apply uheap_val_at. exact Ha.
  - exact (urel_final _ _ U' F').
Qed.

(* The same with the early run as EarlyQ.qoesteps: the number of its forces
   is the f of some counting of it (qoesteps_qoesteps_f). *)
Corollary t3_let_free_forced_count : forall o rs sc p n sf m sf',
    prog_no_let p = true -> (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    qoesteps (fun a => val_at (hp sf) a) o rs sc m (init_state p) sf' -> final sf' ->
    exists f, qoesteps_f (fun a => val_at (hp sf) a) o rs sc m f (init_state p) sf' /\ m = n + 2 * f.
Proof.
  intros o rs sc p n sf m sf' Hnl Hrs R F R' F'.
  destruct (qoesteps_qoesteps_f _ _ _ _ _ _ _ R') as (f & Rf).
  exists f. split; [exact Rf|].
  exact (proj1 (t3_let_free_forced_steps o rs sc p n sf m f sf' Hnl Hrs R F Rf F')).
Qed.
