/* autocc_main.c -- build/ccm-props-autocc: the property of automatic cost
 * centres (docs/auto-cc.md) on generated programs.
 *
 *   ccm-props-autocc [--seeds N] [--from S] [--size K] [FILE.lam ...]
 *
 * For each program P (a generated one, or each FILE) and each mode M of
 * top, all, calls, and each of the four configurations (fig6/fig2 x
 * lexical/evaluation), with P' = P with the automatic cost centres of M:
 *   a. the machine ends P' as it ends P: same outcome, same value;
 *   b. the machine's steps of P' exceed those of P by exactly the number of
 *      scc transitions added, counted independently: the big-step
 *      evaluator's total of `entries` (one per scc evaluated) on P' minus
 *      that on P;
 *   c. the total of every cost counter (A C V U H P) over all cost centres
 *      is the same for P' as for P;
 *   d. the machine and the big-step evaluator agree on P' (steps and every
 *      counter of every cost centre), so the big-step checks the
 *      transformed program like any other.
 * Runs that exhaust a budget, or whose big-step is too deep, are skipped;
 * a program counts as skipped only if all twelve checks were.
 * The last line is "autocc props: N passed, N failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "bigstep.h"
#include "../front/front.h"
#include "../gen/gen.h"
#include "../lib/options.h"

#define MAX_STEPS 2000000
#define MAX_DEPTH 100000

/* cfg: bit 1 rules, bit 0 scoping; named as the options table names them */
static const char *cfg_text(int cfg, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/%s", ccm_option_value_name(CCM_OPT_rules, cfg & 2 ? CCM_RULES_FIG2 : CCM_RULES_FIG6, 0),
             ccm_option_value_name(CCM_OPT_scoping, cfg & 1 ? CCM_EVALUATION : CCM_LEXICAL, 0));
    return buf;
}
static const char *const counter_name[CCM_NCOUNTERS] = { "A", "C", "V", "U", "H", "P", "entries", "subentries" };

struct outcome {
    int skipped;
    int status;
    char value[64];
    uint64_t steps;
    uint64_t totals[CCM_NCOUNTERS];
};

/* The program text parsed, checked and given cost centres by mode. */
static int load(const char *text, size_t len, int mode, struct ast_program *p, char *err, size_t cap)
{
    struct front_diag d;
    if (front_parse("gen.lam", text, len, p, &d) != 0) { snprintf(err, cap, "%s", d.text); return -1; }
    if (front_check("gen.lam", p, &d) != 0 || front_auto_cc(p, mode, NULL, 0, "gen.lam", &d) != 0) {
        ast_free(p);
        snprintf(err, cap, "%s", d.text);
        return -1;
    }
    return 0;
}

/* The machine (through the session API, as `ccm run --auto-cc` runs it). */
static int machine(const char *text, size_t len, int mode, int cfg, struct outcome *o,
                   struct ccm_session **keep, char *err, size_t cap)
{
    struct ast_program p;
    memset(o, 0, sizeof *o);
    if (load(text, len, mode, &p, err, cap) != 0) return -1;
    struct ccm_options opt;
    ccm_options_default(&opt);
    opt.rules = cfg & 2 ? CCM_RULES_FIG2 : CCM_RULES_FIG6;
    opt.scoping = cfg & 1 ? CCM_EVALUATION : CCM_LEXICAL;
    opt.max_steps = MAX_STEPS;
    opt.max_heap = 1 << 20; opt.max_cells = 1 << 22; opt.max_stack = 1 << 18;
    struct ccm_session *s = ccm_session_from_program(&p, "gen.lam", &opt, err, cap);
    if (!s) return -1;
    o->status = ccm_session_run(s);
    o->skipped = o->status == CCM_RES_STEPS || o->status == CCM_RES_HEAP
              || o->status == CCM_RES_STACK;
    o->steps = ccm_session_machine(s)->steps;
    if (o->status == CCM_VALUE) ccm_session_value(s, o->value, sizeof o->value);
    for (int32_t cc = 0; cc < ccm_session_ncc(s); cc++)
        for (int c = 0; c < CCM_NCOUNTERS; c++) o->totals[c] += ccm_session_cost(s, cc, c);
    if (keep) *keep = s;
    else ccm_session_free(s);
    return 0;
}

struct bs_job {
    const struct ast_program *p;
    int cfg;
    struct bs *S;
    struct bs_result r;
};

static void *bs_job_run(void *arg)
{
    struct bs_job *j = arg;
    j->r = bs_eval_program(j->S, j->p, j->cfg & 2 ? 1 : 0, j->cfg & 1, 0, MAX_STEPS, MAX_DEPTH);
    return NULL;
}

/* The big-step evaluator on the program with mode's cost centres: its
 * result, and the evaluator (for its costs) in *S.  0, or 1 if skipped. */
static int bigstep(const char *text, size_t len, int mode, int cfg, struct bs **S, struct ast_program *p,
                   struct bs_result *r, char *err, size_t cap)
{
    if (load(text, len, mode, p, err, cap) != 0) return -1;
    struct bs_job j = { .p = p, .cfg = cfg, .S = bs_new() };
    if (!j.S) { ast_free(p); snprintf(err, cap, "out of memory"); return -1; }
    on_big_stack(bs_job_run, &j);
    *S = j.S;
    *r = j.r;
    return j.r.status == BS_STEPS || j.r.status == BS_TOO_DEEP;
}

static uint64_t bs_total(const struct bs *S, int counter)
{
    uint64_t t = 0;
    for (int32_t k = 0; k < bs_ncc(S); k++) t += bs_cost(S, k, counter);
    return t;
}

/* One program, one mode, one configuration; 0 passed or skipped, 1 failed
 * (message printed). */
static int check(const char *what, const char *text, size_t len, int mode, int cfg, int *skipped)
{
    static const char *const mode_name[] = { "none", "top", "all", "calls" };
    char err[1100], cfgbuf[64];
    const char *cfg_name = cfg_text(cfg, cfgbuf, sizeof cfgbuf);
    struct outcome plain, auto_;
    struct ccm_session *s = NULL;
    if (machine(text, len, FRONT_AUTO_NONE, cfg, &plain, NULL, err, sizeof err) != 0
        || machine(text, len, mode, cfg, &auto_, &s, err, sizeof err) != 0) {
        printf("FAIL %s --auto-cc %s %s: not loaded: %s\n", what, mode_name[mode], cfg_name, err);
        return 1;
    }
    struct bs *B0 = NULL, *B1 = NULL;
    struct ast_program p0, p1;
    struct bs_result r0, r1;
    int sk0 = bigstep(text, len, FRONT_AUTO_NONE, cfg, &B0, &p0, &r0, err, sizeof err);
    int sk1 = sk0 < 0 ? -1 : bigstep(text, len, mode, cfg, &B1, &p1, &r1, err, sizeof err);
    int failed = 0;
    char msg[1300] = "";
    if (sk0 < 0 || sk1 < 0) {
        snprintf(msg, sizeof msg, "big-step did not load: %s", err);
        failed = 1;
    } else if (plain.skipped || auto_.skipped || sk0 || sk1) {
        (*skipped)++;
    } else if (plain.status != auto_.status || strcmp(plain.value, auto_.value) != 0) {
        snprintf(msg, sizeof msg, "outcome: plain %d `%s`, with cost centres %d `%s`",
                 plain.status, plain.value, auto_.status, auto_.value);
        failed = 1;
    } else {
        uint64_t added = bs_total(B1, CCM_ENTRIES) - bs_total(B0, CCM_ENTRIES);
        if (auto_.steps != plain.steps + added)
            snprintf(msg, sizeof msg, "steps: plain %" PRIu64 ", with cost centres %" PRIu64
                     ", but the big-step counts %" PRIu64 " scc transitions added",
                     plain.steps, auto_.steps, added), failed = 1;
        for (int c = 0; c < CCM_ENTRIES && !failed; c++)
            if (plain.totals[c] != auto_.totals[c])
                snprintf(msg, sizeof msg, "total %s: plain %" PRIu64 ", with cost centres %" PRIu64,
                         counter_name[c], plain.totals[c], auto_.totals[c]), failed = 1;
        if (!failed && r1.steps != auto_.steps)
            snprintf(msg, sizeof msg, "machine %" PRIu64 " steps, big-step %" PRIu64,
                     auto_.steps, r1.steps), failed = 1;
        for (int32_t k = 0; k < bs_ncc(B1) && !failed; k++) {
            int32_t i = ccm_session_cc_find(s, bs_cc_name(B1, k));
            for (int c = 0; c < CCM_NCOUNTERS && !failed; c++) {
                uint64_t want = bs_cost(B1, k, c), got = i >= 0 ? ccm_session_cost(s, i, c) : 0;
                if (want != got)
                    snprintf(msg, sizeof msg, "cost centre %s %s: machine %" PRIu64 ", big-step %" PRIu64,
                             bs_cc_name(B1, k), counter_name[c], got, want), failed = 1;
            }
        }
    }
    if (failed) printf("FAIL %s --auto-cc %s %s: %s\n", what, mode_name[mode], cfg_name, msg);
    if (B0) { bs_free(B0); ast_free(&p0); }
    if (B1) { bs_free(B1); ast_free(&p1); }
    ccm_session_free(s);
    return failed;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 > cap) {
            char *b = realloc(buf, cap = 2 * cap + 8192);
            if (!b) { free(buf); fclose(f); return NULL; }
            buf = b;
        }
        size_t got = fread(buf + *len, 1, cap - *len, f);
        if (!got) break;
        *len += got;
    }
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    uint64_t seeds = 200, from = 1;
    int size = GEN_DEFAULT_SIZE;
    char **files = NULL; int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) seeds = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--from") == 0 && i + 1 < argc) from = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) size = atoi(argv[++i]);
        else if (argv[i][0] == '-') { fprintf(stderr, "ccm-props-autocc: unknown option `%s`\n", argv[i]); return 2; }
        else { files = argv + i; nfiles = argc - i; break; }
    }
    uint64_t passed = 0, failed = 0, skipped = 0;
    uint64_t n = nfiles ? (uint64_t)nfiles : seeds;
    for (uint64_t k = 0; k < n; k++) {
        size_t len;
        char *text = nfiles ? read_file(files[k], &len) : gen_program(from + k, size, &len, NULL);
        char what[300];
        if (nfiles) snprintf(what, sizeof what, "%s", files[k]);
        else snprintf(what, sizeof what, "seed %" PRIu64, from + k);
        if (!text) { printf("FAIL %s: cannot read or generate\n", what); failed++; continue; }
        int bad = 0, sk = 0;
        for (int mode = FRONT_AUTO_TOP; mode <= FRONT_AUTO_CALLS; mode++)
            for (int cfg = 0; cfg < 4; cfg++) bad |= check(what, text, len, mode, cfg, &sk);
        free(text);
        if (bad) failed++;
        else if (sk == 3 * 4) skipped++;      /* every mode and configuration skipped */
        else passed++;
    }
    printf("autocc props: %" PRIu64 " passed, %" PRIu64 " failed, %" PRIu64 " skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
