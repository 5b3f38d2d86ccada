(* EnvExample.v -- section 7's worked example on the environment machine:
   the program compiles (EnvCompile.v), and from its initial state the
   environment machine runs to a final state holding 1 under MAIN with
   section 7's hand-counted theta.  It shows the hypotheses of EnvSound.v
   and EnvCompile.v can hold. *)
Require Import ZArith String List.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program.
Require Import Ccm.Lockstep Ccm.EnvMachine Ccm.EnvDecode Ccm.EnvBisim Ccm.EnvSound Ccm.EnvCompile.
Require Ccm.Example Ccm.ExampleProgram.
Import ListNotations.

Theorem example_env_run :
  exists cmain ctops rows s,
    compile_program Ccm.ExampleProgram.example_program = Some (cmain, ctops) /\
    eruns Fig6 Lexical rows (env_init Ccm.ExampleProgram.example_program cmain ctops) s /\
    ~ In RForce rows /\ efinal s /\ eccc s = "MAIN"%string /\ krel (ectl s) (Int 1%Z) /\
    forall c k, eth s c k = Ccm.Example.expected c k.
Proof.
  destruct (compile_program Ccm.ExampleProgram.example_program) as [[cm ct]|] eqn:E;
    [|vm_compute in E; discriminate].
  destruct Ccm.Example.example_bigstep as (t & D & ccz & Ev & Hc & Ht). subst ccz.
  destruct (program_compile_complete Fig6 Lexical _ _ _ _ _ _ _ E Ev)
    as (rows & s & u & Hr & Hn & Hf & Hs & Hd & Hz & Hcc & Hth).
  exists cm, ct, rows, s. split; [reflexivity|]. split; [exact Hr|]. split; [exact Hn|].
  split; [exact Hf|].
  destruct Hs as (Hc' & _ & Hk & _ & _).
  split; [congruence|]. split; [rewrite <- Hz; exact Hk|].
  intros c k. rewrite Hth. apply Ht.
Qed.
