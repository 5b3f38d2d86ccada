/* pages.c -- the memory of the machine's heap, cell and stack arrays.
 *
 * A run touches its arrays' fresh pages once each, and with 4 KiB pages
 * the page faults on them were about a fifth of a whole `ccm run` of nfib
 * (docs/examples.md, "Benchmarks").  So on Linux an array of PAGES_BIG
 * bytes or more is a mapping of its own, aligned to 2 MiB and advised
 * MADV_HUGEPAGE (transparent huge pages: one fault per 2 MiB), and it grows
 * by mremap -- in place, or moved to another 2 MiB-aligned place, never
 * copied (realloc's mremap would move it to an unaligned place and split
 * its huge pages).  Smaller arrays, and other systems: malloc and realloc.
 * The advice is only advice: with THP "never" the pages stay small. */
#define _GNU_SOURCE             /* mremap, MREMAP_FIXED, MADV_HUGEPAGE */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pages.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MREMAP_FIXED)

#define HUGE_PAGE ((size_t)2 << 20)
#define PAGES_BIG ((size_t)4 << 20)

static size_t whole(size_t bytes) { return (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1); }

/* A mapping of n bytes (a multiple of HUGE_PAGE) aligned to HUGE_PAGE:
 * mapped with room to spare, the spare parts unmapped. */
static char *aligned_map(size_t n, int prot)
{
    if (n > SIZE_MAX - HUGE_PAGE) return NULL;
    char *p = mmap(NULL, n + HUGE_PAGE, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (a > p) munmap(p, (size_t)(a - p));
    if (a + n < p + n + HUGE_PAGE) munmap(a + n, (size_t)(p + n + HUGE_PAGE - (a + n)));
    return a;
}

void *pages_grow(void *old, size_t old_bytes, size_t bytes)
{
    if (bytes < PAGES_BIG) return realloc(old, bytes);
    if (bytes > SIZE_MAX - HUGE_PAGE) return NULL;
    size_t n = whole(bytes);
    if (old && old_bytes >= PAGES_BIG) {
        size_t o = whole(old_bytes);
        if (n <= o) return old;
        void *p = mremap(old, o, n, 0);                 /* in place */
        if (p == MAP_FAILED) {
            char *to = aligned_map(n, PROT_NONE);       /* a place to move to */
            if (!to) return NULL;
            p = mremap(old, o, n, MREMAP_MAYMOVE | MREMAP_FIXED, to);
            if (p == MAP_FAILED) { munmap(to, n); return NULL; }
        }
        (void)madvise(p, n, MADV_HUGEPAGE);
        return p;
    }
    char *p = aligned_map(n, PROT_READ | PROT_WRITE);
    if (!p) return NULL;
    (void)madvise(p, n, MADV_HUGEPAGE);
    if (old) {
        memcpy(p, old, old_bytes);
        free(old);
    }
    return p;
}

void pages_free(void *p, size_t bytes)
{
    if (!p) return;
    if (bytes >= PAGES_BIG) munmap(p, whole(bytes));
    else free(p);
}

#else

void *pages_grow(void *old, size_t old_bytes, size_t bytes)
{
    (void)old_bytes;
    return realloc(old, bytes);
}

void pages_free(void *p, size_t bytes)
{
    (void)bytes;
    free(p);
}

#endif

/* The new entries are not cleared: the kernel reads nothing at or above a
 * fill, and a fill never exceeds the old room. */
int pages_room(void **arr, int32_t *cap, int32_t n, size_t size)
{
    if (*cap >= n) return 0;
    if ((size_t)n > SIZE_MAX / size) return -1;
    void *p = pages_grow(*arr, (size_t)*cap * size, (size_t)n * size);
    if (!p) return -1;
    *arr = p;
    *cap = n;
    return 0;
}
