/* hint.h -- what to say when a parse error is really a construct the core
 * language does not have (docs/syntax-and-cli.md (syntax errors that
 * explain)): a nested application `f (g x)`, a literal argument `f 1`, a
 * nested primitive `1 + 2 * 3` or `f x + 1`, an `if`. */
#ifndef CCM_FRONT_HINT_H
#define CCM_FRONT_HINT_H

#include "lexer.h"

struct hint {
    struct ast_pos pos;   /* where the offending sub-expression starts */
    int replaces;         /* 1: msg is the whole message at pos; 0: msg follows the parser's own */
    char msg[1200];       /* longer than a diagnostic: front_diag_set cuts it */
};

/* toks[0 .. at] are the tokens read so far (toks[at] the one the parser
 * stopped at; the array ends with T_EOF or T_ERROR).  1 when a hint
 * applies.  Looks at most a few dozen tokens either side. */
int front_hint(const struct token *toks, long at, struct hint *h);

/* The extra words for an unbound `if`, `then` or `else`; NULL otherwise. */
const char *front_hint_unbound(const char *name);

#endif
