(* Program.v -- a program and where both relations start from it
   (docs/semantics.md section 2, "The initial heap binds every top-level
   name: main under the cost centre MAIN; a binding whose right-hand side
   is a value under SUB; any other (a CAF) under its own cost centre
   CAF:name.  The run starts with MAIN current, control main, an empty
   stack and theta empty", and section 3, "The program's cost is theta of
   MAIN, Gamma_init : main ⇓theta Delta : z, ccz").

   How it matches the semantics:
   - a program is main's right-hand side and the other top-level bindings,
     in order; the top-level names are mutually recursive, as a let's;
   - main is address 0 and the i-th other binding address i (1-based), so
     the heap's next fresh address is one past the last;
   - every right-hand side has every top-level name renamed to its address
     ("main" first, then the others in order; the front end gives distinct
     names, and with a duplicate the first binding wins);
   - main is built under MAIN, a value under SUB, anything else (a CAF)
     under "CAF:" followed by its name;
   - the machine starts at (MAIN, Gamma_init, main, [], empty) and the
     big-step relation is asked about MAIN, Gamma_init : main, where main is
     the variable bound at address 0. *)
Require Import ZArith String List Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine.
Import ListNotations.
Open Scope string_scope.

(* main's right-hand side and the other top-level bindings (name, rhs). *)
Record program := mkprogram { main_rhs : expr; tops : list (string * expr) }.

(* The top-level names, main first, and their addresses 0, 1, ... *)
Definition top_names (p : program) : list string := "main" :: map fst (tops p).

Definition top_addrs (p : program) : list var :=
  map VAddr (seq 0 (S (length (tops p)))).

(* A right-hand side with every top-level name replaced by its address. *)
Definition rename_top (p : program) (e : expr) : expr :=
  substs (top_names p) (top_addrs p) e.

(* The cost centre a top-level binding other than main is built under:
   SUB for a value, CAF:name for a CAF (section 2). *)
Definition top_cc (x : string) (e : expr) : cc :=
  if is_value e then "SUB" else "CAF:" ++ x.

(* Gamma_init: main at 0 under MAIN, the i-th other binding at i. *)
Definition init_heap (p : program) : heap :=
  mkheap (S (length (tops p)))
         ((0, (rename_top p (main_rhs p), "MAIN"))
            :: combine (seq 1 (length (tops p)))
                       (map (fun b => (rename_top p (snd b), top_cc (fst b) (snd b)))
                            (tops p))).

(* "control main": the variable main is bound to. *)
Definition init_ctl : expr := Var (VAddr 0).

(* The current cost centre at the start. *)
Definition init_cc : cc := "MAIN".

(* The machine's initial state (section 2). *)
Definition init_state (p : program) : state :=
  mkstate init_cc (init_heap p) init_ctl [] empty.

(* The program's big-step judgement (section 3, last line):
   MAIN, Gamma_init : main ⇓theta Delta : z, ccz. *)
Definition prog_eval (rs : ruleset) (sc : scoping) (p : program)
           (t : theta) (D : heap) (z : expr) (cz : cc) : Prop :=
  eval rs sc init_cc (init_heap p) init_ctl t D z cz.

(* A sanity check of the definitions: a value binding is under SUB, a CAF
   under its own CAF: cost centre, and it is addressed after main. *)
Lemma init_heap_small :
  init_heap (mkprogram (Var (VName "k"))
                       [("k", Int 1%Z); ("c", App (Var (VName "k")) (VName "main"))])
  = mkheap 3 [(0, (Var (VAddr 1), "MAIN"));
              (1, (Int 1%Z, "SUB"));
              (2, (App (Var (VAddr 1)) (VAddr 0), "CAF:c"))].
Proof. reflexivity. Qed.
