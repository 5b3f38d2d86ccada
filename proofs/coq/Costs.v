(* Costs.v -- cost centres, the eight counters and the cost attribution
   theta of docs/semantics.md section 2, with the two functions SUB and
   SUBCAF that decide which cost centre continues after a value is used. *)
Require Import String Bool Arith.
Open Scope string_scope.

(* A cost centre is its name: "MAIN", "SUB", "CAF", "CAF:name" or a name
   given by an scc (docs/semantics.md section 2, "The initial heap"). *)
Definition cc := string.

(* The counters of the table in docs/semantics.md section 2: A C V U H P,
   entries and subentries. *)
Inductive counter := CA | CC | CV | CU | CH | CP | CEntries | CSubentries.

Definition counter_eq_dec : forall a b : counter, {a = b} + {a <> b}.
Proof. decide equality. Defined.

(* theta (docs/semantics.md section 2): every cost centre has each counter.
   A function rather than a finite map, so that rules add to it without
   a normal form; theta of a derivation is built by the same additions on
   equal arguments, so equality of thetas needs no extensionality. *)
Definition theta := cc -> counter -> nat.

(* The empty attribution: the run starts "with theta empty". *)
Definition empty : theta := fun _ _ => 0.

(* charge c k n t: "adds n k to c" (the theta column of section 4 and the
   "Cost:" of each rule of section 3). *)
Definition charge (c : cc) (k : counter) (n : nat) (t : theta) : theta :=
  fun c' k' =>
    if string_dec c c' then
      if counter_eq_dec k k' then t c' k' + n else t c' k'
    else t c' k'.

(* plus: "plus both sub-evaluations" in section 3. *)
Definition plus (t1 t2 : theta) : theta := fun c k => t1 c k + t2 c k.

(* SUB(c, cc) of section 2. *)
Definition sub_cc (c cur : cc) : cc := if string_dec c "SUB" then cur else c.

(* "SUB, CAF or a CAF: name" of section 2. *)
Definition is_caf_or_sub (c : cc) : bool :=
  String.eqb c "SUB" || String.eqb c "CAF" || String.prefix "CAF:" c.

(* SUBCAF(c, cc) of section 2. *)
Definition subcaf (c cur : cc) : cc := if is_caf_or_sub c then cur else c.

(* The two rule sets of section 2: fig6 (the default, with the CAF/SUB fix)
   and fig2. *)
Inductive ruleset := Fig2 | Fig6.

(* The two scopings of section 3's application rule. *)
Inductive scoping := Lexical | Evaluation.

(* The cost centre after a variable bound to a value is entered (section 3
   "Variable bound to a value", section 4 row var1): SUBCAF under fig6,
   SUB under fig2. *)
Definition entered (rs : ruleset) (ccz cur : cc) : cc :=
  match rs with Fig6 => subcaf ccz cur | Fig2 => sub_cc ccz cur end.

(* The cost centre after an update (section 3 "Variable bound to a thunk",
   section 4 row var3): SUBCAF under fig6, the value's own under fig2. *)
Definition updated (rs : ruleset) (ccz cur : cc) : cc :=
  match rs with Fig6 => subcaf ccz cur | Fig2 => ccz end.

(* Sanity facts about the definitions above, proven (no axioms). *)
Lemma subcaf_sub : forall cur, subcaf "SUB" cur = cur.
Proof. reflexivity. Qed.

Lemma subcaf_caf_name : forall cur, subcaf "CAF:main" cur = cur.
Proof. reflexivity. Qed.

Lemma subcaf_user : forall cur, subcaf "fun" cur = "fun".
Proof. reflexivity. Qed.

Lemma charge_same : forall c k n t, charge c k n t c k = t c k + n.
Proof.
  intros. unfold charge.
  destruct (string_dec c c); [|congruence].
  destruct (counter_eq_dec k k); [reflexivity|congruence].
Qed.

Lemma charge_other_cc : forall c c' k k' n t, c <> c' -> charge c k n t c' k' = t c' k'.
Proof.
  intros. unfold charge. destruct (string_dec c c'); [congruence|reflexivity].
Qed.
