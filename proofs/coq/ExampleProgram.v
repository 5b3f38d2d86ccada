(* ExampleProgram.v -- section 7's worked example of docs/semantics.md as a
   Program.program, to check Program.v against the initial state Example.v
   built by hand, and T1 (Sound.v) on it: whatever final state the machine
   reaches from it has section 7's value, cost centre and hand-counted
   theta, because the rules derive them (Example.example_bigstep). *)
Require Import ZArith String List.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run
        Ccm.Program Ccm.Sound Ccm.ForceAtDemand.
Require Ccm.Example.
Import ListNotations.
Open Scope string_scope.

(* main = let f = scc "fun" \x -> x; a = 1 in f a;  and nothing else. *)
Definition example_program : program := mkprogram Ccm.Example.main_rhs [].

(* Program.v's initial state is the one Example.v wrote by hand. *)
Lemma example_init_state : init_state example_program = Ccm.Example.init_state.
Proof. reflexivity. Qed.

(* T1 on the example: any final state the machine reaches, in any number
   of steps, holds 1 under MAIN and section 7's theta. *)
Theorem example_sound : forall n sf,
    steps Fig6 Lexical n (init_state example_program) sf -> final sf ->
    ctl sf = Int 1%Z /\ ccc sf = "MAIN" /\
    forall c k, th sf c k = Ccm.Example.expected c k.
Proof.
  intros n sf R F.
  destruct Ccm.Example.example_bigstep as (t & D & ccz & E & Hc & Ht).
  subst ccz.
  destruct (machine_sound_eq _ _ _ _ _ _ _ _ _ R F E) as (_ & Hz & Hcc & Hth).
  split; [exact Hz|]. split; [exact Hcc|].
  intros c k. rewrite Hth. apply Ht.
Qed.

(* The smallest case of T3 (ForceAtDemand.v) on the example: forcing main
   in the initial state (where the plain run demands it) gives a run of
   9 + 2 = 11 steps to a final state with 1 under MAIN and section 7's
   theta.  This also shows force_at_demand's premises can hold. *)
Theorem example_force_main :
  exists sf, esteps Fig6 Lexical 11 (init_state example_program) sf /\ final sf /\
             ctl sf = Int 1%Z /\ ccc sf = "MAIN" /\
             forall c k, th sf c k = Ccm.Example.expected c k.
Proof.
  destruct Ccm.Example.example_machine as (s & R & F & Hz & Hc & Ht).
  rewrite <- example_init_state in R.
  destruct (force_at_demand Lexical "MAIN" (init_heap example_program) (VAddr 0)
              Ccm.Example.main_rhs "MAIN" [] empty 9 s eq_refl eq_refl R F)
    as (sf & Re & Fe & Hc' & _ & Hz' & Ht').
  exists sf. split; [exact Re|]. split; [exact Fe|].
  split; [congruence|]. split; [congruence|].
  intros c k. rewrite Ht'. apply Ht.
Qed.
