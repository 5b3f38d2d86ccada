(* StepCount.v -- the length of a run read off its theta.  Runs with early
   forcing counted by their steps and their forces (qoesteps_f Q o m f:
   m steps, f of them forces; EarlyQ.qoesteps Q o m with the forces
   counted).  Every row but scc_sub charges a fixed amount to a cost
   centre current before or after it (let: one H per binding), and pushes
   or pops frames; so on a run that meets in control no scc_sub and no
   let of other than one binding

     m + W(theta before) + Phi(stack after) = W(theta after) + Phi(stack before) + 2 f

   where W weighs the counters (A and C twice, P three times, V, U,
   entries and H once, subentries not) summed over any list of distinct
   cost centres holding every current one of the run, and Phi weighs the
   frames by the rows still owed to them (run_count).  A force is one
   step that charges nothing and pushes an update frame (var3 and U
   follow) and a resume frame (resume follows): two steps more than the
   var2 and var3 of a plain demand, whose V it does not charge, the later
   var1 charging it instead.  Such runs are those of lean states (no
   scc_sub, and lets of one binding only, in control, heap or frames),
   which rows and forces keep (qestep_lean). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program
        Ccm.Order Ccm.ORun Ccm.EarlyQ Ccm.SubNeverCurrent Ccm.T3LetFree.
Import ListNotations.
Open Scope nat_scope.

(* ---- runs counted by steps and forces ---- *)

Inductive qoesteps_f (Q : nat -> Prop) (o : order) (rs : ruleset) (sc : scoping)
  : nat -> nat -> state -> state -> Prop :=
| qf_refl : forall s, qoesteps_f Q o rs sc 0 0 s s
| qf_row : forall m f s1 s2 s3,
    ostep o rs sc s1 s2 -> qoesteps_f Q o rs sc m f s2 s3 -> qoesteps_f Q o rs sc (S m) f s1 s3
| qf_force : forall m f s1 s2 s3,
    step_force s1 s2 -> forced_ok Q s2 -> qoesteps_f Q o rs sc m f s2 s3 ->
    qoesteps_f Q o rs sc (S m) (S f) s1 s3.

Lemma qoesteps_f_qoesteps : forall Q o rs sc m f s s',
    qoesteps_f Q o rs sc m f s s' -> qoesteps Q o rs sc m s s'.
Proof.
  induction 1; [constructor | |]; (econstructor; [|eassumption]); [left | right; split]; assumption.
Qed.

Lemma qoesteps_qoesteps_f : forall Q o rs sc m s s',
    qoesteps Q o rs sc m s s' -> exists f, qoesteps_f Q o rs sc m f s s'.
Proof.
  induction 1 as [s|n s1 s2 s3 St R (f & IH)]; [exists 0; constructor|].
  destruct St as [St|[St Ok]]; [exists f; eapply qf_row | exists (S f); eapply qf_force]; eassumption.
Qed.

Lemma qoesteps_f_osteps : forall Q o rs sc n s s',
    qoesteps_f Q o rs sc n 0 s s' -> osteps o rs sc n s s'.
Proof.
  intros Q o rs sc n s s' R. remember 0 as f0 eqn:E. revert E.
  induction R; intros E; [constructor | econstructor; [eassumption | auto] | discriminate E].
Qed.

Lemma qoesteps_f_mono : forall (Q Q' : nat -> Prop) o rs sc m f s s', (forall a, Q a -> Q' a) ->
    qoesteps_f Q o rs sc m f s s' -> qoesteps_f Q' o rs sc m f s s'.
Proof.
  intros Q Q' o rs sc m f s s' HQ R.
  induction R; [constructor | eapply qf_row; eassumption | eapply qf_force; try eassumption].
  unfold forced_ok in *. destruct (stk s2) as [|[] ?]; try contradiction.
  destruct x; [contradiction | apply HQ; assumption].
Qed.

Lemma osteps_qoesteps_f : forall Q o rs sc n s s',
    osteps o rs sc n s s' -> qoesteps_f Q o rs sc n 0 s s'.
Proof. induction 1; [constructor | eapply qf_row; eassumption]. Qed.

(* ---- theta weighed ---- *)

Definition wk (k : counter) : nat :=
  match k with CA => 2 | CV => 1 | CU => 1 | CC => 2 | CP => 3 | CEntries => 1 | CH => 1 | CSubentries => 0 end.

Definition wcc (t : theta) (c : cc) : nat :=
  2 * t c CA + t c CV + t c CU + 2 * t c CC + 3 * t c CP + t c CEntries + t c CH.

Definition wsum (cs : list cc) (t : theta) : nat := fold_right (fun c n => wcc t c + n) 0 cs.

Lemma wcc_charge : forall c k n t c',
    wcc (charge c k n t) c' = wcc t c' + (if string_dec c c' then wk k * n else 0).
Proof.
  intros. unfold wcc, charge.
  destruct (string_dec c c'); [|lia].
  destruct k; repeat destruct (counter_eq_dec _ _); try congruence; simpl; lia.
Qed.

Lemma wsum_charge_out : forall cs c k n t, ~ In c cs -> wsum cs (charge c k n t) = wsum cs t.
Proof.
  induction cs as [|c' cs IH]; intros c k n t Hin; simpl; [reflexivity|].
  rewrite wcc_charge. destruct (string_dec c c') as [->|]; [exfalso; apply Hin; left; reflexivity|].
  rewrite IH; [lia|]. intros H. apply Hin. right. exact H.
Qed.

Lemma wsum_charge_in : forall cs c k n t, NoDup cs -> In c cs ->
    wsum cs (charge c k n t) = wsum cs t + wk k * n.
Proof.
  induction cs as [|c' cs IH]; intros c k n t Nd Hin; [destruct Hin|].
  inversion Nd as [|? ? Nin Nd']; subst. simpl. rewrite wcc_charge.
  destruct (string_dec c c') as [->|Hne].
  - rewrite (wsum_charge_out cs c' k n t Nin). lia.
  - destruct Hin as [->|Hin]; [congruence|]. rewrite IH by assumption. lia.
Qed.

Lemma wsum_ext : forall cs t t', (forall c k, t c k = t' c k) -> wsum cs t = wsum cs t'.
Proof.
  induction cs as [|c cs IH]; intros t t' H; simpl; [reflexivity|].
  unfold wcc. rewrite !H, (IH t t' H). reflexivity.
Qed.

Lemma wsum_empty : forall cs, wsum cs empty = 0.
Proof. induction cs; simpl; [reflexivity|]. rewrite IHcs. reflexivity. Qed.

(* The rows still owed to a frame beyond the charges already made. *)
Definition phi (f : frame) : nat :=
  match f with
  | FArg _ _ => 1 | FUpd _ _ => 0 | FCase _ _ _ => 1
  | FPrim1 _ _ _ => 2 | FPrim2 _ _ _ => 1 | FResume _ _ => 1
  end.

Definition Phi (S : list frame) : nat := fold_right (fun f n => phi f + n) 0 S.

(* ---- one row, one force ---- *)

Definition lean_ctl (e : expr) : bool :=
  match e with Let bs _ => Nat.eqb (length bs) 1 | SccSub _ _ => false | _ => true end.

Lemma ostep_count : forall o rs sc s s' cs, ostep o rs sc s s' ->
    lean_ctl (ctl s) = true -> NoDup cs -> In (ccc s) cs -> In (ccc s') cs ->
    1 + wsum cs (th s) + Phi (stk s') = wsum cs (th s') + Phi (stk s).
Proof.
  intros o rs sc s s' cs St.
  assert (St' : step rs sc s s' \/ rtl_row s s') by (destruct o; simpl in St; tauto).
  clear St. destruct St' as [St|St]; destruct St; simpl; intros Hl Nd Hi Hi'; try discriminate Hl;
    rewrite ?wsum_charge_in by assumption; simpl; try apply Nat.eqb_eq in Hl; lia.
Qed.

Lemma force_count : forall s s', step_force s s' ->
    th s' = th s /\ Phi (stk s') = 1 + Phi (stk s).
Proof. intros s s' H. destruct H. simpl. split; reflexivity. Qed.

(* ---- lean: no scc_sub, and every let of one binding ---- *)

Fixpoint lean (e : expr) : bool :=
  match e with
  | Lam _ b => lean b
  | App f _ => lean f
  | Var _ | Con _ _ | Int _ | Prim _ _ _ => true
  | Let bs b => Nat.eqb (length bs) 1 && forallb (fun p => lean (snd p)) bs && lean b
  | SccSub _ _ => false
  | Case s alts d =>
      lean s && forallb (fun alt => lean (snd alt)) alts &&
      match d with Some de => lean de | None => true end
  | Scc _ b => lean b
  end.

Fixpoint lean_subst (y : string) (a : var) (e : expr) {struct e} :
  lean (subst y a e) = lean e.
Proof.
  destruct e as [z b|f x|x|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl.
  - destruct (string_dec z y); simpl; [reflexivity | apply lean_subst].
  - apply lean_subst.
  - reflexivity.
  - destruct (existsb _ bs); [reflexivity|]. simpl. rewrite map_length, lean_subst. f_equal. f_equal.
    induction bs as [|[x r] bs IH]; simpl; [reflexivity|]. rewrite lean_subst, IH. reflexivity.
  - reflexivity.
  - rewrite lean_subst. f_equal; [f_equal|].
    + induction alts as [|[[c ys] r] alts IH]; simpl; [reflexivity|].
      destruct (existsb _ ys); simpl; rewrite IH; [reflexivity|].
      rewrite lean_subst. reflexivity.
    + destruct d; simpl; [apply lean_subst | reflexivity].
  - apply lean_subst.
  - reflexivity.
  - reflexivity.
  - reflexivity.
Qed.

Lemma lean_substs : forall ys xs e, lean (substs ys xs e) = lean e.
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs; simpl; try reflexivity.
  rewrite IH. apply lean_subst.
Qed.

Lemma select_lean : forall alts k ys b,
    forallb (fun alt => lean (snd alt)) alts = true ->
    select alts k = Some (ys, b) -> lean b = true.
Proof.
  induction alts as [|[[c ys'] b'] alts IH]; intros k ys b H E; simpl in *; [discriminate|].
  apply andb_prop in H. destruct H as [H1 H2].
  destruct (String.eqb k c); [injection E as <- <-; exact H1 | eapply IH; eassumption].
Qed.

Lemma prim_result_lean : forall op n1 n2 r, prim_result op n1 n2 = Some r -> lean r = true.
Proof.
  intros op n1 n2 r H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]]; [|destruct b]; reflexivity.
Qed.

Lemma atom_lean : forall a, lean (atom_expr a) = true.
Proof. intros [x|n]; reflexivity. Qed.

Definition heap_lean (G : heap) : Prop :=
  forall a o, find_addr a (binds G) = Some o -> lean (fst o) = true.

Definition frame_lean (f : frame) : Prop :=
  match f with
  | FCase alts d _ =>
      forallb (fun alt => lean (snd alt)) alts = true /\
      match d with Some de => lean de = true | None => True end
  | FResume e _ => lean e = true
  | _ => True
  end.

Definition lean_state (s : state) : Prop :=
  lean (ctl s) = true /\ heap_lean (hp s) /\ Forall frame_lean (stk s).

Lemma lean_lean_ctl : forall e, lean e = true -> lean_ctl e = true.
Proof.
  intros [] H; simpl in *; try reflexivity; try discriminate.
  apply andb_prop in H. destruct H as [H _]. apply andb_prop in H. apply H.
Qed.

Lemma lookup_lean : forall G x o, heap_lean G -> lookup G x = Some o -> lean (fst o) = true.
Proof. intros G [nm|a] o H L; [discriminate | exact (H a o L)]. Qed.

Lemma remove_lean : forall G x, heap_lean G -> heap_lean (remove G x).
Proof.
  intros G [nm|a] H; [exact H|]. intros b o Fb. rewrite find_remove in Fb.
  destruct (Nat.eqb b a); [discriminate | eauto].
Qed.

Lemma update_lean : forall G x o, heap_lean G -> lean (fst o) = true -> heap_lean (update G x o).
Proof.
  intros G [nm|a] o H Ho; [exact H|]. intros b o' Fb. rewrite find_update in Fb.
  destruct (Nat.eqb b a); [injection Fb as <-; exact Ho | eauto].
Qed.

Lemma let_alloc_lean : forall G bs c, heap_lean G ->
    forallb (fun p => lean (snd p)) bs = true -> heap_lean (let_alloc G bs c).
Proof.
  intros G bs c H Hbs a o F. unfold let_alloc in F. simpl in F.
  rewrite Rename.find_addr_combine' in F by apply map_length.
  destruct ((next G <=? a) && (a <? next G + length bs)); [|exact (H a o F)].
  rewrite nth_error_map in F. destruct (nth_error bs (a - next G)) as [[x q]|] eqn:E; [|discriminate].
  injection F as <-. simpl. unfold let_rename. rewrite lean_substs.
  apply nth_error_In in E. rewrite forallb_forall in Hbs. exact (Hbs _ E).
Qed.

Lemma qestep_lean : forall Q o rs sc s s', qestep Q o rs sc s s' -> lean_state s -> lean_state s'.
Proof.
  intros Q o rs sc s s' St (He & Hh & Hs).
  destruct St as [St|[St _]].
  2:{ destruct St. unfold lean_state; simpl in *. split; [exact (lookup_lean _ _ _ Hh H)|].
      split; [apply remove_lean; exact Hh|]. constructor; [exact I|]. constructor; [exact He | exact Hs]. }
  assert (St' : step rs sc s s' \/ rtl_row s s') by (destruct o; simpl in St; tauto).
  clear St. unfold lean_state.
  destruct St' as [St|St]; destruct St; simpl in *; try discriminate He;
    refine (conj _ (conj _ _)); try assumption;
    try match goal with
        | Hs : Forall frame_lean (_ :: _) |- _ =>
            inversion Hs as [|? ? Hf HS]; subst; simpl in Hf
        end;
    try assumption;
    try (constructor; [exact I | assumption]);
    try apply atom_lean;
    try match goal with
        | L : lookup _ _ = Some (?e, _) |- lean ?e = true => exact (lookup_lean _ _ _ Hh L)
        end;
    try (apply remove_lean; exact Hh);
    try (apply update_lean; assumption);
    try (rewrite lean_subst; exact He);
    try (eapply prim_result_lean; eassumption);
    try (rewrite lean_substs; destruct Hf as [Halts _]; eapply select_lean; eassumption);
    try (destruct Hf as [_ Hd]; exact Hd);
    try (apply andb_prop in He; destruct He as [He _]; apply andb_prop in He; apply He).
  all: apply andb_prop in He; destruct He as [He Hd]; apply andb_prop in He; destruct He as [Hl Halts].
  1,2: [> unfold let_rename; rewrite lean_substs; exact Hd | apply let_alloc_lean; assumption].
  all: constructor; [|exact Hs]; simpl; split; [exact Halts|]; destruct d; [exact Hd | exact I].
Qed.

(* ---- a run ---- *)

Theorem run_count : forall Q o rs sc m f s s', qoesteps_f Q o rs sc m f s s' -> lean_state s ->
    exists cs0, forall cs, NoDup cs -> incl cs0 cs ->
      m + wsum cs (th s) + Phi (stk s') = wsum cs (th s') + Phi (stk s) + 2 * f.
Proof.
  induction 1 as [s|m f s1 s2 s3 St R IH|m f s1 s2 s3 St Ok R IH]; intros L.
  - exists []. intros. lia.
  - destruct (IH (qestep_lean Q _ _ _ _ _ (or_introl St) L)) as (cs0 & H).
    exists (ccc s1 :: ccc s2 :: cs0). intros cs Nd Inc.
    assert (Inc' : incl cs0 cs) by (intros c Hc; apply Inc; right; right; exact Hc).
    pose proof (H cs Nd Inc').
    pose proof (ostep_count _ _ _ _ _ cs St (lean_lean_ctl _ (proj1 L)) Nd
                  (Inc _ (or_introl eq_refl)) (Inc _ (or_intror (or_introl eq_refl)))).
    lia.
  - destruct (IH (qestep_lean _ o rs sc _ _ (or_intror (conj St Ok)) L)) as (cs0 & H).
    exists cs0. intros cs Nd Inc. specialize (H cs Nd Inc).
    destruct (force_count _ _ St) as (Ht & Hp). rewrite Ht, Hp in H. lia.
Qed.

(* A run from an empty stack to an empty stack from theta empty: its
   length is W of its theta and two per force. *)
Corollary run_count_top : forall Q o rs sc m f s s', qoesteps_f Q o rs sc m f s s' -> lean_state s ->
    stk s = [] -> stk s' = [] -> (forall c k, th s c k = 0) ->
    exists cs0, forall cs, NoDup cs -> incl cs0 cs -> m = wsum cs (th s') + 2 * f.
Proof.
  intros Q o rs sc m f s s' R L S0 S1 T0.
  destruct (run_count _ _ _ _ _ _ _ _ R L) as (cs0 & H). exists cs0. intros cs Nd Inc.
  specialize (H cs Nd Inc). rewrite S0, S1 in H.
  rewrite (wsum_ext cs (th s) empty T0), wsum_empty in H. simpl in H. lia.
Qed.

(* ---- a program with neither let nor scc_sub ---- *)

Definition prog_lean (p : program) : bool :=
  lean (main_rhs p) && forallb (fun b => lean (snd b)) (tops p).

Lemma init_lean : forall p, prog_lean p = true -> lean_state (init_state p).
Proof.
  intros p H. split; [reflexivity|]. split; [|constructor].
  intros a o F. apply andb_prop in H. destruct H as [Hm Ht].
  unfold init_state, init_heap in F. simpl in F. destruct (Nat.eqb a 0).
  - injection F as <-. simpl. unfold rename_top. rewrite lean_substs. exact Hm.
  - rewrite <- (app_nil_r (combine _ _)) in F.
    rewrite Rename.find_addr_combine' in F by apply map_length.
    destruct ((1 <=? a) && (a <? 1 + length (tops p))); [|discriminate].
    rewrite nth_error_map in F. destruct (nth_error (tops p) (a - 1)) as [[x r]|] eqn:E; [|discriminate].
    injection F as <-. simpl. unfold rename_top. rewrite lean_substs.
    apply nth_error_In in E. rewrite forallb_forall in Ht. exact (Ht _ E).
Qed.
