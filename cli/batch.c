/* batch.c -- `ccm batch`: many programs through one process.
 *
 * Standard input: JSON lines, each a request
 *     {"id": ANY, "program": "TEXT", "options": {"rules": "fig2", "max_steps": 100, ...}}
 * or the same with "core": {...}, the program as JSON core (docs/core-json.md),
 * in place of "program".  Its errors name JSON paths inside "core".
 * Standard output: one JSON line per request, in order: {"id": ..., then
 * exactly the fields of `ccm run --json` on the same program and options}.
 * A request that cannot run answers {"id": ..., "outcome": "bad_request" or
 * "bad_input", "error": {"kind": ..., "message": ...}} and the batch goes on.
 * Programs are named "<batch:LINE>" in messages (LINE: the request's line).
 * The machine's arrays are allocated once and reused (ccm_workspace).
 * Exit status 0 once every line is answered; 2 on a read or write error. */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "cli.h"

/* {"id":ID,"outcome":OUTCOME,"error":{"kind":KIND,"message":MSG}} */
static void answer_error(FILE *out, json_t *id, const char *outcome, const char *kind, const char *msg)
{
    json_t *o = json_pack("{s:O,s:s,s:{s:s,s:s}}", "id", id ? id : json_null(), "outcome", outcome,
                          "error", "kind", kind, "message", msg);
    if (o) json_dumpf(o, out, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER);
    else fputs("{\"id\":null,\"outcome\":\"bad_request\",\"error\":{\"kind\":\"internal\",\"message\":\"out of memory\"}}", out);
    fputc('\n', out);
    json_decref(o);
}

/* Read the "options" object into opt: each member, as its JSON text, goes
 * to the library's table (lib/options.c), which knows the names, values
 * and ranges and words the refusal.  0, or -1 with a message in msg. */
static int read_options(json_t *o, struct ccm_options *opt, char *msg, size_t cap)
{
    if (!o) return 0;
    if (!json_is_object(o)) { snprintf(msg, cap, "\"options\" must be an object"); return -1; }
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        int rc = text ? ccm_option_json(opt, key, text, msg, cap) : -1;
        if (!text) snprintf(msg, cap, "out of memory");
        free(text);
        if (rc != 0) return -1;
    }
    return 0;
}

/* One request line: its answer line on out. */
static void serve(FILE *out, const char *line, size_t len, long lineno, struct ccm_workspace *ws)
{
    json_error_t jerr;
    char msg[1100];
    json_t *req = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!req) {
        snprintf(msg, sizeof msg, "line %ld: not JSON: %s (column %d)", lineno, jerr.text, jerr.column);
        answer_error(out, NULL, "bad_request", "bad_request", msg);
        return;
    }
    json_t *id = json_is_object(req) ? json_object_get(req, "id") : NULL;
    struct ccm_options opt;
    ccm_options_default(&opt);
    const char *key;
    json_t *v;
    if (!json_is_object(req)) {
        snprintf(msg, sizeof msg, "line %ld: a request is a JSON object", lineno);
        answer_error(out, NULL, "bad_request", "bad_request", msg);
        goto done;
    }
    json_object_foreach(req, key, v) {
        if (strcmp(key, "id") && strcmp(key, "program") && strcmp(key, "options") && strcmp(key, "core")) {
            snprintf(msg, sizeof msg, "line %ld: unknown field \"%s\"", lineno, key);
            answer_error(out, id, "bad_request", "bad_request", msg);
            goto done;
        }
    }
    json_t *program = json_object_get(req, "program"), *core = json_object_get(req, "core");
    if (!program == !core) {
        snprintf(msg, sizeof msg, "line %ld: a request has \"program\" (text) or \"core\" (JSON core), one of them", lineno);
        answer_error(out, id, "bad_request", "bad_request", msg);
        goto done;
    }
    if (core && !json_is_object(core)) {
        snprintf(msg, sizeof msg, "line %ld: \"core\" must be an object, the program as JSON core", lineno);
        answer_error(out, id, "bad_request", "bad_request", msg);
        goto done;
    }
    if (program && !json_is_string(program)) {
        snprintf(msg, sizeof msg, "line %ld: \"program\" must be a string", lineno);
        answer_error(out, id, "bad_request", "bad_request", msg);
        goto done;
    }
    char omsg[256];
    if (read_options(json_object_get(req, "options"), &opt, omsg, sizeof omsg) != 0) {
        snprintf(msg, sizeof msg, "line %ld: %s", lineno, omsg);
        answer_error(out, id, "bad_request", "bad_request", msg);
        goto done;
    }
    char name[40];
    snprintf(name, sizeof name, "<batch:%ld>", lineno);
    struct ccm_session *s;
    if (program) {
        s = ccm_session_from_text_in(ws, name, json_string_value(program), json_string_length(program),
                                     &opt, msg, sizeof msg);
    } else {
        /* JSON core goes through the library's one reader: as text again */
        char *text = json_dumps(core, JSON_COMPACT | JSON_ENCODE_ANY);
        s = text ? ccm_session_from_json_in(ws, name, text, strlen(text), &opt, msg, sizeof msg) : NULL;
        if (!text) snprintf(msg, sizeof msg, "%s: out of memory", name);
        free(text);
    }
    if (!s) { answer_error(out, id, "bad_input", "bad_input", msg); goto done; }
    int st = ccm_session_run(s);
    char *report = NULL;
    size_t rlen = 0;
    FILE *mem = open_memstream(&report, &rlen);
    if (mem) { report_json(mem, s, st); fclose(mem); }
    ccm_session_free(s);
    if (!mem || !report || rlen < 2) {
        answer_error(out, id, "bad_request", "internal", "out of memory writing the report");
        free(report);
        goto done;
    }
    fputs("{\"id\":", out);
    json_dumpf(id ? id : json_null(), out, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY);
    fputc(',', out);
    fwrite(report + 1, 1, rlen - 1, out);      /* the report without its '{' */
    fputc('\n', out);
    free(report);
done:
    json_decref(req);
}

int cmd_batch(FILE *in, FILE *out)
{
    struct ccm_workspace *ws = ccm_workspace_new();
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    while ((n = getline(&line, &cap, in)) >= 0) {
        lineno++;
        size_t len = (size_t)n;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
        serve(out, line, len, lineno, ws);
        if (fflush(out) != 0) break;
    }
    int bad = ferror(in) || ferror(out);
    free(line);
    ccm_workspace_free(ws);
    if (bad) { fputs("ccm: batch: read or write error\n", stderr); return 2; }
    return 0;
}
