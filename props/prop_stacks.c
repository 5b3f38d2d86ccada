/* prop_stacks.c -- the properties of the evaluator with cost-centre stacks
 * (docs/stacks.md, "What is checked"); the big-step evaluator alone, fig6.
 *
 *   stk-flat   for call lexical and evaluation and every push policy: the
 *              stacks' costs summed by their top cost centre are the flat
 *              evaluator's θ under the matching scoping; same outcome,
 *              steps, value, returned cost centre and final heap (cost
 *              centres of heap objects are their stacks' tops).
 *   stk-order  for all nine policy combinations, when the run reaches a
 *              value: operands right to left give a value after the same
 *              number of steps as left to right, and the
 *              same counters on every stack (stacks matched by their names,
 *              not by node number); outcome and steps, value or
 *              not, are the flat lexical run's.
 *   stk-nodup  under push ghc, whatever the call policy, no stack the run
 *              made has a cost centre twice.
 * A configuration whose run exhausts a budget or the stack table is
 * skipped (counted). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "stack_text.h"

static const char *const push_name[] = { "single", "append", "ghc" };
static const char *const call_name[] = { "lexical", "evaluation", "ghc" };

static int skip(int st) { return st == BS_STEPS || st == BS_TOO_DEEP || st == BS_STACKS; }

static struct bs_result run(struct bs *S, const struct ast_program *p, int push, int call, int rtl)
{
    struct bs_config c = { 0, push, call, rtl, MAX_STEPS, MAX_DEPTH, BS_MAX_NODES };
    return bs_eval_config(S, p, &c);
}

/* The cost centre of F named like cost centre c of S, or -1. */
/* Do runs a and b (named na, nb) end alike, the same status after the same
 * number of steps?  If not, prop fails with both. */
static int same_outcome(struct verdict *v, const char *prop, const char *cfg, const char *na,
                        const struct bs_result *a, const char *nb, const struct bs_result *b)
{
    if (a->status == b->status && a->steps == b->steps) return 1;
    char how[96];
    snprintf(how, sizeof how, "%s outcome", cfg);
    fail(v, prop, how, "%s: %sstatus %d after %llu steps, %s: %d after %llu", cfg, na, a->status,
         (unsigned long long)a->steps, nb, b->status, (unsigned long long)b->steps);
    return 0;
}

static int32_t same_cc(const struct bs *F, const struct bs *S, int32_t c)
{
    for (int32_t k = 0; k < bs_ncc(F); k++)
        if (strcmp(bs_cc_name(F, k), bs_cc_name(S, c)) == 0) return k;
    return -1;
}

/* stk-flat: S's stacks summed by top against the flat run F.  The sums are
 * made here from the nodes, not taken from bs_cost. */
static void check_flat(struct checker *C, const struct bs *F, const struct bs_result *fr,
                       const struct bs *S, const struct bs_result *sr, const char *cfg,
                       struct verdict *v)
{
    char how[96];
    if (!same_outcome(v, "stk-flat", cfg, "", sr, "flat", fr)) return;
    int32_t ncc = bs_ncc(S);
    uint64_t *sum = calloc((size_t)(ncc ? ncc : 1) * BS_NCOUNTERS, sizeof *sum);
    if (!sum) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    for (int32_t n = 0; n < bs_nnodes(S); n++)
        for (int k = 0; k < BS_NCOUNTERS; k++)
            sum[(size_t)bs_node_cc(S, n) * BS_NCOUNTERS + k] += bs_node_cost(S, n, k);
    /* every cost centre of either run, both ways */
    for (int32_t c = 0; c < ncc && !v->failed; c++) {
        int32_t f = same_cc(F, S, c);
        for (int k = 0; k < BS_NCOUNTERS; k++) {
            uint64_t want = f >= 0 ? bs_cost(F, f, k) : 0, got = sum[(size_t)c * BS_NCOUNTERS + k];
            if (got != want) {
                snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[k]);
                fail(v, "stk-flat", how, "%s: cost centre %s counter %s: %llu summed over its "
                     "stacks, %llu in the flat run", cfg, bs_cc_name(S, c), counter_name[k],
                     (unsigned long long)got, (unsigned long long)want);
                break;
            }
        }
    }
    for (int32_t f = 0; f < bs_ncc(F) && !v->failed; f++) {
        if (same_cc(S, F, f) >= 0) continue;
        for (int k = 0; k < BS_NCOUNTERS; k++)
            if (bs_cost(F, f, k)) {
                snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[k]);
                fail(v, "stk-flat", how, "%s: cost centre %s has costs in the flat run only",
                     cfg, bs_cc_name(F, f));
                break;
            }
    }
    free(sum);
    if (v->failed || sr->status != BS_VALUE) return;
    canon_bigstep(&C->cb, F, fr);
    canon_bigstep(&C->cm, S, sr);
    if (C->cb.n != C->cm.n || memcmp(C->cb.p, C->cm.p, C->cb.n) != 0) {
        snprintf(how, sizeof how, "%s heap", cfg);
        fail(v, "stk-flat", how, "%s: value, returned cost centre or final heap differs\n"
             "flat:\n%.600s\nstacks:\n%.600s", cfg, C->cb.p, C->cm.p);
    }
}

/* An evaluator's stacks as a stack_side (stack_text.h). */
static int32_t bs_side_parent(const void *x, int32_t n) { return bs_node_parent(x, n); }
static const char *bs_side_name(const void *x, int32_t n) { return bs_cc_name(x, bs_node_cc(x, n)); }
static uint64_t bs_side_cost(const void *x, int32_t n, int k) { return bs_node_cost(x, n, k); }

/* stk-order: A (left to right) and B (right to left) have the same
 * counters on every stack.  A's nodes are numbered parents first, so each
 * maps to B's node of the same names through its parent's image. */
static void check_order(struct checker *C, const struct bs *A, const struct bs_result *ar,
                        const struct bs *B, const struct bs_result *br, const char *cfg,
                        struct verdict *v)
{
    char how[96];
    if (!same_outcome(v, "stk-order", cfg, "left to right ", ar, "right to left", br)) return;
    struct stack_side side = { A, bs_nnodes(A), bs_side_parent, bs_side_name, bs_side_cost };
    struct stack_text t = { 0 };
    int k = 0;
    uint64_t want = 0;
    int32_t costly_a, n = stacks_differ(&side, B, &k, &want, &costly_a);
    if (n >= 0) {
        snprintf(how, sizeof how, "%s cost %s", cfg, counter_name[k]);
        fail(v, "stk-order", how, "%s: stack %s counter %s: %llu left to right, %llu "
             "right to left", cfg, stack_text(&t, A, n), counter_name[k],
             (unsigned long long)bs_node_cost(A, n, k), (unsigned long long)want);
    }
    /* A's costly stacks all matched B's: B has no other costly one */
    int32_t costly_b = stacks_with_costs(B);
    if (!v->failed && costly_a != costly_b) {
        snprintf(how, sizeof how, "%s stacks", cfg);
        fail(v, "stk-order", how, "%s: %d stacks with costs left to right, %d right to left",
             cfg, (int)costly_a, (int)costly_b);
    }
    free(t.buf);
    (void)C;
}

/* stk-nodup: no stack of S has a cost centre twice. */
static void check_nodup(const struct bs *S, const char *cfg, struct verdict *v)
{
    int32_t ncc = bs_ncc(S);
    int32_t *seen = malloc((size_t)(ncc ? ncc : 1) * sizeof *seen);
    if (!seen) { fprintf(stderr, "props: out of memory\n"); exit(3); }
    for (int32_t c = 0; c < ncc; c++) seen[c] = -1;
    for (int32_t n = 0; n < bs_nnodes(S) && !v->failed; n++)
        for (int32_t t = n; t >= 0; t = bs_node_parent(S, t)) {
            int32_t c = bs_node_cc(S, t);
            if (seen[c] == n) {
                struct stack_text tx = { 0 };
                char how[96];
                snprintf(how, sizeof how, "%s duplicate", cfg);
                fail(v, "stk-nodup", how, "%s: stack %s has %s twice", cfg,
                     stack_text(&tx, S, n), bs_cc_name(S, c));
                free(tx.buf);
                break;
            }
            seen[c] = n;
        }
    free(seen);
}

void check_stacks(struct checker *C, const struct ast_program *p, unsigned mask,
                  struct verdict *v)
{
    struct bs *F = C->sbs[0], *A = C->sbs[1], *B = C->sbs[2];
    struct bs_result f0 = run(F, p, BS_PUSH_SINGLE, BS_CALL_LEXICAL, 0);
    v->value = f0.status == BS_VALUE;
    if (skip(f0.status)) { v->skipped = 1; return; }
    for (int call = 0; call < 3 && !v->failed; call++) {
        struct bs_result fr = { 0 };
        if (call != BS_CALL_GHC && (mask & PROP_STK_FLAT)) {
            fr = run(F, p, BS_PUSH_SINGLE, call, 0);
            if (skip(fr.status)) { v->skipped = 1; continue; }
        }
        for (int push = 0; push < 3 && !v->failed; push++) {
            char cfg[64];
            snprintf(cfg, sizeof cfg, "push %s/call %s", push_name[push], call_name[call]);
            struct bs_result ar = run(A, p, push, call, 0);
            if (skip(ar.status)) { v->skipped = 1; continue; }
            if (call != BS_CALL_GHC && (mask & PROP_STK_FLAT))
                check_flat(C, F, &fr, A, &ar, cfg, v);
            if (push == BS_PUSH_GHC && (mask & PROP_STK_NODUP)) check_nodup(A, cfg, v);
            if (!(mask & PROP_STK_ORDER) || v->failed) continue;
            if (!same_outcome(v, "stk-order", cfg, "", &ar, "flat lexical", &f0)) continue;
            if (ar.status != BS_VALUE) continue;  /* an error's θ so far depends on the order */
            struct bs_result br = run(B, p, push, call, 1);
            if (skip(br.status)) { v->skipped = 1; continue; }
            check_order(C, A, &ar, B, &br, cfg, v);
            if (push == BS_PUSH_GHC && (mask & PROP_STK_NODUP)) check_nodup(B, cfg, v);
        }
    }
}
