/* init_run.c -- a whole run from a program: ccm_init then ccm_run.  It adds
 * nothing to either; it is here so that the proof covers their chaining
 * (ccm_init's postcondition is ccm_run's precondition).  Contract in ccm.h. */
#include "kernel_internal.h"

int ccm_init_run(struct ccm_machine *m, const struct ccm_program *p)
{
    int st = ccm_init(m, p);
    if (st != CCM_RUNNING) return st;
    return ccm_run(m);
}
