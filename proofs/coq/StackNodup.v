(* StackNodup.v -- property stk-nodup of docs/stacks.md section 8: under
   push ghc, whatever the call policy, no stack a run makes holds a cost
   centre twice.  Proven for the machine over stacks (Stacks.v) as an
   invariant of its states: the current stack, every heap object's stack,
   every frame's stack and every stack with a count in theta has no
   duplicate; the start has it and every row and force keep it.  It holds
   for push single too (every stack it makes has one node, or is the
   caller's), not for push append (a recursive scc makes <MAIN,f,f>). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program Ccm.Stacks.
Import ListNotations.
Open Scope string_scope.

(* ---------- the policies keep stacks without duplicates ---------- *)

Lemma cut_suffix : forall L s, exists pre, s = app pre (cut L s).
Proof.
  intros L s. induction s as [|c s [pre IH]]; simpl.
  - exists []. reflexivity.
  - destruct (string_dec c L).
    + exists []. reflexivity.
    + exists (c :: pre). simpl. rewrite <- IH. reflexivity.
Qed.

Lemma existsb_false_not_in : forall L s, existsb (String.eqb L) s = false -> ~ In L s.
Proof.
  intros L s H I. induction s as [|c s IH]; [destruct I|].
  simpl in H. apply orb_false_iff in H. destruct H as [H1 H2].
  destruct I as [->|I]; [rewrite String.eqb_refl in H1; discriminate|]. exact (IH H2 I).
Qed.

Lemma nodup_app_r : forall (l m : stack), NoDup (app l m) -> NoDup m.
Proof.
  intros l m. induction l as [|c l IH]; simpl; intros N; [exact N|].
  inversion N; subst. apply IH. assumption.
Qed.

(* The push policies that never repeat a cost centre. *)
Definition no_repeat (p : push_policy) : Prop := p = PushGhc \/ p = PushSingle.

Lemma push_nodup : forall p L s, no_repeat p -> NoDup s -> NoDup (push p L s).
Proof.
  intros p L s [-> | ->] N; simpl.
  - destruct (existsb (String.eqb L) s) eqn:E.
    + destruct (cut_suffix L s) as [pre Hs]. rewrite Hs in N.
      apply nodup_app_r in N. exact N.
    + constructor; [apply existsb_false_not_in; exact E | exact N].
  - constructor; [intros []|constructor].
Qed.

Lemma fold_push_nodup : forall p l s, no_repeat p -> NoDup s ->
    NoDup (fold_left (fun s L => push p L s) l s).
Proof.
  intros p l. induction l as [|L l IH]; intros s R N; simpl; [exact N|].
  apply IH; [exact R|]. apply push_nodup; assumption.
Qed.

Lemma call_nodup : forall p cp sa sl, no_repeat p -> NoDup sa -> NoDup sl ->
    NoDup (call p cp sa sl).
Proof.
  intros p cp sa sl R Na Nl. destruct cp; simpl; try assumption.
  unfold ghc_call. apply fold_push_nodup; assumption.
Qed.

Lemma sentered_nodup : forall rs sz s, NoDup sz -> NoDup s -> NoDup (sentered rs sz s).
Proof.
  intros rs sz s Nz N. destruct rs; simpl;
    [destruct (string_dec (top sz) "SUB") | destruct (is_caf_or_sub (top sz))]; assumption.
Qed.

Lemma supdated_nodup : forall rs sz s, NoDup sz -> NoDup s -> NoDup (supdated rs sz s).
Proof.
  intros rs sz s Nz N. destruct rs; simpl; [assumption|].
  destruct (is_caf_or_sub (top sz)); assumption.
Qed.

(* ---------- the invariant ---------- *)

Definition frame_stack (f : sframe) : stack :=
  match f with
  | SFArg _ s | SFUpd _ s | SFCase _ _ s | SFPrim1 _ _ s | SFPrim2 _ _ s | SFResume _ s => s
  end.

Definition heap_nodup (G : sheap) : Prop :=
  forall a e s, In (a, (e, s)) (sbinds G) -> NoDup s.

Definition theta_nodup (t : stheta) : Prop := forall s k, t s k <> 0 -> NoDup s.

(* Every stack of the state has no duplicate. *)
Definition nodup_state (st : sstate) : Prop :=
  NoDup (scur st) /\ heap_nodup (shp st) /\
  (forall f, In f (sstk st) -> NoDup (frame_stack f)) /\ theta_nodup (sth st).

Lemma sfind_in : forall a l o, sfind_addr a l = Some o -> In (a, o) l.
Proof.
  intros a l o. induction l as [|[b o'] l IH]; simpl; [discriminate|].
  destruct (Nat.eqb_spec a b) as [->|]; [intros H; injection H as ->; left; reflexivity|].
  intros H. right. exact (IH H).
Qed.

Lemma slookup_nodup : forall G x e s, heap_nodup G -> slookup G x = Some (e, s) -> NoDup s.
Proof.
  intros G [n|a] e s H L; simpl in L; [discriminate|].
  apply sfind_in in L. exact (H _ _ _ L).
Qed.

Lemma sremove_nodup : forall G x, heap_nodup G -> heap_nodup (sremove G x).
Proof.
  intros G [n|a] H; simpl; [exact H|].
  intros b e s I. apply filter_In in I. exact (H _ _ _ (proj1 I)).
Qed.

Lemma supdate_nodup : forall G x v s, heap_nodup G -> NoDup s -> heap_nodup (supdate G x (v, s)).
Proof.
  intros G [n|a] v s H N; simpl; [exact H|].
  intros b e s' [E|I]; [injection E as <- <- <-; exact N | exact (H _ _ _ I)].
Qed.

Lemma slet_alloc_nodup : forall G bs s, heap_nodup G -> NoDup s -> heap_nodup (slet_alloc G bs s).
Proof.
  intros G bs s H N b e s' I. simpl in I. apply in_app_or in I. destruct I as [I|I].
  - apply in_combine_r in I. apply in_map_iff in I. destruct I as [bd [E _]].
    injection E as _ <-. exact N.
  - exact (H _ _ _ I).
Qed.

Lemma scharge_nodup : forall s k n t, NoDup s -> theta_nodup t -> theta_nodup (scharge s k n t).
Proof.
  intros s k n t N T s' k' H. unfold scharge in H.
  destruct (stack_eq_dec s s') as [<-|]; [exact N|]. exact (T _ _ H).
Qed.

(* Every row keeps the invariant, under push ghc or single, any call policy. *)
Theorem sstep_nodup : forall rs p cp s s', no_repeat p ->
    sstep rs p cp s s' -> nodup_state s -> nodup_state s'.
Proof.
  intros rs p cp s s' R H (Nc & Nh & Nf & Nt).
  inversion H; subst; unfold nodup_state; simpl in *;
    repeat match goal with
    | L : slookup _ _ = Some (_, ?s) |- _ =>
        let N := fresh "N" in pose proof (slookup_nodup _ _ _ _ Nh L) as N; clear L
    end;
    repeat split;
    try assumption;
    try (apply scharge_nodup; assumption);
    try (intros f If; apply Nf; right; exact If);
    try (intros f [<-|If]; [assumption | exact (Nf f If)]);
    try (intros f [<-|If]; [|apply Nf; right; exact If]).
  all: try (apply sremove_nodup; assumption).
  all: try (apply slet_alloc_nodup; assumption).
  all: try (apply scharge_nodup; [apply push_nodup; assumption|]; apply scharge_nodup; assumption).
  all: try (apply push_nodup; assumption).
  all: try (apply sentered_nodup; assumption).
  all: try (apply call_nodup; [assumption | apply (Nf (SFArg x cf)); left; reflexivity | assumption]).
  all: try (apply (Nf (SFCase alts d cf)); left; reflexivity).
  all: try (apply (Nf (SFCase alts (Some de) cf)); left; reflexivity).
  all: try (apply (Nf (SFPrim1 op a2 cf)); left; reflexivity).
  all: try (apply (Nf (SFPrim2 op n1 cf)); left; reflexivity).
  all: try (apply (Nf (SFResume e cf)); left; reflexivity).
  all: try (apply supdated_nodup; [assumption | apply (Nf (SFUpd x cf)); left; reflexivity]).
  all: try (apply supdate_nodup; assumption).
Qed.

Theorem sforce_nodup : forall s s', sstep_force s s' -> nodup_state s -> nodup_state s'.
Proof.
  intros s s' H (Nc & Nh & Nf & Nt). inversion H; subst; simpl in *.
  split; [eapply slookup_nodup; eassumption|].
  split; [apply sremove_nodup; assumption|].
  split; [|exact Nt].
  intros f [<-|[<-|If]]; [exact Nc|exact Nc|exact (Nf f If)].
Qed.

Lemma sinit_nodup : forall prog, nodup_state (sinit_state prog).
Proof.
  intros prog. unfold sinit_state, sinit_heap; simpl.
  split; [repeat constructor; intros []|].
  split; [|split; [intros f []|intros s k H; contradiction H; reflexivity]].
  intros a e s [E|I].
  - injection E as _ _ <-. repeat constructor. intros [].
  - apply in_combine_r in I. apply in_map_iff in I. destruct I as [bd [E _]].
    injection E as _ <-. repeat constructor. intros [].
Qed.

Theorem ssteps_nodup : forall rs p cp n s s', no_repeat p ->
    ssteps rs p cp n s s' -> nodup_state s -> nodup_state s'.
Proof.
  intros rs p cp n s s' R H. induction H; intros N; [exact N|].
  apply IHssteps. eapply sstep_nodup; eassumption.
Qed.

(* stk-nodup: under push ghc, every call policy, every rule set, no stack
   of any state a run from a program's start reaches (current, heap
   objects', frames', or one with a count) holds a cost centre twice. *)
Theorem ghc_push_nodup : forall rs cp prog n s,
    ssteps rs PushGhc cp n (sinit_state prog) s -> nodup_state s.
Proof.
  intros rs cp prog n s H. eapply ssteps_nodup; [left; reflexivity | exact H | apply sinit_nodup].
Qed.

(* And it fails under push append: scc "f" twice makes <MAIN,f,f>. *)
Lemma append_repeats : ~ NoDup (push PushAppend "f" (push PushAppend "f" (root "MAIN"))).
Proof.
  simpl. intros N. inversion N as [|? ? Ni]. apply Ni. left. reflexivity.
Qed.
