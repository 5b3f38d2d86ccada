(* StackFlat.v -- the flattening theorem of docs/stacks.md section 7: for
   call lexical or evaluation and every push policy, a run of the machine
   over stacks (Stacks.v) is, with every stack read as its top and theta
   summed by top, the flat machine's run (Machine.v) under the matching
   scoping: the same rows, the same number of steps, the same value, the
   top of the returned stack the flat returned cost centre, each heap
   object's and frame's cost centre the top of its stack, and
       theta_flat(c, k) = sum over the stacks S with top S = c of theta(S, k).

   The proof is a simulation: `fstate_of s t` is the stack state s with
   every stack replaced by its top and theta t; `tsum ts t` says t is ts
   summed by top (over a finite list of distinct stacks holding every stack
   ts charges).  Each row of one machine is the row of the same name of the
   other, both ways (`sstep_flat`, `step_sflat`), and so are runs
   (`ssteps_flat`, `steps_sflat`).  Both rule sets hold (fig2 too). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
               Ccm.Program Ccm.Stacks.
Import ListNotations.
Open Scope string_scope.

(* ---------- the top of what the rows make ---------- *)

Lemma cut_top : forall L s, existsb (String.eqb L) s = true -> top (cut L s) = L.
Proof.
  intros L s. induction s as [|c s IH]; simpl; [discriminate|].
  intros H. destruct (string_dec c L) as [->|Hne]; [reflexivity|].
  apply IH. apply orb_true_iff in H. destruct H as [H|H]; [|assumption].
  apply String.eqb_eq in H. congruence.
Qed.

(* Every push policy puts L on top. *)
Lemma top_push : forall p L s, top (push p L s) = L.
Proof.
  intros p L s. destruct p; simpl; try reflexivity.
  destruct (existsb (String.eqb L) s) eqn:E; [apply cut_top; assumption|reflexivity].
Qed.

(* Call lexical gives Sl, call evaluation Sa: the tops of the flat body_cc. *)
Lemma top_call : forall p sc sa sl,
    top (call p (call_of sc) sa sl) = body_cc sc (top sl) (top sa).
Proof. intros. destruct sc; reflexivity. Qed.

(* SUBCAF* and SUB* decide on the top alone. *)
Lemma top_sentered : forall rs sz s, top (sentered rs sz s) = entered rs (top sz) (top s).
Proof.
  intros. destruct rs; simpl.
  - unfold sub_cc. destruct (string_dec (top sz) "SUB"); reflexivity.
  - unfold subcaf. destruct (is_caf_or_sub (top sz)); reflexivity.
Qed.

Lemma top_supdated : forall rs sz s, top (supdated rs sz s) = updated rs (top sz) (top s).
Proof.
  intros. destruct rs; simpl; [reflexivity|].
  unfold subcaf. destruct (is_caf_or_sub (top sz)); reflexivity.
Qed.

(* ---------- every stack read as its top ---------- *)

Definition fobj (o : sobj) : obj := (fst o, top (snd o)).
Definition fbind (b : nat * sobj) : nat * obj := (fst b, fobj (snd b)).
Definition fheap (h : sheap) : heap := mkheap (snext h) (map fbind (sbinds h)).

Definition fframe (f : sframe) : frame :=
  match f with
  | SFArg x s => FArg x (top s)
  | SFUpd x s => FUpd x (top s)
  | SFCase alts d s => FCase alts d (top s)
  | SFPrim1 op a2 s => FPrim1 op a2 (top s)
  | SFPrim2 op n1 s => FPrim2 op n1 (top s)
  | SFResume e s => FResume e (top s)
  end.

(* A stack state read flat, with the flat theta t. *)
Definition fstate_of (s : sstate) (t : theta) : state :=
  mkstate (top (scur s)) (fheap (shp s)) (sctl s) (map fframe (sstk s)) t.

Lemma find_fheap : forall a l, find_addr a (map fbind l) = option_map fobj (sfind_addr a l).
Proof.
  intros a l. induction l as [|[b o] l IH]; simpl; [reflexivity|].
  destruct (Nat.eqb a b); [reflexivity|exact IH].
Qed.

Lemma lookup_fheap : forall h x, lookup (fheap h) x = option_map fobj (slookup h x).
Proof. intros h [s|a]; [reflexivity|apply find_fheap]. Qed.

Lemma remove_fheap : forall h x, fheap (sremove h x) = remove (fheap h) x.
Proof.
  intros h [s|a]; [reflexivity|]. unfold fheap; simpl. f_equal.
  induction (sbinds h) as [|[b o] l IH]; simpl; [reflexivity|].
  destruct (negb (Nat.eqb b a)); simpl; rewrite IH; reflexivity.
Qed.

Lemma update_fheap : forall h x o, fheap (supdate h x o) = update (fheap h) x (fobj o).
Proof. intros h [s|a] o; reflexivity. Qed.

Lemma let_rename_fheap : forall h bs e, let_rename (fheap h) bs e = slet_rename h bs e.
Proof. reflexivity. Qed.

Lemma map_fbind_combine : forall (l1 : list nat) (l2 : list sobj),
    map fbind (combine l1 l2) = combine l1 (map fobj l2).
Proof.
  induction l1 as [|a l1 IH]; intros [|o l2]; simpl; try reflexivity.
  rewrite IH. reflexivity.
Qed.

Lemma let_alloc_fheap : forall h bs s,
    fheap (slet_alloc h bs s) = let_alloc (fheap h) bs (top s).
Proof.
  intros. unfold fheap, slet_alloc, let_alloc; simpl. f_equal.
  rewrite map_app, map_fbind_combine, map_map. reflexivity.
Qed.

(* ---------- theta summed by top ---------- *)

(* The sum of g over a list of stacks. *)
Definition lsum (g : stack -> nat) (d : list stack) : nat := fold_right (fun S n => g S + n) 0 d.

(* sum over the stacks of d whose top is c of ts(S, k). *)
Definition sum_top (d : list stack) (ts : stheta) (c : cc) (k : counter) : nat :=
  lsum (fun S => if string_dec (top S) c then ts S k else 0) d.

(* d holds every stack ts charges. *)
Definition covers (d : list stack) (ts : stheta) : Prop :=
  forall S k, ts S k <> 0 -> In S d.

(* tf is ts summed by top, over a finite list of distinct stacks holding
   every stack with a count: the relation the simulation carries. *)
Definition tsum (ts : stheta) (tf : theta) : Prop :=
  exists d, NoDup d /\ covers d ts /\ forall c k, tf c k = sum_top d ts c k.

(* theta_flat(c, k) = sum of theta(S, k) over the stacks S with top S = c:
   whatever finite list of distinct stacks holding every stack charged the
   sum is taken over. *)
Definition sums_by_top (ts : stheta) (tf : theta) : Prop :=
  forall d, NoDup d -> covers d ts -> forall c k, tf c k = sum_top d ts c k.

(* ts charges finitely many stacks. *)
Definition finite_support (ts : stheta) : Prop := exists d, NoDup d /\ covers d ts.

Lemma lsum_ext_in : forall g h d, (forall x, In x d -> g x = h x) -> lsum g d = lsum h d.
Proof.
  intros g h d. induction d as [|x d IH]; simpl; intros H; [reflexivity|].
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma lsum_cons : forall g x d, lsum g (x :: d) = g x + lsum g d.
Proof. reflexivity. Qed.

Lemma lsum_app : forall g d1 d2, lsum g (d1 ++ d2) = lsum g d1 + lsum g d2.
Proof. intros g d1 d2. induction d1; simpl; lia. Qed.

(* A sum over distinct stacks does not depend on which list holding every
   stack where g is not zero it is taken over. *)
Lemma lsum_indep : forall d1 g d2, NoDup d1 -> NoDup d2 ->
    (forall x, g x <> 0 -> In x d1) -> (forall x, g x <> 0 -> In x d2) ->
    lsum g d1 = lsum g d2.
Proof.
  induction d1 as [|x d1 IH]; intros g d2 N1 N2 C1 C2; [simpl|rewrite lsum_cons].
  - assert (forall y, In y d2 -> g y = 0) as Z.
    { intros y _. destruct (Nat.eq_dec (g y) 0) as [E|E]; [exact E|]. destruct (C1 y E). }
    rewrite (lsum_ext_in g (fun _ => 0)) by exact Z.
    clear. induction d2; simpl; lia.
  - inversion N1 as [|? ? Nx N1']; subst.
    set (g' := fun y => if stack_eq_dec y x then 0 else g y).
    assert (lsum g d1 = lsum g' d1) as E1.
    { apply lsum_ext_in. intros y Hy. unfold g'.
      destruct (stack_eq_dec y x); [subst; contradiction|reflexivity]. }
    destruct (in_dec stack_eq_dec x d2) as [I|NI].
    + destruct (in_split _ _ I) as [l1 [l2 ->]].
      pose proof (NoDup_remove_1 _ _ _ N2) as N2'.
      pose proof (NoDup_remove_2 _ _ _ N2) as Nx2.
      rewrite lsum_app, lsum_cons.
      assert (lsum g (l1 ++ l2) = lsum g' (l1 ++ l2)) as E2.
      { apply lsum_ext_in. intros y Hy. unfold g'.
        destruct (stack_eq_dec y x); [subst; contradiction|reflexivity]. }
      rewrite !lsum_app in E2.
      assert (lsum g' d1 = lsum g' (l1 ++ l2)) as E.
      { apply IH; [assumption|assumption| |].
        - intros y Hy. unfold g' in Hy. destruct (stack_eq_dec y x); [contradiction|].
          destruct (C1 y Hy); [congruence|assumption].
        - intros y Hy. unfold g' in Hy. destruct (stack_eq_dec y x); [contradiction|].
          apply C2 in Hy. apply in_app_or in Hy. apply in_or_app.
          destruct Hy as [Hy|[Hy|Hy]]; auto; congruence. }
      rewrite lsum_app in E. lia.
    + assert (g x = 0) as Gx.
      { destruct (Nat.eq_dec (g x) 0) as [E|E]; [exact E|]. destruct (NI (C2 x E)). }
      rewrite Gx, Nat.add_0_l. apply IH; try assumption.
      intros y Hy. destruct (C1 y Hy); [subst; contradiction|assumption].
Qed.

(* Changing g at one stack x of a list of distinct stacks by delta changes
   the sum by delta; at a stack not in the list, not at all. *)
Lemma lsum_change_in : forall g g' x delta d, NoDup d -> In x d ->
    (forall y, y <> x -> g' y = g y) -> g' x = g x + delta ->
    lsum g' d = lsum g d + delta.
Proof.
  intros g g' x delta d N I Ho Hx. induction d as [|y d IH]; [destruct I|].
  inversion N as [|? ? Ny N']; subst. simpl.
  destruct (stack_eq_dec y x) as [->|Hne].
  - rewrite Hx. rewrite (lsum_ext_in g' g); [lia|].
    intros z Hz. apply Ho. intros ->. contradiction.
  - rewrite Ho by assumption. destruct I as [I|I]; [congruence|]. rewrite IH by assumption. lia.
Qed.

Lemma lsum_change_out : forall g g' x d, ~ In x d ->
    (forall y, y <> x -> g' y = g y) -> lsum g' d = lsum g d.
Proof.
  intros g g' x d NI Ho. apply lsum_ext_in. intros y Hy. apply Ho. intros ->. contradiction.
Qed.

(* A charge to S is a charge to the top of S, summed. *)
Lemma tsum_charge : forall ts tf S k n,
    tsum ts tf -> tsum (scharge S k n ts) (charge (top S) k n tf).
Proof.
  intros ts tf S k n [d [N [C E]]].
  set (g := fun (ts' : stheta) (c : cc) (k' : counter) (S' : stack) =>
              if string_dec (top S') c then ts' S' k' else 0).
  assert (forall c k', g (scharge S k n ts) c k' S =
                       g ts c k' S + (if string_dec (top S) c then
                                        if counter_eq_dec k k' then n else 0 else 0)) as Gs.
  { intros c k'. unfold g, scharge.
    destruct (stack_eq_dec S S); [|congruence].
    destruct (string_dec (top S) c), (counter_eq_dec k k'); lia. }
  assert (forall c k' y, y <> S -> g (scharge S k n ts) c k' y = g ts c k' y) as Go.
  { intros c k' y Hy. unfold g, scharge. destruct (stack_eq_dec S y); [congruence|reflexivity]. }
  assert (forall c k', charge (top S) k n tf c k' =
                       tf c k' + (if string_dec (top S) c then
                                    if counter_eq_dec k k' then n else 0 else 0)) as Cf.
  { intros c k'. unfold charge. destruct (string_dec (top S) c), (counter_eq_dec k k'); lia. }
  assert (covers' : forall S' k', scharge S k n ts S' k' <> 0 -> S' = S \/ ts S' k' <> 0).
  { intros S' k' H. unfold scharge in H. destruct (stack_eq_dec S S') as [->|]; auto. }
  destruct (in_dec stack_eq_dec S d) as [I|NI].
  - exists d. split; [exact N|]. split.
    + intros S' k' H. destruct (covers' S' k' H) as [->|H']; [exact I|exact (C S' k' H')].
    + intros c k'. rewrite Cf, E. unfold sum_top. symmetry.
      change (lsum (g (scharge S k n ts) c k') d = lsum (g ts c k') d +
              (if string_dec (top S) c then if counter_eq_dec k k' then n else 0 else 0)).
      eapply lsum_change_in; eauto.
  - exists (S :: d). split; [constructor; assumption|]. split.
    + intros S' k' H. destruct (covers' S' k' H) as [->|H'];
        [left; reflexivity|right; exact (C S' k' H')].
    + intros c k'. rewrite Cf, E. unfold sum_top. symmetry.
      change (g (scharge S k n ts) c k' S + lsum (g (scharge S k n ts) c k') d =
              lsum (g ts c k') d +
              (if string_dec (top S) c then if counter_eq_dec k k' then n else 0 else 0)).
      rewrite Gs. rewrite (lsum_change_out (g ts c k') (g (scharge S k n ts) c k') S d NI (Go c k')).
      assert (g ts c k' S = 0) as Z.
      { unfold g. destruct (string_dec (top S) c); [|reflexivity].
        destruct (Nat.eq_dec (ts S k') 0) as [Z|Z]; [exact Z|]. destruct (NI (C S k' Z)). }
      lia.
Qed.

(* The relation gives the statement: finitely many stacks charged, and the
   flat theta is their sum by top over any list of them. *)
Lemma tsum_sums : forall ts tf, tsum ts tf -> finite_support ts /\ sums_by_top ts tf.
Proof.
  intros ts tf [d [N [C E]]]. split; [exists d; split; assumption|].
  intros d' N' C' c k. rewrite E. unfold sum_top. apply lsum_indep; try assumption.
  - intros S H. destruct (string_dec (top S) c); [|contradiction]. apply (C S k H).
  - intros S H. destruct (string_dec (top S) c); [|contradiction]. apply (C' S k H).
Qed.

Lemma tsum_empty : tsum sempty empty.
Proof.
  exists []. split; [constructor|]. split; [intros S k H; contradiction H; reflexivity|].
  intros; reflexivity.
Qed.

(* ---------- rows ---------- *)

(* A row over stacks, call lexical or evaluation, read flat, is the row of
   the same name of the flat machine under the matching scoping, theta
   summed by top. *)
Theorem sstep_flat : forall rs p sc s s' t,
    sstep rs p (call_of sc) s s' -> tsum (sth s) t ->
    exists t', step rs sc (fstate_of s t) (fstate_of s' t') /\ tsum (sth s') t'.
Proof.
  intros rs p sc s s' t H T. inversion H; subst; unfold fstate_of; simpl in *.
  - eexists. split; [constructor|apply tsum_charge; exact T].
  - exists t. split; [|exact T]. rewrite top_call. constructor.
  - eexists. split; [|apply tsum_charge; exact T].
    rewrite top_sentered. constructor; [|assumption].
    rewrite lookup_fheap. match goal with E : slookup _ _ = _ |- _ => rewrite E end. reflexivity.
  - eexists. split; [|apply tsum_charge; exact T].
    rewrite remove_fheap. constructor; [|assumption].
    rewrite lookup_fheap. match goal with E : slookup _ _ = _ |- _ => rewrite E end. reflexivity.
  - eexists. split; [|apply tsum_charge; exact T].
    rewrite top_supdated, update_fheap. unfold fobj; simpl. constructor. assumption.
  - eexists. split; [|apply tsum_charge; exact T].
    rewrite let_alloc_fheap, <- let_rename_fheap. constructor.
  - eexists. split; [constructor|apply tsum_charge; exact T].
  - exists t. split; [|exact T]. constructor; assumption.
  - exists t. split; [|exact T]. constructor; assumption.
  - eexists. split; [|apply tsum_charge, tsum_charge; exact T].
    rewrite top_push. constructor.
  - exists t. split; [|exact T]. rewrite top_push. constructor.
  - eexists. split; [constructor|apply tsum_charge; exact T].
  - exists t. split; [|exact T]. constructor.
  - exists t. split; [|exact T]. constructor; assumption.
  - exists t. split; [|exact T]. constructor; assumption.
Qed.

(* A flat row from a state read flat has a row over stacks. *)
Lemma step_sprogress : forall rs p sc s t f',
    step rs sc (fstate_of s t) f' -> exists s', sstep rs p (call_of sc) s s'.
Proof.
  intros rs p sc [c G e K ts] t f' H. unfold fstate_of in H; simpl in H.
  inversion H; subst;
    repeat match goal with
    | Hm : _ :: _ = map fframe ?K |- _ =>
        destruct K as [|[] ?K]; simpl in Hm; try discriminate; injection Hm; intros; subst
    | Hl : lookup (fheap _) _ = Some _ |- _ =>
        rewrite lookup_fheap in Hl;
        destruct (slookup _ _) as [[? ?]|] eqn:?; simpl in Hl; [|discriminate];
        unfold fobj in Hl; simpl in Hl; injection Hl; intros; subst
    end;
    eexists; econstructor; eassumption.
Qed.

(* ... and it is the flat row sstep_flat gives: a flat row from a state
   read flat is a row over stacks, read flat. *)
Theorem step_sflat : forall rs p sc s t f',
    step rs sc (fstate_of s t) f' -> tsum (sth s) t ->
    exists s' t', sstep rs p (call_of sc) s s' /\ f' = fstate_of s' t' /\ tsum (sth s') t'.
Proof.
  intros rs p sc s t f' H T.
  destruct (step_sprogress rs p sc s t f' H) as [s' Hs].
  destruct (sstep_flat rs p sc s s' t Hs T) as [t' [Hf T']].
  exists s', t'. split; [exact Hs|]. split; [|exact T'].
  eapply step_deterministic; eassumption.
Qed.

(* force, either way, theta untouched. *)
Theorem sforce_flat : forall s s' t,
    sstep_force s s' -> step_force (fstate_of s t) (fstate_of s' t).
Proof.
  intros s s' t H. inversion H; subst; unfold fstate_of; simpl.
  rewrite remove_fheap. constructor; [|assumption].
  rewrite lookup_fheap. match goal with E : slookup _ _ = _ |- _ => rewrite E end. reflexivity.
Qed.

Theorem force_sflat : forall s t f',
    step_force (fstate_of s t) f' -> exists s', sstep_force s s' /\ f' = fstate_of s' t.
Proof.
  intros [c G e K ts] t f' H. unfold fstate_of in H; simpl in H. inversion H; subst.
  match goal with Hl : lookup (fheap _) _ = Some _ |- _ =>
    rewrite lookup_fheap in Hl;
    destruct (slookup _ _) as [[e' Se]|] eqn:El; simpl in Hl; [|discriminate];
    unfold fobj in Hl; simpl in Hl; injection Hl; intros; subst end.
  eexists. split; [econstructor; eassumption|].
  unfold fstate_of; simpl. rewrite remove_fheap. reflexivity.
Qed.

(* A state is final exactly when it is final read flat. *)
Lemma sfinal_flat : forall s t, sfinal s <-> final (fstate_of s t).
Proof.
  intros [c G e K ts] t. unfold sfinal, final, fstate_of; simpl.
  destruct K; simpl; split; intros [H1 H2]; split; auto; discriminate.
Qed.

(* ---------- runs ---------- *)

Theorem ssteps_flat : forall rs p sc n s s' t,
    ssteps rs p (call_of sc) n s s' -> tsum (sth s) t ->
    exists t', steps rs sc n (fstate_of s t) (fstate_of s' t') /\ tsum (sth s') t'.
Proof.
  intros rs p sc n s s' t H. revert t.
  induction H as [s|n s1 s2 s3 H1 H2 IH]; intros t T.
  - exists t. split; [constructor|exact T].
  - destruct (sstep_flat rs p sc s1 s2 t H1 T) as [t2 [F2 T2]].
    destruct (IH t2 T2) as [t3 [F3 T3]].
    exists t3. split; [econstructor; eassumption|exact T3].
Qed.

Theorem steps_sflat : forall rs p sc n s t f',
    steps rs sc n (fstate_of s t) f' -> tsum (sth s) t ->
    exists s' t', ssteps rs p (call_of sc) n s s' /\ f' = fstate_of s' t' /\ tsum (sth s') t'.
Proof.
  intros rs p sc n. induction n as [|n IH]; intros s t f' H T; inversion H; subst.
  - exists s, t. split; [constructor|]. split; [reflexivity|exact T].
  - match goal with H1 : step _ _ _ ?s2, H2 : steps _ _ _ ?s2 _ |- _ =>
      destruct (step_sflat rs p sc s t s2 H1 T) as [s1 [t1 [S1 [-> T1]]]];
      destruct (IH s1 t1 f' H2 T1) as [s3 [t3 [S3 [-> T3]]]] end.
    exists s3, t3. split; [econstructor; eassumption|]. split; [reflexivity|exact T3].
Qed.

(* ---------- from a program's start ---------- *)

Lemma sinit_flat : forall p, fstate_of (sinit_state p) empty = init_state p.
Proof.
  intros p. unfold fstate_of, sinit_state, init_state, fheap, sinit_heap, init_heap; simpl.
  rewrite map_fbind_combine, map_map. reflexivity.
Qed.

(* The flattening theorem (docs/stacks.md section 7), forward: a run of n
   rows of the machine over stacks from a program's start, under any push
   policy p and call lexical or evaluation (call_of sc), is a run of n rows
   of the flat machine from the program's start under scoping sc, rule set
   rs (fig6 or fig2), ending in the end state read flat: current cost centre
   the top of the current stack, every heap object and frame under the top
   of its stack, the same control; final exactly when it is; and the flat
   theta is theta over stacks summed by top (finitely many stacks charged). *)
Theorem flattening : forall rs p sc prog n s',
    ssteps rs p (call_of sc) n (sinit_state prog) s' ->
    exists f, steps rs sc n (init_state prog) f /\ f = fstate_of s' (th f) /\
              (sfinal s' <-> final f) /\
              finite_support (sth s') /\ sums_by_top (sth s') (th f).
Proof.
  intros rs p sc prog n s' H.
  destruct (ssteps_flat rs p sc n _ s' empty H tsum_empty) as [t' [F T]].
  rewrite sinit_flat in F. exists (fstate_of s' t'). split; [exact F|].
  split; [reflexivity|]. split; [apply sfinal_flat|]. apply tsum_sums. exact T.
Qed.

(* ... and back: every run of the flat machine from a program's start is
   such a reading of the run over stacks of the same length. *)
Theorem flattening_back : forall rs p sc prog n f,
    steps rs sc n (init_state prog) f ->
    exists s', ssteps rs p (call_of sc) n (sinit_state prog) s' /\ f = fstate_of s' (th f) /\
               (sfinal s' <-> final f) /\
               finite_support (sth s') /\ sums_by_top (sth s') (th f).
Proof.
  intros rs p sc prog n f H. rewrite <- sinit_flat in H.
  destruct (steps_sflat rs p sc n _ empty f H tsum_empty) as [s' [t' [S' [-> T]]]].
  exists s'. split; [exact S'|]. split; [reflexivity|]. split; [apply sfinal_flat|].
  apply tsum_sums. exact T.
Qed.

(* The flattening theorem for runs that end in a value, spelled out: the
   same steps, value and final heap read flat, the returned cost centre
   the top of the returned stack, theta_flat(c, k) the sum of theta(S, k)
   over the stacks S with top c. *)
Corollary flattening_final : forall rs p sc prog n s',
    ssteps rs p (call_of sc) n (sinit_state prog) s' -> sfinal s' ->
    exists f, steps rs sc n (init_state prog) f /\ final f /\
              ctl f = sctl s' /\ ccc f = top (scur s') /\ hp f = fheap (shp s') /\
              finite_support (sth s') /\
              forall d, NoDup d -> covers d (sth s') ->
                        forall c k, th f c k = sum_top d (sth s') c k.
Proof.
  intros rs p sc prog n s' H Fin.
  destruct (flattening rs p sc prog n s' H) as [f [F [E [Fi [Fs Sb]]]]].
  exists f. split; [exact F|]. split; [apply Fi; exact Fin|].
  rewrite E; simpl. split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|].
  split; [exact Fs|]. exact Sb.
Qed.
