/* describe.c -- what went wrong, in words: the message of a runtime or
 * resource error, read off the stuck state (the kernel leaves the state as
 * it was when no rule applies). */
#include <stdio.h>
#include <string.h>
#include <inttypes.h>
#include "ccmlib.h"
#include "options.h"
#include "../front/front.h"
#include "session_internal.h"

const char *ccm_error_kind(int status)
{
    if (status == CCM_VALUE) return NULL;
    if (status == CCM_ERR_BAD_CODE) return "internal";
    return ccm_status_kind(status);
}

int ccm_exit_status(int status)
{
    if (status == CCM_VALUE) return 0;
    if (status >= CCM_RES_STEPS && status <= CCM_RES_STACK) return 3;
    return 1;
}

/* The budget's name on the command line, where the user sets it. */
static const char *flag(int k) { return ccm_option_info(k)->flag; }

/* The current control (a value) described: "constructor `Nil`", ... */
static void describe_value(struct ccm_session *s, char *buf, size_t cap)
{
    const struct ccm_machine *m = ccm_session_machine(s);
    const struct ccm_node *n = &m->code[m->ctl_code];
    switch (n->kind) {
    case CCM_CON:    snprintf(buf, cap, "constructor `%s`", ccm_session_con_name(s, n->a)); break;
    case CCM_LAM:    snprintf(buf, cap, "a function"); break;
    case CCM_LIT:    snprintf(buf, cap, "integer %" PRId64, n->lit); break;
    case CCM_INTVAL: snprintf(buf, cap, "integer %" PRId64, m->ctl_num); break;
    default:         snprintf(buf, cap, "a non-value"); break;
    }
}

/* Source text of code node i (or "?"). */
static const char *node_text(struct ccm_session *s, int32_t i, char *buf, size_t cap)
{
    const struct front_image *img = ccm_session_image(s);
    if (i >= 0 && i < img->ncode && img->node_expr[i]) return front_expr_text(img->node_expr[i], buf, cap, 60);
    snprintf(buf, cap, "?");
    return buf;
}

/* A room error that came of memory running out while an array grew, not
 * of its budget: say so (1), with the sizes; else 0. */
static int out_of_memory(struct ccm_session *s, int status, char *buf, size_t cap)
{
    int32_t from, to;
    int a = ccm_session_out_of_memory(s, &from, &to);
    if (a < 0 || (status == CCM_RES_STACK) != (a == CCM_ARRAY_STACK)) return 0;
    static const char *const what[] = { "heap", "environment cells", "stack", "cost-centre stack table" };
    static const char *const unit[] = { "objects", "cells", "frames", "stacks" };
    static const int opt[] = { CCM_OPT_max_heap, CCM_OPT_max_cells, CCM_OPT_max_stack, CCM_OPT_max_nodes };
    const struct ccm_options *o = ccm_session_options(s);
    int32_t budget = a == CCM_ARRAY_HEAP ? o->max_heap : a == CCM_ARRAY_CELLS ? o->max_cells
                   : a == CCM_ARRAY_STACK ? o->max_stack : o->max_nodes;
    snprintf(buf, cap, "out of memory: the %s could not grow from %" PRId32 " to %" PRId32 " %s "
             "(budget %s %" PRId32 "); the costs are those so far", what[a], from, to, unit[a],
             flag(opt[a]), budget);
    return 1;
}

const char *ccm_session_error_message(struct ccm_session *s, int status, char *buf, size_t cap)
{
    struct ccm_machine *m = ccm_session_machine(s);
    const struct ccm_frame *top = m->stack_len > 0 ? &m->stack[m->stack_len - 1] : NULL;
    const struct ccm_options *o = ccm_session_options(s);
    char what[160], src[128];
    switch (status) {
    case CCM_VALUE:
        snprintf(buf, cap, "no error");
        break;
    case CCM_ERR_BLACK_HOLE: {
        const struct front_image *img = ccm_session_image(s);
        const struct ast_expr *e = img->node_expr[m->ctl_code];
        const char *name = e ? e->name : NULL;      /* NULL: the entry node, main */
        snprintf(buf, cap, "black hole: thunk `%s` demanded while under evaluation (the program loops)",
                 name ? name : "main");
        break;
    }
    case CCM_ERR_NO_ALTERNATIVE:
        describe_value(s, what, sizeof what);
        snprintf(buf, cap, "no alternative for %s in `%s`", what,
                 top ? node_text(s, top->a, src, sizeof src) : "?");
        break;
    case CCM_ERR_NOT_A_FUNCTION:
        describe_value(s, what, sizeof what);
        snprintf(buf, cap, "not a function: %s applied to an argument", what);
        break;
    case CCM_ERR_TYPE:
        describe_value(s, what, sizeof what);
        snprintf(buf, cap, "type error: an operand of `%s` is %s, not an integer",
                 top ? node_text(s, top->a, src, sizeof src) : "?", what);
        break;
    case CCM_ERR_DIV_ZERO:
        snprintf(buf, cap, "division by zero in `%s`", top ? node_text(s, top->a, src, sizeof src) : "?");
        break;
    case CCM_ERR_OVERFLOW:
        snprintf(buf, cap, "64-bit overflow in `%s`", top ? node_text(s, top->a, src, sizeof src) : "?");
        break;
    case CCM_RES_STEPS:
        snprintf(buf, cap, "step budget exhausted: %s %" PRIu64 " transitions", flag(CCM_OPT_max_steps), m->max_steps);
        break;
    case CCM_RES_HEAP: case CCM_RES_STACK:
        if (out_of_memory(s, status, buf, cap)) break;
        if (status == CCM_RES_STACK) {
            snprintf(buf, cap, "stack budget exhausted: %s %" PRId32 " frames", flag(CCM_OPT_max_stack), o->max_stack);
            break;
        }
        {
        /* only a let allocates heap objects; every other refusal was for
         * cells.  Against the budget, not the capacity: an array below its
         * budget is grown, not blamed (lib/session.c, ccm_session_grow) */
        const struct ccm_node *n = &m->code[m->ctl_code];
        if (session_short_of_nodes(s))
            snprintf(buf, cap, "cost-centre stack budget exhausted: %s %" PRId32 " distinct stacks",
                     flag(CCM_OPT_max_nodes), o->max_nodes);
        else if (n->kind == CCM_LET && (int64_t)m->heap_len + n->b > o->max_heap)
            snprintf(buf, cap, "heap budget exhausted: %s %" PRId32 " objects", flag(CCM_OPT_max_heap), o->max_heap);
        else
            snprintf(buf, cap, "heap budget exhausted: environment cells, %s %" PRId32, flag(CCM_OPT_max_cells),
                     o->max_cells);
        break;
    }
    case CCM_ERR_BAD_CODE:
        snprintf(buf, cap, "internal error: the machine met code the loader should not produce (a bug)");
        break;
    default:
        snprintf(buf, cap, "internal error: unknown status %d", status);
        break;
    }
    return buf;
}
