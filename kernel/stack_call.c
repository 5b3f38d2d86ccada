/* stack_call.c -- the ghc call policy, Sa ++> Sλ (docs/stacks.md section 4):
 * the stack a function's body runs under, the function made under Sλ and
 * called under Sa.  After an app2 (which runs the body under Sa), the nodes
 * of Sλ's path to push onto Sa are counted (ccm_call_count); each call
 * transition (ccm_call_step) pushes one, the farthest first, so that every
 * transition reads one state of the table; ccm_ghc_call does them all.
 * The kernel keeps no scratch space and does not recurse: Sλ's path is
 * walked again for each node pushed, so a call pushing n nodes of a path d
 * nodes long costs O(n * d). */
#include "fire.h"

/* The number of nodes on s's path (s up to its root). */
/*@ requires table: stk_valid(m) && stk_sizes(m) && stk_nodes_ok(m);
    requires s: in_cc(m, s);
    assigns \nothing;
    ensures len: stk_path_len(m, s, \result);
    ensures bound: \result <= s + 1;
*/
static int32_t stack_depth(const struct ccm_machine *m, int32_t s)
{
    int32_t c = s, d = 0;
    /*@ loop invariant at: 0 <= d && c == stk_anc(m, s, d);
        loop invariant in: c == -1 || in_cc(m, c);
        loop invariant bound: c + d <= s;
        loop invariant path: \forall integer j; 0 <= j < d ==> in_cc(m, stk_anc(m, s, j));
        loop assigns c, d;
        loop variant c + 1;
    */
    while (c >= 0) {
        c = (int32_t)m->stk.node[c].up - 1;
        d++;
    }
    return d;
}

/* The node k steps from s towards its root (-1 past it), s's path d long. */
/*@ requires table: stk_valid(m) && stk_sizes(m) && stk_nodes_ok(m);
    requires s: stk_path_len(m, s, d);
    requires k: 0 <= k <= d;
    assigns \nothing;
    ensures at: \result == stk_anc(m, s, k);
    ensures in: k < d ==> in_cc(m, \result);
*/
static int32_t stack_up(const struct ccm_machine *m, int32_t s, int32_t d, int32_t k)
{
    (void)d;    /* the path's length: for the contract only */
    int32_t c = s;
    /*@ loop invariant j: 0 <= j <= k && c == stk_anc(m, s, j);
        loop assigns j, c;
        loop variant k - j;
    */
    for (int32_t j = 0; j < k; j++)
        c = (int32_t)m->stk.node[c].up - 1;
    return c;
}

/* The longest common prefix of the paths of sa (da nodes) and sl (dl
 * nodes), in nodes: from the same height up both paths until they meet, at
 * a node or past both roots (0). */
/*@ requires table: stk_valid(m) && stk_sizes(m) && stk_nodes_ok(m);
    requires sa: stk_path_len(m, sa, da);
    requires sl: stk_path_len(m, sl, dl);
    assigns \nothing;
    ensures common: stk_common(m, sa, da, sl, dl, \result);
*/
static int32_t stack_meet(const struct ccm_machine *m, int32_t sa, int32_t da, int32_t sl, int32_t dl)
{
    int32_t h = da < dl ? da : dl;
    int32_t a = stack_up(m, sa, da, da - h), l = stack_up(m, sl, dl, dl - h);
    /*@ assert ends: stk_anc(m, sa, da) == -1 && stk_anc(m, sl, dl) == -1; */
    /*@ loop invariant h: 0 <= h <= da && h <= dl;
        loop invariant a: a == stk_anc(m, sa, da - h);
        loop invariant a_in: h > 0 ==> in_cc(m, a);
        loop invariant a_end: h == 0 ==> a == -1;
        loop invariant l: l == stk_anc(m, sl, dl - h);
        loop invariant l_in: h > 0 ==> in_cc(m, l);
        loop invariant l_end: h == 0 ==> l == -1;
        loop invariant apart: h < da && h < dl ==>
                                stk_anc(m, sa, da - h - 1) != stk_anc(m, sl, dl - h - 1);
        loop assigns h, a, l;
        loop variant h;
    */
    while (a != l) {
        /*@ assert above: h > 0; */
        a = (int32_t)m->stk.node[a].up - 1;
        l = (int32_t)m->stk.node[l].up - 1;
        h--;
    }
    return h;
}

int32_t ccm_call_count(const struct ccm_machine *m, int32_t sa, int32_t sl)
{
    int32_t da = stack_depth(m, sa), dl = stack_depth(m, sl);
    int32_t h = stack_meet(m, sa, da, sl, dl);
    /* with no common prefix, sl's root is not pushed if it is MAIN, SUB or a CAF */
    uint32_t rc = m->stk.node[stack_up(m, sl, dl, dl - 1)].cc;
    int32_t n = h == 0 && (rc == CCM_CC_MAIN || m->cc_kind[rc] != CCM_CC_PLAIN) ? dl - 1 : dl - h;
    /*@ assert n: n == call_count(m, sl, dl, h); */
    /*@ assert counted: call_counted(m, sa, sl, n); */
    return n;
}

int ccm_call_step(struct ccm_machine *m, int32_t sl, int32_t k)
{
    if (sl < 0 || (uint32_t)sl >= m->stk.len) return CCM_ERR_BAD_CODE;
    int32_t c = sl;
    /* the node k - 1 steps from sl, or -1 past its root */
    /*@ loop invariant j: 0 <= j <= k - 1 && c == stk_anc(m, sl, j);
        loop invariant in: c == -1 || in_cc(m, c);
        loop assigns j, c;
        loop variant k - 1 - j;
    */
    for (int32_t j = 0; j < k - 1; j++)
        c = c < 0 ? -1 : (int32_t)m->stk.node[c].up - 1;
    if (c < 0) return CCM_ERR_BAD_CODE;
    return ccm_fire_call(m, sl, k, c);
}

int ccm_call_room(const struct ccm_machine *m)
{
    if (m->code[m->ctl_code].kind != CCM_LAM || m->stack_len == 0
        || m->stack[m->stack_len - 1].kind != CCM_F_ARG)
        return 1;
    int32_t n = ccm_call_count(m, m->stack[m->stack_len - 1].cc, m->ccc);
    return (int64_t)m->stk.cap - m->stk.len >= n;
}

int ccm_ghc_call(struct ccm_machine *m, int32_t sl)
{
    if (sl < 0 || (uint32_t)sl >= m->stk.len) return CCM_ERR_BAD_CODE;
    int32_t n = ccm_call_count(m, m->ccc, sl);
    /*@ loop invariant k: 0 <= k <= n;
        loop invariant wf: wf(m);
        loop assigns k, m->ccc, m->last_rule, m->stk.node[0 .. m->stk.cap - 1],
                     m->stk.slot[0 .. m->stk.nslot - 1], m->stk.len;
        loop variant k;
    */
    for (int32_t k = n; k > 0; k--) {
        int st = ccm_call_step(m, sl, k);
        if (st != CCM_RUNNING) return st;
    }
    return CCM_RUNNING;
}
