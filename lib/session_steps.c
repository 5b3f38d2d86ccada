/* session_steps.c -- the machine's registers a caller reads most, as plain
 * functions: bindings (python/ccm.py) need not mirror struct ccm_machine. */
#include "ccmlib.h"

uint64_t ccm_session_steps(struct ccm_session *s)
{
    return ccm_session_machine(s)->steps;
}

/* The current stack's top cost centre (push single: the stack is <cc>). */
int32_t ccm_session_current_cc(struct ccm_session *s)
{
    return ccm_session_stack_cc(s, ccm_session_current_stack(s));
}

int32_t ccm_session_current_stack(struct ccm_session *s)
{
    return ccm_session_machine(s)->ccc;
}
