/* session.c -- libFuzzer target for the embedding API (lib/ccmlib.h),
 * driven by the input: the first 4 bytes are the options, the rest the
 * program (text, or JSON core when bit 3 of byte 0 is set).
 *   byte 0: bit 0 rules fig2, bit 1 scoping evaluation (with bit 6: the
 *           ghc call), bit 2 operands right to left, bit 3 JSON core,
 *           bit 4 an out-of-range rules, scoping or order (byte 1 % 3 says
 *           which, bits 6-7 how far out; the load must refuse it with a
 *           message), bit 5 load from a file (an in-memory one,
 *           /proc/self/fd/N) not from memory, bit 7 push ghc (cost-centre
 *           stacks)
 *   byte 1: max_steps = 1 + 16 * b   (tiny budgets: every run is short)
 *   byte 2: max_heap = max_cells = 1 + 4 * b
 *   byte 3: max_stack = 1 + b
 * Load, run, read every cost, reset, run again (counting rules): the kernel
 * never meets bad code, reset gives back the loaded state, the runs agree on status, steps, current cost centre and every cost, the
 * rule counts must sum to the steps, and a budget is never overrun; the
 * kernel's own ccm_init_run on the machine agrees too, when the session's
 * run did not collect (lib/gc.c). */
#define _GNU_SOURCE 1                      /* memfd_create */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "../front/front.h"
#include "../lib/ccmlib.h"
#include "../lib/census.h"

#define NOPT 4

static void die(const char *what, const uint8_t *prog, size_t n)
{
    fprintf(stderr, "session: %s\n--- program:\n%.*s\n", what, (int)n, (const char *)prog);
    abort();
}

static void add(void *arg, int32_t cc, uint64_t objects)
{
    (void)cc;
    *(uint64_t *)arg += objects;
}

/* Every cost of the last run, malloc'd (ncc * CCM_NCOUNTERS). */
static uint64_t *costs_of(struct ccm_session *s, int32_t ncc)
{
    uint64_t *c = malloc(((size_t)ncc * CCM_NCOUNTERS + 1) * sizeof *c);
    if (!c) abort();
    for (int32_t cc = 0; cc < ncc; cc++)
        for (int k = 0; k < CCM_NCOUNTERS; k++)
            c[(size_t)cc * CCM_NCOUNTERS + (size_t)k] = ccm_session_cost(s, cc, k);
    return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < NOPT) return 0;
    struct ccm_options o;
    ccm_options_default(&o);
    o.rules = data[0] & 1 ? CCM_RULES_FIG2 : CCM_RULES_FIG6;
    o.scoping = !(data[0] & 2) ? CCM_LEXICAL : data[0] & 16 || !(data[0] & 64) ? CCM_EVALUATION : CCM_CALL_GHC;
    o.push = !(data[0] & 16) && data[0] & 128 ? CCM_PUSH_GHC : CCM_PUSH_SINGLE;
    o.order = data[0] & 4 ? CCM_RIGHT_TO_LEFT : CCM_LEFT_TO_RIGHT;
    o.max_steps = 1 + 16u * data[1];
    o.max_heap = o.max_cells = 1 + 4 * data[2];
    o.max_stack = 1 + data[3];
    if (data[0] & 16) {                       /* one option out of its range */
        int far = data[0] >> 6;               /* one past the last named value, or further */
        if (data[1] % 3 == 0) o.rules = CCM_RULES_FIG2 + 1 + far;
        else if (data[1] % 3 == 1) o.scoping = CCM_CALL_GHC + 1 + far;
        else o.order = CCM_RIGHT_TO_LEFT + 1 + far;
    }
    const uint8_t *prog = data + NOPT;
    size_t n = size - NOPT;
    char err[512] = "";
    struct ccm_session *s;
    if (data[0] & 32) {
        int fd = memfd_create("fuzz", 0);
        if (fd < 0 || write(fd, prog, n) != (ssize_t)n) abort();
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        s = data[0] & 8 ? ccm_session_from_json_file(path, &o, err, sizeof err)
                        : ccm_session_from_file(path, &o, err, sizeof err);
        close(fd);
    } else {
        s = data[0] & 8 ? ccm_session_from_json("f.json", (const char *)prog, n, &o, err, sizeof err)
                        : ccm_session_from_text("f.lam", (const char *)prog, n, &o, err, sizeof err);
    }
    if (!s) {
        if (!err[0]) die("load failed without a message", prog, n);
        return 0;
    }
    if (data[0] & 16) die("an option out of its range was accepted", prog, n);
    int st0 = ccm_session_status(s);          /* the loaded state: running, or a budget too small */
    int32_t ncc = ccm_session_ncc(s), ntop = ccm_session_image(s)->ntop;
    for (int32_t i = 0; i < ntop; i++)
        if (!ccm_session_top_name(s, i)) die("a top-level binding without a name", prog, n);
    for (int32_t cc = 0; cc < ncc; cc++)
        if (ccm_session_cc_find(s, ccm_session_cc_name(s, cc)) < 0) die("a cost centre's name is not found", prog, n);
    int st1 = ccm_session_run(s);
    uint64_t steps1 = ccm_session_steps(s);
    int32_t cur1 = ccm_session_current_cc(s);
    if (ccm_session_status(s) != st1) die("status differs from the run's", prog, n);
    if (st1 == CCM_ERR_BAD_CODE) die("the kernel met bad code: a loader bug", prog, n);
    if (steps1 > o.max_steps) die("the step budget was overrun", prog, n);
    char buf[256];
    if (st1 == CCM_VALUE) ccm_session_value(s, buf, sizeof buf);
    else if (!ccm_error_kind(st1)) die("an error without a kind", prog, n);
    if (!ccm_session_error_message(s, st1, buf, sizeof buf) || !buf[0]) die("a run without a message", prog, n);
    uint64_t *c1 = costs_of(s, ncc);

    if (ccm_session_reset(s) != st0) die("reset does not give the loaded state", prog, n);
    uint64_t counts[CCM_NRULES] = { 0 };      /* the run adds to them */
    int st2 = ccm_session_run_counted(s, counts);
    uint64_t sum = 0;
    for (int r = 0; r < CCM_NRULES; r++) sum += counts[r];
    if (st2 != st1 || ccm_session_steps(s) != steps1 || ccm_session_current_cc(s) != cur1)
        die("the run after reset differs from the first", prog, n);
    if (sum != steps1) die("rule counts do not sum to the steps", prog, n);
    for (int r = 0; r < CCM_NRULES; r++)
        if (counts[r] && strcmp(ccm_rule_name(r), "?") == 0) die("a rule that fired has no name", prog, n);
    uint64_t *c2 = costs_of(s, ncc);
    if (memcmp(c1, c2, (size_t)ncc * CCM_NCOUNTERS * sizeof *c1) != 0) die("costs after reset differ", prog, n);

    if (ccm_session_reset(s) != st0) die("the second reset does not give the loaded state", prog, n);
    struct ccm_machine *m = ccm_session_machine(s);
    struct ccm_census *cen = ccm_census_new();
    if (!cen) abort();
    int st3 = st0;
    while (st3 == CCM_RUNNING) {
        st3 = ccm_session_step(s);
        uint64_t emitted = 0;
        int64_t live = ccm_census_take(cen, m, ntop, add, &emitted);
        if (live < 0) abort();                          /* out of memory */
        if ((uint64_t)live != emitted || live > m->heap_len) die("the census does not add up", prog, n);
    }
    ccm_census_free(cen);
    uint64_t *c3 = costs_of(s, ncc);
    if (st3 != st1 || ccm_session_steps(s) != steps1 || memcmp(c1, c3, (size_t)ncc * CCM_NCOUNTERS * sizeof *c1) != 0)
        die("stepping by hand differs from the run", prog, n);
    /* the kernel's own init-and-run entry on the same machine and program:
     * the same run, unless the session's collected (then the kernel alone,
     * which never collects, may stop for heap earlier) */
    uint64_t collected = ccm_session_collections(s);
    int st4 = ccm_init_run(m, &ccm_session_image(s)->program);
    uint64_t *c4 = costs_of(s, ncc);
    if (collected == 0 && (st4 != st1 || m->steps != steps1 || memcmp(c1, c4, (size_t)ncc * CCM_NCOUNTERS * sizeof *c1) != 0))
        die("ccm_init_run differs from the session's run", prog, n);
    if (collected != 0 && st4 != st1 && st4 != CCM_RES_HEAP)
        die("ccm_init_run ends otherwise than the collecting session's run, and not for heap", prog, n);
    free(c4);
    free(c1);
    free(c2);
    free(c3);
    ccm_session_free(s);
    return 0;
}
