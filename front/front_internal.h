/* front_internal.h -- what the front end's units share (not public):
 * the arena, the name map, the nesting limit and diagnostics. */
#ifndef CCM_FRONT_INTERNAL_H
#define CCM_FRONT_INTERNAL_H

#include <stdarg.h>
#include "front.h"

/* ---- arena (arena.c): every node and string of a program ------------- */
struct ast_arena *arena_new(void);
void *arena_alloc(struct ast_arena *a, size_t size);          /* zeroed; NULL if out of memory */
const char *arena_intern(struct ast_arena *a, const char *s, size_t len);

/* ---- a map from strings to ints (names.c) --------------------------- */
struct name_map {
    const char **keys;
    int *vals;
    size_t cap, len;
};
void name_map_init(struct name_map *m);
void name_map_free(struct name_map *m);
int  name_map_get(const struct name_map *m, const char *key, int *val);  /* 1 if present */
int  name_map_put(struct name_map *m, const char *key, int val);         /* 0, or -1 out of memory */

/* ---- reading a file (read.c) ------------------------------------------ */
typedef int front_parse_fn(const char *file, const char *text, size_t len,
                           struct ast_program *out, struct front_diag *err);
/* Read path (or "-" for standard input), parse it with `parse`, check. */
int front_read_with(const char *path, front_parse_fn *parse, struct ast_program *out, struct front_diag *err);

/* ---- diagnostics (diag.c) ---------------------------------------------- */
void front_diag_set(struct front_diag *d, const char *file, struct ast_pos pos,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The same at a position of program p: "LINE:COL" for text, the JSON path
 * (and the node's source position, if it has one) for JSON core. */
void front_diag_at(struct front_diag *d, const char *file, const struct ast_program *p,
                   struct ast_pos pos, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Where pos is, as "LINE:COL" or as a JSON path; returns buf. */
const char *front_where(const struct ast_program *p, struct ast_pos pos, char *buf, size_t cap);

#endif
