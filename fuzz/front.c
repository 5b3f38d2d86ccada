/* fuzz_parser.c -- libFuzzer target for the front end: any bytes through
 * parse, check, load, kernel code check and the core printer; a program
 * that loads must print as core text that re-parses, re-checks and prints
 * the same again (the `ccm core` fixed point).  Build and run:
 *   make fuzz-run TARGET=front SECONDS=60   (docs/fuzzing.md)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../front/front.h"

static char *core_text(const struct ast_program *p, size_t *len)
{
    char *buf = front_core_text(p, len);
    if (!buf) abort();
    return buf;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    struct ast_program p;
    struct front_diag d;
    if (front_parse("f", (const char *)data, size, &p, &d) != 0) return 0;
    if (front_check("f", &p, &d) != 0) { ast_free(&p); return 0; }
    struct front_image img;
    if (front_load(&p, &img, &d) == 0) {
        if (!ccm_code_ok(img.code, img.ncode, img.ncc)) abort();   /* loader bug */
        front_image_free(&img);
    }
    size_t n1, n2;
    char *t1 = core_text(&p, &n1);
    struct ast_program q;
    if (front_parse("core", t1, n1, &q, &d) != 0 || front_check("core", &q, &d) != 0) {
        fprintf(stderr, "core text does not re-parse: %s\n%s\n", d.text, t1);
        abort();
    }
    char *t2 = core_text(&q, &n2);
    if (n1 != n2 || memcmp(t1, t2, n1) != 0) { fprintf(stderr, "not a fixed point\n%s\n%s\n", t1, t2); abort(); }
    free(t1); free(t2);
    ast_free(&q);
    ast_free(&p);
    return 0;
}
