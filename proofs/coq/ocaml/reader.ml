(* reader.ml -- program text (docs/syntax-and-cli.md, "Syntax in brief") to
   the Coq model's core (Ccm_model.program), written afresh in OCaml so that
   coq-check shares no code with the ccm it checks: not its C lexer and
   parser, not `ccm core --json`.

   Desugaring, as the syntax page states it: \x y -> e is \x -> \y -> e;
   f x y is (f x) y; (e) is e; `_ -> e` is the case's default.  Every
   variable is left a name (VName): Program.init_heap renames the
   top-level ones to their addresses, and the rules rename the others. *)
open Ccm_model

exception Error of string

type tok =
  | IDENT of string | CON of string | INT of int64 | STRING of string
  | OP of prim
  | LET | IN | CASE | OF | SCC | SCC_SUB | UNDERSCORE
  | BACKSLASH | ARROW | EQUALS | SEMI | LBRACE | RBRACE | LPAREN | RPAREN
  | EOF

(* ---- the lexer ---- *)

let is_lower c = (c >= 'a' && c <= 'z') || c = '_'
let is_upper c = c >= 'A' && c <= 'Z'
let is_digit c = c >= '0' && c <= '9'
let is_ident_char c = is_lower c || is_upper c || is_digit c || c = '\''

(* Two-character symbols are tried before one-character ones; "--" is a
   comment, tried before any symbol. *)
let symbols2 = [ "->", ARROW; "==", OP PEq; "/=", OP PNe; "<=", OP PLe; ">=", OP PGe ]
let symbols1 = [ '\\', BACKSLASH; '=', EQUALS; ';', SEMI; '{', LBRACE; '}', RBRACE;
                 '(', LPAREN; ')', RPAREN; '+', OP PAdd; '-', OP PSub; '*', OP PMul;
                 '/', OP PDiv; '%', OP PMod; '<', OP PLt; '>', OP PGt ]

let keyword = function
  | "let" -> Some LET | "in" -> Some IN | "case" -> Some CASE | "of" -> Some OF
  | "scc" -> Some SCC | "scc_sub" -> Some SCC_SUB | "_" -> Some UNDERSCORE
  | _ -> None

let max_int64 = "9223372036854775807"

(* A literal is 0 .. 2^63-1 (leading zeros allowed). *)
let literal digits =
  let d = let i = ref 0 in
          while !i < String.length digits - 1 && digits.[!i] = '0' do incr i done;
          String.sub digits !i (String.length digits - !i) in
  if String.length d > 19 || (String.length d = 19 && d > max_int64) then
    raise (Error "integer literal out of 64-bit range");
  Int64.of_string d

let lex (s : string) : tok array =
  let n = String.length s in
  let toks = ref [] in
  let i = ref 0 in
  let push t = toks := t :: !toks in
  while !i < n do
    let c = s.[!i] in
    if c = ' ' || c = '\t' || c = '\n' || c = '\r' || c = '\012' || c = '\011' then incr i
    else if c = '-' && !i + 1 < n && s.[!i + 1] = '-' then
      (while !i < n && s.[!i] <> '\n' do incr i done)
    else if c = '"' then begin
      let j = ref (!i + 1) in
      while !j < n && s.[!j] <> '"' && s.[!j] <> '\n' do incr j done;
      if !j >= n || s.[!j] <> '"' then raise (Error "unterminated string");
      push (STRING (String.sub s (!i + 1) (!j - !i - 1)));
      i := !j + 1
    end else if is_digit c then begin
      let j = ref !i in
      while !j < n && is_digit s.[!j] do incr j done;
      push (INT (literal (String.sub s !i (!j - !i))));
      i := !j
    end else if is_lower c || is_upper c then begin
      let j = ref !i in
      while !j < n && is_ident_char s.[!j] do incr j done;
      let w = String.sub s !i (!j - !i) in
      push (match keyword w with
            | Some k -> k
            | None -> if is_upper c then CON w else IDENT w);
      i := !j
    end else begin
      let two = if !i + 1 < n then String.sub s !i 2 else "" in
      match List.assoc_opt two symbols2 with
      | Some t -> push t; i := !i + 2
      | None ->
        match List.assoc_opt c symbols1 with
        | Some t -> push t; incr i
        | None -> raise (Error (Printf.sprintf "unexpected byte 0x%02X" (Char.code c)))
    end
  done;
  push EOF;
  Array.of_list (List.rev !toks)

(* ---- integers: int64 to the model's binary Z and back ---- *)

let rec pos_of_int64 (n : int64) : positive =          (* n >= 1 *)
  if n = 1L then XH
  else if Int64.logand n 1L = 1L then XI (pos_of_int64 (Int64.shift_right_logical n 1))
  else XO (pos_of_int64 (Int64.shift_right_logical n 1))

let z_of_int64 (n : int64) : z =                       (* literals: n >= 0 *)
  if n = 0L then Z0 else Zpos (pos_of_int64 n)

(* The magnitude modulo 2^64; exact for the model's values, which are in
   the 64-bit signed range (-2^63 negates to itself, as it should). *)
let rec int64_of_pos = function
  | XH -> 1L
  | XO p -> Int64.shift_left (int64_of_pos p) 1
  | XI p -> Int64.logor (Int64.shift_left (int64_of_pos p) 1) 1L

let int64_of_z = function
  | Z0 -> 0L
  | Zpos p -> int64_of_pos p
  | Zneg p -> Int64.neg (int64_of_pos p)

(* ---- the parser: recursive descent over the token array ---- *)

type parser = { toks : tok array; mutable at : int;
                mutable sccs : string list }   (* every scc / scc_sub name seen *)

let peek p = p.toks.(p.at)
let peek2 p = if p.at + 1 < Array.length p.toks then p.toks.(p.at + 1) else EOF
let advance p = if peek p <> EOF then p.at <- p.at + 1
let expect p t what = if peek p = t then advance p else raise (Error ("expected " ^ what))

(* Zero or more variable names (arguments, parameters, pattern variables). *)
let rec idents p =
  match peek p with
  | IDENT x -> advance p; x :: idents p
  | _ -> []

let apply head args = List.fold_left (fun f x -> App (f, VName x)) head args

let operand p =
  match peek p with
  | IDENT x -> advance p; AVar (VName x)
  | INT n -> advance p; AInt (z_of_int64 n)
  | _ -> raise (Error "expected a variable or an integer operand")

let rec expr p : expr =
  match peek p with
  | BACKSLASH ->
    advance p;
    let xs = idents p in
    if xs = [] then raise (Error "expected a parameter after \\");
    expect p ARROW "->";
    let body = expr p in
    List.fold_right (fun x b -> Lam (x, b)) xs body
  | LET ->
    advance p;
    let rec binds () =
      let b = binding p in
      match peek p with
      | SEMI -> advance p; b :: binds ()
      | IN -> advance p; [b]
      | _ -> raise (Error "expected ; or in after a let binding") in
    let bs = binds () in
    Let (bs, expr p)
  | CASE ->
    advance p;
    let scrut = expr p in
    expect p OF "of";
    expect p LBRACE "{";
    let rec alts acc =
      let acc = alt p :: acc in
      match peek p with
      | SEMI -> advance p; alts acc
      | RBRACE -> advance p; List.rev acc
      | _ -> raise (Error "expected ; or } after an alternative") in
    let all = alts [] in
    let named = List.filter_map (function `Con a -> Some a | `Default _ -> None) all in
    let dflt = List.find_map (function `Default e -> Some e | `Con _ -> None) all in
    Case (scrut, named, dflt)
  | SCC | SCC_SUB as k ->
    advance p;
    let name = match peek p with
      | STRING s -> advance p; s
      | _ -> raise (Error "expected a cost-centre name") in
    p.sccs <- name :: p.sccs;
    let body = expr p in
    if k = SCC then Scc (name, body) else SccSub (name, body)
  | CON c ->
    advance p;
    Con (c, List.map (fun x -> VName x) (idents p))
  | IDENT _ | INT _ ->
    (match peek2 p with
     | OP op ->
       let a1 = operand p in
       advance p;
       let a2 = operand p in
       Prim (op, a1, a2)
     | _ ->
       let head = match operand p with AVar x -> Var x | AInt n -> Int n in
       apply head (idents p))
  | LPAREN ->
    advance p;
    let e = expr p in
    expect p RPAREN ")";
    apply e (idents p)
  | _ -> raise (Error "expected an expression")

and binding p : string * expr =
  match peek p with
  | IDENT x -> advance p; expect p EQUALS "="; (x, expr p)
  | _ -> raise (Error "expected a binding name")

and alt p =
  match peek p with
  | CON c ->
    advance p;
    let ys = idents p in
    expect p ARROW "->";
    `Con ((c, ys), expr p)
  | UNDERSCORE -> advance p; expect p ARROW "->"; `Default (expr p)
  | _ -> raise (Error "expected a pattern")

(* A program: bindings separated by ";" (the last one optional); main's
   right-hand side apart, the others in order (Program.program).  Also
   returns the scc names, for the report's cost centres. *)
let program (text : string) : program * string list * string list =
  let p = { toks = lex text; at = 0; sccs = [] } in
  let rec binds () =
    if peek p = EOF then []
    else
      let b = binding p in
      match peek p with
      | SEMI -> advance p; b :: binds ()
      | EOF -> [b]
      | _ -> raise (Error "expected ; after a top-level binding") in
  let bs = binds () in
  let main = match List.assoc_opt "main" bs with
    | Some e -> e
    | None -> raise (Error "no binding for main") in
  let tops = List.filter (fun (x, _) -> x <> "main") bs in
  ({ main_rhs = main; tops }, List.map fst tops, List.rev p.sccs)
