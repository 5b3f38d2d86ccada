/* canon.h -- final heaps up to renaming of fresh names (property 1).
 *
 * Both sides are printed the same way by a walk that starts from the
 * top-level names (in program order) and the result value, and numbers
 * every heap name in order of discovery ($0, $1, ...).  A bound variable
 * prints as its de Bruijn position (@k) under the binder convention of
 * kernel/ccm.h (lambda: 1 name; let: its names in order, last newest; case
 * alternative: its pattern variables in order, last newest), so the
 * machine's closures (code + environment) and the big-step's substituted
 * expressions print identically exactly when the heaps are equal up to
 * renaming.  Each reachable object prints as "cc=expr"; the result as
 * "result cc=expr". */
#ifndef CCM_PROPS_CANON_H
#define CCM_PROPS_CANON_H

#include <stddef.h>
#include "machine.h"
#include "bigstep.h"

struct canon_buf { char *p; size_t n, cap; };

/* Append to out, a small printf: %s, %d, %ld, %lld and literal text. */
void canon_out(struct canon_buf *out, const char *fmt, ...);

void canon_machine(struct canon_buf *out, const struct ccm_machine *m,
                   const struct front_image *img);
void canon_bigstep(struct canon_buf *out, const struct bs *S, const struct bs_result *r);

#endif
