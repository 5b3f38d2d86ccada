(* BigStep.v -- the big-step cost semantics of docs/semantics.md section 3,
   "cc, Gamma : e ⇓theta Delta : z, ccz", for both rule sets (fig6 with the
   CAF/SUB fix, fig2) and both scopings (lexical, evaluation).

   Representation: substitution, as the paper (not environments, as the C
   machine).  A heap maps addresses to (expression, cost centre); it also
   holds the next fresh address, so that let's "n fresh names" are chosen
   deterministically and a name removed while its thunk runs is never
   reused (the black hole of section 6 stays a black hole). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax.
Import ListNotations.
Open Scope string_scope.

(* A heap object: its expression and the cost centre it was built under
   (section 2, "Every heap binding carries the cost centre it was built
   under"). *)
Definition obj := (expr * cc)%type.

Record heap := mkheap { next : nat; binds : list (nat * obj) }.

Fixpoint find_addr (a : nat) (l : list (nat * obj)) : option obj :=
  match l with
  | [] => None
  | (b, o) :: l' => if Nat.eqb a b then Some o else find_addr a l'
  end.

(* What a variable is bound to; a name (free variable) is bound to nothing. *)
Definition lookup (h : heap) (x : var) : option obj :=
  match x with VAddr a => find_addr a (binds h) | VName _ => None end.

(* "with the variable removed from the heap meanwhile" (section 3). *)
Definition remove (h : heap) (x : var) : heap :=
  match x with
  | VAddr a => mkheap (next h) (filter (fun p => negb (Nat.eqb (fst p) a)) (binds h))
  | VName _ => h
  end.

(* "then overwrite it with its value" (section 3). *)
Definition update (h : heap) (x : var) (o : obj) : heap :=
  match x with
  | VAddr a => mkheap (next h) ((a, o) :: binds h)
  | VName _ => h
  end.

(* The let rule of section 3: the n fresh addresses are next, ..., next+n-1. *)
Definition let_addrs (h : heap) (bs : list (string * expr)) : list var :=
  map VAddr (seq (next h) (length bs)).

(* "all renamed": each binder name replaced by its address. *)
Definition let_rename (h : heap) (bs : list (string * expr)) (e : expr) : expr :=
  substs (map fst bs) (let_addrs h bs) e.

(* "allocate n fresh names, each bound under cc to its right-hand side". *)
Definition let_alloc (h : heap) (bs : list (string * expr)) (c : cc) : heap :=
  mkheap (next h + length bs)
         (combine (seq (next h) (length bs))
                  (map (fun p => (let_rename h bs (snd p), c)) bs)
          ++ binds h).

(* The alternative for constructor c: the first one that names it. *)
Fixpoint select (alts : list (string * list string * expr)) (c : string)
  : option (list string * expr) :=
  match alts with
  | [] => None
  | (c', ys, b) :: rest => if String.eqb c c' then Some (ys, b) else select rest c
  end.

(* "No matching alternative" (section 3 case, the default rule): the value
   is not a constructor, or no alternative names its constructor. *)
Definition no_alt (alts : list (string * list string * expr)) (v : expr) : Prop :=
  match v with Con c _ => select alts c = None | _ => True end.

(* 64-bit signed range: outside it is the overflow error of section 6. *)
Definition in_i64 (n : Z) : bool :=
  (-(2 ^ 63) <=? n)%Z && (n <? 2 ^ 63)%Z.

Definition bool_con (b : bool) : expr := if b then Con "True" [] else Con "False" [].

(* "the result is computed" (section 3, a1 op a2): / and % truncate as C
   does; division by zero and overflow have no result (section 6). *)
Definition prim_result (op : prim) (n1 n2 : Z) : option expr :=
  let arith r := if in_i64 r then Some (Int r) else None in
  match op with
  | PAdd => arith (n1 + n2)%Z
  | PSub => arith (n1 - n2)%Z
  | PMul => arith (n1 * n2)%Z
  | PDiv => if Z.eqb n2 0 then None else arith (Z.quot n1 n2)
  | PMod => if Z.eqb n2 0 then None else arith (Z.rem n1 n2)
  | PEq => Some (bool_con (Z.eqb n1 n2))
  | PNe => Some (bool_con (negb (Z.eqb n1 n2)))
  | PLt => Some (bool_con (Z.ltb n1 n2))
  | PLe => Some (bool_con (Z.leb n1 n2))
  | PGt => Some (bool_con (Z.gtb n1 n2))
  | PGe => Some (bool_con (Z.geb n1 n2))
  end.

(* What a primitive returns, when it returns: an integer or True/False.
   Complete.v (the result is a value) and SubNeverCurrent.v (it holds no
   scc) both read it off this. *)
Lemma prim_result_shape : forall op n1 n2 r,
    prim_result op n1 n2 = Some r -> (exists n, r = Int n) \/ (exists b, r = bool_con b).
Proof.
  intros op n1 n2 r H.
  destruct op; simpl in H;
    repeat match goal with
           | H : context [if ?b then _ else _] |- _ => destruct b
           end;
    try discriminate; injection H as <-; eauto.
Qed.

(* The cost centre the body of an applied lambda runs under (section 3
   Application): the lambda's (lexical) or the caller's (evaluation). *)
Definition body_cc (sc : scoping) (cclam cur : cc) : cc :=
  match sc with Lexical => cclam | Evaluation => cur end.

(* eval rs sc cc Gamma e theta Delta z ccz is
   "cc, Gamma : e ⇓theta Delta : z, ccz" of section 3; one constructor per
   bullet of section 3 (two for case: an alternative, the default). *)
Inductive eval (rs : ruleset) (sc : scoping)
  : cc -> heap -> expr -> theta -> heap -> expr -> cc -> Prop :=
(* "A value evaluates to itself at no cost; its cost centre is the current one." *)
| EvValue : forall c G v,
    is_value v = true ->
    eval rs sc c G v empty G v c
(* "Application e x": one A to cc plus both sub-evaluations. *)
| EvApp : forall c G e x t1 T y b cl t2 D z cz,
    eval rs sc c G e t1 T (Lam y b) cl ->
    eval rs sc (body_cc sc cl c) T (subst y x b) t2 D z cz ->
    eval rs sc c G (App e x) (charge c CA 1 (plus t1 t2)) D z cz
(* "Variable bound to a value": one V to cc; SUBCAF(ccz, cc) (fig2: SUB). *)
| EvVarValue : forall c G x z cz,
    lookup G x = Some (z, cz) ->
    is_value z = true ->
    eval rs sc c G (Var x) (charge c CV 1 empty) G z (entered rs cz c)
(* "Variable bound to a thunk": evaluate under cce with x removed, then
   overwrite x; one V to cc, the evaluation, one U to ccz; SUBCAF(ccz, cc)
   (fig2: ccz). *)
| EvVarThunk : forall c G x e ce t D z cz,
    lookup G x = Some (e, ce) ->
    is_value e = false ->
    eval rs sc ce (remove G x) e t D z cz ->
    eval rs sc c G (Var x) (charge c CV 1 (charge cz CU 1 t))
         (update D x (z, cz)) z (updated rs cz c)
(* "let of n bindings": n H to cc plus the body. *)
| EvLet : forall c G bs e t D z cz,
    eval rs sc c (let_alloc G bs c) (let_rename G bs e) t D z cz ->
    eval rs sc c G (Let bs e) (charge c CH (length bs) t) D z cz
(* "case": scrutinee to Ck xs, then the matching alternative under cc;
   one C to cc plus both evaluations. *)
| EvCase : forall c G s alts d t1 T k xs cs ys b t2 D z cz,
    eval rs sc c G s t1 T (Con k xs) cs ->
    select alts k = Some (ys, b) ->
    length ys = length xs ->
    eval rs sc c T (substs ys xs b) t2 D z cz ->
    eval rs sc c G (Case s alts d) (charge c CC 1 (plus t1 t2)) D z cz
(* "No matching alternative but a default: the default" (ours). *)
| EvCaseDefault : forall c G s alts de t1 T v cs t2 D z cz,
    eval rs sc c G s t1 T v cs ->
    no_alt alts v ->
    eval rs sc c T de t2 D z cz ->
    eval rs sc c G (Case s alts (Some de)) (charge c CC 1 (plus t1 t2)) D z cz
(* "scc cc' e": the evaluation under cc', one entry to cc', one subentry to cc. *)
| EvScc : forall c G c' e t D z cz,
    eval rs sc c' G e t D z cz ->
    eval rs sc c G (Scc c' e) (charge c' CEntries 1 (charge c CSubentries 1 t)) D z cz
(* "scc_sub counts neither". *)
| EvSccSub : forall c G c' e t D z cz,
    eval rs sc c' G e t D z cz ->
    eval rs sc c G (SccSub c' e) t D z cz
(* "a1 op a2" (ours): both operands to integers under cc, left first; the
   result under cc; one P to cc plus the operands. *)
| EvPrim : forall c G op a1 a2 t1 G1 n1 c1 t2 G2 n2 c2 r,
    eval rs sc c G (atom_expr a1) t1 G1 (Int n1) c1 ->
    eval rs sc c G1 (atom_expr a2) t2 G2 (Int n2) c2 ->
    prim_result op n1 n2 = Some r ->
    eval rs sc c G (Prim op a1 a2) (charge c CP 1 (plus t1 t2)) G2 r c.

(* Induction on the first eval premise, naming every rule's premises the
   same way in every proof (Rename.v, T3LetFree.v): the derivations E1,
   E2, ... and their hypotheses IH1, IH2, ..., the looked-up binding L, the
   value test Hv, the primitive's result v and prim_result Pr. *)
Ltac eval_induction :=
  induction 1 as
      [c G v Hv
      |c G e x t1 T y b cl t2 D z cz E1 IH1 E2 IH2
      |c G x z cz L Hv
      |c G x e ce t D z cz L Hv E IH
      |c G bs e t D z cz E IH
      |c G s alts d t1 T k xs cs ys b t2 D z cz E1 IH1 Sel Len E2 IH2
      |c G s alts de t1 T v cs t2 D z cz E1 IH1 Na E2 IH2
      |c G c' e t D z cz E IH
      |c G c' e t D z cz E IH
      |c G op a1 a2 t1 G1 n1 c1 t2 G2 n2 c2 v E1 IH1 E2 IH2 Pr].

(* find_addr across the cells a let allocates: the objects of l at the
   addresses n, n + 1, ... before the rest (EnvBisim.v, Rename.v). *)
Local Open Scope nat_scope.
Lemma find_addr_combine : forall (l : list obj) n a rest,
    find_addr a (combine (seq n (length l)) l ++ rest) =
    if (n <=? a) && (a <? n + length l) then nth_error l (a - n) else find_addr a rest.
Proof.
  induction l as [|o l IH]; intros n a rest; simpl.
  - destruct (Nat.leb_spec n a), (Nat.ltb_spec a (n + 0)); simpl; try lia; auto.
  - rewrite IH. destruct (Nat.eqb_spec a n) as [->|Hne].
    + rewrite Nat.leb_refl, Nat.sub_diag. simpl.
      replace (n <? n + S (length l)) with true by (symmetry; apply Nat.ltb_lt; lia). reflexivity.
    + destruct (Nat.leb_spec n a), (Nat.leb_spec (S n) a), (Nat.ltb_spec a (S n + length l)),
               (Nat.ltb_spec a (n + S (length l))); simpl; try lia; auto.
      replace (a - n) with (S (a - S n)) by lia. reflexivity.
Qed.

(* Premises that look the same thing up agree (the step of a determinism
   proof, MachineDet.v, EnvMachine.v): equal results, or a contradiction. *)
Ltac same_lookups :=
  repeat match goal with
  | H : ?a = Some _, H' : ?a = Some _ |- _ =>
      rewrite H in H'; injection H'; clear H'; intros; subst
  | H : ?a = Some _, H' : ?a = None |- _ => rewrite H in H'; discriminate
  | H : ?a = true, H' : ?a = false |- _ => rewrite H in H'; discriminate
  end.
