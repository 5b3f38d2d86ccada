(* Stacks.v -- the machine of docs/semantics.md section 4 over cost-centre
   stacks, as docs/stacks.md sections 1 to 4 change it: the current cost
   centre, every heap object's and every frame's is a stack; theta maps
   (stack, counter) to a count; scc pushes by a push policy and app2 runs
   the body under a call policy.

   Representation:
   - a stack is a list of cost centres written TOP FIRST: docs/stacks.md's
     <MAIN,main,f> (root first) is ["f"; "main"; "MAIN"] here.  Its top is
     its head.  Every stack the rows make is non-empty; `top []` is "" so
     that `top` is total, and no proof below needs non-emptiness (every
     push policy gives push L S the top L, whatever S);
   - the heap, frames and state are Machine.v's with cc read as stack
     (sheap, sframe, sstate); the rows are Machine.v's, one constructor per
     row, named SStep_<row>;
   - theta over stacks (stheta) is a function stack -> counter -> nat, as
     Costs.theta is over cost centres. *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Program.
Import ListNotations.
Open Scope string_scope.

(* A stack, top first. *)
Definition stack := list cc.

Definition stack_eq_dec : forall a b : stack, {a = b} + {a <> b} :=
  list_eq_dec string_dec.

(* The top of a stack: the cost centre the flat machine sees. *)
Definition top (s : stack) : cc := match s with c :: _ => c | [] => "" end.

(* The one-node stack <c> (the roots <MAIN>, <SUB>, <CAF:x>). *)
Definition root (c : cc) : stack := [c].

(* The push policies of docs/stacks.md section 3. *)
Inductive push_policy := PushSingle | PushAppend | PushGhc.

(* S cut back to the occurrence of L nearest the top (the suffix of the
   top-first list that starts with it); S itself if L does not occur. *)
Fixpoint cut (L : cc) (s : stack) : stack :=
  match s with
  | [] => []
  | c :: s' => if string_dec c L then s else cut L s'
  end.

(* push(L, S): single <L>; append S.L; ghc: S cut back to L's occurrence
   nearest the top when L occurs in S (S itself when L is its top), else
   S.L. *)
Definition push (p : push_policy) (L : cc) (s : stack) : stack :=
  match p with
  | PushSingle => [L]
  | PushAppend => L :: s
  | PushGhc => if existsb (String.eqb L) s then cut L s else L :: s
  end.

(* The call policies of docs/stacks.md section 4. *)
Inductive call_policy := CallLexical | CallEvaluation | CallGhc.

(* MAIN, SUB and the CAF names: the cost centres a run's stacks start from
   (docs/stacks.md section 1; "CAF", SUBCAF's third kind, counted too). *)
Definition is_root (c : cc) : bool := String.eqb c "MAIN" || is_caf_or_sub c.

(* What remains of l (root first) after the longest common prefix of a
   and l. *)
Fixpoint after_common (a l : list cc) : list cc :=
  match a, l with
  | x :: a', y :: l' => if string_dec x y then after_common a' l' else l
  | _, _ => l
  end.

(* Whether a and l (root first) have no common prefix. *)
Definition no_common (a l : list cc) : bool :=
  match a, l with
  | x :: _, y :: _ => if string_dec x y then false else true
  | _, _ => true
  end.

(* Sa ++> Sl (docs/stacks.md section 4): the cost centres of Sl after the
   longest common prefix of Sa and Sl, both read root first, pushed onto
   Sa one at a time, root side first, with the run's push policy; with no
   common prefix, Sl's bottom is not pushed when it is a root cost
   centre. *)
Definition ghc_call (p : push_policy) (sa sl : stack) : stack :=
  let ra := rev sa in
  let rl := rev sl in
  let rest := after_common ra rl in
  let rest' :=
    if no_common ra rl then
      match rest with r :: rest'' => if is_root r then rest'' else rest | [] => [] end
    else rest in
  fold_left (fun s L => push p L s) rest' sa.

(* call(Sa, Sl): the stack app2 runs the body under (Sa the caller's, the
   argument frame's; Sl the lambda's, the current one). *)
Definition call (p : push_policy) (cp : call_policy) (sa sl : stack) : stack :=
  match cp with
  | CallLexical => sl
  | CallEvaluation => sa
  | CallGhc => ghc_call p sa sl
  end.

(* The call policy the flat machine's scoping is (docs/stacks.md 5a). *)
Definition call_of (sc : scoping) : call_policy :=
  match sc with Lexical => CallLexical | Evaluation => CallEvaluation end.

(* SUBCAF*(Sz, S) (fig6) and SUB*(Sz, S) (fig2), deciding on the top of Sz
   and replacing the whole stack (docs/stacks.md section 2); after var3,
   fig2 keeps Sz. *)
Definition sentered (rs : ruleset) (sz s : stack) : stack :=
  match rs with
  | Fig6 => if is_caf_or_sub (top sz) then s else sz
  | Fig2 => if string_dec (top sz) "SUB" then s else sz
  end.

Definition supdated (rs : ruleset) (sz s : stack) : stack :=
  match rs with
  | Fig6 => if is_caf_or_sub (top sz) then s else sz
  | Fig2 => sz
  end.

(* theta over stacks: each stack has each counter. *)
Definition stheta := stack -> counter -> nat.

Definition sempty : stheta := fun _ _ => 0.

Definition scharge (s : stack) (k : counter) (n : nat) (t : stheta) : stheta :=
  fun s' k' =>
    if stack_eq_dec s s' then
      if counter_eq_dec k k' then t s' k' + n else t s' k'
    else t s' k'.

Definition splus (t1 t2 : stheta) : stheta := fun s k => t1 s k + t2 s k.

(* The heap over stacks: BigStep.v's heap with each object's cost centre a
   stack. *)
Definition sobj := (expr * stack)%type.

Record sheap := mksheap { snext : nat; sbinds : list (nat * sobj) }.

Fixpoint sfind_addr (a : nat) (l : list (nat * sobj)) : option sobj :=
  match l with
  | [] => None
  | (b, o) :: l' => if Nat.eqb a b then Some o else sfind_addr a l'
  end.

Definition slookup (h : sheap) (x : var) : option sobj :=
  match x with VAddr a => sfind_addr a (sbinds h) | VName _ => None end.

Definition sremove (h : sheap) (x : var) : sheap :=
  match x with
  | VAddr a => mksheap (snext h) (filter (fun p => negb (Nat.eqb (fst p) a)) (sbinds h))
  | VName _ => h
  end.

Definition supdate (h : sheap) (x : var) (o : sobj) : sheap :=
  match x with
  | VAddr a => mksheap (snext h) ((a, o) :: sbinds h)
  | VName _ => h
  end.

(* let's fresh addresses and renaming: BigStep.let_rename's, which reads
   only the next address. *)
Definition slet_rename (h : sheap) (bs : list (string * expr)) (e : expr) : expr :=
  substs (map fst bs) (map VAddr (seq (snext h) (length bs))) e.

Definition slet_alloc (h : sheap) (bs : list (string * expr)) (s : stack) : sheap :=
  mksheap (snext h + length bs)
          (combine (seq (snext h) (length bs))
                   (map (fun p => (slet_rename h bs (snd p), s)) bs)
           ++ sbinds h).

(* The frames of Machine.v, each with the stack it saved. *)
Inductive sframe :=
| SFArg (x : var) (s : stack)
| SFUpd (x : var) (s : stack)
| SFCase (alts : list (string * list string * expr)) (dflt : option expr) (s : stack)
| SFPrim1 (op : prim) (a2 : atom) (s : stack)
| SFPrim2 (op : prim) (n1 : Z) (s : stack)
| SFResume (e : expr) (s : stack).

(* A state: (current stack, heap, control, frames, theta). *)
Record sstate := mksstate
  { scur : stack; shp : sheap; sctl : expr; sstk : list sframe; sth : stheta }.

(* The rows over stacks (docs/stacks.md section 2), push policy p and call
   policy cp; every row not listed there is the flat row with cost centre
   read as stack. *)
Inductive sstep (rs : ruleset) (p : push_policy) (cp : call_policy)
  : sstate -> sstate -> Prop :=
(* app1: A to S; the argument frame records S (Sa) under every policy. *)
| SStep_App1 : forall c G e x S t,
    sstep rs p cp (mksstate c G (App e x) S t)
                  (mksstate c G e (SFArg x c :: S) (scharge c CA 1 t))
(* app2: the body under call(Sa, Sl), Sl the lambda's stack (current). *)
| SStep_App2 : forall c G y b x cf S t,
    sstep rs p cp (mksstate c G (Lam y b) (SFArg x cf :: S) t)
                  (mksstate (call p cp cf c) G (subst y x b) S t)
(* var1: V to S; the new stack SUBCAF*(Sz, S), under fig2 SUB* instead. *)
| SStep_Var1 : forall c G x z cz S t,
    slookup G x = Some (z, cz) -> is_value z = true ->
    sstep rs p cp (mksstate c G (Var x) S t)
                  (mksstate (sentered rs cz c) G z S (scharge c CV 1 t))
(* var2: V to S; the update frame records S; the thunk under its own Se. *)
| SStep_Var2 : forall c G x e ce S t,
    slookup G x = Some (e, ce) -> is_value e = false ->
    sstep rs p cp (mksstate c G (Var x) S t)
                  (mksstate ce (sremove G x) e (SFUpd x c :: S) (scharge c CV 1 t))
(* var3: U to Sz; x bound under Sz; SUBCAF*(Sz, frame's S) (fig2: Sz). *)
| SStep_Var3 : forall c G v x cf S t,
    is_value v = true ->
    sstep rs p cp (mksstate c G v (SFUpd x cf :: S) t)
                  (mksstate (supdated rs c cf) (supdate G x (v, c)) v S (scharge c CU 1 t))
| SStep_Let : forall c G bs e S t,
    sstep rs p cp (mksstate c G (Let bs e) S t)
                  (mksstate c (slet_alloc G bs c) (slet_rename G bs e) S
                            (scharge c CH (length bs) t))
| SStep_Case1 : forall c G s alts d S t,
    sstep rs p cp (mksstate c G (Case s alts d) S t)
                  (mksstate c G s (SFCase alts d c :: S) (scharge c CC 1 t))
| SStep_Case2 : forall c G k xs alts d cf ys b S t,
    select alts k = Some (ys, b) -> length ys = length xs ->
    sstep rs p cp (mksstate c G (Con k xs) (SFCase alts d cf :: S) t)
                  (mksstate cf G (substs ys xs b) S t)
| SStep_Case2_Default : forall c G v alts de cf S t,
    is_value v = true -> no_alt alts v ->
    sstep rs p cp (mksstate c G v (SFCase alts (Some de) cf :: S) t)
                  (mksstate cf G de S t)
(* scc L: S' = push(L, S); one entry to S', one subentry to S. *)
| SStep_Scc : forall c G L e S t,
    sstep rs p cp (mksstate c G (Scc L e) S t)
                  (mksstate (push p L c) G e S
                            (scharge (push p L c) CEntries 1 (scharge c CSubentries 1 t)))
(* scc_sub L: S' = push(L, S), nothing charged. *)
| SStep_Scc_Sub : forall c G L e S t,
    sstep rs p cp (mksstate c G (SccSub L e) S t) (mksstate (push p L c) G e S t)
| SStep_Prim1 : forall c G op a1 a2 S t,
    sstep rs p cp (mksstate c G (Prim op a1 a2) S t)
                  (mksstate c G (atom_expr a1) (SFPrim1 op a2 c :: S) (scharge c CP 1 t))
| SStep_Prim2 : forall c G n1 op a2 cf S t,
    sstep rs p cp (mksstate c G (Int n1) (SFPrim1 op a2 cf :: S) t)
                  (mksstate cf G (atom_expr a2) (SFPrim2 op n1 cf :: S) t)
| SStep_Prim3 : forall c G n2 op n1 cf r S t,
    prim_result op n1 n2 = Some r ->
    sstep rs p cp (mksstate c G (Int n2) (SFPrim2 op n1 cf :: S) t)
                  (mksstate cf G r S t)
| SStep_Resume : forall c G v e cf S t,
    is_value v = true ->
    sstep rs p cp (mksstate c G v (SFResume e cf :: S) t)
                  (mksstate cf G e S t).

(* force over stacks (Machine.step_force): the thunk under its own stack,
   the resume and update frames recording the current one. *)
Inductive sstep_force : sstate -> sstate -> Prop :=
| SStep_Force : forall c G e0 x e ce S t,
    slookup G x = Some (e, ce) -> is_value e = false ->
    sstep_force (mksstate c G e0 S t)
                (mksstate ce (sremove G x) e (SFUpd x c :: SFResume e0 c :: S) t).

(* Runs of n rows (Run.steps over stacks). *)
Inductive ssteps (rs : ruleset) (p : push_policy) (cp : call_policy)
  : nat -> sstate -> sstate -> Prop :=
| ssteps_refl : forall s, ssteps rs p cp 0 s s
| ssteps_cons : forall n s1 s2 s3,
    sstep rs p cp s1 s2 -> ssteps rs p cp n s2 s3 -> ssteps rs p cp (S n) s1 s3.

(* A final state: a value with no frame. *)
Definition sfinal (s : sstate) : Prop := is_value (sctl s) = true /\ sstk s = [].

(* The initial heap over stacks: Program.init_heap with each binding under
   the one-node stack of its cost centre: <MAIN>, <SUB>, <CAF:x>
   (docs/stacks.md section 1). *)
Definition sinit_heap (p : program) : sheap :=
  mksheap (S (length (tops p)))
          ((0, (rename_top p (main_rhs p), root "MAIN"))
             :: combine (seq 1 (length (tops p)))
                        (map (fun b => (rename_top p (snd b), root (top_cc (fst b) (snd b))))
                             (tops p))).

(* The run starts under <MAIN>, control main, no frame, theta empty. *)
Definition sinit_state (p : program) : sstate :=
  mksstate (root init_cc) (sinit_heap p) init_ctl [] sempty.

(* Sanity checks of the policies on docs/stacks.md's examples (stacks top
   first). *)
Lemma push_ghc_cut : push PushGhc "ping" ["pong"; "ping"; "main"; "MAIN"]
                     = ["ping"; "main"; "MAIN"].
Proof. reflexivity. Qed.

Lemma push_ghc_top : push PushGhc "f" ["f"; "MAIN"] = ["f"; "MAIN"].
Proof. reflexivity. Qed.

Lemma ghc_call_hof :
  ghc_call PushGhc ["apply"; "top"; "MAIN"] ["inc"; "MAIN"] = ["inc"; "apply"; "top"; "MAIN"].
Proof. reflexivity. Qed.

Lemma ghc_call_caf :
  ghc_call PushGhc ["main"; "MAIN"] ["f"; "CAF:f"] = ["f"; "main"; "MAIN"].
Proof. reflexivity. Qed.

Lemma ghc_call_prefix :
  ghc_call PushAppend ["g"; "f"; "MAIN"] ["f"; "MAIN"] = ["g"; "f"; "MAIN"].
Proof. reflexivity. Qed.
