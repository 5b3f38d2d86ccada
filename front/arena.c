/* arena.c -- the memory of one program: bump allocation in chunks, and
 * interned names (equal names are equal pointers). */
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "front_internal.h"

struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
};

struct ast_arena {
    struct chunk *chunks;
    /* open-addressing table of interned strings */
    const char **names;
    size_t names_cap, names_len;
};

struct ast_arena *arena_new(void)
{
    return calloc(1, sizeof(struct ast_arena));
}

void *arena_alloc(struct ast_arena *a, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (size == 0) size = sizeof(max_align_t);
    struct chunk *c = a->chunks;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > (1u << 16) ? size : (1u << 16);
        c = malloc(sizeof *c + cap);
        if (!c) return NULL;
        c->next = a->chunks;
        c->used = 0;
        c->cap = cap;
        a->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

static size_t hash_bytes(const char *s, size_t len)
{
    size_t h = 1469598103934665603u;
    for (size_t i = 0; i < len; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211u; }
    return h;
}

static int grow_names(struct ast_arena *a)
{
    size_t cap = a->names_cap ? a->names_cap * 2 : 256;
    const char **t = calloc(cap, sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < a->names_cap; i++) {
        const char *s = a->names[i];
        if (!s) continue;
        size_t h = hash_bytes(s, strlen(s)) & (cap - 1);
        while (t[h]) h = (h + 1) & (cap - 1);
        t[h] = s;
    }
    free(a->names);
    a->names = t;
    a->names_cap = cap;
    return 0;
}

const char *arena_intern(struct ast_arena *a, const char *s, size_t len)
{
    if (a->names_len * 2 >= a->names_cap && grow_names(a) != 0) return NULL;
    size_t h = hash_bytes(s, len) & (a->names_cap - 1);
    while (a->names[h]) {
        const char *n = a->names[h];
        if (strncmp(n, s, len) == 0 && n[len] == '\0') return n;
        h = (h + 1) & (a->names_cap - 1);
    }
    char *copy = arena_alloc(a, len + 1);
    if (!copy) return NULL;
    memcpy(copy, s, len);
    copy[len] = '\0';
    a->names[h] = copy;
    a->names_len++;
    return copy;
}

void ast_free(struct ast_program *p)
{
    if (!p || !p->arena) return;
    struct chunk *c = p->arena->chunks;
    while (c) { struct chunk *n = c->next; free(c); c = n; }
    free(p->arena->names);
    free(p->arena);
    p->arena = NULL;
    p->binds = NULL;
    p->nbinds = 0;
    p->jpaths = NULL;       /* JSON path entries live in the arena too */
    p->njpaths = 0;
}

const char *ast_op_text(enum ast_op op)
{
    static const char *const text[] = { "+", "-", "*", "/", "%", "==", "/=", "<", "<=", ">", ">=" };
    return (unsigned)op < sizeof text / sizeof text[0] ? text[op] : "?";
}
