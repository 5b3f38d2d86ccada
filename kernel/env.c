/* env.c -- environments: chains of cells, how e[x/y] is realised (ccm.h). */
#include "kernel_internal.h"

/* The heap address a variable reference denotes in environment env.
 * Returns CCM_RUNNING, or CCM_ERR_BAD_CODE if the chain is shorter than the
 * reference or leaves the cell array (a loader bug, never a user error). */
int ccm_lookup(const struct ccm_machine *m, int32_t env, int32_t ref, int32_t *addr)
{
    if (ref < 0) {
        int32_t g = -1 - ref;
        if (g >= m->heap_len) return CCM_ERR_BAD_CODE;
        *addr = g;
        return CCM_RUNNING;
    }
    int32_t c = env;
    /*@ loop invariant bounds: 0 <= i <= ref;
        loop invariant env: is_env(m, c);
        loop invariant chain: env_cell(m, env, ref) == env_cell(m, c, ref - i);
        loop assigns i, c;
        loop variant ref - i;
    */
    for (int32_t i = 0; i < ref; i++) {
        if (c < 0 || c >= m->cell_len) return CCM_ERR_BAD_CODE;
        c = m->cells[c].next;
    }
    if (c < 0 || c >= m->cell_len) return CCM_ERR_BAD_CODE;
    *addr = m->cells[c].addr;
    return CCM_RUNNING;
}

/* The heap address a variable reference denotes in env, or -1. */
int32_t ccm_resolve(const struct ccm_machine *m, int32_t env, int32_t ref)
{
    int32_t addr = 0;
    return ccm_lookup(m, env, ref, &addr) == CCM_RUNNING ? addr : -1;
}

/* Push a cell binding addr in front of next; the caller checked capacity. */
int32_t ccm_push_cell(struct ccm_machine *m, int32_t addr, int32_t next)
{
    int32_t c = m->cell_len;
    m->cells[c].addr = addr;
    m->cells[c].next = next;
    m->cell_len = c + 1;
    /* Ghost induction on the number of hops r: following r links from an
     * old environment visits only old cells, so the lookup is unchanged. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= k <= INT32_MAX;
         loop invariant frame: \forall integer e, r; is_env{Pre}(m, e) && 0 <= r <= k ==>
                                 env_cell{Here}(m, e, r) == env_cell{Pre}(m, e, r);
         loop assigns k;
         loop variant INT32_MAX - k;
      @/
      for (int k = 0; k < INT32_MAX; k++) { }
    */
    return c;
}

int ccm_is_value_node(const struct ccm_machine *m, int32_t node)
{
    int32_t k = m->code[node].kind;
    return k == CCM_LAM || k == CCM_CON || k == CCM_LIT || k == CCM_INTVAL;
}
