/* eval_cli.c -- see eval_cli.h. */
#include "eval_cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bigstack.h"
#include "bigstep.h"
#include "../front/front.h"
#include "../lib/options.h"

void eval_print_outcome(const struct bs *S, struct bs_result r)
{
    static const char *const st[] = { "value", "not_a_function", "no_alternative", "type_error",
        "black_hole", "division_by_zero", "overflow", "steps", "too_deep", "stacks" };
    printf("outcome %s\n", st[r.status]);
    if (r.status == BS_VALUE) {
        if (r.value->kind == AST_LIT) printf("value %" PRId64 "\n", r.value->lit);
        else if (r.value->kind == AST_CON) printf("value %s\n", r.value->name);
        else printf("value <function>\n");
        printf("returned_cc %s\n", bs_cc_name(S, r.cc));
    }
}

void eval_print_costs(const struct bs *S, struct bs_result r)
{
    printf("steps %" PRIu64 "\n", r.steps);
    for (int32_t c = 0; c < bs_ncc(S); c++) {
        uint64_t any = 0;
        for (int k = 0; k < BS_NCOUNTERS; k++) any |= bs_cost(S, c, k);
        if (!any) continue;
        printf("cost %s", bs_cc_name(S, c));
        for (int k = 0; k < BS_NCOUNTERS; k++) printf(" %" PRIu64, bs_cost(S, c, k));
        printf("\n");
    }
}

struct eval_job { const char *path; int rules, scoping, rtl, rc; };

static void *eval_main(void *arg)
{
    struct eval_job *j = arg;
    struct ast_program p;
    struct front_diag err;
    if (front_read_program(j->path, &p, &err) != 0) { fprintf(stderr, "%s\n", err.text); j->rc = 2; return NULL; }
    struct bs *S = bs_new();
    struct bs_result r = bs_eval_program(S, &p, j->rules, j->scoping, j->rtl, 1000000000ULL, 400000);
    eval_print_outcome(S, r);
    eval_print_costs(S, r);
    bs_free(S);
    ast_free(&p);
    j->rc = r.status == BS_VALUE ? 0 : 1;
    return NULL;
}

int eval_cli(int argc, char **argv)
{
    if (argc < 2) return -1;
    struct eval_job j = { argv[1], 0, 0, 0, 0 };
    /* each argument a value of one of the options table's named options */
    struct ccm_options o;
    ccm_options_default(&o);
    for (int i = 2; i < argc; i++) {
        int k = 0;
        char err[160];
        while (k < CCM_NOPTIONS && (ccm_option_info(k)->kind != CCM_OPTION_ENUM
                                    || ccm_option_arg(&o, k, argv[i], err, sizeof err) != 0))
            k++;
        if (k == CCM_NOPTIONS) return -1;
    }
    j.rules = o.rules;
    j.scoping = o.scoping;
    j.rtl = o.order == CCM_RIGHT_TO_LEFT;
    on_big_stack(eval_main, &j);
    return j.rc;
}
