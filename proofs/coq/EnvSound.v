(* EnvSound.v -- T1 and T2 (Sound.v, Complete.v) carried over to the
   environment machine through the bisimulation of EnvBisim.v: from an
   environment-machine state that decodes to a program's initial state, a
   plain run (no force) ends final exactly when the big-step rules give the
   program a value, and then with that value, heap, cost centre and theta
   (decoded).  The hypothesis that the start decodes to Program.init_state
   is the loader's part (docs/coq.md, "Environment machine"). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Run.
Require Import Ccm.Program Ccm.Sound Ccm.Complete.
Require Import Ccm.Lockstep Ccm.EnvMachine Ccm.EnvDecode Ccm.EnvBisim.
Import ListNotations.
Open Scope list_scope.

(* Every plain row has a name, and it is not force's. *)
Lemma step_rule : forall rs sc u u', step rs sc u u' ->
    exists r, rule_of u = Some r /\ r <> RForce.
Proof.
  intros rs sc u u' H.
  destruct H; (eexists; split;
    [ first [ reflexivity
            | eapply rule_var1; eassumption | eapply rule_var2; eassumption
            | eapply rule_var3; eassumption | eapply rule_case2; eassumption
            | eapply rule_case2_default; eassumption | eapply rule_prim3; eassumption
            | eapply rule_resume; eassumption ]
    | discriminate ]).
Qed.

(* A run by named rows without force is a plain run, and back. *)
Lemma truns_steps : forall rs sc rows u u', truns rs sc rows u u' -> ~ In RForce rows ->
    steps rs sc (length rows) u u'.
Proof.
  intros rs sc rows u u' H. induction H as [u|r rows u1 u2 u3 Ht Hr IH]; intros Hn.
  - constructor.
  - simpl. destruct Ht as [r u1 u2 Hst _|u1 u2 _].
    + econstructor; [eassumption|]. apply IH. intro Hin. apply Hn. right. assumption.
    + exfalso. apply Hn. left. reflexivity.
Qed.

Lemma steps_truns : forall rs sc n u u', steps rs sc n u u' ->
    exists rows, length rows = n /\ ~ In RForce rows /\ truns rs sc rows u u'.
Proof.
  intros rs sc n u u' H. induction H as [u|n u1 u2 u3 Hst Hr IH].
  - exists []. split; [reflexivity | split; [intros [] | constructor]].
  - destruct IH as (rows & Hl & Hn & Ht).
    destruct (step_rule _ _ _ _ Hst) as (r & Hr1 & Hr2).
    exists (r :: rows). split; [simpl; congruence|]. split.
    + intros [E|E]; [congruence | contradiction].
    + econstructor; [apply T_Step; eassumption | assumption].
Qed.

(* T1 for the environment machine: a plain run from a state that decodes
   to the program's initial state, ending final, ends in a state that
   decodes to the heap, value and cost centre the big-step rules derive,
   with their theta. *)
Theorem env_machine_sound : forall rs sc p s0 rows s,
    srel s0 (init_state p) -> eruns rs sc rows s0 s -> ~ In RForce rows -> efinal s ->
    exists u th0, srel s u /\ prog_eval rs sc p th0 (hp u) (ctl u) (ccc u) /\
                  forall a k, eth s a k = th0 a k.
Proof.
  intros rs sc p s0 rows s H0 Hr Hn Hf.
  destruct (eruns_sim _ _ _ _ _ _ Hr H0) as (u & Ht & Hs).
  pose proof (truns_steps _ _ _ _ _ Ht Hn) as Hst.
  apply (efinal_iff _ _ Hs) in Hf.
  destruct (machine_sound _ _ _ _ _ Hst Hf) as (th0 & E & Hth).
  exists u, th0. split; [assumption | split; [assumption|]].
  intros a k. destruct Hs as (_ & _ & _ & _ & ->). apply Hth.
Qed.

(* T2 for the environment machine: what the big-step rules derive for the
   program, a plain run from a state that decodes to its initial state
   reaches: a final state that decodes to that heap, value and cost
   centre, with that theta. *)
Theorem env_machine_complete : forall rs sc p s0 th0 D z cz,
    srel s0 (init_state p) -> prog_eval rs sc p th0 D z cz ->
    exists rows s u, eruns rs sc rows s0 s /\ ~ In RForce rows /\ efinal s /\
                     srel s u /\ hp u = D /\ ctl u = z /\ ccc u = cz /\
                     forall a k, eth s a k = th0 a k.
Proof.
  intros rs sc p s0 th0 D z cz H0 E.
  destruct (machine_complete _ _ _ _ _ _ _ E) as (n & u & Hst & Hf & Hd & Hz & Hc & Hth).
  destruct (steps_truns _ _ _ _ _ Hst) as (rows & _ & Hn & Ht).
  destruct (truns_back _ _ _ _ _ _ Ht H0) as (s & Hr & Hs).
  exists rows, s, u. split; [assumption | split; [assumption | split]].
  - apply (efinal_iff _ _ Hs). assumption.
  - split; [assumption | split; [assumption | split; [assumption | split; [assumption|]]]].
    intros a k. destruct Hs as (_ & _ & _ & _ & ->). apply Hth.
Qed.

(* ---- a program's initial state ---- *)

(* The environment machine's initial state for a program whose main and
   other top-level right-hand sides the loader compiled to cmain and
   ctops: main at address 0 under MAIN, the i-th other binding at i under
   SUB or its CAF: cost centre, every one closed over the empty
   environment (top-level names are RTop references), control main (a VAR
   node naming address 0), empty stack, theta empty. *)
Definition top_obj (cb : code * (string * expr)) : eobj :=
  mkobj (mkclo (fst cb) [] 0) (top_cc (fst (snd cb)) (snd (snd cb))) false.

Definition env_init (p : program) (cmain : code) (ctops : list code) : estate :=
  mkestate init_cc
           (mkobj (mkclo cmain [] 0) "MAIN" false :: map top_obj (combine ctops (tops p)))
           (mkclo (CVar (RTop 0)) [] 0) [] empty.

(* What the loader must give: each right-hand side's code decodes, over
   the empty environment, to the right-hand side with the top-level names
   renamed to their addresses (Program.rename_top). *)
Definition compiled (p : program) (cmain : code) (ctops : list code) : Prop :=
  cr [] [] cmain (rename_top p (main_rhs p)) /\
  Forall2 (fun c b => cr [] [] c (rename_top p (snd b))) ctops (tops p).

Lemma tops_orel : forall p ctops bs,
    Forall2 (fun c b => cr [] [] c (rename_top p (snd b))) ctops bs -> forall i,
    orel (nth_error (map top_obj (combine ctops bs)) i)
         (nth_error (map (fun b => (rename_top p (snd b), top_cc (fst b) (snd b))) bs) i).
Proof.
  intros p ctops bs H. induction H as [|c b cs bs' Hc Hr IH]; intros i.
  - destruct i; exact I.
  - destruct i as [|i]; simpl; [|apply IH].
    split; [reflexivity | split; [reflexivity | right; exact Hc]].
Qed.

Theorem init_srel : forall p cmain ctops,
    compiled p cmain ctops -> srel (env_init p cmain ctops) (init_state p).
Proof.
  intros p cmain ctops [Hm Ht].
  pose proof (forall2_len _ _ _ Ht) as Hlen.
  apply srel_intro; [| right; constructor; constructor | constructor].
  split.
  - simpl. rewrite map_length, combine_length, Hlen, Nat.min_id. reflexivity.
  - intros [|a]; simpl.
    + split; [reflexivity | split; [reflexivity | right; exact Hm]].
    + set (l := map (fun b => (rename_top p (snd b), top_cc (fst b) (snd b))) (tops p)).
      replace (combine (seq 1 (length (tops p))) l) with (combine (seq 1 (length l)) l ++ [])
        by (rewrite app_nil_r; unfold l; rewrite map_length; reflexivity).
      rewrite find_addr_combine. pose proof (tops_orel _ _ _ Ht a) as Ho. fold l in Ho.
      simpl. destruct (_ <? _) eqn:E.
      * rewrite ?Nat.sub_0_r. exact Ho.
      * apply Nat.ltb_ge, le_S_n in E.
        rewrite (proj2 (nth_error_None l a) E) in Ho. exact Ho.
Qed.

(* T1 and T2 from a program's initial state, for any code the loader
   gives that decodes to the program (compiled). *)
Theorem program_env_sound : forall rs sc p cmain ctops rows s,
    compiled p cmain ctops ->
    eruns rs sc rows (env_init p cmain ctops) s -> ~ In RForce rows -> efinal s ->
    exists u th0, srel s u /\ prog_eval rs sc p th0 (hp u) (ctl u) (ccc u) /\
                  forall a k, eth s a k = th0 a k.
Proof.
  intros. eapply env_machine_sound; [apply init_srel | | |]; eassumption.
Qed.

Theorem program_env_complete : forall rs sc p cmain ctops th0 D z cz,
    compiled p cmain ctops -> prog_eval rs sc p th0 D z cz ->
    exists rows s u, eruns rs sc rows (env_init p cmain ctops) s /\ ~ In RForce rows /\
                     efinal s /\ srel s u /\ hp u = D /\ ctl u = z /\ ccc u = cz /\
                     forall a k, eth s a k = th0 a k.
Proof.
  intros. eapply env_machine_complete; [apply init_srel | ]; eassumption.
Qed.
