/* gen_check.c -- see gen_check.h. */
#include <stdio.h>
#include <stdlib.h>

#include "gen_check.h"
#include "../gen/gen.h"
#include "../gen/tree.h"
#include "../props/bigstack.h"
#include "../props/check.h"

struct job { const struct gtree *t; unsigned mask; struct verdict v; };

/* On the big stack: the big-step evaluator recurses. */
static void *check(void *arg)
{
    static struct checker *C;            /* libFuzzer runs inputs one at a time */
    struct job *j = arg;
    if (!C) C = checker_new();
    check_generated(C, j->t, j->mask, &j->v);
    return NULL;
}

int fuzz_generated(const uint8_t *data, size_t size, unsigned mask)
{
    struct gtree *t = gen_tree_bytes(data, size, NULL);
    struct job j = { t, mask, { 0 } };
    on_big_stack(check, &j);
    if (j.v.failed) {
        size_t len;
        char *text = gtree_print(t, &len);
        fprintf(stderr, "property %s failed: %s\n%s\n--- program (.lam):\n%.*s\n", j.v.prop,
                j.v.how, j.v.msg, (int)len, text);
        free(text);
        abort();
    }
    gtree_free(t);
    return 0;
}
