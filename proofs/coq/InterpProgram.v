(* InterpProgram.v -- what ccm-coq (proofs/coq/ocaml) computes for a
   program, stated against the semantics: Interp.run_machine from
   Program.init_state, read with Interp.stop_of, agrees with the big-step
   judgement of the program (section 5.1), by T1 (Sound.machine_sound) and
   T2 (Complete.machine_complete).  BigInterp.interp_iff says the same of
   the big-step evaluator directly. *)
Require Import String List Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
               Ccm.Program Ccm.Complete Ccm.Sound Ccm.Interp.

(* The run ccm-coq makes: at most fuel rows from the initial state. *)
Definition run_program (rs : ruleset) (sc : scoping) (fuel : nat) (p : program) : nat * state :=
  run_machine rs sc fuel (init_state p).

(* A value reported by the fuelled run is the program's big-step value,
   with the derivation's heap, cost centre and theta at every cost centre
   and counter. *)
Theorem run_program_sound : forall rs sc fuel p n s,
    run_program rs sc fuel p = (n, s) -> stop_of rs sc s = StopValue ->
    exists th0, prog_eval rs sc p th0 (hp s) (ctl s) (ccc s) /\
                forall a k, th s a k = th0 a k.
Proof.
  intros rs sc fuel p n s H V.
  apply stop_of_value in V. apply run_machine_steps in H.
  eapply machine_sound; eassumption.
Qed.

(* Conversely, when the rules derive a value for the program, the fuelled
   run reports it, with the same heap, cost centre and theta, as soon as
   the fuel exceeds the run's length. *)
Theorem run_program_complete : forall rs sc p th0 D z cz,
    prog_eval rs sc p th0 D z cz ->
    exists n, forall fuel, n < fuel ->
      exists s, run_program rs sc fuel p = (n, s) /\ stop_of rs sc s = StopValue /\
                hp s = D /\ ctl s = z /\ ccc s = cz /\ forall a k, th s a k = th0 a k.
Proof.
  intros rs sc p th0 D z cz H.
  destruct (machine_complete _ _ _ _ _ _ _ H) as (n & s & R & F & Hh & Hc & Hcc & Ht).
  exists n. intros fuel Hf. exists s. split.
  - apply steps_run_machine; [assumption | | assumption].
    intros s'. apply final_no_step. assumption.
  - split; [apply stop_of_value; assumption|]. auto.
Qed.
