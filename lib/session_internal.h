/* session_internal.h -- what session.c lends the other loaders of sessions
 * (session_json.c): not part of the public API. */
#ifndef CCM_SESSION_INTERNAL_H
#define CCM_SESSION_INTERNAL_H

#include "ccmlib.h"
#include "../front/front.h"

/* A parsed and checked program laid out in a new session (takes prog);
 * NULL with a message in err.  ws: a workspace to borrow arrays from, or NULL. */
struct ccm_session *session_make(struct ast_program *prog, const struct ccm_options *opt,
                                 const char *file, char *err, size_t errcap,
                                 struct ccm_workspace *ws);
/* msg into err (if there is room for anything). */
void session_set_err(char *err, size_t cap, const char *msg);

#endif
