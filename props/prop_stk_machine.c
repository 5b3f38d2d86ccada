/* prop_stk_machine.c -- property stk-machine: the machine's cost-centre
 * stacks (kernel/, push policies; docs/stacks.md) against the big-step
 * evaluator's (props/bigstep.c).
 *
 * For push single, append and ghc x call lexical, evaluation and ghc (the
 * machine's --scoping is the evaluator's call policy of the same name), fig6,
 * operands left to right: the machine, run through a session (lib/, which
 * grows its stack table from a small one), and the evaluator end alike
 * (status and steps), give the same value and returned stack, and have the
 * same eight counters on every stack, stacks matched by their names (root
 * first), not by node number: each machine node is mapped to the
 * evaluator's node of the same names through its parent's image, and the
 * stacks with a non-zero counter are as many on both sides.  A
 * configuration whose run exhausts a budget (or the evaluator's stack
 * table, or its depth) is skipped (counted).  The evaluator runs on the
 * generator's tree, the machine on the printed text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "stack_text.h"
#include "../lib/ccmlib.h"
#include "../lib/options.h"

static const char *const push_name[] = { "single", "append", "ghc" };
static const char *const scoping_name[] = { "lexical", "evaluation", "ghc" };

/* The machine's stack `node` as text, names root first in quotes. */
static void machine_stack(const struct ccm_session *s, int32_t node, char *buf, size_t cap)
{
    size_t need = ccm_session_stack_path(s, node, "\" \"", NULL, 0);
    char *path = malloc(need + 1);
    if (!path) { snprintf(buf, cap, "(out of memory)"); return; }
    ccm_session_stack_path(s, node, "\" \"", path, need + 1);
    snprintf(buf, cap, "\"%s\"", path);
    free(path);
}

static void value_text(const struct bs_expr *z, char *buf, size_t cap)
{
    if (z->kind == AST_LIT) snprintf(buf, cap, "%lld", (long long)z->lit);
    else if (z->kind == AST_CON) snprintf(buf, cap, "%s", z->name);
    else snprintf(buf, cap, "<function>");
}

/* The machine's stacks as a stack_side (stack_text.h). */
static int32_t side_parent(const void *x, int32_t n) { return ccm_session_stack_parent(x, n); }
static const char *side_name(const void *x, int32_t n) { return ccm_session_cc_name(x, ccm_session_stack_cc(x, n)); }
static uint64_t side_cost(const void *x, int32_t n, int k) { return ccm_session_stack_cost(x, n, k); }

/* One configuration; 0 when it was skipped. */
static int one(struct bs *B, const char *text, size_t len, const struct ast_program *p,
               int push, int scoping, struct verdict *v)
{
    char cfg[64], how[96];
    snprintf(cfg, sizeof cfg, "push %s/scoping %s", push_name[push], scoping_name[scoping]);
    struct bs_config c = { 0, push, scoping, 0, MAX_STEPS, MAX_DEPTH, BS_MAX_NODES };
    struct bs_result b = bs_eval_config(B, p, &c);
    if (b.status == BS_STEPS || b.status == BS_TOO_DEEP || b.status == BS_STACKS) return 0;
    struct ccm_options o;
    ccm_options_default(&o);
    ccm_option_set(&o, CCM_OPT_push, (uint64_t)push);
    ccm_option_set(&o, CCM_OPT_scoping, (uint64_t)scoping);
    ccm_option_set(&o, CCM_OPT_max_steps, MAX_STEPS);
    char err[256];
    struct ccm_session *s = ccm_session_from_text("gen.lam", text, len, &o, err, sizeof err);
    snprintf(how, sizeof how, "%s session", cfg);
    if (!s) { fail(v, "stk-machine", how, "%s: the session rejects the program: %s", cfg, err); return 1; }
    int st = ccm_session_run(s);
    if (push == CCM_PUSH_SINGLE && scoping == CCM_LEXICAL) v->value = st == CCM_VALUE;
    if (is_resource(st)) { ccm_session_free(s); return 0; }
    uint64_t steps = ccm_session_steps(s);
    if (st != bs_to_ccm(b.status) || steps != b.steps) {
        snprintf(how, sizeof how, "%s outcome", cfg);
        fail(v, "stk-machine", how, "%s: the machine ends with %s after %llu steps, the evaluator with %s "
             "after %llu", cfg, ccm_status_kind(st), (unsigned long long)steps,
             ccm_status_kind(bs_to_ccm(b.status)), (unsigned long long)b.steps);
        ccm_session_free(s);
        return 1;
    }
    char mtext[512];
    struct stack_text t = { 0 };
    struct stack_side side = { s, ccm_session_nstacks(s), side_parent, side_name, side_cost };
    int k = 0;
    uint64_t want = 0;
    int32_t costly_m, i = stacks_differ(&side, B, &k, &want, &costly_m);
    if (i == -2) fail(v, "stk-machine", "stack table", "%s: a node's parent does not come before it", cfg);
    else if (i >= 0) {
        machine_stack(s, i, mtext, sizeof mtext);
        snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[k]);
        fail(v, "stk-machine", how, "%s: stack %s counter %s: %llu on the machine, %llu in the evaluator",
             cfg, mtext, counter_name[k], (unsigned long long)ccm_session_stack_cost(s, i, k),
             (unsigned long long)want);
    }
    /* every costly stack of the machine matched one of the evaluator's */
    int32_t costly_b = stacks_with_costs(B);
    if (!v->failed && costly_m != costly_b) {
        snprintf(how, sizeof how, "%s stacks", cfg);
        fail(v, "stk-machine", how, "%s: %d stacks with costs on the machine, %d in the evaluator",
             cfg, (int)costly_m, (int)costly_b);
    }
    if (!v->failed && st == CCM_VALUE) {
        char got[64], want[64];
        ccm_session_value(s, got, sizeof got);
        value_text(b.value, want, sizeof want);
        int32_t ret = ccm_session_current_stack(s);
        machine_stack(s, ret, mtext, sizeof mtext);
        const char *bret = stack_text(&t, B, b.stack);
        if (strcmp(got, want) != 0 || strcmp(mtext, bret) != 0) {
            snprintf(how, sizeof how, "%s value", cfg);
            fail(v, "stk-machine", how, "%s: the machine returns %s under %s, the evaluator %s under %s",
                 cfg, got, mtext, want, bret);
        }
    }
    free(t.buf);
    ccm_session_free(s);
    return 1;
}

void check_stk_machine(struct checker *C, const char *text, size_t len, const struct ast_program *p,
                       struct verdict *v)
{
    for (int push = 0; push < 3 && !v->failed; push++)
        for (int scoping = 0; scoping < 3 && !v->failed; scoping++)
            if (!one(C->sbs[1], text, len, p, push, scoping, v)) v->skipped = 1;
}
