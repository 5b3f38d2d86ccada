/* options.h -- the rows of lib/options_table.h as indices, for the units
 * in this tree that name one option (the installed API finds them by name:
 * ccm_option_find).  Not installed. */
#ifndef CCM_LIB_OPTIONS_H
#define CCM_LIB_OPTIONS_H

#include "ccmlib.h"
#include "options_table.h"

enum ccm_option_id {
#define CCM_OPTION_ID(field, ...) CCM_OPT_##field,
    CCM_OPTIONS_TABLE(CCM_OPTION_ID)
#undef CCM_OPTION_ID
    CCM_NOPTIONS
};

/* For the session (lib/session.c): the struct a run gets from the one its
 * caller gave (NULL: all defaults), budgets defaulted and clamped by the
 * rows; and the refusal of an enum that names no value, NULL if none. */
void options_normalise(struct ccm_options *o, const struct ccm_options *given);
const char *options_refusal(const struct ccm_options *o, char *buf, size_t cap);

#endif
