(* T3LetForcesExample.v -- T3LetForces.t3_let_forces on a program with
   let and three forces, one of them inside another's forced evaluation,
   to show its hypotheses can hold with several forces and a renaming
   that is not the identity:

     main = let z = (let x = 2 * 3 in x + 1) in
            let w = (let v = 1 + 1 in v * 2) in z + w

   Under fig2 and evaluation scoping, the early run takes two rows (var2
   enters main, let allocates z at 1), forces z, takes one row (z's let
   allocates x at 2), forces x (inside z's forced evaluation), goes on
   twelve rows to just after main's second let (w at 3), forces w (v at
   4), and runs plainly to the end.  The plain run allocates w at 2 and x
   at 3.  Both end with 11 under MAIN, the same theta, heaps equal up to
   swapping 2 and 3 (they differ at 2), and the early run is six steps
   longer (every let binds one name). *)
Require Import ZArith String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Interp Ccm.Rename Ccm.T3LetFree Ccm.T3LetForce Ccm.T3LetForceAt Ccm.T3LetForces.
Import ListNotations.
Open Scope string_scope.

Definition ex7_z : expr :=
  Let [("x", Prim PMul (AInt 2%Z) (AInt 3%Z))] (Prim PAdd (AVar (VName "x")) (AInt 1%Z)).

Definition ex7_x : expr := Prim PMul (AInt 2%Z) (AInt 3%Z).

Definition ex7_w : expr :=
  Let [("v", Prim PAdd (AInt 1%Z) (AInt 1%Z))] (Prim PMul (AVar (VName "v")) (AInt 2%Z)).

Definition ex7 : program :=
  mkprogram (Let [("z", ex7_z)] (Let [("w", ex7_w)] (Prim PAdd (AVar (VName "z")) (AVar (VName "w")))))
            [].

(* The three forces' states: z at 1 a thunk; x at 2 a thunk, z under
   evaluation; w at 3 a thunk, z and x values. *)
Definition ex7_s1 : state := snd (run_machine Fig2 Evaluation 2 (init_state ex7)).
Definition ex7_sx : state := snd (run_machine Fig2 Evaluation 1 (force_at ex7_s1 1 ex7_z "MAIN")).
Definition ex7_s2 : state := snd (run_machine Fig2 Evaluation 12 (force_at ex7_sx 2 ex7_x "MAIN")).

Definition ex7_k1 : nat := fst (run_machine Fig2 Evaluation 2 (init_state ex7)).
Definition ex7_kx : nat := fst (run_machine Fig2 Evaluation 1 (force_at ex7_s1 1 ex7_z "MAIN")).
Definition ex7_k2 : nat := fst (run_machine Fig2 Evaluation 12 (force_at ex7_sx 2 ex7_x "MAIN")).

Lemma ex7_steps1 : steps Fig2 Evaluation ex7_k1 (init_state ex7) ex7_s1.
Proof. apply (run_machine_steps Fig2 Evaluation 2). apply surjective_pairing. Qed.

Lemma ex7_stepsx : steps Fig2 Evaluation ex7_kx (force_at ex7_s1 1 ex7_z "MAIN") ex7_sx.
Proof. apply (run_machine_steps Fig2 Evaluation 1). apply surjective_pairing. Qed.

Lemma ex7_steps2 : steps Fig2 Evaluation ex7_k2 (force_at ex7_sx 2 ex7_x "MAIN") ex7_s2.
Proof. apply (run_machine_steps Fig2 Evaluation 12). apply surjective_pairing. Qed.

Lemma ex7_enters_no_thunk1 : enters_no_thunk Fig2 Evaluation (hp ex7_s1) 1.
Proof.
  intros ea cea t D z cz Fa E b o Hb Fb Vo.
  vm_compute in Hb. destruct b as [|[|b]]; [| |lia]; vm_compute in Fb; discriminate Fb.
Qed.

Lemma ex7_enters_no_thunkx : enters_no_thunk Fig2 Evaluation (hp ex7_sx) 2.
Proof.
  intros ea cea t D z cz Fa E b o Hb Fb Vo.
  vm_compute in Hb. destruct b as [|[|[|b]]]; [| | |lia]; vm_compute in Fb; discriminate Fb.
Qed.

Lemma ex7_enters_no_thunk2 : enters_no_thunk Fig2 Evaluation (hp ex7_s2) 3.
Proof.
  intros ea cea t D z cz Fa E b o Hb Fb Vo.
  vm_compute in Hb. destruct b as [|[|[|[|b]]]]; [| | | |lia]; vm_compute in Fb;
    try discriminate Fb; injection Fb as <-; vm_compute in Vo; discriminate Vo.
Qed.

(* The plain run from a state evaluates the thunk there (to w under cw). *)
Ltac ex7_needed s w cw :=
  exists (fst (run_machine Fig2 Evaluation 100 s)), (snd (run_machine Fig2 Evaluation 100 s));
  split; [apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing|];
  split; [apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity|];
  exists w, cw; split; [vm_compute; reflexivity | reflexivity].

Theorem ex7_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex7) sf /\ final sf /\
    xsteps Fig2 Evaluation m 3 (init_state ex7) sf' /\ final sf' /\
    ctl sf = Int 11%Z /\ find_addr 2 (binds (hp sf)) <> find_addr 2 (binds (hp sf')) /\
    m = n + 2 * 3 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex7)).
  set (r2 := run_machine Fig2 Evaluation 100 (force_at ex7_s2 3 ex7_w "MAIN")).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex7) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (R2 : steps Fig2 Evaluation (fst r2) (force_at ex7_s2 3 ex7_w "MAIN") (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (X : xsteps Fig2 Evaluation (ex7_k1 + S (ex7_kx + S (ex7_k2 + S (fst r2 + 0)))) 3
                     (init_state ex7) (snd r2)).
  { apply (steps_xsteps _ _ _ _ _ _ _ _ ex7_steps1).
    apply xs_force with (a := 1) (ea := ex7_z) (cea := "MAIN");
      [vm_compute; reflexivity | reflexivity | exact ex7_enters_no_thunk1 | ex7_needed ex7_s1 (Int 7%Z) "MAIN" |].
    apply (steps_xsteps _ _ _ _ _ _ _ _ ex7_stepsx).
    apply xs_force with (a := 2) (ea := ex7_x) (cea := "MAIN");
      [vm_compute; reflexivity | reflexivity | exact ex7_enters_no_thunkx | ex7_needed ex7_sx (Int 6%Z) "MAIN" |].
    apply (steps_xsteps _ _ _ _ _ _ _ _ ex7_steps2).
    apply xs_force with (a := 3) (ea := ex7_w) (cea := "MAIN");
      [vm_compute; reflexivity | reflexivity | exact ex7_enters_no_thunk2 | ex7_needed ex7_s2 (Int 4%Z) "MAIN" |].
    apply (steps_xsteps _ _ _ _ _ _ _ _ R2). constructor. }
  destruct (t3_let_forces_steps Fig2 Evaluation ex7 (fst r1) (snd r1) _ 3 (snd r2)
              eq_refl eq_refl (or_intror eq_refl) R1 F1 X F2) as (Hm & Hc & Ht & Hh).
  exists (fst r1), (snd r1), (ex7_k1 + S (ex7_kx + S (ex7_k2 + S (fst r2 + 0)))), (snd r2).
  split; [exact R1|]. split; [exact F1|]. split; [exact X|]. split; [exact F2|].
  split; [vm_compute; reflexivity|]. split; [vm_compute; discriminate|].
  split; [exact Hm|]. split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.
