/* session_json.c -- sessions loaded from JSON core (docs/core-json.md),
 * through the checker and loader of program text: the same static errors,
 * located by JSON path.  A unit of its own: a program that links the static
 * library without calling these does not pull in the JSON reader, nor need
 * Jansson. */
#include "session_internal.h"

struct ccm_session *ccm_session_from_json(const char *file, const char *json, size_t len,
                                          const struct ccm_options *opt,
                                          char *err, size_t errcap)
{
    return session_load(NULL, file, json, len, front_json_parse, opt, err, errcap);
}

struct ccm_session *ccm_session_from_json_in(struct ccm_workspace *ws, const char *file,
                                             const char *json, size_t len,
                                             const struct ccm_options *opt,
                                             char *err, size_t errcap)
{
    return session_load(ws, file, json, len, front_json_parse, opt, err, errcap);
}

struct ccm_session *ccm_session_from_json_file(const char *path, const struct ccm_options *opt,
                                               char *err, size_t errcap)
{
    return session_load_file(path, front_read_json_program, opt, err, errcap);
}
