/* fuzz_front.c -- a libFuzzer target for the front end and, through it, the
 * whole pipeline (`make fuzz-front DURATION=...`, built with clang).
 *
 * For any input bytes:
 *   - front_parse / front_check / front_load never crash (ASan+UBSan watch);
 *   - a program that passes the checks prints (front_print_core) to a text
 *     that parses, checks and prints back to the very same text;
 *   - and, when it is small, the properties of check.h hold for it (on a
 *     thread with a big stack, since the big-step evaluator recurses).
 * A violated property aborts, so libFuzzer saves the input. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../front/front.h"

static char *print(const struct ast_program *p, size_t *len)
{
    char *buf = front_core_text(p, len);
    if (!buf) abort();
    return buf;
}

struct job { const char *text; size_t len; struct verdict v; };

static void *run_props(void *arg)
{
    static struct checker *C;            /* libFuzzer runs inputs one at a time */
    struct job *j = arg;
    if (!C) C = checker_new();
    check_program(C, j->text, j->len, PROP_ALL, &j->v);
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct ast_program p;
    struct front_diag err;
    if (front_parse("fuzz.lam", (const char *)data, size, &p, &err) != 0) return 0;
    if (front_check("fuzz.lam", &p, &err) != 0) { ast_free(&p); return 0; }
    size_t len1, len2;
    char *t1 = print(&p, &len1);
    ast_free(&p);
    struct ast_program q;
    if (front_parse("core.lam", t1, len1, &q, &err) != 0 || front_check("core.lam", &q, &err) != 0) {
        fprintf(stderr, "printed core does not parse/check: %s\n%s\n", err.text, t1);
        abort();
    }
    char *t2 = print(&q, &len2);
    ast_free(&q);
    if (len1 != len2 || memcmp(t1, t2, len1) != 0) {
        fprintf(stderr, "core printing is not a fixed point:\n%s\n---\n%s\n", t1, t2);
        abort();
    }
    if (len1 < 4000) {
        struct job j = { t1, len1, { 0 } };
        pthread_attr_t a;
        pthread_t t;
        pthread_attr_init(&a);
        pthread_attr_setstacksize(&a, (size_t)512 << 20);
        if (pthread_create(&t, &a, run_props, &j) != 0) abort();
        pthread_join(t, NULL);
        pthread_attr_destroy(&a);
        if (j.v.failed && strcmp(j.v.prop, "gen") != 0) {
            fprintf(stderr, "property %s failed: %s\n%s\n--- program:\n%s\n", j.v.prop, j.v.how,
                    j.v.msg, t1);
            abort();
        }
    }
    free(t1);
    free(t2);
    return 0;
}
