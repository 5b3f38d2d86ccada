(* EnvMachine.v -- the machine of docs/semantics.md section 4 in the C
   kernel's representation (kernel/ccm.h): no substitution, the control a
   closure (code, environment, number), an environment the list of heap
   addresses its chain of cells binds (newest first), heap objects
   (closure, cost centre, hole) in an array indexed by address, frames
   holding addresses, code and environments.  One constructor per row,
   with the theta column of Machine.v; the row's name (Lockstep.rule) is an
   index of the relation, so that EnvBisim.v can say "the same row".

   Code is a tree, not the kernel's node array: a child is a subtree where
   the kernel has a node index.  A variable is a reference, as in the
   kernel: RLoc i is the i-th cell of the environment (0 the newest), RTop a
   the top-level binding at heap address a (the kernel's ref < 0). *)
Require Import ZArith String List Bool Arith.
Require Import Ccm.Costs Ccm.Syntax Ccm.BigStep Ccm.Machine Ccm.Lockstep.
Import ListNotations.
Open Scope list_scope.

(* A variable reference (kernel/ccm.h, "variable reference"). *)
Inductive ref := RLoc (i : nat) | RTop (a : nat).

(* A primitive's operand: the kernel's VAR or LIT node. *)
Inductive catom := CAVar (r : ref) | CALit (n : Z).

(* The code nodes of kernel/ccm.h as a tree; a let's BIND run, a case's ALT
   run and its default as lists of their own (mutual, for the induction
   principles).  An ALT records its constructor and its arity; the body
   binds that many cells, the last argument newest.  CIntVal is the
   kernel's INTVAL node: a computed integer, the number in the closure. *)
Inductive code :=
| CLam (b : code)                               (* LAM  \ -> b *)
| CApp (f : code) (x : ref)                     (* APP  f x *)
| CVar (x : ref)                                (* VAR  x *)
| CLet (bs : codes) (b : code)                  (* LET  the BINDs, then the body *)
| CCon (k : string) (xs : list ref)             (* CON  k with its ARGs *)
| CCase (s : code) (alts : calts) (d : cdflt)   (* CASE scrutinee, ALTs, default *)
| CScc (c : cc) (b : code)                      (* SCC *)
| CSccSub (c : cc) (b : code)                   (* SCC_SUB *)
| CLit (n : Z)                                  (* LIT *)
| CPrim (op : prim) (a1 a2 : catom)             (* PRIM *)
| CIntVal                                       (* INTVAL *)
with codes := CNil | CCons (c : code) (cs : codes)
with calts := ANil | ACons (k : string) (n : nat) (b : code) (rest : calts)
with cdflt := DNone | DSome (d : code).

Fixpoint codes_list (cs : codes) : list code :=
  match cs with CNil => [] | CCons c cs' => c :: codes_list cs' end.

(* A closure: the kernel's (ctl_code, ctl_env, ctl_num), or an object's
   (code, env, num).  The environment is the chain of cells read out. *)
Record closure := mkclo { kcode : code; kenv : list nat; knum : Z }.

(* A heap object (struct ccm_obj): closure, cost centre, hole flag. *)
Record eobj := mkobj { oclo : closure; occ : cc; ohole : bool }.

(* Frames (struct ccm_frame), each with the cost centre it saved. *)
Inductive eframe :=
| EArg (a : nat) (c : cc)                                   (* F_ARG: address *)
| EUpd (a : nat) (c : cc)                                   (* F_UPD: address *)
| ECase (alts : calts) (d : cdflt) (env : list nat) (c : cc) (* F_CASE: alternatives, env *)
| EPrim1 (op : prim) (a2 : catom) (env : list nat) (c : cc) (* F_PRIM1: operand to do, env *)
| EPrim2 (op : prim) (n1 : Z) (c : cc)                      (* F_PRIM2: first value *)
| EResume (k : closure) (c : cc).                           (* F_RESUME: saved control *)

(* A state: current cost centre, heap (index = address; its length is the
   kernel's heap_len), control, stack (top first), theta. *)
Record estate := mkestate
  { eccc : cc; eheap : list eobj; ectl : closure; estk : list eframe; eth : theta }.

(* The address a reference denotes in an environment (var_addr). *)
Definition resolve (env : list nat) (r : ref) : option nat :=
  match r with RLoc i => nth_error env i | RTop a => Some a end.

Fixpoint resolve_all (env : list nat) (rs : list ref) : option (list nat) :=
  match rs with
  | [] => Some []
  | r :: rs' =>
      match resolve env r, resolve_all env rs' with
      | Some a, Some l => Some (a :: l)
      | _, _ => None
      end
  end.

(* Values: LAM, CON, LIT and INTVAL nodes. *)
Definition is_cvalue (c : code) : bool :=
  match c with CLam _ | CCon _ _ | CLit _ | CIntVal => true | _ => false end.

(* The integer a closure holds, if it is one. *)
Definition kint (k : closure) : option Z :=
  match kcode k with CLit n => Some n | CIntVal => Some (knum k) | _ => None end.

(* An operand as code (the PRIM node's b or c). *)
Definition atom_code (a : catom) : code :=
  match a with CAVar r => CVar r | CALit n => CLit n end.

(* The alternative for constructor k: its arity and body. *)
Fixpoint eselect (alts : calts) (k : string) : option (nat * code) :=
  match alts with
  | ANil => None
  | ACons k' n b rest => if String.eqb k k' then Some (n, b) else eselect rest k
  end.

Definition eno_alt (alts : calts) (k : closure) : Prop :=
  match kcode k with CCon c _ => eselect alts c = None | _ => True end.

(* A primitive's result as a closure: a number on the INTVAL node, or the
   True/False constructor node (the kernel's reserved nodes). *)
Definition result_clo (r : expr) : closure :=
  match r with
  | Int m => mkclo CIntVal [] m
  | Con k _ => mkclo (CCon k []) [] 0
  | _ => mkclo CIntVal [] 0
  end.

(* heap[a] = o; no change when a is not below the heap's length. *)
Fixpoint set_nth {A} (l : list A) (n : nat) (x : A) : list A :=
  match l, n with
  | [], _ => []
  | _ :: l', 0 => x :: l'
  | y :: l', S n' => y :: set_nth l' n' x
  end.

Definition mkhole (o : eobj) : eobj := mkobj (oclo o) (occ o) true.

(* The environment of a let's body and right-hand sides: one cell per
   fresh object, the first pushed first, so the last is ref 0. *)
Definition let_env (base n : nat) (env : list nat) : list nat :=
  rev (seq base n) ++ env.

Definition let_objs (cs : codes) (env : list nat) (c : cc) : list eobj :=
  map (fun ci => mkobj (mkclo ci env 0) c false) (codes_list cs).

(* The rows, indexed by their names.  A closure's number is what the
   kernel's row leaves in ctl_num (acsl/ccm_rows.h): kept where the row
   keeps the environment, the object's where it enters an object, 0
   elsewhere; it means something only on INTVAL. *)
Inductive estep (rs : ruleset) (sc : scoping) : rule -> estate -> estate -> Prop :=
| E_App1 : forall c M f r env n a S t,
    resolve env r = Some a ->
    estep rs sc RApp1 (mkestate c M (mkclo (CApp f r) env n) S t)
          (mkestate c M (mkclo f env n) (EArg a c :: S) (charge c CA 1 t))
| E_App2 : forall c M b env n a cf S t,
    estep rs sc RApp2 (mkestate c M (mkclo (CLam b) env n) (EArg a cf :: S) t)
          (mkestate (body_cc sc c cf) M (mkclo b (a :: env) 0) S t)
| E_Var1 : forall c M r env n a o S t,
    resolve env r = Some a -> nth_error M a = Some o -> ohole o = false ->
    is_cvalue (kcode (oclo o)) = true ->
    estep rs sc RVar1 (mkestate c M (mkclo (CVar r) env n) S t)
          (mkestate (entered rs (occ o) c) M (oclo o) S (charge c CV 1 t))
| E_Var2 : forall c M r env n a o S t,
    resolve env r = Some a -> nth_error M a = Some o -> ohole o = false ->
    is_cvalue (kcode (oclo o)) = false ->
    estep rs sc RVar2 (mkestate c M (mkclo (CVar r) env n) S t)
          (mkestate (occ o) (set_nth M a (mkhole o)) (oclo o) (EUpd a c :: S) (charge c CV 1 t))
| E_Var3 : forall c M k a cf S t,
    is_cvalue (kcode k) = true ->
    estep rs sc RVar3 (mkestate c M k (EUpd a cf :: S) t)
          (mkestate (updated rs c cf) (set_nth M a (mkobj k c false)) k S (charge c CU 1 t))
| E_Let : forall c M cs b env n S t,
    estep rs sc RLet (mkestate c M (mkclo (CLet cs b) env n) S t)
          (mkestate c (M ++ let_objs cs (let_env (length M) (length (codes_list cs)) env) c)
                    (mkclo b (let_env (length M) (length (codes_list cs)) env) n) S
                    (charge c CH (length (codes_list cs)) t))
| E_Case1 : forall c M s alts d env n S t,
    estep rs sc RCase1 (mkestate c M (mkclo (CCase s alts d) env n) S t)
          (mkestate c M (mkclo s env n) (ECase alts d env c :: S) (charge c CC 1 t))
| E_Case2 : forall c M k xs env n alts d env' cf b addrs S t,
    eselect alts k = Some (length xs, b) -> resolve_all env xs = Some addrs ->
    estep rs sc RCase2 (mkestate c M (mkclo (CCon k xs) env n) (ECase alts d env' cf :: S) t)
          (mkestate cf M (mkclo b (rev addrs ++ env') 0) S t)
| E_Case2_Default : forall c M k alts de env' cf S t,
    is_cvalue (kcode k) = true -> eno_alt alts k ->
    estep rs sc RCase2Default (mkestate c M k (ECase alts (DSome de) env' cf :: S) t)
          (mkestate cf M (mkclo de env' 0) S t)
| E_Scc : forall c M c' b env n S t,
    estep rs sc RScc (mkestate c M (mkclo (CScc c' b) env n) S t)
          (mkestate c' M (mkclo b env n) S (charge c' CEntries 1 (charge c CSubentries 1 t)))
| E_Scc_Sub : forall c M c' b env n S t,
    estep rs sc RSccSub (mkestate c M (mkclo (CSccSub c' b) env n) S t)
          (mkestate c' M (mkclo b env n) S t)
| E_Prim1 : forall c M op a1 a2 env n S t,
    estep rs sc RPrim1 (mkestate c M (mkclo (CPrim op a1 a2) env n) S t)
          (mkestate c M (mkclo (atom_code a1) env n) (EPrim1 op a2 env c :: S) (charge c CP 1 t))
| E_Prim2 : forall c M k n1 op a2 env' cf S t,
    kint k = Some n1 ->
    estep rs sc RPrim2 (mkestate c M k (EPrim1 op a2 env' cf :: S) t)
          (mkestate cf M (mkclo (atom_code a2) env' 0) (EPrim2 op n1 cf :: S) t)
| E_Prim3 : forall c M k n2 op n1 cf r S t,
    kint k = Some n2 -> prim_result op n1 n2 = Some r ->
    estep rs sc RPrim3 (mkestate c M k (EPrim2 op n1 cf :: S) t)
          (mkestate cf M (result_clo r) S t)
| E_Resume : forall c M k k' cf S t,
    is_cvalue (kcode k) = true ->
    estep rs sc RResume (mkestate c M k (EResume k' cf :: S) t)
          (mkestate cf M k' S t).

(* force: the thunk at address a (not a hole, not a value) becomes a hole;
   push a resume frame for the control and an update frame for a. *)
Inductive estep_force : estate -> estate -> Prop :=
| E_Force : forall c M k a o S t,
    nth_error M a = Some o -> ohole o = false -> is_cvalue (kcode (oclo o)) = false ->
    estep_force (mkestate c M k S t)
                (mkestate (occ o) (set_nth M a (mkhole o)) (oclo o)
                          (EUpd a c :: EResume k c :: S) t).

(* A step with early forcing, by its row's name (RForce for force). *)
Inductive eestep (rs : ruleset) (sc : scoping) : rule -> estate -> estate -> Prop :=
| EE_Step : forall r s s', estep rs sc r s s' -> eestep rs sc r s s'
| EE_Force : forall s s', estep_force s s' -> eestep rs sc RForce s s'.

(* A run, with the names of its rows in order. *)
Inductive eruns (rs : ruleset) (sc : scoping) : list rule -> estate -> estate -> Prop :=
| ER_Nil : forall s, eruns rs sc [] s s
| ER_Cons : forall r rows s1 s2 s3,
    eestep rs sc r s1 s2 -> eruns rs sc rows s2 s3 -> eruns rs sc (r :: rows) s1 s3.

Definition efinal (s : estate) : Prop := is_cvalue (kcode (ectl s)) = true /\ estk s = [].

(* At most one row fires in a state, and it has one name. *)
Theorem estep_deterministic : forall rs sc r1 r2 s s1 s2,
    estep rs sc r1 s s1 -> estep rs sc r2 s s2 -> r1 = r2 /\ s1 = s2.
Proof.
  intros rs sc r1 r2 s s1 s2 H1 H2.
  destruct H1; inversion H2; subst; simpl in *;
    try discriminate; try (split; reflexivity);
    same_lookups;
    try (split; reflexivity); try contradiction; try discriminate;
    unfold eno_alt, kint in *; simpl in *;
    same_lookups;
    try (split; reflexivity); try discriminate; try contradiction.
Qed.

(* A final state has no row. *)
Theorem efinal_no_step : forall rs sc r s s', efinal s -> ~ estep rs sc r s s'.
Proof.
  intros rs sc r s s' [Hv Hs] H. destruct H; simpl in *; discriminate.
Qed.
