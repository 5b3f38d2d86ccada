(* states.ml -- the model's side of the lockstep comparison (docs/coq.md,
   "Lockstep"): run the extracted machine one row at a time and print its
   whole state after every transition, in the format `ccm states` prints
   ccm's (one JSON object a line; docs/coq.md defines it), so that
   tests/lockstep/compare.py can hold the two to each other line by line.

   Every transition is the extracted code's: Interp.step_fn fires the row,
   Lockstep.rule_of names it, Lockstep.force_fn forces; Interp.stop_of
   says why the run stopped.  What is written here is the printing, and the
   forcing policy (which thunk, when), which the model leaves to the test
   and which ccm states applies in the same words. *)
open Ccm_model

(* A JSON string literal, as ccm_coq.ml writes one. *)
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

(* scope: the names bound around the expression, innermost first. *)
let rec expr_text scope e =
  let b = Buffer.create 64 in
  let add = Buffer.add_string b in
  (match e with
   | Lam (y, body) -> add "[\"lam\","; add (expr_text (y :: scope) body); add "]"
   | App (f, x) -> add "[\"app\","; add (expr_text scope f); add ","; add (var_text scope x); add "]"
   | Var x -> add "[\"var\","; add (var_text scope x); add "]"
   | Let (bs, body) ->
     let scope' = List.rev_append (List.map fst bs) scope in
     add "[\"let\",["; add (String.concat "," (List.map (fun (_, r) -> expr_text scope' r) bs));
     add "],"; add (expr_text scope' body); add "]"
   | Con (c, xs) ->
     add "[\"con\","; add (json_string c); add ",[";
     add (String.concat "," (List.map (var_text scope) xs)); add "]]"
   | Case (s, alts, d) ->
     add "[\"case\","; add (expr_text scope s); add ","; add (alts_text scope alts d); add "]"
   | Scc (c, body) -> add "[\"scc\","; add (json_string c); add ","; add (expr_text scope body); add "]"
   | SccSub (c, body) -> add "[\"scc_sub\","; add (json_string c); add ","; add (expr_text scope body); add "]"
   | Int n -> add "[\"int\","; add (int_text n); add "]"
   | Prim (op, a1, a2) ->
     add "[\"prim\","; add (json_string (prim_name op)); add ",";
     add (atom_text scope a1); add ","; add (atom_text scope a2); add "]");
  Buffer.contents b

(* The alternatives ([[C, k, body], ...]) and the default (or null). *)
and alts_text scope alts d =
  let alt ((c, ys), body) =
    Printf.sprintf "[%s,%d,%s]" (json_string c) (List.length ys)
      (expr_text (List.rev_append ys scope) body) in
  Printf.sprintf "[%s],%s" (String.concat "," (List.map alt alts))
    (match d with Some de -> expr_text scope de | None -> "null")

let frame_text = function
  | FArg (x, c) -> Printf.sprintf "[\"arg\",%s,%s]" (var_text [] x) (json_string c)
  | FUpd (x, c) -> Printf.sprintf "[\"upd\",%s,%s]" (var_text [] x) (json_string c)
  | FCase (alts, d, c) -> Printf.sprintf "[\"case\",%s,%s]" (alts_text [] alts d) (json_string c)
  | FPrim1 (op, a2, c) ->
    Printf.sprintf "[\"prim1\",%s,%s,%s]" (json_string (prim_name op)) (atom_text [] a2) (json_string c)
  | FPrim2 (op, n1, c) ->
    Printf.sprintf "[\"prim2\",%s,%s,%s]" (json_string (prim_name op)) (int_text n1) (json_string c)
  | FResume (e, c) -> Printf.sprintf "[\"resume\",%s,%s]" (expr_text [] e) (json_string c)

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
let heap_text (h : heap) =
  let obj a = match find_addr a h.binds with
    | Some (e, c) -> Printf.sprintf "[%d,%s,%s]" a (expr_text [] e) (json_string c)
    | None -> Printf.sprintf "[%d,null]" a in
  "[" ^ String.concat "," (List.init h.next obj) ^ "]"

let state_line n rule ccs (s : state) =
  Printf.printf "{\"n\":%d,\"rule\":%s,\"ccc\":%s,\"control\":%s,\"stack\":[%s],\"theta\":%s,\"heap\":%s}\n"
    n (match rule with Some r -> json_string (rule_name r) | None -> "null")
    (json_string s.ccc) (expr_text [] s.ctl)
    (String.concat "," (List.map frame_text s.stk)) (theta_text ccs s.th) (heap_text s.hp)

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

(* Run and print: the initial state (n 0, rule null), one line per
   transition, then {"stop": why, "n": transitions}.  At most max_steps
   transitions, forces included, as ccm's --max-steps. *)
let run rules scoping max_steps force_every prog tops sccs =
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
    let fire n' rule s' = seen s'.ccc; state_line n' (Some rule) !ccs s'; loop n' (rule = RForce) s' in
    let force_now = force_every > 0 && n > 0 && n mod force_every = 0 && not last_force in
    match (if force_now && n < max_steps then thunk_to_force s.hp else None) with
    | Some a ->
      (match force_fn a s with
       | Some s' -> fire (n + 1) RForce s'
       | None -> failwith "force_fn refused the thunk thunk_to_force chose")
    | None ->
      match rule_of s, step_fn rules scoping s with
      | Some _, Some _ when n >= max_steps -> stop "steps"
      | Some r, Some s' -> fire (n + 1) r s'
      | None, None -> stop (stop_name (stop_of rules scoping s))
      | _ -> failwith "rule_of and step_fn disagree (Lockstep.rule_of_none says they cannot)" in
  loop 0 false s0
