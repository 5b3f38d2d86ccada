/* annotate.h -- what the text listing (annotate.c) and the HTML page
 * (annotate_html.c) of `ccm annotate` share. */
#ifndef CCM_CLI_ANNOTATE_H
#define CCM_CLI_ANNOTATE_H

#include "cli.h"
#include "observe.h"

/* One node's count of one counter of one cost centre (all rules summed). */
struct mark {
    struct ast_pos pos;
    int32_t node, cc, counter;
    uint64_t count;
};

struct listing {
    struct ccm_session *s;
    char *text; size_t len;                /* the source */
    const char **lines; int nlines;        /* lines[i]: start of line i + 1 */
    struct mark *marks; size_t nmarks;     /* sorted by line, column, node, cost centre */
};

/* Length of line i (0-based) without its newline (or carriage return). */
size_t annotate_line_len(const struct listing *L, int i);

/* The page: summary table with a bar per cost centre, then the listing. */
void annotate_html(FILE *out, const struct listing *L, const char *file, int status);

#endif
