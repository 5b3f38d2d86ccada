/* names.c -- a small string -> int map (open addressing), for the checker's
 * and loader's symbol tables.  Keys are compared by content, so trees built
 * without the arena's interning work too. */
#include <stdlib.h>
#include <string.h>
#include "front_internal.h"

static size_t hash_str(const char *s)
{
    size_t h = 1469598103934665603u;
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 1099511628211u; }
    return h;
}

void name_map_init(struct name_map *m) { memset(m, 0, sizeof *m); }

void name_map_free(struct name_map *m)
{
    free(m->keys);
    free(m->vals);
    name_map_init(m);
}

static size_t slot(const struct name_map *m, const char *key)
{
    size_t h = hash_str(key) & (m->cap - 1);
    while (m->keys[h] && m->keys[h] != key && strcmp(m->keys[h], key) != 0)
        h = (h + 1) & (m->cap - 1);
    return h;
}

int name_map_get(const struct name_map *m, const char *key, int *val)
{
    if (m->cap == 0) return 0;
    size_t h = slot(m, key);
    if (!m->keys[h]) return 0;
    *val = m->vals[h];
    return 1;
}

int name_map_put(struct name_map *m, const char *key, int val)
{
    if ((m->len + 1) * 2 > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        struct name_map n = { calloc(cap, sizeof(char *)), calloc(cap, sizeof(int)), cap, 0 };
        if (!n.keys || !n.vals) { free(n.keys); free(n.vals); return -1; }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t h = slot(&n, m->keys[i]);
                n.keys[h] = m->keys[i];
                n.vals[h] = m->vals[i];
                n.len++;
            }
        free(m->keys);
        free(m->vals);
        *m = n;
    }
    size_t h = slot(m, key);
    if (!m->keys[h]) { m->keys[h] = key; m->len++; }
    m->vals[h] = val;
    return 0;
}
