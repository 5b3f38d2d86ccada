(* T3LetExample.v -- T3LetForce.t3_let_force_start on a program with let,
   to show its hypotheses can hold where the renaming is not the identity:

     main = let y = 5 in c + y;  c = let x = 2 * 3 in x + 1

   Under fig2 and evaluation scoping, the plain run allocates y (address
   2) before it demands c, whose let then allocates x (address 3); the run
   that forces c in the initial state allocates x first (2), then y (3).
   Both end with 12 under MAIN, the same theta, and heaps equal up to
   swapping 2 and 3 (they differ at 2); the forced run is two steps
   longer (every let binds one name, so the step count holds too). *)
Require Import ZArith String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.Run Ccm.Program
        Ccm.SubNeverCurrent Ccm.Interp Ccm.BigInterp Ccm.Rename Ccm.T3LetFree Ccm.StepCount Ccm.T3LetForce.
Import ListNotations.
Open Scope string_scope.

Definition ex5_c : expr :=
  Let [("x", Prim PMul (AInt 2%Z) (AInt 3%Z))] (Prim PAdd (AVar (VName "x")) (AInt 1%Z)).

Definition ex5 : program :=
  mkprogram (Let [("y", Int 5%Z)] (Prim PAdd (AVar (VName "c")) (AVar (VName "y"))))
            [("c", ex5_c)].

Lemma ex5_enters_no_thunk : enters_no_thunk Fig2 Evaluation (init_heap ex5) 1.
Proof.
  intros ea cea t D z cz Fa E b o Hb Fb Vo.
  vm_compute in Fa. injection Fa as <- <-.
  destruct (interp Fig2 Evaluation 100 "CAF:c" (remove (init_heap ex5) (VAddr 1)) ex5_c)
    as [[[[t0 D0] z0] cz0]|] eqn:I; [|vm_compute in I; discriminate].
  destruct (eval_deterministic _ _ _ _ _ _ _ _ _ E _ _ _ _ (interp_sound _ _ _ _ _ _ _ _ _ _ I))
    as (_ & -> & _ & _).
  vm_compute in I. injection I as _ <- _ _.
  vm_compute in Hb. destruct b as [|[|b]]; [| |lia]; vm_compute in Fb |- *.
  - injection Fb as <-. reflexivity.
  - discriminate Fb.
Qed.

Theorem ex5_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex5) sf /\ final sf /\
    step_force (init_state ex5) (force_state ex5 1 ex5_c "CAF:c") /\
    steps Fig2 Evaluation m (force_state ex5 1 ex5_c "CAF:c") sf' /\ final sf' /\
    ctl sf = Int 12%Z /\ find_addr 2 (binds (hp sf)) <> find_addr 2 (binds (hp sf')) /\
    1 + m = n + 2 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex5)).
  set (r2 := run_machine Fig2 Evaluation 100 (force_state ex5 1 ex5_c "CAF:c")).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex5) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r1; destruct (run_machine _ _ _ _); reflexivity).
  assert (R2 : steps Fig2 Evaluation (fst r2) (force_state ex5 1 ex5_c "CAF:c") (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r2; destruct (run_machine _ _ _ _); reflexivity).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (Need : val_at (hp (snd r1)) 1)
    by (exists (Int 7%Z), "CAF:c"; split; [vm_compute; reflexivity | reflexivity]).
  destruct (t3_let_force_start Fig2 Evaluation ex5 (fst r1) (snd r1) 1 ex5_c "CAF:c" (fst r2) (snd r2)
              eq_refl (or_intror eq_refl) eq_refl eq_refl ex5_enters_no_thunk R1 F1 Need)
    as (Fo & T3).
  destruct (T3 R2 F2) as (Hc & Ht & Hh).
  exists (fst r1), (snd r1), (fst r2), (snd r2).
  split; [exact R1|]. split; [exact F1|]. split; [exact Fo|]. split; [exact R2|]. split; [exact F2|].
  split; [vm_compute; reflexivity|]. split; [vm_compute; discriminate|].
  split; [exact (t3_let_force_start_steps Fig2 Evaluation ex5 (fst r1) (snd r1) 1 ex5_c "CAF:c" (fst r2) (snd r2)
                   eq_refl eq_refl (or_intror eq_refl) eq_refl eq_refl ex5_enters_no_thunk R1 F1 Need R2 F2)|].
  split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.
