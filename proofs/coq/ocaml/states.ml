(* states.ml -- the model's side of the lockstep comparison (docs/coq.md,
   "Lockstep"): run the extracted machine one row at a time and print its
   whole state after every transition, in the format `ccm states` prints
   ccm's (one JSON object a line; docs/coq.md defines it), so that
   tests/lockstep/compare.py can hold the two to each other line by line.

   Every transition is the extracted code's: Order.ostep_fn fires the row
   (Interp.step_fn left to right), Lockstep.orule_of names it,
   Lockstep.force_fn forces; Order.ostop_of says why the run stopped.  What is written here is the printing, and the
   forcing policy (which thunk, when), which the model leaves to the test
   and which ccm states applies in the same words. *)
open Ccm_model

(* A JSON string literal (ccm_coq.ml's report uses it too). *)
(* The value as the report prints it: an integer, a constructor's name,
   or <function>. *)
let value_text = function
  | Int n -> Int64.to_string (Reader.int64_of_z n)
  | Con (c, _) -> c
  | Lam _ -> "<function>"
  | _ -> "?"

let json_string s =
  let b = Buffer.create (String.length s + 2) in
  Buffer.add_char b '"';
  String.iter (fun c ->
      match c with
      | '"' -> Buffer.add_string b "\\\""
      | '\\' -> Buffer.add_string b "\\\\"
      | c when Char.code c < 0x20 -> Buffer.add_string b (Printf.sprintf "\\u%04x" (Char.code c))
      | c -> Buffer.add_char b c) s;
  Buffer.add_char b '"';
  Buffer.contents b

let rule_name = function
  | RApp1 -> "app1" | RApp2 -> "app2" | RVar1 -> "var1" | RVar2 -> "var2"
  | RVar3 -> "var3" | RLet -> "let" | RCase1 -> "case1" | RCase2 -> "case2"
  | RCase2Default -> "case2_default" | RScc -> "scc" | RSccSub -> "scc_sub"
  | RPrim1 -> "prim1" | RPrim2 -> "prim2" | RPrim3 -> "prim3"
  | RResume -> "resume" | RForce -> "force"

let prim_name = function
  | PAdd -> "+" | PSub -> "-" | PMul -> "*" | PDiv -> "/" | PMod -> "%"
  | PEq -> "==" | PNe -> "/=" | PLt -> "<" | PLe -> "<=" | PGt -> ">" | PGe -> ">="

let int_text n = Int64.to_string (Reader.int64_of_z n)

(* A variable without names: a name bound inside the printed expression is
   "^i", i the number of binders between the use and its own (0: the
   innermost; a let or a pattern binds its names in order, the last one
   innermost, as ccm's environment cells do); a heap address is "#a"; a
   name bound nowhere (never in a program the front end accepts) "?x". *)
let var_text scope = function
  | VAddr a -> Printf.sprintf "\"#%d\"" a
  | VName x ->
    let rec find i = function
      | [] -> json_string ("?" ^ x)
      | y :: r -> if y = x then Printf.sprintf "\"^%d\"" i else find (i + 1) r in
    find 0 scope

let atom_text scope = function
  | AVar x -> var_text scope x
  | AInt n -> int_text n

(* The printers below write into one buffer b (a state's whole line). *)
let add = Buffer.add_string

(* scope: the names bound around the expression, innermost first. *)
let rec expr b scope e =
  match e with
  | Lam (y, body) -> add b "[\"lam\","; expr b (y :: scope) body; add b "]"
  | App (f, x) -> add b "[\"app\","; expr b scope f; add b ","; add b (var_text scope x); add b "]"
  | Var x -> add b "[\"var\","; add b (var_text scope x); add b "]"
  | Let (bs, body) ->
    let scope' = List.rev_append (List.map fst bs) scope in
    add b "[\"let\",[";
    List.iteri (fun i (_, r) -> if i > 0 then add b ","; expr b scope' r) bs;
    add b "],"; expr b scope' body; add b "]"
  | Con (c, xs) ->
    add b "[\"con\","; add b (json_string c); add b ",[";
    add b (String.concat "," (List.map (var_text scope) xs)); add b "]]"
  | Case (s, alts, d) ->
    add b "[\"case\","; expr b scope s; add b ","; alts_text b scope alts d; add b "]"
  | Scc (c, body) -> add b "[\"scc\","; add b (json_string c); add b ","; expr b scope body; add b "]"
  | SccSub (c, body) -> add b "[\"scc_sub\","; add b (json_string c); add b ","; expr b scope body; add b "]"
  | Int n -> add b "[\"int\","; add b (int_text n); add b "]"
  | Prim (op, a1, a2) ->
    add b "[\"prim\","; add b (json_string (prim_name op)); add b ",";
    add b (atom_text scope a1); add b ","; add b (atom_text scope a2); add b "]"

(* The alternatives ([[C, k, body], ...]) and the default (or null). *)
and alts_text b scope alts d =
  add b "[";
  List.iteri (fun i ((c, ys), body) ->
      if i > 0 then add b ",";
      add b (Printf.sprintf "[%s,%d," (json_string c) (List.length ys));
      expr b (List.rev_append ys scope) body; add b "]") alts;
  add b "],";
  match d with Some de -> expr b scope de | None -> add b "null"

let frame_text b f =
  let cc c = add b ","; add b (json_string c); add b "]" in
  match f with
  | FArg (x, c) -> add b "[\"arg\","; add b (var_text [] x); cc c
  | FUpd (x, c) -> add b "[\"upd\","; add b (var_text [] x); cc c
  | FCase (alts, d, c) -> add b "[\"case\","; alts_text b [] alts d; cc c
  | FPrim1 (op, a2, c) ->
    add b (Printf.sprintf "[\"prim1\",%s,%s" (json_string (prim_name op)) (atom_text [] a2)); cc c
  | FPrim2 (op, n1, c) ->
    add b (Printf.sprintf "[\"prim2\",%s,%s" (json_string (prim_name op)) (int_text n1)); cc c
  | FResume (e, c) -> add b "[\"resume\","; expr b [] e; cc c

let counters = [ CA; CC; CV; CU; CH; CP; CEntries; CSubentries ]

(* theta at the cost centres ccs (sorted, distinct), rows with a non-zero
   counter only. *)
let theta_text ccs (th : theta) =
  let rows = List.filter_map (fun c ->
      let vs = List.map (th c) counters in
      if List.exists (fun v -> v <> 0) vs
      then Some (Printf.sprintf "%s:[%s]" (json_string c) (String.concat "," (List.map string_of_int vs)))
      else None) ccs in
  "{" ^ String.concat "," rows ^ "}"

(* Every address below next, in order: [a, expression, cc], or [a, null]
   for one absent from the heap (removed while its thunk runs). *)
let heap_text b (h : heap) =
  (* find_addr a h.binds for every a below next, in one pass: the first
     binding of an address in the list is the one find_addr returns *)
  let at = Array.make h.next None in
  List.iter (fun (a, o) -> if a >= 0 && a < h.next && at.(a) = None then at.(a) <- Some o) h.binds;
  add b "[";
  Array.iteri (fun a o ->
      if a > 0 then add b ",";
      match o with
      | Some (e, c) -> add b (Printf.sprintf "[%d," a); expr b [] e; add b ","; add b (json_string c); add b "]"
      | None -> add b (Printf.sprintf "[%d,null]" a)) at;
  add b "]"

let state_line n rule ccs (s : state) =
  let b = Buffer.create 4096 in
  add b (Printf.sprintf "{\"n\":%d,\"rule\":%s,\"ccc\":%s,\"control\":" n
           (match rule with Some r -> json_string (rule_name r) | None -> "null") (json_string s.ccc));
  expr b [] s.ctl;
  add b ",\"stack\":[";
  List.iteri (fun i f -> if i > 0 then add b ","; frame_text b f) s.stk;
  add b "],\"theta\":"; add b (theta_text ccs s.th);
  add b ",\"heap\":"; heap_text b s.hp; add b "}\n";
  print_string (Buffer.contents b)

let stop_name = function
  | StopValue -> "value" | NotAFunction -> "not_a_function" | NoAlternative -> "no_alternative"
  | TypeError -> "type_error" | BlackHole -> "black_hole" | DivisionByZero -> "division_by_zero"
  | Overflow -> "overflow" | Unfinished -> "steps"

(* The forcing policy (docs/coq.md): before a transition, when force_every
   is k > 0, the transitions so far are a positive multiple of k and the
   last one was not a force, force the thunk at the highest address, if
   the heap has one.  Addresses here are the model's (ccm states maps its
   own to them before choosing). *)
let thunk_to_force (h : heap) =
  let rec go a = if a < 0 then None else
      match find_addr a h.binds with
      | Some (e, _) when not (is_value e) -> Some a
      | _ -> go (a - 1) in
  go (h.next - 1)

(* theta is a function built by one Costs.charge a counted row: evaluating
   it walks every charge made so far, so a run's states would cost the
   square of its length.  After each transition the run goes on with a
   table of theta's values at ccs instead, 0 elsewhere: the same function
   at every cost centre, since theta is non-zero only at cost centres that
   were current (Charged.step_charges) and every one of them is in ccs;
   and no row reads theta (Run.step_theta_shift: a row adds the same
   amounts from any theta), so the run is the same run. *)
let flatten ccs (th : theta) : theta =
  let tbl = Hashtbl.create 64 in
  List.iter (fun c -> List.iter (fun k ->
      let v = th c k in if v <> 0 then Hashtbl.replace tbl (c, k) v) counters) ccs;
  fun c k -> match Hashtbl.find_opt tbl (c, k) with Some v -> v | None -> 0

(* Run and print: the initial state (n 0, rule null), one line per
   transition, then {"stop": why, "n": transitions}.  At most max_steps
   transitions, forces included, as ccm's --max-steps. *)
let run order rules scoping max_steps force_every prog tops sccs =
  let s0 = init_state prog in
  let static = "MAIN" :: "SUB" :: "CAF" :: List.map (fun x -> "CAF:" ^ x) tops @ sccs in
  (* theta changes only at the cost centre current before or after a row
     (Charged.step_charges): every cost centre it can be non-zero at is in
     static or was current; ccs grows as the run goes *)
  let ccs = ref (List.sort_uniq compare (s0.ccc :: static)) in
  let seen c = if not (List.mem c !ccs) then ccs := List.sort_uniq compare (c :: !ccs) in
  state_line 0 None !ccs s0;
  let rec loop n last_force s =
    let stop why = Printf.printf "{\"stop\":%s,\"n\":%d}\n" (json_string why) n in
    let fire n' rule s' =
      seen s'.ccc; state_line n' (Some rule) !ccs s';
      loop n' (rule = RForce) { s' with th = flatten !ccs s'.th } in
    let force_now = force_every > 0 && n > 0 && n mod force_every = 0 && not last_force in
    match (if force_now && n < max_steps then thunk_to_force s.hp else None) with
    | Some a ->
      (match force_fn a s with
       | Some s' -> fire (n + 1) RForce s'
       | None -> failwith "force_fn refused the thunk thunk_to_force chose")
    | None ->
      match orule_of order s, ostep_fn order rules scoping s with
      | Some _, Some _ when n >= max_steps -> stop "steps"
      | Some r, Some s' -> fire (n + 1) r s'
      | None, None -> stop (stop_name (ostop_of order rules scoping s))
      | _ -> failwith "orule_of and ostep_fn disagree (Lockstep.orule_of_none says they cannot)" in
  loop 0 false s0
