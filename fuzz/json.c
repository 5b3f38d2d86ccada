/* fuzz_json.c -- libFuzzer target for the JSON core reader: any bytes
 * through front_json_parse, the checker, the loader and the kernel's code
 * check, never a crash; a program that checks must print as JSON core
 * (front_print_core_json) that reads back, checks, and prints the same
 * again, and its core text must equal the text core of what was read.
 * Build and run:  make fuzz-run TARGET=json SECONDS=60  (docs/fuzzing.md) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../front/front.h"

static char *json_text(const struct ast_program *p, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f || front_print_core_json(f, p) != 0 || fclose(f) != 0) abort();
    return buf;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    struct ast_program p, q;
    struct front_diag d;
    if (front_json_parse("f", (const char *)data, size, &p, &d) != 0) return 0;
    if (front_check("f", &p, &d) != 0) { ast_free(&p); return 0; }
    struct front_image img;
    if (front_load(&p, &img, &d) == 0) {
        if (!ccm_code_ok(img.code, img.ncode, img.ncc)) abort();   /* loader bug */
        front_image_free(&img);
    }
    size_t n1, n2, c1, c2;
    char *j1 = json_text(&p, &n1);
    if (front_json_parse("again", j1, n1, &q, &d) != 0 || front_check("again", &q, &d) != 0) {
        fprintf(stderr, "printed JSON core does not read back: %s\n%s\n", d.text, j1);
        abort();
    }
    char *j2 = json_text(&q, &n2);
    if (n1 != n2 || memcmp(j1, j2, n1) != 0) { fprintf(stderr, "not a fixed point\n%s\n%s\n", j1, j2); abort(); }
    char *t1 = front_core_text(&p, &c1), *t2 = front_core_text(&q, &c2);
    if (!t1 || !t2 || c1 != c2 || memcmp(t1, t2, c1) != 0) abort();
    free(j1); free(j2); free(t1); free(t2);
    ast_free(&q);
    ast_free(&p);
    return 0;
}
