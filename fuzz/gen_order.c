/* gen_order.c -- structure-aware differential target, property 2: on the
 * program the input chooses (fuzz/gen_check.h), operands right to left
 * (2a) and early forcing of thunks (2b) leave the costs, value, returned
 * cost centre and final heap as the plain run has them. */
#include "gen_check.h"
#include "../props/check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_generated(data, size, PROP_2A | PROP_2B);
}
