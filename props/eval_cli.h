/* eval_cli.h -- `ccm-props --eval FILE [fig2] [evaluation] [rtl]`: the
 * big-step evaluator alone, for the hand-derived tests of props/hand/.
 * Prints "outcome K", "value V" and "returned_cc C" (after a value),
 * "steps N", and "cost CC A C V U H P entries subentries" for each cost
 * centre with a non-zero counter. */
#ifndef CCM_PROPS_EVAL_CLI_H
#define CCM_PROPS_EVAL_CLI_H

#include "bigstep.h"

/* argv[0] is "--eval".  Returns 0 (value), 1 (runtime error or budget),
 * 2 (a static error, "FILE:LINE:COL: message" on stderr), -1 (usage). */
int eval_cli(int argc, char **argv);

/* The lines above, for eval_stacks_cli.c too: "outcome K" with, after a
 * value, "value V" and "returned_cc C"; then "steps N" and the cost lines
 * (the flat counts: by top cost centre). */
void eval_print_outcome(const struct bs *S, struct bs_result r);
void eval_print_costs(const struct bs *S, struct bs_result r);

#endif
