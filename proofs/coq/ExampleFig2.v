(* ExampleFig2.v -- section 7's worked example of docs/semantics.md under
   the fig2 rule set: the same nine rows, value and theta as under fig6
   (SUB and SUBCAF agree on it: no CAF but main, which is under MAIN); it
   has no scc "SUB", so SUB is never current on its run and the fig2 case of
   ForceAtDemand.force_at_demand_rs applies: forcing main first gives 11
   steps and the same theta.  The expected theta is Example.v's hand count
   (section 7), not anything computed here. *)
Require Import ZArith String List.
Require Ccm.Example.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run
        Ccm.Program Ccm.Sound Ccm.ForceAtDemand Ccm.SubNeverCurrent
        Ccm.ExampleProgram.
Import ListNotations.
Open Scope string_scope.

(* The example has no scc "SUB", so SUB is never current on its fig2 run
   (SubNeverCurrent.sub_never_current). *)
Lemma example_fig2_never_sub : forall j s',
    steps Fig2 Lexical j (init_state example_program) s' -> ccc s' <> "SUB".
Proof. intros j s' R. exact (sub_never_current _ _ example_program _ _ eq_refl R). Qed.

(* The example's plain run under fig2: the same nine rows. *)
Lemma example_fig2_machine :
  exists s, steps Fig2 Lexical 9 (init_state example_program) s /\ final s /\
            ctl s = Int 1%Z /\ ccc s = "MAIN" /\
            forall c k, th s c k = Ccm.Example.expected c k.
Proof.
  eexists. split.
  { Ccm.Example.example_rows. }
  split; [split; reflexivity|].
  split; [reflexivity|]. split; [vm_compute; reflexivity|].
  simpl. unfold init_cc.
  (* the cost centres fig2's SUB computed, evaluated first *)
  repeat match goal with
         | |- context [sub_cc ?a ?b] =>
             let v := eval vm_compute in (sub_cc a b) in change (sub_cc a b) with v
         end.
  Ccm.Example.theta_pointwise.
Qed.

(* force_at_demand_rs under fig2 on the example: its side condition holds
   (example_fig2_never_sub), and forcing main first gives 11 steps to the
   same value, cost centre and theta. *)
Theorem example_fig2_force_main :
  exists sf, esteps Fig2 Lexical 11 (init_state example_program) sf /\ final sf /\
             ctl sf = Int 1%Z /\ ccc sf = "MAIN" /\
             forall c k, th sf c k = Ccm.Example.expected c k.
Proof.
  destruct example_fig2_machine as (s & R & F & Hz & Hc & Ht).
  destruct (force_at_demand_rs Fig2 Lexical "MAIN" (init_heap example_program) (VAddr 0)
              Ccm.Example.main_rhs "MAIN" [] empty 9 s
              (or_intror example_fig2_never_sub) eq_refl eq_refl R F)
    as (sf & Re & Fe & Hc' & _ & Hz' & Ht').
  exists sf. split; [exact Re|]. split; [exact Fe|].
  split; [congruence|]. split; [congruence|].
  intros c k. rewrite Ht'. apply Ht.
Qed.
