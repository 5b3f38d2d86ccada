/* check.c -- see check.h: one program through every property.  The
 * properties themselves live in prop_equiv.c (1), prop_order.c (2a, 2b)
 * and prop_theta.c (3 and the resource limits). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "../lib/options.h"
#include "from_gen.h"
#include "same_tree.h"

const char *const counter_name[CCM_NCOUNTERS] =
    { "A", "C", "V", "U", "H", "P", "entries", "subentries" };

struct checker *checker_new(void)
{
    struct checker *C = calloc(1, sizeof *C);
    if (!C) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    C->bs = bs_new();
    for (int i = 0; i < 3; i++) C->sbs[i] = bs_new();
    for (int i = 0; i < 2; i++) mrun_init(&C->run[i], HEAP_CAP, CELL_CAP, STACK_CAP);
    C->markcap = HEAP_CAP;
    C->mark = calloc((size_t)HEAP_CAP, 1);
    C->work = malloc((size_t)HEAP_CAP * sizeof *C->work);
    if (!C->mark || !C->work) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    return C;
}

void checker_free(struct checker *C)
{
    if (!C) return;
    bs_free(C->bs);
    for (int i = 0; i < 3; i++) bs_free(C->sbs[i]);
    for (int i = 0; i < 2; i++) mrun_free(&C->run[i]);
    free(C->cb.p); free(C->cm.p); free(C->plain.costs); free(C->plain.canon.p);
    free(C->mark); free(C->work);
    free(C);
}

void fail(struct verdict *v, const char *prop, const char *how, const char *fmt, ...)
{
    if (v->failed) return;
    v->failed = 1;
    snprintf(v->prop, sizeof v->prop, "%s", prop);
    snprintf(v->how, sizeof v->how, "%s", how);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->msg, sizeof v->msg, fmt, ap);
    va_end(ap);
}

uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ---- outcomes ------------------------------------------------------------- */

int is_resource(int st) { return st == CCM_RES_STEPS || st == CCM_RES_HEAP || st == CCM_RES_STACK; }

/* The machine status a big-step status stands for. */
int bs_to_ccm(int st)
{
    switch (st) {
    case BS_VALUE: return CCM_VALUE;
    case BS_NOT_A_FUNCTION: return CCM_ERR_NOT_A_FUNCTION;
    case BS_NO_ALTERNATIVE: return CCM_ERR_NO_ALTERNATIVE;
    case BS_TYPE: return CCM_ERR_TYPE;
    case BS_BLACK_HOLE: return CCM_ERR_BLACK_HOLE;
    case BS_DIV_ZERO: return CCM_ERR_DIV_ZERO;
    case BS_OVERFLOW: return CCM_ERR_OVERFLOW;
    default: return CCM_RES_STEPS;
    }
}

/* "fig6/lexical/ltr", in the names of the options table (lib/options_table.h) */
void cfg_name(char *buf, size_t n, int rules, int scoping, int order)
{
    snprintf(buf, n, "%s/%s/%s", ccm_option_value_name(CCM_OPT_rules, (uint64_t)rules, 0),
             ccm_option_value_name(CCM_OPT_scoping, (uint64_t)scoping, 0),
             ccm_option_value_name(CCM_OPT_order, (uint64_t)order, 0));
}

/* ---- one program ------------------------------------------------------------------ */

/* ref: the big-step's program (the generator's tree), or NULL to use the
 * front end's parse of text. */
static void check_text(struct checker *C, const char *text, size_t len,
                       const struct ast_program *ref, unsigned mask, struct verdict *v)
{
    memset(v, 0, sizeof *v);
    struct ast_program prog;
    struct front_diag err;
    if (front_parse("gen.lam", text, len, &prog, &err) != 0) {
        fail(v, "gen", "rejected", "%s", err.text);
        return;
    }
    struct front_image img;
    memset(&img, 0, sizeof img);
    if (front_check("gen.lam", &prog, &err) != 0 || front_load(&prog, &img, &err) != 0) {
        fail(v, "gen", "rejected", "%s", err.text);
        ast_free(&prog);
        return;
    }
    if (ref && (mask & PROP_RT) && !same_tree(ref, &prog, v->msg, sizeof v->msg)) {
        char msg[sizeof v->msg];
        snprintf(msg, sizeof msg, "%s", v->msg);
        fail(v, "rt", "round trip", "%s", msg);
    }
    const struct ast_program *bsp = ref ? ref : &prog;
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)text[i]) * 1099511628211ULL;
    C->rng = h;                   /* both derived from the text: a program checks the same way every time */
    C->rng_budget = h ^ 0x5DEECE66DULL;
    if (mask & (PROP_STK_FLAT | PROP_STK_ORDER | PROP_STK_NODUP)) check_stacks(C, bsp, mask, v);
    if ((mask & PROP_STK_MACHINE) && !v->failed) check_stk_machine(C, text, len, bsp, v);
    if ((mask & PROP_GC) && !v->failed) check_gc(C, text, len, &img, v);
    for (int cfgi = 0; cfgi < 4 && !v->failed && (mask & PROP_MACHINE); cfgi++) {
        int rules = cfgi & 1, scoping = cfgi >> 1;
        char cfg[64];
        cfg_name(cfg, sizeof cfg, rules, scoping, 0);
        /* plain run, recorded */
        struct mrun *r = &C->run[0];
        r->record = (mask & PROP_2B) != 0;
        mrun_run(r, &img, rules, scoping, CCM_LEFT_TO_RIGHT, MAX_STEPS, NULL, 0);
        if (cfgi == 0) v->value = r->status == CCM_VALUE;
        if (mask & PROP_3) check_theta(r, &img, cfg, v);
        if (mask & PROP_1) {
            struct bs_result b = bs_eval_program(C->bs, bsp, rules, scoping, 0, MAX_STEPS, MAX_DEPTH);
            if (!compare_p1(C, r, &img, &b, cfg, v)) v->skipped = 1;
            else if (!v->failed && !is_resource(r->status) && (cfgi == 0 || cfgi == 3))
                /* the session path: fig6/lexical and fig2/evaluation flip both options */
                check_session(C, text, len, rules, scoping, &b, r, cfg, MAX_STEPS, v);
        }
        if (v->failed) break;
        if (is_resource(r->status)) { v->skipped = 1; continue; }
        if (mask & PROP_3)
        {
            int32_t ps = r->peak_stack, hl = r->m.heap_len, cl = r->m.cell_len;
            check_exact(C, &img, rules, scoping, cfg, r->status, r->m.steps, ps, hl, cl, v);
            if (!v->failed) check_limits(C, &img, bsp, rules, scoping, cfg, ps, hl, cl, v);
        }
        if (v->failed) break;
        take_snap(&C->plain, r, &img);
        if ((mask & PROP_1) && C->plain.steps > 1) {
            /* the step budget: with max_steps = k < S both stop after exactly
             * k transitions with the steps error and the same θ so far */
            uint64_t k = next_rand(&C->rng_budget) % C->plain.steps;
            char bcfg[96];
            snprintf(bcfg, sizeof bcfg, "%s budget %llu", cfg, (unsigned long long)k);
            struct mrun *q = &C->run[1];
            q->record = 0;
            mrun_run(q, &img, rules, scoping, CCM_LEFT_TO_RIGHT, k, NULL, 0);
            struct bs_result b = bs_eval_program(C->bs, bsp, rules, scoping, 0, k, MAX_DEPTH);
            char how[96];
            snprintf(how, sizeof how, "%s budget", cfg);
            if (q->status != CCM_RES_STEPS || q->m.steps != k)
                fail(v, "p1", how, "%s: the machine ends with %s after %llu steps (want the "
                     "steps error after exactly %llu)", bcfg, ccm_status_kind(q->status),
                     (unsigned long long)q->m.steps, (unsigned long long)k);
            else if (b.status != BS_STEPS || b.steps != k)
                fail(v, "p1", how, "%s: the big-step ends with status %d after %llu steps",
                     bcfg, b.status, (unsigned long long)b.steps);
            else
                compare_costs_bs(q, &img, C->bs, bcfg, v);
            if (v->failed) break;
        }
        if (mask & PROP_EDGE)
            check_edge(C, &img, bsp, text, len, rules, scoping, cfg, cfgi == 0 || cfgi == 3, v);
        if (v->failed) break;
        if (mask & PROP_2B && r->status == CCM_VALUE) check_p2b(C, &img, rules, scoping, cfg, mask, v);
        if (v->failed) break;
        if (mask & (PROP_2A | PROP_1)) {
            cfg_name(cfg, sizeof cfg, rules, scoping, 1);
            struct mrun *q = &C->run[1];
            q->record = 0;
            mrun_run(q, &img, rules, scoping, CCM_RIGHT_TO_LEFT, MAX_STEPS, NULL, 0);
            if (mask & PROP_3) check_theta(q, &img, cfg, v);
            if (mask & PROP_1) {
                struct bs_result b = bs_eval_program(C->bs, bsp, rules, scoping, 1, MAX_STEPS, MAX_DEPTH);
                if (!compare_p1(C, q, &img, &b, cfg, v)) v->skipped = 1;
            }
            if (is_resource(q->status)) { v->skipped = 1; continue; }
            if (mask & PROP_2A && C->plain.status == CCM_VALUE)
                compare_snap(C, &C->plain, q, &img, 0, "p2a", cfg, "operands right to left", v);
        }
    }
    front_image_free(&img);
    ast_free(&prog);
}

void check_program(struct checker *C, const char *text, size_t len, unsigned mask,
                   struct verdict *v)
{
    check_text(C, text, len, NULL, mask, v);
}

void check_generated(struct checker *C, const struct gtree *t, unsigned mask, struct verdict *v)
{
    size_t len;
    char *text = gtree_print(t, &len);
    struct ast_program ref;
    struct gen_ast *owner = gen_to_ast(t, &ref);
    check_text(C, text, len, &ref, mask, v);
    gen_ast_free(owner);
    free(text);
}
