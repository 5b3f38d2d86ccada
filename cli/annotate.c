/* annotate.c -- `ccm annotate FILE [--html OUT]`: the source listed with,
 * under each line, the expressions on it that were charged and their counts
 * per cost centre (like gcov's annotated listing), then the report; or the
 * same as one self-contained HTML page (annotate_html.c).  The counts come
 * from observe.c, grouped here by node. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "annotate.h"

static int by_place(const void *x, const void *y)
{
    const struct mark *a = x, *b = y;
    if (a->pos.line != b->pos.line) return a->pos.line < b->pos.line ? -1 : 1;
    if (a->pos.col != b->pos.col) return a->pos.col < b->pos.col ? -1 : 1;
    if (a->node != b->node) return a->node < b->node ? -1 : 1;
    if (a->cc != b->cc) return a->cc < b->cc ? -1 : 1;
    return a->counter - b->counter;
}

/* The charges summed per (node, cost centre, counter), sorted by place. */
static struct mark *collect(const struct ccm_session *s, const struct observation *o, size_t *n)
{
    struct mark *m = malloc((o->n ? o->n : 1) * sizeof *m);
    if (!m) return NULL;
    for (size_t i = 0; i < o->n; i++)
        m[i] = (struct mark){ observe_pos(s, o->v[i].node), o->v[i].node, o->v[i].cc, o->v[i].counter, o->v[i].count };
    qsort(m, o->n, sizeof *m, by_place);
    size_t k = 0;                                    /* merge equal keys (rules differ) */
    for (size_t i = 0; i < o->n; i++) {
        if (k && m[k - 1].node == m[i].node && m[k - 1].cc == m[i].cc && m[k - 1].counter == m[i].counter)
            m[k - 1].count += m[i].count;
        else m[k++] = m[i];
    }
    *n = k;
    return m;
}

/* The whole input, standard input for "-". */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) { free(buf); buf = NULL; break; }
            buf = b;
            cap *= 2;
        }
    }
    if (f != stdin) fclose(f);
    if (buf) { buf[n] = '\0'; *len = n; }
    return buf;
}

/* The start of each line of text (lines[i] is line i + 1). */
static const char **split_lines(const char *text, size_t len, int *nlines)
{
    int n = 1;
    for (size_t i = 0; i < len; i++) n += text[i] == '\n';
    const char **v = malloc((size_t)n * sizeof *v);
    if (!v) return NULL;
    int k = 0;
    v[k++] = text;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n' && k < n) v[k++] = text + i + 1;
    *nlines = n;
    return v;
}

size_t annotate_line_len(const struct listing *L, int i)
{
    const char *end = i + 1 < L->nlines ? L->lines[i + 1] - 1 : L->text + L->len;
    size_t n = (size_t)(end - L->lines[i]);
    if (n && L->lines[i][n - 1] == '\r') n--;
    return n;
}

/* One annotation: a caret under the expression's column (tabs kept so it
 * lines up), its excerpt, then each cost centre's non-zero counters. */
static size_t print_mark_line(FILE *out, const struct listing *L, const struct mark *m, size_t i)
{
    char at[16], src[128];
    observe_where(L->s, "", m[i].node, at, sizeof at, src, sizeof src);
    fputs("       | ", out);
    if (m[i].pos.line >= 1 && m[i].pos.line <= L->nlines) {
        const char *ln = L->lines[m[i].pos.line - 1];
        size_t len = annotate_line_len(L, m[i].pos.line - 1);
        for (int c = 1; c < m[i].pos.col && (size_t)(c - 1) < len; c++) fputc(ln[c - 1] == '\t' ? '\t' : ' ', out);
    }
    fprintf(out, "^ %s  ", src);
    size_t j = i;
    int32_t cc = -1;
    for (; j < L->nmarks && m[j].node == m[i].node; j++) {
        if (m[j].cc != cc) {
            fprintf(out, "%s%s", cc >= 0 ? "; " : "", ccm_session_cc_name(L->s, m[j].cc));
            cc = m[j].cc;
        }
        fprintf(out, " %s%" PRIu64, observe_counter_names[m[j].counter], m[j].count);
    }
    fputc('\n', out);
    return j;
}

static void print_text(FILE *out, const struct listing *L, const char *file, int st)
{
    size_t k = 0;
    while (k < L->nmarks && L->marks[k].pos.line < 1) k = print_mark_line(out, L, L->marks, k);
    for (int i = 0; i < L->nlines; i++) {
        if (i + 1 == L->nlines && annotate_line_len(L, i) == 0) break;   /* after the last newline */
        fprintf(out, "%6d | %.*s\n", i + 1, (int)annotate_line_len(L, i), L->lines[i]);
        while (k < L->nmarks && L->marks[k].pos.line == i + 1) k = print_mark_line(out, L, L->marks, k);
    }
    fputc('\n', out);
    report_table(out, file, L->s, st);
}

int cmd_annotate(const char *file, const struct ccm_options *opt, const char *html)
{
    struct listing L = { 0 };
    const char *name = strcmp(file, "-") == 0 ? "<stdin>" : file;
    char err[1100];
    L.text = read_all(file, &L.len);
    if (!L.text) { fprintf(stderr, "%s: cannot read\n", name); return 2; }
    L.s = ccm_session_from_text(name, L.text, L.len, opt, err, sizeof err);
    if (!L.s) { fprintf(stderr, "%s\n", err); free(L.text); return 2; }
    struct observation o;
    int st = observe_run(L.s, &o), rc = 0;
    L.lines = split_lines(L.text, L.len, &L.nlines);
    L.marks = st >= 0 && o.complete ? collect(L.s, &o, &L.nmarks) : NULL;
    if (st < 0 || !L.lines || !L.marks) {
        fprintf(stderr, "ccm: %s\n", st >= 0 && !o.complete ? "internal error: the charges do not add up to the counters"
                                                             : "out of memory while annotating");
        rc = 3;
    } else if (html) {
        FILE *f = fopen(html, "w");
        if (!f) { fprintf(stderr, "ccm: cannot write `%s`\n", html); rc = 2; }
        else {
            annotate_html(f, &L, name, st);
            if (fclose(f) != 0) { fprintf(stderr, "ccm: cannot write `%s`\n", html); rc = 2; }
        }
    } else print_text(stdout, &L, name, st);
    if (!rc && st != CCM_VALUE) {
        char buf[512];
        fprintf(stderr, "ccm: %s: %s\n", ccm_error_kind(st), ccm_session_error_message(L.s, st, buf, sizeof buf));
        rc = ccm_exit_status(st);
    }
    observe_free(&o);
    free(L.marks);
    free(L.lines);
    ccm_session_free(L.s);
    free(L.text);
    if (fflush(stdout) != 0) return 2;
    return rc;
}
