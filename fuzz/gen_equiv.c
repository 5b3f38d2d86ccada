/* gen_equiv.c -- structure-aware differential target, property 1: the
 * machine against the independent big-step evaluator (props/bigstep.c) on
 * the program the input chooses (fuzz/gen_check.h), every rule set,
 * scoping and operand order, step budgets at and below the run's length,
 * the session path; with the θ sanity check (3) and the round trip of the
 * printed text through the front end. */
#include "gen_check.h"
#include "../props/check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_generated(data, size, PROP_1 | PROP_3 | PROP_RT | PROP_EDGE);
}
