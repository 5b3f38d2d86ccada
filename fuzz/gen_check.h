/* gen_check.h -- what the structure-aware targets share: the input's bytes
 * choose a program through the generator (gen_tree_bytes: well scoped by
 * construction, never a text to parse), and the property checker of
 * props/check.h runs it; any failed property (or the front end rejecting a
 * generated program) aborts with the program as .lam, so libFuzzer saves
 * the input.  `build/ccm-gen --bytes INPUT` prints the same program. */
#ifndef CCM_FUZZ_GEN_CHECK_H
#define CCM_FUZZ_GEN_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* mask: PROP_* of props/check.h */
int fuzz_generated(const uint8_t *data, size_t size, unsigned mask);

#endif
