/* main.c -- build/ccm-gen: print the generated program for a seed and size.
 *   ccm-gen --seed N [--size K] [--surface]   (default size GEN_DEFAULT_SIZE)
 *   ccm-gen --bytes FILE [--surface]          the program a fuzzer input chooses
 * --surface: the same program in the surface language (gen/sugar.h).
 * --bytes: FILE's bytes are the choices (gen_tree_bytes), as the
 * structure-aware fuzz targets (fuzz/) read their input. */
#include "gen.h"
#include "tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: ccm-gen --seed N [--size K] [--surface]\n"
                    "       ccm-gen --bytes FILE [--surface]\n");
    return 2;
}

static int number(const char *s, unsigned long long *out)
{
    char *end;
    if (!s || !*s) return 0;
    *out = strtoull(s, &end, 10);
    return *end == 0;
}

/* The whole of path, malloc'd (*n bytes); NULL with a message on failure. */
static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "ccm-gen: cannot open %s\n", path); return NULL; }
    size_t cap = 4096;
    uint8_t *buf = malloc(cap);
    *n = 0;
    for (size_t got; buf; *n += got) {
        if (*n == cap) {
            uint8_t *p = realloc(buf, cap *= 2);
            if (!p) { free(buf); buf = NULL; break; }
            buf = p;
        }
        got = fread(buf + *n, 1, cap - *n, f);
        if (got == 0) break;
    }
    if (!buf || ferror(f)) { fprintf(stderr, "ccm-gen: cannot read %s\n", path); free(buf); buf = NULL; }
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    unsigned long long seed = 0, size = GEN_DEFAULT_SIZE;
    int have_seed = 0, surface = 0, have_size = 0;
    const char *bytes_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!number(argv[++i], &seed)) return usage();
            have_seed = 1;
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (!number(argv[++i], &size) || size < 1 || size > 40) return usage();
            have_size = 1;
        } else if (strcmp(argv[i], "--bytes") == 0 && i + 1 < argc) {
            bytes_path = argv[++i];
        } else if (strcmp(argv[i], "--surface") == 0) {
            surface = 1;
        } else {
            return usage();
        }
    }
    if (have_seed == (bytes_path != NULL) || (bytes_path && have_size)) return usage();
    size_t len;
    char *text;
    if (bytes_path) {
        size_t n;
        uint8_t *in = slurp(bytes_path, &n);
        if (!in) return 2;
        struct gtree *t = gen_tree_bytes(in, n, NULL);
        free(in);
        text = surface ? gtree_print_surface(t, &len) : gtree_print(t, &len);
        gtree_free(t);
        printf("-- ccm-gen --bytes %s\n", bytes_path);
        fwrite(text, 1, len, stdout);
        free(text);
        return 0;
    }
    if (surface) {
        struct gtree *t = gen_tree(seed, (int)size, NULL);
        text = gtree_print_surface(t, &len);
        gtree_free(t);
    } else {
        text = gen_program(seed, (int)size, &len, NULL);
    }
    printf("-- ccm-gen --seed %llu --size %llu\n", seed, size);
    fwrite(text, 1, len, stdout);
    free(text);
    return 0;
}
