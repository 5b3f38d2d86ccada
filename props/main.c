/* main.c -- build/ccm-props: the properties on generated programs or files.
 *
 *   ccm-props --eval-stacks ... FILE   (props/eval_stacks_cli.h)
 *   ccm-props [--seeds N] [--from S] [--size K] [--jobs J] [--props p1,p2a,p2b,p3,rt,edge]
 *             (or stk-flat,stk-order,stk-nodup (props/prop_stacks.c), stk-machine
 *             (props/prop_stk_machine.c), "stk" for the four), gc (props/prop_gc.c)
 *             [--stop-first] [--fuzz SECONDS --out DIR] [FILE.lam ...]
 *
 * Seeds S, S+1, ..., S+N-1 are split between J worker processes (fork);
 * each worker evaluates on a thread with a 512 MB stack, since the big-step
 * evaluator recurses.  With files, each file is checked instead (the
 * regression replay of `make check`).  --stop-first stops at the first
 * failing program (by seed order) and reports how many programs it took
 * (`make mutants`).  --fuzz runs random seeds for SECONDS and writes each
 * new counterexample, shrunk, into DIR.  The last line is always
 * "props: N passed, N failed".
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bigstack.h"
#include "check.h"
#include "coverage.h"
#include "eval_cli.h"
#include "eval_stacks_cli.h"
#include "shrink.h"
#include "../gen/gen.h"
#include "../gen/tree.h"

#define MAX_JOBS 16

struct slot {                          /* one worker's results (shared memory) */
    uint64_t checked, passed, failed, values, skipped, forces, collections;
    int has_fail;
    uint64_t fail_seed, fail_index;
    struct verdict fail;
    struct coverage cov;               /* forms of the grammar met */
};

struct shared {
    uint64_t best_fail;                /* smallest failing program index so far */
    struct slot slot[MAX_JOBS];
};

struct opts {
    uint64_t seeds, from;
    int size, jobs, stop_first;
    unsigned mask;
    double fuzz_seconds;
    const char *out_dir;
    char **files; int nfiles;
};

static struct opts O = { 2000, 1, GEN_DEFAULT_SIZE, 1, 0, PROP_ALL, 0, "scratch/fuzz", NULL, 0 };
static struct shared *SH;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void write_counterexample(const char *dir, uint64_t seed, const char *text,
                                 const struct verdict *v)
{
    char path[512];
    mkdir(dir, 0777);
    snprintf(path, sizeof path, "%s/%s-seed%" PRIu64 ".lam", dir, v->prop, seed);
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "props: cannot write %s: %s\n", path, strerror(errno)); return; }
    fprintf(f, "-- counterexample found by ccm-props: seed %" PRIu64 ", size %d\n", seed, O.size);
    fprintf(f, "-- property %s, %s\n", v->prop, v->how);
    for (const char *p = v->msg; *p; ) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(f, "--   %.*s\n", (int)n, p);
        p += n + (nl != NULL);
    }
    fputs(text, f);
    fclose(f);
    printf("props: counterexample written to %s\n", path);
}

/* ---- a worker over generated seeds ---------------------------------------- */

struct worker { int id; };

/* A watchdog per generated program: every one ends within the 2,000,000-step
 * budget in milliseconds, so one that runs for PROGRAM_SECONDS means a run
 * that never stops (a kernel loop outside the step budget).  The worker
 * then prints the seed and dies, which fails the run. */
#define PROGRAM_SECONDS 10
static char watchdog_msg[160];
static size_t watchdog_len;

static void watchdog(int sig)
{
    (void)sig;
    ssize_t w = write(1, watchdog_msg, watchdog_len);
    (void)w;
    _exit(3);
}

static void watch(uint64_t seed)
{
    int n = snprintf(watchdog_msg, sizeof watchdog_msg, "props: the program of seed %" PRIu64
                     " (size %d) did not end within %d s: a run that never stops\n", seed, O.size,
                     PROGRAM_SECONDS);
    watchdog_len = n > 0 ? (size_t)n : 0;
    signal(SIGALRM, watchdog);
    alarm(PROGRAM_SECONDS);
}

static void *worker_main(void *arg)
{
    int id = ((struct worker *)arg)->id;
    struct slot *s = &SH->slot[id];
    struct checker *C = checker_new();
    double t_end = now() + O.fuzz_seconds;
    uint64_t rng = (uint64_t)time(NULL) * 2654435761u + (uint64_t)getpid();
    char seen[64][96]; int nseen = 0;             /* fuzz: failures already written */
    for (uint64_t i = (uint64_t)id;; i += (uint64_t)O.jobs) {
        uint64_t seed;
        if (O.fuzz_seconds > 0) {
            if (now() >= t_end) break;
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            seed = rng >> 16;
        } else {
            if (i >= O.seeds) break;
            if (O.stop_first && i > __atomic_load_n(&SH->best_fail, __ATOMIC_RELAXED)) break;
            seed = O.from + i;
        }
        struct gen_choices rec = { 0 };
        size_t len;
        watch(seed);
        struct gtree *tree = gen_tree(seed, O.size, &rec);
        char *text = gtree_print(tree, &len);
        struct verdict v;
        check_generated(C, tree, O.mask, &v);
        alarm(0);
        coverage_add(&s->cov, tree);
        gtree_free(tree);
        s->checked++;
        s->values += (uint64_t)v.value;
        s->skipped += (uint64_t)v.skipped;
        s->forces += (uint64_t)v.forces;
        s->collections += v.collections;
        if (!v.failed) s->passed++;
        else {
            s->failed++;
            if (!s->has_fail) {
                s->has_fail = 1; s->fail_seed = seed; s->fail_index = i; s->fail = v;
                uint64_t b = __atomic_load_n(&SH->best_fail, __ATOMIC_RELAXED);
                while (i < b && !__atomic_compare_exchange_n(&SH->best_fail, &b, i, 0,
                                                             __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
            }
            if (O.fuzz_seconds > 0) {
                int dup = 0;
                for (int k = 0; k < nseen; k++)
                    if (strncmp(seen[k], v.how, sizeof seen[k]) == 0 ) dup = 1;
                if (!dup) {
                    if (nseen < 64) snprintf(seen[nseen++], sizeof seen[0], "%s", v.how);
                    char *small = shrink_program(C, rec.v, rec.n, O.size, text, O.mask, &v, 3000);
                    struct verdict v2;
                    check_program(C, small, strlen(small), O.mask, &v2);
                    write_counterexample(O.out_dir, seed, small, v2.failed ? &v2 : &v);
                    free(small);
                }
            }
            if (O.stop_first) { free(text); free(rec.v); break; }
        }
        free(text);
        free(rec.v);
    }
    checker_free(C);
    return NULL;
}

static void *shrink_main(void *arg)
{
    const struct slot *s = arg;
    /* the failing program may be one that never stops: bound the shrinking */
    int n = snprintf(watchdog_msg, sizeof watchdog_msg, "props: shrinking did not end within "
                     "%d s (a candidate that never stops)\n", 6 * PROGRAM_SECONDS);
    watchdog_len = n > 0 ? (size_t)n : 0;
    signal(SIGALRM, watchdog);
    alarm(6 * PROGRAM_SECONDS);
    struct checker *C = checker_new();
    struct gen_choices rec = { 0 };
    size_t len;
    char *text = gen_program(s->fail_seed, O.size, &len, &rec);
    char *small = shrink_program(C, rec.v, rec.n, O.size, text, O.mask, &s->fail, 3000);
    struct verdict v;
    check_program(C, small, strlen(small), O.mask, &v);
    printf("props: shrunk counterexample (seed %" PRIu64 ", size %d), property %s: %s\n%s\n",
           s->fail_seed, O.size, v.prop, v.how, v.msg);
    printf("---- program ----\n%s-----------------\n", small);
    free(small); free(text); free(rec.v);
    checker_free(C);
    alarm(0);
    return NULL;
}

static int run_seeds(void)
{
    SH = mmap(NULL, sizeof *SH, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (SH == MAP_FAILED) { perror("props: mmap"); return 3; }
    memset(SH, 0, sizeof *SH);
    SH->best_fail = UINT64_MAX;
    double t0 = now();
    fflush(stdout);
    pid_t pids[MAX_JOBS];
    for (int j = 0; j < O.jobs; j++) {
        pids[j] = fork();
        if (pids[j] < 0) { perror("props: fork"); return 3; }
        if (pids[j] == 0) {
            struct worker w = { j };
            on_big_stack(worker_main, &w);
            fflush(stdout);
            _exit(0);
        }
    }
    int crashed = 0;
    for (int j = 0; j < O.jobs; j++) {
        int st;
        waitpid(pids[j], &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) crashed++;
    }
    double dt = now() - t0;
    struct slot tot = { 0 };
    const struct slot *first = NULL;
    for (int j = 0; j < O.jobs; j++) {
        const struct slot *s = &SH->slot[j];
        tot.checked += s->checked; tot.passed += s->passed; tot.failed += s->failed;
        tot.values += s->values; tot.skipped += s->skipped; tot.forces += s->forces;
        tot.collections += s->collections;
        if (s->has_fail && (!first || s->fail_index < first->fail_index)) first = s;
        coverage_merge(&tot.cov, &s->cov);
    }
    if (O.fuzz_seconds <= 0) coverage_print(stdout, &tot.cov);
    printf("props: %" PRIu64 " programs (size %d) in %.2f s on %d worker(s): %.0f programs/s, "
           "%.0f per worker\n", tot.checked, O.size, dt, O.jobs, tot.checked / (dt > 0 ? dt : 1),
           tot.checked / (dt > 0 ? dt : 1) / O.jobs);
    printf("props: %.1f%% reached a value (fig6/lexical); %" PRIu64 " skipped a configuration "
           "(budget or depth); %" PRIu64 " valid early forces; %" PRIu64 " collections (gc)\n",
           tot.checked ? 100.0 * (double)tot.values / (double)tot.checked : 0.0, tot.skipped,
           tot.forces, tot.collections);
    if (first) {
        printf("props: first failure at program #%" PRIu64 " (seed %" PRIu64 "): %s %s\n",
               first->fail_index + 1, first->fail_seed, first->fail.prop, first->fail.how);
        printf("%s\n", first->fail.msg);
        if (O.fuzz_seconds <= 0) on_big_stack(shrink_main, (void *)first);
    }
    if (crashed) printf("props: %d worker(s) crashed\n", crashed);
    printf("props: %" PRIu64 " passed, %" PRIu64 " failed\n", tot.passed, tot.failed + (uint64_t)crashed);
    return tot.failed || crashed ? 1 : 0;
}

/* ---- files ---------------------------------------------------------------------- */

static int files_failed, files_passed;

static void *files_main(void *arg)
{
    (void)arg;
    struct checker *C = checker_new();
    for (int i = 0; i < O.nfiles; i++) {
        FILE *f = fopen(O.files[i], "rb");
        if (!f) { printf("FAIL %s: cannot open\n", O.files[i]); files_failed++; continue; }
        char *buf = NULL; size_t cap = 0, len = 0, k;
        char tmp[65536];
        while ((k = fread(tmp, 1, sizeof tmp, f)) > 0) {
            if (len + k + 1 > cap) { cap = 2 * (len + k + 1); buf = realloc(buf, cap); }
            if (!buf) { fprintf(stderr, "props: out of memory\n"); exit(3); }
            memcpy(buf + len, tmp, k); len += k;
        }
        fclose(f);
        struct verdict v;
        check_program(C, buf ? buf : "", len, O.mask, &v);
        if (v.failed) { printf("FAIL %s: %s %s\n%s\n", O.files[i], v.prop, v.how, v.msg); files_failed++; }
        else { printf("ok   %s%s\n", O.files[i], v.skipped ? " (a configuration skipped)" : ""); files_passed++; }
        free(buf);
    }
    checker_free(C);
    return NULL;
}

static int usage(void)
{
    fprintf(stderr, "usage: ccm-props [--seeds N] [--from S] [--size K] [--jobs J] "
            "[--props p1,p2a,p2b,p3,rt,edge,stk-flat,stk-order,stk-nodup,stk-machine,stk,gc] [--stop-first] [--fuzz SECONDS] [--out DIR] [FILE...]\n"
            "       ccm-props --eval FILE [fig2] [evaluation] [rtl]\n"
            "       ccm-props --eval-stacks [--stacks flat|ghc] [--push single|append|ghc]\n"
            "                 [--call lexical|evaluation|ghc] [--rules fig6|fig2] [--order ltr|rtl]\n"
            "                 [--max-nodes N] [--inherited] FILE\n");
    return 2;
}

static unsigned parse_props(const char *s)
{
    unsigned m = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        if (strcmp(t, "p1") == 0) m |= PROP_1;
        else if (strcmp(t, "p2a") == 0) m |= PROP_2A;
        else if (strcmp(t, "p2b") == 0) m |= PROP_2B;
        else if (strcmp(t, "p3") == 0) m |= PROP_3;
        else if (strcmp(t, "rt") == 0) m |= PROP_RT;
        else if (strcmp(t, "edge") == 0) m |= PROP_EDGE;
        else if (strcmp(t, "all") == 0) m |= PROP_ALL;
        else if (strcmp(t, "stk-flat") == 0) m |= PROP_STK_FLAT;
        else if (strcmp(t, "stk-order") == 0) m |= PROP_STK_ORDER;
        else if (strcmp(t, "stk-nodup") == 0) m |= PROP_STK_NODUP;
        else if (strcmp(t, "stk-machine") == 0) m |= PROP_STK_MACHINE;
        else if (strcmp(t, "stk") == 0) m |= PROP_STK;
        else if (strcmp(t, "gc") == 0) m |= PROP_GC;
        else return 0;
    }
    return m;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc >= 2 && strcmp(argv[1], "--eval") == 0) {
        int rc = eval_cli(argc - 1, argv + 1);
        return rc < 0 ? usage() : rc;
    }
    if (argc >= 2 && strcmp(argv[1], "--eval-stacks") == 0) {
        int rc = eval_stacks_cli(argc - 1, argv + 1);
        return rc < 0 ? usage() : rc;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--seeds") == 0 && val) { O.seeds = strtoull(val, NULL, 10); i++; }
        else if (strcmp(a, "--from") == 0 && val) { O.from = strtoull(val, NULL, 10); i++; }
        else if (strcmp(a, "--size") == 0 && val) { O.size = atoi(val); i++; }
        else if (strcmp(a, "--jobs") == 0 && val) { O.jobs = atoi(val); i++; }
        else if (strcmp(a, "--props") == 0 && val) { if (!(O.mask = parse_props(val))) return usage(); i++; }
        else if (strcmp(a, "--stop-first") == 0) O.stop_first = 1;
        else if (strcmp(a, "--fuzz") == 0 && val) { O.fuzz_seconds = atof(val); i++; }
        else if (strcmp(a, "--out") == 0 && val) { O.out_dir = val; i++; }
        else if (a[0] == '-') return usage();
        else { O.files = &argv[i]; O.nfiles = argc - i; break; }
    }
    if (O.jobs < 1 || O.jobs > MAX_JOBS || O.size < 1 || O.size > 40) return usage();
    if (O.nfiles > 0) {
        on_big_stack(files_main, NULL);
        printf("props: %d passed, %d failed\n", files_passed, files_failed);
        return files_failed ? 1 : 0;
    }
    return run_seeds();
}
