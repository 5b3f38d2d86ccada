(* T3ChainExample.v -- T3Chain.t3_let_forces_chain on two programs with
   let where the forced thunk's evaluation enters other thunks, a case
   T3LetForces.t3_let_forces does not cover (ex8_not_enters_no_thunk), to
   show the hypotheses of both forms of force of T3Chain.xsteps2 can hold,
   with a renaming that is not the identity (ex9_t3, below, for the
   second form).  The first:

     main = let x = 2 * 3 in let y = (let z = x + 1 in z * 2) in
            let w = 5 in w + y

   Under fig2 and evaluation scoping, after three rows (var2 enters main,
   let allocates x at 1, let allocates y at 2) y is forced: its evaluation
   allocates z at 3 and enters x (chain [x]: x can be forced there first,
   after which y enters no other thunk).  Then main's third let allocates
   w at 4.  The plain run allocates w at 3 before it demands y, whose let
   then allocates z at 4.  Both end with 19 under MAIN, the same theta,
   and heaps equal up to swapping 3 and 4 (they differ at 3); the early
   run is two steps longer (every let binds one name). *)
Require Import ZArith String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.BigStepDet Ccm.Machine Ccm.Run Ccm.Program
        Ccm.Interp Ccm.BigInterp Ccm.Rename Ccm.T3LetFree Ccm.T3LetForce Ccm.T3LetForceAt
        Ccm.T3LetForces Ccm.T3Chain.
Import ListNotations.
Open Scope string_scope.

Definition ex8_x : expr := Prim PMul (AInt 2%Z) (AInt 3%Z).

Definition ex8_y : expr :=
  Let [("z", Prim PAdd (AVar (VName "x")) (AInt 1%Z))] (Prim PMul (AVar (VName "z")) (AInt 2%Z)).

Definition ex8 : program :=
  mkprogram (Let [("x", ex8_x)] (Let [("y", ex8_y)]
               (Let [("w", Int 5%Z)] (Prim PAdd (AVar (VName "w")) (AVar (VName "y"))))))
            [].

(* The force's state: x at 1 and y at 2 thunks under MAIN, main under evaluation. *)
Definition ex8_s1 : state := snd (run_machine Fig2 Evaluation 3 (init_state ex8)).

(* y's thunk with x at 1 *)
Definition ex8_y1 : expr :=
  Let [("z", Prim PAdd (AVar (VAddr 1)) (AInt 1%Z))] (Prim PMul (AVar (VName "z")) (AInt 2%Z)).

Lemma ex8_steps1 : steps Fig2 Evaluation 3 (init_state ex8) ex8_s1.
Proof. apply (run_machine_steps Fig2 Evaluation 3). unfold ex8_s1. vm_compute. reflexivity. Qed.

(* interp's answer is Some, read off without theta (whose normal form is
   large). *)
Lemma ex8_some : forall (o : option result), option_map (fun _ => true) o = Some true -> exists r, o = Some r.
Proof. intros [r|] H; [exists r; reflexivity | discriminate H]. Qed.

(* The plain run from a state evaluates the thunk at b (to w under cw). *)
Ltac ex8_needed s w cw :=
  exists (fst (run_machine Fig2 Evaluation 100 s)), (snd (run_machine Fig2 Evaluation 100 s));
  split; [apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing|];
  split; [apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity|];
  exists w, cw; split; [vm_compute; reflexivity | reflexivity].

(* y's evaluation at the force's state turns x into a value: the forces
   of T3LetForces.xsteps do not allow forcing y there. *)
Lemma ex8_not_enters_no_thunk : ~ enters_no_thunk Fig2 Evaluation (hp ex8_s1) 2.
Proof.
  intros H.
  destruct (ex8_some (interp Fig2 Evaluation 100 "MAIN" (remove (hp ex8_s1) (VAddr 2)) ex8_y1)
              ltac:(vm_compute; reflexivity)) as ([[[t D] z] cz] & Ey).
  pose proof (interp_sound _ _ _ _ _ _ _ _ _ _ Ey) as E.
  assert (Fa : find_addr 2 (binds (hp ex8_s1)) = Some (ex8_y1, "MAIN")) by (vm_compute; reflexivity).
  pose proof (H _ _ _ _ _ _ Fa E 1 (ex8_x, "MAIN") ltac:(vm_compute; lia)
                ltac:(vm_compute; reflexivity) eq_refl) as K.
  (* x is a value after y's evaluation (read off without theta) *)
  assert (HD : option_map (fun r => find_addr 1 (binds (snd (fst (fst r)))))
                 (interp Fig2 Evaluation 100 "MAIN" (remove (hp ex8_s1) (VAddr 2)) ex8_y1)
               = Some (Some (Int 6%Z, "MAIN"))) by (vm_compute; reflexivity).
  rewrite Ey in HD. cbn [option_map fst snd] in HD. injection HD as HD.
  rewrite HD in K. discriminate K.
Qed.

(* ... and evaluates x. *)
Lemma ex8_evaluates : evaluates Fig2 Evaluation (hp ex8_s1) 2 1.
Proof.
  intros ea cea t D z cz Fa E. vm_compute in Fa. injection Fa as <- <-.
  destruct (ex8_some (interp Fig2 Evaluation 100 "MAIN" (remove (hp ex8_s1) (VAddr 2)) ex8_y1)
              ltac:(vm_compute; reflexivity)) as ([[[t' D'] z'] cz'] & Ey).
  destruct (eval_deterministic _ _ _ _ _ _ _ _ _ E _ _ _ _ (interp_sound _ _ _ _ _ _ _ _ _ _ Ey))
    as (_ & -> & _ & _).
  assert (HD : option_map (fun r => find_addr 1 (binds (snd (fst (fst r)))))
                 (interp Fig2 Evaluation 100 "MAIN" (remove (hp ex8_s1) (VAddr 2)) ex8_y1)
               = Some (Some (Int 6%Z, "MAIN"))) by (vm_compute; reflexivity).
  rewrite Ey in HD. cbn [option_map fst snd] in HD. injection HD as HD.
  exists (Int 6%Z), "MAIN". split; [exact HD | reflexivity].
Qed.

Theorem ex8_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex8) sf /\ final sf /\
    xsteps2 Fig2 Evaluation m 1 (init_state ex8) sf' /\ final sf' /\
    ctl sf = Int 19%Z /\ find_addr 3 (binds (hp sf)) <> find_addr 3 (binds (hp sf')) /\
    m = n + 2 * 1 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  (* x's evaluation at the force's state *)
  destruct (ex8_some (interp Fig2 Evaluation 100 "MAIN" (remove (hp ex8_s1) (VAddr 1)) ex8_x)
              ltac:(vm_compute; reflexivity)) as ([[[tb B] vb] cvb] & Ex).
  pose proof (interp_sound _ _ _ _ _ _ _ _ _ _ Ex) as A.
  (* x's evaluation allocates nothing: its final heap, value and cost
     centre (read off without theta) *)
  pose proof (f_equal (option_map (fun r => (snd (fst (fst r)), snd (fst r), snd r))) Ex) as HB.
  replace (remove (hp ex8_s1) (VAddr 1)) with (mkheap 3 [(2, (ex8_y1, "MAIN"))]) in HB, Ex, A
    by (vm_compute; reflexivity).
  vm_compute in HB. injection HB as <- <- <-.
  assert (NEx : enters_no_thunk Fig2 Evaluation (hp ex8_s1) 1).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Fa. injection Fa as <- <-.
    replace (remove (hp ex8_s1) (VAddr 1)) with (mkheap 3 [(2, (ex8_y1, "MAIN"))]) in E, Fb
      by (vm_compute; reflexivity).
    destruct (eval_deterministic _ _ _ _ _ _ _ _ _ A _ _ _ _ E) as (_ & <- & _ & _).
    vm_compute in Hb. destruct b as [|[|[|b]]]; [| | |lia]; vm_compute in Fb; try discriminate Fb.
    injection Fb as <-. vm_compute. reflexivity. }
  set (u := ahead ex8_s1 1 (mkheap 3 [(2, (ex8_y1, "MAIN"))]) (Int 6%Z) "MAIN" tb).
  assert (NEy : enters_no_thunk Fig2 Evaluation (hp u) 2).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Hb. destruct b as [|[|[|b]]]; [| | |lia]; vm_compute in Fb;
      try discriminate Fb; injection Fb as <-; vm_compute in Vo; discriminate Vo. }
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex8)).
  set (r2 := run_machine Fig2 Evaluation 100 (force_at ex8_s1 2 ex8_y1 "MAIN")).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex8) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (R2 : steps Fig2 Evaluation (fst r2) (force_at ex8_s1 2 ex8_y1 "MAIN") (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (X : xsteps2 Fig2 Evaluation (3 + S (fst r2 + 0)) 1 (init_state ex8) (snd r2)).
  { apply (steps_xsteps2 _ _ _ _ _ _ _ _ ex8_steps1).
    apply x2_force with (a := 2) (ea := ex8_y1) (cea := "MAIN") (bs := [1]) (u := u);
      [vm_compute; reflexivity | reflexivity | | ex8_needed ex8_s1 (Int 14%Z) "MAIN" | | exact NEy |].
    - apply c0_cons with (eb := ex8_x) (ceb := "MAIN") (tb := tb) (B := mkheap 3 [(2, (ex8_y1, "MAIN"))])
                           (vb := Int 6%Z) (cvb := "MAIN");
        [vm_compute; reflexivity | reflexivity | exact NEx | | constructor].
      replace (remove (hp ex8_s1) (VAddr 1)) with (mkheap 3 [(2, (ex8_y1, "MAIN"))]) by (vm_compute; reflexivity).
      exact A.
    - constructor; [|constructor]. split; [vm_compute; lia|].
      split; [ex8_needed ex8_s1 (Int 6%Z) "MAIN" | exact ex8_evaluates].
    - apply (steps_xsteps2 _ _ _ _ _ _ _ _ R2). constructor. }
  destruct (t3_let_forces_chain_steps Fig2 Evaluation ex8 (fst r1) (snd r1) _ 1 (snd r2)
              eq_refl eq_refl (or_intror eq_refl) R1 F1 X F2) as (Hm & Hc & Ht & Hh).
  exists (fst r1), (snd r1), (3 + S (fst r2 + 0)), (snd r2).
  split; [exact R1|]. split; [exact F1|]. split; [exact X|]. split; [exact F2|].
  split; [vm_compute; reflexivity|]. split; [vm_compute; discriminate|].
  split; [exact Hm|]. split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.

(* ---- the second form: a chain thunk that an earlier one's evaluation allocates ----

     main = let x = (let t = 2 * 3 in C t) in let y = (case x of C v -> v + 1) in
            let w = 5 in w + y

   y forced after three rows (x at 1, y at 2): y's evaluation enters x,
   whose evaluation allocates t at 3 and returns C t, and then enters t.
   The chain is [x; t], t an address x's evaluation allocates; it can be
   forced from the force's state and from y's force alike
   (x2_force_pair).  The early run allocates t at 3 and w at 4, the plain
   run w at 3 and t at 4; both end with 12 under MAIN. *)

Definition ex9_t : expr := Prim PMul (AInt 2%Z) (AInt 3%Z).

Definition ex9_x : expr := Let [("t", ex9_t)] (Con "C" [VName "t"]).

Definition ex9_y : expr :=
  Case (Var (VName "x")) [("C", ["v"], Prim PAdd (AVar (VName "v")) (AInt 1%Z))] None.

Definition ex9 : program :=
  mkprogram (Let [("x", ex9_x)] (Let [("y", ex9_y)]
               (Let [("w", Int 5%Z)] (Prim PAdd (AVar (VName "w")) (AVar (VName "y"))))))
            [].

Definition ex9_s1 : state := snd (run_machine Fig2 Evaluation 3 (init_state ex9)).

(* y's thunk with x at 1 *)
Definition ex9_y1 : expr :=
  Case (Var (VAddr 1)) [("C", ["v"], Prim PAdd (AVar (VName "v")) (AInt 1%Z))] None.

Definition ex9_c3 : expr := Con "C" [VAddr 3].

Lemma ex9_steps1 : steps Fig2 Evaluation 3 (init_state ex9) ex9_s1.
Proof. apply (run_machine_steps Fig2 Evaluation 3). unfold ex9_s1. vm_compute. reflexivity. Qed.

(* A derivation read off interp, its heap, value and cost centre checked
   without theta. *)
Lemma ex9_eval : forall c G e D z cz,
    option_map (fun r => (snd (fst (fst r)), snd (fst r), snd r)) (interp Fig2 Evaluation 100 c G e)
      = Some (D, z, cz) ->
    exists t, eval Fig2 Evaluation c G e t D z cz.
Proof.
  intros c G e D z cz H.
  destruct (interp Fig2 Evaluation 100 c G e) as [[[[t D'] z'] cz']|] eqn:E; [|discriminate H].
  injection H as <- <- <-. exists t. exact (interp_sound _ _ _ _ _ _ _ _ _ _ E).
Qed.

Theorem ex9_t3 :
  exists n sf m sf',
    steps Fig2 Evaluation n (init_state ex9) sf /\ final sf /\
    xsteps2 Fig2 Evaluation m 1 (init_state ex9) sf' /\ final sf' /\
    ctl sf = Int 12%Z /\ find_addr 3 (binds (hp sf)) <> find_addr 3 (binds (hp sf')) /\
    m = n + 2 * 1 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  (* the chain from the force's state: x, then t *)
  destruct (ex9_eval "MAIN" (remove (hp ex9_s1) (VAddr 1)) ex9_x
              (mkheap 4 [(3, (ex9_t, "MAIN")); (2, (ex9_y1, "MAIN"))]) ex9_c3 "MAIN"
              ltac:(vm_compute; reflexivity)) as (tb1 & A1).
  set (u1 := ahead ex9_s1 1 (mkheap 4 [(3, (ex9_t, "MAIN")); (2, (ex9_y1, "MAIN"))]) ex9_c3 "MAIN" tb1).
  destruct (ex9_eval "MAIN" (remove (hp u1) (VAddr 3)) ex9_t
              (mkheap 4 [(1, (ex9_c3, "MAIN")); (2, (ex9_y1, "MAIN"))]) (Int 6%Z) "MAIN"
              ltac:(vm_compute; reflexivity)) as (tb2 & A2).
  set (u2 := ahead u1 3 (mkheap 4 [(1, (ex9_c3, "MAIN")); (2, (ex9_y1, "MAIN"))]) (Int 6%Z) "MAIN" tb2).
  (* the same chain from y's force *)
  set (w0 := force_at ex9_s1 2 ex9_y1 "MAIN").
  destruct (ex9_eval "MAIN" (remove (hp w0) (VAddr 1)) ex9_x
              (mkheap 4 [(3, (ex9_t, "MAIN"))]) ex9_c3 "MAIN"
              ltac:(vm_compute; reflexivity)) as (tb1' & A1').
  set (w1 := ahead w0 1 (mkheap 4 [(3, (ex9_t, "MAIN"))]) ex9_c3 "MAIN" tb1').
  destruct (ex9_eval "MAIN" (remove (hp w1) (VAddr 3)) ex9_t
              (mkheap 4 [(1, (ex9_c3, "MAIN"))]) (Int 6%Z) "MAIN"
              ltac:(vm_compute; reflexivity)) as (tb2' & A2').
  set (w2 := ahead w1 3 (mkheap 4 [(1, (ex9_c3, "MAIN"))]) (Int 6%Z) "MAIN" tb2').
  (* each force there enters no other thunk *)
  assert (NE1 : enters_no_thunk Fig2 Evaluation (hp ex9_s1) 1).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Fa. injection Fa as <- <-.
    destruct (eval_deterministic _ _ _ _ _ _ _ _ _ A1 _ _ _ _ E) as (_ & <- & _ & _).
    vm_compute in Hb. destruct b as [|[|[|b]]]; [| | |lia]; vm_compute in Fb; try discriminate Fb.
    injection Fb as <-. vm_compute. reflexivity. }
  assert (NE2 : enters_no_thunk Fig2 Evaluation (hp u1) 3).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Fa. injection Fa as <- <-.
    destruct (eval_deterministic _ _ _ _ _ _ _ _ _ A2 _ _ _ _ E) as (_ & <- & _ & _).
    vm_compute in Hb. destruct b as [|[|[|[|b]]]]; [| | | |lia]; vm_compute in Fb; try discriminate Fb;
      injection Fb as <-; [vm_compute in Vo; discriminate Vo | vm_compute; reflexivity]. }
  assert (NEy : enters_no_thunk Fig2 Evaluation (hp u2) 2).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Hb. destruct b as [|[|[|[|b]]]]; [| | | |lia]; vm_compute in Fb;
      try discriminate Fb; injection Fb as <-; vm_compute in Vo; discriminate Vo. }
  assert (NE1' : enters_no_thunk Fig2 Evaluation (hp w0) 1).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Hb. destruct b as [|[|[|b]]]; [| | |lia]; vm_compute in Fb; discriminate Fb. }
  assert (NE2' : enters_no_thunk Fig2 Evaluation (hp w1) 3).
  { intros ea cea t D z cz Fa E b o Hb Fb Vo.
    vm_compute in Hb. destruct b as [|[|[|[|b]]]]; [| | | |lia]; vm_compute in Fb;
      try discriminate Fb; injection Fb as <-; vm_compute in Vo; discriminate Vo. }
  set (r1 := run_machine Fig2 Evaluation 100 (init_state ex9)).
  set (r2 := run_machine Fig2 Evaluation 100 w0).
  assert (R1 : steps Fig2 Evaluation (fst r1) (init_state ex9) (snd r1))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (R2 : steps Fig2 Evaluation (fst r2) w0 (snd r2))
    by (apply (run_machine_steps Fig2 Evaluation 100); apply surjective_pairing).
  assert (F1 : final (snd r1)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (F2 : final (snd r2)) by (apply (proj1 (stop_of_value Fig2 Evaluation _)); vm_compute; reflexivity).
  assert (X : xsteps2 Fig2 Evaluation (3 + S (fst r2 + 0)) 1 (init_state ex9) (snd r2)).
  { apply (steps_xsteps2 _ _ _ _ _ _ _ _ ex9_steps1).
    apply x2_force_pair with (a := 2) (ea := ex9_y1) (cea := "MAIN") (bs := [1; 3]) (u := u2) (w := w2);
      [vm_compute; reflexivity | reflexivity | | | exact NEy | ex8_needed u2 (Int 7%Z) "MAIN" |].
    - apply ch_cons with (eb := ex9_x) (ceb := "MAIN") (tb := tb1)
                           (B := mkheap 4 [(3, (ex9_t, "MAIN")); (2, (ex9_y1, "MAIN"))]) (vb := ex9_c3) (cvb := "MAIN");
        [vm_compute; reflexivity | reflexivity | exact NE1 | ex8_needed ex9_s1 (Con "C" [VAddr 4]) "MAIN" | exact A1 |].
      apply ch_cons with (eb := ex9_t) (ceb := "MAIN") (tb := tb2)
                           (B := mkheap 4 [(1, (ex9_c3, "MAIN")); (2, (ex9_y1, "MAIN"))]) (vb := Int 6%Z) (cvb := "MAIN");
        [vm_compute; reflexivity | reflexivity | exact NE2 | ex8_needed u1 (Int 6%Z) "MAIN" | exact A2 | constructor].
    - apply ch_cons with (eb := ex9_x) (ceb := "MAIN") (tb := tb1')
                           (B := mkheap 4 [(3, (ex9_t, "MAIN"))]) (vb := ex9_c3) (cvb := "MAIN");
        [vm_compute; reflexivity | reflexivity | exact NE1' | ex8_needed w0 ex9_c3 "MAIN" | exact A1' |].
      apply ch_cons with (eb := ex9_t) (ceb := "MAIN") (tb := tb2')
                           (B := mkheap 4 [(1, (ex9_c3, "MAIN"))]) (vb := Int 6%Z) (cvb := "MAIN");
        [vm_compute; reflexivity | reflexivity | exact NE2' | ex8_needed w1 (Int 6%Z) "MAIN" | exact A2' | constructor].
    - apply (steps_xsteps2 _ _ _ _ _ _ _ _ R2). constructor. }
  destruct (t3_let_forces_chain_steps Fig2 Evaluation ex9 (fst r1) (snd r1) _ 1 (snd r2)
              eq_refl eq_refl (or_intror eq_refl) R1 F1 X F2) as (Hm & Hc & Ht & Hh).
  exists (fst r1), (snd r1), (3 + S (fst r2 + 0)), (snd r2).
  split; [exact R1|]. split; [exact F1|]. split; [exact X|]. split; [exact F2|].
  split; [vm_compute; reflexivity|]. split; [vm_compute; discriminate|].
  split; [exact Hm|]. split; [exact Hc|]. split; [exact Ht | exact Hh].
Qed.
