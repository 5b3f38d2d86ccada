/* init.c -- checking a code array and laying the initial state. */
#include "kernel_internal.h"

/* (no precondition but \true: stated for the smoke tests, as for ccm_rule_name) */
/*@ requires any: \true;
    assigns \nothing;
    ensures result: \result != 0 <==> 0 <= i < len;
*/
static int in_range(int64_t i, int64_t len) { return 0 <= i && i < len; }

/* A run of `count` nodes of `kind` starting at `first`, inside the array. */
/*@ requires valid: \valid_read(code + (0 .. ncode - 1)) && 0 <= ncode;
    requires small: INT32_MIN <= first <= INT32_MAX && INT32_MIN <= count <= INT32_MAX;
    assigns \nothing;
    ensures result: \result != 0 <==> run_of(code, ncode, first, count, kind);
*/
static int check_run(const struct ccm_node *code, int32_t ncode, int64_t first,
                     int64_t count, int32_t kind)
{
    if (count < 0 || first < 0 || first + count > ncode) return 0;
    /*@ loop invariant bounds: first <= i <= first + count;
        loop invariant same: \forall integer k; first <= k < i ==> code[k].kind == kind;
        loop assigns i;
        loop variant first + count - i;
    */
    for (int64_t i = first; i < first + count; i++)
        if (code[i].kind != kind) return 0;
    return 1;
}

/*@ requires valid: \valid_read(code + (0 .. ncode - 1)) && 0 <= ncode;
    assigns \nothing;
    ensures result: \result != 0 <==> operand_ok(code, ncode, i);
*/
static int check_operand(const struct ccm_node *code, int32_t ncode, int32_t i)
{
    return in_range(i, ncode) && (code[i].kind == CCM_VAR || code[i].kind == CCM_LIT);
}

/*@ requires valid: \valid_read(code + (0 .. ncode - 1)) && 0 <= i < ncode;
    assigns \nothing;
    ensures result: \result != 0 <==> node_ok(code, ncode, ncc, i);
*/
static int check_node(const struct ccm_node *code, int32_t ncode, int32_t ncc, int32_t i)
{
    const struct ccm_node *n = &code[i];
    switch (n->kind) {
    case CCM_LAM:    return in_range(n->a, ncode);
    case CCM_APP:    return in_range(n->a, ncode);
    case CCM_VAR:    return 1;
    case CCM_LET:    return n->b >= 1 && check_run(code, ncode, n->a, n->b, CCM_BIND)
                            && in_range(n->c, ncode);
    case CCM_BIND:   return in_range(n->a, ncode);
    case CCM_CON:    return n->a >= 0 && n->b >= 0
                            && (n->b == 0 || check_run(code, ncode, n->c, n->b, CCM_ARG));
    case CCM_ARG:    return 1;
    case CCM_CASE: {
        /* the scrutinee, then the alternatives (case1 moves the control to
         * the scrutinee: the wf-preservation proof needs it in range) */
        if (!in_range(n->a, ncode) || n->c < 1 || !check_run(code, ncode, n->b, n->c, CCM_ALT)) return 0;
        /*@ loop invariant bounds: n->b <= k <= n->b + n->c - 1;
            loop invariant no_default: \forall integer j; n->b <= j < k ==> code[j].a != CCM_DEFAULT_TAG;
            loop assigns k;
            loop variant n->b + n->c - 1 - k;
        */
        for (int64_t k = n->b; k < (int64_t)n->b + n->c - 1; k++)   /* default only last */
            if (code[k].a == CCM_DEFAULT_TAG) return 0;
        return 1;
    }
    case CCM_ALT:    return (n->a >= 0 || n->a == CCM_DEFAULT_TAG) && n->b >= 0
                            && (n->a != CCM_DEFAULT_TAG || n->b == 0) && in_range(n->c, ncode);
    case CCM_SCC:
    case CCM_SCC_SUB: return in_range(n->a, ncc) && in_range(n->b, ncode);
    case CCM_LIT:    return 1;
    case CCM_PRIM:   return in_range(n->a, CCM_NOPS) && check_operand(code, ncode, n->b)
                            && check_operand(code, ncode, n->c);
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
    /*@ loop invariant bounds: 0 <= i <= ncode;
        loop invariant nodes: \forall integer j; 0 <= j < i ==> node_ok(code, ncode, ncc, j);
        loop assigns i;
        loop variant ncode - i;
    */
    for (int32_t i = 0; i < ncode; i++)
        if (!check_node(code, ncode, ncc, i)) return 0;
    return 1;
}

void zero_u64(uint64_t *p, int64_t n)
{
    /*@ loop invariant bounds: 0 <= i <= n;
        loop invariant zero: \forall integer j; 0 <= j < i ==> p[j] == 0;
        loop assigns i, p[0 .. n - 1];
        loop variant n - i;
    */
    for (int64_t i = 0; i < n; i++)
        p[i] = 0;
}

/* Lay the stack table: node c is the root <c> for each of the n cost
 * centres, and the index is empty. */
/*@ requires table: stk_valid(m) && table_ok(m) && 1 <= n <= m->stk.cap;
    assigns m->stk.node[0 .. n - 1], m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
    ensures laid: stk_laid(m, n);
*/
static void lay_stacks(struct ccm_machine *m, int32_t n)
{
    /*@ loop invariant bounds: 0 <= c <= n;
        loop invariant roots: \forall integer s; 0 <= s < c ==> m->stk.node[s].up == 0 && m->stk.node[s].cc == s;
        loop assigns c, m->stk.node[0 .. n - 1];
        loop variant n - c;
    */
    for (int32_t c = 0; c < n; c++) {
        m->stk.node[c].up = 0;
        m->stk.node[c].cc = (uint32_t)c;
    }
    /*@ loop invariant bounds: 0 <= i <= m->stk.nslot;
        loop invariant empty: \forall integer j; 0 <= j < i ==> m->stk.slot[j] == 0;
        loop assigns i, m->stk.slot[0 .. m->stk.nslot - 1];
        loop variant m->stk.nslot - i;
    */
    for (uint32_t i = 0; i < m->stk.nslot; i++)
        m->stk.slot[i] = 0;
    m->stk.len = (uint32_t)n;
}

/* Lay the top-level bindings: object x is top_code[x] closed over the
 * empty environment, pinned with top_cc[x]. */
/*@ requires valid: 0 <= ntop && \valid(heap + (0 .. ntop - 1)) &&
                    \valid_read(top_code + (0 .. ntop - 1)) && \valid_read(top_cc + (0 .. ntop - 1));
    requires apart: \separated(heap + (0 .. ntop - 1), top_code + (0 .. ntop - 1), top_cc + (0 .. ntop - 1));
    assigns heap[0 .. ntop - 1];
    ensures objs: \forall integer x; 0 <= x < ntop ==>
      obj_is(heap[x], top_code[x], CCM_NIL, top_cc[x], 0, 0);
*/
static void lay_tops(struct ccm_obj *heap, int32_t ntop, const int32_t *top_code, const int32_t *top_cc)
{
    /*@ loop invariant bounds: 0 <= i <= ntop;
        loop invariant objs: \forall integer x; 0 <= x < i ==>
          obj_is(heap[x], top_code[x], CCM_NIL, top_cc[x], 0, 0);
        loop assigns i, heap[0 .. ntop - 1];
        loop variant ntop - i;
    */
    for (int32_t i = 0; i < ntop; i++) {
        struct ccm_obj *o = &heap[i];
        o->code = top_code[i];
        o->env = CCM_NIL;
        o->cc = top_cc[i];
        o->hole = 0;
        o->num = 0;
    }
}

/* Lay the initial state of a program ccm_init has checked.  Proven in the
 * untyped pass (it writes many fields: the typing facts of every
 * intermediate memory slow the frame goals down); it states that every
 * field of every code node is the same at the end as at the start, so that
 * ccm_init, in the typed pass, carries code_wf over by the lemma
 * kept_code_wf. */
/*@ requires program: program_valid(p) && program_ok(p);
    requires arrays: init_arrays(m, p);
    requires room: p->ntop <= m->heap_cap;
    requires budget: 0 <= m->max_steps;
    requires table: table_ok(m) && p->ncc <= m->stk.cap && stk_laid(m, p->ncc);
    assigns m->code, m->ncode, m->cc_kind, m->ncc, m->costs[0 .. m->stk.cap * CCM_NCOUNTERS - 1],
            m->heap[0 .. m->heap_cap - 1], m->heap_len, m->cell_len, m->stack_len,
            m->ccc, m->ctl_code, m->ctl_env, m->ctl_num, m->steps, m->last_rule, m->max_steps;
    CCM_INIT_LAID
    // the nodes are unchanged, field by field (acsl/ccm_init.h: InitFrame),
    // and so is code_wf of the code as it was found
    ensures kept_kind: kept_kind{Pre,Post}(\old(p->code), \old(p->ncode));
    ensures kept_a:    kept_a{Pre,Post}(\old(p->code), \old(p->ncode));
    ensures kept_b:    kept_b{Pre,Post}(\old(p->code), \old(p->ncode));
    ensures kept_c:    kept_c{Pre,Post}(\old(p->code), \old(p->ncode));
    ensures kept_lit:  kept_lit{Pre,Post}(\old(p->code), \old(p->ncode));
    ensures wf_code_checked: code_wf{Pre}(m->code, m->ncode, m->ncc);
*/
static void init_lay(struct ccm_machine *m, const struct ccm_program *p)
{
    m->code = p->code;
    m->ncode = p->ncode;
    m->cc_kind = p->cc_kind;
    m->ncc = p->ncc;
    zero_u64(m->costs, (int64_t)m->stk.cap * CCM_NCOUNTERS);
    lay_tops(m->heap, p->ntop, p->top_code, p->top_cc);
    /* What wf says of the objects, stated where they are laid: at the end,
     * after the register stores, wf_heap from lay_tops's postcondition and
     * program_ok took 37 s; from this fact, 6.5 s (docs/proofs.md). */
    /*@ assert laid: \forall integer x; 0 <= x < p->ntop ==>
          0 <= m->heap[x].code < m->ncode && m->heap[x].env == CCM_NIL && 0 <= m->heap[x].cc < m->ncc; */
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
    /* the capacities, which no store above writes (with `laid` alone,
     * wf_sizes took 18 s; with it, 1.7 s) */
    /*@ assert caps: m->heap_cap == \at(m->heap_cap, Pre) && m->cell_cap == \at(m->cell_cap, Pre) &&
                     m->stack_cap == \at(m->stack_cap, Pre); */
}

/* Does the program satisfy program_ok (acsl/ccm_init.h)?  1 or 0. */
/*@ requires program: program_valid(p);
    assigns \nothing;
    ensures result: \result != 0 <==> program_ok(p);
*/
static int check_program(const struct ccm_program *p)
{
    if (!ccm_code_ok(p->code, p->ncode, p->ncc)) return 0;
    if (!in_range(p->entry, p->ncode) || p->code[p->entry].kind != CCM_VAR) return 0;
    if (p->ntop < 1) return 0;
    /*@ loop invariant bounds: 0 <= i <= p->ncc;
        loop invariant kinds: \forall integer c; 0 <= c < i ==> CCM_CC_PLAIN <= p->cc_kind[c] <= CCM_CC_CAF;
        loop assigns i;
        loop variant p->ncc - i;
    */
    for (int32_t i = 0; i < p->ncc; i++)
        if (p->cc_kind[i] < CCM_CC_PLAIN || p->cc_kind[i] > CCM_CC_CAF) return 0;
    /*@ loop invariant bounds: 0 <= i <= p->ntop;
        loop invariant tops: \forall integer x; 0 <= x < i ==>
                               0 <= p->top_code[x] < p->ncode && 0 <= p->top_cc[x] < p->ncc;
        loop assigns i;
        loop variant p->ntop - i;
    */
    for (int32_t i = 0; i < p->ntop; i++)
        if (!in_range(p->top_code[i], p->ncode) || !in_range(p->top_cc[i], p->ncc))
            return 0;
    return 1;
}

/* Are the run's options named values?  1 or 0.  A function of its own:
 * as three tests in ccm_init, the joins of their paths cost Qed about 3 s
 * on each of ccm_init's postconditions (docs/proofs.md, "Tests in a
 * function of their own"). */
/*@ requires valid: \valid_read(m);
    assigns \nothing;
    ensures result: \result != 0 <==> options_ok(m);
*/
static int check_options(const struct ccm_machine *m)
{
    return (m->rules == CCM_RULES_FIG6 || m->rules == CCM_RULES_FIG2) &&
           (m->scoping == CCM_LEXICAL || m->scoping == CCM_EVALUATION || m->scoping == CCM_CALL_GHC) &&
           (m->order == CCM_LEFT_TO_RIGHT || m->order == CCM_RIGHT_TO_LEFT) &&
           (m->push == CCM_PUSH_SINGLE || m->push == CCM_PUSH_APPEND || m->push == CCM_PUSH_GHC);
}

/* Is the stack table's shape within the limits?  1 or 0. */
/*@ requires valid: \valid_read(m);
    assigns \nothing;
    ensures result: \result != 0 <==> table_ok(m);
*/
static int check_table(const struct ccm_machine *m)
{
    return m->stk.cap <= CCM_MAX_NODES && m->stk.cap < m->stk.nslot && m->stk.nslot <= CCM_MAX_SLOTS;
}

int ccm_init(struct ccm_machine *m, const struct ccm_program *p)
{
    if (!check_program(p)) return CCM_ERR_BAD_CODE;
    if (!check_options(m)) return CCM_ERR_BAD_CODE;
    if (!check_table(m)) return CCM_ERR_BAD_CODE;
    if (p->ntop > m->heap_cap || (int64_t)p->ncc > (int64_t)m->stk.cap) return CCM_RES_HEAP;
    lay_stacks(m, p->ncc);
    init_lay(m, p);
    return CCM_RUNNING;
}
