(* Interp.v -- the machine of docs/semantics.md section 4 as a program:
   step_fn computes the one row that fires (Machine.step is a relation),
   run_machine repeats it under a fuel bound, and stop_of names why a run
   stopped (section 6: a value, or which runtime error).  Each is proven to
   agree with the relations of Machine.v and Run.v, so that what Extract.v
   extracts is the model itself, not a second implementation of it. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run.
Import ListNotations.

(* The rows of section 4 for a value in control, by the top frame: app2,
   var3, case2 / case2 default, prim2, prim3, resume.  None: no row fires
   (an empty stack, or a section 6 error). *)
Definition step_value (rs : ruleset) (sc : scoping) (c : cc) (G : heap)
           (v : expr) (K : list frame) (t : theta) : option state :=
  match K with
  | [] => None
  | FArg x cf :: K' =>                                    (* app2 *)
      match v with
      | Lam y b => Some (mkstate (body_cc sc c cf) G (subst y x b) K' t)
      | _ => None
      end
  | FUpd x cf :: K' =>                                    (* var3 *)
      Some (mkstate (updated rs c cf) (update G x (v, c)) v K' (charge c CU 1 t))
  | FCase alts d cf :: K' =>
      let dflt := match d with                           (* case2 default *)
                  | Some de => Some (mkstate cf G de K' t)
                  | None => None
                  end in
      match v with
      | Con k xs =>
          match select alts k with
          | Some (ys, b) =>                               (* case2 *)
              if Nat.eqb (length ys) (length xs)
              then Some (mkstate cf G (substs ys xs b) K' t) else None
          | None => dflt
          end
      | _ => dflt
      end
  | FPrim1 op a2 cf :: K' =>                              (* prim2 *)
      match v with
      | Int n1 => Some (mkstate cf G (atom_expr a2) (FPrim2 op n1 cf :: K') t)
      | _ => None
      end
  | FPrim2 op n1 cf :: K' =>                              (* prim3 *)
      match v with
      | Int n2 => match prim_result op n1 n2 with
                  | Some r => Some (mkstate cf G r K' t)
                  | None => None
                  end
      | _ => None
      end
  | FResume e cf :: K' => Some (mkstate cf G e K' t)      (* resume *)
  end.

(* The row that fires in s (section 4; force is the tests' choice and is
   not a row of a plain run), or None when none does. *)
Definition step_fn (rs : ruleset) (sc : scoping) (s : state) : option state :=
  match s with
  | mkstate c G e K t =>
      match e with
      | App f x =>                                        (* app1 *)
          Some (mkstate c G f (FArg x c :: K) (charge c CA 1 t))
      | Var x =>
          match lookup G x with
          | Some (z, cz) =>
              if is_value z
              then Some (mkstate (entered rs cz c) G z K (charge c CV 1 t))   (* var1 *)
              else Some (mkstate cz (remove G x) z (FUpd x c :: K)
                                 (charge c CV 1 t))                          (* var2 *)
          | None => None
          end
      | Let bs b =>                                       (* let *)
          Some (mkstate c (let_alloc G bs c) (let_rename G bs b) K
                        (charge c CH (length bs) t))
      | Case s0 alts d =>                                 (* case1 *)
          Some (mkstate c G s0 (FCase alts d c :: K) (charge c CC 1 t))
      | Scc c' b =>                                       (* scc *)
          Some (mkstate c' G b K (charge c' CEntries 1 (charge c CSubentries 1 t)))
      | SccSub c' b => Some (mkstate c' G b K t)          (* scc_sub *)
      | Prim op a1 a2 =>                                  (* prim1 *)
          Some (mkstate c G (atom_expr a1) (FPrim1 op a2 c :: K) (charge c CP 1 t))
      | Lam _ _ | Con _ _ | Int _ => step_value rs sc c G e K t
      end
  end.

(* The value rows are the relation's: what step_value computes is a row. *)
Lemma step_value_sound : forall rs sc c G v K t s',
    is_value v = true -> step_value rs sc c G v K t = Some s' ->
    step rs sc (mkstate c G v K t) s'.
Proof.
  intros rs sc c G v K t s' Hv H.
  destruct K as [|f K]; [discriminate|].
  destruct f; simpl in H.
  - destruct v; try discriminate. injection H as <-. apply Step_App2.
  - injection H as <-. apply Step_Var3; assumption.
  - destruct v; try discriminate Hv;
      repeat match type of H with
             | context [match ?m with _ => _ end] => let E := fresh "E" in destruct m eqn:E
             end; try discriminate; injection H as <-;
      first [ apply Step_Case2_Default; simpl; auto
            | apply Step_Case2; [eassumption | apply Nat.eqb_eq; assumption] ].
  - destruct v; try discriminate. injection H as <-. apply Step_Prim2.
  - destruct v; try discriminate.
    destruct (prim_result op n1 n) eqn:Hp; [|discriminate].
    injection H as <-. apply Step_Prim3; assumption.
  - injection H as <-. apply Step_Resume; assumption.
Qed.

(* step_fn computes rows only. *)
Theorem step_fn_sound : forall rs sc s s',
    step_fn rs sc s = Some s' -> step rs sc s s'.
Proof.
  intros rs sc [c G e K t] s' H.
  destruct e; simpl in H;
    try (apply step_value_sound; [reflexivity | assumption]);
    try (injection H as <-; constructor).
  destruct (lookup G x) as [[z cz]|] eqn:Hl; [|discriminate].
  destruct (is_value z) eqn:Hv; injection H as <-.
  - apply Step_Var1; assumption.
  - apply Step_Var2; assumption.
Qed.

(* Every row is computed by step_fn. *)
Theorem step_fn_complete : forall rs sc s s',
    step rs sc s s' -> step_fn rs sc s = Some s'.
Proof.
  intros rs sc s s' H.
  destruct H; simpl; try reflexivity.
  - rewrite H, H0. reflexivity.
  - rewrite H, H0. reflexivity.
  - destruct v; try discriminate; reflexivity.
  - rewrite H. apply Nat.eqb_eq in H0. rewrite H0. reflexivity.
  - destruct v; try discriminate; simpl in H0; try reflexivity.
    rewrite H0. reflexivity.
  - rewrite H. reflexivity.
  - destruct v; try discriminate; reflexivity.
Qed.

(* The issue's statement: step_fn s = Some s' exactly when the row of
   section 4 leads from s to s'. *)
Theorem step_fn_iff : forall rs sc s s',
    step_fn rs sc s = Some s' <-> step rs sc s s'.
Proof.
  split; [apply step_fn_sound | apply step_fn_complete].
Qed.

(* When step_fn says no row fires, none does. *)
Lemma step_fn_none : forall rs sc s,
    step_fn rs sc s = None -> forall s', ~ step rs sc s s'.
Proof.
  intros rs sc s Hn s' Hs. apply step_fn_complete in Hs. congruence.
Qed.

(* run_from fuel n s: at most fuel more rows from s, n rows done so far;
   returns the number of rows done and the state reached.  Tail-recursive,
   so that the extracted code runs in constant stack. *)
Fixpoint run_from (rs : ruleset) (sc : scoping) (fuel n : nat) (s : state) : nat * state :=
  match fuel with
  | O => (n, s)
  | S f => match step_fn rs sc s with
           | Some s' => run_from rs sc f (S n) s'
           | None => (n, s)
           end
  end.

(* A fuelled run of the machine from s: (number of rows, state reached). *)
Definition run_machine (rs : ruleset) (sc : scoping) (fuel : nat) (s : state) : nat * state :=
  run_from rs sc fuel 0 s.

Lemma run_from_steps : forall rs sc fuel n s m s',
    run_from rs sc fuel n s = (m, s') -> n <= m /\ steps rs sc (m - n) s s'.
Proof.
  induction fuel as [|f IH]; intros n s m s' H; simpl in H.
  - injection H as <- <-. rewrite Nat.sub_diag. split; [lia | constructor].
  - destruct (step_fn rs sc s) as [s1|] eqn:E.
    + destruct (IH _ _ _ _ H) as [Hle Hst].
      split; [lia|].
      replace (m - n) with (S (m - S n)) by lia.
      econstructor; [apply step_fn_sound; eassumption | assumption].
    + injection H as <- <-. rewrite Nat.sub_diag. split; [lia | constructor].
Qed.

(* The fuelled run is a run of the relation: n rows of step from s. *)
Theorem run_machine_steps : forall rs sc fuel s n s',
    run_machine rs sc fuel s = (n, s') -> steps rs sc n s s'.
Proof.
  intros. apply run_from_steps in H. rewrite Nat.sub_0_r in H. apply H.
Qed.

Lemma run_from_stops : forall rs sc fuel n s m s',
    run_from rs sc fuel n s = (m, s') -> m < n + fuel -> step_fn rs sc s' = None.
Proof.
  induction fuel as [|f IH]; intros n s m s' H Hlt; simpl in H.
  - injection H as <- <-. lia.
  - destruct (step_fn rs sc s) as [s1|] eqn:E.
    + eapply IH; [eassumption | lia].
    + injection H as <- <-. assumption.
Qed.

(* A run that used less than its fuel ended because no row fires: the
   state it returns is final or stuck (section 6), not merely unfinished. *)
Theorem run_machine_stops : forall rs sc fuel s n s',
    run_machine rs sc fuel s = (n, s') -> n < fuel -> forall s'', ~ step rs sc s' s''.
Proof.
  intros. apply step_fn_none. eapply run_from_stops; [eassumption | simpl; assumption].
Qed.

(* Conversely, a run of the relation is what run_machine computes, given
   fuel enough to reach its end and stop there. *)
Theorem steps_run_machine : forall rs sc n s s' fuel,
    steps rs sc n s s' -> (forall s'', ~ step rs sc s' s'') -> n < fuel ->
    run_machine rs sc fuel s = (n, s').
Proof.
  intros rs sc n s s' fuel H Hstop. unfold run_machine.
  assert (G : forall k fuel, n < fuel -> run_from rs sc fuel k s = (k + n, s')).
  { clear fuel. induction H as [s0 | n0 s1 s2 s3 Hst Hrest IH]; intros k fuel Hf.
    - destruct fuel as [|f]; [lia|]. simpl.
      destruct (step_fn rs sc s0) as [s1|] eqn:E.
      + exfalso. apply (Hstop s1). apply step_fn_sound. assumption.
      + rewrite Nat.add_0_r. reflexivity.
    - destruct fuel as [|f]; [lia|]. simpl.
      rewrite (step_fn_complete _ _ _ _ Hst).
      rewrite IH by (auto; lia). f_equal. lia. }
  apply G.
Qed.

(* Why a run stopped (section 6): a value with an empty stack, or the
   runtime error ccm names ("not_a_function", ...), or Unfinished when a
   row still fires (the fuel ran out). *)
Inductive stop :=
| StopValue | NotAFunction | NoAlternative | TypeError | BlackHole
| DivisionByZero | Overflow | Unfinished.

(* The error of a value meeting a frame no row takes (section 6). *)
Definition value_stop (v : expr) (f : frame) : stop :=
  match f with
  | FArg _ _ => NotAFunction                 (* applying a non-function *)
  | FCase _ _ _ => NoAlternative             (* no alternative, no default *)
  | FPrim1 _ _ _ => TypeError                (* a primitive on a non-integer *)
  | FPrim2 op _ _ =>
      match v with
      | Int n2 => match op with               (* prim3 without a result *)
                  | PDiv | PMod => if Z.eqb n2 0 then DivisionByZero else Overflow
                  | _ => Overflow
                  end
      | _ => TypeError
      end
  | FUpd _ _ | FResume _ _ => Unfinished     (* var3 / resume always fire *)
  end.

Definition stop_of (rs : ruleset) (sc : scoping) (s : state) : stop :=
  match step_fn rs sc s with
  | Some _ => Unfinished
  | None =>
      match ctl s with
      | Var _ => BlackHole                    (* demanded while being evaluated *)
      | e => match stk s with
             | [] => StopValue
             | f :: _ => value_stop e f
             end
      end
  end.

(* StopValue is exactly the final states of section 5.1. *)
Theorem stop_of_value : forall rs sc s, stop_of rs sc s = StopValue <-> final s.
Proof.
  intros rs sc s. unfold stop_of, final.
  destruct (step_fn rs sc s) as [s1|] eqn:E.
  - split; [discriminate|]. intros [Hv Hk].
    destruct s as [c G e K t]; simpl in *; subst K.
    destruct e; try discriminate; discriminate E.
  - destruct s as [c G e K t]; simpl in *. split.
    + destruct K as [|f K]; destruct e; simpl in E; try discriminate;
        try (intros; split; reflexivity);
        destruct f; simpl;
        repeat match goal with |- context [match ?m with _ => _ end] => destruct m end;
        discriminate.
    + intros [Hv ->]. destruct e; try discriminate; reflexivity.
Qed.

(* Every other answer but Unfinished is a state where no row fires. *)
Theorem stop_of_stuck : forall rs sc s,
    stop_of rs sc s <> Unfinished -> forall s', ~ step rs sc s s'.
Proof.
  intros rs sc s H. apply step_fn_none.
  unfold stop_of in H. destruct (step_fn rs sc s); [congruence | reflexivity].
Qed.
