(* ccm_coq.ml -- run a program on the Coq model's extracted machine
   (Extract.v) and print the report as `ccm run --json` does
   (docs/syntax-and-cli.md, "Reading the report"), so that coq-check can
   compare the two member by member.

     ccm-coq [--big-step | --states [--force-every K] [--order ltr|rtl]]
             [--rules fig6|fig2] [--scoping lexical|evaluation] [--max-steps N]
             [--push single|append|ghc] [--call lexical|evaluation|ghc] FILE...

   --big-step: the big-step rules (BigInterp.interp) instead of the
   machine: value, returned cost centre and theta, no steps.
   --states: the machine's whole state after every transition instead of
   the report (states.ml; the lockstep comparison with `ccm states`), with
   early forcing every K transitions when K > 0, and either operand order
   (Order.v; the report and --big-step are left to right only: T1 and T2
   are proven for that machine).

   --push / --call: the machine over cost-centre stacks (Stacks.v, run by
   StackInterp.v; sstates.ml) with that push policy and call policy (call
   default: the scoping's, Stacks.call_of), its report (`ccm run --json
   --push P` has the same members) or, with --states, its states (as `ccm
   states --push P` prints them); left to right only, no --big-step.

   Exit status: 0 value, 1 runtime error, 3 step budget, 2 bad input. *)
open Ccm_model

let counters = [ "A", CA; "C", CC; "V", CV; "U", CU; "H", CH; "P", CP;
                 "entries", CEntries; "subentries", CSubentries ]

(* one JSON string writer for both outputs (states.ml has it) *)
let json_string = States.json_string

(* the value as the report prints it (states.ml has it) *)
let value_text = States.value_text

let stop_kind = function
  | StopValue -> None
  | NotAFunction -> Some "not_a_function"
  | NoAlternative -> Some "no_alternative"
  | TypeError -> Some "type_error"
  | BlackHole -> Some "black_hole"
  | DivisionByZero -> Some "division_by_zero"
  | Overflow -> Some "overflow"
  | Unfinished -> Some "steps"

(* The report line.  theta is a function; it is evaluated at ccs: the
   cost centres Charged.seen_ccs lists for the run (every cost centre the
   run can have charged: Charged.run_machine_charged), MAIN, and, harmless
   extras, SUB, CAF, each CAF:name and each scc name of the program.  As
   ccm's report: a cost centre with a non-zero counter, and MAIN always. *)
let print_report ~outcome ~err ~value ~rcc ~steps ~rules ~scoping ~ccs (th : theta) =
  let rows = List.filter_map (fun c ->
      let vs = List.map (fun (_, k) -> th c k) counters in
      if c = "MAIN" || List.exists (fun v -> v <> 0) vs then Some (c, vs) else None) ccs in
  Printf.printf "{\"outcome\":%s,\"error\":%s,\"value\":%s,\"returned_cc\":%s,\"steps\":%s,"
    (json_string outcome) err value rcc steps;
  Printf.printf "\"rules\":%s,\"scoping\":%s,\"costs\":{%s}}\n"
    (json_string (if rules = Fig6 then "fig6" else "fig2"))
    (json_string (if scoping = Lexical then "lexical" else "evaluation"))
    (String.concat "," (List.map (fun (c, vs) ->
         Printf.sprintf "%s:{%s}" (json_string c)
           (String.concat "," (List.map2 (fun (k, _) v -> Printf.sprintf "\"%s\":%d" k v) counters vs)))
         rows))

(* Where theta is evaluated (print_report). *)
let cost_centres rules scoping max_steps prog tops sccs =
  List.sort_uniq compare
    (seen_ccs rules scoping max_steps (init_state prog)
     @ "MAIN" :: "SUB" :: "CAF" :: List.map (fun x -> "CAF:" ^ x) tops @ sccs)

(* The machine (Interp.run_machine, fuel max_steps rows) from the program's
   initial state: the report of `ccm run --json`. *)
let run_machine_report rules scoping max_steps prog tops sccs =
  let ccs = cost_centres rules scoping max_steps prog tops sccs in
  let n, s = run_machine rules scoping max_steps (init_state prog) in
  let stop = stop_of rules scoping s in
  let outcome, err = match stop_kind stop with
    | None -> "value", "null"
    | Some "steps" -> "resource_error", "{\"kind\":\"steps\"}"
    | Some k -> "runtime_error", Printf.sprintf "{\"kind\":%s}" (json_string k) in
  let value, rcc = if stop = StopValue
    then json_string (value_text s.ctl), json_string s.ccc else "null", "null" in
  print_report ~outcome ~err ~value ~rcc ~steps:(string_of_int n) ~rules ~scoping ~ccs s.th;
  match stop with StopValue -> 0 | Unfinished -> 3 | _ -> 1

(* The big-step rules (BigInterp.interp, fuel max_steps levels of
   derivation) for MAIN, Gamma_init : main: a value, its cost centre and
   theta, or "no_value" when no rule applies (a section 6 error) or the
   fuel runs out.  No steps: the big-step semantics has none.  Its theta is
   the machine's at every cost centre when both give a value (T1, T2:
   InterpProgram.v), so it is evaluated where the machine's is. *)
let run_big_step_report rules scoping max_steps prog tops sccs =
  let ccs = cost_centres rules scoping max_steps prog tops sccs in
  match interp rules scoping max_steps init_cc (init_heap prog) init_ctl with
  | Some (((th, _), z), cz) ->
    print_report ~outcome:"value" ~err:"null" ~value:(json_string (value_text z))
      ~rcc:(json_string cz) ~steps:"null" ~rules ~scoping ~ccs th;
    0
  | None ->
    print_report ~outcome:"no_value" ~err:"null" ~value:"null" ~rcc:"null" ~steps:"null"
      ~rules ~scoping ~ccs (fun _ _ -> 0);
    1

(* Read and parse one program (FILE, or stdin for "-"); on bad input, the
   message and the bad_input line of the output MODE asks for, and None. *)
let read_program mode file =
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
    (* --states: a run's lines end with a stop line, this one's too *)
    print_endline (match mode with
        | `States _ -> "{\"stop\":\"bad_input\",\"n\":0}"
        | _ -> "{\"outcome\":\"bad_input\"}");
    None
  | p -> Some p

(* Run one program, print its report line; the exit status it asks for. *)
let run_file mode order rules scoping max_steps file =
  match read_program mode file with
  | None -> 2
  | Some (prog, tops, sccs) ->
    match mode with
    | `Big_step -> run_big_step_report rules scoping max_steps prog tops sccs
    | `Machine -> run_machine_report rules scoping max_steps prog tops sccs
    | `States k -> States.run order rules scoping max_steps k prog tops sccs; 0

(* The same over stacks (sstates.ml). *)
let run_file_stacks mode rules push call max_steps file =
  match read_program mode file with
  | None -> 2
  | Some (prog, _, _) ->
    match mode with
    | `States k -> Sstates.run_states rules push call max_steps k prog; 0
    | _ -> Sstates.run_report rules push call max_steps prog

(* Options, then one or more files: one report line per file, in order
   (coq-check runs a whole directory in one process).  The exit status is
   the last file's. *)
let () =
  let rules = ref Fig6 and scoping = ref Lexical and max_steps = ref 1_000_000_000
  and mode = ref `Machine and order = ref LTR and files = ref []
  and push = ref None and call = ref None in
  let usage () = prerr_endline "usage: ccm-coq [--big-step | --states [--force-every K] [--order ltr|rtl]] [--rules fig6|fig2] [--scoping lexical|evaluation] [--max-steps N] [--push single|append|ghc] [--call lexical|evaluation|ghc] FILE..."; exit 2 in
  let rec args = function
    | "--big-step" :: r -> mode := `Big_step; args r
    | "--states" :: r -> (if !mode = `Machine then mode := `States 0); args r
    | "--force-every" :: k :: r ->
      (match int_of_string_opt k with Some k when k >= 0 -> mode := `States k | _ -> usage ()); args r
    | "--rules" :: "fig6" :: r -> rules := Fig6; args r
    | "--rules" :: "fig2" :: r -> rules := Fig2; args r
    | "--order" :: "ltr" :: r -> order := LTR; args r
    | "--order" :: "rtl" :: r -> order := RTL; args r
    | "--scoping" :: "lexical" :: r -> scoping := Lexical; args r
    | "--scoping" :: "evaluation" :: r -> scoping := Evaluation; args r
    | "--push" :: "single" :: r -> push := Some PushSingle; args r
    | "--push" :: "append" :: r -> push := Some PushAppend; args r
    | "--push" :: "ghc" :: r -> push := Some PushGhc; args r
    | "--call" :: "lexical" :: r -> call := Some CallLexical; args r
    | "--call" :: "evaluation" :: r -> call := Some CallEvaluation; args r
    | "--call" :: "ghc" :: r -> call := Some CallGhc; args r
    | "--max-steps" :: n :: r ->
      (match int_of_string_opt n with Some k when k >= 0 -> max_steps := k | _ -> usage ()); args r
    | f :: r when f = "-" || (f <> "" && f.[0] <> '-') -> files := f :: !files; args r
    | [] -> ()
    | _ -> usage () in
  args (List.tl (Array.to_list Sys.argv));
  if !files = [] then usage ();
  (match !mode, !order with
   | (`Machine | `Big_step), RTL ->
     prerr_endline "ccm-coq: --order rtl needs --states (the report runs the left-to-right machine of T1/T2)"; exit 2
   | _ -> ());
  let stacks = !push <> None || !call <> None in
  if stacks && (!mode = `Big_step || !order = RTL) then begin
    prerr_endline "ccm-coq: --push / --call run the machine over stacks, left to right: no --big-step, no --order rtl"; exit 2
  end;
  let push = match !push with Some p -> p | None -> PushSingle in
  let call = match !call with Some c -> c | None -> call_of !scoping in
  let status = List.fold_left (fun _ f ->
      let st = if stacks then run_file_stacks !mode !rules push call !max_steps f
        else run_file !mode !order !rules !scoping !max_steps f in
      flush stdout; st)
      0 (List.rev !files) in
  exit status
