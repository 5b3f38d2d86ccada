/* canon.c -- see canon.h. */
#include "canon.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_text[] = { "+", "-", "*", "/", "%", "==", "/=", "<", "<=", ">", ">=" };

static void grow(struct canon_buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + more + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    b->p = p; b->cap = cap;
}

static void put_str(struct canon_buf *b, const char *s)
{
    size_t n = strlen(s);
    grow(b, n);
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void put_int(struct canon_buf *b, long long v)
{
    char tmp[24]; int k = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do { tmp[k++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) tmp[k++] = '-';
    grow(b, (size_t)k);
    while (k) b->p[b->n++] = tmp[--k];
    b->p[b->n] = 0;
}

/* A small printf for the walk (vsnprintf dominated the profile): %s, %d,
 * %ld, %lld and literal text only (canon.h: canon_out). */
void canon_out(struct canon_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') {
            grow(b, 1);
            b->p[b->n++] = *f;
            b->p[b->n] = 0;
            continue;
        }
        f++;
        if (*f == 's') put_str(b, va_arg(ap, const char *));
        else if (*f == 'd') put_int(b, va_arg(ap, int));
        else if (f[0] == 'l' && f[1] == 'd') { put_int(b, va_arg(ap, long)); f++; }
        else if (f[0] == 'l' && f[1] == 'l' && f[2] == 'd') { put_int(b, va_arg(ap, long long)); f += 2; }
        else { fprintf(stderr, "canon: bad format\n"); exit(3); }
    }
    va_end(ap);
}

/* Heap names in order of discovery. */
struct numbering { int32_t *id; int32_t *queue; int32_t nq, cap; };

static int32_t number(struct numbering *nb, int32_t name)
{
    if (nb->id[name] < 0) { nb->id[name] = nb->nq; nb->queue[nb->nq++] = name; }
    return nb->id[name];
}

static void numbering_init(struct numbering *nb, int32_t cap)
{
    nb->cap = cap;
    nb->id = malloc((size_t)(cap ? cap : 1) * sizeof *nb->id);
    nb->queue = malloc((size_t)(cap ? cap : 1) * sizeof *nb->queue);
    if (!nb->id || !nb->queue) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    for (int32_t i = 0; i < cap; i++) nb->id[i] = -1;
    nb->nq = 0;
}

static void numbering_free(struct numbering *nb) { free(nb->id); free(nb->queue); }

/* ---- the machine: a code node under an environment ---------------------- */

struct mwalk { struct canon_buf *b; const struct ccm_machine *m; const struct front_image *img;
               struct numbering nb; };

static void m_ref(struct mwalk *w, int32_t env, int32_t depth, int32_t ref)
{
    if (ref < 0) { canon_out(w->b, "$%d", number(&w->nb, -1 - ref)); return; }
    if (ref < depth) { canon_out(w->b, "@%d", ref); return; }
    int32_t c = env;
    for (int32_t i = 0; i < ref - depth && c >= 0; i++) c = w->m->cells[c].next;
    if (c < 0) { canon_out(w->b, "?"); return; }
    canon_out(w->b, "$%d", number(&w->nb, w->m->cells[c].addr));
}

static void m_expr(struct mwalk *w, int32_t node, int32_t env, int32_t depth, int64_t num)
{
    const struct ccm_node *n = &w->m->code[node];
    switch (n->kind) {
    case CCM_LAM: canon_out(w->b, "\\("); m_expr(w, n->a, env, depth + 1, 0); canon_out(w->b, ")"); break;
    case CCM_APP:
        canon_out(w->b, "("); m_expr(w, n->a, env, depth, 0); canon_out(w->b, " ");
        m_ref(w, env, depth, n->b); canon_out(w->b, ")");
        break;
    case CCM_VAR: m_ref(w, env, depth, n->a); break;
    case CCM_LET:
        canon_out(w->b, "let%d(", n->b);
        for (int32_t i = 0; i < n->b; i++) {
            m_expr(w, w->m->code[n->a + i].a, env, depth + n->b, 0); canon_out(w->b, ";");
        }
        m_expr(w, n->c, env, depth + n->b, 0); canon_out(w->b, ")");
        break;
    case CCM_CON:
        canon_out(w->b, "C%s(", w->img->con_names[n->a]);
        for (int32_t i = 0; i < n->b; i++) {
            m_ref(w, env, depth, w->m->code[n->c + i].a); canon_out(w->b, ",");
        }
        canon_out(w->b, ")");
        break;
    case CCM_CASE:
        canon_out(w->b, "case("); m_expr(w, n->a, env, depth, 0);
        for (int32_t i = 0; i < n->c; i++) {
            const struct ccm_node *al = &w->m->code[n->b + i];
            if (al->a == CCM_DEFAULT_TAG) canon_out(w->b, "|_/%d:", al->b);
            else canon_out(w->b, "|%s/%d:", w->img->con_names[al->a], al->b);
            m_expr(w, al->c, env, depth + al->b, 0);
        }
        canon_out(w->b, ")");
        break;
    case CCM_SCC: case CCM_SCC_SUB:
        canon_out(w->b, "%s<%s>(", n->kind == CCM_SCC ? "scc" : "sccsub", w->img->cc_names[n->a]);
        m_expr(w, n->b, env, depth, 0); canon_out(w->b, ")");
        break;
    case CCM_LIT: canon_out(w->b, "#%" PRId64, n->lit); break;
    case CCM_INTVAL: canon_out(w->b, "#%" PRId64, num); break;
    case CCM_PRIM:
        canon_out(w->b, "prim%s(", op_text[n->a]);
        for (int i = 0; i < 2; i++) {
            const struct ccm_node *o = &w->m->code[i ? n->c : n->b];
            if (o->kind == CCM_LIT) canon_out(w->b, "#%" PRId64, o->lit);
            else m_ref(w, env, depth, o->a);
            canon_out(w->b, ",");
        }
        canon_out(w->b, ")");
        break;
    default: canon_out(w->b, "?kind%d", n->kind); break;
    }
}

void canon_machine(struct canon_buf *b, const struct ccm_machine *m, const struct front_image *img)
{
    struct mwalk w = { b, m, img, { 0 } };
    b->n = 0;
    numbering_init(&w.nb, m->heap_len);
    for (int32_t i = 0; i < img->ntop; i++) number(&w.nb, i);
    canon_out(b, "result %s=", img->cc_names[m->ccc]);
    m_expr(&w, m->ctl_code, m->ctl_env, 0, m->ctl_num);
    canon_out(b, "\n");
    for (int32_t k = 0; k < w.nb.nq; k++) {
        const struct ccm_obj *o = &m->heap[w.nb.queue[k]];
        canon_out(b, "$%d %s%s=", k, img->cc_names[o->cc], o->hole ? "(hole)" : "");
        m_expr(&w, o->code, o->env, 0, o->num);
        canon_out(b, "\n");
    }
    numbering_free(&w.nb);
}

/* ---- the big-step: a closed expression with heap names ------------------ */

struct bwalk { struct canon_buf *b; const struct bs *S; struct numbering nb;
               const char **scope; int n, cap; };

static void b_push(struct bwalk *w, const char *name)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->scope = realloc(w->scope, (size_t)w->cap * sizeof *w->scope);
        if (!w->scope) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    }
    w->scope[w->n++] = name;
}

static void b_var(struct bwalk *w, struct bs_var v)
{
    if (v.heap >= 0) { canon_out(w->b, "$%d", number(&w->nb, v.heap)); return; }
    for (int i = w->n - 1; i >= 0; i--)
        if (w->scope[i] == v.src) { canon_out(w->b, "@%d", w->n - 1 - i); return; }
    canon_out(w->b, "?");
}

static void b_expr(struct bwalk *w, const struct bs_expr *e)
{
    int mark = w->n;
    switch (e->kind) {
    case AST_LAM: canon_out(w->b, "\\("); b_push(w, e->name); b_expr(w, e->body); canon_out(w->b, ")"); break;
    case AST_APP:
        canon_out(w->b, "("); b_expr(w, e->body); canon_out(w->b, " "); b_var(w, e->var); canon_out(w->b, ")");
        break;
    case AST_VAR: b_var(w, e->var); break;
    case AST_LET:
        canon_out(w->b, "let%d(", e->nbinds);
        for (int i = 0; i < e->nbinds; i++) b_push(w, e->bnames[i]);
        for (int i = 0; i < e->nbinds; i++) { b_expr(w, e->brhs[i]); canon_out(w->b, ";"); }
        b_expr(w, e->body); canon_out(w->b, ")");
        break;
    case AST_CON:
        canon_out(w->b, "C%s(", e->name);
        for (int i = 0; i < e->nargs; i++) { b_var(w, e->args[i]); canon_out(w->b, ","); }
        canon_out(w->b, ")");
        break;
    case AST_CASE:
        canon_out(w->b, "case("); b_expr(w, e->body);
        for (int i = 0; i < e->nalts; i++) {
            const struct bs_alt *a = &e->alts[i];
            canon_out(w->b, "|%s/%d:", a->con ? a->con : "_", a->nvars);
            int m2 = w->n;
            for (int j = 0; j < a->nvars; j++) b_push(w, a->vars[j]);
            b_expr(w, a->body);
            w->n = m2;
        }
        canon_out(w->b, ")");
        break;
    case AST_SCC: case AST_SCC_SUB:
        canon_out(w->b, "%s<%s>(", e->kind == AST_SCC ? "scc" : "sccsub", e->name);
        b_expr(w, e->body); canon_out(w->b, ")");
        break;
    case AST_LIT: canon_out(w->b, "#%" PRId64, e->lit); break;
    case AST_PRIM:
        canon_out(w->b, "prim%s(", op_text[e->op]);
        for (int i = 0; i < 2; i++) {
            if (e->opnd[i].is_lit) canon_out(w->b, "#%" PRId64, e->opnd[i].lit);
            else b_var(w, e->opnd[i].v);
            canon_out(w->b, ",");
        }
        canon_out(w->b, ")");
        break;
    }
    w->n = mark;
}

void canon_bigstep(struct canon_buf *b, const struct bs *S, const struct bs_result *r)
{
    struct bwalk w = { b, S, { 0 }, NULL, 0, 0 };
    b->n = 0;
    numbering_init(&w.nb, bs_heap_len(S));
    for (int32_t i = 0; i < bs_ntop(S); i++) number(&w.nb, i);
    canon_out(b, "result %s=", bs_cc_name(S, r->cc));
    b_expr(&w, r->value);
    canon_out(b, "\n");
    for (int32_t k = 0; k < w.nb.nq; k++) {
        const struct bs_obj *o = bs_heap(S, w.nb.queue[k]);
        canon_out(b, "$%d %s%s=", k, bs_cc_name(S, bs_node_cc(S, o->stk)), o->under_eval ? "(hole)" : "");
        b_expr(&w, o->e);
        canon_out(b, "\n");
    }
    numbering_free(&w.nb);
    free(w.scope);
}
