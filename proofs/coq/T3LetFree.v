(* T3LetFree.v -- T3 (docs/semantics.md section 5.2) with any number of
   forces, anywhere, either operand order, for programs without let
   (docs/coq.md, section "T3").

   Without let nothing is ever allocated: every heap of a run has the
   program's addresses, each bound to its original object, to a value
   its thunk evaluated to, or (while that thunk runs) to nothing.  The
   proof measures every evaluation against one heap Omega, the plain run's
   final heap: an evaluation from G that ends in D is, in Omega, an
   evaluation that enters no thunk (ForceEarly.eval0, its "skeleton"), and
   its theta is the skeleton's plus, for each thunk it evaluated (a thunk
   in G, a value in D), U and the theta of that thunk's own skeleton in
   Omega (cert).  That holds for the plain run and for a run with early
   forcing (EarlyBig.eeval) alike (costs_in_omega); when both evaluate
   the same thunks, the skeletons are one and the same, and so are the
   sums (a permutation of the same terms): same theta, value, cost centre
   and heap.

   "The forced thunks are needed" (t3_let_free_needed): every thunk the
   early run evaluated, the forced ones among them, the plain run
   evaluated too (its final heap binds a value there).  The converse
   follows: the plain run evaluates only what its skeletons read
   (plain_within, with reads0), and the early run evaluates all of that
   (costs_in_omega).  t3_let_free states the theorem with both halves as
   its hypothesis; T3Forced.v states "needed" on the forced thunks alone.
   The step count (two more per force) is not proven here. *)
Require Import ZArith String List Bool Arith Lia Permutation.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.MachineDet Ccm.Run
        Ccm.Program Ccm.Complete Ccm.Sound Ccm.ForceAtDemand Ccm.SubNeverCurrent
        Ccm.Interp Ccm.Order Ccm.Rename Ccm.ORun Ccm.ForceEarly Ccm.EarlyQ Ccm.EarlyBig.
Import ListNotations.
Open Scope nat_scope.
Open Scope list_scope.

(* ---- let-free expressions ---- *)

Fixpoint no_let (e : expr) : bool :=
  match e with
  | Lam _ b => no_let b
  | App f _ => no_let f
  | Var _ | Con _ _ | Int _ | Prim _ _ _ => true
  | Let _ _ => false
  | Case s alts d =>
      no_let s && forallb (fun alt => no_let (snd alt)) alts &&
      match d with Some de => no_let de | None => true end
  | Scc _ b | SccSub _ b => no_let b
  end.

Fixpoint no_let_subst (y : string) (a : var) (e : expr) {struct e} :
  no_let (subst y a e) = no_let e.
Proof.
  destruct e as [z b|f x|x|bs b|c xs|s alts d|c b|c b|n|op a1 a2]; simpl.
  - destruct (string_dec z y); simpl; [reflexivity | apply no_let_subst].
  - apply no_let_subst.
  - reflexivity.
  - destruct (existsb _ bs); reflexivity.
  - reflexivity.
  - rewrite no_let_subst. f_equal; [f_equal|].
    + induction alts as [|[[c ys] r] alts IH]; simpl; [reflexivity|].
      destruct (existsb _ ys); simpl; rewrite IH; [reflexivity|].
      rewrite no_let_subst. reflexivity.
    + destruct d; simpl; [apply no_let_subst | reflexivity].
  - apply no_let_subst.
  - apply no_let_subst.
  - reflexivity.
  - reflexivity.
Qed.

Lemma no_let_substs : forall ys xs e, no_let (substs ys xs e) = no_let e.
Proof.
  induction ys as [|y ys IH]; intros xs e; destruct xs; simpl; try reflexivity.
  rewrite IH. apply no_let_subst.
Qed.

Lemma select_nl : forall alts k ys b,
    forallb (fun alt => no_let (snd alt)) alts = true ->
    select alts k = Some (ys, b) -> no_let b = true.
Proof.
  induction alts as [|[[c ys'] b'] alts IH]; intros k ys b H E; simpl in *; [discriminate|].
  apply andb_prop in H. destruct H as [H1 H2].
  destruct (String.eqb k c); [injection E as <- <-; exact H1 | eapply IH; eassumption].
Qed.

Lemma prim_result_nl : forall op n1 n2 r, prim_result op n1 n2 = Some r -> no_let r = true.
Proof.
  intros op n1 n2 r H.
  destruct (prim_result_shape _ _ _ _ H) as [[n ->] | [b ->]]; [|destruct b]; reflexivity.
Qed.

Lemma atom_nl : forall a, no_let (atom_expr a) = true.
Proof. intros [x|n]; reflexivity. Qed.

Definition heap_nl (G : heap) : Prop :=
  forall a o, find_addr a (binds G) = Some o -> no_let (fst o) = true.

(* ---- how an evaluation changes a let-free heap ---- *)

Definition bound (G : heap) (a : nat) : Prop := find_addr a (binds G) <> None.

(* G -> D: values stay, every thunk of D was G's, holes stay holes. *)
Definition mono (G D : heap) : Prop :=
  vle G D /\
  (forall a o, find_addr a (binds D) = Some o -> is_value (fst o) = false ->
               find_addr a (binds G) = Some o) /\
  (forall a, find_addr a (binds G) = None <-> find_addr a (binds D) = None).

Lemma mono_refl : forall G, mono G G.
Proof. intros G. split; [apply vle_refl | split; [auto | tauto]]. Qed.

Lemma mono_trans : forall G1 G2 G3, mono G1 G2 -> mono G2 G3 -> mono G1 G3.
Proof.
  intros G1 G2 G3 (V1 & T1 & H1) (V2 & T2 & H2).
  split; [eapply vle_trans; eassumption|]. split; [eauto|].
  intros a. rewrite H1. apply H2.
Qed.

Lemma find_remove : forall G a b,
    find_addr b (binds (remove G (VAddr a))) = if Nat.eqb b a then None else find_addr b (binds G).
Proof. intros. simpl. apply find_addr_filter'. Qed.

Lemma find_update : forall G a b o,
    find_addr b (binds (update G (VAddr a) o)) = if Nat.eqb b a then Some o else find_addr b (binds G).
Proof. intros. reflexivity. Qed.

(* x removed (a thunk), its evaluation, x updated with a value. *)
Lemma mono_remove_update : forall G D a e ce z cz,
    find_addr a (binds G) = Some (e, ce) -> is_value e = false -> is_value z = true ->
    mono (remove G (VAddr a)) D ->
    mono G (update D (VAddr a) (z, cz)).
Proof.
  intros G D a e ce z cz Fa Ve Vz (V & T & H).
  split; [|split].
  - intros b w cw Fb Vw. rewrite find_update.
    destruct (Nat.eqb_spec b a) as [->|Hb]; [congruence|].
    apply V; [rewrite find_remove; apply Nat.eqb_neq in Hb; rewrite Hb; exact Fb | exact Vw].
  - intros b o Fb Vo. rewrite find_update in Fb.
    destruct (Nat.eqb_spec b a) as [->|Hb]; [injection Fb as <-; simpl in Vo; congruence|].
    pose proof (T b o Fb Vo) as Tb. rewrite find_remove in Tb.
    apply Nat.eqb_neq in Hb. rewrite Hb in Tb. exact Tb.
  - intros b. rewrite find_update. destruct (Nat.eqb_spec b a) as [->|Hb]; [split; congruence|].
    rewrite <- H, find_remove. apply Nat.eqb_neq in Hb. rewrite Hb. tauto.
Qed.

Lemma heap_nl_remove : forall G a, heap_nl G -> heap_nl (remove G (VAddr a)).
Proof.
  intros G a H b o Fb. rewrite find_remove in Fb. destruct (Nat.eqb b a); [discriminate | eauto].
Qed.

Lemma heap_nl_update : forall G a o, heap_nl G -> no_let (fst o) = true ->
    heap_nl (update G (VAddr a) o).
Proof.
  intros G a o H Ho b o' Fb. rewrite find_update in Fb.
  destruct (Nat.eqb b a); [injection Fb as <-; exact Ho | eauto].
Qed.

Lemma lookup_addr : forall G x o, lookup G x = Some o -> exists a, x = VAddr a.
Proof. intros G [v|a] o H; [discriminate | eauto]. Qed.

(* An evaluation of a let-free expression in a let-free heap. *)
Lemma eeval_nl : forall o rs sc c G e t D z cz,
    eeval o rs sc c G e t D z cz -> no_let e = true -> heap_nl G ->
    heap_nl D /\ no_let z = true /\ mono G D.
Proof.
  qeeval_induction;
    intros Ne HG; simpl in Ne.
  - split; [exact HG | split; [exact Ne | apply mono_refl]].
  - destruct (IH1 Ne HG) as (HT & Nl & M1). simpl in Nl.
    destruct (IH2 ltac:(rewrite no_let_subst; exact Nl) HT) as (HD & Nz & M2).
    split; [exact HD | split; [exact Nz | eapply mono_trans; eassumption]].
  - split; [exact HG|]. split; [|apply mono_refl].
    destruct (lookup_addr _ _ _ L) as [a ->]. exact (HG a (z, cz) L).
  - destruct (lookup_addr _ _ _ L) as [a ->].
    destruct (IH (HG a (e, ce) L) (heap_nl_remove _ _ HG)) as (HD & Nz & M).
    split; [apply heap_nl_update; assumption|]. split; [exact Nz|].
    eapply mono_remove_update; [exact L | exact Hv | eapply eeval_value; eassumption | exact M].
  - discriminate Ne.
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    destruct (IH1 Ns HG) as (HT & _ & M1).
    destruct (IH2 ltac:(rewrite no_let_substs; eapply select_nl; eassumption) HT) as (HD & Nz & M2).
    split; [exact HD | split; [exact Nz | eapply mono_trans; eassumption]].
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    destruct (IH1 Ns HG) as (HT & _ & M1).
    destruct (IH2 Nd HT) as (HD & Nz & M2).
    split; [exact HD | split; [exact Nz | eapply mono_trans; eassumption]].
  - exact (IH Ne HG).
  - exact (IH Ne HG).
  - destruct (IH1 (atom_nl _) HG) as (H1 & _ & M1).
    destruct (IH2 (atom_nl _) H1) as (H2 & _ & M2).
    split; [exact H2 | split; [eapply prim_result_nl; eassumption | eapply mono_trans; eassumption]].
  - destruct (IH2 (atom_nl _) HG) as (H1 & _ & M1).
    destruct (IH1 (atom_nl _) H1) as (H2 & _ & M2).
    split; [exact H2 | split; [eapply prim_result_nl; eassumption | eapply mono_trans; eassumption]].
  - destruct (lookup_addr _ _ _ L) as [a ->].
    destruct (IH1 (HG a (ex, ce) L) (heap_nl_remove _ _ HG)) as (HD1 & Nz1 & M1).
    pose proof (eeval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    destruct (IH2 Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)) as (HD2 & _ & M2).
    destruct (IH3 Ne HD2) as (HD & Nz & M3).
    split; [exact HD | split; [exact Nz|]].
    eapply mono_trans; [eapply mono_remove_update; eassumption|].
    eapply mono_trans; eassumption.
  - destruct (IH1 Ne HG) as (HD1 & Nz & M1).
    destruct (IH2 Nz HD1) as (HD2 & Nz2 & M2).
    split; [exact HD2 | split; [exact Nz2 | eapply mono_trans; eassumption]].
Qed.

(* ---- eval0: the skeletons ---- *)

Lemma eval0_vle : forall rs sc c G e t z cz, eval0 rs sc c G e t z cz ->
    forall G', vle G G' -> eval0 rs sc c G' e t z cz.
Proof.
  induction 1; intros G' V; try (econstructor; eauto; fail).
  destruct x as [nm|a]; [discriminate H|]. apply E0VarValue; [|exact H0]. apply V; assumption.
Qed.

Ltac det_step :=
  match goal with
  | IH : forall t' z' cz', eval0 _ _ ?c ?G ?e t' z' cz' -> ?t = t' /\ _ ,
    H : eval0 _ _ ?c ?G ?e ?t2 _ _ |- _ =>
      tryif unify t t2 then fail else
      let A := fresh in let B := fresh in let C := fresh in
      destruct (IH _ _ _ H) as (A & B & C); clear IH H; subst
  | H : Lam _ _ = Lam _ _ |- _ => injection H as <- <-
  | H : Con _ _ = Con _ _ |- _ => injection H as <- <-
  | H : Int _ = Int _ |- _ => injection H as <-
  | H1 : ?x = Some (_, _), H2 : ?x = Some (_, _) |- _ => rewrite H1 in H2; injection H2 as <- <-
  | H1 : ?x = Some _, H2 : ?x = Some _ |- _ => rewrite H1 in H2; injection H2 as <-
  end.

Lemma eval0_det : forall rs sc c G e t z cz, eval0 rs sc c G e t z cz ->
    forall t' z' cz', eval0 rs sc c G e t' z' cz' -> t = t' /\ z = z' /\ cz = cz'.
Proof.
  induction 1; intros t' z' cz' E'; inversion E'; subst; try (simpl in *; discriminate);
    repeat det_step; auto; simpl in *; try congruence.
Qed.

Lemma eval0_of_value : forall rs sc c G v t z cz, eval0 rs sc c G v t z cz ->
    is_value v = true -> t = empty /\ z = v /\ cz = c.
Proof. intros. inversion H; subst; simpl in *; try discriminate; auto. Qed.

Lemma eval_eeval : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> eeval LTR rs sc c G e t D z cz.
Proof. induction 1; try (econstructor; eauto; fail). Qed.

(* ---- Omega restricted to what G binds ---- *)

Definition restrict (Om G : heap) : heap :=
  mkheap (next Om)
         (filter (fun p => match find_addr (fst p) (binds G) with Some _ => true | None => false end)
                 (binds Om)).

Lemma find_restrict : forall Om G a,
    find_addr a (binds (restrict Om G)) =
    match find_addr a (binds G) with Some _ => find_addr a (binds Om) | None => None end.
Proof.
  intros Om G a. unfold restrict; simpl. induction (binds Om) as [|[b o] l IH]; simpl.
  - destruct (find_addr a (binds G)); reflexivity.
  - destruct (find_addr b (binds G)) eqn:Eb; simpl.
    + destruct (Nat.eqb_spec a b) as [->|]; [rewrite Eb; reflexivity | exact IH].
    + rewrite IH. destruct (Nat.eqb_spec a b) as [->|]; [rewrite Eb; reflexivity|].
      reflexivity.
Qed.

Lemma restrict_same : forall Om G G', (forall a, find_addr a (binds G) = None <-> find_addr a (binds G') = None) ->
    vle (restrict Om G) (restrict Om G').
Proof.
  intros Om G G' H a z cz F Vz. rewrite find_restrict in *.
  destruct (find_addr a (binds G)) eqn:E1; [|discriminate].
  destruct (find_addr a (binds G')) eqn:E2; [exact F|].
  apply H in E2. congruence.
Qed.

Lemma restrict_remove : forall Om G a,
    vle (restrict Om (remove G (VAddr a))) (remove Om (VAddr a)).
Proof.
  intros Om G a b z cz F Vz. rewrite find_restrict, find_remove in F. rewrite find_remove.
  destruct (Nat.eqb b a); [discriminate|].
  destruct (find_addr b (binds G)); [exact F | discriminate].
Qed.

Definition val_at (G : heap) (a : nat) : Prop :=
  exists z cz, find_addr a (binds G) = Some (z, cz) /\ is_value z = true.

Lemma val_at_vle : forall D D' b, val_at D b -> vle D D' -> val_at D' b.
Proof. intros D D' b (z & cz & F & V) H. exists z, cz. split; [apply H|]; assumption. Qed.

(* ---- the cost of a thunk, measured in Omega ---- *)

Section Omega.
Variables (rs : ruleset) (sc : scoping) (H0 Om : heap).

(* a's thunk (in H0) evaluates in Omega, with a removed, entering no thunk,
   to Omega's value at a; th is U plus that skeleton's theta. *)
Definition cert (a : nat) (th : theta) : Prop :=
  exists e ce t z cz,
    find_addr a (binds H0) = Some (e, ce) /\ is_value e = false /\
    find_addr a (binds Om) = Some (z, cz) /\
    eval0 rs sc ce (remove Om (VAddr a)) e t z cz /\ th = charge cz CU 1 t.

Lemma cert_fun : forall a th th', cert a th -> cert a th' -> th = th'.
Proof.
  intros a th th' (e & ce & t & z & cz & F & _ & Fo & E & ->) (e' & ce' & t' & z' & cz' & F' & _ & Fo' & E' & ->).
  rewrite F in F'. injection F' as <- <-. rewrite Fo in Fo'. injection Fo' as <- <-.
  destruct (eval0_det _ _ _ _ _ _ _ _ E _ _ _ E') as (<- & _ & _). reflexivity.
Qed.

Definition sump (L : list (nat * theta)) : theta :=
  fold_right (fun p t => plus (snd p) t) empty L.

Lemma sump_app : forall L1 L2 c k, sump (L1 ++ L2) c k = sump L1 c k + sump L2 c k.
Proof.
  induction L1 as [|p L1 IH]; intros; simpl; [reflexivity|].
  unfold plus. rewrite IH. lia.
Qed.

Lemma sump_cons : forall p L c k, sump (p :: L) c k = snd p c k + sump L c k.
Proof. reflexivity. Qed.

Lemma sump_nil : forall c k, sump [] c k = 0.
Proof. reflexivity. Qed.

Lemma sump_perm : forall L1 L2, Permutation L1 L2 -> forall c k, sump L1 c k = sump L2 c k.
Proof.
  induction 1; intros; simpl; unfold plus in *; try lia.
  - rewrite IHPermutation. reflexivity.
  - rewrite IHPermutation1, IHPermutation2. reflexivity.
Qed.

Definition newly (G D : heap) (a : nat) : Prop :=
  (exists e ce, find_addr a (binds G) = Some (e, ce) /\ is_value e = false) /\
  (exists z cz, find_addr a (binds D) = Some (z, cz) /\ is_value z = true).

Lemma newly_split : forall G T D, mono G T -> mono T D ->
    (forall a, newly G D a <-> newly G T a \/ newly T D a) /\
    (forall a, newly G T a -> ~ newly T D a).
Proof.
  intros G T D (V1 & T1 & H1) (V2 & T2 & H2). split.
  - intros a. split.
    + intros [(e & ce & Fg & Ve) Hd]. destruct (find_addr a (binds T)) as [[w cw]|] eqn:Ft.
      * destruct (is_value w) eqn:Vw.
        -- left. split; [eauto | eauto].
        -- right. split; [eauto | exact Hd].
      * apply H1 in Ft. congruence.
    + intros [[Hg (w & cw & Ft & Vw)]|[(e & ce & Ft & Ve) Hd]].
      * split; [exact Hg|]. exists w, cw. split; [apply V2; assumption | exact Vw].
      * split; [|exact Hd]. exists e, ce. split; [apply (T1 a (e, ce)); assumption | exact Ve].
  - intros a [_ (w & cw & Ft & Vw)] [(e & ce & Ft' & Ve) _]. congruence.
Qed.

Lemma NoDup_app_disj : forall {A} (l1 l2 : list A),
    NoDup l1 -> NoDup l2 -> (forall x, In x l1 -> ~ In x l2) -> NoDup (l1 ++ l2).
Proof.
  induction l1 as [|x l1 IH]; intros l2 N1 N2 D; simpl; [exact N2|].
  inversion N1; subst. constructor.
  - intros Hin. apply in_app_or in Hin. destruct Hin as [Hin|Hin]; [contradiction|].
    apply (D x); [left; reflexivity | exact Hin].
  - apply IH; auto. intros y Hy. apply D. right. exact Hy.
Qed.

(* b is looked up by an eval0 evaluation of e (along the evaluation:
   the first operand's value fixes the rest). *)
Inductive reads0 : cc -> heap -> expr -> nat -> Prop :=
| R0Var : forall c G b z cz, find_addr b (binds G) = Some (z, cz) -> is_value z = true ->
    reads0 c G (Var (VAddr b)) b
| R0App1 : forall c G e x b, reads0 c G e b -> reads0 c G (App e x) b
| R0App2 : forall c G e x t1 y bd cl b,
    eval0 rs sc c G e t1 (Lam y bd) cl -> reads0 (body_cc sc cl c) G (subst y x bd) b ->
    reads0 c G (App e x) b
| R0Case1 : forall c G s alts d b, reads0 c G s b -> reads0 c G (Case s alts d) b
| R0Case2 : forall c G s alts d t1 k xs cs ys bd b,
    eval0 rs sc c G s t1 (Con k xs) cs -> select alts k = Some (ys, bd) ->
    reads0 c G (substs ys xs bd) b -> reads0 c G (Case s alts d) b
| R0CaseD : forall c G s alts de t1 v cs b,
    eval0 rs sc c G s t1 v cs -> no_alt alts v -> reads0 c G de b ->
    reads0 c G (Case s alts (Some de)) b
| R0Scc : forall c G c' e b, reads0 c' G e b -> reads0 c G (Scc c' e) b
| R0SccSub : forall c G c' e b, reads0 c' G e b -> reads0 c G (SccSub c' e) b
| R0Prim1 : forall c G op a1 a2 b, reads0 c G (atom_expr a1) b -> reads0 c G (Prim op a1 a2) b
| R0Prim2 : forall c G op a1 a2 b, reads0 c G (atom_expr a2) b -> reads0 c G (Prim op a1 a2) b.

(* What an evaluation from G to D gives, measured in Omega. *)
Definition measured (c : cc) (G : heap) (e : expr) (t : theta) (D : heap) (z : expr) (cz : cc) : Prop :=
  exists t0 L,
    eval0 rs sc c (restrict Om G) e t0 z cz /\ vle D Om /\
    NoDup (map fst L) /\ (forall a, In a (map fst L) <-> newly G D a) /\
    (forall p, In p L -> cert (fst p) (snd p)) /\
    (forall c k, t c k = t0 c k + sump L c k) /\
    (* what its skeleton reads it has evaluated (or found a value) *)
    (forall Om' b, vle (restrict Om G) Om' -> vle Om' Om -> reads0 c Om' e b -> val_at D b) /\
    (* and so for the skeleton of every thunk it evaluated *)
    (forall a ex ce b, newly G D a -> find_addr a (binds G) = Some (ex, ce) ->
       reads0 ce (remove Om (VAddr a)) ex b -> val_at D b).

(* What Omega must be for an evaluation ending in D: every value of D is
   Omega's, or a value Omega has a certificate for. *)
Definition fits (D : heap) : Prop :=
  forall a z cz, find_addr a (binds D) = Some (z, cz) -> is_value z = true ->
    find_addr a (binds Om) = Some (z, cz) \/ exists th, cert a th.

Lemma fits_vle : forall D D', vle D D' -> fits D' -> fits D.
Proof. intros D D' V F a z cz Fa Vz. apply (F a z cz); [apply V|]; assumption. Qed.

(* SUB never ends a thunk's evaluation under fig2 (or fig6). *)
Definition sub_ok : Prop :=
  rs = Fig6 \/ forall a z cz e ce, find_addr a (binds Om) = Some (z, cz) -> is_value z = true ->
                  find_addr a (binds H0) = Some (e, ce) -> is_value e = false -> cz <> "SUB"%string.

(* The value Omega holds at a thunk the evaluation evaluated to z, cz. *)
Lemma omega_at : forall a e ce z cz t0 G,
    find_addr a (binds H0) = Some (e, ce) -> is_value e = false ->
    eval0 rs sc ce (restrict Om (remove G (VAddr a))) e t0 z cz ->
    (find_addr a (binds Om) = Some (z, cz) \/ exists th, cert a th) ->
    find_addr a (binds Om) = Some (z, cz) /\ cert a (charge cz CU 1 t0).
Proof.
  intros a e ce z cz t0 G F0 Ve E0 Hf.
  pose proof (eval0_vle _ _ _ _ _ _ _ _ E0 _ (restrict_remove Om G a)) as E1.
  assert (Fo : find_addr a (binds Om) = Some (z, cz)).
  { destruct Hf as [Hf|(th & e' & ce' & t' & z' & cz' & F' & _ & Fo & E' & _)]; [exact Hf|].
    rewrite F0 in F'. injection F' as <- <-.
    destruct (eval0_det _ _ _ _ _ _ _ _ E1 _ _ _ E') as (_ & <- & <-). exact Fo. }
  split; [exact Fo|].
  exists e, ce, t0, z, cz. repeat split; assumption.
Qed.

Lemma vle_remove_l : forall G a, vle (remove G (VAddr a)) G.
Proof.
  intros G a b z cz F V. rewrite find_remove in F. destruct (Nat.eqb b a); [discriminate | exact F].
Qed.

Lemma vle_update_hole : forall D a o, find_addr a (binds D) = None -> vle D (update D (VAddr a) o).
Proof.
  intros D a o Ha b z cz F V. rewrite find_update. destruct (Nat.eqb_spec b a) as [->|]; [congruence | exact F].
Qed.

Ltac sums :=
  let a := fresh "a" in let k := fresh "k" in
  intros a k; rewrite ?sump_cons, ?sump_app, ?sump_cons, ?sump_app, ?sump_nil; cbn [snd]; unfold charge, plus, empty in *;
  repeat match goal with
         | H : forall _ _, _ _ _ = _ |- _ => specialize (H a k)
         end;
  repeat (destruct (string_dec _ _)); repeat (destruct (counter_eq_dec _ _));
  lia.

(* costs_in_omega, an evaluation made of two, one after the other (the
   first's thunk list, NoDup and membership Nd1, Mem1; the second's Nd2,
   Mem2; Dj and Sp of newly_split): the thunks the whole evaluated are
   both lists' (merge_lists); and the skeleton of each reads what the
   whole has evaluated (merge_rb, from the parts' Rb1, Rb2 and heaps M1, M2). *)
Ltac merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp :=
  split; [rewrite map_app; apply NoDup_app_disj; [exact Nd1 | exact Nd2|];
          let a := fresh "a" in let H1 := fresh "H1" in let H2 := fresh "H2" in
          intros a H1 H2; apply Mem1 in H1; apply Mem2 in H2; exact (Dj a H1 H2)|];
  split; [let a := fresh "a" in intros a; rewrite map_app, in_app_iff, Mem1, Mem2, Sp; tauto|];
  split; [let p := fresh "p" in let Hp := fresh "Hp" in
          intros p Hp; apply in_app_or in Hp; destruct Hp; auto|].

Ltac merge_rb Sp Rb1 Rb2 M1 M2 :=
  let aa := fresh "aa" in let ex := fresh "ex" in let ce := fresh "ce" in let bb := fresh "bb" in
  let Hn := fresh "Hn" in let Fa := fresh "Fa" in let Hr := fresh "Hr" in
  intros aa ex ce bb Hn Fa Hr; apply Sp in Hn; destruct Hn as [Hn|Hn];
  [ exact (val_at_vle _ _ _ (Rb1 aa ex ce bb Hn Fa Hr) (proj1 M2))
  | let Hn' := fresh "Hn'" in let e' := fresh "e'" in let ce' := fresh "ce'" in
    let Ft := fresh "Ft" in let Ve' := fresh "Ve'" in let Fg := fresh "Fg" in
    pose proof Hn as Hn'; destruct Hn' as [(e' & ce' & Ft & Ve') _];
    pose proof (proj1 (proj2 M1) aa (e', ce') Ft Ve') as Fg; rewrite Fa in Fg; injection Fg as <- <-;
    exact (Rb2 aa ex ce bb Hn Ft Hr) ].

Lemma in_map_fst : forall (L : list (nat * theta)) a, In a (map fst L) -> exists th, In (a, th) L.
Proof.
  intros L a H. apply in_map_iff in H. destruct H as ([b th] & E & H). simpl in E. subst. eauto.
Qed.

Theorem costs_in_omega : forall o c G e t D z cz,
    eeval o rs sc c G e t D z cz ->
    no_let e = true -> heap_nl G ->
    (forall a ob, find_addr a (binds G) = Some ob -> is_value (fst ob) = false ->
                  find_addr a (binds H0) = Some ob) ->
    vle G Om -> fits D -> sub_ok ->
    measured c G e t D z cz.
Proof.
  qeeval_induction;
    intros Ne HG Th VG Fi So; simpl in Ne.
  - (* a value *)
    exists empty, []. split; [constructor; exact Hv|]. split; [exact VG|].
    split; [constructor|]. split.
    { intros a. simpl. split; [intros []|].
      intros [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence. }
    split; [intros p []|]. split; [sums|]. split.
    + intros Om' b _ _ Hr. inversion Hr; subst; simpl in Hv; discriminate.
    + intros a ex ce b [(e & ce' & F & Ve) (w & cw & F' & Vw)]. congruence.
  - (* application *)
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ne HG) as (HT & NlT & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 ltac:(simpl in NlT; rewrite no_let_subst; exact NlT) HT)
      as (HD & _ & M2).
    destruct (IH1 Ne HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t10 & L1 & Ev1 & VT & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (IH2 ltac:(simpl in NlT; rewrite no_let_subst; exact NlT) HT
                   ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t20 & L2 & Ev2 & VD & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists (charge c CA 1 (plus t10 t20)), (L1 ++ L2).
    split; [eapply E0App; [exact Ev1|]; eapply eval0_vle; [exact Ev2|];
            apply restrict_same; intros a; symmetry; apply (proj2 (proj2 M1))|].
    split; [exact VD|].
    merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp.
    split; [sums|]. split.
      + intros Om' bb V1 V2 Hr. inversion Hr; subst.
        * eapply val_at_vle; [eapply Ra1; eassumption | exact (proj1 M2)].
        * match goal with He : eval0 _ _ c Om' e _ _ _ |- _ =>
            destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ He) as (_ & El & <-)
          end.
          injection El as <- <-. eapply Ra2; [|exact V2 | eassumption]. eapply vle_trans; [|exact V1]. apply restrict_same. intros a'; symmetry; apply (proj2 (proj2 M1)).
      + merge_rb Sp Rb1 Rb2 M1 M2.

  - (* a variable bound to a value *)
    destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    exists (charge c CV 1 empty), []. split.
    + apply E0VarValue; [|exact Hv]. change (lookup (restrict Om G) (VAddr a)) with (find_addr a (binds (restrict Om G))). rewrite find_restrict, L. apply VG; assumption.
    + split; [exact VG|]. split; [constructor|]. split.
      { intros b. simpl. split; [intros []|].
        intros [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence. }
      split; [intros p []|]. split; [sums|]. split.
      * intros Om' b _ _ Hr. inversion Hr; subst. exists z, cz. split; assumption.
      * intros a' ex ce b [(e & ce' & F & Ve) (w & cw & F' & Vw)]. congruence.
  - (* a variable bound to a thunk *)
    destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    pose proof (Th a (e, ce) L Hv) as F0.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E (HG a (e, ce) L) (heap_nl_remove _ _ HG)) as (HD & Nz & M).
    pose proof (eeval_value _ _ _ _ _ _ _ _ _ _ E) as Vz.
    assert (Ha : find_addr a (binds D) = None)
      by (apply (proj2 (proj2 M)); rewrite find_remove, Nat.eqb_refl; reflexivity).
    destruct (IH (HG a (e, ce) L) (heap_nl_remove _ _ HG)
                 ltac:(intros b ob F V; rewrite find_remove in F; destruct (Nat.eqb b a); [discriminate|];
                       apply Th; assumption)
                 (vle_trans _ _ _ (vle_remove_l G a) VG)
                 (fits_vle _ _ (vle_update_hole _ _ _ Ha) Fi) So)
      as (t0 & L' & Ev & VD & Nd & Mem & C & Th1 & Ra & Rb).
    destruct (omega_at a e ce z cz t0 G F0 Hv Ev
                (Fi a z cz ltac:(rewrite find_update, Nat.eqb_refl; reflexivity) Vz)) as (Fo & Ca).
    assert (Eu : entered rs cz c = updated rs cz c).
    { apply entered_updated. destruct So as [So|So]; [left; exact So | right].
      exact (So a z cz e ce Fo Vz F0 Hv). }
    exists (charge c CV 1 empty), ((a, charge cz CU 1 t0) :: L'). split.
    + rewrite <- Eu. apply E0VarValue; [|exact Vz]. change (lookup (restrict Om G) (VAddr a)) with (find_addr a (binds (restrict Om G))). rewrite find_restrict, L. exact Fo.
    + split.
      { intros b w cw F V. rewrite find_update in F.
        destruct (Nat.eqb_spec b a) as [->|]; [injection F as <- <-; exact Fo | apply VD; assumption]. }
      split.
      { simpl. constructor; [|exact Nd]. intros Hin. apply Mem in Hin.
        destruct Hin as [(e' & ce' & F' & _) _]. rewrite find_remove, Nat.eqb_refl in F'. discriminate. }
      split.
      { intros b. cbn [map fst In]. rewrite Mem. unfold newly. rewrite find_remove, find_update.
        destruct (Nat.eqb_spec b a) as [->|Hb].
        - split; [intros _; split; eauto|]. intros _. left. reflexivity.
        - split; [intros [E'|E']; [congruence | exact E'] | intros E'; right; exact E']. }
      split; [intros p [<-|Hp]; [exact Ca | apply C; exact Hp]|].
      split; [sums|]. split.
      { intros Om' b _ _ Hr. inversion Hr; subst. exists z, cz.
        split; [rewrite find_update, Nat.eqb_refl; reflexivity | exact Vz]. }
      intros a' ex' ce' b Hn Fa Hr. apply (val_at_vle D); [|apply vle_update_hole; exact Ha].
      destruct (Nat.eqb_spec a' a) as [->|Ha'].
      * rewrite L in Fa. injection Fa as <- <-.
        eapply Ra; [apply restrict_remove | apply vle_remove_l | exact Hr].
      * eapply Rb; [| rewrite find_remove; apply Nat.eqb_neq in Ha'; rewrite Ha'; exact Fa | exact Hr].
        destruct Hn as [(e' & ce'' & F' & Ve') (w & cw & F'' & Vw)].
        split; [exists e', ce''; rewrite find_remove; apply Nat.eqb_neq in Ha'; rewrite Ha'; split; assumption|].
        exists w, cw. rewrite find_update in F''. apply Nat.eqb_neq in Ha'. rewrite Ha' in F''. split; assumption.
  - discriminate Ne.
  - (* case, an alternative *)
    apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    assert (Nb : no_let (substs ys xs b) = true) by (rewrite no_let_substs; eapply select_nl; eassumption).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ns HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 Nb HT) as (HD & _ & M2).
    destruct (IH1 Ns HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t10 & L1 & Ev1 & VT & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (IH2 Nb HT ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t20 & L2 & Ev2 & VD & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists (charge c CC 1 (plus t10 t20)), (L1 ++ L2).
    split; [eapply E0Case; [exact Ev1 | exact Sel | exact Len |]; eapply eval0_vle; [exact Ev2|];
            apply restrict_same; intros a; symmetry; apply (proj2 (proj2 M1))|].
    split; [exact VD|].
    merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp.
    split; [sums|]. split.
      + intros Om' b' V1 V2 Hr. inversion Hr; subst.
        * eapply val_at_vle; [eapply Ra1; eassumption | exact (proj1 M2)].
        * match goal with He : eval0 _ _ c Om' s _ _ _ |- _ =>
            destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ He) as (_ & El & _)
          end.
          injection El as <- <-.
          match goal with Hs : select alts k = Some _ |- _ => rewrite Sel in Hs; injection Hs as <- <- end.
          eapply Ra2; [|exact V2 | eassumption]. eapply vle_trans; [|exact V1]. apply restrict_same. intros a'; symmetry; apply (proj2 (proj2 M1)).
        * match goal with He : eval0 _ _ c Om' s _ _ _ |- _ =>
            destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ He) as (_ & <- & _)
          end.
          match goal with Hn : no_alt alts (Con k xs) |- _ => simpl in Hn; congruence end.
      + merge_rb Sp Rb1 Rb2 M1 M2.

  - (* case, the default *)
    apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Na'].
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ns HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 Nd HT) as (HD & _ & M2).
    destruct (IH1 Ns HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t10 & L1 & Ev1 & VT & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (IH2 Nd HT ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t20 & L2 & Ev2 & VD & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists (charge c CC 1 (plus t10 t20)), (L1 ++ L2).
    split; [eapply E0CaseDefault; [exact Ev1 | exact Na |]; eapply eval0_vle; [exact Ev2|];
            apply restrict_same; intros a; symmetry; apply (proj2 (proj2 M1))|].
    split; [exact VD|].
    merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp.
    split; [sums|]. split.
      + intros Om' b' V1 V2 Hr. inversion Hr; subst.
        * eapply val_at_vle; [eapply Ra1; eassumption | exact (proj1 M2)].
        * match goal with He : eval0 _ _ c Om' s _ _ _ |- _ =>
            destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ He) as (_ & -> & _)
          end.
          simpl in Na. congruence.
        * match goal with He : eval0 _ _ c Om' s _ _ _ |- _ =>
            destruct (eval0_det _ _ _ _ _ _ _ _ (eval0_vle _ _ _ _ _ _ _ _ Ev1 _ V1) _ _ _ He) as (_ & <- & _)
          end.
          eapply Ra2; [|exact V2 | eassumption]. eapply vle_trans; [|exact V1]. apply restrict_same. intros a'; symmetry; apply (proj2 (proj2 M1)).
      + merge_rb Sp Rb1 Rb2 M1 M2.

  - (* scc *)
    destruct (IH Ne HG Th VG Fi So) as (t0 & L0 & Ev & VD & Nd & Mem & C & Th1 & Ra & Rb).
    exists (charge c' CEntries 1 (charge c CSubentries 1 t0)), L0.
    split; [constructor; exact Ev|]. do 4 (split; [assumption|]). split; [sums|]. split; [|exact Rb].
    intros Om' b V1 V2 Hr. inversion Hr; subst. eapply Ra; eassumption.
  - (* scc_sub *)
    destruct (IH Ne HG Th VG Fi So) as (t0 & L0 & Ev & VD & Nd & Mem & C & Th1 & Ra & Rb).
    exists t0, L0. split; [constructor; exact Ev|]. do 4 (split; [assumption|]). split; [sums|]. split; [|exact Rb].
    intros Om' b V1 V2 Hr. inversion Hr; subst. eapply Ra; eassumption.
  - (* a primitive, left to right *)
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 (atom_nl _) HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 (atom_nl _) HT) as (HD & _ & M2).
    destruct (IH1 (atom_nl _) HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t10 & L1 & Ev1 & VT & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (IH2 (atom_nl _) HT ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t20 & L2 & Ev2 & VD & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists (charge c CP 1 (plus t10 t20)), (L1 ++ L2).
    split; [eapply E0Prim; [exact Ev1 | | exact Pr]; eapply eval0_vle; [exact Ev2|];
            apply restrict_same; intros a; symmetry; apply (proj2 (proj2 M1))|].
    split; [exact VD|].
    merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp.
    split; [sums|]. split.
      + intros Om' bb V1 V2 Hr. inversion Hr; subst.
        * eapply val_at_vle; [eapply Ra1; eassumption | exact (proj1 M2)].
        * eapply Ra2; [|exact V2 | eassumption]. eapply vle_trans; [|exact V1]. apply restrict_same. intros a'; symmetry; apply (proj2 (proj2 M1)).
      + merge_rb Sp Rb1 Rb2 M1 M2.

  - (* a primitive, right to left *)
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 (atom_nl _) HG) as (HT & _ & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 (atom_nl _) HT) as (HD & _ & M2).
    destruct (IH2 (atom_nl _) HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t20 & L2 & Ev2 & VT & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (IH1 (atom_nl _) HT ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t10 & L1 & Ev1 & VD & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists (charge c CP 1 (plus t10 t20)), (L2 ++ L1).
    split; [eapply E0Prim; [| exact Ev2 | exact Pr]; eapply eval0_vle; [exact Ev1|];
            apply restrict_same; intros a; symmetry; apply (proj2 (proj2 M1))|].
    split; [exact VD|].
    merge_lists Nd2 Nd1 Mem2 Mem1 Dj Sp.
    split; [sums|]. split.
      + intros Om' bb V1 V2 Hr. inversion Hr; subst.
        * eapply Ra1; [|exact V2 | eassumption]. eapply vle_trans; [|exact V1]. apply restrict_same. intros a'; symmetry; apply (proj2 (proj2 M1)).
        * eapply val_at_vle; [eapply Ra2; eassumption | exact (proj1 M2)].
      + merge_rb Sp Rb2 Rb1 M1 M2.

  - (* force *)
    destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    pose proof (Th a (ex, ce) L Hv) as F0.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 (HG a (ex, ce) L) (heap_nl_remove _ _ HG)) as (HD1 & Nz1 & M1).
    pose proof (eeval_value _ _ _ _ _ _ _ _ _ _ E1) as V1.
    pose proof (mono_remove_update _ _ _ _ _ _ c1 L Hv V1 M1) as MG.
    set (G' := update D1 (VAddr a) (z1, c1)) in *.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)) as (HD2 & _ & M2).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E3 Ne HD2) as (HD & Nz & M3).
    assert (Ha1 : find_addr a (binds D1) = None)
      by (apply (proj2 (proj2 M1)); rewrite find_remove, Nat.eqb_refl; reflexivity).
    assert (FG' : find_addr a (binds G') = Some (z1, c1))
      by (unfold G'; rewrite find_update, Nat.eqb_refl; reflexivity).
    assert (FD : find_addr a (binds D) = Some (z1, c1))
      by (apply (proj1 M3); [apply (proj1 M2); [exact FG' | exact V1] | exact V1]).
    assert (Fi2 : fits D2) by (exact (fits_vle _ _ (proj1 M3) Fi)).
    assert (FiG : fits G') by (exact (fits_vle _ _ (proj1 M2) Fi2)).
    destruct (IH1 (HG a (ex, ce) L) (heap_nl_remove _ _ HG)
                 ltac:(intros b ob F V; rewrite find_remove in F; destruct (Nat.eqb b a); [discriminate|];
                       apply Th; assumption)
                 (vle_trans _ _ _ (vle_remove_l G a) VG)
                 (fits_vle _ _ (vle_update_hole _ _ _ Ha1) FiG) So)
      as (t10 & L1 & Ev1 & VD1 & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (omega_at a ex ce z1 c1 t10 G F0 Hv Ev1 (Fi a z1 c1 FD V1)) as (Fo & Ca).
    assert (VG' : vle G' Om).
    { intros b u' cu' F V. unfold G' in F. rewrite find_update in F.
      destruct (Nat.eqb_spec b a) as [->|]; [injection F as <- <-; exact Fo | apply VD1; assumption]. }
    destruct (IH2 Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)
                  ltac:(intros b ob F V; apply Th; [apply (proj1 (proj2 MG)) | ]; assumption)
                  VG' Fi2 So)
      as (t20 & L2 & Ev2 & VD2 & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (eval0_of_value _ _ _ _ _ _ _ _ Ev2 V1) as (-> & -> & ->).
    assert (MG2 : mono G D2) by (eapply mono_trans; eassumption).
    destruct (IH3 Ne HD2 ltac:(intros b ob F V; apply Th; [apply (proj1 (proj2 MG2)) | ]; assumption)
                  VD2 Fi So)
      as (t30 & L3 & Ev3 & VD & Nd3 & Mem3 & C3 & Th3 & Ra3 & Rb3).
    destruct (newly_split _ _ _ M2 M3) as (Sp23 & Dj23).
    (* the thunks each part evaluated *)
    assert (In1 : forall b, newly (remove G (VAddr a)) D1 b -> b <> a /\ newly G' D b = False -> True) by auto.
    clear In1.
    assert (N1a : ~ In a (map fst L1)).
    { intros Hin. apply Mem1 in Hin. destruct Hin as [(e' & ce' & F' & _) _].
      rewrite find_remove, Nat.eqb_refl in F'. discriminate. }
    assert (N2a : ~ In a (map fst L2)).
    { intros Hin. apply Mem2 in Hin. destruct Hin as [(e' & ce' & F' & Ve') _]. congruence. }
    assert (N3a : ~ In a (map fst L3)).
    { intros Hin. apply Mem3 in Hin. destruct Hin as [(e' & ce' & F' & Ve') _].
      rewrite (proj1 M2 a z1 c1 FG' V1) in F'. injection F' as <- <-. congruence. }
    assert (V1G : forall b, newly (remove G (VAddr a)) D1 b -> exists u' cu', find_addr b (binds G') = Some (u', cu') /\ is_value u' = true).
    { intros b [(e' & ce' & F' & _) (u' & cu' & Fw & Vw)]. exists u', cu'. split; [|exact Vw].
      unfold G'. rewrite find_update. rewrite find_remove in F'.
      destruct (Nat.eqb b a); [discriminate | exact Fw]. }
    assert (Dec : forall b, newly G D b -> b = a \/ newly (remove G (VAddr a)) D1 b \/ newly G' D b).
    { intros b [(e' & ce' & F' & Ve') (u' & cu' & Fw & Vw)].
      destruct (Nat.eqb_spec b a) as [->|Hb]; [left; reflexivity|right].
      destruct (find_addr b (binds D1)) as [[u cu]|] eqn:F1.
      + destruct (is_value u) eqn:Vu.
        * left. split; [exists e', ce'; rewrite find_remove; apply Nat.eqb_neq in Hb; rewrite Hb; split; assumption|].
          eauto.
        * right. split; [|eauto]. exists u, cu. split; [|exact Vu].
          unfold G'. rewrite find_update. apply Nat.eqb_neq in Hb. rewrite Hb. exact F1.
      + exfalso. apply (proj2 (proj2 M1)) in F1. rewrite find_remove in F1.
        apply Nat.eqb_neq in Hb. rewrite Hb in F1. congruence. }
    exists t30, ((a, charge c1 CU 1 t10) :: L1 ++ L2 ++ L3). split.
    + eapply eval0_vle; [exact Ev3|]. apply restrict_same. intros b. symmetry. apply (proj2 (proj2 MG2)).
    + split; [exact VD|].
      split.
      { simpl. constructor.
        - rewrite !map_app, !in_app_iff. tauto.
        - rewrite !map_app. apply NoDup_app_disj; [exact Nd1 | apply NoDup_app_disj; [exact Nd2 | exact Nd3|]|].
          + intros b H2 H3. apply Mem2 in H2. apply Mem3 in H3. exact (Dj23 b H2 H3).
          + intros b H1 H23. apply Mem1 in H1. destruct (V1G b H1) as (u' & cu' & Fw & Vw).
            rewrite in_app_iff in H23. destruct H23 as [H2|H3].
            * apply Mem2 in H2. destruct H2 as [(e' & ce' & F' & Ve') _]. congruence.
            * apply Mem3 in H3. destruct H3 as [(e' & ce' & F' & Ve') _].
              rewrite (proj1 M2 b u' cu' Fw Vw) in F'. congruence. }
      split.
      { intros b. simpl. rewrite !map_app, !in_app_iff, Mem1, Mem2, Mem3, <- Sp23. split.
        - intros [<-|[H1|H23]].
          + split; [exists ex, ce; split; assumption | exists z1, c1; split; assumption].
          + destruct (V1G b H1) as (u' & cu' & Fw & Vw). destruct H1 as [(e' & ce' & F' & Ve') _].
            rewrite find_remove in F'. destruct (Nat.eqb b a); [discriminate|].
            split; [eauto|]. exists u', cu'. split; [|exact Vw]. apply (proj1 M3); [apply (proj1 M2)|]; assumption.
          + destruct H23 as [(e' & ce' & F' & Ve') Hd]. split; [|exact Hd].
            exists e', ce'. split; [apply (proj1 (proj2 MG)) with (o := (e', ce')); assumption | exact Ve'].
        - intros [(e' & ce' & F' & Ve') (u' & cu' & Fw & Vw)].
          destruct (Nat.eqb_spec b a) as [->|Hb]; [left; reflexivity|right].
          destruct (find_addr b (binds D1)) as [[u cu]|] eqn:F1.
          + destruct (is_value u) eqn:Vu.
            * left. split; [exists e', ce'; rewrite find_remove; apply Nat.eqb_neq in Hb; rewrite Hb; split; assumption|].
              eauto.
            * right. split; [|eauto]. exists u, cu. split; [|exact Vu].
              unfold G'. rewrite find_update. apply Nat.eqb_neq in Hb. rewrite Hb. exact F1.
          + exfalso. apply (proj2 (proj2 M1)) in F1. rewrite find_remove in F1.
            apply Nat.eqb_neq in Hb. rewrite Hb in F1. congruence. }
      split; [intros p [<-|Hp]; [exact Ca|]; apply in_app_or in Hp; destruct Hp as [Hp|Hp]; [auto|];
              apply in_app_or in Hp; destruct Hp; auto|].
      split; [sums|]. split.
      { intros Om' bb V1' V2' Hr. eapply Ra3; [| exact V2' | exact Hr].
        eapply vle_trans; [|exact V1']. apply restrict_same. intros b'. symmetry. apply (proj2 (proj2 MG2)). }
      intros a' ex' ce' b Hn Fa Hr. destruct (Dec a' Hn) as [->|[H1|H23]].
      * rewrite L in Fa. injection Fa as <- <-.
        eapply val_at_vle; [eapply Ra1; [apply restrict_remove | apply vle_remove_l | exact Hr]|].
        eapply vle_trans; [apply vle_update_hole; exact Ha1|].
        eapply vle_trans; [exact (proj1 M2) | exact (proj1 M3)].
      * assert (Fr : find_addr a' (binds (remove G (VAddr a))) = Some (ex', ce')).
        { rewrite find_remove. destruct (Nat.eqb_spec a' a) as [->|]; [|exact Fa].
          destruct H1 as [(e' & ce'' & F' & _) _]. rewrite find_remove, Nat.eqb_refl in F'. discriminate. }
        eapply val_at_vle; [eapply Rb1; [exact H1 | exact Fr | exact Hr]|].
        eapply vle_trans; [apply vle_update_hole; exact Ha1|].
        eapply vle_trans; [exact (proj1 M2) | exact (proj1 M3)].
      * apply Sp23 in H23. destruct H23 as [H2|H3].
        -- pose proof H2 as H2'. destruct H2' as [(e' & ce'' & F' & Ve') _].
           pose proof (proj1 (proj2 MG) a' (e', ce'') F' Ve') as Fg. rewrite Fa in Fg. injection Fg as <- <-.
           eapply val_at_vle; [eapply Rb2; [exact H2 | exact F' | exact Hr] | exact (proj1 M3)].
        -- pose proof H3 as H3'. destruct H3' as [(e' & ce'' & F' & Ve') _].
           pose proof (proj1 (proj2 MG2) a' (e', ce'') F' Ve') as Fg. rewrite Fa in Fg. injection Fg as <- <-.
           eapply Rb3; [exact H3 | exact F' | exact Hr].
  - (* forces after a value *)
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ne HG) as (HD1 & Nz & M1).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 Nz HD1) as (HD2 & _ & M2).
    destruct (IH1 Ne HG Th VG (fits_vle _ _ (proj1 M2) Fi) So)
      as (t10 & L1 & Ev1 & VT & Nd1 & Mem1 & C1 & Th1 & Ra1 & Rb1).
    destruct (IH2 Nz HD1 ltac:(intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
                   VT Fi So)
      as (t20 & L2 & Ev2 & VD & Nd2 & Mem2 & C2 & Th2 & Ra2 & Rb2).
    destruct (eval0_of_value _ _ _ _ _ _ _ _ Ev2 (eeval_value _ _ _ _ _ _ _ _ _ _ E1)) as (-> & -> & ->).
    destruct (newly_split _ _ _ M1 M2) as (Sp & Dj).
    exists t10, (L1 ++ L2). split; [exact Ev1|].
    split; [exact VD|].
    merge_lists Nd1 Nd2 Mem1 Mem2 Dj Sp.
    split; [sums|]. split.
      + intros Om' bb V1 V2 Hr. eapply val_at_vle; [eapply Ra1; eassumption | exact (proj1 M2)].
      + merge_rb Sp Rb1 Rb2 M1 M2.

Qed.

Lemma reads0_vle : forall c G e b, reads0 c G e b -> forall G', vle G G' -> reads0 c G' e b.
Proof.
  induction 1; intros G' V; try (econstructor; eauto using eval0_vle; fail).
Qed.

(* The plain run evaluates only thunks its skeleton reads, or the
   skeletons of the thunks it evaluates read: inside any set C that holds
   what the skeleton reads and what the skeleton of each thunk in C
   reads. *)
(* In plain_within, a rule with two evaluations E1 and E2 of let-free
   expressions (N1, N2), named as in plain_within: both in Om (VT, ThT for what E1 leaves), E1's
   skeleton (Ev1), and one goal each for what E1 and E2 newly evaluate. *)
Ltac within_two E1 E2 N1 N2 HG Th VG VD So IH1 IH2 HC :=
  let E1' := fresh "E1'" in let E2' := fresh "E2'" in
  let HT := fresh "HT" in let M1 := fresh "M1" in let M2 := fresh "M2" in
  pose proof (eval_eeval _ _ _ _ _ _ _ _ _ E1) as E1';
  pose proof (eval_eeval _ _ _ _ _ _ _ _ _ E2) as E2';
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1' N1 HG) as (HT & _ & M1);
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2' N2 HT) as (_ & _ & M2);
  let VT := fresh "VT" in pose proof (vle_trans _ _ _ (proj1 M2) VD) as VT;
  lazymatch type of M1 with mono _ ?T =>
    let ThT := fresh "ThT" in
    assert (ThT : forall a ob, find_addr a (binds T) = Some ob -> is_value (fst ob) = false ->
                               find_addr a (binds H0) = Some ob)
      by (let a := fresh in let ob := fresh in let F := fresh in let V := fresh in
          intros a ob F V; apply Th; [apply (proj1 (proj2 M1)) | ]; assumption)
  end;
  destruct (costs_in_omega LTR _ _ _ _ _ _ _ E1' N1 HG Th VG
              ltac:(intros a w cw F V; left; apply VT; assumption) So)
    as (t10 & L1 & Ev1 & _);
  let Sp := fresh "Sp" in
  destruct (newly_split _ _ _ M1 M2) as (Sp & _);
  intros a Ha; apply Sp in Ha; destruct Ha as [Ha|Ha];
  [ eapply IH1; try eassumption; try exact (atom_nl _); intros bb Hr; apply HC
  | eapply IH2; try eassumption; try exact (atom_nl _); intros bb Hr; apply HC ].

(* ... what E2's skeleton reads from the heap E1 leaves, it reads from G. *)
Ltac read_after_E1 Hr :=
  eapply reads0_vle; [exact Hr|]; apply restrict_same; intros ?; symmetry;
  match goal with M1 : mono _ _ |- _ => apply (proj2 (proj2 M1)) end.

Lemma plain_within : forall c G e t D z cz,
    eval rs sc c G e t D z cz ->
    no_let e = true -> heap_nl G ->
    (forall a ob, find_addr a (binds G) = Some ob -> is_value (fst ob) = false ->
                  find_addr a (binds H0) = Some ob) ->
    vle G Om -> vle D Om -> sub_ok ->
    forall (C : nat -> Prop),
      (forall b, reads0 c (restrict Om G) e b -> C b) ->
      (forall a ex ce b, C a -> find_addr a (binds H0) = Some (ex, ce) -> is_value ex = false ->
                         reads0 ce (remove Om (VAddr a)) ex b -> C b) ->
      forall a, newly G D a -> C a.
Proof.
  eval_induction;
    intros Ne HG Th VG VD So C HC Hcl; simpl in Ne.
  - intros a [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence.
  - assert (Nb : no_let (subst y x b) = true).
    { destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ (eval_eeval _ _ _ _ _ _ _ _ _ E1) Ne HG) as (_ & NlT & _).
      simpl in NlT. rewrite no_let_subst. exact NlT. }
    within_two E1 E2 Ne Nb HG Th VG VD So IH1 IH2 HC.
    + apply R0App1. exact Hr.
    + eapply R0App2; [exact Ev1|]. read_after_E1 Hr.
  - intros a [(e & ce & F & Ve) (w & cw & F' & Vw)]. congruence.
  - destruct (lookup_addr _ _ _ L) as [a ->]. simpl in L.
    pose proof (eval_eeval _ _ _ _ _ _ _ _ _ E) as E'.
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E' (HG a (e, ce) L) (heap_nl_remove _ _ HG)) as (_ & _ & M).
    pose proof (eval_value _ _ _ _ _ _ _ _ _ E) as Vz.
    assert (Ha : find_addr a (binds D) = None)
      by (apply (proj2 (proj2 M)); rewrite find_remove, Nat.eqb_refl; reflexivity).
    assert (Fo : find_addr a (binds Om) = Some (z, cz))
      by (apply VD; [rewrite find_update, Nat.eqb_refl; reflexivity | exact Vz]).
    assert (Ca : C a).
    { apply HC. econstructor; [|exact Vz]. rewrite find_restrict, L. exact Fo. }
    intros a' Hn. destruct (Nat.eqb_spec a' a) as [->|Ha']; [exact Ca|].
    eapply IH.
    + exact (HG a (e, ce) L).
    + apply heap_nl_remove; exact HG.
    + intros b ob F V. rewrite find_remove in F. destruct (Nat.eqb b a); [discriminate|]. apply Th; assumption.
    + exact (vle_trans _ _ _ (vle_remove_l G a) VG).
    + exact (vle_trans _ _ _ (vle_update_hole _ _ _ Ha) VD).
    + exact So.
    + intros bb Hr. eapply (Hcl a e ce bb Ca (Th a (e, ce) L Hv) Hv).
      eapply reads0_vle; [exact Hr | apply restrict_remove].
    + exact Hcl.
    + destruct Hn as [(e' & ce' & F' & Ve') (w & cw & F'' & Vw)].
      split; [exists e', ce'; rewrite find_remove; apply Nat.eqb_neq in Ha'; rewrite Ha'; split; assumption|].
      exists w, cw. rewrite find_update in F''. apply Nat.eqb_neq in Ha'. rewrite Ha' in F''. split; assumption.
  - discriminate Ne.
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    assert (Nb : no_let (substs ys xs b) = true) by (rewrite no_let_substs; eapply select_nl; eassumption).
    within_two E1 E2 Ns Nb HG Th VG VD So IH1 IH2 HC.
    + apply R0Case1. exact Hr.
    + eapply R0Case2; [exact Ev1 | exact Sel|]. read_after_E1 Hr.
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    within_two E1 E2 Ns Nd HG Th VG VD So IH1 IH2 HC.
    + apply R0Case1. exact Hr.
    + eapply R0CaseD; [exact Ev1 | exact Na|]. read_after_E1 Hr.
  - eapply IH; try eassumption. intros bb Hr. apply HC. apply R0Scc. exact Hr.
  - eapply IH; try eassumption. intros bb Hr. apply HC. apply R0SccSub. exact Hr.
  - within_two E1 E2 (atom_nl a1) (atom_nl a2) HG Th VG VD So IH1 IH2 HC.
    + apply R0Prim1. exact Hr.
    + apply R0Prim2. read_after_E1 Hr.
Qed.

End Omega.

(* ---- no allocation: the next address stays ---- *)

Lemma eeval_next : forall o rs sc c G e t D z cz,
    eeval o rs sc c G e t D z cz -> no_let e = true -> heap_nl G -> next D = next G.
Proof.
  qeeval_induction;
    intros Ne HG; simpl in Ne.
  - reflexivity.
  - destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ne HG) as (HT & NlT & _). simpl in NlT.
    rewrite (IH2 ltac:(rewrite no_let_subst; exact NlT) HT). exact (IH1 Ne HG).
  - reflexivity.
  - destruct (lookup_addr _ _ _ L) as [a ->].
    simpl. rewrite (IH (HG a (e, ce) L) (heap_nl_remove _ _ HG)). reflexivity.
  - discriminate Ne.
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ns HG) as (HT & _ & _).
    rewrite (IH2 ltac:(rewrite no_let_substs; eapply select_nl; eassumption) HT). exact (IH1 Ns HG).
  - apply andb_prop in Ne. destruct Ne as [Ne Nd]. apply andb_prop in Ne. destruct Ne as [Ns Nal].
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ns HG) as (HT & _ & _).
    rewrite (IH2 Nd HT). exact (IH1 Ns HG).
  - exact (IH Ne HG).
  - exact (IH Ne HG).
  - destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 (atom_nl _) HG) as (HT & _ & _).
    rewrite (IH2 (atom_nl _) HT). exact (IH1 (atom_nl _) HG).
  - destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 (atom_nl _) HG) as (HT & _ & _).
    rewrite (IH1 (atom_nl _) HT). exact (IH2 (atom_nl _) HG).
  - destruct (lookup_addr _ _ _ L) as [a ->].
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 (HG a (ex, ce) L) (heap_nl_remove _ _ HG)) as (HD1 & Nz1 & _).
    destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E2 Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)) as (HD2 & _ & _).
    rewrite (IH3 Ne HD2), (IH2 Nz1 (heap_nl_update _ a (z1, c1) HD1 Nz1)). simpl.
    exact (IH1 (HG a (ex, ce) L) (heap_nl_remove _ _ HG)).
  - destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ E1 Ne HG) as (HD1 & Nz & _).
    rewrite (IH2 Nz HD1). exact (IH1 Ne HG).
Qed.

(* ---- SUB ends no thunk's evaluation (fig2, a program with no scc "SUB") ---- *)

Definition vsub_ok (H0 G : heap) : Prop :=
  forall a z cz e ce, find_addr a (binds G) = Some (z, cz) -> is_value z = true ->
    find_addr a (binds H0) = Some (e, ce) -> is_value e = false -> cz <> "SUB"%string.

Lemma eval_sub_ok : forall H0 rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> c <> "SUB"%string -> heap_ok G -> no_sub_scc e = true ->
    vsub_ok H0 G ->
    cz <> "SUB"%string /\ heap_ok D /\ no_sub_scc z = true /\ vsub_ok H0 D.
Proof.
  intros H0. eval_induction;
    intros Hc Hh He Hv0; simpl in He.
  - auto.
  - destruct (IH1 Hc Hh He Hv0) as (Hcl & HT & Hl & HvT). simpl in Hl.
    apply IH2; [destruct sc; assumption | exact HT | rewrite no_sub_scc_subst; exact Hl | exact HvT].
  - pose proof (lookup_ok _ _ _ Hh L) as [Hz _]. split; [apply entered_ok; exact Hc|]. auto.
  - pose proof (lookup_ok _ _ _ Hh L) as [He' Hce]. simpl in He', Hce.
    destruct (lookup_addr _ _ _ L) as [a ->].
    assert (Hv1 : vsub_ok H0 (remove G (VAddr a))).
    { intros b w cw ee cee F V F0 V0. rewrite find_remove in F.
      destruct (Nat.eqb b a); [discriminate | eapply Hv0; eassumption]. }
    destruct (IH (Hce Hv) (remove_ok _ _ Hh) He' Hv1) as (Hcz & HD & Hz & HvD).
    split; [apply updated_ok; assumption|]. split; [apply update_ok; [exact HD | split; [exact Hz | intros V; simpl in V;
              rewrite (eval_value _ _ _ _ _ _ _ _ _ E) in V; discriminate]]|].
    split; [exact Hz|].
    intros b w cw ee cee F V F0 V0. rewrite find_update in F.
    destruct (Nat.eqb b a); [injection F as <- <-; exact Hcz | eapply HvD; eassumption].
  - apply andb_prop in He. destruct He as [Hbs He].
    apply IH; [exact Hc | apply let_alloc_ok; assumption | unfold let_rename; rewrite no_sub_scc_substs; exact He|].
    intros b w cw ee cee F V F0 V0. unfold let_alloc in F. simpl in F.
    rewrite find_addr_combine' in F by apply map_length.
    destruct ((next G <=? b) && (b <? next G + length bs)).
    + rewrite nth_error_map in F. destruct (nth_error bs (b - next G)); [|discriminate].
      injection F as _ <-. exact Hc.
    + eapply Hv0; eassumption.
  - apply andb_prop in He. destruct He as [He Hd]. apply andb_prop in He. destruct He as [Hs Halts].
    destruct (IH1 Hc Hh Hs Hv0) as (_ & HT & _ & HvT).
    apply IH2; [exact Hc | exact HT | rewrite no_sub_scc_substs; eapply select_ok; eassumption | exact HvT].
  - apply andb_prop in He. destruct He as [He Hd]. apply andb_prop in He. destruct He as [Hs Halts].
    destruct (IH1 Hc Hh Hs Hv0) as (_ & HT & _ & HvT).
    apply IH2; [exact Hc | exact HT | exact Hd | exact HvT].
  - apply andb_prop in He. destruct He as [Hc' He].
    apply negb_true_iff, String.eqb_neq in Hc'. apply IH; assumption.
  - apply andb_prop in He. destruct He as [Hc' He].
    apply negb_true_iff, String.eqb_neq in Hc'. apply IH; assumption.
  - destruct (IH1 Hc Hh ltac:(destruct a1; reflexivity) Hv0) as (_ & H1 & _ & Hv1).
    destruct (IH2 Hc H1 ltac:(destruct a2; reflexivity) Hv1) as (_ & H2 & _ & Hv2).
    split; [exact Hc|]. split; [exact H2|]. split; [eapply prim_result_ok; eassumption | exact Hv2].
Qed.

(* ---- the theorem ---- *)

Definition prog_no_let (p : program) : bool :=
  no_let (main_rhs p) && forallb (fun b => no_let (snd b)) (tops p).

Lemma init_heap_nl : forall p, prog_no_let p = true -> heap_nl (init_heap p).
Proof.
  intros p H a o F. apply andb_prop in H. destruct H as [Hm Ht].
  unfold init_heap in F. simpl in F. destruct (Nat.eqb a 0).
  - injection F as <-. simpl. unfold rename_top. rewrite no_let_substs. exact Hm.
  - rewrite <- (app_nil_r (combine _ _)) in F.
    rewrite find_addr_combine' in F by apply map_length.
    destruct ((1 <=? a) && (a <? 1 + length (tops p))); [|discriminate].
    rewrite nth_error_map in F. destruct (nth_error (tops p) (a - 1)) as [[x r]|] eqn:E; [|discriminate].
    injection F as <-. simpl. unfold rename_top. rewrite no_let_substs.
    apply nth_error_In in E. rewrite forallb_forall in Ht. exact (Ht _ E).
Qed.

(* The plain run of a let-free program (what t3_let_free,
   t3_let_free_needed and T3Forced.t3_let_free_forced start from): its
   eval derivation, its heaps keep values (mono), SUB ends no thunk's
   evaluation (sub_ok), and it is measured in its own final heap. *)
Lemma plain_measured : forall rs sc p n sf,
    prog_no_let p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    exists tP, eval rs sc init_cc (init_heap p) init_ctl tP (hp sf) (ctl sf) (ccc sf) /\
      (forall a k, th sf a k = empty a k + tP a k) /\
      mono (init_heap p) (hp sf) /\ sub_ok rs (init_heap p) (hp sf) /\
      measured rs sc (init_heap p) (hp sf) init_cc (init_heap p) init_ctl tP (hp sf) (ctl sf) (ccc sf).
Proof.
  intros rs sc p n sf Hnl Hrs R F.
  destruct (run_sound _ _ _ _ _ _ _ _ R F) as (tP & EP & ThP).
  exists tP. split; [exact EP|]. split; [exact ThP|].
  set (H0 := init_heap p) in *. set (Om := hp sf).
  assert (N0 : heap_nl H0) by (apply init_heap_nl; exact Hnl).
  assert (Ne0 : no_let init_ctl = true) by reflexivity.
  pose proof (eval_eeval _ _ _ _ _ _ _ _ _ EP) as EP'.
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ EP' Ne0 N0) as (_ & _ & MP).
  assert (So : sub_ok rs H0 Om).
  { destruct Hrs as [Hrs|Hrs]; [left; exact Hrs | right].
    pose proof (init_state_ok p Hrs) as (Hc & Hh & Hs & _).
    destruct (eval_sub_ok H0 _ _ _ _ _ _ _ _ _ EP Hc Hh Hs) as (_ & _ & _ & Hv).
    - intros a z cz e ce F1 V1 F0 V0. rewrite F1 in F0. injection F0 as <- <-. congruence.
    - exact Hv. }
  split; [exact MP|]. split; [exact So|].
  exact (costs_in_omega rs sc H0 Om LTR _ _ _ _ _ _ _ EP' Ne0 N0 ltac:(auto) (proj1 MP)
           ltac:(intros a z cz Fa Va; left; exact Fa) So).
Qed.

(* T3 for a program without let: the plain run (left to right, no force)
   to a final state sf, and any run with early forcing, either operand
   order, to a final state sf', that evaluated the same thunks (the early
   run's final heap has a value exactly where the plain run's has one),
   end with the same cost centre, value, theta at every cost centre and
   counter, and heap (the identity renaming: nothing is allocated). *)
Theorem t3_let_free : forall o rs sc p n sf m sf',
    prog_no_let p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    osteps LTR rs sc n (init_state p) sf -> final sf ->
    oesteps o rs sc m (init_state p) sf' -> final sf' ->
    (forall a, val_at (hp sf') a <-> val_at (hp sf) a) ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    heap_rn (fun a => a) (hp sf) (hp sf') /\ ctl sf' = ctl sf.
Proof.
  intros o rs sc p n sf m sf' Hnl Hrs R F R' F' Need.
  apply osteps_ltr in R.
  (* the plain run, measured in its own final heap *)
  destruct (plain_measured _ _ _ _ _ Hnl Hrs R F)
    as (tP & EP & ThP & MP & So & (t0 & LP & Ev & _ & NdP & MemP & CP & TP & RaP & RbP)).
  destruct (early_run_sound _ _ _ _ _ _ _ _ _ R' F') as (tE & EE & ThE).
  set (H0 := init_heap p) in *. set (Om := hp sf).
  assert (N0 : heap_nl H0) by (apply init_heap_nl; exact Hnl).
  assert (Ne0 : no_let init_ctl = true) by reflexivity.
  pose proof (eval_eeval _ _ _ _ _ _ _ _ _ EP) as EP'.
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ EE Ne0 N0) as (_ & _ & ME).
  assert (Th0 : forall a ob, find_addr a (binds H0) = Some ob -> is_value (fst ob) = false ->
                             find_addr a (binds H0) = Some ob) by auto.
  (* every thunk the plain run evaluated has its certificate *)
  assert (Cons : forall a, newly H0 Om a -> exists th, cert rs sc H0 Om a th).
  { intros a Ha. apply MemP in Ha. apply in_map_fst in Ha. destruct Ha as (th & Ha).
    exists th. exact (CP _ Ha). }
  assert (NewE : forall a, newly H0 (hp sf') a <-> newly H0 Om a).
  { intros a. unfold newly. split; intros [Ht Hv]; split; try exact Ht.
    - apply Need in Hv. exact Hv.
    - apply Need. exact Hv. }
  (* the early run, measured in the plain run's final heap *)
  assert (FiE : fits rs sc H0 Om (hp sf')).
  { intros a z cz Fa Va.
    destruct (find_addr a (binds H0)) as [[e0 c0]|] eqn:F0.
    - destruct (is_value e0) eqn:V0.
      + left. pose proof (proj1 ME a e0 c0 F0 V0) as FE. rewrite FE in Fa. injection Fa as <- <-.
        apply (proj1 MP); assumption.
      + right. apply Cons. split; [exists e0, c0; split; assumption|].
        apply Need. exists z, cz. split; assumption.
    - apply (proj2 (proj2 ME)) in F0. congruence. }
  destruct (costs_in_omega rs sc H0 Om o _ _ _ _ _ _ _ EE Ne0 N0 Th0 (proj1 MP) FiE So)
    as (t0' & LE & Ev' & VE & NdE & MemE & CE & TE & RaE & RbE).
  destruct (eval0_det _ _ _ _ _ _ _ _ Ev _ _ _ Ev') as (<- & Ez & Ec).
  (* the same thunks, the same certificates: the same sum *)
  assert (Perm : Permutation LP LE).
  { apply NoDup_Permutation; [eapply NoDup_map_inv; exact NdP | eapply NoDup_map_inv; exact NdE|].
    intros [a th]. split; intros Hin.
    - assert (Ha : In a (map fst LE)) by (apply MemE, NewE, MemP; apply in_map_iff; exists (a, th); auto).
      apply in_map_fst in Ha. destruct Ha as (th' & Hin').
      pose proof (cert_fun _ _ _ _ _ _ _ (CP _ Hin) (CE _ Hin')) as Eq. simpl in Eq. subst. exact Hin'.
    - assert (Ha : In a (map fst LP)) by (apply MemP, NewE, MemE; apply in_map_iff; exists (a, th); auto).
      apply in_map_fst in Ha. destruct Ha as (th' & Hin').
      pose proof (cert_fun _ _ _ _ _ _ _ (CE _ Hin) (CP _ Hin')) as Eq. simpl in Eq. subst. exact Hin'. }
  split; [symmetry; exact Ec|]. split.
  { intros c k. rewrite ThE, ThP, TE, TP. unfold empty. rewrite (sump_perm _ _ Perm). reflexivity. }
  split; [|symmetry; exact Ez].
  (* the heaps *)
  apply hext_heap_rn.
  - pose proof (osteps_inv _ _ _ _ _ _ (proj2 (osteps_ltr _ _ _ _ _) R) (init_inv p)) as (W & _). exact W.
  - split.
    + unfold Om. rewrite (eeval_next _ _ _ _ _ _ _ _ _ _ EP' Ne0 N0), (eeval_next _ _ _ _ _ _ _ _ _ _ EE Ne0 N0).
      reflexivity.
    + intros a. unfold Om in *. destruct (find_addr a (binds H0)) as [[e0 c0]|] eqn:F0.
      * destruct (is_value e0) eqn:V0.
        -- rewrite (proj1 MP a e0 c0 F0 V0), (proj1 ME a e0 c0 F0 V0). reflexivity.
        -- destruct (find_addr a (binds (hp sf'))) as [[w cw]|] eqn:FE.
           ++ destruct (is_value w) eqn:Vw.
              ** exact (VE a w cw FE Vw).
              ** pose proof (proj1 (proj2 ME) a (w, cw) FE Vw) as F0'. rewrite F0 in F0'.
                 injection F0' as -> ->.
                 destruct (find_addr a (binds (hp sf))) as [[u cu]|] eqn:FP.
                 --- destruct (is_value u) eqn:Vu.
                     +++ exfalso. assert (Hv : val_at (hp sf) a) by (exists u, cu; split; assumption).
                         apply Need in Hv. destruct Hv as (u' & cu' & Fu & Vu'). congruence.
                     +++ pose proof (proj1 (proj2 MP) a (u, cu) FP Vu) as F0''. congruence.
                 --- apply (proj2 (proj2 MP)) in FP. congruence.
           ++ apply (proj2 (proj2 ME)) in FE. congruence.
      * pose proof F0 as F1. apply (proj2 (proj2 MP)) in F0. apply (proj2 (proj2 ME)) in F1.
        rewrite F0, F1. reflexivity.
Qed.

(* The same with the plain run as Run.steps (Machine.step, left to right). *)
Corollary t3_let_free_steps : forall o rs sc p n sf m sf',
    prog_no_let p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    oesteps o rs sc m (init_state p) sf' -> final sf' ->
    (forall a, val_at (hp sf') a <-> val_at (hp sf) a) ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros o rs sc p n sf m sf' Hnl Hrs R F R' F' Need.
  destruct (t3_let_free o rs sc p n sf m sf' Hnl Hrs (proj2 (osteps_ltr _ _ _ _ _) R) F R' F' Need)
    as (Hc & Ht & Hh & He).
  split; [exact Hc|]. split; [exact Ht|]. exists (fun a => a). split; [exact Hh|].
  rewrite rn_id. exact He.
Qed.

Lemma vle_restrict : forall Om G, vle (restrict Om G) Om.
Proof.
  intros Om G a z cz F V. rewrite find_restrict in F.
  destruct (find_addr a (binds G)); [exact F | discriminate].
Qed.

(* T3 for a program without let, with "needed" as a hypothesis on the thunks:
   every thunk the early run evaluated (the forced ones among them) the
   plain run evaluated too.  The converse, which t3_let_free assumes,
   follows: the plain run evaluates only what its skeletons read
   (plain_within), and the early run evaluates all of that
   (costs_in_omega). *)
Theorem t3_let_free_needed : forall o rs sc p n sf m sf',
    prog_no_let p = true ->
    (rs = Fig6 \/ prog_no_sub p = true) ->
    steps rs sc n (init_state p) sf -> final sf ->
    oesteps o rs sc m (init_state p) sf' -> final sf' ->
    (forall a, val_at (hp sf') a -> val_at (hp sf) a) ->
    ccc sf' = ccc sf /\ (forall c k, th sf' c k = th sf c k) /\
    exists r, heap_rn r (hp sf) (hp sf') /\ ctl sf' = rn_expr r (ctl sf).
Proof.
  intros o rs sc p n sf m sf' Hnl Hrs R F R' F' Need1.
  apply (t3_let_free_steps o rs sc p n sf m sf' Hnl Hrs R F R' F').
  intros a. split; [apply Need1|]. intros Hva.
  destruct (plain_measured _ _ _ _ _ Hnl Hrs R F)
    as (tP & EP & ThP & MP & So & (t0 & LP & Ev & _ & NdP & MemP & CP & TP & RaP & RbP)).
  destruct (early_run_sound _ _ _ _ _ _ _ _ _ R' F') as (tE & EE & ThE).
  set (H0 := init_heap p) in *. set (Om := hp sf).
  assert (N0 : heap_nl H0) by (apply init_heap_nl; exact Hnl).
  assert (Ne0 : no_let init_ctl = true) by reflexivity.
  destruct (eeval_nl _ _ _ _ _ _ _ _ _ _ EE Ne0 N0) as (_ & _ & ME).
  assert (Th0 : forall b ob, find_addr b (binds H0) = Some ob -> is_value (fst ob) = false ->
                             find_addr b (binds H0) = Some ob) by auto.
  assert (Cons : forall b, newly H0 Om b -> exists th, cert rs sc H0 Om b th).
  { intros b Hb. apply MemP in Hb. apply in_map_fst in Hb. destruct Hb as (th & Hb).
    exists th. exact (CP _ Hb). }
  assert (FiE : fits rs sc H0 Om (hp sf')).
  { intros b z cz Fb Vb.
    destruct (find_addr b (binds H0)) as [[e0 c0]|] eqn:F0.
    - destruct (is_value e0) eqn:V0.
      + left. pose proof (proj1 ME b e0 c0 F0 V0) as FE. rewrite FE in Fb. injection Fb as <- <-.
        apply (proj1 MP); assumption.
      + right. apply Cons. split; [exists e0, c0; split; assumption|].
        apply Need1. exists z, cz. split; assumption.
    - apply (proj2 (proj2 ME)) in F0. congruence. }
  destruct (costs_in_omega rs sc H0 Om o _ _ _ _ _ _ _ EE Ne0 N0 Th0 (proj1 MP) FiE So)
    as (t0' & LE & Ev' & VE & NdE & MemE & CE & TE & RaE & RbE).
  (* what the plain run evaluated, the early run evaluated *)
  assert (Within : forall b, newly H0 Om b -> val_at (hp sf') b).
  { apply (plain_within rs sc H0 Om _ _ _ _ _ _ _ EP Ne0 N0 Th0 (proj1 MP) (vle_refl _) So).
    - intros b Hr. exact (RaE _ b (vle_refl _) (vle_restrict _ _) Hr).
    - intros a' ex ce b Ha' F0 V0 Hr. apply (RbE a' ex ce b); [|exact F0 | exact Hr].
      split; [exists ex, ce; split; assumption | exact Ha']. }
  destruct Hva as (z & cz & Fz & Vz).
  destruct (find_addr a (binds H0)) as [[e0 c0]|] eqn:F0.
  - destruct (is_value e0) eqn:V0.
    + exists e0, c0. split; [apply (proj1 ME); assumption | exact V0].
    + apply Within. split; [exists e0, c0; split; assumption | exists z, cz; split; assumption].
  - apply (proj2 (proj2 MP)) in F0. unfold Om in *. congruence.
Qed.
