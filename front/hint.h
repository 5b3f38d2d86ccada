/* hint.h -- what to add when a parse error is a shape that reads well in
 * Haskell but not here (docs/surface.md (errors that explain)): a lambda,
 * `let`, `case`, `if` or `scc` passed as an argument without parentheses,
 * and a unary minus. */
#ifndef CCM_FRONT_HINT_H
#define CCM_FRONT_HINT_H

#include "lexer.h"

struct hint {
    char msg[1200];       /* longer than a diagnostic: front_diag_set cuts it */
};

/* toks[0 .. at] are the tokens read so far (toks[at] the one the parser
 * stopped at; the array ends with T_EOF or T_ERROR).  1 when a hint
 * applies.  Looks at a few tokens either side. */
int front_hint(const struct token *toks, long at, struct hint *h);

#endif
