(* Order.v -- the machine with either operand order of a primitive (ccm's
   --order ltr|rtl, docs/syntax-and-cli.md): ostep o, its function
   ostep_fn o and why a run stops, ostop_of o.

   Machine.step is the machine of docs/semantics.md section 4, operands
   left to right, and everything proven of it (T1, T2, the smallest case
   of T3) is left as it is.  Right to left changes two rows and nothing
   else, as in ccm (kernel/rows_prim.c): prim1 pushes the left operand as
   the one still to do and evaluates the right one first; prim3 finds the
   left value in control and the right one in the frame.  prim2 is the
   same row in both orders (the frame keeps the value computed first, the
   control becomes the operand still to do).  So ostep LTR is step, and
   ostep RTL is step outside the states where prim1 or prim3 would fire,
   and the two right-to-left rows there.  Nothing about ostep RTL and the
   big-step rules is proven here (that is issue 44's T3 with either
   order); what is proven is that ostep_fn computes ostep, so that the
   lockstep comparison (docs/coq.md) runs this relation. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Interp.
Import ListNotations.

Inductive order := LTR | RTL.

(* The two rows right to left changes. *)
Inductive rtl_row : state -> state -> Prop :=
(* prim1, right to left: push "op with a1 still to do" with cc; the right
   operand first; P to cc. *)
| Rtl_Prim1 : forall c G op a1 a2 S t,
    rtl_row (mkstate c G (Prim op a1 a2) S t)
            (mkstate c G (atom_expr a2) (FPrim1 op a1 c :: S) (charge c CP 1 t))
(* prim3, right to left: the left value n1 in control, "n2 op" on top (the
   right value, computed first); n1 op n2 under the frame's cost centre
   (no row when there is no result: section 6). *)
| Rtl_Prim3 : forall c G n1 op n2 cf r S t,
    prim_result op n1 n2 = Some r ->
    rtl_row (mkstate c G (Int n1) (FPrim2 op n2 cf :: S) t)
            (mkstate cf G r S t).

(* The states where left to right's prim1 or prim3 is the row that would
   fire: a primitive in control, or an integer under an "n op" frame. *)
Definition prim13_state (s : state) : bool :=
  match ctl s, stk s with
  | Prim _ _ _, _ => true
  | Int _, FPrim2 _ _ _ :: _ => true
  | _, _ => false
  end.

(* The machine with operand order o. *)
Definition ostep (o : order) (rs : ruleset) (sc : scoping) (s s' : state) : Prop :=
  match o with
  | LTR => step rs sc s s'
  | RTL => (prim13_state s = false /\ step rs sc s s') \/ rtl_row s s'
  end.

(* The row that fires under order o, or None. *)
Definition ostep_fn (o : order) (rs : ruleset) (sc : scoping) (s : state) : option state :=
  match o with
  | LTR => step_fn rs sc s
  | RTL =>
      match s with
      | mkstate c G (Prim op a1 a2) K t =>
          Some (mkstate c G (atom_expr a2) (FPrim1 op a1 c :: K) (charge c CP 1 t))
      | mkstate c G (Int n1) (FPrim2 op n2 cf :: K) t =>
          match prim_result op n1 n2 with
          | Some r => Some (mkstate cf G r K t)
          | None => None
          end
      | _ => step_fn rs sc s
      end
  end.

(* Outside prim1's and prim3's states, right to left is left to right. *)
Lemma rtl_other : forall rs sc s s',
    prim13_state s = false -> ostep_fn RTL rs sc s = step_fn rs sc s ->
    (ostep_fn RTL rs sc s = Some s' <-> ostep RTL rs sc s s').
Proof.
  intros rs sc s s' Hp Hf. rewrite Hf, step_fn_iff. simpl. split.
  - intro H. left. split; assumption.
  - intros [[_ H]|H]; [exact H|]. inversion H; subst; discriminate Hp.
Qed.

(* ostep_fn computes ostep, in both orders. *)
Theorem ostep_fn_iff : forall o rs sc s s', ostep_fn o rs sc s = Some s' <-> ostep o rs sc s s'.
Proof.
  intros o rs sc s s'. destruct o; [apply step_fn_iff|].
  destruct s as [c G e K t].
  destruct e; try (apply rtl_other; reflexivity).
  - (* an integer: prim3 when "n op" is on top *)
    destruct K as [|f K]; [apply rtl_other; reflexivity|].
    destruct f; try (apply rtl_other; reflexivity).
    simpl. destruct (prim_result op n n1) eqn:E; split.
    + intro H. injection H as <-. right. constructor. assumption.
    + intros [[Hp _]|H]; [discriminate Hp|]. inversion H; subst. congruence.
    + discriminate.
    + intros [[Hp _]|H]; [discriminate Hp|]. inversion H; subst. congruence.
  - (* a primitive: prim1 *)
    simpl. split.
    + intro H. injection H as <-. right. constructor.
    + intros [[Hp _]|H]; [discriminate Hp|]. inversion H; subst. reflexivity.
Qed.

(* Why a run stopped (Interp.stop_of) under order o: the same, but in
   right-to-left prim1's and prim3's states, where a right-to-left prim3
   without a result has the right operand (the frame's value) as its
   divisor. *)
Definition ostop_of (o : order) (rs : ruleset) (sc : scoping) (s : state) : stop :=
  match o with
  | LTR => stop_of rs sc s
  | RTL =>
      match s with
      | mkstate _ _ (Prim _ _ _) _ _ => Unfinished
      | mkstate _ _ (Int n1) (FPrim2 op n2 _ :: _) _ =>
          match prim_result op n1 n2 with
          | Some _ => Unfinished
          | None =>
              match op with
              | PDiv | PMod => if Z.eqb n2 0 then DivisionByZero else Overflow
              | _ => Overflow
              end
          end
      | _ => stop_of rs sc s
      end
  end.

(* StopValue is exactly the final states, in both orders. *)
Theorem ostop_of_value : forall o rs sc s, ostop_of o rs sc s = StopValue <-> final s.
Proof.
  intros o rs sc s. destruct o; [exact (stop_of_value rs sc s)|].
  destruct s as [c G e K t].
  destruct e; try exact (stop_of_value rs sc _).
  - destruct K as [|f K]; [exact (stop_of_value rs sc _)|].
    destruct f; try exact (stop_of_value rs sc _).
    unfold final. simpl.
    destruct (prim_result op n n1); [|destruct op; try destruct (Z.eqb n1 0)];
      split; intro H; try discriminate H; destruct H as [_ H]; discriminate H.
  - unfold final. simpl. split; intro H; [discriminate H|]. destruct H as [H _]; discriminate H.
Qed.

(* Every other answer but Unfinished is a state where no row fires. *)
Theorem ostop_of_stuck : forall o rs sc s,
    ostop_of o rs sc s <> Unfinished -> forall s', ~ ostep o rs sc s s'.
Proof.
  intros o rs sc s H s' Hs. apply ostep_fn_iff in Hs. destruct o.
  - apply (stop_of_stuck rs sc s H s'). apply step_fn_iff. exact Hs.
  - destruct s as [c G e K t].
    destruct e; try (apply (stop_of_stuck rs sc _ H s'); apply step_fn_iff; exact Hs).
    + destruct K as [|f K]; [apply (stop_of_stuck rs sc _ H s'); apply step_fn_iff; exact Hs|].
      destruct f; try (apply (stop_of_stuck rs sc _ H s'); apply step_fn_iff; exact Hs).
      simpl in H, Hs. destruct (prim_result op n n1); [congruence | discriminate Hs].
    + simpl in H. congruence.
Qed.

(* Left to right is the machine of Machine.v, unchanged. *)
Lemma ostep_ltr : forall rs sc s s', ostep LTR rs sc s s' <-> step rs sc s s'.
Proof. reflexivity. Qed.
