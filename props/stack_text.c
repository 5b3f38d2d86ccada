/* stack_text.c -- see stack_text.h. */
#include "stack_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstep.h"

const char *stack_text(struct stack_text *t, const struct bs *S, int32_t s)
{
    size_t len = 1;
    for (int32_t n = s; n >= 0; n = bs_node_parent(S, n))
        len += strlen(bs_cc_name(S, bs_node_cc(S, n))) + 3;
    if (len > t->cap) {
        t->cap = 2 * len;
        t->buf = realloc(t->buf, t->cap);
        if (!t->buf) { fprintf(stderr, "stack_text: out of memory\n"); exit(3); }
    }
    /* filled from the end: the walk goes from the top to the root */
    size_t at = len - 1;
    t->buf[at] = 0;
    for (int32_t n = s; n >= 0; n = bs_node_parent(S, n)) {
        const char *name = bs_cc_name(S, bs_node_cc(S, n));
        size_t k = strlen(name);
        if (at < len - 1) t->buf[--at] = ' ';
        t->buf[--at] = '"';
        at -= k;
        memcpy(t->buf + at, name, k);
        t->buf[--at] = '"';
    }
    return t->buf + at;
}
