/* init.c -- checking a code array and laying the initial state. */
#include "kernel_internal.h"

static int in_range(int64_t i, int64_t len) { return 0 <= i && i < len; }

/* A run of `count` nodes of `kind` starting at `first`, inside the array. */
static int run_ok(const struct ccm_node *code, int32_t ncode, int64_t first,
                  int64_t count, int32_t kind)
{
    if (count < 0 || first < 0 || first + count > ncode) return 0;
    for (int64_t i = first; i < first + count; i++)
        if (code[i].kind != kind) return 0;
    return 1;
}

static int operand_ok(const struct ccm_node *code, int32_t ncode, int32_t i)
{
    return in_range(i, ncode) && (code[i].kind == CCM_VAR || code[i].kind == CCM_LIT);
}

static int node_ok(const struct ccm_node *code, int32_t ncode, int32_t ncc, int32_t i)
{
    const struct ccm_node *n = &code[i];
    switch (n->kind) {
    case CCM_LAM:    return in_range(n->a, ncode);
    case CCM_APP:    return in_range(n->a, ncode);
    case CCM_VAR:    return 1;
    case CCM_LET:    return n->b >= 1 && run_ok(code, ncode, n->a, n->b, CCM_BIND)
                            && in_range(n->c, ncode);
    case CCM_BIND:   return in_range(n->a, ncode);
    case CCM_CON:    return n->a >= 0 && n->b >= 0
                            && (n->b == 0 || run_ok(code, ncode, n->c, n->b, CCM_ARG));
    case CCM_ARG:    return 1;
    case CCM_CASE: {
        if (n->c < 1 || !run_ok(code, ncode, n->b, n->c, CCM_ALT)) return 0;
        for (int64_t k = n->b; k < (int64_t)n->b + n->c - 1; k++)   /* default only last */
            if (code[k].a == CCM_DEFAULT_TAG) return 0;
        return 1;
    }
    case CCM_ALT:    return (n->a >= 0 || n->a == CCM_DEFAULT_TAG) && n->b >= 0
                            && (n->a != CCM_DEFAULT_TAG || n->b == 0) && in_range(n->c, ncode);
    case CCM_SCC:
    case CCM_SCC_SUB: return in_range(n->a, ncc) && in_range(n->b, ncode);
    case CCM_LIT:    return 1;
    case CCM_PRIM:   return in_range(n->a, CCM_NOPS) && operand_ok(code, ncode, n->b)
                            && operand_ok(code, ncode, n->c);
    case CCM_INTVAL: return i == CCM_NODE_INTVAL;
    default:         return 0;
    }
}

int ccm_code_ok(const struct ccm_node *code, int32_t ncode, int32_t ncc)
{
    if (ncode < CCM_NODE_FIRST || ncode > CCM_MAX_CODE || ncc < 1 || ncc > CCM_MAX_CC)
        return 0;
    if (code[CCM_NODE_INTVAL].kind != CCM_INTVAL) return 0;
    if (code[CCM_NODE_TRUE].kind != CCM_CON || code[CCM_NODE_TRUE].a != CCM_TAG_TRUE
        || code[CCM_NODE_TRUE].b != 0) return 0;
    if (code[CCM_NODE_FALSE].kind != CCM_CON || code[CCM_NODE_FALSE].a != CCM_TAG_FALSE
        || code[CCM_NODE_FALSE].b != 0) return 0;
    for (int32_t i = 0; i < ncode; i++)
        if (!node_ok(code, ncode, ncc, i)) return 0;
    return 1;
}

int ccm_init(struct ccm_machine *m, const struct ccm_program *p)
{
    if (!ccm_code_ok(p->code, p->ncode, p->ncc)) return CCM_ERR_BAD_CODE;
    if (!in_range(p->entry, p->ncode) || p->code[p->entry].kind != CCM_VAR) return CCM_ERR_BAD_CODE;
    if (p->ntop < 1) return CCM_ERR_BAD_CODE;
    for (int32_t i = 0; i < p->ncc; i++)
        if (p->cc_kind[i] < CCM_CC_PLAIN || p->cc_kind[i] > CCM_CC_CAF) return CCM_ERR_BAD_CODE;
    for (int32_t i = 0; i < p->ntop; i++)
        if (!in_range(p->top_code[i], p->ncode) || !in_range(p->top_cc[i], p->ncc))
            return CCM_ERR_BAD_CODE;
    if (p->ntop > m->heap_cap) return CCM_RES_HEAP;
    m->code = p->code;
    m->ncode = p->ncode;
    m->cc_kind = p->cc_kind;
    m->ncc = p->ncc;
    for (int64_t i = 0; i < (int64_t)p->ncc * CCM_NCOUNTERS; i++)
        m->costs[i] = 0;
    for (int32_t i = 0; i < p->ntop; i++) {
        struct ccm_obj *o = &m->heap[i];
        o->code = p->top_code[i];
        o->env = CCM_NIL;
        o->cc = p->top_cc[i];
        o->hole = 0;
        o->num = 0;
    }
    m->heap_len = p->ntop;
    m->cell_len = 0;
    m->stack_len = 0;
    m->ccc = CCM_CC_MAIN;
    m->ctl_code = p->entry;
    m->ctl_env = CCM_NIL;
    m->ctl_num = 0;
    m->steps = 0;
    m->last_rule = CCM_R_NONE;
    if (m->max_steps > CCM_MAX_STEPS) m->max_steps = CCM_MAX_STEPS;
    return CCM_RUNNING;
}
