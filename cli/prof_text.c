/* prof_text.c -- the GHC .prof report (`ccm run --prof FILE`), laid out as
 * GHC 9's rts/ProfilerReport.c lays out `+RTS -P` (the verbose report, whose
 * ticks and bytes columns carry the exact integers): the same header lines,
 * the per-cost-centre table (each cost centre's ticks and bytes summed over
 * its nodes; rows above 1% of the ticks or the bytes, by ticks), then the
 * tree with one space of indent per level, at any depth, one row per node
 * of the tree of profile.h.  Column widths
 * follow the widest entry (in UTF-8 characters), as GHC's do, so readers
 * that cut columns at the header's offsets (inferno's collapse-ghcprof)
 * find every field under its header word.  Percentages are each row's own
 * integer ratio printed with one decimal, as GHC prints them: the
 * inherited integers add up exactly, their rounded percentages need not. */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "profile.h"

static int width_utf8(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x80 || *p > 0xBF) n++;
    return n;
}

static int digits(uint64_t v)
{
    int d = 1;
    while (v > 9) { v /= 10; d++; }
    return d;
}

static double pct(uint64_t part, uint64_t total)
{
    return total == 0 ? 0.0 : (double)part / (double)total * 100.0;
}

/* "7,882,920": GHC prints the total bytes with thousands separators. */
static void grouped(uint64_t v, char *buf, size_t cap)
{
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "%" PRIu64, v), o = 0;
    for (int i = 0; i < n && (size_t)o + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0) buf[o++] = ',';
        buf[o++] = tmp[i];
    }
    buf[o] = '\0';
}

/* text, then spaces up to `width` characters, then one space */
static void column(FILE *out, const char *text, int width)
{
    fputs(text, out);
    fprintf(out, "%*s ", width - width_utf8(text), "");
}

static int flat_table(FILE *out, const struct prof_tree *t)
{
    size_t cap = t->n > 0 ? (size_t)t->n : 1;
    int32_t *of = malloc(cap * sizeof *of), *first = malloc(cap * sizeof *first), ncc;
    int32_t *rows = malloc(cap * sizeof *rows), nrows = 0;
    uint64_t *sum = malloc(cap * 2 * sizeof *sum);      /* cost centre c: ticks sum[2c], bytes sum[2c+1] */
    if (!of || !first || !rows || !sum || (ncc = prof_tree_ccs(t, of, first)) < 0) {
        fputs("(out of memory)\n\n\n", out);
        free(of); free(first); free(rows); free(sum);
        return -1;
    }
    for (int32_t c = 0; c < ncc; c++) sum[2 * c] = sum[2 * c + 1] = 0;
    for (int32_t i = 0; i < t->n; i++) {
        sum[2 * of[i]] += t->node[i].ticks;
        sum[2 * of[i] + 1] += t->node[i].alloc;
    }
    int wl = 11, wm = 6, ws = 3;
    char name[256];
    for (int32_t c = 0; c < ncc; c++) {
        if (!(sum[2 * c] > t->total_ticks / 100 || sum[2 * c + 1] > t->total_alloc / 100)) continue;
        /* by ticks, most first; equal ticks keep the order of first nodes */
        int32_t j = nrows++;
        while (j > 0 && sum[2 * rows[j - 1]] < sum[2 * c]) { rows[j] = rows[j - 1]; j--; }
        rows[j] = c;
    }
    if (nrows == 0 && ncc > 0) rows[nrows++] = of[0];   /* nothing above 1%: the root (MAIN), so that the table has a row */
    for (int32_t r = 0; r < nrows; r++) {
        const struct prof_node *n = &t->node[first[rows[r]]];
        prof_plain_name(n->label, name, sizeof name);
        if (width_utf8(name) > wl) wl = width_utf8(name);
        if (width_utf8(n->module) > wm) wm = width_utf8(n->module);
        if (width_utf8(n->src) > ws) ws = width_utf8(n->src);
    }
    fprintf(out, "%-*s %-*s %-*s %6s %6s  %5s %9s\n\n", wl, "COST CENTRE", wm, "MODULE", ws, "SRC",
            "%time", "%alloc", "ticks", "bytes");
    for (int32_t r = 0; r < nrows; r++) {
        const struct prof_node *n = &t->node[first[rows[r]]];
        uint64_t ticks = sum[2 * rows[r]], alloc = sum[2 * rows[r] + 1];
        prof_plain_name(n->label, name, sizeof name);
        column(out, name, wl);
        column(out, n->module, wm);
        fputs(n->src, out);
        fprintf(out, "%*s", ws - width_utf8(n->src), "");
        fprintf(out, " %6.1f %6.1f  %5" PRIu64 " %9" PRIu64 "\n",
                pct(ticks, t->total_ticks), pct(alloc, t->total_alloc), ticks, alloc);
    }
    fputs("\n\n", out);
    free(of); free(first); free(rows); free(sum);
    return 0;
}

static void tree_table(FILE *out, const struct prof_tree *t)
{
    int wl = 11, wm = 6, ws = 3, wi = 3;
    char name[256];
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        prof_plain_name(n->label, name, sizeof name);
        if (n->depth + width_utf8(name) > wl) wl = n->depth + width_utf8(name);
        if (width_utf8(n->module) > wm) wm = width_utf8(n->module);
        if (width_utf8(n->src) > ws) ws = width_utf8(n->src);
        if (digits((uint64_t)n->no) > wi) wi = digits((uint64_t)n->no);
    }
    fprintf(out, "%-*s %-*s %-*s %-*s %11s  %12s   %12s\n", wl, "", wm, "", ws, "", wi, "", "",
            "individual", "inherited");
    fprintf(out, "%-*s %-*s %-*s %-*s", wl, "COST CENTRE", wm, "MODULE", ws, "SRC", wi, "no.");
    fprintf(out, " %11s  %5s %6s   %5s %6s  %5s %9s\n\n", "entries", "%time", "%alloc", "%time", "%alloc",
            "ticks", "bytes");
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        prof_plain_name(n->label, name, sizeof name);
        fprintf(out, "%*s", n->depth, "");
        column(out, name, wl - n->depth);
        column(out, n->module, wm);
        fputs(n->src, out);
        fprintf(out, "%*s", ws - width_utf8(n->src), "");
        fprintf(out, " %*" PRId32 " %11" PRIu64 "  %5.1f  %5.1f   %5.1f  %5.1f  %5" PRIu64 " %9" PRIu64 "\n",
                wi, n->no, n->entries,
                pct(n->ticks, t->total_ticks), pct(n->alloc, t->total_alloc),
                pct(n->inh_ticks, t->total_ticks), pct(n->inh_alloc, t->total_alloc),
                n->ticks, n->alloc);
    }
}

int prof_write_text(FILE *out, const struct prof_tree *t)
{
    char date[64], bytes[40], prog[256];
    prof_date(date, sizeof date);
    grouped(t->total_alloc, bytes, sizeof bytes);
    prof_plain_name(t->program, prog, sizeof prog);
    fprintf(out, "\t%s Time and Allocation Profiling Report  (Final)\n\n", date);
    fprintf(out, "\t   %s +RTS -P -RTS\n\n", prog);
    /* one tick = one transition, counted as 1 ms (docs/profiles.md) */
    fprintf(out, "\ttotal time  = %11.2f secs   (%" PRIu64 " ticks @ %d us, %d processor%s)\n",
            (double)t->total_ticks / 1000.0, t->total_ticks, 1000, 1, "");
    fprintf(out, "\ttotal alloc = %11s bytes  (excludes profiling overheads)\n\n", bytes);
    int rc = flat_table(out, t);
    tree_table(out, t);
    return rc;
}
