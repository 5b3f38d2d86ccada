/* stacks.c -- the cost-centre stack table: each distinct stack is one node
 * (parent, cost centre), found through an open-addressing index, so that
 * "the same stack" is "the same node" and the counters are kept per node
 * (docs/stacks.md).  The roots <c> are nodes 0 .. ncc - 1 and are not in
 * the index: only push single makes them, without a lookup. */
#include "kernel_internal.h"

/* where the search for (up, cc) starts: a multiplicative hash (Knuth's
 * constant), in 64 bits so that nothing wraps */
/*@ requires n: 0 < nslot;
    assigns \nothing;
    ensures slot: 0 <= \result < nslot;
*/
static uint32_t stack_hash(uint32_t up, uint32_t cc, uint32_t nslot)
{
    return (uint32_t)(((uint64_t)up * 2654435761u + cc) % nslot);
}

int32_t ccm_stack_intern(struct ccm_machine *m, int32_t parent, int32_t l)
{
    uint32_t up = (uint32_t)parent + 1;
    uint32_t i = stack_hash(up, (uint32_t)l, m->stk.nslot);
    uint32_t n;
    /*@ loop invariant bounds: 0 <= n <= m->stk.nslot && 0 <= i < m->stk.nslot;
        loop assigns n, i;
        loop variant m->stk.nslot - n;
    */
    for (n = 0; n < m->stk.nslot; n++) {
        uint32_t v = m->stk.slot[i];
        if (v == 0) break;
        if (m->stk.node[v - 1].up == up && m->stk.node[v - 1].cc == (uint32_t)l)
            return (int32_t)(v - 1);
        i = i + 1 == m->stk.nslot ? 0 : i + 1;
    }
    /* every slot taken is impossible while nslot > cap (stk_sizes), as at
     * most cap - ncc nodes are indexed; it is refused like a full table */
    if (n == m->stk.nslot || m->stk.len >= m->stk.cap) return -1;
    uint32_t s = m->stk.len;          /* not there: add it, and index it at slot i */
    m->stk.node[s].up = up;
    m->stk.node[s].cc = (uint32_t)l;
    m->stk.slot[i] = s + 1;
    m->stk.len = s + 1;
    return (int32_t)s;
}

int32_t ccm_stack_cut(const struct ccm_machine *m, int32_t s, int32_t l)
{
    int32_t c = s;
    /*@ loop invariant node: in_cc(m, c);
        loop invariant same: ghc_cut(m, c, l) == ghc_cut(m, s, l);
        loop assigns c;
        loop variant c;
    */
    while (m->stk.node[c].cc != (uint32_t)l) {
        if (m->stk.node[c].up == 0) return -1;
        c = (int32_t)(m->stk.node[c].up - 1);
    }
    return c;
}

int32_t ccm_stack_push(struct ccm_machine *m, int32_t l, int32_t s)
{
    if (m->push == CCM_PUSH_SINGLE) return l;
    if (m->push == CCM_PUSH_GHC) {
        int32_t c = ccm_stack_cut(m, s, l);
        if (c >= 0) return c;
    }
    return ccm_stack_intern(m, s, l);
}

void ccm_stack_reindex(struct ccm_machine *m)
{
    /*@ loop invariant bounds: 0 <= i <= m->stk.nslot;
        loop invariant clear: \forall integer j; 0 <= j < i ==> m->stk.slot[j] == 0;
        loop assigns i, m->stk.slot[0 .. m->stk.nslot - 1];
        loop variant m->stk.nslot - i;
    */
    for (uint32_t i = 0; i < m->stk.nslot; i++)
        m->stk.slot[i] = 0;
    /*@ loop invariant bounds: m->ncc <= s <= m->stk.len;
        loop invariant index: \forall integer j; 0 <= j < m->stk.nslot ==> m->stk.slot[j] <= s;
        loop assigns s, m->stk.slot[0 .. m->stk.nslot - 1];
        loop variant m->stk.len - s;
    */
    for (uint32_t s = (uint32_t)m->ncc; s < m->stk.len; s++) {
        uint32_t i = stack_hash(m->stk.node[s].up, m->stk.node[s].cc, m->stk.nslot);
        uint32_t n;
        /*@ loop invariant bounds: 0 <= n <= m->stk.nslot && 0 <= i < m->stk.nslot;
            loop assigns n, i;
            loop variant m->stk.nslot - n;
        */
        for (n = 0; n < m->stk.nslot && m->stk.slot[i] != 0; n++)
            i = i + 1 == m->stk.nslot ? 0 : i + 1;
        if (n < m->stk.nslot) m->stk.slot[i] = s + 1;
    }
}
