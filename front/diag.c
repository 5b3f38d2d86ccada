/* diag.c -- located diagnostics "FILE:LINE:COL: message", or, for a program
 * read from JSON core, "FILE:/json/path: message" (docs/core-json.md). */
#include <stdio.h>
#include <string.h>
#include "front_internal.h"

static void diag_v(struct front_diag *d, const char *file, const char *where,
                   const char *fmt, va_list ap)
{
    int n = snprintf(d->text, sizeof d->text, "%s:%s: ", file, where);
    if (n < 0 || (size_t)n >= sizeof d->text) return;
    vsnprintf(d->text + n, sizeof d->text - (size_t)n, fmt, ap);
}

void front_diag_set(struct front_diag *d, const char *file, struct ast_pos pos,
                    const char *fmt, ...)
{
    if (!d) return;
    char where[32];
    snprintf(where, sizeof where, "%d:%d", pos.line, pos.col);
    va_list ap;
    va_start(ap, fmt);
    diag_v(d, file, where, fmt, ap);
    va_end(ap);
}

/* The JSON path entry pos names, or NULL for a text position. */
static const struct ast_jpath *jpath_of(const struct ast_program *p, struct ast_pos pos, long *k)
{
    *k = -(long)pos.line - 1;
    if (!p || !p->jpaths || pos.line >= 0 || *k >= p->njpaths) return NULL;
    return &p->jpaths[*k];
}

/* The path of entry k, written backwards from the end of tmp (walking up
 * the parents); a path longer than tmp keeps its tail after "...". */
static const char *path_text(const struct ast_program *p, long k, char *tmp, size_t cap)
{
    size_t at = cap - 1;
    tmp[at] = '\0';
    for (int steps = 0; k >= 0 && k < p->njpaths && steps <= p->njpaths; steps++) {
        const struct ast_jpath *j = &p->jpaths[k];
        char seg[80];
        int n = j->index >= 0 ? snprintf(seg, sizeof seg, "/%s/%d", j->key, j->index)
                              : snprintf(seg, sizeof seg, "/%s", j->key);
        if (n < 0 || (size_t)n >= sizeof seg || (size_t)n + 3 > at) {
            memcpy(tmp + at - 3, "...", 3);
            return tmp + at - 3;
        }
        at -= (size_t)n;
        memcpy(tmp + at, seg, (size_t)n);
        k = j->parent;
    }
    return tmp + at;
}

const char *front_where(const struct ast_program *p, struct ast_pos pos, char *buf, size_t cap)
{
    long k;
    if (!jpath_of(p, pos, &k)) { snprintf(buf, cap, "%d:%d", pos.line, pos.col); return buf; }
    char tmp[300];
    snprintf(buf, cap, "%s", path_text(p, k, tmp, sizeof tmp));
    return buf;
}

void front_diag_at(struct front_diag *d, const char *file, const struct ast_program *p,
                   struct ast_pos pos, const char *fmt, ...)
{
    if (!d) return;
    char where[400];
    long k;
    const struct ast_jpath *j = jpath_of(p, pos, &k);
    front_where(p, pos, where, sizeof where);
    if (j && j->src.line > 0) {      /* the node's own source position, when the JSON gave one */
        size_t n = strlen(where);
        snprintf(where + n, sizeof where - n, " (source %d:%d)", j->src.line, j->src.col);
    }
    va_list ap;
    va_start(ap, fmt);
    diag_v(d, file, where, fmt, ap);
    va_end(ap);
}
