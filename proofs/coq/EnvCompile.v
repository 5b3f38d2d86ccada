(* EnvCompile.v -- a compiler from the expressions of Syntax.v to the code
   of EnvMachine.v, as the front end's name resolution does it (a bound
   name becomes the index of its innermost binder, a heap address a
   top-level reference), proven to produce code that decodes to the
   expression (compile_cr).  So EnvSound.v's hypothesis `compiled` holds
   for every program whose right-hand sides compile: closed once the
   top-level names are renamed, with distinct names in each let and each
   pattern (compile_compiled, program_compile_sound/complete).  The C front
   end (front/) is not this compiler; see docs/coq.md. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program.
Require Import Ccm.Lockstep Ccm.EnvMachine Ccm.EnvDecode Ccm.EnvBisim Ccm.EnvSound.
Import ListNotations.
Open Scope list_scope.

(* The induction principle expr needs: the expressions inside a let's
   bindings and a case's alternatives and default get the hypothesis too. *)
Definition expr_rect_deep (P : expr -> Prop)
  (HLam : forall y b, P b -> P (Lam y b))
  (HApp : forall f x, P f -> P (App f x))
  (HVar : forall x, P (Var x))
  (HLet : forall bs b, Forall (fun p => P (snd p)) bs -> P b -> P (Let bs b))
  (HCon : forall k xs, P (Con k xs))
  (HCase : forall s alts d, P s -> Forall (fun a => P (snd a)) alts ->
           (forall de, d = Some de -> P de) -> P (Case s alts d))
  (HScc : forall c b, P b -> P (Scc c b))
  (HSccSub : forall c b, P b -> P (SccSub c b))
  (HInt : forall n, P (Int n))
  (HPrim : forall op a1 a2, P (Prim op a1 a2)) : forall e, P e :=
  fix go (e : expr) : P e :=
    match e return P e with
    | Lam y b => HLam y b (go b)
    | App f x => HApp f x (go f)
    | Var x => HVar x
    | Let bs b =>
        HLet bs b
          ((fix gos (l : list (string * expr)) : Forall (fun p => P (snd p)) l :=
              match l with
              | [] => Forall_nil _
              | (y, e1) :: r => @Forall_cons _ (fun p => P (snd p)) (y, e1) r (go e1) (gos r)
              end) bs)
          (go b)
    | Con k xs => HCon k xs
    | Case s alts d =>
        HCase s alts d (go s)
          ((fix goa (l : list (string * list string * expr)) : Forall (fun a => P (snd a)) l :=
              match l with
              | [] => Forall_nil _
              | (k, ys, e1) :: r => @Forall_cons _ (fun a => P (snd a)) (k, ys, e1) r (go e1) (goa r)
              end) alts)
          (match d return forall de, d = Some de -> P de with
           | Some de0 => fun de E => match E in _ = x return match x with Some z => P z | None => True end
                                     with eq_refl => go de0 end
           | None => fun de E => False_ind (P de)
                                   (match E in _ = x return match x with Some _ => False | None => True end
                                    with eq_refl => I end)
           end)
    | Scc c b => HScc c b (go b)
    | SccSub c b => HSccSub c b (go b)
    | Int n => HInt n
    | Prim op a1 a2 => HPrim op a1 a2
    end.

(* ---- the compiler ---- *)

Fixpoint index_of (y : string) (ns : list string) : option nat :=
  match ns with
  | [] => None
  | n :: rest => if String.eqb n y then Some 0 else option_map S (index_of y rest)
  end.

Definition cref (ns : list string) (x : var) : option ref :=
  match x with
  | VName y => option_map RLoc (index_of y ns)
  | VAddr a => Some (RTop a)
  end.

Fixpoint crefs (ns : list string) (xs : list var) : option (list ref) :=
  match xs with
  | [] => Some []
  | x :: r => match cref ns x, crefs ns r with Some c, Some cs => Some (c :: cs) | _, _ => None end
  end.

Definition catom_of (ns : list string) (t : atom) : option catom :=
  match t with AVar x => option_map CAVar (cref ns x) | AInt n => Some (CALit n) end.

Fixpoint nodupb (l : list string) : bool :=
  match l with [] => true | x :: r => negb (existsb (String.eqb x) r) && nodupb r end.

Fixpoint compile (ns : list string) (e : expr) : option code :=
  match e with
  | Lam y b => option_map CLam (compile (y :: ns) b)
  | App f x => match compile ns f, cref ns x with Some c, Some r => Some (CApp c r) | _, _ => None end
  | Var x => option_map CVar (cref ns x)
  | Let bs b =>
      let ns' := rev (map fst bs) ++ ns in
      if nodupb (map fst bs) then
        match (fix gos (l : list (string * expr)) : option codes :=
                 match l with
                 | [] => Some CNil
                 | (_, e1) :: r => match compile ns' e1, gos r with
                                   | Some c, Some cs => Some (CCons c cs)
                                   | _, _ => None
                                   end
                 end) bs, compile ns' b with
        | Some cs, Some cb => Some (CLet cs cb)
        | _, _ => None
        end
      else None
  | Con k xs => option_map (CCon k) (crefs ns xs)
  | Case s alts d =>
      match compile ns s,
            (fix goa (l : list (string * list string * expr)) : option calts :=
               match l with
               | [] => Some ANil
               | (k, ys, e1) :: r =>
                   if nodupb ys then
                     match compile (rev ys ++ ns) e1, goa r with
                     | Some c, Some cs => Some (ACons k (length ys) c cs)
                     | _, _ => None
                     end
                   else None
               end) alts,
            match d with
            | None => Some DNone
            | Some de => option_map DSome (compile ns de)
            end with
      | Some cs, Some ca, Some cd => Some (CCase cs ca cd)
      | _, _, _ => None
      end
  | Scc c b => option_map (CScc c) (compile ns b)
  | SccSub c b => option_map (CSccSub c) (compile ns b)
  | Int n => Some (CLit n)
  | Prim op a1 a2 =>
      match catom_of ns a1, catom_of ns a2 with
      | Some c1, Some c2 => Some (CPrim op c1 c2)
      | _, _ => None
      end
  end.

(* ---- it is right ---- *)

Lemma nodupb_NoDup : forall l, nodupb l = true -> NoDup l.
Proof.
  induction l as [|x r IH]; simpl; intros H; constructor.
  - apply andb_true_iff in H. destruct H as [H _]. intro Hin.
    assert (existsb (String.eqb x) r = true) by (apply existsb_exists; exists x; split;
      [assumption | apply String.eqb_refl]).
    rewrite H0 in H. discriminate.
  - apply IH. apply andb_true_iff in H. apply H.
Qed.

Lemma index_of_spec : forall y ns i, index_of y ns = Some i ->
    nth_error ns i = Some y /\ forall j, j < i -> nth_error ns j <> Some y.
Proof.
  intros y ns. induction ns as [|n rest IH]; intros i H; simpl in H; [discriminate|].
  destruct (String.eqb_spec n y) as [->|Hne].
  - injection H as <-. split; [reflexivity | intros j Hj; lia].
  - destruct (index_of y rest) as [i'|] eqn:E; simpl in H; [|discriminate].
    injection H as <-. destruct (IH i' eq_refl) as [H1 H2]. split; [exact H1|].
    intros [|j] Hj; simpl; [congruence|]. apply H2. lia.
Qed.

Lemma cref_rrel : forall env ns x r, cref ns x = Some r -> rrel env ns r x.
Proof.
  intros env ns [y|a] r H; simpl in H.
  - destruct (index_of y ns) as [i|] eqn:E; simpl in H; [|discriminate].
    injection H as <-. destruct (index_of_spec _ _ _ E). constructor; assumption.
  - injection H as <-. constructor.
Qed.

Lemma crefs_rrel : forall env ns xs rs, crefs ns xs = Some rs -> Forall2 (rrel env ns) rs xs.
Proof.
  intros env ns xs. induction xs as [|x r IH]; intros rs H; simpl in H.
  - injection H as <-. constructor.
  - destruct (cref ns x) eqn:E1; [|discriminate]. destruct (crefs ns r) eqn:E2; [|discriminate].
    injection H as <-. constructor; [apply cref_rrel; assumption | apply IH; reflexivity].
Qed.

Lemma catom_arel : forall env ns t c, catom_of ns t = Some c -> arel env ns c t.
Proof.
  intros env ns [x|n] c H; simpl in H.
  - destruct (cref ns x) eqn:E; simpl in H; [|discriminate].
    injection H as <-. constructor. apply cref_rrel. assumption.
  - injection H as <-. constructor.
Qed.

Ltac head_destruct H name :=
  match type of H with
  | match ?g with _ => _ end = _ => destruct g as [name|] eqn:?; [|discriminate]
  end.

Theorem compile_cr : forall e ns c, compile ns e = Some c -> forall env, cr env ns c e.
Proof.
  apply (expr_rect_deep (fun e => forall ns c, compile ns e = Some c -> forall env, cr env ns c e));
    intros; simpl in *.
  - (* lam *)
    destruct (compile (y :: ns) b) eqn:E; simpl in H0; [|discriminate].
    injection H0 as <-. constructor. apply H. assumption.
  - (* app *)
    destruct (compile ns f) eqn:E1; [|discriminate]. destruct (cref ns x) eqn:E2; [|discriminate].
    injection H0 as <-. constructor; [apply H; assumption | apply cref_rrel; assumption].
  - (* var *)
    destruct (cref ns x) eqn:E; simpl in H; [|discriminate].
    injection H as <-. constructor. apply cref_rrel. assumption.
  - (* let *)
    destruct (nodupb (map fst bs)) eqn:Hnd; [|discriminate].
    set (ns' := rev (map fst bs) ++ ns) in *.
    head_destruct H1 cs.
    destruct (compile ns' b) as [cb|] eqn:Eb; [|discriminate].
    injection H1 as <-. constructor; [apply nodupb_NoDup; assumption | | apply H0; assumption].
    match goal with E : _ = Some cs |- _ => rename E into Eg end.
    change (rev (map fst bs) ++ ns) with ns'.
    clearbody ns'. clear Eb H0 Hnd. revert cs Eg.
    induction H as [|[y e1] r He Hr IH]; intros cs Eg; simpl in Eg.
    + injection Eg as <-. constructor.
    + destruct (compile ns' e1) eqn:E1; [|discriminate].
      head_destruct Eg cs'. injection Eg as <-. constructor.
      * apply He. assumption.
      * apply IH. first [assumption | reflexivity].
  - (* con *)
    destruct (crefs ns xs) eqn:E; simpl in H; [|discriminate].
    injection H as <-. constructor. apply crefs_rrel. assumption.
  - (* case *)
    destruct (compile ns s) as [cs|] eqn:Es; [|discriminate].
    head_destruct H2 ca.
    match goal with E : _ = Some ca |- _ => rename E into Ea end.
    destruct d as [de|]; simpl in H2;
      [ destruct (compile ns de) as [cd|] eqn:Ed; simpl in H2; [|discriminate];
        injection H2 as <-; constructor; [apply H; assumption | | constructor; apply (H1 de eq_refl); assumption];
        clear Ed
      | injection H2 as <-; constructor; [apply H; assumption | | constructor] ].
    (* the alternatives, with a default or without *)
    all: clear H1 Es; revert ca Ea;
      induction H0 as [|[[k ys] e1] r He Hr IH]; intros ca Ea; simpl in Ea;
      [ injection Ea as <-; constructor
      | destruct (nodupb ys) eqn:Hys; [|discriminate];
        destruct (compile (rev ys ++ ns) e1) eqn:E1; [|discriminate];
        head_destruct Ea ca'; injection Ea as <-; constructor;
        [ apply nodupb_NoDup; assumption
        | apply He; assumption
        | apply IH; first [assumption | reflexivity] ] ].
  - (* scc *)
    destruct (compile ns b) eqn:E; simpl in H0; [|discriminate].
    injection H0 as <-. constructor. apply H. assumption.
  - (* scc_sub *)
    destruct (compile ns b) eqn:E; simpl in H0; [|discriminate].
    injection H0 as <-. constructor. apply H. assumption.
  - (* int *)
    injection H as <-. constructor.
  - (* prim *)
    destruct (catom_of ns a1) eqn:E1; [|discriminate]. destruct (catom_of ns a2) eqn:E2; [|discriminate].
    injection H as <-. constructor; apply catom_arel; assumption.
Qed.

(* ---- a program ---- *)

Fixpoint compile_tops (p : program) (bs : list (string * expr)) : option (list code) :=
  match bs with
  | [] => Some []
  | b :: r => match compile [] (rename_top p (snd b)), compile_tops p r with
              | Some c, Some cs => Some (c :: cs)
              | _, _ => None
              end
  end.

(* main's code and the other bindings' code, each over no binders: every
   name left after the top-level renaming is bound inside. *)
Definition compile_program (p : program) : option (code * list code) :=
  match compile [] (rename_top p (main_rhs p)), compile_tops p (tops p) with
  | Some cm, Some cs => Some (cm, cs)
  | _, _ => None
  end.

Theorem compile_program_compiled : forall p cmain ctops,
    compile_program p = Some (cmain, ctops) -> compiled p cmain ctops.
Proof.
  intros p cmain ctops H. unfold compile_program in H.
  destruct (compile [] (rename_top p (main_rhs p))) as [cm|] eqn:Em; [|discriminate].
  destruct (compile_tops p (tops p)) as [cs|] eqn:Et; [|discriminate].
  injection H as <- <-. split; [apply compile_cr; assumption|].
  clear Em. revert cs Et. induction (tops p) as [|b r IH]; intros cs Et; simpl in Et.
  - injection Et as <-. constructor.
  - destruct (compile [] (rename_top p (snd b))) eqn:E1; [|discriminate].
    destruct (compile_tops p r) eqn:E2; [|discriminate].
    injection Et as <-. constructor; [apply compile_cr; assumption | apply IH; reflexivity].
Qed.

(* T1 and T2 for the environment machine from the initial state of any
   program that compiles. *)
Theorem program_compile_sound : forall rs sc p cmain ctops rows s,
    compile_program p = Some (cmain, ctops) ->
    eruns rs sc rows (env_init p cmain ctops) s -> ~ In RForce rows -> efinal s ->
    exists u th0, srel s u /\ prog_eval rs sc p th0 (hp u) (ctl u) (ccc u) /\
                  forall a k, eth s a k = th0 a k.
Proof.
  intros. eapply program_env_sound; [apply compile_program_compiled | | |]; eassumption.
Qed.

Theorem program_compile_complete : forall rs sc p cmain ctops th0 D z cz,
    compile_program p = Some (cmain, ctops) -> prog_eval rs sc p th0 D z cz ->
    exists rows s u, eruns rs sc rows (env_init p cmain ctops) s /\ ~ In RForce rows /\
                     efinal s /\ srel s u /\ hp u = D /\ ctl u = z /\ ccc u = cz /\
                     forall a k, eth s a k = th0 a k.
Proof.
  intros. eapply program_env_complete; [apply compile_program_compiled | ]; eassumption.
Qed.
