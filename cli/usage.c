/* usage.c -- the text of `ccm --help` (also printed after a usage error):
 * the commands, the machine's options from lib/options_table.h, then the
 * options of the command alone. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static const char commands[] =
    "usage: ccm run   [options] FILE    evaluate main, print the cost report\n"
    "       ccm trace [options] FILE    the same, printing every transition\n"
    "       ccm states [options] FILE   the whole state after every transition, in the Coq model's terms\n"
    "       ccm core  [--json] FILE     print the desugared core program (--json: as JSON core)\n"
    "       ccm batch                   JSON lines in (requests), one JSON report line out each\n"
    "       ccm compare FILE [--json]   the four configurations side by side\n"
    "       ccm compare --stacks FILE [--json]   the same per stack, six: push append/ghc x call lexical/evaluation/ghc\n"
    "       ccm explain [options] FILE  each counter broken down by source expression and rule\n"
    "       ccm annotate [options] FILE the source with each expression's counts (--html OUT: a page)\n"
    "       ccm bottleneck [options] FILE   find where a resource goes, placing cost centres by itself\n"
    "       ccm options [--json|--markdown] the options of a run: names, values, defaults\n"
    "       ccm version [--json]        the version; is the kernel the proven one?\n"
    "FILE may be - for standard input.  Options of a run (run, trace, states, explain, annotate):\n";

static const char others[] =
    "Options of the command:\n"
    "  --json                      the report (and trace lines) as JSON\n"
    "  --stacks flat|ghc           (run, trace, explain) flat: push single, the flat machine; ghc: --push ghc\n"
    "                              --call ghc, GHC's scheme (docs/stacks.md)\n"
    "  --call lexical|evaluation|ghc  the call policy: --scoping under another name\n"
    "  --max-stacks N              --max-nodes under another name\n"
    "  --input text|json           FILE is program text (default) or JSON core (docs/core-json.md)\n"
    "  --rule-counts               (run) also the number of transitions per rule\n"
    "  --assert FILE.assert        (run) check cost bounds on the final totals; exit 4 if one fails\n"
    "  --cc NAME, --counter K      (explain) only that cost centre / counter (A C V U H P entries subentries)\n"
    "  --stack PATH                (explain) only that cost-centre stack: its names from the root\n"
    "                              joined by /, e.g. MAIN/main/f, CAF:x/g (with --push append|ghc)\n"
    "  --html OUT                  (annotate) write a self-contained HTML page to OUT\n"
    "  --force-every K             (states) force the newest thunk every K transitions (docs/coq.md)\n"
    "  --prof FILE, --prof-json FILE, --speedscope FILE, --heap-profile FILE\n"
    "                              (run) also write GHC .prof / -pj, speedscope, .hp profiles (- = stdout)\n"
    "  --heap-interval N           (run) a heap census every N transitions (default: 100-200 samples)\n"
    "  --heap-by cc|stack          (run) the census's bands: cost centres or, with --push append|ghc\n"
    "                              (the default there), stacks named as GHC's -hc names them\n"
    "  --auto-cc top|all|calls     (run, trace, core) add cost centres: top-level functions, all\n"
    "                              functions, or call sites (docs/auto-cc.md)\n"
    "  --dot FILE, --svg FILE      (run, bottleneck) also draw the cost-centre graph (Graphviz; svg runs dot)\n"
    "  --resource A|C|V|U|H|P|steps    what the graph sizes nodes by (run: default steps) or\n"
    "                              what the bottleneck search follows (required there)\n"
    "  --heuristic max|threshold=PCT|cover=PCT   (bottleneck) keep the costliest callee, all at\n"
    "                              PCT% or more, or the costliest until they explain PCT%\n";

const char *option_synopsis(int k, char *buf, size_t cap)
{
    const struct ccm_option_info *r = ccm_option_info(k);
    size_t n = (size_t)snprintf(buf, cap, "%s ", r->flag);
    if (r->kind == CCM_OPTION_BUDGET) snprintf(buf + n, n < cap ? cap - n : 0, "%s", r->metavar);
    else
        for (int i = 0; r->names[i] && n < cap; i++)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? "|" : "", r->names[i]);
    return buf;
}

const char *option_default_text(int k, char *buf, size_t cap)
{
    const struct ccm_option_info *r = ccm_option_info(k);
    if (r->kind == CCM_OPTION_ENUM) snprintf(buf, cap, "%s", ccm_option_value_name(k, r->def, 0));
    else snprintf(buf, cap, "%llu", (unsigned long long)r->def);
    return buf;
}

void cli_usage(FILE *out)
{
    fputs(commands, out);
    for (int k = 0; k < ccm_option_count(); k++) {
        char syn[96], def[32], range[96];
        const struct ccm_option_info *r = ccm_option_info(k);
        option_synopsis(k, syn, sizeof syn);
        if (r->kind == CCM_OPTION_BUDGET)
            fprintf(out, "  %-27s %s, %s (default %s)\n", syn, r->help, ccm_option_range_text(k, range, sizeof range),
                    option_default_text(k, def, sizeof def));
        else fprintf(out, "  %-27s %s (default %s)\n", syn, r->help, option_default_text(k, def, sizeof def));
    }
    fputs(others, out);
}
