/* rows_case.c -- case1, case2 and the default alternative. */
#include "kernel_internal.h"

/* case1:  cc | case e of alts | S  =>  cc | e | (alts,cc) : S     θ += cc↦C */
void ccm_row_case1(struct ccm_machine *m)
{
    const struct ccm_node *n = &m->code[m->ctl_code];
    struct ccm_frame *f = &m->stack[m->stack_len];
    f->kind = CCM_F_CASE;
    f->cc = m->ccc;
    f->a = m->ctl_code;
    f->b = m->ctl_env;
    f->num = 0;
    m->stack_len++;
    ccm_charge(m, m->ccc, CCM_C, 1);
    m->ctl_code = n->a;
    m->last_rule = CCM_R_CASE1;
    m->steps++;
}

/* case2:  ccC | Ck xs | (alts,cc) : S  =>  cc | ek[xs/ysk] | S
 * The pattern variables get one cell each, bound to the constructor's
 * argument addresses, on top of the case's own environment.  Returns
 * CCM_ERR_BAD_CODE (and leaves the state as it was) if an argument
 * reference does not resolve; the dispatcher checked cell capacity. */
int ccm_row_case2(struct ccm_machine *m, int32_t alt)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    const struct ccm_node *con = &m->code[m->ctl_code];
    int32_t saved_len = m->cell_len;
    int32_t env = f->b;
    /*@ ghost ccm_env_cell_range(m); */
    /*@ loop invariant bounds: 0 <= i <= con->b;
        loop invariant len: m->cell_len == saved_len + i;
        loop invariant env: i == 0 ==> env == f->b;
        loop invariant env2: i > 0 ==> env == saved_len + i - 1;
        loop invariant ok: cells_ok(m);
        loop invariant keep: cells_keep{Pre,Here}(m, saved_len);
        loop invariant lookups: \forall integer e, r; is_env{Pre}(m, e) && 0 <= r <= INT32_MAX ==>
                                  env_cell{Here}(m, e, r) == env_cell{Pre}(m, e, r);
        loop invariant resolved: \forall integer j; 0 <= j < i ==>
                                   resolves{Pre}(m, m->ctl_env, m->code[con->c + j].a);
        loop invariant cells: \forall integer c; saved_len <= c < saved_len + i ==>
          cell_is(m->cells[c], resolve{Pre}(m, m->ctl_env, m->code[con->c + (c - saved_len)].a),
                  c == saved_len ? f->b : c - 1);
        loop assigns i, env, m->cell_len, m->cells[saved_len .. m->cell_cap - 1];
        loop variant con->b - i;
    */
    for (int32_t i = 0; i < con->b; i++) {
        int32_t addr;
        int32_t arg = CCM_MUTANT == CCM_M_CASE2_BINDS_REVERSED ? con->c + con->b - 1 - i : con->c + i;
        if (ccm_lookup(m, m->ctl_env, m->code[arg].a, &addr) != CCM_RUNNING) {
            m->cell_len = saved_len;
            return CCM_ERR_BAD_CODE;
        }
        env = ccm_push_cell(m, addr, env);
    }
    int32_t cc = f->cc;
    if (CCM_MUTANT != CCM_M_CASE2_NO_RESTORE)
        m->ccc = cc;
    m->stack_len--;
    m->ctl_code = m->code[alt].c;
    m->ctl_env = env;
    m->ctl_num = 0;
    m->last_rule = CCM_R_CASE2;
    m->steps++;
    /* Step_Case2 piece by piece, one goal each. */
    /*@ assert ctl: ctl_is(m, \at(m->stack[m->stack_len - 1].cc, Pre), \at(m->code[alt].c, Pre),
                           con->b == 0 ? \at(m->stack[m->stack_len - 1].b, Pre) : saved_len + con->b - 1, 0); */
    /*@ assert cells: Case2_cells{Pre,Here}(m); */
    /*@ assert cells_keep: cells_keep{Pre,Here}(m, saved_len); */
    /*@ assert popped: stack_popped{Pre,Here}(m); */
    /*@ assert heap: heap_same{Pre,Here}(m); */
    /*@ assert costs: costs_same{Pre,Here}(m); */
    /*@ assert counted: counted{Pre,Here}(m, CCM_R_CASE2); */
    return CCM_RUNNING;
}

/* case2 default:  ccz | z | (alts,cc) : S  =>  cc | ed | S   [ext] */
void ccm_row_case2_default(struct ccm_machine *m, int32_t alt)
{
    const struct ccm_frame *f = &m->stack[m->stack_len - 1];
    m->ccc = f->cc;
    m->ctl_code = m->code[alt].c;
    m->ctl_env = f->b;
    m->ctl_num = 0;
    m->stack_len--;
    m->last_rule = CCM_R_CASE2_DEFAULT;
    m->steps++;
}
