/* batch.c -- libFuzzer target for one `ccm batch` request line
 * (cli/batch.c): the input up to its first newline is the request.  A line
 * that is a JSON object with an "options" object (or none) gets every
 * budget of the options table (lib/options_table.h) capped at 4096 first,
 * so that a run is short and the arrays small; any other line goes as it
 * is.  The answer must be exactly one line, a JSON object with an "outcome"
 * string and the request's "id". */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "../cli/cli.h"

static void die(const char *what, const char *req, const char *ans)
{
    fprintf(stderr, "batch: %s\n--- request:\n%s\n--- answer:\n%s\n", what, req, ans ? ans : "(none)");
    abort();
}

/* key of options set to at most cap (and to cap when missing or not an integer). */
static void cap_option(json_t *opts, const char *key, json_int_t cap)
{
    json_t *v = json_object_get(opts, key);
    if (v && json_is_integer(v) && json_integer_value(v) <= cap) return;
    if (v && !json_is_integer(v)) return;             /* the type error is worth testing */
    json_object_set_new(opts, key, json_integer(cap));
}

/* The request to send, malloc'd and NUL-terminated, newline added. */
static char *request(const char *line, size_t len)
{
    json_t *req = json_loadb(line, len, 0, NULL);
    json_t *opts = req && json_is_object(req) ? json_object_get(req, "options") : NULL;
    char *out = NULL;
    if (req && json_is_object(req) && (!opts || json_is_object(opts))) {
        if (!opts) { opts = json_object(); json_object_set_new(req, "options", opts); }
        for (int k = 0; k < ccm_option_count(); k++)
            if (ccm_option_info(k)->kind == CCM_OPTION_BUDGET) cap_option(opts, ccm_option_info(k)->key, 4096);
        char *t = json_dumps(req, JSON_COMPACT);
        if (t && asprintf(&out, "%s\n", t) < 0) out = NULL;
        free(t);
    } else if (asprintf(&out, "%.*s\n", (int)len, line) < 0) {
        out = NULL;
    }
    json_decref(req);
    if (!out) abort();
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *nl = memchr(data, '\n', size);
    size_t len = nl ? (size_t)(nl - (const char *)data) : size;
    if (memchr(data, '\0', len)) return 0;          /* getline would see a shorter line: not one request */
    char *req = request((const char *)data, len);
    FILE *in = fmemopen(req, strlen(req), "r");
    char *ans = NULL;
    size_t alen = 0;
    FILE *out = open_memstream(&ans, &alen);
    if (!in || !out) abort();
    if (cmd_batch(in, out) != 0) die("batch failed", req, NULL);
    fclose(in);
    fclose(out);
    if (alen == 0 || ans[alen - 1] != '\n' || memchr(ans, '\n', alen) != ans + alen - 1)
        die("not exactly one answer line", req, ans);
    json_t *a = json_loadb(ans, alen, 0, NULL);
    if (!a || !json_is_object(a) || !json_is_string(json_object_get(a, "outcome")) || !json_object_get(a, "id"))
        die("the answer is not an object with an outcome and an id", req, ans);
    json_decref(a);
    free(ans);
    free(req);
    return 0;
}
