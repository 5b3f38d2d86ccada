/* prim.c -- the arithmetic of prim3, every error decided before computing,
 * so no operation here can overflow in C. */
#include "kernel_internal.h"

/* The status CCM_RUNNING with the value (is_bool for comparisons), or
 * CCM_ERR_DIV_ZERO / CCM_ERR_OVERFLOW.  / and % truncate toward zero;
 * INT64_MIN / -1 overflows, INT64_MIN % -1 is 0 (docs/syntax-and-cli.md (syntax)).
 * Returned by value: a caller's locals stay out of memory, so nothing it
 * proves about the machine has to be carried across this call. */
struct ccm_prim_out ccm_prim_apply(int op, int64_t x, int64_t y)
{
    struct ccm_prim_out out = { CCM_RUNNING, 0, 0 };
    switch (op) {
    case CCM_ADD:
        if ((y > 0 && x > INT64_MAX - y) || (y < 0 && x < INT64_MIN - y)) {
            out.status = CCM_ERR_OVERFLOW;
            break;
        }
        out.value = x + y;
        break;
    case CCM_SUB:
        if ((y < 0 && x > INT64_MAX + y) || (y > 0 && x < INT64_MIN + y)) {
            out.status = CCM_ERR_OVERFLOW;
            break;
        }
        out.value = x - y;
        break;
    case CCM_MUL:
        if (x > 0) {
            if (y > 0 ? x > INT64_MAX / y : y < INT64_MIN / x) {
                out.status = CCM_ERR_OVERFLOW;
                break;
            }
        } else if (x < 0) {
            if (y > 0 ? x < INT64_MIN / y : (y < 0 && x < INT64_MAX / y)) {
                out.status = CCM_ERR_OVERFLOW;
                break;
            }
        }
        out.value = x * y;
        //@ assert mul: out.value == x * y;
        break;
    case CCM_DIV:
        if (y == 0) { out.status = CCM_ERR_DIV_ZERO; break; }
        if (x == INT64_MIN && y == -1) { out.status = CCM_ERR_OVERFLOW; break; }
        out.value = x / y;
        break;
    case CCM_MOD:
        if (y == 0) { out.status = CCM_ERR_DIV_ZERO; break; }
        out.value = (y == -1) ? 0 : x % y;
        break;
    case CCM_EQ: out.is_bool = 1; out.value = x == y; break;
    case CCM_NE: out.is_bool = 1; out.value = x != y; break;
    case CCM_LT: out.is_bool = 1; out.value = x <  y; break;
    case CCM_LE: out.is_bool = 1; out.value = x <= y; break;
    case CCM_GT: out.is_bool = 1; out.value = x >  y; break;
    default:     out.is_bool = 1; out.value = x >= y; break;   /* CCM_GE */
    }
    return out;
}
