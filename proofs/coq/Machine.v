(* Machine.v -- the machine of docs/semantics.md section 4 as a one-step
   relation, one constructor per row, each named like its predicate in
   acsl/ccm_rows.h (Step_App1 ... Step_Resume).

   Same representation as BigStep.v (substitution, a heap of addresses with
   a next-fresh counter), not the C machine's code/environment/cells: the
   rows are the same transitions with the same theta column.  Left-to-right
   operand order: Order.v adds right to left (--order rtl) as ostep RTL,
   this relation with prim1 and prim3 replaced. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep.
Import ListNotations.

(* The stack frames of section 4, each with the cost centre it saved. *)
Inductive frame :=
| FArg (x : var) (c : cc)                          (* app1: the argument *)
| FUpd (x : var) (c : cc)                          (* var2/force: update x *)
| FCase (alts : list (string * list string * expr))
        (dflt : option expr) (c : cc)              (* case1: the alternatives *)
| FPrim1 (op : prim) (a2 : atom) (c : cc)          (* prim1: "op with a2 still to do" *)
| FPrim2 (op : prim) (n1 : Z) (c : cc)             (* prim2: "n1 op, second operand to do" *)
| FResume (e : expr) (c : cc).                     (* force: the control to resume *)

(* A state: (current cost centre, heap, control, stack, theta). *)
Record state := mkstate { ccc : cc; hp : heap; ctl : expr; stk : list frame; th : theta }.

(* The rows a plain run steps by: section 4 without force (resume is here:
   it only fires on a frame that force pushed). *)
Inductive step (rs : ruleset) (sc : scoping) : state -> state -> Prop :=
(* app1: push the argument with cc; control e; A to cc. *)
| Step_App1 : forall c G e x S t,
    step rs sc (mkstate c G (App e x) S t)
                (mkstate c G e (FArg x c :: S) (charge c CA 1 t))
(* app2: pop the argument; the body with it bound; the lambda's cost centre
   (the current one) or the frame's (evaluation scoping). *)
| Step_App2 : forall c G y b x cf S t,
    step rs sc (mkstate c G (Lam y b) (FArg x cf :: S) t)
                (mkstate (body_cc sc c cf) G (subst y x b) S t)
(* var1: x bound to a value under ccz; SUBCAF(ccz, cc) (fig2: SUB); V to cc. *)
| Step_Var1 : forall c G x z cz S t,
    lookup G x = Some (z, cz) -> is_value z = true ->
    step rs sc (mkstate c G (Var x) S t)
                (mkstate (entered rs cz c) G z S (charge c CV 1 t))
(* var2: x bound to a thunk under cce; push an update frame with cc; remove
   x; control the thunk under cce; V to cc. *)
| Step_Var2 : forall c G x e ce S t,
    lookup G x = Some (e, ce) -> is_value e = false ->
    step rs sc (mkstate c G (Var x) S t)
                (mkstate ce (remove G x) e (FUpd x c :: S) (charge c CV 1 t))
(* var3: a value under ccz, an update frame on top; bind x to it under ccz;
   SUBCAF(ccz, frame's cc) (fig2: ccz); U to ccz. *)
| Step_Var3 : forall c G v x cf S t,
    is_value v = true ->
    step rs sc (mkstate c G v (FUpd x cf :: S) t)
                (mkstate (updated rs c cf) (update G x (v, c)) v S (charge c CU 1 t))
(* let: n fresh heap objects under cc; the renamed body; n H to cc. *)
| Step_Let : forall c G bs e S t,
    step rs sc (mkstate c G (Let bs e) S t)
                (mkstate c (let_alloc G bs c) (let_rename G bs e) S (charge c CH (length bs) t))
(* case1: push the alternatives with cc; control the scrutinee; C to cc. *)
| Step_Case1 : forall c G s alts d S t,
    step rs sc (mkstate c G (Case s alts d) S t)
                (mkstate c G s (FCase alts d c :: S) (charge c CC 1 t))
(* case2: Ck xs, the alternatives on top; the matching one with xs bound,
   under the frame's cost centre. *)
| Step_Case2 : forall c G k xs alts d cf ys b S t,
    select alts k = Some (ys, b) -> length ys = length xs ->
    step rs sc (mkstate c G (Con k xs) (FCase alts d cf :: S) t)
                (mkstate cf G (substs ys xs b) S t)
(* case2 default (ours): a value with no matching alternative; the default,
   under the frame's cost centre. *)
| Step_Case2_Default : forall c G v alts de cf S t,
    is_value v = true -> no_alt alts v ->
    step rs sc (mkstate c G v (FCase alts (Some de) cf :: S) t)
                (mkstate cf G de S t)
(* scc: control e under cc'; an entry to cc', a subentry to cc. *)
| Step_Scc : forall c G c' e S t,
    step rs sc (mkstate c G (Scc c' e) S t)
                (mkstate c' G e S (charge c' CEntries 1 (charge c CSubentries 1 t)))
(* scc_sub (ours): the same, counting nothing. *)
| Step_Scc_Sub : forall c G c' e S t,
    step rs sc (mkstate c G (SccSub c' e) S t) (mkstate c' G e S t)
(* prim1 (ours): push "op with a2 still to do" with cc; the first operand;
   P to cc. *)
| Step_Prim1 : forall c G op a1 a2 S t,
    step rs sc (mkstate c G (Prim op a1 a2) S t)
                (mkstate c G (atom_expr a1) (FPrim1 op a2 c :: S) (charge c CP 1 t))
(* prim2 (ours): an integer n1, that frame on top; replace it by "n1 op";
   the second operand under the frame's cost centre. *)
| Step_Prim2 : forall c G n1 op a2 cf S t,
    step rs sc (mkstate c G (Int n1) (FPrim1 op a2 cf :: S) t)
                (mkstate cf G (atom_expr a2) (FPrim2 op n1 cf :: S) t)
(* prim3 (ours): an integer n2, "n1 op" on top; the result under the
   frame's cost centre (no row when there is no result: section 6). *)
| Step_Prim3 : forall c G n2 op n1 cf r S t,
    prim_result op n1 n2 = Some r ->
    step rs sc (mkstate c G (Int n2) (FPrim2 op n1 cf :: S) t)
                (mkstate cf G r S t)
(* resume (ours): a value, a resume frame on top; control and cost centre
   back to what the frame saved. *)
| Step_Resume : forall c G v e cf S t,
    is_value v = true ->
    step rs sc (mkstate c G v (FResume e cf :: S) t)
                (mkstate cf G e S t).

(* force (ours): in any state, a thunk x under cce chosen by a test; push a
   resume frame for the current control and an update frame for x; control
   the thunk under cce; nothing counted.  A relation of its own because the
   choice makes it nondeterministic: a plain run is step alone. *)
Inductive step_force : state -> state -> Prop :=
| Step_Force : forall c G e0 x e ce S t,
    lookup G x = Some (e, ce) -> is_value e = false ->
    step_force (mkstate c G e0 S t)
               (mkstate ce (remove G x) e (FUpd x c :: FResume e0 c :: S) t).

(* A run with early forcing: the steps of section 5.2. *)
Inductive step_early (rs : ruleset) (sc : scoping) : state -> state -> Prop :=
| Early_Step : forall s s', step rs sc s s' -> step_early rs sc s s'
| Early_Force : forall s s', step_force s s' -> step_early rs sc s s'.

(* A final state: a value with an empty stack (section 5.1). *)
Definition final (s : state) : Prop := is_value (ctl s) = true /\ stk s = [].
