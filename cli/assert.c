/* assert.c -- `ccm run --assert FILE.assert`: cost bounds checked on the
 * final totals (docs/syntax-and-cli.md (cost assertions)).  One assertion
 * a line:
 *     check cost(ub|lb|eq, "cc", COUNTER, EXPR)
 *     check rel_cost(ub|lb, "cc", COUNTER, PERCENT)
 * EXPR: integers, + - * / and parentheses, entries("cc") and COUNTER("cc").
 * Blank lines and lines starting with # are ignored.  The file is read
 * whole before the run; any mistake in it (a cost centre the program does
 * not have included) is FILE:LINE:COL and exit 2.  Arithmetic is exact:
 * EXPR in 64-bit integers with overflow reported, rel_cost compared as
 * integer cross-products in 128 bits. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "observe.h"

#define MAX_NEST 100        /* parentheses deeper than this: refused, no deep recursion */
#define MAX_NODES 1000      /* terms in one EXPR: evaluation recurses this deep at most */

enum bound { UB, LB, EQ };
enum enode_kind { E_NUM, E_COST, E_ADD, E_SUB, E_MUL, E_DIV, E_NEG };

struct enode { int kind; int64_t num; int32_t cc; int k; int a, b; };

struct assertion {
    int line, col;              /* of `check` */
    int rel;                    /* rel_cost */
    int bound;                  /* enum bound */
    int32_t cc; int k;
    int expr;                   /* cost: root enode */
    uint64_t pct_num, pct_den;  /* rel_cost: the percentage as a fraction */
    char text[200];             /* the assertion as written, for the output */
};

struct parser {
    const char *file, *p, *line_start;
    int line;
    struct ccm_session *s;
    struct enode *e; int ne, cape;
    int first;                  /* the current EXPR's first node */
    char err[1200];
};

static const char *const bound_names[3] = { "ub", "lb", "eq" };

static int fail(struct parser *P, const char *at, const char *msg, const char *arg)
{
    int n = snprintf(P->err, sizeof P->err, "%s:%d:%d: ", P->file, P->line, (int)(at - P->line_start) + 1);
    if (n > 0 && (size_t)n < sizeof P->err) snprintf(P->err + n, sizeof P->err - (size_t)n, msg, arg);
    return -1;
}

static void blanks(struct parser *P) { while (*P->p == ' ' || *P->p == '\t' || *P->p == '\r') P->p++; }

static int punct(struct parser *P, char c)
{
    blanks(P);
    if (*P->p != c) {
        char what[2] = { c, 0 };
        return fail(P, P->p, "expected `%s`", what);
    }
    P->p++;
    return 0;
}

/* A word (letters, digits, _) into buf; 0 if there is none here. */
static size_t word(struct parser *P, char *buf, size_t cap)
{
    blanks(P);
    size_t n = 0;
    while ((isalnum((unsigned char)P->p[n]) || P->p[n] == '_') && n + 1 < cap) n++;
    memcpy(buf, P->p, n);
    buf[n] = '\0';
    return n;
}

static int counter_of(const char *w)
{
    for (int k = 0; k < CCM_NCOUNTERS; k++)
        if (strcmp(w, observe_counter_names[k]) == 0) return k;
    return -1;
}

/* "cc": a cost centre of the program. */
static int cc_name(struct parser *P, int32_t *cc)
{
    blanks(P);
    const char *at = P->p;
    if (*P->p != '"') return fail(P, at, "expected a cost centre name in double quotes%s", "");
    const char *end = strchr(P->p + 1, '"');
    const char *nl = strchr(P->p + 1, '\n');
    if (!end || (nl && nl < end)) return fail(P, at, "unterminated cost centre name%s", "");
    char name[256];
    size_t n = (size_t)(end - P->p - 1);
    if (n >= sizeof name) return fail(P, at, "cost centre name too long%s", "");
    memcpy(name, P->p + 1, n);
    name[n] = '\0';
    if ((*cc = ccm_session_cc_find(P->s, name)) < 0)
        return fail(P, at, "the program has no cost centre \"%s\"", name);
    P->p = end + 1;
    return 0;
}

static int counter(struct parser *P, int *k)
{
    char w[32];
    const char *at = (blanks(P), P->p);
    word(P, w, sizeof w);
    if ((*k = counter_of(w)) < 0)
        return fail(P, at, "expected a counter (A, C, V, U, H, P, entries or subentries)%s", "");
    P->p += strlen(w);
    return 0;
}

static int new_node(struct parser *P, struct enode n)
{
    if (P->ne - P->first >= MAX_NODES) return fail(P, P->p, "expression longer than %s terms", "1000");
    if (P->ne == P->cape) {
        int cap = P->cape ? 2 * P->cape : 32;
        struct enode *e = realloc(P->e, (size_t)cap * sizeof *e);
        if (!e) return fail(P, P->p, "out of memory%s", "");
        P->e = e;
        P->cape = cap;
    }
    P->e[P->ne] = n;
    return P->ne++;
}

static int sum(struct parser *P, int depth);

/* atom: integer | COUNTER("cc") | ( sum ) | - atom */
static int atom(struct parser *P, int depth)
{
    blanks(P);
    const char *at = P->p;
    if (depth >= MAX_NEST) return fail(P, at, "expression nested deeper than %s levels", "100");
    if (*P->p == '(') {
        P->p++;
        int r = sum(P, depth + 1);
        if (r < 0 || punct(P, ')')) return -1;
        return r;
    }
    if (*P->p == '-') {
        P->p++;
        int a = atom(P, depth + 1);
        return a < 0 ? -1 : new_node(P, (struct enode){ .kind = E_NEG, .a = a });
    }
    if (isdigit((unsigned char)*P->p)) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(P->p, &end, 10);
        if (errno || v > INT64_MAX) return fail(P, at, "number too large%s", "");
        P->p = end;
        return new_node(P, (struct enode){ .kind = E_NUM, .num = (int64_t)v });
    }
    char w[32];
    word(P, w, sizeof w);
    int k = counter_of(w);
    if (k < 0) return fail(P, at, "expected a number, `(`, or COUNTER(\"cc\") with COUNTER one of A C V U H P entries subentries%s", "");
    P->p += strlen(w);
    int32_t cc;
    if (punct(P, '(') || cc_name(P, &cc) || punct(P, ')')) return -1;
    return new_node(P, (struct enode){ .kind = E_COST, .cc = cc, .k = k });
}

/* A left-associative chain of one precedence level: level 1 is `* /`
 * over atoms, level 0 is `+ -` over level 1. */
static int chain(struct parser *P, int depth, int level)
{
    static const char ops[2][2] = { { '+', '-' }, { '*', '/' } };
    static const int kinds[2][2] = { { E_ADD, E_SUB }, { E_MUL, E_DIV } };
    int a = level ? atom(P, depth) : chain(P, depth, 1);
    while (a >= 0) {
        blanks(P);
        int which = *P->p == ops[level][0] ? 0 : *P->p == ops[level][1] ? 1 : -1;
        if (which < 0) break;
        P->p++;
        int b = level ? atom(P, depth) : chain(P, depth, 1);
        if (b < 0) return -1;
        a = new_node(P, (struct enode){ .kind = kinds[level][which], .a = a, .b = b });
    }
    return a;
}

static int sum(struct parser *P, int depth) { return chain(P, depth, 0); }

/* PERCENT: digits, optionally a point and up to 6 digits, optionally `%`. */
static int percent(struct parser *P, struct assertion *A)
{
    blanks(P);
    const char *at = P->p;
    uint64_t num = 0, den = 1;
    int digits = 0, frac = 0;
    for (; isdigit((unsigned char)*P->p); P->p++, digits++) {
        if (num > 1000000) return fail(P, at, "percentage too large%s", "");
        num = num * 10 + (uint64_t)(*P->p - '0');
    }
    if (*P->p == '.') {
        for (P->p++; isdigit((unsigned char)*P->p); P->p++, frac++) {
            if (frac == 6) return fail(P, at, "at most 6 digits after the point%s", "");
            num = num * 10 + (uint64_t)(*P->p - '0');
            den *= 10;
        }
    }
    if (!digits && !frac) return fail(P, at, "expected a percentage (e.g. 25 or 12.5)%s", "");
    if (*P->p == '%') P->p++;
    A->pct_num = num;
    A->pct_den = den * 100;
    return 0;
}

static int assertion(struct parser *P, struct assertion *A)
{
    char w[32];
    const char *at = P->p;
    A->line = P->line;
    A->col = (int)(at - P->line_start) + 1;
    word(P, w, sizeof w);
    if (strcmp(w, "check") != 0) return fail(P, at, "expected `check cost(...)` or `check rel_cost(...)`%s", "");
    P->p += 5;
    const char *what = (blanks(P), P->p);
    word(P, w, sizeof w);
    if (strcmp(w, "cost") != 0 && strcmp(w, "rel_cost") != 0)
        return fail(P, what, "expected `cost` or `rel_cost` after `check`%s", "");
    A->rel = w[0] == 'r';
    P->p += strlen(w);
    if (punct(P, '(')) return -1;
    const char *bat = (blanks(P), P->p);
    word(P, w, sizeof w);
    A->bound = strcmp(w, "ub") == 0 ? UB : strcmp(w, "lb") == 0 ? LB : strcmp(w, "eq") == 0 && !A->rel ? EQ : -1;
    if (A->bound < 0)
        return fail(P, bat, A->rel ? "rel_cost takes ub or lb%s" : "cost takes ub, lb or eq%s", "");
    P->p += strlen(w);
    if (punct(P, ',') || cc_name(P, &A->cc) || punct(P, ',') || counter(P, &A->k) || punct(P, ','))
        return -1;
    P->first = P->ne;
    if (A->rel ? percent(P, A) != 0 : (A->expr = sum(P, 0)) < 0) return -1;
    if (punct(P, ')')) return -1;
    blanks(P);
    if (*P->p && *P->p != '\n' && *P->p != '#') return fail(P, P->p, "unexpected text after the assertion%s", "");
    size_t n = (size_t)(P->p - at);
    while (n && (at[n - 1] == ' ' || at[n - 1] == '\t' || at[n - 1] == '\r')) n--;
    snprintf(A->text, sizeof A->text, "%.*s", (int)(n < 190 ? n : 190), at);
    return 0;
}

/* Evaluate EXPR on the final totals; 0, or -1 with why in msg. */
static int eval(const struct enode *e, int i, struct ccm_session *s, int64_t *out, const char **msg)
{
    const struct enode *n = &e[i];
    int64_t a = 0, b = 0;
    switch (n->kind) {
    case E_NUM: *out = n->num; return 0;
    case E_COST: {
        uint64_t v = ccm_session_cost(s, n->cc, n->k);
        if (v > INT64_MAX) { *msg = "a counter beyond 2^63"; return -1; }
        *out = (int64_t)v;
        return 0;
    }
    default: break;
    }
    if (eval(e, n->a, s, &a, msg)) return -1;
    if (n->kind == E_NEG) {
        if (a == INT64_MIN) { *msg = "overflow"; return -1; }
        *out = -a;
        return 0;
    }
    if (eval(e, n->b, s, &b, msg)) return -1;
    int over = 0;
    switch (n->kind) {
    case E_ADD: over = __builtin_add_overflow(a, b, out); break;
    case E_SUB: over = __builtin_sub_overflow(a, b, out); break;
    case E_MUL: over = __builtin_mul_overflow(a, b, out); break;
    default:
        if (b == 0) { *msg = "division by zero"; return -1; }
        if (a == INT64_MIN && b == -1) { *msg = "overflow"; return -1; }
        *out = a / b;
    }
    if (over) { *msg = "overflow"; return -1; }
    return 0;
}

static int parse_file(struct parser *P, const char *text, struct assertion **out, int *nout)
{
    int n = 0, cap = 0;
    struct assertion *v = NULL;
    P->p = text;
    for (P->line = 1; *P->p; P->line++) {
        P->line_start = P->p;
        blanks(P);
        if (*P->p != '#' && *P->p != '\n' && *P->p) {
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                struct assertion *w = realloc(v, (size_t)cap * sizeof *w);
                if (!w) { free(v); return fail(P, P->p, "out of memory%s", ""); }
                v = w;
            }
            memset(&v[n], 0, sizeof v[n]);
            if (assertion(P, &v[n])) { free(v); return -1; }
            n++;
        }
        const char *nl = strchr(P->p, '\n');
        if (!nl) break;
        P->p = nl + 1;
    }
    *out = v;
    *nout = n;
    return 0;
}

/* Read the whole file; NUL bytes are refused (the parser reads C strings). */
static char *slurp(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, cap, "%s:1:1: cannot open the assertion file", path); return NULL; }
    size_t len = 0, room = 4096;
    char *buf = malloc(room);
    size_t got;
    while (buf && (got = fread(buf + len, 1, room - len - 1, f)) > 0) {
        len += got;
        if (room - len - 1 == 0) {
            char *b = len < (1u << 26) ? realloc(buf, room * 2) : NULL;
            if (!b) { free(buf); buf = NULL; break; }
            buf = b;
            room *= 2;
        }
    }
    fclose(f);
    if (!buf) { snprintf(err, cap, "%s:1:1: assertion file too large", path); return NULL; }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        snprintf(err, cap, "%s:1:1: the assertion file holds a NUL byte", path);
        free(buf);
        return NULL;
    }
    return buf;
}

/* What checking one assertion found. */
struct verdict {
    int ok;                 /* 1 pass, 0 fail, -1 could not be evaluated */
    uint64_t observed;      /* the counter */
    uint64_t total;         /* rel_cost: that counter summed over all cost centres */
    int64_t bound;          /* cost: EXPR's value (when ok >= 0) */
    const char *why;        /* ok < 0: what went wrong */
};

static struct verdict check_one(const struct assertion *A, const struct enode *e, struct ccm_session *s)
{
    struct verdict r = { .observed = ccm_session_cost(s, A->cc, A->k) };
    uint64_t v = r.observed;
    if (!A->rel) {
        if (eval(e, A->expr, s, &r.bound, &r.why)) { r.ok = -1; return r; }
        if (r.bound < 0) { r.ok = A->bound == LB; return r; }   /* a counter is never negative */
        uint64_t u = (uint64_t)r.bound;
        r.ok = A->bound == UB ? v <= u : A->bound == LB ? v >= u : v == u;
        return r;
    }
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) r.total += ccm_session_cost(s, cc, A->k);
    /* share v / total (0 when total is 0) against pct_num / pct_den, cross-multiplied */
    unsigned __int128 lhs = (unsigned __int128)v * A->pct_den, rhs = (unsigned __int128)A->pct_num * r.total;
    if (r.total == 0) r.ok = A->bound == UB || A->pct_num == 0;
    else r.ok = A->bound == UB ? lhs <= rhs : lhs >= rhs;
    return r;
}

static void print_json(FILE *out, const struct assertion *A, const struct verdict *r, const char *status,
                       const char *file)
{
    char at[1100];
    snprintf(at, sizeof at, "%s:%d:%d", file, A->line, A->col);
    fputs("{\"at\":", out);
    json_put_string(out, at);
    fputs(",\"assertion\":", out);
    json_put_string(out, A->text);
    fprintf(out, ",\"status\":\"%s\",\"observed\":%" PRIu64, status, r->observed);
    if (A->rel)
        fprintf(out, ",\"total\":%" PRIu64 ",\"percent\":%.6g", r->total, 100.0 * (double)A->pct_num / (double)A->pct_den);
    else if (r->ok >= 0) fprintf(out, ",\"bound\":%" PRId64, r->bound);
    else { fputs(",\"bound\":null,\"error\":", out); json_put_string(out, r->why); }
    fputc('}', out);
}

static void print_text(FILE *out, const struct assertion *A, const struct verdict *r, const char *status,
                       const char *file)
{
    fprintf(out, "  %-10s %s:%d: %s   observed %" PRIu64, status, file, A->line, A->text, r->observed);
    if (A->rel)
        fprintf(out, " of %" PRIu64 " (%.2f%%), %s %.6g%%\n", r->total,
                r->total ? 100.0 * (double)r->observed / (double)r->total : 0.0,
                bound_names[A->bound], 100.0 * (double)A->pct_num / (double)A->pct_den);
    else if (r->ok >= 0) fprintf(out, ", %s %" PRId64 "\n", bound_names[A->bound], r->bound);
    else fprintf(out, ", bound not computable: %s\n", r->why);
}

int assert_run(FILE *out, const char *assert_file, const char *program, struct ccm_session *s, int json)
{
    struct parser P = { .file = assert_file, .s = s };
    char *text = slurp(assert_file, P.err, sizeof P.err);
    struct assertion *v = NULL;
    int n = 0;
    if (!text || parse_file(&P, text, &v, &n)) {
        fprintf(stderr, "%s\n", P.err);
        free(text);
        free(P.e);
        return 2;
    }
    free(text);
    int st = ccm_session_run(s), failed = 0;
    char buf[512];
    if (json) { fputs("{\"report\":", out); report_json(out, s, st); fputs(",\"assertions\":[", out); }
    else { report_table(out, program, s, st); fprintf(out, "\nassertions   %s\n", assert_file); }
    for (int i = 0; i < n; i++) {
        struct verdict r = check_one(&v[i], P.e, s);
        /* a run that did not finish checks nothing: every assertion fails */
        const char *status = st != CCM_VALUE ? "unfinished" : r.ok > 0 ? "pass" : r.ok == 0 ? "fail" : "error";
        failed += st != CCM_VALUE || r.ok <= 0;
        if (json) {
            if (i) fputc(',', out);
            print_json(out, &v[i], &r, status, assert_file);
        } else print_text(out, &v[i], &r, status, assert_file);
    }
    if (json) fprintf(out, "],\"failed\":%d}\n", failed);
    else fprintf(out, "%d assertion%s, %d failed\n", n, n == 1 ? "" : "s", failed);
    if (st != CCM_VALUE)
        fprintf(stderr, "ccm: %s: %s (assertions are checked on the totals of a finished run)\n",
                ccm_error_kind(st), ccm_session_error_message(s, st, buf, sizeof buf));
    free(v);
    free(P.e);
    if (fflush(out) != 0) return 2;
    return failed ? 4 : 0;
}
