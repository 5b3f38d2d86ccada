/* ccm_prim.h -- the arithmetic of prim3 in logic: when it is defined (no
 * division by zero, no 64-bit overflow) and what it computes. */
#ifndef CCM_ACSL_PRIM_H
#define CCM_ACSL_PRIM_H

/*@
  predicate int64_range(integer v) = INT64_MIN <= v <= INT64_MAX;

  predicate prim_ok(integer op, integer x, integer y) =
    (op == CCM_ADD ==> int64_range(x + y)) &&
    (op == CCM_SUB ==> int64_range(x - y)) &&
    (op == CCM_MUL ==> int64_range(x * y)) &&
    (op == CCM_DIV ==> y != 0 && int64_range(x / y)) &&
    (op == CCM_MOD ==> y != 0);

  // / and % truncate toward zero (as ACSL's and C's); x % -1 is 0
  logic integer prim_value(integer op, integer x, integer y) =
    op == CCM_ADD ? x + y :
    op == CCM_SUB ? x - y :
    op == CCM_MUL ? x * y :
    op == CCM_DIV ? x / y :
    op == CCM_MOD ? (y == -1 ? 0 : x % y) :
    op == CCM_EQ ? (x == y ? 1 : 0) :
    op == CCM_NE ? (x != y ? 1 : 0) :
    op == CCM_LT ? (x < y ? 1 : 0) :
    op == CCM_LE ? (x <= y ? 1 : 0) :
    op == CCM_GT ? (x > y ? 1 : 0) :
    (x >= y ? 1 : 0);
*/
#endif
