/* options.c -- `ccm options [--json|--markdown]`: the table of a run's
 * options (lib/options_table.h) as text, as the library's JSON (what
 * python/ccm.py reads), or as the rows of docs/syntax-and-cli.md's table
 * (tests/options/run.sh checks the docs against it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static int print_json(FILE *out)
{
    size_t n = ccm_options_table_json(NULL, 0);
    char *buf = malloc(n + 1);
    if (!buf) { fputs("ccm: out of memory\n", stderr); return 2; }
    ccm_options_table_json(buf, n + 1);
    fprintf(out, "%s\n", buf);
    free(buf);
    return 0;
}

/* One row of the docs' markdown table: | `--rules fig6\|fig2` | help | fig6 | */
static void print_markdown(FILE *out)
{
    fputs("| option | meaning | default |\n|---|---|---|\n", out);
    for (int k = 0; k < ccm_option_count(); k++) {
        const struct ccm_option_info *r = ccm_option_info(k);
        char syn[96], def[32], range[96];
        option_synopsis(k, syn, sizeof syn);
        fputs("| `", out);
        for (const char *p = syn; *p; p++) fputs(*p == '|' ? "\\|" : (char[2]){ *p, 0 }, out);
        fprintf(out, "` | %s", r->help);
        if (r->kind == CCM_OPTION_BUDGET) fprintf(out, ", %s", ccm_option_range_text(k, range, sizeof range));
        fprintf(out, " | %s |\n", option_default_text(k, def, sizeof def));
    }
}

int cmd_options(FILE *out, const char *format)
{
    if (format && strcmp(format, "--json") == 0) return print_json(out);
    if (format && strcmp(format, "--markdown") == 0) print_markdown(out);
    else {
        for (int k = 0; k < ccm_option_count(); k++) {
            const struct ccm_option_info *r = ccm_option_info(k);
            char syn[96], def[32], range[96];
            fprintf(out, "%-28s %-9s %-14s default %s\n    %s\n", option_synopsis(k, syn, sizeof syn), r->key,
                    r->kind == CCM_OPTION_BUDGET ? ccm_option_range_text(k, range, sizeof range) : "",
                    option_default_text(k, def, sizeof def), r->help);
        }
    }
    return fflush(out) == 0 ? 0 : 2;
}
