/* decode.c -- ccm's state in the Coq model's terms (decode.h; the decoding
 * is stated in docs/coq.md, "Lockstep: the decoding").
 *
 * The model substitutes: an expression holds heap addresses where ccm's
 * closure holds a code node and an environment.  So a closure (code, env)
 * is printed as the expression the model would hold: every variable
 * reference that reaches past the binders inside the printed code is
 * looked up in env (or is a top-level address) and printed as the model's
 * address "#a"; one bound inside it is printed as "^i", i binders up
 * (names play no part: the model's binder names and ccm's missing ones
 * compare equal through this form).  proofs/coq/ocaml/states.ml prints
 * the model's expressions in the same form. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "decode.h"
#include "stackpath.h"
#include "../front/front.h"

/* An operator's spelling: the loader numbers the kernel's operators as the
 * front end's (front/load.c), so the front end's spelling is the model's. */
static const char *op_name(int32_t op)
{
    return ast_op_text((enum ast_op)op);
}

int decoder_init(struct decoder *D, struct ccm_session *s)
{
    D->s = s;
    D->m = ccm_session_machine(s);
    D->ntop = 0;
    D->main_index = -1;
    D->stacks = D->m->push != CCM_PUSH_SINGLE;
    for (int32_t i = 0; ccm_session_top_name(s, i); i++) {
        D->ntop = i + 1;
        if (strcmp(ccm_session_top_name(s, i), "main") == 0 && D->main_index < 0) D->main_index = i;
    }
    return D->main_index < 0 ? -1 : 0;
}

int32_t decode_addr(const struct decoder *D, int32_t a)
{
    if (a < 0 || a >= D->ntop) return a;
    if (a == D->main_index) return 0;
    return a < D->main_index ? a + 1 : a;
}

int32_t encode_addr(const struct decoder *D, int32_t x)
{
    if (x < 0 || x >= D->ntop) return x;
    if (x == 0) return D->main_index;
    return x <= D->main_index ? x - 1 : x;
}

int decode_is_thunk(const struct decoder *D, int32_t a)
{
    const struct ccm_machine *m = D->m;
    if (a < 0 || a >= m->heap_len || m->heap[a].hole) return 0;
    int32_t code = m->heap[a].code;
    return code >= 0 && code < m->ncode && !ccm_is_value_node(m, code);
}

static int node_ok(const struct decoder *D, int32_t node)
{
    return node >= 0 && node < D->m->ncode;
}

/* A variable reference of code under `depth` binders of the printed
 * expression, the whole closing over env. */
static int put_var(FILE *out, const struct decoder *D, int32_t ref, int32_t env, int32_t depth)
{
    const struct ccm_machine *m = D->m;
    if (ref < 0) { fprintf(out, "\"#%" PRId32 "\"", decode_addr(D, -1 - ref)); return 0; }
    if (ref < depth) { fprintf(out, "\"^%" PRId32 "\"", ref); return 0; }
    int32_t c = env;
    for (int32_t k = ref - depth; k > 0 && c >= 0 && c < m->cell_len; k--) c = m->cells[c].next;
    if (c < 0 || c >= m->cell_len) { fputs("\"undecodable\"", out); return -1; }
    fprintf(out, "\"#%" PRId32 "\"", decode_addr(D, m->cells[c].addr));
    return 0;
}

/* An operand of a primitive: a VAR node's variable or a LIT node's number. */
static int put_atom(FILE *out, const struct decoder *D, int32_t node, int32_t env, int32_t depth)
{
    if (!node_ok(D, node)) { fputs("\"undecodable\"", out); return -1; }
    const struct ccm_node *n = &D->m->code[node];
    if (n->kind == CCM_LIT) { fprintf(out, "%" PRId64, n->lit); return 0; }
    if (n->kind == CCM_VAR) return put_var(out, D, n->a, env, depth);
    fputs("\"undecodable\"", out);
    return -1;
}

static int put_expr(FILE *out, const struct decoder *D, int32_t node, int32_t env, int32_t depth, int64_t num);

/* A case's alternatives, as the model holds them: the constructor
 * alternatives in order, then the default (or null).  ccm takes the first
 * alternative that matches or is the default, the model a matching one
 * before the default: the same choice only when the default comes last,
 * so a default with alternatives after it is undecodable. */
static int put_alts(FILE *out, const struct decoder *D, int32_t first, int32_t count, int32_t env, int32_t depth)
{
    const struct ccm_machine *m = D->m;
    int rc = 0, any = 0;
    int32_t dflt = -1;
    fputc('[', out);
    for (int32_t i = first; i < first + count; i++) {
        if (!node_ok(D, i)) {           /* an alternative out of the code: still valid JSON */
            fputs(any++ ? ",\"undecodable\"" : "\"undecodable\"", out);
            rc = -1;
            break;
        }
        const struct ccm_node *alt = &m->code[i];
        if (alt->a == CCM_DEFAULT_TAG) {
            if (i != first + count - 1) rc = -1;
            dflt = i;
            continue;
        }
        const char *con = ccm_session_con_name(D->s, alt->a);
        fputs(any++ ? ",[" : "[", out);
        json_put_string(out, con ? con : "?");
        fprintf(out, ",%" PRId32 ",", alt->b);
        rc |= put_expr(out, D, alt->c, env, depth + alt->b, 0);
        fputc(']', out);
    }
    fputs("],", out);
    if (dflt >= 0) rc |= put_expr(out, D, m->code[dflt].c, env, depth, 0);
    else fputs("null", out);
    if (rc) fputs(",\"undecodable\"", out);
    return rc ? -1 : 0;
}

static int put_expr(FILE *out, const struct decoder *D, int32_t node, int32_t env, int32_t depth, int64_t num)
{
    const struct ccm_machine *m = D->m;
    if (!node_ok(D, node)) { fputs("\"undecodable\"", out); return -1; }
    const struct ccm_node *n = &m->code[node];
    int rc = 0;
    switch (n->kind) {
    case CCM_LAM:
        fputs("[\"lam\",", out);
        rc = put_expr(out, D, n->a, env, depth + 1, 0);
        break;
    case CCM_APP:
        fputs("[\"app\",", out);
        rc = put_expr(out, D, n->a, env, depth, 0);
        fputc(',', out);
        rc |= put_var(out, D, n->b, env, depth);
        break;
    case CCM_VAR:
        fputs("[\"var\",", out);
        rc = put_var(out, D, n->a, env, depth);
        break;
    case CCM_LET:      /* n bindings, all in scope in every right-hand side and the body */
        fputs("[\"let\",[", out);
        for (int32_t i = 0; i < n->b; i++) {
            if (i) fputc(',', out);
            rc |= node_ok(D, n->a + i) ? put_expr(out, D, m->code[n->a + i].a, env, depth + n->b, 0)
                                       : (fputs("\"undecodable\"", out), -1);
        }
        fputs("],", out);
        rc |= put_expr(out, D, n->c, env, depth + n->b, 0);
        break;
    case CCM_CON: {
        const char *con = ccm_session_con_name(D->s, n->a);
        fputs("[\"con\",", out);
        json_put_string(out, con ? con : "?");
        fputs(",[", out);
        for (int32_t i = 0; i < n->b; i++) {
            if (i) fputc(',', out);
            rc |= node_ok(D, n->c + i) ? put_var(out, D, m->code[n->c + i].a, env, depth)
                                       : (fputs("\"undecodable\"", out), -1);
        }
        fputc(']', out);
        break;
    }
    case CCM_CASE:
        fputs("[\"case\",", out);
        rc = put_expr(out, D, n->a, env, depth, 0);
        fputc(',', out);
        rc |= put_alts(out, D, n->b, n->c, env, depth);
        break;
    case CCM_SCC:
    case CCM_SCC_SUB: {
        const char *cc = ccm_session_cc_name(D->s, n->a);
        fputs(n->kind == CCM_SCC ? "[\"scc\"," : "[\"scc_sub\",", out);
        json_put_string(out, cc ? cc : "?");
        fputc(',', out);
        rc = put_expr(out, D, n->b, env, depth, 0);
        break;
    }
    case CCM_LIT:
        fprintf(out, "[\"int\",%" PRId64, n->lit);
        break;
    case CCM_INTVAL:   /* a computed integer: the number is the closure's */
        fprintf(out, "[\"int\",%" PRId64, num);
        break;
    case CCM_PRIM:
        fputs("[\"prim\",", out);
        json_put_string(out, op_name(n->a));
        fputc(',', out);
        rc = put_atom(out, D, n->b, env, depth);
        fputc(',', out);
        rc |= put_atom(out, D, n->c, env, depth);
        break;
    default:           /* BIND, ARG, ALT: never the root of a closure */
        fputs("[\"undecodable\"", out);
        rc = -1;
    }
    fputc(']', out);
    return rc;
}

static void put_name(FILE *out, const struct decoder *D, int32_t cc)
{
    const char *name = ccm_session_cc_name(D->s, cc);
    json_put_string(out, name ? name : "?");
}

/* A stack (a node of the stack table): its names root first, as the
 * model's list of cost centres (top first there) read backwards. */
static void put_stack(FILE *out, const struct decoder *D, int32_t node)
{
    if (ccm_session_stack_depth(D->s, node) <= 0) fputs("\"undecodable\"", out);
    else json_stack_names(out, D->s, node);
}

/* A cost centre of the flat machine (a name), or, with stacks, a stack. */
static void put_cc(FILE *out, const struct decoder *D, int32_t cc)
{
    if (D->stacks) put_stack(out, D, cc);
    else put_name(out, D, cc);
}

/* One frame, as the model's frame of the same row. */
static int put_frame(FILE *out, const struct decoder *D, const struct ccm_frame *f)
{
    const struct ccm_machine *m = D->m;
    int rc = 0;
    switch (f->kind) {
    case CCM_F_ARG:
    case CCM_F_UPD:
        fprintf(out, "[\"%s\",\"#%" PRId32 "\",", f->kind == CCM_F_ARG ? "arg" : "upd", decode_addr(D, f->a));
        break;
    case CCM_F_CASE:
        fputs("[\"case\",", out);
        if (node_ok(D, f->a) && m->code[f->a].kind == CCM_CASE)
            rc = put_alts(out, D, m->code[f->a].b, m->code[f->a].c, f->b, 0);
        else { fputs("\"undecodable\"", out); rc = -1; }
        fputc(',', out);
        break;
    case CCM_F_PRIM1:  /* the operand still to do: the right one (rtl: the left) */
    case CCM_F_PRIM2:
        if (!node_ok(D, f->a) || m->code[f->a].kind != CCM_PRIM || m->code[f->a].a < 0 || m->code[f->a].a >= CCM_NOPS) {
            fputs("[\"undecodable\",", out);
            rc = -1;
            break;
        }
        fprintf(out, "[\"%s\",", f->kind == CCM_F_PRIM1 ? "prim1" : "prim2");
        json_put_string(out, op_name(m->code[f->a].a));
        fputc(',', out);
        if (f->kind == CCM_F_PRIM2) fprintf(out, "%" PRId64, f->num);
        else rc = put_atom(out, D, m->order == CCM_RIGHT_TO_LEFT ? m->code[f->a].b : m->code[f->a].c, f->b, 0);
        fputc(',', out);
        break;
    case CCM_F_RESUME:
        fputs("[\"resume\",", out);
        rc = put_expr(out, D, f->a, f->b, 0, f->num);
        fputc(',', out);
        break;
    default:
        fputs("[\"undecodable\",", out);
        rc = -1;
    }
    put_cc(out, D, f->cc);
    fputc(']', out);
    return rc;
}

/* theta: one row per cost-centre name with a non-zero counter, in byte
 * order of the names (as the model's side prints them, so that equal
 * states print equal lines).  The model names cost centres, ccm numbers
 * them: rows of one name are summed (the loader gives each name one
 * number, so there is one row a name). */
static const struct decoder *sort_decoder;   /* qsort's comparison has no context argument */

static int by_name(const void *x, const void *y)
{
    return strcmp(ccm_session_cc_name(sort_decoder->s, *(const int32_t *)x),
                  ccm_session_cc_name(sort_decoder->s, *(const int32_t *)y));
}

static void put_theta(FILE *out, const struct decoder *D)
{
    int32_t ncc = ccm_session_ncc(D->s), nrows = 0;
    int32_t *rows = malloc((size_t)(ncc > 0 ? ncc : 1) * sizeof *rows);
    if (!rows) { fputs("\"undecodable\"", out); return; }
    for (int32_t c = 0; c < ncc; c++) {
        int keep = 0;
        for (int k = 0; k < CCM_NCOUNTERS; k++) keep |= ccm_session_cost(D->s, c, k) != 0;
        if (keep) rows[nrows++] = c;
    }
    sort_decoder = D;
    qsort(rows, (size_t)nrows, sizeof *rows, by_name);
    fputc('{', out);
    for (int32_t i = 0, any = 0; i < nrows; any = 1) {
        const char *name = ccm_session_cc_name(D->s, rows[i]);
        uint64_t v[CCM_NCOUNTERS] = { 0 };
        for (; i < nrows && strcmp(ccm_session_cc_name(D->s, rows[i]), name) == 0; i++)
            for (int k = 0; k < CCM_NCOUNTERS; k++) v[k] += ccm_session_cost(D->s, rows[i], k);
        if (any) fputc(',', out);
        json_put_string(out, name);
        fputs(":[", out);
        for (int k = 0; k < CCM_NCOUNTERS; k++) fprintf(out, "%s%" PRIu64, k ? "," : "", v[k]);
        fputc(']', out);
    }
    fputc('}', out);
    free(rows);
}

/* theta over stacks: [[stack, counters], ...], one item per stack (names
 * root first) with a non-zero counter, sorted by the stack (name by name
 * in byte order, a stack before the stacks it is a prefix of).  The model
 * names cost centres, ccm numbers them and interns each stack once as a
 * node, so two nodes of one path would be summed (none: the loader gives
 * each name one number). */
struct stack_row { int32_t node, depth; int32_t *ccs; };

static int cmp_path(const struct decoder *D, const struct stack_row *x, const struct stack_row *y)
{
    for (int32_t i = 0; i < x->depth && i < y->depth; i++) {
        int c = strcmp(ccm_session_cc_name(D->s, x->ccs[i]), ccm_session_cc_name(D->s, y->ccs[i]));
        if (c) return c;
    }
    return (x->depth > y->depth) - (x->depth < y->depth);
}

static int by_path(const void *x, const void *y)
{
    return cmp_path(sort_decoder, x, y);
}

static void put_stack_theta(FILE *out, const struct decoder *D)
{
    int32_t nn = ccm_session_nstacks(D->s), nrows = 0, oom = 0;
    struct stack_row *rows = malloc((size_t)(nn > 0 ? nn : 1) * sizeof *rows);
    if (!rows) { fputs("\"undecodable\"", out); return; }
    /* each stack's path once, not at every comparison of the sort */
    for (int32_t x = 0; x < nn && !oom; x++) {
        int keep = 0;
        for (int k = 0; k < CCM_NCOUNTERS; k++) keep |= ccm_session_stack_cost(D->s, x, k) != 0;
        if (!keep) continue;
        rows[nrows].node = x;
        rows[nrows].ccs = stack_ccs(D->s, x, &rows[nrows].depth);
        oom = !rows[nrows++].ccs;
    }
    if (oom) fputs("\"undecodable\"", out);
    else {
        sort_decoder = D;
        qsort(rows, (size_t)nrows, sizeof *rows, by_path);
        fputc('[', out);
        for (int32_t i = 0, any = 0; i < nrows; any = 1) {
            const struct stack_row *first = &rows[i];
            uint64_t v[CCM_NCOUNTERS] = { 0 };
            for (; i < nrows && cmp_path(D, &rows[i], first) == 0; i++)
                for (int k = 0; k < CCM_NCOUNTERS; k++) v[k] += ccm_session_stack_cost(D->s, rows[i].node, k);
            fputs(any ? ",[" : "[", out);
            put_stack(out, D, first->node);
            fputs(",[", out);
            for (int k = 0; k < CCM_NCOUNTERS; k++) fprintf(out, "%s%" PRIu64, k ? "," : "", v[k]);
            fputs("]]", out);
        }
        fputc(']', out);
    }
    for (int32_t i = 0; i < nrows; i++) free(rows[i].ccs);
    free(rows);
}

int decode_state(FILE *out, const struct decoder *D, uint64_t n, const char *rule)
{
    const struct ccm_machine *m = D->m;
    int rc = 0;
    fprintf(out, "{\"n\":%" PRIu64 ",\"rule\":", n);
    if (rule) json_put_string(out, rule); else fputs("null", out);
    fputs(",\"ccc\":", out);
    put_cc(out, D, m->ccc);
    fputs(",\"control\":", out);
    rc |= put_expr(out, D, m->ctl_code, m->ctl_env, 0, m->ctl_num);
    fputs(",\"stack\":[", out);
    for (int32_t i = m->stack_len - 1; i >= 0; i--) {
        if (i != m->stack_len - 1) fputc(',', out);
        rc |= put_frame(out, D, &m->stack[i]);
    }
    fputs("],\"theta\":", out);
    if (D->stacks) put_stack_theta(out, D);
    else put_theta(out, D);
    fputs(",\"heap\":[", out);
    for (int32_t x = 0; x < m->heap_len; x++) {   /* by the model's address */
        int32_t a = encode_addr(D, x);
        const struct ccm_obj *o = &m->heap[a];
        fprintf(out, "%s[%" PRId32 ",", x ? "," : "", x);
        if (o->hole) fputs("null", out);
        else {
            rc |= put_expr(out, D, o->code, o->env, 0, o->num);
            fputc(',', out);
            put_cc(out, D, o->cc);
        }
        fputc(']', out);
    }
    fputs("]}", out);
    return rc;
}
