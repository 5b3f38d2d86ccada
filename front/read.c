/* read.c -- read a whole file (or standard input for "-"), parse (program
 * text or JSON core), check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "front_internal.h"

/* The whole stream into a malloc'd buffer; NULL on failure (errno kept). */
static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    for (;;) {
        if (n == cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) { free(buf); return NULL; }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) { free(buf); return NULL; }
            break;
        }
    }
    *len = n;
    return buf;
}

char *front_read_text(const char *path, size_t *len, struct front_diag *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err->text, sizeof err->text, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    char *text = slurp(f, len);
    int saved = errno;
    if (!is_stdin) fclose(f);
    if (!text)
        snprintf(err->text, sizeof err->text, "%s: cannot read: %s", is_stdin ? "<stdin>" : path, strerror(saved));
    return text;
}

int front_read_with(const char *path, front_parse_fn *parse, struct ast_program *out, struct front_diag *err)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    char *text = front_read_text(path, &len, err);
    if (!text) return -1;
    int rc = parse(name, text, len, out, err);
    free(text);
    if (rc == 0 && front_check(name, out, err) != 0) {
        ast_free(out);
        rc = -1;
    }
    return rc;
}

int front_read_program(const char *path, struct ast_program *out, struct front_diag *err)
{
    return front_read_with(path, front_parse, out, err);
}
