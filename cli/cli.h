/* cli.h -- what the ccm command's units share. */
#ifndef CCM_CLI_H
#define CCM_CLI_H

#include <stdio.h>
#include "../lib/ccmlib.h"
#include "../lib/options.h"

/* json.c: a JSON string literal (quotes included), escaping backslash,
 * quote and control characters. */
void json_put_string(FILE *out, const char *s);
/* A cost-centre stack's names, root first, as a JSON array (report.c). */
void json_stack_names(FILE *out, const struct ccm_session *s, int32_t node);

/* report.c: option k's value in o by name ("fig6"; words: the text
 * report's "left-to-right"); NULL for a budget. */
const char *option_value(const struct ccm_options *o, int k, int words);

/* report.c: the cost report of a finished run, as the table of Fig. 3 or
 * as the JSON object of docs/syntax-and-cli.md (the report) (one line, no newline). */
void report_table(FILE *out, const char *program, struct ccm_session *s, int status);
void report_json(FILE *out, struct ccm_session *s, int status);
/* The same JSON with the member "rule_counts" added when rule_counts is
 * not NULL (CCM_NRULES counts, rulecount.c). */
void report_json_counted(FILE *out, struct ccm_session *s, int status, const uint64_t *rule_counts);

/* compare.c: `ccm compare [--stacks] FILE [--json]`, the four configurations
 * (or, with --stacks, the six stack configurations) side by side. */
int cmd_compare(const char *file, int json, int stacks);

/* explain.c: `ccm explain`, per cost centre (cc_name: only that one) or,
 * with stack_path, for the one stack it names; exit status as `ccm run`'s. */
int cmd_explain(const char *file, const struct ccm_options *opt,
                const char *cc_name, const char *counter, const char *stack_path, int json);

/* annotate.c: `ccm annotate` (text, or with html non-NULL a page written there). */
int cmd_annotate(const char *file, const struct ccm_options *opt, const char *html);

/* assert.c: `ccm run --assert FILE`: run s, check the assertions on the final
 * totals, print each with its status; exit 0, 4 (one failed), 2 (bad file). */
int assert_run(FILE *out, const char *assert_file, const char *program, struct ccm_session *s, int json);

/* rulecount.c: the per-rule histogram of `ccm run --rule-counts`. */
void rulecount_table(FILE *out, const uint64_t *counts);
void rulecount_json(FILE *out, const uint64_t *counts);

/* trace.c: run printing one line per transition, then the report.
 * Returns the final status. */
int trace_run(FILE *out, struct ccm_session *s, int json);

/* states.c: `ccm states`: the whole state after every transition, decoded
 * into the Coq model's terms (docs/coq.md, "Lockstep"), with early forcing
 * every force_every transitions (0: none).  Returns the final status. */
int states_run(FILE *out, struct ccm_session *s, uint64_t force_every);

/* bottleneck.c: `ccm bottleneck` (argv: the arguments after the command);
 * exit status as `ccm run`'s. */
int cmd_bottleneck(int argc, char **argv);

/* usage.c: the text of `ccm --help`, the options of a run from the library's
 * table (lib/options_table.h); option k's "--rules fig6|fig2" or
 * "--max-steps N", and its default as text. */
void cli_usage(FILE *out);
const char *option_synopsis(int k, char *buf, size_t cap);
const char *option_default_text(int k, char *buf, size_t cap);

/* options.c: `ccm options [--json|--markdown]` (format NULL: text); exit status. */
int cmd_options(FILE *out, const char *format);

/* version.c: `ccm version [--json]`; exit status. */
int cmd_version(FILE *out, int json);

/* batch.c: `ccm batch`, JSON lines in, one JSON line out per request. */
int cmd_batch(FILE *in, FILE *out);

#endif
