/* rows_write.c -- the stores that several rows share.
 *
 * A row reads what it needs in its own context (row_ctx and the node, frame
 * or object fact of its match), then hands the values to one write function
 * that does every store of the row.  A write function's context is small:
 * machine_valid and the room it writes into.  There each frame goal (heap,
 * cells, the stack below, the counters kept) takes the provers well under a
 * second; in the row's context the same stores took them 20-60 s, because
 * every quantified fact of that context is re-examined at every store of the
 * one 32-bit memory all int fields share.  The row's own goal is then the
 * write's postconditions applied to the values it read. */
#include "kernel_internal.h"

/* Push the frame (kind, cc, a, b, 0), charge `charged` one `counter`, move
 * the control to `body` in the same environment: app1, case1, prim1. */
void ccm_push_write(struct ccm_machine *m, int32_t kind, int32_t cc, int32_t a, int32_t b,
                    int32_t charged, int counter, int32_t body, int32_t rule)
{
    struct ccm_frame *f = &m->stack[m->stack_len];
    f->kind = kind;
    f->cc = cc;
    f->a = a;
    f->b = b;
    f->num = 0;
    m->stack_len++;
    ccm_charge(m, charged, counter, 1);
    m->ctl_code = body;
    m->last_rule = rule;
    m->steps++;
}

/* Pop the top frame and set the control (cc | code, env, num): case2, its
 * default alternative, prim3. */
void ccm_pop_write(struct ccm_machine *m, int32_t cc, int32_t code, int32_t env, int64_t num,
                   int32_t rule)
{
    m->ccc = cc;
    m->stack_len--;
    m->ctl_code = code;
    m->ctl_env = env;
    m->ctl_num = num;
    m->last_rule = rule;
    m->steps++;
}
