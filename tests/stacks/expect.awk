# expect.awk -- the hand-derived expectations of an examples/stacks_*.lam for
# one policy combination, in the output format of `ccm-props --eval-stacks`
# (props/eval_stacks_cli.h).
#   awk -v push=P -v call=C -f expect.awk FILE
# The file's "--!" comment lines hold blocks, each starting with
#   --! push P1,P2,... call C1,C2,...
# and ended by an empty "--!" line; the expectation of (P, C) is the union
# of the lines of every block that names both.  A line
#   --! stack "MAIN" "f" : V2 U1 entries1
# lists the counters that are not zero (A C V U H P entries subentries) and
# becomes "stack 0 0 2 1 0 0 1 0 "MAIN" "f"" (the same for "inherited").  A
# block with a value line
# implies "outcome value".
function has(list, x,    n, a, i) {
    n = split(list, a, ",")
    for (i = 1; i <= n; i++) if (a[i] == x) return 1
    return 0
}
function counters(spec,    n, w, i, k, v, name, out) {
    split("A C V U H P entries subentries", name, " ")
    for (k = 1; k <= 8; k++) v[name[k]] = 0
    n = split(spec, w, " ")
    for (i = 1; i <= n; i++) {
        match(w[i], /[0-9]+$/)
        k = substr(w[i], 1, RSTART - 1)
        if (RSTART == 0 || !(k in v)) { print "expect.awk: bad counter " w[i] > "/dev/stderr"; exit 2 }
        v[k] = substr(w[i], RSTART) + 0
    }
    out = ""
    for (k = 1; k <= 8; k++) out = out " " v[name[k]]
    return out
}
/^--!/ {
    line = substr($0, 4); sub(/^ /, "", line)
    if (line == "") { on = 0; next }
    if (line ~ /^push /) { split(line, w, " "); on = has(w[2], push) && has(w[4], call); next }
    if (!on) next
    if (line ~ /^(stack|inherited) /) {
        i = index(line, " : "); j = index(line, " ")
        line = substr(line, 1, j - 1) counters(substr(line, i + 3)) " " substr(line, j + 1, i - j - 1)
    }
    if (line ~ /^value /) print "outcome value"
    print line
}
