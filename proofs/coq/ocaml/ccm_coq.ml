(* ccm_coq.ml -- run a program on the Coq model's extracted machine
   (Extract.v) and print the report as `ccm run --json` does
   (docs/syntax-and-cli.md, "Reading the report"), so that coq-check can
   compare the two member by member.

     ccm-coq [--rules fig6|fig2] [--scoping lexical|evaluation]
             [--max-steps N] FILE

   Exit status: 0 value, 1 runtime error, 3 step budget, 2 bad input. *)
open Ccm_model

let counters = [ "A", CA; "C", CC; "V", CV; "U", CU; "H", CH; "P", CP;
                 "entries", CEntries; "subentries", CSubentries ]

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

(* The value as the report prints it: an integer, a constructor's name,
   or <function>. *)
let value_text = function
  | Int n -> Int64.to_string (Reader.int64_of_z n)
  | Con (c, _) -> c
  | Lam _ -> "<function>"
  | _ -> "?"

let stop_kind = function
  | StopValue -> None
  | NotAFunction -> Some "not_a_function"
  | NoAlternative -> Some "no_alternative"
  | TypeError -> Some "type_error"
  | BlackHole -> Some "black_hole"
  | DivisionByZero -> Some "division_by_zero"
  | Overflow -> Some "overflow"
  | Unfinished -> Some "steps"

(* Run one program, print its report line; the exit status it asks for. *)
let run_file rules scoping max_steps file =
  let read_all ic =
    let b = Buffer.create 65536 in
    (try while true do Buffer.add_channel b ic 1 done with End_of_file -> ());
    Buffer.contents b in
  match
    let text =
      if file = "-" then read_all stdin
      else (let ic = open_in_bin file in let t = read_all ic in close_in ic; t) in
    Reader.program text
  with
  | exception (Reader.Error m | Sys_error m) ->
    Printf.eprintf "%s: %s\n" file m;
    print_endline "{\"outcome\":\"bad_input\"}";
    2
  | prog, tops, sccs ->
  (* Run: the proven step function under a fuel of max_steps rows. *)
  let n, s = run_machine rules scoping max_steps (init_state prog) in
  let stop = stop_of rules scoping s in
  (* theta is a function; it is evaluated at every cost centre a run can
     charge: MAIN, SUB, CAF, each CAF:name and each scc name (a state's
     cost centre only ever comes from these, see docs/coq.md).  As ccm's
     report: a cost centre with a non-zero counter, and MAIN always. *)
  let ccs = List.sort_uniq compare
      ("MAIN" :: "SUB" :: "CAF" :: List.map (fun x -> "CAF:" ^ x) tops @ sccs) in
  let rows = List.filter_map (fun c ->
      let vs = List.map (fun (_, k) -> s.th c k) counters in
      if c = "MAIN" || List.exists (fun v -> v <> 0) vs then Some (c, vs) else None) ccs in
  let outcome, err = match stop_kind stop with
    | None -> "value", "null"
    | Some "steps" -> "resource_error", "{\"kind\":\"steps\"}"
    | Some k -> "runtime_error", Printf.sprintf "{\"kind\":%s}" (json_string k) in
  let value, rcc = if stop = StopValue
    then json_string (value_text s.ctl), json_string s.ccc else "null", "null" in
  Printf.printf "{\"outcome\":%s,\"error\":%s,\"value\":%s,\"returned_cc\":%s,\"steps\":%d,"
    (json_string outcome) err value rcc n;
  Printf.printf "\"rules\":%s,\"scoping\":%s,\"costs\":{%s}}\n"
    (json_string (if rules = Fig6 then "fig6" else "fig2"))
    (json_string (if scoping = Lexical then "lexical" else "evaluation"))
    (String.concat "," (List.map (fun (c, vs) ->
         Printf.sprintf "%s:{%s}" (json_string c)
           (String.concat "," (List.map2 (fun (k, _) v -> Printf.sprintf "\"%s\":%d" k v) counters vs)))
         rows));
  match stop with StopValue -> 0 | Unfinished -> 3 | _ -> 1

(* Options, then one or more files: one report line per file, in order
   (coq-check runs a whole directory in one process).  The exit status is
   the last file's. *)
let () =
  let rules = ref Fig6 and scoping = ref Lexical and max_steps = ref 1_000_000_000
  and files = ref [] in
  let usage () = prerr_endline "usage: ccm-coq [--rules fig6|fig2] [--scoping lexical|evaluation] [--max-steps N] FILE..."; exit 2 in
  let rec args = function
    | "--rules" :: "fig6" :: r -> rules := Fig6; args r
    | "--rules" :: "fig2" :: r -> rules := Fig2; args r
    | "--scoping" :: "lexical" :: r -> scoping := Lexical; args r
    | "--scoping" :: "evaluation" :: r -> scoping := Evaluation; args r
    | "--max-steps" :: n :: r ->
      (match int_of_string_opt n with Some k when k >= 0 -> max_steps := k | _ -> usage ()); args r
    | f :: r when f = "-" || (f <> "" && f.[0] <> '-') -> files := f :: !files; args r
    | [] -> ()
    | _ -> usage () in
  args (List.tl (Array.to_list Sys.argv));
  if !files = [] then usage ();
  let status = List.fold_left (fun _ f -> let st = run_file !rules !scoping !max_steps f in flush stdout; st)
      0 (List.rev !files) in
  exit status
