(* Syntax.v -- the core language of docs/semantics.md section 1, and the
   renaming (substitution of a variable for a name) that the big-step rules
   of section 3 use, as the paper does.

   Representation: names bound by lambdas, lets and case patterns are
   strings (VName); heap addresses are numbers (VAddr).  The rules only ever
   substitute addresses for names, and an address is never bound, so a
   substitution cannot capture: this is how the model keeps the paper's
   substitution semantics without alpha-renaming. *)
Require Import ZArith String List Bool.
Import ListNotations.
Open Scope string_scope.

(* A variable (section 1 "x"): a name in program text or a heap address. *)
Inductive var := VName (s : string) | VAddr (a : nat).

(* The primitives of section 1: + - * / % == /= < <= > >= . *)
Inductive prim := PAdd | PSub | PMul | PDiv | PMod | PEq | PNe | PLt | PLe | PGt | PGe.

(* An operand of a primitive (section 1 "a1 op a2"): a variable or an
   integer. *)
Inductive atom := AVar (x : var) | AInt (n : Z).

(* The expressions of section 1, one constructor per bullet. *)
Inductive expr :=
| Lam (y : string) (e : expr)                  (* \y -> e *)
| App (e : expr) (x : var)                     (* e x, argument a variable *)
| Var (x : var)                                (* x *)
| Let (bs : list (string * expr)) (e : expr)   (* let {x1 = e1; ...} in e, recursive *)
| Con (c : string) (xs : list var)             (* C x1 ... xa *)
| Case (e : expr) (alts : list (string * list string * expr))
       (dflt : option expr)                    (* case e of {C ys -> e; ...; _ -> e} *)
| Scc (c : string) (e : expr)                  (* scc "cc" e *)
| SccSub (c : string) (e : expr)               (* scc_sub "cc" e *)
| Int (n : Z)                                  (* a 64-bit integer *)
| Prim (op : prim) (a1 a2 : atom).             (* a1 op a2 *)

(* "Values are lambdas, constructor applications and integers" (section 1). *)
Definition is_value (e : expr) : bool :=
  match e with Lam _ _ | Con _ _ | Int _ => true | _ => false end.

(* An operand as an expression, to be evaluated by the big-step rules
   ("evaluate both operands to integers", section 3). *)
Definition atom_expr (a : atom) : expr :=
  match a with AVar x => Var x | AInt n => Int n end.

(* x[a/y] on a variable. *)
Definition subst_var (y : string) (a : var) (x : var) : var :=
  match x with
  | VName s => if string_dec s y then a else x
  | VAddr _ => x
  end.

Definition subst_atom (y : string) (a : var) (t : atom) : atom :=
  match t with AVar x => AVar (subst_var y a x) | AInt n => AInt n end.

(* e[a/y]: replace the free name y by a; a binder of y shadows it. *)
Fixpoint subst (y : string) (a : var) (e : expr) : expr :=
  match e with
  | Lam z b => if string_dec z y then e else Lam z (subst y a b)
  | App f x => App (subst y a f) (subst_var y a x)
  | Var x => Var (subst_var y a x)
  | Let bs b =>
      if existsb (fun p => String.eqb (fst p) y) bs then e
      else Let (map (fun p => (fst p, subst y a (snd p))) bs) (subst y a b)
  | Con c xs => Con c (map (subst_var y a) xs)
  | Case s alts d =>
      Case (subst y a s)
           (map (fun alt =>
                   match alt with
                   | (c, ys, b) =>
                       if existsb (String.eqb y) ys then (c, ys, b)
                       else (c, ys, subst y a b)
                   end) alts)
           (match d with Some de => Some (subst y a de) | None => None end)
  | Scc c b => Scc c (subst y a b)
  | SccSub c b => SccSub c (subst y a b)
  | Int n => Int n
  | Prim op a1 a2 => Prim op (subst_atom y a a1) (subst_atom y a a2)
  end.

(* e[xs/ys], one name after the other.  The rules substitute addresses
   only, which no later substitution touches, so this is the simultaneous
   substitution of the paper. *)
Fixpoint substs (ys : list string) (xs : list var) (e : expr) : expr :=
  match ys, xs with
  | y :: ys', x :: xs' => substs ys' xs' (subst y x e)
  | _, _ => e
  end.

(* Substitution neither makes nor unmakes a value: which big-step rule
   applies to a variable (value or thunk) does not depend on renaming. *)
Lemma is_value_subst : forall y a e, is_value (subst y a e) = is_value e.
Proof.
  intros y a e. destruct e; simpl; try reflexivity.
  - destruct (string_dec y0 y); reflexivity.
  - destruct (existsb _ bs); reflexivity.
Qed.
