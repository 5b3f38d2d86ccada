(* StackInterp.v -- the machine over stacks (Stacks.v) as a program, for
   make coq-check's comparison of ccm's stack machine with the model
   (docs/coq.md, "Lockstep over stacks"): what Interp.v, Lockstep.v and
   Charged.v give the flat machine, here for sstep.
   - sstep_fn computes the one row that fires (sstep is a relation);
     sstep_fn_iff: exactly the relation, for every rule set, push policy
     and call policy;
   - srule_of names that row (srule_of_none: a name exactly when a row
     fires; srule_of_flat: the name is the flat rule_of of the state read
     flat, so Lockstep.rule_app1 ... rule_resume and the flattening theorem
     say which constructor it is);
   - sforce_fn is the force row (Stacks.sstep_force) for a chosen address;
   - sstop_of says why a run stopped (Interp.stop, on the frame read flat);
   - sstep_charges: a row changes theta only at the stack current before
     or after it, and force changes nothing; the driver tabulates theta at
     the stacks that were current, which this makes the same function. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Interp Ccm.Lockstep
               Ccm.Stacks Ccm.StackFlat.
Import ListNotations.

(* The rows for a value in control, by the top frame (Interp.step_value
   over stacks). *)
Definition sstep_value (rs : ruleset) (p : push_policy) (cp : call_policy) (c : stack)
           (G : sheap) (v : expr) (K : list sframe) (t : stheta) : option sstate :=
  match K with
  | [] => None
  | SFArg x cf :: K' =>                                   (* app2 *)
      match v with
      | Lam y b => Some (mksstate (call p cp cf c) G (subst y x b) K' t)
      | _ => None
      end
  | SFUpd x cf :: K' =>                                   (* var3 *)
      Some (mksstate (supdated rs c cf) (supdate G x (v, c)) v K' (scharge c CU 1 t))
  | SFCase alts d cf :: K' =>
      let dflt := match d with                           (* case2 default *)
                  | Some de => Some (mksstate cf G de K' t)
                  | None => None
                  end in
      match v with
      | Con k xs =>
          match select alts k with
          | Some (ys, b) =>                               (* case2 *)
              if Nat.eqb (length ys) (length xs)
              then Some (mksstate cf G (substs ys xs b) K' t) else None
          | None => dflt
          end
      | _ => dflt
      end
  | SFPrim1 op a2 cf :: K' =>                             (* prim2 *)
      match v with
      | Int n1 => Some (mksstate cf G (atom_expr a2) (SFPrim2 op n1 cf :: K') t)
      | _ => None
      end
  | SFPrim2 op n1 cf :: K' =>                             (* prim3 *)
      match v with
      | Int n2 => match prim_result op n1 n2 with
                  | Some r => Some (mksstate cf G r K' t)
                  | None => None
                  end
      | _ => None
      end
  | SFResume e cf :: K' => Some (mksstate cf G e K' t)    (* resume *)
  end.

(* The row over stacks that fires in s, or None. *)
Definition sstep_fn (rs : ruleset) (p : push_policy) (cp : call_policy) (s : sstate)
  : option sstate :=
  match s with
  | mksstate c G e K t =>
      match e with
      | App f x => Some (mksstate c G f (SFArg x c :: K) (scharge c CA 1 t))
      | Var x =>
          match slookup G x with
          | Some (z, cz) =>
              if is_value z
              then Some (mksstate (sentered rs cz c) G z K (scharge c CV 1 t))
              else Some (mksstate cz (sremove G x) z (SFUpd x c :: K) (scharge c CV 1 t))
          | None => None
          end
      | Let bs b =>
          Some (mksstate c (slet_alloc G bs c) (slet_rename G bs b) K
                         (scharge c CH (length bs) t))
      | Case s0 alts d => Some (mksstate c G s0 (SFCase alts d c :: K) (scharge c CC 1 t))
      | Scc L b =>
          Some (mksstate (push p L c) G b K
                         (scharge (push p L c) CEntries 1 (scharge c CSubentries 1 t)))
      | SccSub L b => Some (mksstate (push p L c) G b K t)
      | Prim op a1 a2 =>
          Some (mksstate c G (atom_expr a1) (SFPrim1 op a2 c :: K) (scharge c CP 1 t))
      | Lam _ _ | Con _ _ | Int _ => sstep_value rs p cp c G e K t
      end
  end.

Lemma sstep_value_sound : forall rs p cp c G v K t s',
    is_value v = true -> sstep_value rs p cp c G v K t = Some s' ->
    sstep rs p cp (mksstate c G v K t) s'.
Proof.
  intros rs p cp c G v K t s' Hv H.
  destruct K as [|f K]; [discriminate|].
  destruct f; simpl in H.
  - destruct v; try discriminate. injection H as <-. apply SStep_App2.
  - injection H as <-. apply SStep_Var3; assumption.
  - destruct v; try discriminate Hv;
      repeat match type of H with
             | context [match ?m with _ => _ end] => let E := fresh "E" in destruct m eqn:E
             end; try discriminate; injection H as <-;
      first [ apply SStep_Case2_Default; simpl; auto
            | apply SStep_Case2; [eassumption | apply Nat.eqb_eq; assumption] ].
  - destruct v; try discriminate. injection H as <-. apply SStep_Prim2.
  - destruct v; try discriminate.
    destruct (prim_result op n1 n) eqn:Hp; [|discriminate].
    injection H as <-. apply SStep_Prim3; assumption.
  - injection H as <-. apply SStep_Resume; assumption.
Qed.

Theorem sstep_fn_sound : forall rs p cp s s',
    sstep_fn rs p cp s = Some s' -> sstep rs p cp s s'.
Proof.
  intros rs p cp [c G e K t] s' H.
  destruct e; simpl in H;
    try (apply sstep_value_sound; [reflexivity | assumption]);
    try (injection H as <-; constructor).
  destruct (slookup G x) as [[z cz]|] eqn:Hl; [|discriminate].
  destruct (is_value z) eqn:Hv; injection H as <-.
  - apply SStep_Var1; assumption.
  - apply SStep_Var2; assumption.
Qed.

Theorem sstep_fn_complete : forall rs p cp s s',
    sstep rs p cp s s' -> sstep_fn rs p cp s = Some s'.
Proof.
  intros rs p cp s s' H.
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

(* sstep_fn s = Some s' exactly when a row over stacks leads from s to s'. *)
Theorem sstep_fn_iff : forall rs p cp s s',
    sstep_fn rs p cp s = Some s' <-> sstep rs p cp s s'.
Proof. split; [apply sstep_fn_sound | apply sstep_fn_complete]. Qed.

Lemma sstep_fn_none : forall rs p cp s,
    sstep_fn rs p cp s = None -> forall s', ~ sstep rs p cp s s'.
Proof. intros rs p cp s Hn s' Hs. apply sstep_fn_complete in Hs. congruence. Qed.

(* ---------- the row's name ---------- *)

Definition srule_value (v : expr) (K : list sframe) : option rule :=
  match K with
  | [] => None
  | SFArg _ _ :: _ => match v with Lam _ _ => Some RApp2 | _ => None end
  | SFUpd _ _ :: _ => Some RVar3
  | SFCase alts d _ :: _ =>
      let dflt := match d with Some _ => Some RCase2Default | None => None end in
      match v with
      | Con k xs =>
          match select alts k with
          | Some (ys, _) => if Nat.eqb (length ys) (length xs) then Some RCase2 else None
          | None => dflt
          end
      | _ => dflt
      end
  | SFPrim1 _ _ _ :: _ => match v with Int _ => Some RPrim2 | _ => None end
  | SFPrim2 op n1 _ :: _ =>
      match v with
      | Int n2 => match prim_result op n1 n2 with Some _ => Some RPrim3 | None => None end
      | _ => None
      end
  | SFResume _ _ :: _ => Some RResume
  end.

Definition srule_of (s : sstate) : option rule :=
  match s with
  | mksstate c G e K t =>
      match e with
      | App _ _ => Some RApp1
      | Var x =>
          match slookup G x with
          | Some (z, _) => if is_value z then Some RVar1 else Some RVar2
          | None => None
          end
      | Let _ _ => Some RLet
      | Case _ _ _ => Some RCase1
      | Scc _ _ => Some RScc
      | SccSub _ _ => Some RSccSub
      | Prim _ _ _ => Some RPrim1
      | Lam _ _ | Con _ _ | Int _ => srule_value e K
      end
  end.

(* srule_of names a row exactly when sstep_fn fires one. *)
Theorem srule_of_none : forall rs p cp s, srule_of s = None <-> sstep_fn rs p cp s = None.
Proof.
  intros rs p cp [c G e K t].
  destruct e; simpl;
    try (split; intro H; discriminate H);
    try (destruct (slookup G x) as [[z cz]|]; [destruct (is_value z)|]; split; intro H;
         solve [discriminate H | reflexivity]);
    (destruct K as [|f K]; [split; reflexivity|]);
    destruct f; simpl;
    repeat match goal with
           | |- context [match ?m with _ => _ end] => destruct m
           end;
    split; intro H; solve [discriminate H | reflexivity].
Qed.

(* The name is the flat machine's for the state read flat (any theta):
   Lockstep's rule_app1 ... rule_resume say which row each name is, and
   StackFlat.sstep_flat that the flat row of that name is the row over
   stacks read flat. *)
Theorem srule_of_flat : forall s t, srule_of s = rule_of (fstate_of s t).
Proof.
  intros [c G e K t0] t. unfold fstate_of; simpl.
  destruct e; try reflexivity.
  - simpl. destruct K as [|f K]; [reflexivity|]. destruct f; reflexivity.
  - simpl. rewrite lookup_fheap.
    destruct (slookup G x) as [[z cz]|]; reflexivity.
  - simpl. destruct K as [|f K]; [reflexivity|]. destruct f; reflexivity.
  - simpl. destruct K as [|f K]; [reflexivity|]. destruct f; reflexivity.
Qed.

(* ---------- force ---------- *)

Definition sforce_fn (a : nat) (s : sstate) : option sstate :=
  match s with
  | mksstate c G e0 K t =>
      match slookup G (VAddr a) with
      | Some (e, ce) =>
          if is_value e then None
          else Some (mksstate ce (sremove G (VAddr a)) e
                              (SFUpd (VAddr a) c :: SFResume e0 c :: K) t)
      | None => None
      end
  end.

Theorem sforce_fn_sound : forall a s s', sforce_fn a s = Some s' -> sstep_force s s'.
Proof.
  intros a [c G e0 K t] s' H. unfold sforce_fn in H.
  destruct (slookup G (VAddr a)) as [[e ce]|] eqn:Hl; [|discriminate].
  destruct (is_value e) eqn:Hv; [discriminate|].
  injection H as <-. exact (SStep_Force c G e0 (VAddr a) e ce K t Hl Hv).
Qed.

Theorem sforce_fn_complete : forall s s', sstep_force s s' -> exists a, sforce_fn a s = Some s'.
Proof.
  intros s s' H. destruct H as [c G e0 x e ce K t Hl Hv].
  destruct x as [n|a]; [discriminate|].
  exists a. unfold sforce_fn. rewrite Hl, Hv. reflexivity.
Qed.

(* ---------- why a run stopped ---------- *)

Definition sstop_of (rs : ruleset) (p : push_policy) (cp : call_policy) (s : sstate) : stop :=
  match sstep_fn rs p cp s with
  | Some _ => Unfinished
  | None =>
      match sctl s with
      | Var _ => BlackHole
      | e => match sstk s with
             | [] => StopValue
             | f :: _ => value_stop e (fframe f)
             end
      end
  end.

(* StopValue is exactly the final states. *)
Theorem sstop_of_value : forall rs p cp s, sstop_of rs p cp s = StopValue <-> sfinal s.
Proof.
  intros rs p cp s. unfold sstop_of, sfinal.
  destruct (sstep_fn rs p cp s) as [s1|] eqn:E.
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

Theorem sstop_of_stuck : forall rs p cp s,
    sstop_of rs p cp s <> Unfinished -> forall s', ~ sstep rs p cp s s'.
Proof.
  intros rs p cp s H. apply sstep_fn_none.
  unfold sstop_of in H. destruct (sstep_fn rs p cp s); [congruence | reflexivity].
Qed.

(* ---------- where theta changes ---------- *)

(* A row changes theta only at the stack current before or after it. *)
Theorem sstep_charges : forall rs p cp s s',
    sstep rs p cp s s' -> forall S k, sth s' S k <> sth s S k -> S = scur s \/ S = scur s'.
Proof.
  intros rs p cp s s' H S k Hne. inversion H; subst; simpl in *;
    try (exfalso; apply Hne; reflexivity);
    unfold scharge in Hne;
    repeat (destruct (stack_eq_dec _ _); subst; auto);
    exfalso; apply Hne; reflexivity.
Qed.

(* Force charges nothing. *)
Theorem sforce_theta : forall s s', sstep_force s s' -> sth s' = sth s.
Proof. intros s s' H. destruct H. reflexivity. Qed.

(* No row reads theta: from a state with another theta the same row fires,
   adding the same amounts (Run.step_theta_shift over stacks).  The driver
   swaps theta for a table of its values. *)
Theorem sstep_theta_shift : forall rs p cp c G e K t c' G' e' K' t' t0,
    sstep rs p cp (mksstate c G e K t) (mksstate c' G' e' K' t') ->
    exists t0', sstep rs p cp (mksstate c G e K t0) (mksstate c' G' e' K' t0') /\
                forall S k, t0' S k + t S k = t' S k + t0 S k.
Proof.
  intros. inversion H; subst.
  all: eexists; split; [econstructor; eassumption|].
  all: intros S0 k0; unfold scharge.
  all: repeat destruct (stack_eq_dec _ _); repeat destruct (counter_eq_dec _ _); lia.
Qed.
