/* annotate_html.c -- `ccm annotate --html OUT`: one self-contained page
 * (inline style and script, nothing fetched): the cost centres with their
 * counters and a bar for each one's share, then the source with each
 * charged expression's counts under its line.  Every count is also an
 * attribute (data-cc, data-counter, data-count), and a small script adds
 * the listing's counts up per cost centre and counter and says whether they
 * equal the table's -- a check a reader (or a test in a browser) can see. */
#include <inttypes.h>
#include <string.h>
#include "annotate.h"

static void esc(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '&') fputs("&amp;", out);
        else if (c == '<') fputs("&lt;", out);
        else if (c == '>') fputs("&gt;", out);
        else if (c == '"') fputs("&quot;", out);
        else if (c < 0x20 && c != '\t') fprintf(out, "&#x%X;", 0x2400 + c);   /* control pictures */
        else fputc(c, out);
    }
}

static void esc_s(FILE *out, const char *s) { esc(out, s, strlen(s)); }

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
    "td,th{padding:2px 8px;text-align:right}td.name,th.name{text-align:left}"
    ".barbox{width:200px;background:#eee}.bar{height:10px;background:#3a6ea5}"
    "pre{background:#fafafa;padding:8px}.ln{color:#888}.ann{color:#7a3b00}"
    ".c{margin-left:6px}#selfcheck{font-weight:bold}";

/* The script: sums of the listing's data-count per cost centre and counter
 * against the table's cells. */
static const char script[] =
    "(function(){var sums={};"
    "document.querySelectorAll('#source .c').forEach(function(e){"
    "var k=e.dataset.cc+'\\u0000'+e.dataset.counter;sums[k]=(sums[k]||0)+Number(e.dataset.count);});"
    "var bad=0;document.querySelectorAll('#centres td.n').forEach(function(td){"
    "var k=td.parentNode.dataset.cc+'\\u0000'+td.dataset.counter;"
    "if((sums[k]||0)!==Number(td.textContent))bad++;});"
    "document.getElementById('selfcheck').textContent=bad?bad+' counters differ from the listing'"
    ":'the listing adds up to the table';})();";

static uint64_t counted(const struct ccm_session *s, int32_t cc)
{
    uint64_t t = 0;
    for (int k = CCM_A; k <= CCM_P; k++) t += ccm_session_cost(s, cc, k);
    return t;
}

static void centres(FILE *out, const struct ccm_session *s)
{
    uint64_t total = 0;
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) total += counted(s, cc);
    fputs("<table id=\"centres\"><tr><th class=\"name\">cost centre</th>", out);
    for (int k = 0; k < CCM_NCOUNTERS; k++) fprintf(out, "<th>%s</th>", observe_counter_names[k]);
    fputs("<th>share</th><th></th></tr>\n", out);
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++) {
        int any = cc == CCM_CC_MAIN;
        for (int k = 0; k < CCM_NCOUNTERS; k++) any |= ccm_session_cost(s, cc, k) != 0;
        if (!any) continue;
        fputs("<tr data-cc=\"", out);
        esc_s(out, ccm_session_cc_name(s, cc));
        fputs("\"><td class=\"name\">", out);
        esc_s(out, ccm_session_cc_name(s, cc));
        fputs("</td>", out);
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            fprintf(out, "<td class=\"n\" data-counter=\"%s\">%" PRIu64 "</td>", observe_counter_names[k],
                    ccm_session_cost(s, cc, k));
        /* the share in tenths of a percent, exact integer arithmetic */
        uint64_t permille = total ? (counted(s, cc) * 1000 + total / 2) / total : 0;
        fprintf(out, "<td>%" PRIu64 ".%" PRIu64 "%%</td><td><div class=\"barbox\"><div class=\"bar\" "
                "style=\"width:%" PRIu64 ".%" PRIu64 "%%\"></div></div></td></tr>\n",
                permille / 10, permille % 10, permille / 10, permille % 10);
    }
    fputs("</table>\n", out);
}

static size_t mark_line(FILE *out, const struct listing *L, size_t i)
{
    const struct mark *m = L->marks;
    char at[16], src[128];
    observe_where(L->s, "", m[i].node, at, sizeof at, src, sizeof src);
    fprintf(out, "<div class=\"ann\" data-at=\"%d:%d\">       %*s^ ", m[i].pos.line, m[i].pos.col,
            m[i].pos.col > 1 && m[i].pos.col < 1000 ? m[i].pos.col - 1 : 0, "");
    esc_s(out, src);
    size_t j = i;
    for (; j < L->nmarks && m[j].node == m[i].node; j++) {
        fputs(" <span class=\"c\" data-cc=\"", out);
        esc_s(out, ccm_session_cc_name(L->s, m[j].cc));
        fprintf(out, "\" data-counter=\"%s\" data-count=\"%" PRIu64 "\">", observe_counter_names[m[j].counter],
                m[j].count);
        esc_s(out, ccm_session_cc_name(L->s, m[j].cc));
        fprintf(out, " %s%" PRIu64 "</span>", observe_counter_names[m[j].counter], m[j].count);
    }
    fputs("</div>", out);
    return j;
}

void annotate_html(FILE *out, const struct listing *L, const char *file, int status)
{
    char buf[512];
    const struct ccm_options *o = ccm_session_options(L->s);
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ccm annotate ", out);
    esc_s(out, file);
    fprintf(out, "</title><style>%s</style></head><body>\n<h1>", style);
    esc_s(out, file);
    fprintf(out, "</h1>\n<p id=\"config\">rules %s, scoping %s; ", option_value(o, CCM_OPT_rules, 0),
            option_value(o, CCM_OPT_scoping, 0));
    if (status == CCM_VALUE) { fputs("value ", out); esc_s(out, ccm_session_value(L->s, buf, sizeof buf)); }
    else { fputs("stopped: ", out); esc_s(out, ccm_session_error_message(L->s, status, buf, sizeof buf)); }
    fprintf(out, "; <span id=\"steps\">%" PRIu64 "</span> steps</p>\n<h2>Cost centres</h2>\n",
            ccm_session_steps(L->s));
    centres(out, L->s);
    fputs("<p id=\"selfcheck\">(script not run)</p>\n<h2>Source</h2>\n<pre id=\"source\">", out);
    size_t k = 0;
    while (k < L->nmarks && L->marks[k].pos.line < 1) k = mark_line(out, L, k);
    for (int i = 0; i < L->nlines; i++) {
        if (i + 1 == L->nlines && annotate_line_len(L, i) == 0) break;
        fprintf(out, "<span class=\"ln\">%6d</span> ", i + 1);
        esc(out, L->lines[i], annotate_line_len(L, i));
        fputc('\n', out);
        while (k < L->nmarks && L->marks[k].pos.line == i + 1) k = mark_line(out, L, k);
    }
    fprintf(out, "</pre>\n<script>%s</script>\n</body></html>\n", script);
}
