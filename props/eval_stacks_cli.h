/* eval_stacks_cli.h -- `ccm-props --eval-stacks [OPTIONS] FILE`: the
 * big-step evaluator with cost-centre stacks alone (docs/stacks.md).
 *
 *   --stacks flat|ghc          flat: push single, call lexical (the default);
 *                              ghc: push ghc, call ghc
 *   --push single|append|ghc   --call lexical|evaluation|ghc   (after --stacks)
 *   --rules fig6|fig2          --order ltr|rtl
 *   --max-nodes N              cap on distinct stacks (default 2^20)
 *   --inherited                also the inherited counts
 *
 * Prints, one item a line: "outcome K"; after a value "value V",
 * "returned_cc C" and "returned_stack S"; "steps N"; "cost CC A C V U H P
 * entries subentries" for each cost centre with a non-zero counter (the
 * stacks summed by their top); "stack A C V U H P entries subentries S" for
 * each stack with a non-zero individual counter, sorted by S (byte order);
 * with --inherited, then "inherited A C V U H P entries subentries S", the
 * sums over S and every stack it is a prefix of, the same way.  A stack S is
 * its cost-centre names root first, each in double quotes, separated by
 * one space (a name holds no '"'). */
#ifndef CCM_PROPS_EVAL_STACKS_CLI_H
#define CCM_PROPS_EVAL_STACKS_CLI_H

/* argv[0] is "--eval-stacks".  Returns 0 (value), 1 (runtime error or a
 * budget, the stack table included), 2 (a static error, "FILE:LINE:COL:
 * message" on stderr), -1 (usage). */
int eval_stacks_cli(int argc, char **argv);

#endif
