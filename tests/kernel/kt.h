/* kt.h -- a tiny workbench for the kernel's row tests: build a code array
 * by hand (no front end), lay the initial state with ccm_init, then poke the
 * registers, heap and stack into the exact state a row expects, fire one
 * transition and compare.  Header-only so each test unit stays standalone. */
#ifndef CCM_TESTS_KT_H
#define CCM_TESTS_KT_H

#include <string.h>
#include <stdint.h>
#include <criterion/criterion.h>
#include "../../kernel/ccm.h"

#define KT_CODE  96
#define KT_CC    8
#define KT_TOP   8
#define KT_HEAP  64
#define KT_CELLS 64
#define KT_STACK 32
#define KT_NODES 16     /* stack nodes: the roots (one per cost centre) and pushed stacks */
#define KT_SLOTS 32

struct kt {
    struct ccm_node code[KT_CODE]; int32_t ncode;
    int32_t cc_kind[KT_CC];        int32_t ncc;
    int32_t top_code[KT_TOP], top_cc[KT_TOP]; int32_t ntop;
    struct ccm_obj heap[KT_HEAP];
    struct ccm_cell cells[KT_CELLS];
    struct ccm_frame stack[KT_STACK];
    struct ccm_snode nodes[KT_NODES];
    uint32_t slots[KT_SLOTS];
    uint64_t costs[KT_NODES * CCM_NCOUNTERS];
    uint64_t before[KT_NODES * CCM_NCOUNTERS];
    uint64_t steps_before;
    struct ccm_program p;
    struct ccm_machine m;
};

/* Reserved nodes 0..2 and cost centre 0 = MAIN (plain). */
static inline void kt_begin(struct kt *t)
{
    memset(t, 0, sizeof *t);
    t->code[CCM_NODE_INTVAL] = (struct ccm_node){CCM_INTVAL, 0, 0, 0, 0};
    t->code[CCM_NODE_TRUE]   = (struct ccm_node){CCM_CON, CCM_TAG_TRUE, 0, 0, 0};
    t->code[CCM_NODE_FALSE]  = (struct ccm_node){CCM_CON, CCM_TAG_FALSE, 0, 0, 0};
    t->ncode = CCM_NODE_FIRST;
    t->cc_kind[CCM_CC_MAIN] = CCM_CC_PLAIN;
    t->ncc = 1;
}

static inline int32_t kt_node(struct kt *t, int32_t kind, int32_t a, int32_t b, int32_t c)
{
    cr_assert_lt(t->ncode, KT_CODE);
    t->code[t->ncode] = (struct ccm_node){kind, a, b, c, 0};
    return t->ncode++;
}

static inline int32_t kt_lit(struct kt *t, int64_t n)
{
    int32_t i = kt_node(t, CCM_LIT, 0, 0, 0);
    t->code[i].lit = n;
    return i;
}

/* Reserve k consecutive nodes (for runs of BIND/ARG/ALT); fill them later. */
static inline int32_t kt_reserve(struct kt *t, int32_t k)
{
    cr_assert_leq(t->ncode + k, KT_CODE);
    int32_t first = t->ncode;
    t->ncode += k;
    return first;
}

static inline void kt_set(struct kt *t, int32_t i, int32_t kind, int32_t a, int32_t b, int32_t c)
{
    t->code[i] = (struct ccm_node){kind, a, b, c, 0};
}

static inline int32_t kt_cc(struct kt *t, int32_t kind)
{
    cr_assert_lt(t->ncc, KT_CC);
    t->cc_kind[t->ncc] = kind;
    return t->ncc++;
}

/* A top-level binding; returns its heap address (= top index). */
static inline int32_t kt_top(struct kt *t, int32_t code, int32_t cc)
{
    cr_assert_lt(t->ntop, KT_TOP);
    t->top_code[t->ntop] = code;
    t->top_cc[t->ntop] = cc;
    return t->ntop++;
}

/* Reference to top-level binding i from the code. */
static inline int32_t kt_gref(int32_t i) { return -1 - i; }

/* ccm_init with full capacities; entry is a VAR node naming main. */
static inline int kt_try_init_caps(struct kt *t, int32_t entry, int rules, int scoping,
                                   int32_t heap_cap, int32_t cell_cap, int32_t stack_cap)
{
    t->p = (struct ccm_program){
        .code = t->code, .ncode = t->ncode, .cc_kind = t->cc_kind, .ncc = t->ncc,
        .ntop = t->ntop, .top_code = t->top_code, .top_cc = t->top_cc, .entry = entry };
    memset(&t->m, 0, sizeof t->m);
    t->m.rules = rules;
    t->m.scoping = scoping;
    t->m.order = CCM_LEFT_TO_RIGHT;
    t->m.max_steps = 1000000;
    t->m.heap = t->heap;   t->m.heap_cap = heap_cap;
    t->m.cells = t->cells; t->m.cell_cap = cell_cap;
    t->m.stack = t->stack; t->m.stack_cap = stack_cap;
    t->m.costs = t->costs;
    t->m.push = CCM_PUSH_SINGLE;
    t->m.stk = (struct ccm_stacks){ .node = t->nodes, .cap = KT_NODES, .slot = t->slots, .nslot = KT_SLOTS };
    return ccm_init(&t->m, &t->p);
}

static inline void kt_init_caps(struct kt *t, int32_t entry, int rules, int scoping,
                                int32_t heap_cap, int32_t cell_cap, int32_t stack_cap)
{
    int st = kt_try_init_caps(t, entry, rules, scoping, heap_cap, cell_cap, stack_cap);
    cr_assert_eq(st, CCM_RUNNING, "ccm_init refused the hand-built program: %d", st);
}

static inline void kt_init(struct kt *t, int32_t entry, int rules, int scoping)
{
    kt_init_caps(t, entry, rules, scoping, KT_HEAP, KT_CELLS, KT_STACK);
}

/* Put a control closure in place. */
static inline void kt_control(struct kt *t, int32_t cc, int32_t code, int32_t env, int64_t num)
{
    t->m.ccc = cc;
    t->m.ctl_code = code;
    t->m.ctl_env = env;
    t->m.ctl_num = num;
}

static inline struct ccm_frame *kt_push(struct kt *t, int32_t kind, int32_t cc,
                                        int32_t a, int32_t b, int64_t num)
{
    cr_assert_lt(t->m.stack_len, t->m.stack_cap);
    struct ccm_frame *f = &t->stack[t->m.stack_len++];
    *f = (struct ccm_frame){kind, cc, a, b, num};
    return f;
}

/* The frame at stack[i] is exactly (kind, cc, a, b). */
static inline void kt_expect_frame(const struct kt *t, int32_t i, int32_t kind, int32_t cc,
                                   int32_t a, int32_t b)
{
    cr_assert_eq(t->stack[i].kind, kind, "frame %d kind", i);
    cr_assert_eq(t->stack[i].cc, cc, "frame %d cost centre", i);
    cr_assert_eq(t->stack[i].a, a, "frame %d field a", i);
    cr_assert_eq(t->stack[i].b, b, "frame %d field b", i);
}

static inline int32_t kt_cell(struct kt *t, int32_t addr, int32_t next)
{
    cr_assert_lt(t->m.cell_len, t->m.cell_cap);
    t->cells[t->m.cell_len] = (struct ccm_cell){addr, next};
    return t->m.cell_len++;
}

/* A heap object beyond the top-level ones. */
static inline int32_t kt_obj(struct kt *t, int32_t code, int32_t env, int32_t cc, int64_t num)
{
    cr_assert_lt(t->m.heap_len, t->m.heap_cap);
    t->heap[t->m.heap_len] = (struct ccm_obj){code, env, cc, 0, num};
    return t->m.heap_len++;
}

/* Remember θ and steps before the transition under test. */
static inline void kt_snap(struct kt *t)
{
    memcpy(t->before, t->costs, sizeof t->costs);
    t->steps_before = t->m.steps;
}

/* Fire one transition, insisting that it fires as `rule`, counts one step. */
static inline void kt_fire(struct kt *t, int rule)
{
    kt_snap(t);
    int st = ccm_step(&t->m);
    cr_assert_eq(st, CCM_RUNNING, "expected %s to fire, got status %d", ccm_rule_name(rule), st);
    cr_assert_eq(t->m.last_rule, rule, "fired %s, expected %s",
                 ccm_rule_name(t->m.last_rule), ccm_rule_name(rule));
    cr_assert_eq(t->m.steps, t->steps_before + 1);
}

struct kt_charge { int32_t cc; int counter; uint64_t amount; };

/* θ grew by exactly the listed charges and nothing else (cc: a stack
 * node; under push single, node c is cost centre c). */
static inline void kt_delta(const struct kt *t, const struct kt_charge *ch, int n)
{
    for (int32_t cc = 0; cc < KT_NODES; cc++)
        for (int k = 0; k < CCM_NCOUNTERS; k++) {
            uint64_t want = 0;
            for (int i = 0; i < n; i++)
                if (ch[i].cc == cc && ch[i].counter == k) want += ch[i].amount;
            uint64_t got = t->costs[cc * CCM_NCOUNTERS + k] - t->before[cc * CCM_NCOUNTERS + k];
            cr_assert_eq(got, want, "cost centre %d counter %d grew by %llu, expected %llu",
                         cc, k, (unsigned long long)got, (unsigned long long)want);
        }
}

#define KT_DELTA(t, ...) do { \
        const struct kt_charge kt_ch_[] = { __VA_ARGS__ }; \
        kt_delta((t), kt_ch_, (int)(sizeof kt_ch_ / sizeof kt_ch_[0])); \
    } while (0)
#define KT_NO_DELTA(t) kt_delta((t), NULL, 0)

static inline uint64_t kt_cost(const struct kt *t, int32_t cc, int counter)
{
    return t->costs[cc * CCM_NCOUNTERS + counter];
}

/* A whole copy of the workbench, to show a refused transition changed nothing. */
static inline void kt_expect_refused(struct kt *t, int status)
{
    static struct kt copy;
    memcpy(&copy, t, sizeof copy);
    int st = ccm_step(&t->m);
    cr_assert_eq(st, status, "expected status %d (%s), got %d (%s)",
                 status, ccm_status_kind(status), st, ccm_status_kind(st));
    cr_assert(memcmp(&copy.m, &t->m, sizeof t->m) == 0, "machine registers changed");
    cr_assert(memcmp(copy.heap, t->heap, sizeof t->heap) == 0, "heap changed");
    cr_assert(memcmp(copy.cells, t->cells, sizeof t->cells) == 0, "cells changed");
    cr_assert(memcmp(copy.stack, t->stack, sizeof t->stack) == 0, "stack changed");
    cr_assert(memcmp(copy.costs, t->costs, sizeof t->costs) == 0, "θ changed");
    cr_assert(memcmp(copy.nodes, t->nodes, sizeof t->nodes) == 0, "stack nodes changed");
    cr_assert(memcmp(copy.slots, t->slots, sizeof t->slots) == 0, "stack index changed");
}

#endif
