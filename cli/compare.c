/* cli/compare.c -- `ccm compare FILE [--json]`: the program run under the
 * four configurations (fig6/fig2 x lexical/evaluation), one row per cost
 * centre and counter with the four values side by side, `*` where they
 * differ.  Each run is an ordinary session; nothing here touches a cost. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "../kernel/ccm.h"

/* Configuration i's name, "fig6/lexical", from the names of the table. */
static const char *cfg_name(int i, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/%s", ccm_option_value_name(CCM_OPT_rules, i < 2 ? CCM_RULES_FIG6 : CCM_RULES_FIG2, 0),
             ccm_option_value_name(CCM_OPT_scoping, i % 2 ? CCM_EVALUATION : CCM_LEXICAL, 0));
    return buf;
}
static const char *const ctr_names[CCM_NCOUNTERS] = { "A", "C", "V", "U", "H", "P", "entries", "subentries" };

int cmd_compare(const char *file, int json)
{
    struct ccm_session *s[4] = { 0 };
    int st[4], rc = 0;
    char err[1100];
    for (int i = 0; i < 4; i++) {
        struct ccm_options o;
        ccm_options_default(&o);
        o.rules = i < 2 ? CCM_RULES_FIG6 : CCM_RULES_FIG2;
        o.scoping = i % 2 ? CCM_EVALUATION : CCM_LEXICAL;
        s[i] = ccm_session_from_file(file, &o, err, sizeof err);
        if (!s[i]) {
            fprintf(stderr, "%s\n", err);
            for (int j = 0; j < i; j++) ccm_session_free(s[j]);
            return 2;
        }
        st[i] = ccm_session_run(s[i]);
        if (st[i] != CCM_VALUE && !rc) rc = ccm_exit_status(st[i]);
    }
    /* The cost centres are the same in all four images (same program). */
    int32_t ncc = ccm_session_ncc(s[0]);
    char name[64];
    if (json) {
        fputs("{\"configurations\":[", stdout);
        for (int i = 0; i < 4; i++) printf("%s\"%s\"", i ? "," : "", cfg_name(i, name, sizeof name));
        fputs("],\"steps\":[", stdout);
    } else {
        printf("%-24s %-10s", "cost centre", "counter");
        for (int i = 0; i < 4; i++) printf(" %15s", cfg_name(i, name, sizeof name));
        printf("\n%-24s %-10s", "(run)", "steps");
    }
    uint64_t steps[4];
    int sd = 0;
    for (int i = 0; i < 4; i++) {
        steps[i] = ccm_session_machine(s[i])->steps;
        if (steps[i] != steps[0]) sd = 1;
        if (json) printf("%s%" PRIu64, i ? "," : "", steps[i]);
        else printf(" %15" PRIu64, steps[i]);
    }
    if (json) fputs("],\"rows\":[", stdout);
    else printf("%s\n", sd ? "  *" : "");
    int first = 1;
    for (int32_t cc = 0; cc < ncc; cc++)
        for (int k = 0; k < CCM_NCOUNTERS; k++) {
            uint64_t v[4];
            int any = 0, differ = 0;
            for (int i = 0; i < 4; i++) {
                v[i] = ccm_session_cost(s[i], cc, k);
                any |= v[i] != 0;
                differ |= v[i] != v[0];
            }
            if (!any) continue;                  /* all four zero: no row */
            if (json) {
                printf("%s{\"cc\":", first ? "" : ",");
                json_put_string(stdout, ccm_session_cc_name(s[0], cc));
                printf(",\"counter\":\"%s\",\"values\":[%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "],\"differ\":%s}",
                       ctr_names[k], v[0], v[1], v[2], v[3], differ ? "true" : "false");
            } else {
                printf("%-24s %-10s", ccm_session_cc_name(s[0], cc), ctr_names[k]);
                for (int i = 0; i < 4; i++) printf(" %15" PRIu64, v[i]);
                printf("%s\n", differ ? "  *" : "");
            }
            first = 0;
        }
    if (json) fputs("]}\n", stdout);
    for (int i = 0; i < 4; i++) ccm_session_free(s[i]);
    if (fflush(stdout) != 0) return 2;
    return rc;
}
