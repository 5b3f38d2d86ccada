/* stack_text.h -- a stack of the big-step evaluator as text: its cost-centre
 * names root first, each in double quotes, one space between
 * ("\"MAIN\" \"main\" \"f\"").  A name holds no '"', so the text is
 * unambiguous (docs/syntax-and-cli.md, strings). */
#ifndef CCM_PROPS_STACK_TEXT_H
#define CCM_PROPS_STACK_TEXT_H

#include <stddef.h>
#include <stdint.h>

struct bs;
struct stack_text { char *buf; size_t cap; };

/* The text of node s of S's last run, valid until the next call on t. */
const char *stack_text(struct stack_text *t, const struct bs *S, int32_t s);

#endif
