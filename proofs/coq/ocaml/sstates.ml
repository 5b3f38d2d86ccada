(* sstates.ml -- the model over cost-centre stacks (Stacks.v, run by
   StackInterp.v's extracted functions) against ccm's machine under
   --push append|ghc (docs/coq.md, "Lockstep over stacks"):
   - run_states: the whole state after every transition, in the format
     `ccm states --push append|ghc` prints (the flat format with every cost
     centre a stack, an array of names root first, and theta a list of
     [stack, counters] sorted by the stack);
   - run_report: the report of `ccm run --json --push ...`: outcome, error,
     value, returned stack, steps, the stacks with their counters (and the
     table summed by top, as ccm's costs).

   Every transition is the extracted code's: StackInterp.sstep_fn fires
   the row, srule_of names it, sforce_fn forces, sstop_of says why the run
   stopped.  What is written here: the printing, the forcing policy (the
   same words as states.ml and ccm states), and theta kept as a table
   (below). *)
open Ccm_model

let add = Buffer.add_string
let json_string = States.json_string

(* A stack, root first (the model holds it top first). *)
let stack_text (st : stack) =
  "[" ^ String.concat "," (List.map json_string (List.rev st)) ^ "]"

let frame_text b f =
  let st s = add b ","; add b (stack_text s); add b "]" in
  match f with
  | SFArg (x, s) -> add b "[\"arg\","; add b (States.var_text [] x); st s
  | SFUpd (x, s) -> add b "[\"upd\","; add b (States.var_text [] x); st s
  | SFCase (alts, d, s) -> add b "[\"case\","; States.alts_text b [] alts d; st s
  | SFPrim1 (op, a2, s) ->
    add b (Printf.sprintf "[\"prim1\",%s,%s" (json_string (States.prim_name op)) (States.atom_text [] a2)); st s
  | SFPrim2 (op, n1, s) ->
    add b (Printf.sprintf "[\"prim2\",%s,%s" (json_string (States.prim_name op)) (States.int_text n1)); st s
  | SFResume (e, s) -> add b "[\"resume\","; States.expr b [] e; st s

let heap_text b (h : sheap) =
  let at = Array.make h.snext None in
  List.iter (fun (a, o) -> if a >= 0 && a < h.snext && at.(a) = None then at.(a) <- Some o) h.sbinds;
  add b "[";
  Array.iteri (fun a o ->
      if a > 0 then add b ",";
      match o with
      | Some (e, s) -> add b (Printf.sprintf "[%d," a); States.expr b [] e; add b ","; add b (stack_text s); add b "]"
      | None -> add b (Printf.sprintf "[%d,null]" a)) at;
  add b "]"

let counters = States.counters

(* theta is a function built by one scharge a counted row; evaluating it
   walks every charge made so far.  So the run keeps a table: after each
   row, theta's values at the stack current before and after it (the only
   stacks a row changes: StackInterp.sstep_charges; force changes none,
   sforce_theta) are written into the table, and the run goes on with the
   table as its theta (the same function at every stack; no row reads
   theta, StackInterp.sstep_theta_shift, so it is the same run). *)
type table = (stack, int array) Hashtbl.t

(* th's values at the stacks sts, read before any is written (th reads
   the table). *)
let record (tbl : table) (th : stheta) (sts : stack list) =
  let vals = List.map (fun st -> st, Array.of_list (List.map (th st) counters)) sts in
  List.iter (fun (st, vs) ->
      if Array.exists (fun v -> v <> 0) vs || Hashtbl.mem tbl st then Hashtbl.replace tbl st vs) vals

let of_table (tbl : table) : stheta =
  let idx = function
    | CA -> 0 | CC -> 1 | CV -> 2 | CU -> 3 | CH -> 4 | CP -> 5 | CEntries -> 6 | CSubentries -> 7 in
  fun st k -> match Hashtbl.find_opt tbl st with Some vs -> vs.(idx k) | None -> 0

(* The stacks with a non-zero counter, root first, sorted (OCaml's compare
   on string lists: name by name in byte order, a prefix first, as ccm
   sorts them). *)
let rows (tbl : table) =
  Hashtbl.fold (fun st vs acc ->
      if Array.exists (fun v -> v <> 0) vs then (List.rev st, vs) :: acc else acc) tbl []
  |> List.sort compare

let theta_text tbl =
  "[" ^ String.concat "," (List.map (fun (path, vs) ->
      Printf.sprintf "[[%s],[%s]]" (String.concat "," (List.map json_string path))
        (String.concat "," (List.map string_of_int (Array.to_list vs)))) (rows tbl)) ^ "]"

let state_line n rule tbl (s : sstate) =
  let b = Buffer.create 4096 in
  add b (Printf.sprintf "{\"n\":%d,\"rule\":%s,\"ccc\":%s,\"control\":" n
           (match rule with Some r -> json_string (States.rule_name r) | None -> "null") (stack_text s.scur));
  States.expr b [] s.sctl;
  add b ",\"stack\":[";
  List.iteri (fun i f -> if i > 0 then add b ","; frame_text b f) s.sstk;
  add b "],\"theta\":"; add b (theta_text tbl);
  add b ",\"heap\":"; heap_text b s.shp; add b "}\n";
  print_string (Buffer.contents b)

let thunk_to_force (h : sheap) =
  let rec go a = if a < 0 then None else
      match sfind_addr a h.sbinds with
      | Some (e, _) when not (is_value e) -> Some a
      | _ -> go (a - 1) in
  go (h.snext - 1)

(* The run: at most max_steps transitions, forces included; each state
   given to emit (n, rule, table, state) as it is reached; returns the
   transitions made, the last state, why it stopped (None: the budget) and
   the table of theta at its end. *)
let run ~emit rules push call max_steps force_every prog =
  let tbl : table = Hashtbl.create 64 in
  let s0 = sinit_state prog in
  emit 0 None tbl s0;
  let rec loop n last_force s =
    let fire n' rule s' =
      if rule <> RForce then record tbl s'.sth [s.scur; s'.scur];
      emit n' (Some rule) tbl s';
      loop n' (rule = RForce) { s' with sth = of_table tbl } in
    let force_now = force_every > 0 && n > 0 && n mod force_every = 0 && not last_force in
    match (if force_now && n < max_steps then thunk_to_force s.shp else None) with
    | Some a ->
      (match sforce_fn a s with
       | Some s' -> fire (n + 1) RForce s'
       | None -> failwith "sforce_fn refused the thunk thunk_to_force chose")
    | None ->
      match srule_of s, sstep_fn rules push call s with
      | Some _, Some _ when n >= max_steps -> (n, s, None, tbl)
      | Some r, Some s' -> fire (n + 1) r s'
      | None, None -> (n, s, Some (sstop_of rules push call s), tbl)
      | _ -> failwith "srule_of and sstep_fn disagree (StackInterp.srule_of_none says they cannot)" in
  loop 0 false { s0 with sth = of_table tbl }

let run_states rules push call max_steps force_every prog =
  let n, _, why, _ = run ~emit:state_line rules push call max_steps force_every prog in
  Printf.printf "{\"stop\":%s,\"n\":%d}\n"
    (json_string (match why with Some w -> States.stop_name w | None -> "steps")) n

(* the value as the report prints it (states.ml has it) *)
let value_text = States.value_text

let counter_names = [ "A"; "C"; "V"; "U"; "H"; "P"; "entries"; "subentries" ]

let counters_obj vs =
  "{" ^ String.concat "," (List.map2 (fun k v -> Printf.sprintf "\"%s\":%d" k v) counter_names vs) ^ "}"

(* The report of `ccm run --json --push P`, the members
   tests/coqcheck/compare.py holds to ccm's: outcome, error, value,
   returned_cc (the top of the returned stack), returned_stack (root
   first), steps; stacks: every stack with a non-zero counter, root first,
   sorted, with its eight counters ({"stack": [...], "A": ..}); costs: the
   stacks summed by top (the table ccm prints per cost centre), MAIN
   always. *)
let run_report rules push call max_steps prog =
  let n, s, why, tbl = run ~emit:(fun _ _ _ _ -> ()) rules push call max_steps 0 prog in
  let outcome, err, code = match why with
    | None -> "resource_error", "{\"kind\":\"steps\"}", 3
    | Some StopValue -> "value", "null", 0
    | Some w -> "runtime_error", Printf.sprintf "{\"kind\":%s}" (json_string (States.stop_name w)), 1 in
  let value, rcc, rstack = if why = Some StopValue
    then json_string (value_text s.sctl), json_string (top s.scur), stack_text s.scur
    else "null", "null", "null" in
  let rs = rows tbl in
  let by_top = Hashtbl.create 16 in
  Hashtbl.replace by_top "MAIN" (Array.make 8 0);
  List.iter (fun (path, vs) ->
      let c = List.nth path (List.length path - 1) in
      let acc = match Hashtbl.find_opt by_top c with Some a -> a | None -> Array.make 8 0 in
      Hashtbl.replace by_top c (Array.mapi (fun i v -> v + vs.(i)) acc)) rs;
  let costs = Hashtbl.fold (fun c vs acc -> (c, vs) :: acc) by_top [] |> List.sort compare in
  Printf.printf "{\"outcome\":%s,\"error\":%s,\"value\":%s,\"returned_cc\":%s,\"returned_stack\":%s,\"steps\":%d,"
    (json_string outcome) err value rcc rstack n;
  Printf.printf "\"rules\":%s,\"push\":%s,\"call\":%s,\"costs\":{%s},\"stacks\":[%s]}\n"
    (json_string (if rules = Fig6 then "fig6" else "fig2"))
    (json_string (match push with PushSingle -> "single" | PushAppend -> "append" | PushGhc -> "ghc"))
    (json_string (match call with CallLexical -> "lexical" | CallEvaluation -> "evaluation" | CallGhc -> "ghc"))
    (String.concat "," (List.map (fun (c, vs) ->
         Printf.sprintf "%s:%s" (json_string c) (counters_obj (Array.to_list vs))) costs))
    (String.concat "," (List.map (fun (path, vs) ->
         let o = counters_obj (Array.to_list vs) in
         Printf.sprintf "{\"stack\":[%s],%s" (String.concat "," (List.map json_string path))
           (String.sub o 1 (String.length o - 1))) rs));
  code
