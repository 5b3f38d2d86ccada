/* session_internal.h -- what session.c lends the other loaders of sessions
 * (session_json.c): not part of the public API. */
#ifndef CCM_SESSION_INTERNAL_H
#define CCM_SESSION_INTERNAL_H

#include "ccmlib.h"
#include "../front/front.h"

/* Did the machine stop (CCM_RES_HEAP) for want of a stack node: an scc or
 * scc_sub in control, or a ghc call's push under way, with the stack table
 * full?  The growth (session.c) and the error message (describe.c) ask the
 * same question. */
int session_short_of_nodes(const struct ccm_session *s);

/* A parsed and checked program laid out in a new session (takes prog);
 * NULL with a message in err.  ws: a workspace to borrow arrays from, or NULL. */
struct ccm_session *session_make(struct ast_program *prog, const struct ccm_options *opt,
                                 const char *file, char *err, size_t errcap,
                                 struct ccm_workspace *ws);
/* Parse text (front_parse, front_json_parse), check, load: a session, or
 * NULL with the message in err. */
typedef int session_parse_fn(const char *file, const char *text, size_t len,
                             struct ast_program *out, struct front_diag *err);
struct ccm_session *session_load(struct ccm_workspace *ws, const char *file, const char *text, size_t len,
                                 session_parse_fn *parse, const struct ccm_options *opt,
                                 char *err, size_t errcap);
/* Read, parse and check a file (front_read_program, front_read_json_program), load. */
typedef int session_read_fn(const char *path, struct ast_program *out, struct front_diag *err);
struct ccm_session *session_load_file(const char *path, session_read_fn *read,
                                      const struct ccm_options *opt, char *err, size_t errcap);

#endif
