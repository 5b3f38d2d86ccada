(* ORun.v -- plain runs of the machine with either operand order
   (Order.ostep o), and three facts about them that ForceEarly.v needs:

   - a run is deterministic, so a run that ends final goes on from the end
     of any other run from the same start (osteps_split, as RunSplit.v);
   - a row fires alike from two states whose heaps bind the same objects
     (hext: the same next address, the same find_addr answer everywhere),
     however the lists are laid out (ostep_ext, osteps_ext);
   - along a run from a program's initial state an update frame's address
     is allocated and unbound (it is under evaluation), no two update
     frames share one, and nothing is bound past the next address (inv);
     so a row never rebinds an address bound to a value (ostep_vle), and,
     for a program with no scc "SUB", SUB is never current (as
     SubNeverCurrent.v for Machine.step, here for either order). *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Interp Ccm.Order Ccm.SubNeverCurrent Ccm.Rename.
Import ListNotations.
Open Scope nat_scope.

Inductive osteps (o : order) (rs : ruleset) (sc : scoping) : nat -> state -> state -> Prop :=
| osteps_refl : forall s, osteps o rs sc 0 s s
| osteps_cons : forall n s1 s2 s3,
    ostep o rs sc s1 s2 -> osteps o rs sc n s2 s3 -> osteps o rs sc (S n) s1 s3.

Lemma ostep_deterministic : forall o rs sc s s1 s2,
    ostep o rs sc s s1 -> ostep o rs sc s s2 -> s1 = s2.
Proof.
  intros o rs sc s s1 s2 H1 H2.
  apply ostep_fn_iff in H1. apply ostep_fn_iff in H2. congruence.
Qed.

Lemma ofinal_no_step : forall o rs sc s s', final s -> ~ ostep o rs sc s s'.
Proof.
  intros o rs sc s s' F. apply ostop_of_stuck.
  apply (proj2 (ostop_of_value o rs sc s)) in F. rewrite F. discriminate.
Qed.

(* A row of Machine.step from a state where right to left changes
   nothing is a row of either order. *)
Lemma ostep_of_step : forall o rs sc s s',
    step rs sc s s' -> prim13_state s = false -> ostep o rs sc s s'.
Proof. intros [|] rs sc s s' St P; simpl; [exact St | left; split; assumption]. Qed.

Lemma osteps_trans : forall o rs sc n m s1 s2 s3,
    osteps o rs sc n s1 s2 -> osteps o rs sc m s2 s3 -> osteps o rs sc (n + m) s1 s3.
Proof.
  intros o rs sc n m s1 s2 s3 H. revert m s3.
  induction H; intros; simpl; [assumption | econstructor; eauto].
Qed.

Lemma osteps_one : forall o rs sc s s', ostep o rs sc s s' -> osteps o rs sc 1 s s'.
Proof. intros. econstructor; [eassumption | constructor]. Qed.

Lemma osteps_split : forall o rs sc k n s s1 sf,
    osteps o rs sc n s sf -> final sf -> osteps o rs sc k s s1 ->
    k <= n /\ osteps o rs sc (n - k) s1 sf.
Proof.
  intros o rs sc k. induction k as [|k IH]; intros n s s1 sf R F Rk.
  - inversion Rk; subst. rewrite Nat.sub_0_r. split; [lia | exact R].
  - inversion Rk as [|k' s' s2 s1' St Rk']; subst.
    inversion R as [s0|n' s0 s2' sf' St' R']; subst.
    + exfalso. eapply ofinal_no_step; eassumption.
    + pose proof (ostep_deterministic _ _ _ _ _ _ St St') as <-.
      destruct (IH _ _ _ _ R' F Rk') as (L & R'').
      split; [lia | exact R''].
Qed.

(* Two runs from one start that both end final are the same run. *)
Lemma osteps_final_unique : forall o rs sc n n' s sf sf',
    osteps o rs sc n s sf -> final sf -> osteps o rs sc n' s sf' -> final sf' ->
    n = n' /\ sf = sf'.
Proof.
  intros o rs sc n n' s sf sf' R F R' F'.
  destruct (osteps_split _ _ _ _ _ _ _ _ R F R') as (L & Rest).
  inversion Rest as [|m s1 s2 s3 St _]; subst.
  - split; [lia | reflexivity].
  - exfalso. eapply ofinal_no_step; [exact F' | exact St].
Qed.

(* ---- heaps that bind the same objects ---- *)

Definition hext (G G' : heap) : Prop :=
  next G = next G' /\ forall a, find_addr a (binds G) = find_addr a (binds G').

Definition sext (s u : state) : Prop :=
  ccc s = ccc u /\ hext (hp s) (hp u) /\ ctl s = ctl u /\ stk s = stk u /\
  forall c k, th s c k = th u c k.

Lemma find_addr_app : forall a l r,
    find_addr a (l ++ r) = match find_addr a l with Some o => Some o | None => find_addr a r end.
Proof.
  induction l as [|[b o] l IH]; intros r; simpl; [reflexivity|].
  destruct (Nat.eqb a b); [reflexivity | apply IH].
Qed.

Lemma hext_lookup : forall G G' x, hext G G' -> lookup G x = lookup G' x.
Proof. intros G G' [v|a] [_ H]; simpl; [reflexivity | apply H]. Qed.

Lemma hext_remove : forall G G' x, hext G G' -> hext (remove G x) (remove G' x).
Proof.
  intros G G' [v|a] [Hn H]; simpl; [split; assumption|].
  split; [exact Hn|]. intros b. simpl. rewrite !find_addr_filter', H. reflexivity.
Qed.

Lemma hext_update : forall G G' x o, hext G G' -> hext (update G x o) (update G' x o).
Proof.
  intros G G' [v|a] o [Hn H]; simpl; [split; assumption|].
  split; [exact Hn|]. intros b. simpl. rewrite H. reflexivity.
Qed.

Lemma let_rename_next : forall G G' bs e, next G = next G' -> let_rename G bs e = let_rename G' bs e.
Proof. intros. unfold let_rename, let_addrs. rewrite H. reflexivity. Qed.

Lemma hext_let : forall G G' bs c, hext G G' -> hext (let_alloc G bs c) (let_alloc G' bs c).
Proof.
  intros G G' bs c [Hn H]. unfold let_alloc, let_rename, let_addrs, hext. simpl.
  rewrite Hn. split; [reflexivity|].
  intros a. rewrite !find_addr_app.
  destruct (find_addr a _); [reflexivity | apply H].
Qed.

Lemma charge_ext : forall a kk n t t', (forall c k, t c k = t' c k) ->
    forall c k, charge a kk n t c k = charge a kk n t' c k.
Proof.
  intros a kk n t t' H c k. unfold charge.
  destruct (string_dec a c); [destruct (counter_eq_dec kk k)|]; rewrite H; reflexivity.
Qed.

Lemma sext_intro : forall c G G' e S t t', hext G G' -> (forall c k, t c k = t' c k) ->
    sext (mkstate c G e S t) (mkstate c G' e S t').
Proof. intros. unfold sext; simpl. repeat split; try reflexivity; apply H || apply H0. Qed.

Ltac sext_tac :=
  apply sext_intro;
  try apply hext_remove; try apply hext_update; try apply hext_let; try assumption;
  repeat (apply charge_ext); assumption.

Lemma step_ext : forall rs sc s s' u, step rs sc s s' -> sext s u ->
    exists u', step rs sc u u' /\ sext s' u'.
Proof.
  intros rs sc [c0 G0 e0 S0 t0] s' [c' G' e' S' t'] St (Hc & Hh & He & HS & Ht).
  simpl in *. subst c' e' S'.
  assert (HL : forall x, lookup G0 x = lookup G' x) by (intro; apply hext_lookup; exact Hh).
  inversion St; subst; simpl in *;
    try (rewrite HL in *);
    (eexists; split; [econstructor; eassumption|]);
    try (erewrite (let_rename_next G0 G') by apply Hh);
    sext_tac.
Qed.

Lemma ostep_ext : forall o rs sc s s' u, ostep o rs sc s s' -> sext s u ->
    exists u', ostep o rs sc u u' /\ sext s' u'.
Proof.
  intros [|] rs sc s s' u St Hx; simpl in St.
  - exact (step_ext _ _ _ _ _ St Hx).
  - destruct St as [[Hp St]|St].
    + destruct (step_ext _ _ _ _ _ St Hx) as (u' & St' & Hx').
      exists u'. split; [|exact Hx']. left. split; [|exact St'].
      destruct Hx as (_ & _ & He & HS & _). unfold prim13_state in *. rewrite <- He, <- HS. exact Hp.
    + destruct u as [c' G' e' S' t']. destruct Hx as (Hc & Hh & He & HS & Ht). simpl in *.
      subst c' e' S'. inversion St; subst.
      * eexists; split; [right; apply Rtl_Prim1|]. sext_tac.
      * eexists; split; [right; apply Rtl_Prim3; eassumption|]. sext_tac.
Qed.

Lemma osteps_ext : forall o rs sc n s s' u, osteps o rs sc n s s' -> sext s u ->
    exists u', osteps o rs sc n u u' /\ sext s' u'.
Proof.
  intros o rs sc n s s' u R. revert u.
  induction R as [s|n s1 s2 s3 St R IH]; intros u Hx.
  - exists u. split; [constructor | exact Hx].
  - destruct (ostep_ext _ _ _ _ _ _ St Hx) as (u2 & St' & Hx2).
    destruct (IH _ Hx2) as (u3 & R' & Hx3).
    exists u3. split; [econstructor; eassumption | exact Hx3].
Qed.

Lemma sext_final : forall s u, sext s u -> final s -> final u.
Proof. intros s u (_ & _ & He & HS & _) [Hv Hs]. split; congruence. Qed.

(* Extensionally equal heaps, one of them well formed, are related by the
   identity renaming. *)
Lemma hext_heap_rn : forall G G', heap_wf G -> hext G G' -> heap_rn (fun a => a) G G'.
Proof.
  intros G G' W [Hn H]. constructor; try (intros; lia).
  - intros a. rewrite <- H. destruct (find_addr a (binds G)) as [[e c]|]; [|reflexivity].
    unfold rn_obj. simpl. rewrite rn_id. reflexivity.
  - exact W.
  - intros b Hb. rewrite <- H. apply W. lia.
  - eauto.
Qed.

(* ---- the invariant of plain runs ---- *)

(* The addresses of the update frames of a stack. *)
Fixpoint upds (S : list frame) : list var :=
  match S with
  | [] => []
  | FUpd y _ :: S' => y :: upds S'
  | _ :: S' => upds S'
  end.

(* An address under evaluation: allocated, unbound. *)
Definition hole (G : heap) (y : var) : Prop :=
  exists a, y = VAddr a /\ a < next G /\ find_addr a (binds G) = None.

Definition inv (s : state) : Prop :=
  heap_wf (hp s) /\ (forall y, In y (upds (stk s)) -> hole (hp s) y) /\ NoDup (upds (stk s)).

Definition vle (G G' : heap) : Prop :=
  forall a z cz, find_addr a (binds G) = Some (z, cz) -> is_value z = true ->
                 find_addr a (binds G') = Some (z, cz).

Lemma vle_refl : forall G, vle G G.
Proof. unfold vle; auto. Qed.

Lemma vle_trans : forall G1 G2 G3, vle G1 G2 -> vle G2 G3 -> vle G1 G3.
Proof. unfold vle; eauto. Qed.

Lemma vle_remove : forall G G' x, vle G G' -> vle (remove G x) (remove G' x).
Proof.
  intros G G' [v|a] H; simpl; [exact H|].
  unfold vle in *. simpl. intros b z cz Hb Hv. rewrite find_addr_filter' in *.
  destruct (Nat.eqb b a); [discriminate | eauto].
Qed.

Lemma lookup_lt_wf : forall G x o, heap_wf G -> lookup G x = Some o ->
    exists a, x = VAddr a /\ a < next G /\ find_addr a (binds G) = Some o.
Proof.
  intros G [v|a] o W L; simpl in L; [discriminate|]. exists a.
  split; [reflexivity|]. split; [|exact L].
  destruct (Nat.ltb_spec a (next G)); [assumption|]. rewrite W in L; [discriminate | lia].
Qed.

Lemma let_alloc_old : forall G bs c a, a < next G ->
    find_addr a (binds (let_alloc G bs c)) = find_addr a (binds G).
Proof.
  intros G bs c a Ha. unfold let_alloc; simpl.
  rewrite find_addr_combine' by apply map_length. bools. reflexivity.
Qed.

Lemma let_alloc_wf : forall G bs c, heap_wf G -> heap_wf (let_alloc G bs c).
Proof.
  intros G bs c W a Ha. unfold let_alloc in *; simpl in *.
  rewrite find_addr_combine' by apply map_length. bools. apply W. lia.
Qed.

(* The stack and its holes, through the rows that leave update frames
   alone. *)
Lemma ostep_inv : forall o rs sc s s', ostep o rs sc s s' -> inv s -> inv s'.
Proof.
  intros o rs sc s s' St (W & Hh & Nd).
  assert (St' : step rs sc s s' \/ rtl_row s s') by (destruct o; simpl in St; tauto).
  clear St. destruct St' as [St|St]; [destruct St|destruct St]; simpl in *;
    unfold inv; simpl.
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - (* var2: x removed, its update frame pushed *)
    destruct (lookup_lt_wf _ _ _ W H) as (a & -> & Ha & Fa). simpl.
    split; [intros b Hb; simpl in *; rewrite find_addr_filter'; destruct (Nat.eqb b a); [reflexivity | apply W; exact Hb]|].
    split.
    + intros y [<-|Hy].
      * exists a. simpl. split; [reflexivity|]. split; [exact Ha|].
        rewrite find_addr_filter', Nat.eqb_refl. reflexivity.
      * destruct (Hh y Hy) as (b & -> & Hb & Fb). exists b. simpl.
        split; [reflexivity|]. split; [exact Hb|]. rewrite find_addr_filter', Fb.
        destruct (Nat.eqb b a); reflexivity.
    + constructor; [|exact Nd]. intros Hin. destruct (Hh _ Hin) as (b & E & _ & Fb).
      injection E as <-. congruence.
  - (* var3: the update frame popped, its address bound *)
    destruct (Hh x (or_introl eq_refl)) as (a & -> & Ha & Fa). simpl.
    inversion Nd as [|? ? Nx Nd']; subst.
    split; [intros b Hb; simpl in *; destruct (Nat.eqb_spec b a); [lia | apply W; exact Hb]|].
    split; [|exact Nd'].
    intros y Hy. destruct (Hh y (or_intror Hy)) as (b & -> & Hb & Fb). exists b.
    split; [reflexivity|]. split; [exact Hb|].
    simpl. destruct (Nat.eqb_spec b a); [subst; contradiction | exact Fb].
  - (* let *)
    split; [apply let_alloc_wf; exact W|]. split; [|exact Nd].
    intros y Hy. destruct (Hh y Hy) as (b & -> & Hb & Fb). exists b.
    split; [reflexivity|]. split; [simpl; lia|]. rewrite let_alloc_old; assumption.
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
  - split; [exact W | split; assumption].
Qed.

Lemma osteps_inv : forall o rs sc n s s', osteps o rs sc n s s' -> inv s -> inv s'.
Proof. induction 1; intros; [assumption | eapply IHosteps, ostep_inv; eassumption]. Qed.

(* A row never changes an address bound to a value. *)
Lemma ostep_vle : forall o rs sc s s', ostep o rs sc s s' -> inv s -> vle (hp s) (hp s').
Proof.
  intros o rs sc s s' St (W & Hh & Nd).
  assert (St' : step rs sc s s' \/ rtl_row s s') by (destruct o; simpl in St; tauto).
  clear St. destruct St' as [St|St]; [destruct St|destruct St]; simpl in *;
    try apply vle_refl.
  - (* var2 removes a thunk *)
    destruct (lookup_lt_wf _ _ _ W H) as (a & -> & Ha & Fa). simpl.
    intros b z cz Fb Hv. simpl. rewrite find_addr_filter'.
    destruct (Nat.eqb_spec b a); [subst; congruence | exact Fb].
  - (* var3 binds a hole *)
    destruct (Hh x (or_introl eq_refl)) as (a & -> & Ha & Fa). simpl.
    intros b z cz Fb Hv. simpl. destruct (Nat.eqb_spec b a); [subst; congruence | exact Fb].
  - (* let allocates above *)
    intros b z cz Fb Hv. rewrite let_alloc_old; [exact Fb|].
    destruct (Nat.ltb_spec b (next G)); [assumption|]. rewrite W in Fb; [discriminate | lia].
Qed.

Lemma osteps_vle : forall o rs sc n s s', osteps o rs sc n s s' -> inv s -> vle (hp s) (hp s').
Proof.
  induction 1 as [s|n s1 s2 s3 St R IH]; intros I; [apply vle_refl|].
  eapply vle_trans; [eapply ostep_vle; eassumption|].
  apply IH. eapply ostep_inv; eassumption.
Qed.

Lemma init_inv : forall p, inv (init_state p).
Proof.
  intros p. unfold inv, init_state. simpl. split; [|split; [intros y [] | constructor]].
  intros a Ha. unfold init_heap in *. simpl in *.
  destruct (Nat.eqb_spec a 0); [lia|].
  rewrite <- (app_nil_r (combine _ _)).
  rewrite find_addr_combine' by apply map_length. bools. reflexivity.
Qed.

(* ---- SUB never current, either order ---- *)

Lemma ostep_ok : forall o rs sc s s', ostep o rs sc s s' -> state_ok s -> state_ok s'.
Proof.
  intros o rs sc s s' St Ok.
  assert (St' : step rs sc s s' \/ rtl_row s s') by (destruct o; simpl in St; tauto).
  destruct St' as [St'|St']; [eapply step_ok; eassumption|].
  destruct Ok as (Hc & Hh & He & Hs). destruct St'; simpl in *.
  - unfold state_ok; simpl. split; [exact Hc|]. split; [exact Hh|].
    split; [destruct a2; reflexivity|]. constructor; [exact Hc | exact Hs].
  - inversion Hs as [|? ? Hf HS]; subst. simpl in Hf.
    unfold state_ok; simpl. split; [exact Hf|]. split; [exact Hh|].
    split; [eapply prim_result_ok; eassumption | exact HS].
Qed.

Lemma osteps_ok : forall o rs sc n s s', osteps o rs sc n s s' -> state_ok s -> state_ok s'.
Proof. induction 1; intros; [assumption | eapply IHosteps, ostep_ok; eassumption]. Qed.

Theorem osub_never_current : forall o rs sc p n s,
    prog_no_sub p = true -> osteps o rs sc n (init_state p) s -> ccc s <> "SUB"%string.
Proof.
  intros o rs sc p n s Hp R. apply (osteps_ok _ _ _ _ _ _ R (init_state_ok p Hp)).
Qed.

(* Left to right, these runs are Run.steps. *)
Lemma osteps_ltr : forall rs sc n s s', osteps LTR rs sc n s s' <-> steps rs sc n s s'.
Proof.
  intros rs sc n s s'. split; induction 1; econstructor; eassumption.
Qed.
