/* pages.h -- the memory of the machine's heap, cell and stack arrays
 * (lib/session.c) and of the collector's scratch arrays (lib/gc.c): not
 * part of the public API. */
#ifndef CCM_PAGES_H
#define CCM_PAGES_H

#include <stddef.h>
#include <stdint.h>

/* *old (old_bytes, NULL for none) grown to bytes, its contents kept: the
 * new pointer, or NULL with *old as it was.  Free it with pages_free and
 * its size. */
void *pages_grow(void *old, size_t old_bytes, size_t bytes);
void pages_free(void *p, size_t bytes);
/* Give *arr (cap elements of size bytes) room for n, its contents kept
 * (pages_grow).  0, or -1 with *arr and *cap as they were. */
int pages_room(void **arr, int32_t *cap, int32_t n, size_t size);

#endif
