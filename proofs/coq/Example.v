(* Example.v -- the worked example of docs/semantics.md section 7,
     main = let f = scc "fun" \x -> x; a = 1 in f a;
   in both relations, fig6 with lexical scoping.  The expected theta is the
   hand count of section 7 (MAIN {A 1, V 2, U 1, H 2, subentries 1},
   fun {V 1, U 1, entries 1}), not anything the model computed. *)
Require Import ZArith String List.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run.
Import ListNotations.
Open Scope string_scope.

(* main's right-hand side; main itself is address 0 (a CAF would be under
   CAF:main, but section 2 puts main under MAIN). *)
Definition main_rhs : expr :=
  Let [("f", Scc "fun" (Lam "x" (Var (VName "x")))); ("a", Int 1%Z)]
      (App (Var (VName "f")) (VName "a")).

Definition init_heap : heap := mkheap 1 [(0, (main_rhs, "MAIN"))].

(* Section 2: "The run starts with MAIN current, control main, an empty
   stack and theta empty." *)
Definition init_state : state := mkstate "MAIN" init_heap (Var (VAddr 0)) [] empty.

(* Section 7's theta, by hand. *)
Definition expected : theta := fun c k =>
  if string_dec c "MAIN" then
    match k with CA => 1 | CV => 2 | CU => 1 | CH => 2 | CSubentries => 1 | _ => 0 end
  else if string_dec c "fun" then
    match k with CV => 1 | CU => 1 | CEntries => 1 | _ => 0 end
  else 0.

(* theta equals expected at every cost centre and counter: the cost
   centres the rules computed (SUBCAF of constants) are evaluated first,
   then MAIN and fun are checked counter by counter, and every other cost
   centre is shown untouched. *)
Ltac theta_pointwise :=
  repeat match goal with
         | |- context [subcaf ?a ?b] =>
             let v := eval vm_compute in (subcaf a b) in change (subcaf a b) with v
         end;
  intros c k;
  destruct (string_dec c "MAIN"); [subst; destruct k; vm_compute; reflexivity|];
  destruct (string_dec c "fun"); [subst; destruct k; vm_compute; reflexivity|];
  unfold expected, plus, empty;
  repeat rewrite charge_other_cc by congruence;
  repeat (destruct (string_dec _ _); try congruence);
  reflexivity.

(* Section 7's nine rows in order (var2 let app1 var2 scc var3 app2 var1
   var3); the same rows fire under fig2 (ExampleFig2.v). *)
Ltac example_rows :=
  eapply steps_cons; [eapply Step_Var2; reflexivity |];
  eapply steps_cons; [eapply Step_Let |];
  eapply steps_cons; [eapply Step_App1 |];
  eapply steps_cons; [eapply Step_Var2; reflexivity |];
  eapply steps_cons; [eapply Step_Scc |];
  eapply steps_cons; [eapply Step_Var3; reflexivity |];
  eapply steps_cons; [eapply Step_App2 |];
  eapply steps_cons; [eapply Step_Var1; reflexivity |];
  eapply steps_cons; [eapply Step_Var3; reflexivity |];
  apply steps_refl.

(* Section 7: nine steps, the value 1 under MAIN, theta as counted. *)
Theorem example_machine :
  exists s, steps Fig6 Lexical 9 init_state s /\ final s /\
            ctl s = Int 1%Z /\ ccc s = "MAIN" /\
            forall c k, th s c k = expected c k.
Proof.
  eexists. split.
  { unfold init_state. example_rows. }
  split; [split; reflexivity|].
  split; [reflexivity|]. split; [reflexivity|].
  simpl. theta_pointwise.
Qed.

(* The same program in the big-step semantics: the same value, cost centre
   and theta (a single instance of what T1/T2 will state in general). *)
Theorem example_bigstep :
  exists t D ccz, eval Fig6 Lexical "MAIN" init_heap (Var (VAddr 0)) t D (Int 1%Z) ccz /\
                  ccz = "MAIN" /\ forall c k, t c k = expected c k.
Proof.
  do 3 eexists. split.
  { eapply EvVarThunk; [reflexivity | reflexivity |].
    eapply EvLet.
    eapply EvApp.
    - eapply EvVarThunk; [reflexivity | reflexivity |].
      eapply EvScc. eapply EvValue. reflexivity.
    - eapply EvVarValue; reflexivity. }
  split; [vm_compute; reflexivity|].
  simpl. theta_pointwise.
Qed.
