(* T3Example.v -- T3Forced.t3_let_free_forced on two small programs, to
   show its hypotheses can hold with forces that really move work earlier
   (the second right to left, against the plain left-to-right run).  The
   first:

     main = c + c;  c = scc "k" (2 * 3)

   c is a CAF (a thunk under CAF:c).  Under fig2 and evaluation scoping,
   the plain run evaluates c at main's first operand; the early run forces
   c in the initial state, before main is even entered, and then runs
   plainly.  Both end final, and the theorem gives them the same value,
   cost centre, heap and theta (here 12 under MAIN). *)
Require Import ZArith String List.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run Ccm.Program
        Ccm.SubNeverCurrent Ccm.Interp Ccm.Order Ccm.Rename Ccm.ORun Ccm.EarlyQ
        Ccm.T3LetFree Ccm.T3Forced.
Import ListNotations.
Open Scope string_scope.

Definition ex3 : program :=
  mkprogram (Prim PAdd (AVar (VName "c")) (AVar (VName "c")))
            [("c", Scc "k" (Prim PMul (AInt 2%Z) (AInt 3%Z)))].

Lemma ex3_no_let : prog_no_let ex3 = true.
Proof. reflexivity. Qed.

Lemma ex3_no_sub : prog_no_sub ex3 = true.
Proof. reflexivity. Qed.

(* The state forcing c (address 1) in the initial state reaches. *)
Definition ex3_forced : state :=
  mkstate "CAF:c" (remove (init_heap ex3) (VAddr 1))
          (Scc "k" (Prim PMul (AInt 2%Z) (AInt 3%Z)))
          [FUpd (VAddr 1) "MAIN"; FResume (Var (VAddr 0)) "MAIN"] empty.

(* A force from s to s2 that Q allows, then a plain run of order o. *)
Lemma force_then_run : forall Q o rs sc s s2 n sf,
    step_force s s2 -> forced_ok Q s2 -> osteps o rs sc n s2 sf -> qoesteps Q o rs sc (S n) s sf.
Proof.
  intros Q o rs sc s s2 n sf Fo Ok R. apply qoesteps_cons with (s2 := s2).
  - right. split; assumption.
  - apply qosteps_oesteps. exact R.
Qed.

(* What ex3_t3 and ex4_t3 state, from the two runs (t3_let_free_forced). *)
Lemma example_t3 : forall o p v n sf m sf',
    prog_no_let p = true -> prog_no_sub p = true ->
    steps Fig2 Evaluation n (init_state p) sf -> final sf -> ctl sf = v ->
    qoesteps (fun a => val_at (hp sf) a) o Fig2 Evaluation (S m) (init_state p) sf' -> final sf' ->
    exists n sf m sf',
      steps Fig2 Evaluation n (init_state p) sf /\ final sf /\
      qoesteps (fun a => val_at (hp sf) a) o Fig2 Evaluation (S m) (init_state p) sf' /\
      final sf' /\ ctl sf = v /\
      ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
      exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros o p v n sf m sf' Hnl Hns R1 F1 V E F2.
  destruct (t3_let_free_forced o Fig2 Evaluation p _ _ _ _ Hnl (or_intror Hns) R1 F1 E F2)
    as (Hc & Ht & Hh).
  exists n, sf, m, sf'.
  split; [exact R1|]. split; [exact F1|]. split; [exact E|]. split; [exact F2|].
  split; [exact V|]. split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.

Theorem ex3_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex3) sf /\ final sf /\
    qoesteps (fun a => val_at (hp sf) a) LTR Fig2 Evaluation (S m) (init_state ex3) sf' /\
    final sf' /\ ctl sf = Int 12%Z /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex3)).
  set (r2 := run_machine Fig2 Evaluation 100 ex3_forced).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex3) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r1; destruct (run_machine _ _ _ _); reflexivity).
  assert (R2 : steps Fig2 Evaluation (fst r2) ex3_forced (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r2; destruct (run_machine _ _ _ _); reflexivity).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (E : qoesteps (fun a => val_at (hp (snd r1)) a) LTR Fig2 Evaluation (S (fst r2))
                       (init_state ex3) (snd r2)).
  { apply force_then_run with (s2 := ex3_forced).
    - change (step_force (mkstate "MAIN" (init_heap ex3) (Var (VAddr 0)) [] empty)
                          (mkstate "CAF:c" (remove (init_heap ex3) (VAddr 1))
                                 (Scc "k" (Prim PMul (AInt 2%Z) (AInt 3%Z)))
                                 [FUpd (VAddr 1) "MAIN"; FResume (Var (VAddr 0)) "MAIN"] empty)).
      apply Step_Force; reflexivity.
    - unfold forced_ok, val_at. simpl. exists (Int 6%Z), "k". split; [vm_compute; reflexivity | reflexivity].
    - apply osteps_ltr. exact R2. }
  apply (example_t3 LTR ex3 (Int 12%Z) (fst r1) (snd r1) (fst r2) (snd r2) ex3_no_let ex3_no_sub R1 F1); [vm_compute; reflexivity | exact E | exact F2].
Qed.

(* Right to left, and a forced thunk that enters another thunk:

     main = c + d;  c = scc "k" (2 * 3);  d = scc "m" (c * 2)

   The plain run (left to right) evaluates c at main's left operand, then
   d, which finds c a value.  The early run forces d in the initial state,
   right to left: d's evaluation enters c and evaluates it there; main then
   finds both values.  The theorem applies: same value (18), cost centre,
   heap and theta. *)
Definition ex4 : program :=
  mkprogram (Prim PAdd (AVar (VName "c")) (AVar (VName "d")))
            [("c", Scc "k" (Prim PMul (AInt 2%Z) (AInt 3%Z)));
             ("d", Scc "m" (Prim PMul (AVar (VName "c")) (AInt 2%Z)))].

Fixpoint orun (o : order) (rs : ruleset) (sc : scoping) (fuel : nat) (s : state) : nat * state :=
  match fuel with
  | O => (0, s)
  | S f => match ostep_fn o rs sc s with
           | Some s' => let (n, s'') := orun o rs sc f s' in (S n, s'')
           | None => (0, s)
           end
  end.

Lemma orun_osteps : forall o rs sc fuel s, osteps o rs sc (fst (orun o rs sc fuel s)) s (snd (orun o rs sc fuel s)).
Proof.
  induction fuel as [|f IH]; intros s; simpl; [constructor|].
  destruct (ostep_fn o rs sc s) as [s'|] eqn:E; [|constructor].
  specialize (IH s'). destruct (orun o rs sc f s') as [n s'']. simpl in *.
  econstructor; [apply ostep_fn_iff; exact E | exact IH].
Qed.

Definition ex4_forced : state :=
  mkstate "CAF:d" (remove (init_heap ex4) (VAddr 2))
          (Scc "m" (Prim PMul (AVar (VAddr 1)) (AInt 2%Z)))
          [FUpd (VAddr 2) "MAIN"; FResume (Var (VAddr 0)) "MAIN"] empty.

Theorem ex4_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex4) sf /\ final sf /\
    qoesteps (fun a => val_at (hp sf) a) RTL Fig2 Evaluation (S m) (init_state ex4) sf' /\
    final sf' /\ ctl sf = Int 18%Z /\
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex4)).
  set (r2 := orun RTL Fig2 Evaluation 100 ex4_forced).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex4) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r1; destruct (run_machine _ _ _ _); reflexivity).
  assert (R2 : osteps RTL Fig2 Evaluation (fst r2) ex4_forced (snd r2)) by apply orun_osteps.
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (ostop_of_value RTL Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (E : qoesteps (fun a => val_at (hp (snd r1)) a) RTL Fig2 Evaluation (S (fst r2))
                       (init_state ex4) (snd r2)).
  { apply force_then_run with (s2 := ex4_forced).
    - change (step_force (mkstate "MAIN" (init_heap ex4) (Var (VAddr 0)) [] empty)
                          (mkstate "CAF:d" (remove (init_heap ex4) (VAddr 2))
                                 (Scc "m" (Prim PMul (AVar (VAddr 1)) (AInt 2%Z)))
                                 [FUpd (VAddr 2) "MAIN"; FResume (Var (VAddr 0)) "MAIN"] empty)).
      apply Step_Force; reflexivity.
    - unfold forced_ok, val_at. simpl. exists (Int 12%Z), "m". split; [vm_compute; reflexivity | reflexivity].
    - exact R2. }
  apply (example_t3 RTL ex4 (Int 18%Z) (fst r1) (snd r1) (fst r2) (snd r2) (eq_refl _) (eq_refl _) R1 F1); [vm_compute; reflexivity | exact E | exact F2].
Qed.
