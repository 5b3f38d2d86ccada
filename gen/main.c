/* main.c -- build/ccm-gen: print the generated program for a seed and size.
 *   ccm-gen --seed N [--size K] [--surface]   (default size GEN_DEFAULT_SIZE)
 * --surface: the same program in the surface language (gen/sugar.h). */
#include "gen.h"
#include "tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: ccm-gen --seed N [--size K] [--surface]\n");
    return 2;
}

static int number(const char *s, unsigned long long *out)
{
    char *end;
    if (!s || !*s) return 0;
    *out = strtoull(s, &end, 10);
    return *end == 0;
}

int main(int argc, char **argv)
{
    unsigned long long seed = 0, size = GEN_DEFAULT_SIZE;
    int have_seed = 0, surface = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!number(argv[++i], &seed)) return usage();
            have_seed = 1;
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (!number(argv[++i], &size) || size < 1 || size > 40) return usage();
        } else if (strcmp(argv[i], "--surface") == 0) {
            surface = 1;
        } else {
            return usage();
        }
    }
    if (!have_seed) return usage();
    size_t len;
    char *text;
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
