#!/usr/bin/env bash
# tests/front/run.sh CCM -- the front end through the command line: every
# static error class with its exact FILE:LINE:COL (columns counted by hand,
# shown in the comments), the nesting limit at 1,000,000 levels, hostile
# input (binary, NUL, bad UTF-8, empty, every prefix of valid programs),
# desugaring, and the `ccm core` fixed point.
HERE=$(cd "$(dirname "$0")" && pwd)
CCM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SUITE="front($(basename "$CCM"))"
source "$HERE/helpers.sh"
[ -x "$CCM" ] || { echo "no binary $CCM"; echo "$SUITE: 0 passed, 1 failed"; exit 1; }

# ---- static errors, one per class ----------------------------------------
# "main = x;": m1 a2 i3 n4 _5 =6 _7 x8
expect_static t.lam 'main = x;\n' 't.lam:1:8: unbound variable `x`'
# "main = f y;": f8 _9 y10 -- the argument of an application
expect_static t.lam 'main = f y;\nf = \\x -> x;\n' 't.lam:1:10: unbound variable `y`'
# a lambda parameter is not visible outside its body: "main = (\x -> x) x;" last x at 18
expect_static t.lam 'main = (\\x -> x) x;\n' 't.lam:1:18: unbound variable `x`'
# pattern variables only in their alternative: "main = case Nil of { Cons h t -> h; Nil -> h };"
# { is 20, C22, ... "Cons h t -> h; " occupies 22..36, N37 i38 l39 _40 -41 >42 _43 h44
expect_static t.lam 'main = case Nil of { Cons h t -> h; Nil -> h };\n' 't.lam:1:44: unbound variable `h`'
# primitive operands are checked: "main = 1 + q;" q at 12
expect_static t.lam 'main = 1 + q;\n' 't.lam:1:12: unbound variable `q`'
# constructor arguments: "main = Pair a b;\na = 1;" b at 15
expect_static t.lam 'main = Pair a b;\na = 1;\n' 't.lam:1:15: unbound variable `b`'
# multi-line: line 3 "  in b;" b at 6
expect_static t.lam 'main =\n  let a = 1\n  in b;\n' 't.lam:3:6: unbound variable `b`'
# duplicate top-level binding: the second one, line 2 col 1
expect_static t.lam 'main = 1;\nmain = 2;\n' 't.lam:2:1: duplicate top-level binding `main`'
# duplicate let binding: "main = let a = 1; a = 2 in a;" l8 e9 t10 _11 a12 ... ;17 _18 a19
expect_static t.lam 'main = let a = 1; a = 2 in a;\n' 't.lam:1:19: duplicate binding `a` in one let'
# same name in nested lets is shadowing, not duplication
put ok.lam 'main = let a = 1 in let a = 2 in a;\n'; run_ccm run --json ok.lam
expect_eq "shadowing allowed" "$RC $(jqv .value)" '0 "2"'
# duplicate pattern variable: "main = case Nil of { Cons x x -> 1; Nil -> 2 };" {20 _21 C22..s25 _26 x27 _28 x29
expect_static t.lam 'main = case Nil of { Cons x x -> 1; Nil -> 2 };\n' 't.lam:1:29: duplicate pattern variable `x`'
# duplicate constructor in one case: "main = case Nil of { Nil -> 1; Nil -> 2 };" N22 ... 1 at 29 ;30 _31 N32
expect_static t.lam 'main = case Nil of { Nil -> 1; Nil -> 2 };\n' 't.lam:1:32: duplicate alternative for constructor `Nil`'
# arity mismatch between two expressions: "main = let a = 1; x = Cons a; y = Cons a a in x;"
# "let " 8-11, "a = 1; " 12-18, "x = Cons a; " 19-30, y31 _32 =33 _34 C35
expect_static t.lam 'main = let a = 1; x = Cons a; y = Cons a a in x;\n' 't.lam:1:35: arity mismatch: constructor `Cons` used with 2 arguments, but its first use at 1:23 has 1'
# a pattern is a use: "main = let a = 1; x = Pair a a in case x of { Pair p -> p };"
# x19 _20 =21 _22 P23..r26 _27 a28 _29 a30 _31 i32 n33 _34 c35..e38 _39 x40 _41 o42 f43 _44 {45 _46 P47
expect_static t.lam 'main = let a = 1; x = Pair a a in case x of { Pair p -> p };\n' 't.lam:1:47: arity mismatch: constructor `Pair` used with 1 argument, but its first use at 1:23 has 2'
# first use in a pattern fixes the arity for later expressions
# "main = case Nil of { Nil -> Nil a };\na = 1;" N22 i23 l24 _25 -26 >27 _28 N29
expect_static t.lam 'main = case Nil of { Nil -> Nil a };\na = 1;\n' 't.lam:1:29: arity mismatch: constructor `Nil` used with 1 argument, but its first use at 1:13 has 0'
# True/False are nullary: "main = let a = 1 in True a;" "let a = 1 in " is 8..20, T21
expect_static t.lam 'main = let a = 1 in True a;\n' 't.lam:1:21: arity mismatch: constructor `True` takes no arguments'
# "main = case 1 of { False x -> 1 };" {18 _19 F20
expect_static t.lam 'main = case 1 of { False x -> 1 };\n' 't.lam:1:20: arity mismatch: constructor `False` takes no arguments'
# reserved cost-centre names, at the string: "main = scc " s8 c9 c10 _11 "12
for n in MAIN SUB CAF CAF: CAF:main CAF:x; do
    expect_static t.lam "main = scc \"$n\" 1;\n" "t.lam:1:12: reserved cost-centre name \"$n\""
done
# scc_sub too: "main = scc_sub " s8..b14 _15 "16
expect_static t.lam 'main = scc_sub "MAIN" 1;\n' 't.lam:1:16: reserved cost-centre name "MAIN"'
# names that merely resemble reserved ones are fine
put ok.lam 'main = scc "main" scc "CAFE" scc "SUBx" scc "caf:x" 1;\n'; run_ccm run --json ok.lam
expect_eq "near-reserved names" "$RC $(jqv .returned_cc)" '0 "caf:x"'
# missing main: at 1:1 whatever the file holds
expect_static t.lam 'f = 1;\ng = 2;\n' 't.lam:1:1: no binding for `main`'
expect_static t.lam '\n\n  f = 1;\n' 't.lam:1:1: no binding for `main`'
expect_static empty.lam '' 'empty.lam:1:1: no binding for `main`'
expect_static blank.lam '  \n-- only a comment\n\n' 'blank.lam:1:1: no binding for `main`'

# ---- syntax errors ----------------------------------------------------------
# "main = \x y 1;" \8 x9 _10 y11 _12 1 13
expect_static t.lam 'main = \\x y 1;\n' 't.lam:1:13: expected `->` after lambda parameters'
# "main = \ -> 1;" the arrow at 10
expect_static t.lam 'main = \\ -> 1;\n' 't.lam:1:10: expected a parameter name after `\`'
# default not last: "main = case 1 of { _ -> 1; Nil -> 2 };" {18 _19 _20 _21 -22 >23 _24 1 25 ;26 _27 N28
expect_static t.lam 'main = case 1 of { _ -> 1; Nil -> 2 };\n' 't.lam:1:28: an alternative after the default'
expect_static t.lam 'main = case 1 of { _ -> 1; _ -> 2 };\n' 't.lam:1:28: an alternative after the default'
# missing ; between top-level bindings: "main = 1\nf = 2;" -> `1 f` parses as an application, `=` at 2:3
expect_static t.lam 'main = 1\nf = 2;\n' 't.lam:2:3: expected `;` after the binding of `main`'
# ";;": the second ; at 10
expect_static t.lam 'main = 1;;\n' 't.lam:1:10: expected a binding name at top level'
# "main = let a = 1 a;" -- after "1 a" comes ; at 19: let wants ; or in... then `in` missing at EOF
expect_static t.lam 'main = let a = 1 in;\n' 't.lam:1:20: expected an expression'
# "main = case x of Nil -> 1;" no brace: N18
expect_static t.lam 'main = case x of Nil -> 1;\nx = 1;\n' 't.lam:1:18: expected `{` after `of`'
# unclosed paren: "main = (1;" ; at 10
expect_static t.lam 'main = (1;\n' 't.lam:1:10: expected `)` to close the `(` at 1:8'
# an operator wants a right operand: "main = 1 + ;" ; at 12 (tests/surface/ has the surface forms)
expect_static t.lam 'main = 1 + ;\n' 't.lam:1:12: expected an expression, found `;`'
# application arguments are atoms: "main = f \x -> x;" the `\` at 10 ends the expression
expect_static t.lam 'main = f \\x -> x;\nf = \\x -> x;\n' 't.lam:1:10: expected `;` after the binding of `main`'
# keywords are not identifiers: "let = 1;" at 1:1
expect_static t.lam 'let = 1;\n' 't.lam:1:1: expected a binding name at top level'
# scc needs a string: "main = scc fun 1;" f at 12
expect_static t.lam 'main = scc fun 1;\n' 't.lam:1:12: expected a cost-centre name string after `scc`'
# lexical errors: "main = 1 $ 2;" $ at 10
expect_static t.lam 'main = 1 $ 2;\n' 't.lam:1:10: unexpected character `$`'
# integer out of range (2^63): at 8; 2^63-1 is accepted
expect_static t.lam 'main = 9223372036854775808;\n' 't.lam:1:8: integer literal out of 64-bit range'
expect_static t.lam 'main = 99999999999999999999999999999;\n' 't.lam:1:8: integer literal out of 64-bit range'
put ok.lam 'main = 9223372036854775807;\n'; run_ccm run --json ok.lam
expect_eq "INT64_MAX literal" "$RC $(jqv .value)" '0 "9223372036854775807"'
# unterminated string: at the opening quote 12, by newline and by end of file
expect_static t.lam 'main = scc "abc 1;\n' 't.lam:1:12: unterminated string'
expect_static t.lam 'main = scc "abc' 't.lam:1:12: unterminated string'
# NUL byte, outside and inside a string: "main = 1;" then NUL at 10; in string at 13
expect_static t.lam 'main = 1;\x00\n' 't.lam:1:10: unexpected byte 0x00'
expect_static t.lam 'main = scc "a\x00" 1;\n' 't.lam:1:12: NUL byte in string'
# invalid UTF-8 in a string (position of the string), and a bare high byte
expect_static t.lam 'main = scc "a\xff" 1;\n' 't.lam:1:12: invalid UTF-8 in string'
expect_static t.lam 'main = scc "\xc0\xaf" 1;\n' 't.lam:1:12: invalid UTF-8 in string'
expect_static t.lam 'main = \xe9;\n' 't.lam:1:8: unexpected byte 0xE9'
# valid UTF-8 in a string is a fine cost-centre name
put ok.lam 'main = scc "caf\xc3\xa9 \xe2\x82\xac" 1;\n'; run_ccm run --json ok.lam
expect_eq "UTF-8 cc name" "$RC $(jqv .returned_cc)" "0 \"café €\""
# a syntax error before a lexical one is reported first
expect_static t.lam 'main = \\x 1;\n$\n' 't.lam:1:11: expected `->` after lambda parameters'
# the file name is the argument as given; standard input is <stdin>
printf 'main = x;\n' > "$WORK/t.lam"
(cd "$WORK" && "$CCM" run - < t.lam > .out 2> .err); RC=$?
expect_eq "stdin diag" "$RC $(cat "$WORK/.err")" '2 <stdin>:1:8: unbound variable `x`'
run_ccm run no/such/file.lam
expect_eq "missing file exit" "$RC" 2

# ---- nesting limit (10000) ------------------------------------------------
deep() { python3 -c "$2" > "$WORK/$1"; }
# 1,000,000 of each; the first level is the right-hand side of main (col 8)
deep paren.lam  "n=10**6; print('main = ' + '('*n + '1' + ')'*n + ';')"
deep lam.lam    "n=10**6; print('main = ' + '\\\\a->'*n + 'a;')"
deep let.lam    "n=10**6; print('main = ' + 'let a = 1 in '*n + 'a;')"
deep case.lam   "n=10**6; print('main = ' + 'case '*n + '1' + ' of {_ -> 1}'*n + ';')"
deep scc.lam    "n=10**6; print('main = ' + 'scc \"c\" '*n + '1;')"
deep params.lam "n=10**6; print('main = \\\\' + ' a'*n + ' -> a;')"
deep args.lam   "n=10**6; print('main = f' + ' a'*n + ';\na = 1;\nf = 1;')"
deep letrhs.lam "n=10**6; print('main = ' + 'let a = '*n + '1' + ' in a'*n + ';')"
# Level k starts at col 8 + w*(k-1) for a construct w columns wide; level
# 10001 is refused.  "(" w=1: 8+10000 = 10008.  "\a->" w=4: 8+4*10000 = 40008.
# "scc \"c\" " w=8: 80008.  "let a = 1 in " w=13: the rhs of the 10000th let is
# already level 10001: 8+13*9999 + len("let a = ") = 129995+8 = 130003.
for f in paren:1:10008 lam:1:40008 let:1:130003 scc:1:80008 ; do
    run_ccm run "${f%%:*}.lam"
    expect_eq "deep ${f%%:*}" "$RC $ERR" "2 ${f%%:*}.lam:${f#*:}: nesting deeper than 10000 levels"
done
for f in case params args letrhs; do
    run_ccm run "$f.lam"
    if [ "$RC" -eq 2 ] && grep -q "nesting deeper than 10000 levels" <<<"$ERR"; then ok
    else bad "deep $f: exit $RC: ${ERR:0:200}"; fi
done
# just inside the limit everything works, including the printer and the loader
deep in1.lam "n=9999; print('main = ' + '('*n + '1' + ')'*n + ';')"
deep in2.lam "n=9998; print('main = ' + 'let a = 1 in '*n + 'a;')"
deep in3.lam "n=9998; print('main = ' + 'case '*n + '1' + ' of {_ -> 1}'*n + ';')"
deep in4.lam "n=9999; print('main = ' + 'scc \"c\" '*n + '1;')"
for f in in1 in2 in3 in4; do
    run_ccm run --json "$f.lam"
    expect_eq "at the limit $f" "$RC $(jqv .value)" '0 "1"'
    run_ccm core "$f.lam"; printf '%s\n' "$OUT" > "$WORK/$f.core"
    (cd "$WORK" && "$CCM" core - < "$f.core" > "$f.core2" 2>&1)
    if cmp -s "$WORK/$f.core" "$WORK/$f.core2"; then ok; else bad "core fixed point at the limit $f"; fi
done

# ---- wide input stays linear (maps, not quadratic scans) -----------------------
# 200,000 alternatives then a repeat of C5: both columns are computed by python
# from the text it writes ("main = case Nil of { " is 21 chars, then "Ci -> 1; ").
python3 -c "
n=200000
head='main = case Nil of { '
alts='; '.join('C%d -> 1' % i for i in range(n))
print(head + alts + '; C5 -> 2 };')
first=len(head) + sum(len('C%d -> 1; ' % i) for i in range(5)) + 1
print(len(head + alts + '; ') + 1, first, file=open('$WORK/wide.col','w'))" > "$WORK/wide.lam"
read -r col first < "$WORK/wide.col"
(cd "$WORK" && timeout 20 "$CCM" run wide.lam > /dev/null 2> .err); RC=$?
expect_eq "wide case duplicate" "$RC $(cat "$WORK/.err")" "2 wide.lam:1:$col: duplicate alternative for constructor \`C5\` in one case (first at 1:$first)"
python3 -c "
print('main = let ' + '; '.join('v%d = %d' % (i, i) for i in range(300000)) + ' in v299977;')
print('\n'.join('t%d = P%d t%d t%d;' % (i, i % 50, i, i) for i in range(100000)))" > "$WORK/wide2.lam"
(cd "$WORK" && timeout 20 "$CCM" run --json wide2.lam > .out 2> .err); RC=$?; OUT=$(cat "$WORK/.out")
expect_eq "wide let and many bindings" "$RC $(jqv .value)" '0 "299977"'

# ---- references at most FRONT_MAX_REF (4096) binders away ---------------------
# main = let x1 = x2; ...; xK = 0 in x1.  Counting the binder itself, x(i+1)
# seen from binding i's right-hand side is K-1 binders away at most (i = 1),
# and the body's x1 is K away (the let's K cells, x1's the oldest).  K = 4096
# runs (value 0); K = 4097 is refused at the body's x1, exactly.
for k in 4096 4097; do
    python3 -c "
k = $k
head = 'main = let ' + ''.join('x%d = x%d; ' % (i, i + 1) for i in range(1, k)) + 'x%d = 0 in ' % k
print(head + 'x1')
print(len(head) + 1, file=open('$WORK/ref.col', 'w'))" > "$WORK/ref$k.lam"
    read -r col < "$WORK/ref.col"
    (cd "$WORK" && "$CCM" run --json "ref$k.lam" > .out 2> .err); RC=$?; OUT=$(cat "$WORK/.out")
    if [ "$k" = 4096 ]; then expect_eq "reference 4096 binders away" "$RC $(jqv .value)" '0 "0"'
    else expect_eq "reference 4097 binders away" "$RC $(cat "$WORK/.err")" \
        "2 ref4097.lam:1:$col: \`x1\` is bound 4097 binders away from this use, more than ccm allows (4096): every lookup walks them; bind it closer to where it is used (e.g. nested lets instead of one wide let)"
    fi
done

# ---- hostile bytes --------------------------------------------------------
for seed in 1 2 3 4 5 6 7 8; do
    python3 -c "import random; random.seed($seed); import sys; sys.stdout.buffer.write(bytes(random.randrange(256) for _ in range(3000)))" > "$WORK/g.lam"
    run_ccm run g.lam
    if [ "$RC" -eq 2 ] && grep -qE '^g\.lam:[0-9]+:[0-9]+: ' <<<"$ERR"; then ok; else bad "garbage seed $seed: exit $RC ${ERR:0:200}"; fi
done
# token soup: random valid tokens in random order must never crash
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    python3 -c "
import random; random.seed($seed)
toks=['main','=',';','\\\\','x','y','->','let','in','case','of','{','}','(',')','_','Nil','Cons','1','+','/','==','scc','\"c\"','scc_sub']
print(' '.join(random.choice(toks) for _ in range(60)))" > "$WORK/s.lam"
    run_ccm run --max-steps 10000 s.lam
    case $RC in 0|1|2|3) ok ;; *) bad "token soup seed $seed: exit $RC" ;; esac
done

# ---- every prefix of valid programs: exit 0/1/2/3, never a crash -------------
cat > "$WORK/p1.lam" <<'P'
-- lists
map = \f xs -> case xs of { Nil -> Nil; Cons y ys -> let a = f y; b = map f ys in Cons a b };
inc = \n -> scc "inc" n + 1;
main = let one = 1; nil = Nil; l = Cons one nil; m = map inc l in
  case m of { Cons h t -> h; _ -> 0 };
P
cat > "$WORK/p2.lam" <<'P'
f = \x y -> case x < y of { True -> scc_sub "lt" x; False -> (\z -> z) y };
main = let a = 3; b = 4 in f a b
P
for p in p1 p2; do
    len=$(wc -c < "$WORK/$p.lam")
    crashes=0
    for ((i = 0; i <= len; i++)); do
        head -c "$i" "$WORK/$p.lam" > "$WORK/prefix.lam"
        (cd "$WORK" && "$CCM" run --max-steps 100000 prefix.lam > /dev/null 2> .err); rc=$?
        case $rc in 0|1|2|3) ;; *) crashes=$((crashes + 1)); echo "prefix $i of $p: exit $rc"; head -n 5 "$WORK/.err" ;; esac
        if grep -qE 'AddressSanitizer|runtime error:' "$WORK/.err"; then crashes=$((crashes + 1)); fi
    done
    expect_eq "prefixes of $p without crash" "$crashes" 0
    run_ccm run --json "$p.lam"
    expect_eq "$p itself" "$RC" 0
done

# ---- desugaring and `ccm core` ---------------------------------------------
put d.lam 'main = (\\x y -> x) a b;  -- comment\na = 1; b = 2\n'
run_ccm core d.lam
expect_eq "desugared core" "$OUT" $'main = (\\x -> \\y -> x) a b;\na = 1;\nb = 2;'
put d2.lam 'main = let f = \\x -> case x of { Nil -> 0 ; _ -> 1 } ; n = Nil in (((f))) n;'
run_ccm core d2.lam
expect_eq "core of parens and case" "$OUT" 'main = let f = \x -> case x of { Nil -> 0; _ -> 1 }; n = Nil in f n;'
# an applied constructor or primitive keeps its parentheses
put d3.lam 'main = (Nil) a;\na = (a + 1) a;\nb = 3 a;'
run_ccm core d3.lam
expect_eq "core heads" "$OUT" $'main = (Nil) a;\na = (a + 1) a;\nb = 3 a;'
for p in p1 p2 d d2 d3 in1; do
    run_ccm core "$p.lam"; printf '%s\n' "$OUT" > "$WORK/$p.core"
    (cd "$WORK" && "$CCM" core - < "$p.core" > "$p.core2" 2>&1)
    if cmp -s "$WORK/$p.core" "$WORK/$p.core2"; then ok; else bad "core fixed point $p"; diff "$WORK/$p.core" "$WORK/$p.core2" | head -5; fi
    # and the core program costs the same as the source
    run_ccm run --json "$p.lam"; a=$(jqv '[.value,.steps,.costs]')
    run_ccm run --json "$p.core"; b=$(jqv '[.value,.steps,.costs]')
    expect_eq "core runs like source $p" "$b" "$a"
done
# generated programs (gen/, when built): the core is a fixed point and costs the same
GEN=$(dirname "$CCM")/ccm-gen
SKIPPED=0
if [ -x "$GEN" ]; then
    for seed in $(seq 1 60); do
        "$GEN" --seed "$seed" --size 6 > "$WORK/g.lam" 2>/dev/null || { bad "ccm-gen seed $seed"; continue; }
        run_ccm core g.lam; printf '%s\n' "$OUT" > "$WORK/g.core"
        run_ccm core g.core
        expect_eq "gen $seed: core fixed point" "$OUT" "$(cat "$WORK/g.core")"
        run_ccm run --json --max-steps 100000 g.lam; a=$(jqv '[.value,.steps,.costs,.error.kind]')
        run_ccm run --json --max-steps 100000 g.core; b=$(jqv '[.value,.steps,.costs,.error.kind]')
        expect_eq "gen $seed: core costs the same" "$b" "$a"
    done
else
    SKIPPED=1; echo "skip: no $GEN"
fi
run_ccm core t.lam                 # still the unbound-variable file: core checks too
expect_eq "core rejects bad input" "$RC" 2

finish
