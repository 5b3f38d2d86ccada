/* names.c -- printable names of rules and statuses (no I/O: just strings). */
#include "ccm.h"

const char *ccm_rule_name(int rule)
{
    static const char *const names[CCM_NRULES] = {
        "none", "app1", "app2", "var1", "var2", "var3", "let",
        "case1", "case2", "case2", "scc", "scc_sub",
        "prim1", "prim2", "prim3", "force", "resume", "call"
    };
    return rule >= 0 && rule < CCM_NRULES ? names[rule] : "?";
}

const char *ccm_status_kind(int status)
{
    static const char *const kinds[CCM_NSTATUS] = {
        "running", "value", "not_a_function", "no_alternative", "type_error",
        "black_hole", "division_by_zero", "overflow", "bad_code",
        "steps", "heap", "stack"
    };
    return status >= 0 && status < CCM_NSTATUS ? kinds[status] : "?";
}
