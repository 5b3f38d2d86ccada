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

int32_t stacks_with_costs(const struct bs *S)
{
    int32_t count = 0;
    for (int32_t n = 0; n < bs_nnodes(S); n++) {
        int any = 0;
        for (int k = 0; k < BS_NCOUNTERS; k++) any |= bs_node_cost(S, n, k) != 0;
        count += any;
    }
    return count;
}

int32_t stacks_differ(const struct stack_side *a, const struct bs *B, int *k, uint64_t *want,
                      int32_t *costly)
{
    /* each node's image in B: B's node of its name under its parent's image */
    int32_t *img = malloc((size_t)(a->n > 0 ? a->n : 1) * sizeof *img), found = -1;
    if (!img) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    *costly = 0;
    for (int32_t i = 0; i < a->n && found == -1; i++) {
        int32_t p = a->parent(a->x, i);
        if (p >= i) { found = -2; break; }
        img[i] = p >= 0 && img[p] < 0 ? -1 : bs_node_find(B, p >= 0 ? img[p] : -1, a->name(a->x, i));
        int any = 0;
        for (int c = 0; c < BS_NCOUNTERS && found == -1; c++) {
            uint64_t got = a->cost(a->x, i, c), w = img[i] >= 0 ? bs_node_cost(B, img[i], c) : 0;
            any |= got != 0;
            if (got != w) { found = i; *k = c; *want = w; }
        }
        *costly += any;
    }
    free(img);
    return found;
}
