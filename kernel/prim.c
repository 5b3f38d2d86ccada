/* prim.c -- the arithmetic of prim3, every error decided before computing,
 * so no operation here can overflow in C. */
#include "kernel_internal.h"

/* Returns CCM_RUNNING with *result (and *is_bool for comparisons), or
 * CCM_ERR_DIV_ZERO / CCM_ERR_OVERFLOW.  / and % truncate toward zero;
 * INT64_MIN / -1 overflows, INT64_MIN % -1 is 0 (INTERFACE.md 1). */
int ccm_prim_apply(int op, int64_t x, int64_t y, int64_t *result, int *is_bool)
{
    *is_bool = 0;
    switch (op) {
    case CCM_ADD:
        if ((y > 0 && x > INT64_MAX - y) || (y < 0 && x < INT64_MIN - y))
            return CCM_ERR_OVERFLOW;
        *result = x + y;
        return CCM_RUNNING;
    case CCM_SUB:
        if ((y < 0 && x > INT64_MAX + y) || (y > 0 && x < INT64_MIN + y))
            return CCM_ERR_OVERFLOW;
        *result = x - y;
        return CCM_RUNNING;
    case CCM_MUL:
        if (x > 0) {
            if (y > 0 ? x > INT64_MAX / y : y < INT64_MIN / x) return CCM_ERR_OVERFLOW;
        } else if (x < 0) {
            if (y > 0 ? x < INT64_MIN / y : (y < 0 && x < INT64_MAX / y)) return CCM_ERR_OVERFLOW;
        }
        *result = x * y;
        //@ assert mul: *result == x * y;
        return CCM_RUNNING;
    case CCM_DIV:
        if (y == 0) return CCM_ERR_DIV_ZERO;
        if (x == INT64_MIN && y == -1) return CCM_ERR_OVERFLOW;
        *result = x / y;
        return CCM_RUNNING;
    case CCM_MOD:
        if (y == 0) return CCM_ERR_DIV_ZERO;
        *result = (y == -1) ? 0 : x % y;
        return CCM_RUNNING;
    case CCM_EQ: *is_bool = 1; *result = x == y; return CCM_RUNNING;
    case CCM_NE: *is_bool = 1; *result = x != y; return CCM_RUNNING;
    case CCM_LT: *is_bool = 1; *result = x <  y; return CCM_RUNNING;
    case CCM_LE: *is_bool = 1; *result = x <= y; return CCM_RUNNING;
    case CCM_GT: *is_bool = 1; *result = x >  y; return CCM_RUNNING;
    default:     *is_bool = 1; *result = x >= y; return CCM_RUNNING;   /* CCM_GE */
    }
}
