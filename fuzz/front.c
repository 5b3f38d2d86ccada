/* fuzz/front.c -- libFuzzer target for the front end: any bytes through
 * parse, check, load, kernel code check and the core printer; a program
 * that loads must print as core text that re-parses, re-checks and prints
 * the same again (the `ccm core` fixed point).  Each automatic cost-centre
 * mode (docs/auto-cc.md) then wraps a copy: the result must load and pass
 * the code check, and the mode run again on its printed core must add
 * nothing; the bottleneck search's units (front_units) must name callees
 * in range.  Build and run:
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

static void parse_checked(const char *text, size_t n, struct ast_program *p)
{
    struct front_diag d;
    if (front_parse("core", text, n, p, &d) != 0 || front_check("core", p, &d) != 0) {
        fprintf(stderr, "core text does not re-parse: %s\n%s\n", d.text, text);
        abort();
    }
}

/* mode on a copy of core text t: loads, and is a fixed point of itself */
static void auto_cc(int mode, const char *t, size_t n)
{
    struct ast_program a, b;
    struct front_diag d;
    parse_checked(t, n, &a);
    if (front_auto_cc(&a, mode, NULL, 0, "core", &d) != 0) { ast_free(&a); return; }   /* too deep */
    struct front_image img;
    if (front_load(&a, &img, &d) == 0) {
        if (!ccm_code_ok(img.code, img.ncode, img.ncc)) abort();
        front_image_free(&img);
    }
    size_t n1, n2;
    char *t1 = core_text(&a, &n1);
    parse_checked(t1, n1, &b);
    if (front_auto_cc(&b, mode, NULL, 0, "core", &d) != 0) abort();
    char *t2 = core_text(&b, &n2);
    if (n1 != n2 || memcmp(t1, t2, n1) != 0) {
        fprintf(stderr, "--auto-cc mode %d twice adds more\n%s\n%s\n", mode, t1, t2);
        abort();
    }
    free(t1); free(t2);
    ast_free(&a); ast_free(&b);
}

static void units(const struct ast_program *p)
{
    struct front_units us;
    if (front_units(p, &us) != 0) return;   /* out of memory */
    for (int i = 0; i < us.n; i++)
        for (int k = 0; k < us.u[i].ncallees; k++)
            if (us.u[i].callees[k] < 0 || us.u[i].callees[k] >= us.n || us.u[i].callees[k] == i) abort();
    front_units_free(&us);
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
    parse_checked(t1, n1, &q);
    char *t2 = core_text(&q, &n2);
    if (n1 != n2 || memcmp(t1, t2, n1) != 0) { fprintf(stderr, "not a fixed point\n%s\n%s\n", t1, t2); abort(); }
    units(&p);
    for (int mode = FRONT_AUTO_TOP; mode <= FRONT_AUTO_CALLS; mode++) auto_cc(mode, t1, n1);
    free(t1); free(t2);
    ast_free(&q);
    ast_free(&p);
    return 0;
}
