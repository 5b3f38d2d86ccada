(* ForceEarly.v -- a case of T3 (docs/semantics.md section 5.2) where the
   force happens EARLY, at any state of the run before the demand, with
   either operand order: the forced thunk's evaluation, at the time of the
   force, enters no thunk and allocates nothing (eval0 below: the big-step
   rules without "Variable bound to a thunk" and without let).  Such an
   evaluation reads only values, which no row ever rebinds (ORun.ostep_vle),
   so when the plain run demands the thunk later it computes the same
   value, under the same cost centre, with the same theta, and nothing
   else in the run depends on when that happened.

   Not the general T3: a forced thunk that allocates (let) puts its
   objects at other addresses than the plain run would (a renaming), and
   one that enters another thunk meets it evaluated or not according to
   the order; neither is covered here (docs/coq.md). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Complete Ccm.ForceAtDemand Ccm.SubNeverCurrent Ccm.Interp
        Ccm.Order Ccm.Rename Ccm.ORun.
Import ListNotations.
Open Scope nat_scope.

(* The big-step rules of BigStep.eval without EvVarThunk and EvLet: an
   evaluation that only reads the heap (the heap after is the heap
   before). *)
Inductive eval0 (rs : ruleset) (sc : scoping) : cc -> heap -> expr -> theta -> expr -> cc -> Prop :=
| E0Value : forall c G v, is_value v = true -> eval0 rs sc c G v empty v c
| E0App : forall c G e x t1 y b cl t2 z cz,
    eval0 rs sc c G e t1 (Lam y b) cl ->
    eval0 rs sc (body_cc sc cl c) G (subst y x b) t2 z cz ->
    eval0 rs sc c G (App e x) (charge c CA 1 (plus t1 t2)) z cz
| E0VarValue : forall c G x z cz,
    lookup G x = Some (z, cz) -> is_value z = true ->
    eval0 rs sc c G (Var x) (charge c CV 1 empty) z (entered rs cz c)
| E0Case : forall c G s alts d t1 k xs cs ys b t2 z cz,
    eval0 rs sc c G s t1 (Con k xs) cs ->
    select alts k = Some (ys, b) -> length ys = length xs ->
    eval0 rs sc c G (substs ys xs b) t2 z cz ->
    eval0 rs sc c G (Case s alts d) (charge c CC 1 (plus t1 t2)) z cz
| E0CaseDefault : forall c G s alts de t1 v cs t2 z cz,
    eval0 rs sc c G s t1 v cs -> no_alt alts v ->
    eval0 rs sc c G de t2 z cz ->
    eval0 rs sc c G (Case s alts (Some de)) (charge c CC 1 (plus t1 t2)) z cz
| E0Scc : forall c G c' e t z cz,
    eval0 rs sc c' G e t z cz ->
    eval0 rs sc c G (Scc c' e) (charge c' CEntries 1 (charge c CSubentries 1 t)) z cz
| E0SccSub : forall c G c' e t z cz,
    eval0 rs sc c' G e t z cz -> eval0 rs sc c G (SccSub c' e) t z cz
| E0Prim : forall c G op a1 a2 t1 n1 c1 t2 n2 c2 r,
    eval0 rs sc c G (atom_expr a1) t1 (Int n1) c1 ->
    eval0 rs sc c G (atom_expr a2) t2 (Int n2) c2 ->
    prim_result op n1 n2 = Some r ->
    eval0 rs sc c G (Prim op a1 a2) (charge c CP 1 (plus t1 t2)) r c.

Lemma eval0_eval : forall rs sc c G e t z cz,
    eval0 rs sc c G e t z cz -> eval rs sc c G e t G z cz.
Proof. induction 1; try (econstructor; eauto; fail). Qed.

Lemma eval0_value : forall rs sc c G e t z cz, eval0 rs sc c G e t z cz -> is_value z = true.
Proof. intros. eapply eval_value, eval0_eval. eassumption. Qed.

(* The run of an eval0 derivation, from any heap that binds the values it
   read, over any stack, from any theta; its length depends on the
   derivation only. *)
Lemma eval0_run : forall o rs sc c G e t z cz,
    eval0 rs sc c G e t z cz ->
    exists k, forall G' S t0, vle G G' ->
      exists t1, osteps o rs sc k (mkstate c G' e S t0) (mkstate cz G' z S t1) /\
                 forall a kk, t1 a kk = t0 a kk + t a kk.
Proof.
  intros o rs sc c G e t z cz E.
  induction E as
      [c G v Hv
      |c G e x t1 y b cl t2 z cz E1 IH1 E2 IH2
      |c G x z cz L Hv
      |c G s alts d t1 k xs cs ys b t2 z cz E1 IH1 Sel Len E2 IH2
      |c G s alts de t1 v cs t2 z cz E1 IH1 Na E2 IH2
      |c G c' e t z cz E IH
      |c G c' e t z cz E IH
      |c G op a1 a2 t1 n1 c1 t2 n2 c2 r E1 IH1 E2 IH2 Pr].
  - exists 0. intros G' S t0 _. exists t0. split; [constructor | theta_arith].
  - destruct IH1 as (k1 & H1), IH2 as (k2 & H2).
    exists (1 + k1 + 1 + k2). intros G' S t0 V.
    destruct (H1 G' (FArg x c :: S) (charge c CA 1 t0) V) as (u1 & R1 & U1).
    destruct (H2 G' S u1 V) as (u2 & R2 & U2).
    exists u2. split; [|theta_arith].
    eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans|]|].
    + apply osteps_one. apply ostep_of_step; [apply Step_App1 | reflexivity].
    + exact R1.
    + apply osteps_one. apply ostep_of_step; [apply Step_App2 | reflexivity].
    + exact R2.
  - exists 1. intros G' S t0 V. exists (charge c CV 1 t0). split; [|theta_arith].
    apply osteps_one. apply ostep_of_step; [|reflexivity].
    apply Step_Var1; [|exact Hv].
    destruct x as [nm|a]; [discriminate L|]. simpl in *. apply V; assumption.
  - destruct IH1 as (k1 & H1), IH2 as (k2 & H2).
    exists (1 + k1 + 1 + k2). intros G' S t0 V.
    destruct (H1 G' (FCase alts d c :: S) (charge c CC 1 t0) V) as (u1 & R1 & U1).
    destruct (H2 G' S u1 V) as (u2 & R2 & U2).
    exists u2. split; [|theta_arith].
    eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans|]|].
    + apply osteps_one. apply ostep_of_step; [apply Step_Case1 | reflexivity].
    + exact R1.
    + apply osteps_one. apply ostep_of_step; [apply Step_Case2; eassumption | reflexivity].
    + exact R2.
  - destruct IH1 as (k1 & H1), IH2 as (k2 & H2).
    pose proof (eval0_value _ _ _ _ _ _ _ _ E1) as Vv.
    exists (1 + k1 + 1 + k2). intros G' S t0 V.
    destruct (H1 G' (FCase alts (Some de) c :: S) (charge c CC 1 t0) V) as (u1 & R1 & U1).
    destruct (H2 G' S u1 V) as (u2 & R2 & U2).
    exists u2. split; [|theta_arith].
    eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans|]|].
    + apply osteps_one. apply ostep_of_step; [apply Step_Case1 | reflexivity].
    + exact R1.
    + apply osteps_one. apply ostep_of_step; [apply Step_Case2_Default; assumption|].
      destruct v; try discriminate Vv; reflexivity.
    + exact R2.
  - destruct IH as (k1 & H1). exists (1 + k1). intros G' S t0 V.
    destruct (H1 G' S (charge c' CEntries 1 (charge c CSubentries 1 t0)) V) as (u1 & R1 & U1).
    exists u1. split; [|theta_arith].
    eapply osteps_trans; [|exact R1].
    apply osteps_one. apply ostep_of_step; [apply Step_Scc | reflexivity].
  - destruct IH as (k1 & H1). exists (1 + k1). intros G' S t0 V.
    destruct (H1 G' S t0 V) as (u1 & R1 & U1).
    exists u1. split; [|theta_arith].
    eapply osteps_trans; [|exact R1].
    apply osteps_one. apply ostep_of_step; [apply Step_Scc_Sub | reflexivity].
  - destruct IH1 as (k1 & H1), IH2 as (k2 & H2).
    exists (1 + k1 + 1 + k2 + 1). intros G' S t0 V.
    destruct o.
    + (* left to right: prim1, a1, prim2, a2, prim3 *)
      destruct (H1 G' (FPrim1 op a2 c :: S) (charge c CP 1 t0) V) as (u1 & R1 & U1).
      destruct (H2 G' (FPrim2 op n1 c :: S) u1 V) as (u2 & R2 & U2).
      exists u2. split; [|theta_arith].
      eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans|]|]|].
      * apply osteps_one. apply Step_Prim1.
      * exact R1.
      * apply osteps_one. apply Step_Prim2.
      * exact R2.
      * apply osteps_one. apply Step_Prim3. exact Pr.
    + (* right to left: prim1 rtl, a2, prim2, a1, prim3 rtl *)
      destruct (H2 G' (FPrim1 op a1 c :: S) (charge c CP 1 t0) V) as (u2 & R2 & U2).
      destruct (H1 G' (FPrim2 op n2 c :: S) u2 V) as (u1 & R1 & U1).
      exists u1. split; [|theta_arith].
      replace (1 + k1 + 1 + k2 + 1) with (1 + k2 + 1 + k1 + 1) by lia.
      eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans; [eapply osteps_trans|]|]|].
      * apply osteps_one. right. apply Rtl_Prim1.
      * exact R2.
      * apply osteps_one. left. split; [reflexivity | apply Step_Prim2].
      * exact R1.
      * apply osteps_one. right. apply Rtl_Prim3. exact Pr.
Qed.

(* ---- the plain run and the early run, while the thunk is pending ---- *)

Section Pending.
Variables (x : nat) (ex : expr) (ce : cc) (zx : expr) (czx : cc) (K : theta).

(* The plain heap still has the thunk at x, the early heap its value;
   elsewhere they bind the same objects. *)
Definition hpend (Gs Gu : heap) : Prop :=
  next Gs = next Gu /\ x < next Gs /\
  (forall a, a <> x -> find_addr a (binds Gs) = find_addr a (binds Gu)) /\
  find_addr x (binds Gs) = Some (ex, ce) /\ find_addr x (binds Gu) = Some (zx, czx).

(* The same state but for the heap at x, no update frame for x yet, and
   the early theta ahead by K (what the forced evaluation cost). *)
Definition pend (s u : state) : Prop :=
  ccc s = ccc u /\ ctl s = ctl u /\ stk s = stk u /\ hpend (hp s) (hp u) /\
  ~ In (VAddr x) (upds (stk s)) /\ forall c k, th u c k = th s c k + K c k.

Lemma hpend_lookup : forall Gs Gu y, hpend Gs Gu -> y <> VAddr x -> lookup Gs y = lookup Gu y.
Proof.
  intros Gs Gu [v|a] (_ & _ & H & _) Hy; simpl; [reflexivity|].
  apply H. congruence.
Qed.

Lemma hpend_remove : forall Gs Gu y, hpend Gs Gu -> y <> VAddr x ->
    hpend (remove Gs y) (remove Gu y).
Proof.
  intros Gs Gu [v|a] (Hn & Hx & H & Fs & Fu) Hy; [repeat split; assumption|].
  unfold hpend; simpl. split; [exact Hn|]. split; [exact Hx|].
  assert (Ex : Nat.eqb x a = false) by (apply Nat.eqb_neq; congruence).
  rewrite !find_addr_filter', Ex. split; [|split; assumption].
  intros b Hb. rewrite !find_addr_filter'. destruct (Nat.eqb b a); [reflexivity | apply H; exact Hb].
Qed.

Lemma hpend_update : forall Gs Gu y o, hpend Gs Gu -> y <> VAddr x ->
    hpend (update Gs y o) (update Gu y o).
Proof.
  intros Gs Gu [v|a] o (Hn & Hx & H & Fs & Fu) Hy; [repeat split; assumption|].
  unfold hpend; simpl. split; [exact Hn|]. split; [exact Hx|].
  assert (Ex : Nat.eqb x a = false) by (apply Nat.eqb_neq; congruence).
  rewrite Ex. split; [|split; assumption].
  intros b Hb. destruct (Nat.eqb b a); [reflexivity | apply H; exact Hb].
Qed.

Lemma hpend_let : forall Gs Gu bs c, hpend Gs Gu ->
    hpend (let_alloc Gs bs c) (let_alloc Gu bs c).
Proof.
  intros Gs Gu bs c (Hn & Hx & H & Fs & Fu).
  unfold hpend, let_alloc, let_rename, let_addrs. simpl. rewrite <- Hn.
  split; [reflexivity|]. split; [lia|].
  rewrite !find_addr_combine' by apply map_length. bools.
  split; [|split; assumption].
  intros a Ha. rewrite !find_addr_combine' by apply map_length.
  destruct ((next Gs <=? a) && (a <? next Gs + length bs)); [reflexivity|].
  apply H; exact Ha.
Qed.

Lemma charge_K : forall a kk n ts tu, (forall c k, tu c k = ts c k + K c k) ->
    forall c k, charge a kk n tu c k = charge a kk n ts c k + K c k.
Proof.
  intros a kk n ts tu H c k. unfold charge.
  destruct (string_dec a c); [destruct (counter_eq_dec kk k)|]; rewrite H; lia.
Qed.

Lemma pend_intro : forall c Gs Gu e S ts tu,
    hpend Gs Gu -> ~ In (VAddr x) (upds S) -> (forall c k, tu c k = ts c k + K c k) ->
    pend (mkstate c Gs e S ts) (mkstate c Gu e S tu).
Proof.
  intros. unfold pend; simpl.
  split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|].
  split; [assumption|]. split; assumption.
Qed.

Ltac pend_tac :=
  apply pend_intro;
  [ first [ apply hpend_remove | apply hpend_update | apply hpend_let | idtac ];
    try assumption; try congruence
  | simpl in *; tauto
  | repeat apply charge_K; assumption ].

Lemma step_pend : forall rs sc s s' u,
    step rs sc s s' -> pend s u -> ctl s <> Var (VAddr x) ->
    exists u', step rs sc u u' /\ pend s' u'.
Proof.
  intros rs sc [c0 G0 e0 S0 t0] s' [c' G' e' S' t'] St (Hc & He & HS & Hh & Hn & Ht) Hd.
  simpl in *. subst c' e' S'.
  inversion St; subst; simpl in *.
  - eexists; split; [apply Step_App1|]. pend_tac.
  - eexists; split; [apply Step_App2|]. pend_tac.
  - assert (Hy : x0 <> VAddr x) by congruence.
    match goal with Hl : lookup G0 _ = Some _ |- _ => rewrite (hpend_lookup _ _ _ Hh Hy) in Hl end.
    eexists; split; [eapply Step_Var1; eassumption|]. pend_tac.
  - assert (Hy : x0 <> VAddr x) by congruence.
    match goal with Hl : lookup G0 _ = Some _ |- _ => rewrite (hpend_lookup _ _ _ Hh Hy) in Hl end.
    eexists; split; [eapply Step_Var2; eassumption|].
    apply pend_intro; [apply hpend_remove; assumption | simpl; intros [E|E]; [congruence | tauto] |].
    apply charge_K; assumption.
  - assert (Hy : x0 <> VAddr x) by (intro E; subst; apply Hn; left; reflexivity).
    eexists; split; [apply Step_Var3; eassumption|]. pend_tac.
  - eexists; split; [apply Step_Let|].
    replace (let_rename G0 bs e) with (let_rename G' bs e)
      by (unfold let_rename, let_addrs; destruct Hh as (Hnx & _); rewrite Hnx; reflexivity).
    pend_tac.
  - eexists; split; [apply Step_Case1|]. pend_tac.
  - eexists; split; [eapply Step_Case2; eassumption|]. pend_tac.
  - eexists; split; [eapply Step_Case2_Default; eassumption|]. pend_tac.
  - eexists; split; [apply Step_Scc|]. pend_tac.
  - eexists; split; [apply Step_Scc_Sub|]. pend_tac.
  - eexists; split; [apply Step_Prim1|]. pend_tac.
  - eexists; split; [apply Step_Prim2|]. pend_tac.
  - eexists; split; [eapply Step_Prim3; eassumption|]. pend_tac.
  - eexists; split; [eapply Step_Resume; eassumption|]. pend_tac.
Qed.

Lemma ostep_pend : forall o rs sc s s' u,
    ostep o rs sc s s' -> pend s u -> ctl s <> Var (VAddr x) ->
    exists u', ostep o rs sc u u' /\ pend s' u'.
Proof.
  intros [|] rs sc s s' u St P Hd; simpl in St.
  - exact (step_pend _ _ _ _ _ St P Hd).
  - destruct St as [[Hp St]|St].
    + destruct (step_pend _ _ _ _ _ St P Hd) as (u' & St' & P').
      exists u'. split; [|exact P']. left. split; [|exact St'].
      destruct P as (_ & He & HS & _). unfold prim13_state in *. rewrite <- He, <- HS. exact Hp.
    + destruct s as [c0 G0 e0 S0 t0], u as [c' G' e' S' t'].
      destruct P as (Hc & He & HS & Hh & Hn & Ht). simpl in *. subst c' e' S'.
      inversion St; subst; simpl in *.
      * eexists; split; [right; apply Rtl_Prim1|]. pend_tac.
      * eexists; split; [right; eapply Rtl_Prim3; eassumption|]. pend_tac.
Qed.

Lemma ctl_var_dec : forall e, {e = Var (VAddr x)} + {e <> Var (VAddr x)}.
Proof.
  intros e. destruct e; try (right; discriminate).
  destruct x0 as [v|a]; [right; discriminate|].
  destruct (Nat.eq_dec a x) as [->|Ne]; [left; reflexivity | right; congruence].
Qed.

(* The early run follows the plain run, row for row, until the plain run
   demands x. *)
Lemma osteps_pend : forall o rs sc j s s1 u,
    osteps o rs sc j s s1 -> pend s u -> ctl s1 = Var (VAddr x) ->
    exists k s2 u2, k <= j /\ osteps o rs sc k s s2 /\ osteps o rs sc k u u2 /\
                    pend s2 u2 /\ ctl s2 = Var (VAddr x).
Proof.
  intros o rs sc j s s1 u R. revert u.
  induction R as [s|n s s' s1 St R IH]; intros u P C.
  - exists 0, s, u. split; [lia|]. split; [constructor|]. split; [constructor|]. split; assumption.
  - destruct (ctl_var_dec (ctl s)) as [D|D].
    + exists 0, s, u. split; [lia|]. split; [constructor|]. split; [constructor|]. split; assumption.
    + destruct (ostep_pend _ _ _ _ _ _ St P D) as (u' & St' & P').
      destruct (IH u' P' C) as (k & s2 & u2 & L & R1 & R2 & P2 & C2).
      exists (S k), s2, u2. split; [lia|]. split; [econstructor; eassumption|].
      split; [econstructor; eassumption|]. split; assumption.
Qed.

End Pending.

(* ---- the theorem ---- *)

(* A run of a program that forces x at state s0 (reached by i plain rows)
   and then runs plain to a final state sf', against the plain run to sf,
   under the same operand order o (either), rule set (fig6, or fig2 for a
   program with no scc "SUB") and scoping.  If x's thunk, evaluated at s0,
   enters no thunk and allocates nothing (eval0), and the plain run
   demands x after s0, then the early run is two rows longer and ends
   with the same cost centre, value and theta at every cost centre and
   counter, and a heap binding the same objects at the same addresses
   (the identity renaming). *)
Theorem force_early_value_only : forall o rs sc p n sf i s0 x ex ce tx zx czx m sf',
    (rs = Fig6 \/ prog_no_sub p = true) ->
    osteps o rs sc n (init_state p) sf -> final sf ->
    osteps o rs sc i (init_state p) s0 ->
    lookup (hp s0) (VAddr x) = Some (ex, ce) -> is_value ex = false ->
    eval0 rs sc ce (remove (hp s0) (VAddr x)) ex tx zx czx ->
    (exists j s1, osteps o rs sc j s0 s1 /\ ctl s1 = Var (VAddr x)) ->
    step_force s0 (mkstate ce (remove (hp s0) (VAddr x)) ex
                           (FUpd (VAddr x) (ccc s0) :: FResume (ctl s0) (ccc s0) :: stk s0) (th s0)) /\
    (osteps o rs sc m (mkstate ce (remove (hp s0) (VAddr x)) ex
                               (FUpd (VAddr x) (ccc s0) :: FResume (ctl s0) (ccc s0) :: stk s0)
                               (th s0)) sf' ->
     final sf' ->
     i + 1 + m = n + 2 /\ ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
     heap_rn (fun a => a) (hp sf) (hp sf') /\ ctl sf' = ctl sf).
Proof.
  intros o rs sc p n sf i s0 x ex ce tx zx czx m sf' Hrs R Fsf R0 Lx Vx E0 (j & s1 & Rj & Cj).
  destruct s0 as [c0 G0 e0 S0 t0]. cbn [ccc hp ctl stk th] in *.
  split; [econstructor; eassumption|]. intros Re Fe.
  pose proof (osteps_inv _ _ _ _ _ _ R0 (init_inv p)) as I0.
  destruct I0 as (W0 & H0 & N0). cbn [ccc hp ctl stk th] in W0, H0, N0.
  simpl in Lx.
  destruct (osteps_split _ _ _ _ _ _ _ _ R Fsf R0) as (Li & Rs0).
  assert (Hxn : x < next G0)
    by (destruct (Nat.ltb_spec x (next G0)); [assumption | rewrite W0 in Lx; [discriminate | lia]]).
  assert (Nx : ~ In (VAddr x) (upds S0))
    by (intro Hin; destruct (H0 _ Hin) as (a & Ea & _ & Fa); injection Ea as <-; congruence).
  pose proof (eval0_value _ _ _ _ _ _ _ _ E0) as Zv.
  destruct (eval0_run o _ _ _ _ _ _ _ _ E0) as (kx & Hk).
  (* the early run: the forced thunk, var3, resume *)
  destruct (Hk (remove G0 (VAddr x)) (FUpd (VAddr x) c0 :: FResume e0 c0 :: S0) t0 (vle_refl _))
    as (t1 & Rx & T1).
  set (u0 := mkstate c0 (update (remove G0 (VAddr x)) (VAddr x) (zx, czx)) e0 S0
                     (charge czx CU 1 t1)).
  assert (Ru0 : osteps o rs sc (kx + 2)
                  (mkstate ce (remove G0 (VAddr x)) ex (FUpd (VAddr x) c0 :: FResume e0 c0 :: S0) t0) u0).
  { eapply osteps_trans; [exact Rx|].
    eapply osteps_cons; [apply ostep_of_step; [apply Step_Var3; exact Zv|] |].
    { destruct zx; try discriminate Zv; reflexivity. }
    apply osteps_one. apply ostep_of_step; [apply Step_Resume; exact Zv|].
    destruct zx; try discriminate Zv; reflexivity. }
  destruct (osteps_split _ _ _ _ _ _ _ _ Re Fe Ru0) as (Lm & Ru0f).
  set (K := charge czx CU 1 tx).
  assert (P0 : pend x ex ce zx czx K (mkstate c0 G0 e0 S0 t0) u0).
  { unfold pend, u0; simpl. split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|].
    split; [|split; [exact Nx | unfold K; theta_arith]].
    unfold hpend; simpl. split; [reflexivity|]. split; [exact Hxn|].
    rewrite !find_addr_filter', !Nat.eqb_refl.
    split; [|split; [exact Lx | reflexivity]].
    intros a Ha. apply Nat.eqb_neq in Ha. rewrite Ha, find_addr_filter', Ha. reflexivity. }
  (* both runs until the plain run demands x *)
  destruct (osteps_pend _ _ _ _ _ _ _ _ _ _ _ _ _ Rj P0 Cj) as (k & s2 & u2 & Lk & Rk & Rku & P2 & C2).
  destruct (osteps_split _ _ _ _ _ _ _ _ Rs0 Fsf Rk) as (Lk' & Rs2).
  destruct s2 as [c2 G2 e2 S2 t2], u2 as [c2' G2' e2' S2' tu2].
  destruct P2 as (Ec & Ee & ES & Hh & Nx2 & T2). cbn [ccc hp ctl stk th] in *. subst c2' e2' S2' e2.
  destruct Hh as (Hn2 & Hx2 & Hs2 & F2 & F2').
  (* the plain run: var2, the thunk's run, var3 *)
  set (s3 := mkstate ce (remove G2 (VAddr x)) ex (FUpd (VAddr x) c2 :: S2) (charge c2 CV 1 t2)).
  assert (St3 : ostep o rs sc (mkstate c2 G2 (Var (VAddr x)) S2 t2) s3)
    by (apply ostep_of_step; [apply Step_Var2; [exact F2 | exact Vx] | reflexivity]).
  destruct (osteps_split _ _ _ _ _ _ _ _ Rs2 Fsf (osteps_one _ _ _ _ _ St3)) as (L3 & Rs3).
  assert (V02 : vle (remove G0 (VAddr x)) (remove G2 (VAddr x))).
  { apply vle_remove. apply (osteps_vle _ _ _ _ _ _ Rk). split; [exact W0 | split; assumption]. }
  destruct (Hk (remove G2 (VAddr x)) (FUpd (VAddr x) c2 :: S2) (charge c2 CV 1 t2) V02)
    as (t3 & R3 & T3).
  destruct (osteps_split _ _ _ _ _ _ _ _ Rs3 Fsf R3) as (L4 & Rs4).
  assert (Heu : entered rs czx c2 = updated rs czx c2).
  { apply entered_updated. destruct Hrs as [Hrs|Hrs]; [left; exact Hrs|right].
    assert (Rr : osteps o rs sc (i + (k + (1 + kx))) (init_state p)
                   (mkstate czx (remove G2 (VAddr x)) zx (FUpd (VAddr x) c2 :: S2) t3)).
    { eapply osteps_trans; [exact R0|]. eapply osteps_trans; [exact Rk|].
      eapply osteps_trans; [apply osteps_one; exact St3|]. exact R3. }
    exact (osub_never_current _ _ _ _ _ _ Hrs Rr). }
  set (s5 := mkstate (updated rs czx c2) (update (remove G2 (VAddr x)) (VAddr x) (zx, czx)) zx S2
                     (charge czx CU 1 t3)).
  assert (St5 : ostep o rs sc (mkstate czx (remove G2 (VAddr x)) zx (FUpd (VAddr x) c2 :: S2) t3) s5).
  { apply ostep_of_step; [apply Step_Var3; exact Zv|]. destruct zx; try discriminate Zv; reflexivity. }
  destruct (osteps_split _ _ _ _ _ _ _ _ Rs4 Fsf (osteps_one _ _ _ _ _ St5)) as (L5 & Rs5).
  (* the early run: var1 *)
  set (u3 := mkstate (entered rs czx c2) G2' zx S2 (charge c2 CV 1 tu2)).
  assert (Su3 : ostep o rs sc (mkstate c2 G2' (Var (VAddr x)) S2 tu2) u3)
    by (apply ostep_of_step; [apply Step_Var1; [exact F2' | exact Zv] | reflexivity]).
  assert (X : sext s5 u3).
  { unfold sext, s5, u3, hext; simpl. split; [symmetry; exact Heu|].
    split; [split; [exact Hn2|]|]. 
    { intros a. rewrite find_addr_filter'. destruct (Nat.eqb_spec a x) as [->|Ha]; [exact (eq_sym F2')|].
      apply Hs2. exact Ha. }
    split; [reflexivity|]. split; [reflexivity|].
    intros c k0. specialize (T2 c k0). specialize (T3 c k0). unfold K in T2. revert T2 T3.
    unfold charge, plus. repeat (destruct (string_dec _ _)); repeat (destruct (counter_eq_dec _ _)); lia. }
  destruct (osteps_ext _ _ _ _ _ _ _ Rs5 X) as (uf & Ruf & Xf).
  pose proof (sext_final _ _ Xf Fsf) as Ff.
  assert (Rearly : osteps o rs sc (k + 1 + (n - i - k - 1 - kx - 1)) u0 uf).
  { eapply osteps_trans; [eapply osteps_trans; [exact Rku | apply osteps_one; exact Su3] | exact Ruf]. }
  destruct (osteps_final_unique _ _ _ _ _ _ _ _ Ru0f Fe Rearly Ff) as (Lc & <-).
  destruct Xf as (Xc & Xh & Xe & _ & Xt).
  pose proof (osteps_inv _ _ _ _ _ _ R (init_inv p)) as (Wf & _).
  split; [lia|]. split; [symmetry; exact Xc|]. split; [intros; symmetry; apply Xt|].
  split; [apply hext_heap_rn; assumption | symmetry; exact Xe].
Qed.
