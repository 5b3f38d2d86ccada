/* coverage.h -- which forms and tokens of the grammar (docs/syntax-and-cli.md
 * section 1) the generated programs contain: per form, the number of
 * programs that contain it at least once.  Counted on the generator's tree
 * and its printing styles; `make props` prints the table and a form that
 * no program contains is named. */
#ifndef CCM_PROPS_COVERAGE_H
#define CCM_PROPS_COVERAGE_H

#include <stdint.h>
#include <stdio.h>

enum {
    COV_VAR, COV_LIT0, COV_LITMAX, COV_MIN64, COV_ZEROS,
    COV_ADD, COV_SUB, COV_MUL, COV_DIV, COV_MOD, COV_EQ, COV_NE, COV_LT, COV_LE, COV_GT, COV_GE,
    COV_TIGHT, COV_LAM1, COV_LAMN, COV_APP1, COV_APPN, COV_HEADPAREN, COV_HEADINT,
    COV_LET1, COV_LETN, COV_CASE, COV_ALTVARS, COV_ALTNULLARY, COV_DEFAULT,
    COV_CON0, COV_CONN, COV_SCC, COV_SCCSUB, COV_CCODD, COV_CCEMPTY, COV_CCUTF8,
    COV_PAREN, COV_COMMENT, COV_TAB, COV_NOSEMI, COV_PRIME, COV_UNDERSCORE, COV_KWPREFIX,
    COV_N
};

struct coverage { uint64_t programs; uint64_t n[COV_N]; };

struct gtree;
void coverage_add(struct coverage *c, const struct gtree *t);
void coverage_merge(struct coverage *into, const struct coverage *c);
/* Prints the table; returns the number of forms no program contained. */
int coverage_print(FILE *out, const struct coverage *c);

#endif
