/* cli/rulecount.c -- the per-rule histogram of `ccm run --rule-counts`:
 * how many transitions each row of the semantics fired, uncharged rows
 * included (a ghc call's pushes are not rows).  The counts come from
 * ccm_session_run_counted and sum to steps. */
#include <inttypes.h>
#include <stdio.h>
#include "cli.h"
#include "../kernel/ccm.h"

/* The kernel names case2 and its default row alike ("case2"); the
 * histogram keeps them apart, so a JSON key appears once. */
static const char *rule_label(int r)
{
    return r == CCM_R_CASE2_DEFAULT ? "case2_default" : ccm_rule_name(r);
}

/* Text: a short section after the cost table, every rule listed (zero too),
 * in the kernel's order. */
void rulecount_table(FILE *out, const uint64_t *counts)
{
    fputs("\ntransitions per rule\n", out);
    for (int r = CCM_R_NONE + 1; r < CCM_NROWS; r++)
        fprintf(out, "  %-14s %10" PRIu64 "\n", rule_label(r), counts[r]);
}

/* JSON: the member "rule_counts" (the member "rules" already names fig6 or
 * fig2), written after the report's last member, before its closing brace. */
void rulecount_json(FILE *out, const uint64_t *counts)
{
    fputs(",\"rule_counts\":{", out);
    for (int r = CCM_R_NONE + 1; r < CCM_NROWS; r++)
        fprintf(out, "%s\"%s\":%" PRIu64, r > CCM_R_NONE + 1 ? "," : "", rule_label(r), counts[r]);
    fputc('}', out);
}
