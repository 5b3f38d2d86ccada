(* BigInterp.v -- the big-step cost semantics of docs/semantics.md section 3
   as a program: interp fuel rs sc cc Gamma e computes (theta, Delta, z,
   ccz) with "cc, Gamma : e ⇓theta Delta : z, ccz", following the rules of
   BigStep.eval one by one, with a fuel bound on the depth of the
   derivation (None when the fuel runs out or no rule applies: the section 6
   errors).  interp_sound: whatever it returns is derived by eval. *)
Require Import ZArith String List Bool Arith Lia.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep.
Import ListNotations.

Definition result := (theta * heap * expr * cc)%type.

Fixpoint interp (rs : ruleset) (sc : scoping) (fuel : nat) (c : cc) (G : heap) (e : expr)
  : option result :=
  match fuel with
  | O => None
  | S f =>
      match e with
      (* a value evaluates to itself at no cost *)
      | Lam _ _ | Con _ _ | Int _ => Some (empty, G, e, c)
      (* application: the function, then the body under body_cc *)
      | App e1 x =>
          match interp rs sc f c G e1 with
          | Some (t1, T, Lam y b, cl) =>
              match interp rs sc f (body_cc sc cl c) T (subst y x b) with
              | Some (t2, D, z, cz) => Some (charge c CA 1 (plus t1 t2), D, z, cz)
              | None => None
              end
          | _ => None
          end
      | Var x =>
          match lookup G x with
          | Some (z, cz) =>
              if is_value z
              (* bound to a value *)
              then Some (charge c CV 1 empty, G, z, entered rs cz c)
              (* bound to a thunk: evaluated without x, then x updated *)
              else match interp rs sc f cz (remove G x) z with
                   | Some (t, D, v, cv) =>
                       Some (charge c CV 1 (charge cv CU 1 t), update D x (v, cv), v,
                             updated rs cv c)
                   | None => None
                   end
          | None => None
          end
      (* let: allocate, then the renamed body *)
      | Let bs b =>
          match interp rs sc f c (let_alloc G bs c) (let_rename G bs b) with
          | Some (t, D, z, cz) => Some (charge c CH (length bs) t, D, z, cz)
          | None => None
          end
      (* case: the scrutinee, then the matching alternative or the default *)
      | Case s alts d =>
          match interp rs sc f c G s with
          | Some (t1, T, v, _) =>
              let branch (b : expr) :=
                  match interp rs sc f c T b with
                  | Some (t2, D, z, cz) => Some (charge c CC 1 (plus t1 t2), D, z, cz)
                  | None => None
                  end in
              let dflt := match d with Some de => branch de | None => None end in
              match v with
              | Con k xs =>
                  match select alts k with
                  | Some (ys, b) =>
                      if Nat.eqb (length ys) (length xs) then branch (substs ys xs b) else None
                  | None => dflt
                  end
              | _ => dflt
              end
          | None => None
          end
      (* scc: under c', an entry to c', a subentry to c *)
      | Scc c' b =>
          match interp rs sc f c' G b with
          | Some (t, D, z, cz) => Some (charge c' CEntries 1 (charge c CSubentries 1 t), D, z, cz)
          | None => None
          end
      (* scc_sub: under c', nothing counted *)
      | SccSub c' b => interp rs sc f c' G b
      (* a1 op a2: both operands to integers, left first *)
      | Prim op a1 a2 =>
          match interp rs sc f c G (atom_expr a1) with
          | Some (t1, G1, Int n1, _) =>
              match interp rs sc f c G1 (atom_expr a2) with
              | Some (t2, G2, Int n2, _) =>
                  match prim_result op n1 n2 with
                  | Some r => Some (charge c CP 1 (plus t1 t2), G2, r, c)
                  | None => None
                  end
              | _ => None
              end
          | _ => None
          end
      end
  end.

(* Take apart the matches of a hypothesis H: interp ... = Some _, one
   equation per match, dropping the branches that answer None. *)
Ltac split_matches H :=
  repeat match type of H with
         | context [match ?m with _ => _ end] =>
             let E := fresh "E" in destruct m eqn:E; try discriminate H
         end.

(* Whatever interp computes is derived by the big-step rules. *)
Theorem interp_sound : forall rs sc fuel c G e t D z cz,
    interp rs sc fuel c G e = Some (t, D, z, cz) -> eval rs sc c G e t D z cz.
Proof.
  intros rs sc fuel. induction fuel as [|f IH]; intros c G e t D z cz H; [discriminate|].
  destruct e; simpl in H; split_matches H; try (injection H as <- <- <- <-); subst;
    first [ apply EvValue; reflexivity
          | eapply EvApp; apply IH; eassumption
          | apply EvVarValue; assumption
          | eapply EvVarThunk; [eassumption | assumption | apply IH; eassumption]
          | apply EvLet; apply IH; assumption
          | eapply EvCase; [apply IH; eassumption | eassumption
                           | apply Nat.eqb_eq; assumption | apply IH; eassumption]
          | eapply EvCaseDefault; [apply IH; eassumption | simpl; auto | apply IH; eassumption]
          | apply EvScc; apply IH; assumption
          | apply EvSccSub; apply IH; assumption
          | eapply EvPrim; [apply IH; eassumption | apply IH; eassumption | assumption] ].
Qed.

(* More fuel changes nothing once interp has an answer. *)
Lemma interp_mono : forall rs sc f c G e r,
    interp rs sc f c G e = Some r -> forall f', f <= f' -> interp rs sc f' c G e = Some r.
Proof.
  intros rs sc f. induction f as [|f IH]; intros c G e r H f' Hle; [discriminate|].
  destruct f' as [|f']; [inversion Hle|].
  assert (Hle' : f <= f') by (apply le_S_n; assumption).
  destruct e; simpl in H |- *; split_matches H;
    repeat match goal with
           | E : interp rs sc f ?c0 ?G0 ?e0 = Some ?r0 |- _ =>
               let E' := fresh "E'" in pose proof (IH c0 G0 e0 r0 E f' Hle') as E'; clear E
           end;
    repeat match goal with
           | E : ?a = ?b |- context [?a] => rewrite E
           end;
    try reflexivity; try assumption; try (apply IH; assumption).
Qed.

(* Rewrite every sub-derivation's interp with fuel k, reducing the match
   it was the scrutinee of before the next (whose arguments it binds). *)
Ltac lift k :=
  repeat match goal with
         | E : interp _ _ ?f _ _ _ = Some _ |- _ =>
             rewrite (interp_mono _ _ _ _ _ _ _ E k) by lia; clear E; simpl
         end.

(* Every derivation is computed by interp, given fuel enough (its depth). *)
Theorem interp_complete : forall rs sc c G e t D z cz,
    eval rs sc c G e t D z cz -> exists fuel, interp rs sc fuel c G e = Some (t, D, z, cz).
Proof.
  intros rs sc c G e t D z cz H.
  induction H;
    repeat match goal with
           | IHe : exists f, interp _ _ f _ _ _ = Some _ |- _ =>
               let f := fresh "f" in let E := fresh "E" in destruct IHe as [f E]
           end.
  - (* value *) exists 1. destruct v; try discriminate; reflexivity.
  - (* application *) exists (S (f + f0)). simpl. lift (f + f0). reflexivity.
  - (* variable bound to a value *) exists 1. simpl. rewrite H, H0. reflexivity.
  - (* variable bound to a thunk *) exists (S f). simpl. rewrite H, H0, E. reflexivity.
  - (* let *) exists (S f). simpl. rewrite E. reflexivity.
  - (* case *)
    exists (S (f + f0)). simpl. lift (f + f0).
    rewrite H0, H1, Nat.eqb_refl. lift (f + f0). reflexivity.
  - (* case, default *)
    exists (S (f + f0)). simpl. lift (f + f0).
    destruct v; simpl in H0; try rewrite H0; lift (f + f0); reflexivity.
  - (* scc *) exists (S f). simpl. rewrite E. reflexivity.
  - (* scc_sub *) exists (S f). simpl. rewrite E. reflexivity.
  - (* a1 op a2 *)
    exists (S (f + f0)). simpl. lift (f + f0). rewrite H1. reflexivity.
Qed.

(* The two together: interp is the big-step semantics. *)
Theorem interp_iff : forall rs sc c G e t D z cz,
    (exists fuel, interp rs sc fuel c G e = Some (t, D, z, cz)) <-> eval rs sc c G e t D z cz.
Proof.
  split.
  - intros [fuel H]. eapply interp_sound. eassumption.
  - apply interp_complete.
Qed.
