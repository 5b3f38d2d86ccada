/* embed.c -- embedding the cost-centre machine in a C program.
 *
 * Uses only the public headers (build/include/lib/ccmlib.h, which includes
 * kernel/ccm.h) and build/libccm.a:
 *
 *     cc -std=c11 -Ibuild/include examples/embed.c build/libccm.a -o embed
 *
 * It loads a program from a string, runs it twice -- once with room to
 * finish, once with a step budget too small -- and prints, for each run,
 * the outcome, the value, the steps and every counter of every cost centre.
 * tests/examples/embed.sh checks the output against hand-derived numbers.
 */
#include <stdio.h>
#include <string.h>
#include "lib/ccmlib.h"

/* docs/semantics.md section 7: 9 transitions. */
static const char program[] =
    "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";

static const char *const counter_names[CCM_NCOUNTERS] = {
    "A", "C", "V", "U", "H", "P", "entries", "subentries"
};

static int run_with_budget(uint64_t max_steps)
{
    struct ccm_options opt;
    ccm_options_default(&opt);
    opt.max_steps = max_steps;            /* the step budget */
    opt.max_heap = 1024;                  /* small arrays: this program is tiny */
    opt.max_cells = 1024;
    opt.max_stack = 256;

    char err[512];
    struct ccm_session *s = ccm_session_from_text("embedded.lam", program, strlen(program),
                                                  &opt, err, sizeof err);
    if (!s) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int status = ccm_session_run(s);
    const struct ccm_machine *m = ccm_session_machine(s);

    char value[128];
    printf("budget %llu: status %s, steps %llu",
           (unsigned long long)max_steps, ccm_status_kind(status), (unsigned long long)m->steps);
    if (status == CCM_VALUE)
        printf(", value %s, returned %s", ccm_session_value(s, value, sizeof value),
               ccm_session_cc_name(s, m->ccc));
    printf("\n");

    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) {
        uint64_t total = 0;
        for (int k = 0; k < CCM_NCOUNTERS; k++) total += ccm_session_cost(s, cc, k);
        if (total == 0) continue;         /* only cost centres that were charged */
        printf("  %s", ccm_session_cc_name(s, cc));
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            printf(" %s=%llu", counter_names[k], (unsigned long long)ccm_session_cost(s, cc, k));
        printf("\n");
    }
    ccm_session_free(s);
    return 0;
}

int main(void)
{
    int rc = run_with_budget(1000);       /* enough: the run reaches its value */
    if (rc == 0) rc = run_with_budget(5); /* refused at the 6th transition (var3 f) */
    return rc;
}
