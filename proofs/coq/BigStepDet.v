(* BigStepDet.v -- the big-step relation of BigStep.v is deterministic:
   a program has at most one value, returned cost centre, final heap and
   theta (docs/semantics.md section 3).  This is what lets "the program's
   cost" be a function of the program, and T1/T2 (docs/coq.md) state
   equality of theta rather than existence of some theta. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep.
Import ListNotations.

(* Use an induction hypothesis on the matching sub-derivation of the
   second derivation, and substitute what it equates. *)
Ltac use_ih :=
  match goal with
  | IH : forall t2 D2 z2 c2, eval ?rs ?sc ?c ?G ?e t2 D2 z2 c2 -> _,
    H : eval ?rs ?sc ?c ?G ?e _ _ _ _ |- _ =>
      let h := fresh "h" in
      pose proof (IH _ _ _ _ H) as h; clear IH H;
      destruct h as (? & ? & ? & ?); subst
  end.

Ltac clean :=
  repeat match goal with
  | H : Lam _ _ = Lam _ _ |- _ => injection H; clear H; intros; subst
  | H : Con _ _ = Con _ _ |- _ => injection H; clear H; intros; subst
  | H : Int _ = Int _ |- _ => injection H; clear H; intros; subst
  | H : Some _ = Some _ |- _ => injection H; clear H; intros; subst
  | H : (_, _) = (_, _) |- _ => injection H; clear H; intros; subst
  | H1 : ?a = Some _, H2 : ?a = Some _ |- _ => rewrite H1 in H2
  | H1 : ?a = Some _, H2 : ?a = None |- _ => rewrite H1 in H2; discriminate H2
  | H1 : ?a = true, H2 : ?a = false |- _ => rewrite H1 in H2; discriminate H2
  end.

Theorem eval_deterministic :
  forall rs sc c G e t1 D1 z1 c1,
    eval rs sc c G e t1 D1 z1 c1 ->
    forall t2 D2 z2 c2,
      eval rs sc c G e t2 D2 z2 c2 ->
      t1 = t2 /\ D1 = D2 /\ z1 = z2 /\ c1 = c2.
Proof.
  (* The first derivation's sub-derivations are cleared once their
     induction hypotheses exist, so that use_ih only ever meets the
     second derivation's. *)
  induction 1;
    repeat match goal with H : eval _ _ _ _ _ _ _ _ _ |- _ => clear H end;
    intros t2' D2' z2' c2' Hsecond; inversion Hsecond; subst;
    simpl in *; try discriminate; clean;
    repeat (use_ih; clean);
    simpl in *; clean; try contradiction; try discriminate;
    auto.
Qed.
