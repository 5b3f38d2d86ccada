/* session_json.c -- sessions loaded from JSON core (docs/core-json.md).
 * A unit of its own: a program that links the static library without
 * calling these does not pull in the JSON reader, nor need Jansson. */
#include "session_internal.h"

struct ccm_session *ccm_session_from_json(const char *file, const char *json, size_t len,
                                          const struct ccm_options *opt,
                                          char *err, size_t errcap)
{
    return ccm_session_from_json_in(NULL, file, json, len, opt, err, errcap);
}

/* JSON core through the checker and loader of program text: the same
 * static errors, located by JSON path. */
struct ccm_session *ccm_session_from_json_in(struct ccm_workspace *ws, const char *file,
                                             const char *json, size_t len,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap)
{
    struct ast_program prog;
    struct front_diag d;
    if (front_json_parse(file, json, len, &prog, &d) != 0) { session_set_err(err, errcap, d.text); return NULL; }
    if (front_check(file, &prog, &d) != 0) {
        ast_free(&prog);
        session_set_err(err, errcap, d.text);
        return NULL;
    }
    return session_make(&prog, opt, file, err, errcap, ws);
}

struct ccm_session *ccm_session_from_json_file(const char *path, const struct ccm_options *opt,
                                               char *err, size_t errcap)
{
    struct ast_program prog;
    struct front_diag d;
    if (front_read_json_program(path, &prog, &d) != 0) { session_set_err(err, errcap, d.text); return NULL; }
    return session_make(&prog, opt, path, err, errcap, NULL);
}
