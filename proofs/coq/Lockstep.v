(* Lockstep.v -- what make coq-check's lockstep comparison (docs/coq.md,
   "Lockstep") needs of the model beyond Interp.step_fn, as functions that
   Extract.v extracts, each proven against the relations of Machine.v so
   that the OCaml driver computes none of it itself:
   - rule_of: the name of the row that fires in a state (the driver prints
     it next to every transition, and the comparison holds ccm's rule to
     it); orule_of, the same under either operand order (Order.v);
   - force_fn: the force row (Machine.step_force) for a chosen address, so
     that early forcing runs the model's own row, not a copy of it. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Interp Ccm.Order.
Import ListNotations.

(* The rows of section 4, one name per constructor of Machine.step (and
   force, Machine.step_force). *)
Inductive rule :=
| RApp1 | RApp2 | RVar1 | RVar2 | RVar3 | RLet | RCase1 | RCase2
| RCase2Default | RScc | RSccSub | RPrim1 | RPrim2 | RPrim3 | RResume | RForce.

(* The row for a value v in control, by the top frame: the same matching
   as Interp.step_value, returning the row's name. *)
Definition rule_value (v : expr) (K : list frame) : option rule :=
  match K with
  | [] => None
  | FArg _ _ :: _ => match v with Lam _ _ => Some RApp2 | _ => None end
  | FUpd _ _ :: _ => Some RVar3
  | FCase alts d _ :: _ =>
      let dflt := match d with Some _ => Some RCase2Default | None => None end in
      match v with
      | Con k xs =>
          match select alts k with
          | Some (ys, _) => if Nat.eqb (length ys) (length xs) then Some RCase2 else None
          | None => dflt
          end
      | _ => dflt
      end
  | FPrim1 _ _ _ :: _ => match v with Int _ => Some RPrim2 | _ => None end
  | FPrim2 op n1 _ :: _ =>
      match v with
      | Int n2 => match prim_result op n1 n2 with Some _ => Some RPrim3 | None => None end
      | _ => None
      end
  | FResume _ _ :: _ => Some RResume
  end.

(* The name of the row that fires in s, or None when none does. *)
Definition rule_of (s : state) : option rule :=
  match s with
  | mkstate c G e K t =>
      match e with
      | App _ _ => Some RApp1
      | Var x =>
          match lookup G x with
          | Some (z, _) => if is_value z then Some RVar1 else Some RVar2
          | None => None
          end
      | Let _ _ => Some RLet
      | Case _ _ _ => Some RCase1
      | Scc _ _ => Some RScc
      | SccSub _ _ => Some RSccSub
      | Prim _ _ _ => Some RPrim1
      | Lam _ _ | Con _ _ | Int _ => rule_value e K
      end
  end.

(* rule_of names a row exactly when step_fn fires one, under every rule
   set and scoping. *)
Theorem rule_of_none : forall rs sc s, rule_of s = None <-> step_fn rs sc s = None.
Proof.
  intros rs sc [c G e K t].
  destruct e; simpl;
    try (split; intro H; discriminate H);
    try (destruct (lookup G x) as [[z cz]|]; [destruct (is_value z)|]; split; intro H;
         solve [discriminate H | reflexivity]);
    (destruct K as [|f K]; [split; reflexivity|]);
    destruct f; simpl;
    repeat match goal with
           | |- context [match ?m with _ => _ end] => destruct m
           end;
    split; intro H; solve [discriminate H | reflexivity].
Qed.

(* Each row's name is given exactly in the states that row's constructor
   of Machine.step starts from (so, step being deterministic, rule_of
   names the row that fires). *)
Lemma rule_app1 : forall c G e x S t, rule_of (mkstate c G (App e x) S t) = Some RApp1.
Proof. reflexivity. Qed.
Lemma rule_app2 : forall c G y b x cf S t,
    rule_of (mkstate c G (Lam y b) (FArg x cf :: S) t) = Some RApp2.
Proof. reflexivity. Qed.
Lemma rule_var1 : forall c G x z cz S t,
    lookup G x = Some (z, cz) -> is_value z = true -> rule_of (mkstate c G (Var x) S t) = Some RVar1.
Proof. intros. simpl. rewrite H, H0. reflexivity. Qed.
Lemma rule_var2 : forall c G x e ce S t,
    lookup G x = Some (e, ce) -> is_value e = false -> rule_of (mkstate c G (Var x) S t) = Some RVar2.
Proof. intros. simpl. rewrite H, H0. reflexivity. Qed.
Lemma rule_var3 : forall c G v x cf S t,
    is_value v = true -> rule_of (mkstate c G v (FUpd x cf :: S) t) = Some RVar3.
Proof. intros. destruct v; try discriminate; reflexivity. Qed.
Lemma rule_let : forall c G bs e S t, rule_of (mkstate c G (Let bs e) S t) = Some RLet.
Proof. reflexivity. Qed.
Lemma rule_case1 : forall c G s alts d S t,
    rule_of (mkstate c G (Case s alts d) S t) = Some RCase1.
Proof. reflexivity. Qed.
Lemma rule_case2 : forall c G k xs alts d cf ys b S t,
    select alts k = Some (ys, b) -> length ys = length xs ->
    rule_of (mkstate c G (Con k xs) (FCase alts d cf :: S) t) = Some RCase2.
Proof. intros. simpl. rewrite H. apply Nat.eqb_eq in H0. rewrite H0. reflexivity. Qed.
Lemma rule_case2_default : forall c G v alts de cf S t,
    is_value v = true -> no_alt alts v ->
    rule_of (mkstate c G v (FCase alts (Some de) cf :: S) t) = Some RCase2Default.
Proof.
  intros. destruct v; try discriminate; simpl in *; try reflexivity. rewrite H0. reflexivity.
Qed.
Lemma rule_scc : forall c G c' e S t, rule_of (mkstate c G (Scc c' e) S t) = Some RScc.
Proof. reflexivity. Qed.
Lemma rule_scc_sub : forall c G c' e S t, rule_of (mkstate c G (SccSub c' e) S t) = Some RSccSub.
Proof. reflexivity. Qed.
Lemma rule_prim1 : forall c G op a1 a2 S t,
    rule_of (mkstate c G (Prim op a1 a2) S t) = Some RPrim1.
Proof. reflexivity. Qed.
Lemma rule_prim2 : forall c G n1 op a2 cf S t,
    rule_of (mkstate c G (Int n1) (FPrim1 op a2 cf :: S) t) = Some RPrim2.
Proof. reflexivity. Qed.
Lemma rule_prim3 : forall c G n2 op n1 cf r S t,
    prim_result op n1 n2 = Some r ->
    rule_of (mkstate c G (Int n2) (FPrim2 op n1 cf :: S) t) = Some RPrim3.
Proof. intros. simpl. rewrite H. reflexivity. Qed.
Lemma rule_resume : forall c G v e cf S t,
    is_value v = true -> rule_of (mkstate c G v (FResume e cf :: S) t) = Some RResume.
Proof. intros. destruct v; try discriminate; reflexivity. Qed.

(* force for the thunk at address a: Machine.step_force with x = a, or
   None when a is not bound to a thunk (absent, or a value). *)
Definition force_fn (a : nat) (s : state) : option state :=
  match s with
  | mkstate c G e0 K t =>
      match lookup G (VAddr a) with
      | Some (e, ce) =>
          if is_value e then None
          else Some (mkstate ce (remove G (VAddr a)) e (FUpd (VAddr a) c :: FResume e0 c :: K) t)
      | None => None
      end
  end.

(* force_fn computes force rows only ... *)
Theorem force_fn_sound : forall a s s', force_fn a s = Some s' -> step_force s s'.
Proof.
  intros a [c G e0 K t] s' H. unfold force_fn in H.
  destruct (lookup G (VAddr a)) as [[e ce]|] eqn:Hl; [|discriminate].
  destruct (is_value e) eqn:Hv; [discriminate|].
  injection H as <-. exact (Step_Force c G e0 (VAddr a) e ce K t Hl Hv).
Qed.

(* ... and every force row, for some address. *)
Theorem force_fn_complete : forall s s', step_force s s' -> exists a, force_fn a s = Some s'.
Proof.
  intros s s' H. destruct H as [c G e0 x e ce K t Hl Hv].
  destruct x as [n|a]; [discriminate|].
  exists a. unfold force_fn. rewrite Hl, Hv. reflexivity.
Qed.

(* The name of the row that fires under operand order o (Order.ostep):
   rule_of's, but that right to left, prim3 fires when the left value (in
   control) op the right one (in the frame) has a result. *)
Definition orule_of (o : order) (s : state) : option rule :=
  match o, s with
  | RTL, mkstate _ _ (Int n1) (FPrim2 op n2 _ :: _) _ =>
      match prim_result op n1 n2 with Some _ => Some RPrim3 | None => None end
  | _, _ => rule_of s
  end.

(* orule_of names a row exactly when ostep_fn fires one, in both orders. *)
Theorem orule_of_none : forall o rs sc s, orule_of o s = None <-> ostep_fn o rs sc s = None.
Proof.
  intros o rs sc s. destruct o; [apply rule_of_none|].
  destruct s as [c G e K t].
  destruct e; try exact (rule_of_none rs sc _).
  - destruct K as [|f K]; [exact (rule_of_none rs sc _)|].
    destruct f; try exact (rule_of_none rs sc _).
    simpl. destruct (prim_result op n n1); split; intro H; solve [discriminate H | reflexivity].
  - simpl. split; intro H; discriminate H.
Qed.

(* Left to right, orule_of is rule_of; right to left it names prim1 and
   prim3 in their right-to-left states, and every other state as rule_of
   does (the lemmas rule_app1 ... rule_resume above). *)
Lemma orule_ltr : forall s, orule_of LTR s = rule_of s.
Proof. reflexivity. Qed.
Lemma orule_rtl_prim1 : forall c G op a1 a2 S t,
    orule_of RTL (mkstate c G (Prim op a1 a2) S t) = Some RPrim1.
Proof. reflexivity. Qed.
Lemma orule_rtl_prim3 : forall c G n1 op n2 cf r S t,
    prim_result op n1 n2 = Some r ->
    orule_of RTL (mkstate c G (Int n1) (FPrim2 op n2 cf :: S) t) = Some RPrim3.
Proof. intros. simpl. rewrite H. reflexivity. Qed.
Lemma orule_other : forall o s, prim13_state s = false -> orule_of o s = rule_of s.
Proof.
  intros o [c G e K t] H. destruct o; [reflexivity|].
  destruct e; try reflexivity. destruct K as [|f K]; [reflexivity|].
  destruct f; try reflexivity. discriminate H.
Qed.
