/* diag.c -- located diagnostics "FILE:LINE:COL: message". */
#include <stdio.h>
#include "front_internal.h"

void front_diag_set(struct front_diag *d, const char *file, struct ast_pos pos,
                    const char *fmt, ...)
{
    if (!d) return;
    int n = snprintf(d->text, sizeof d->text, "%s:%d:%d: ", file, pos.line, pos.col);
    if (n < 0 || (size_t)n >= sizeof d->text) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->text + n, sizeof d->text - (size_t)n, fmt, ap);
    va_end(ap);
}
