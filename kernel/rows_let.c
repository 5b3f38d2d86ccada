/* rows_let.c -- let: allocate n fresh closures sharing one recursive env. */
#include "kernel_internal.h"

/* Lay the n fresh objects heap[base .. base+count-1]: object base+i runs the
 * right-hand side of bind node first+i, closes over env top, cost centre cc.
 * (Quantifiers range over absolute indices: a prover trigger cannot contain
 * base + j.) */
/*@ requires ctx: machine_valid(m) && sizes_ok(m);
    requires range: 0 <= base && 1 <= count && base + count <= m->heap_cap;
    requires code: 0 <= first && first + count <= m->ncode;
    assigns m->heap[base .. base + count - 1];
    ensures objs: \forall integer x; base <= x < base + count ==>
      obj_is(m->heap[x], \old(m->code[first + (x - base)].a), top, cc, 0, 0);
*/
static void let_lay_objs(struct ccm_machine *m, int32_t base, int32_t first, int32_t count,
                         int32_t top, int32_t cc)
{
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant objs_code: \forall integer x; base <= x < base + i ==> m->heap[x].code == \at(m->code[first + (x - base)].a, Pre);
        loop invariant objs_env: \forall integer x; base <= x < base + i ==> m->heap[x].env == top;
        loop invariant objs_cc: \forall integer x; base <= x < base + i ==> m->heap[x].cc == cc;
        loop invariant objs_hole: \forall integer x; base <= x < base + i ==> m->heap[x].hole == 0;
        loop invariant objs_num: \forall integer x; base <= x < base + i ==> m->heap[x].num == 0;
        loop assigns i, m->heap[base .. base + count - 1];
        loop variant count - i;
    */
    for (int32_t i = 0; i < count; i++) {
        int32_t c = m->code[first + i].a;
        /*@ assert c_pre: \let k = i; c == \at(m->code[first + k].a, Pre); */
        struct ccm_obj *o = &m->heap[base + i];
        o->code = c;
        o->env = top;
        o->cc = cc;
        o->hole = 0;
        o->num = 0;
    }
}

/* Push one cell per fresh object, y1 first: cell cl+i binds base+i and
 * points to the previous one (the first to env).  Returns the new env.
 * (The cells are written here rather than by ccm_push_cell: its lookup
 * frame lemma, a hypothesis after every call, swamps the provers.) */
/*@ requires ctx: machine_valid(m) && sizes_ok(m);
    requires range: 1 <= count && m->cell_len + count <= m->cell_cap;
    requires objs: 0 <= base && base + count <= m->heap_len;
    assigns m->cells[m->cell_len .. m->cell_cap - 1], m->cell_len;
    ensures len: m->cell_len == \old(m->cell_len) + count;
    ensures result: \result == \old(m->cell_len) + count - 1;
    ensures addr: \forall integer c; \old(m->cell_len) <= c < \old(m->cell_len) + count ==>
      m->cells[c].addr == base + (c - \old(m->cell_len));
    ensures first: m->cells[\old(m->cell_len)].next == env;
    ensures next: \forall integer c; \old(m->cell_len) + 1 <= c < \old(m->cell_len) + count ==>
      m->cells[c].next == c - 1;
*/
static int32_t let_push_cells(struct ccm_machine *m, int32_t base, int32_t count, int32_t env)
{
    int32_t cl = m->cell_len;
    int32_t e = env;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant len: m->cell_len == cl + i;
        loop invariant env: i == 0 ==> e == env;
        loop invariant env2: i > 0 ==> e == cl + i - 1;
        loop invariant addr: \forall integer c; cl <= c < cl + i ==> m->cells[c].addr == base + (c - cl);
        loop invariant first: i > 0 ==> m->cells[cl].next == env;
        loop invariant next: \forall integer c; cl + 1 <= c < cl + i ==> m->cells[c].next == c - 1;
        loop assigns i, e, m->cell_len, m->cells[cl .. cl + count - 1];
        loop variant count - i;
    */
    for (int32_t i = 0; i < count; i++) {
        int32_t c = cl + i;
        m->cells[c].addr = base + i;
        m->cells[c].next = e;
        m->cell_len = c + 1;
        e = c;
    }
    return e;
}

/* let:  cc | Γ | let {xi=ei} in e | S  =>  cc | Γ[yi ↦cc ei^] | e^ | S
 *       θ += cc↦n*H.   The fresh yi are heap[heap_len .. heap_len+n-1];
 * one cell per yi (y1 pushed first, so yn is ref 0) makes the renaming ^,
 * and every ei^ closes over the extended environment (recursion).  The
 * objects are laid first, closing over the cell the last push will create
 * (cell_len + n - 1), so that every cell pushed binds an existing object. */
/*@ requires ctx: row_ctx(m);
    requires node: ctl_node_ok(m);
    requires cells: cells_ok(m);
    ROW_LET_PRE
    ROW_LET_ASSIGNS
    ensures ctl: ctl_is{Post}(m, \old(m->ccc), \old(m->code[m->ctl_code].c),
                              \old(m->cell_len) + \old(m->code[m->ctl_code].b) - 1, \old(m->ctl_num));
    ensures lens: m->heap_len == \old(m->heap_len) + \old(m->code[m->ctl_code].b) &&
                  m->cell_len == \old(m->cell_len) + \old(m->code[m->ctl_code].b);
    ensures cells: Let_cells{Pre,Post}(m);
    ensures objs: Let_objs{Pre,Post}(m);
    ensures heap_keeps: heap_keeps{Pre,Post}(m, \old(m->heap_len));
    ensures cells_keep: cells_keep{Pre,Post}(m, \old(m->cell_len));
    ensures stack_same: stack_same{Pre,Post}(m);
    ensures costs: costs_plus{Pre,Post}(m, cost_ix(\old(m->ccc), CCM_H), \old(m->code[m->ctl_code].b));
    ensures counted: counted{Pre,Post}(m, CCM_R_LET);
*/
static void let_row_pieces(struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    int32_t count = n->b;
    int32_t first = n->a;
    int32_t body = n->c;
    int32_t base = m->heap_len;
    int32_t cl = m->cell_len;
    int32_t cc = m->ccc;
    int32_t top = cl + count - 1;
    int32_t env = m->ctl_env;
    let_lay_objs(m, base, first, count, top, cc);
    /* The frames and the fresh objects are carried call by call (stackN,
     * objsN), each step one call's or one store's frame; where a step of
     * the frames was slow (across let_push_cells, and across the register
     * stores), one field at a time first (s3_*, s5_*).  Stated once at the
     * end, the objects took 103 s and the frames 96 s; stepped, under 20 s
     * (docs/proofs.md). */
    /*@ assert stack1: stack_same{Pre,Here}(m); */
    /*@ assert objs1: Let_objs{Pre,Here}(m); */
    m->heap_len = base + count;
    /*@ assert stack2: stack_same{Pre,Here}(m); */
    /*@ assert objs2: Let_objs{Pre,Here}(m); */
    env = let_push_cells(m, base, count, env);
    /*@ assert len3: m->stack_len == \at(m->stack_len, Pre); */
    /*@ assert s3_kind: FRAMES_KEEP_FIELD(kind); */
    /*@ assert s3_cc: FRAMES_KEEP_FIELD(cc); */
    /*@ assert s3_a: FRAMES_KEEP_FIELD(a); */
    /*@ assert s3_b: FRAMES_KEEP_FIELD(b); */
    /*@ assert s3_num: FRAMES_KEEP_FIELD(num); */
    /*@ assert stack3: stack_same{Pre,Here}(m); */
    /*@ assert objs3: Let_objs{Pre,Here}(m); */
    ccm_charge(m, cc, CCM_H, (uint64_t)count);
    /*@ assert stack4: stack_same{Pre,Here}(m); */
    /*@ assert objs4: Let_objs{Pre,Here}(m); */
    m->ctl_code = body;
    m->ctl_env = env;
    m->last_rule = CCM_R_LET;
    m->steps++;
    /* the frames once more, across the register stores, for stack_same */
    /*@ assert len5: m->stack_len == \at(m->stack_len, Pre); */
    /*@ assert s5_kind: FRAMES_KEEP_FIELD(kind); */
    /*@ assert s5_cc: FRAMES_KEEP_FIELD(cc); */
    /*@ assert s5_a: FRAMES_KEEP_FIELD(a); */
    /*@ assert s5_b: FRAMES_KEEP_FIELD(b); */
    /*@ assert s5_num: FRAMES_KEEP_FIELD(num); */
}

/* Step_Let (acsl/ccm_rows.h) is the conjunction of let_row_pieces's
 * postconditions, one clause each: as asserts at the end of its body, each
 * clause had every one before it in its context, and the slowest took 11-15
 * s; as postconditions, each a goal of its own, 4-9 s (docs/proofs.md).  Here
 * the clauses are put back together, so that the callers see one predicate
 * (with the clauses apart in ccm_fire_let's context, its `kept` took 38 s
 * instead of 10). */
void ccm_row_let(struct ccm_machine *m)
{
    let_row_pieces(m);
}
