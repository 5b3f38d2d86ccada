(* T3LetAtExample.v -- T3LetForceAt.t3_let_force_at on a program with let,
   to show its hypotheses can hold for a thunk that is not in the initial
   heap, forced in a later state, with a renaming that is not the
   identity:

     main = let z = (let x = 2 * 3 in x + 1) in let y = 5 in y + z

   Under fig2 and evaluation scoping, after two rows (var2 enters main,
   let allocates z at address 1) z is a thunk of the heap; forcing it
   there allocates x at 2, and main's second let then allocates y at 3.
   The plain run allocates y at 2 before it demands z, whose let then
   allocates x at 3.  Both end with 12 under MAIN, the same theta, and
   heaps equal up to swapping 2 and 3 (they differ at 2); the forced run
   is two steps longer (every let binds one name). *)
Require Import ZArith String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Interp Ccm.Rename Ccm.T3LetFree Ccm.T3LetForce Ccm.T3LetForceAt.
Import ListNotations.
Open Scope string_scope.

Definition ex6_z : expr :=
  Let [("x", Prim PMul (AInt 2%Z) (AInt 3%Z))] (Prim PAdd (AVar (VName "x")) (AInt 1%Z)).

Definition ex6 : program :=
  mkprogram (Let [("z", ex6_z)] (Let [("y", Int 5%Z)] (Prim PAdd (AVar (VName "y")) (AVar (VName "z")))))
            [].

(* The state after two rows: z bound at 1 to its thunk under MAIN. *)
Definition ex6_s0 : state := snd (run_machine Fig2 Evaluation 2 (init_state ex6)).

Lemma ex6_s0_steps : steps Fig2 Evaluation 2 (init_state ex6) ex6_s0.
Proof.
  apply (run_machine_steps Fig2 Evaluation 2). unfold ex6_s0. vm_compute. reflexivity.
Qed.

Lemma ex6_enters_no_thunk : enters_no_thunk Fig2 Evaluation (hp ex6_s0) 1.
Proof.
  intros ea cea t D z cz Fa E b o Hb Fb Vo.
  vm_compute in Hb. destruct b as [|[|b]]; [| |lia]; vm_compute in Fb; discriminate Fb.
Qed.

Theorem ex6_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex6) sf /\ final sf /\
    step_force ex6_s0 (force_at ex6_s0 1 ex6_z "MAIN") /\
    steps Fig2 Evaluation m (force_at ex6_s0 1 ex6_z "MAIN") sf' /\ final sf' /\
    ctl sf = Int 12%Z /\ find_addr 2 (binds (hp sf)) <> find_addr 2 (binds (hp sf')) /\
    2 + 1 + m = n + 2 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex6)).
  set (r2 := run_machine Fig2 Evaluation 100 (force_at ex6_s0 1 ex6_z "MAIN")).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex6) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r1; destruct (run_machine _ _ _ _); reflexivity).
  assert (R2 : steps Fig2 Evaluation (fst r2) (force_at ex6_s0 1 ex6_z "MAIN") (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); unfold r2; destruct (run_machine _ _ _ _); reflexivity).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (Need : val_at (hp (snd r1)) 1)
    by (exists (Int 7%Z), "MAIN"; split; [vm_compute; reflexivity | reflexivity]).
  assert (Fa : find_addr 1 (binds (hp ex6_s0)) = Some (ex6_z, "MAIN")) by (vm_compute; reflexivity).
  destruct (t3_let_force_at Fig2 Evaluation ex6 (fst r1) (snd r1) 2 ex6_s0 1 ex6_z "MAIN" (fst r2) (snd r2)
              eq_refl (or_intror eq_refl) R1 F1 Need ex6_s0_steps Fa eq_refl ex6_enters_no_thunk)
    as (Fo & T3).
  destruct (T3 R2 F2) as (Hc & Ht & Hh).
  exists (fst r1), (snd r1), (fst r2), (snd r2).
  split; [exact R1|]. split; [exact F1|]. split; [exact Fo|]. split; [exact R2|]. split; [exact F2|].
  split; [vm_compute; reflexivity|]. split; [vm_compute; discriminate|].
  split; [exact (t3_let_force_at_steps Fig2 Evaluation ex6 (fst r1) (snd r1) 2 ex6_s0 1 ex6_z "MAIN"
                   (fst r2) (snd r2) eq_refl eq_refl (or_intror eq_refl) R1 F1 Need ex6_s0_steps Fa eq_refl
                   ex6_enters_no_thunk R2 F2)|].
  split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.
