/* trace.c -- `ccm trace`: one line per transition (step, rule, current cost
 * centre after the step, stack depth, top frame, control as source text),
 * then the report.  Heap addresses are named by the binder that allocated
 * them (top-level names, and let binders recorded as lets fire), so frames
 * print as `upd x` or `arg y`. */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "cli.h"
#include "../front/front.h"

#define CONTROL_MAX 60

struct tracer {
    struct ccm_session *s;
    const struct front_image *img;
    const char **addr_name;      /* heap address -> binder name */
    int32_t cap;
};

static void name_addr(struct tracer *T, int32_t addr, const char *name)
{
    if (addr >= T->cap) {
        int32_t cap = T->cap ? T->cap : 1024;
        while (cap <= addr) cap *= 2;
        const char **n = realloc(T->addr_name, (size_t)cap * sizeof *n);
        if (!n) return;                          /* names are a nicety: go on without */
        memset(n + T->cap, 0, (size_t)(cap - T->cap) * sizeof *n);
        T->addr_name = n;
        T->cap = cap;
    }
    T->addr_name[addr] = name;
}

static const char *addr_text(const struct tracer *T, int32_t addr, char *buf, size_t cap)
{
    if (addr >= 0 && addr < T->cap && T->addr_name[addr]) return T->addr_name[addr];
    snprintf(buf, cap, "#%" PRId32, addr);
    return buf;
}

static const char *control_text(const struct tracer *T, char *buf, size_t cap)
{
    const struct ccm_machine *m = ccm_session_machine(T->s);
    int32_t c = m->ctl_code;
    if (c == CCM_NODE_INTVAL) snprintf(buf, cap, "%" PRId64, m->ctl_num);
    else if (c == CCM_NODE_TRUE) snprintf(buf, cap, "True");
    else if (c == CCM_NODE_FALSE) snprintf(buf, cap, "False");
    else if (c == T->img->entry) snprintf(buf, cap, "main");
    else if (T->img->node_expr[c]) front_expr_text(T->img->node_expr[c], buf, cap, CONTROL_MAX);
    else snprintf(buf, cap, "?");
    return buf;
}

static const char *frame_text(const struct tracer *T, char *buf, size_t cap)
{
    const struct ccm_machine *m = ccm_session_machine(T->s);
    char name[64];
    if (m->stack_len == 0) { snprintf(buf, cap, "-"); return buf; }
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    switch (f->kind) {
    case CCM_F_ARG:    snprintf(buf, cap, "arg %s", addr_text(T, f->a, name, sizeof name)); break;
    case CCM_F_UPD:    snprintf(buf, cap, "upd %s", addr_text(T, f->a, name, sizeof name)); break;
    case CCM_F_CASE:   snprintf(buf, cap, "case"); break;
    case CCM_F_PRIM1:  snprintf(buf, cap, "prim1"); break;
    case CCM_F_PRIM2:  snprintf(buf, cap, "prim2 %" PRId64, f->num); break;
    case CCM_F_RESUME: snprintf(buf, cap, "resume"); break;
    default:           snprintf(buf, cap, "?"); break;
    }
    return buf;
}

int trace_run(FILE *out, struct ccm_session *s, int json)
{
    struct tracer T = { .s = s, .img = ccm_session_image(s) };
    struct ccm_machine *m = ccm_session_machine(s);
    for (int32_t i = 0; i < T.img->ntop; i++) name_addr(&T, i, T.img->top_names[i]);
    char ctl[CONTROL_MAX + 64], frame[128];
    int st;
    if (!json)
        fprintf(out, "%8s  %-7s %-12s %5s  %-14s %s\n", "step", "rule", "ccc", "depth", "top", "control");
    for (;;) {
        int32_t before_code = m->ctl_code, before_heap = m->heap_len;
        st = ccm_session_step(s);
        if (st != CCM_RUNNING) break;
        if (m->last_rule == CCM_R_LET) {
            const struct ast_expr *let = T.img->node_expr[before_code];
            for (int32_t a = before_heap; let && a < m->heap_len; a++)
                name_addr(&T, a, let->binds[a - before_heap].name);
        }
        const char *rule = ccm_rule_name(m->last_rule);
        const char *ccc = ccm_session_cc_name(s, ccm_session_current_cc(s));   /* the stack's top */
        control_text(&T, ctl, sizeof ctl);
        frame_text(&T, frame, sizeof frame);
        if (json) {
            fprintf(out, "{\"step\":%" PRIu64 ",\"rule\":\"%s\",\"ccc\":", m->steps, rule);
            json_put_string(out, ccc);
            fputs(",\"control\":", out);
            json_put_string(out, ctl);
            fprintf(out, ",\"depth\":%" PRId32 ",\"top\":", m->stack_len);
            json_put_string(out, frame);
            fputs("}\n", out);
        } else {
            fprintf(out, "%8" PRIu64 "  %-7s %-12s %5" PRId32 "  %-14s %s\n", m->steps, rule, ccc,
                    m->stack_len, frame, ctl);
        }
    }
    free(T.addr_name);
    return st;
}
