/* threads.c -- sessions are independent: several threads run different
 * programs at once, each through its own session, and every report equals
 * the one the same program gave when run alone, one by one, before any
 * thread started.  Built with -fsanitize=thread (mk/embed.mk), so a data
 * race between sessions is reported by ThreadSanitizer and fails the test.
 *
 *   threads FILE...      prints "threads: N passed, N failed"
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../lib/ccmlib.h"

#define NTHREADS 4
#define ROUNDS   3
#define REPORT   8192

static int nprog;
static char **texts, **names, **alone;   /* alone[i]: program i's report, run sequentially */

/* Everything a caller can read back: status, steps, value or error, and
 * every counter of every cost centre, as one string. */
static void report(int i, char *out, size_t cap)
{
    struct ccm_options opt;
    char err[1100], buf[512];
    ccm_options_default(&opt);
    opt.max_steps = 2000000;  opt.max_heap = 1 << 16;
    opt.max_cells = 1 << 18;  opt.max_stack = 1 << 14;
    struct ccm_session *s = ccm_session_from_text(names[i], texts[i], strlen(texts[i]), &opt, err, sizeof err);
    if (!s) { snprintf(out, cap, "load error: %s", err); return; }
    int st = ccm_session_run(s);
    size_t n = (size_t)snprintf(out, cap, "status %s steps %llu ", ccm_status_kind(st),
                                (unsigned long long)ccm_session_machine(s)->steps);
    if (st == CCM_VALUE) n += (size_t)snprintf(out + n, cap - n, "value %s", ccm_session_value(s, buf, sizeof buf));
    else n += (size_t)snprintf(out + n, cap - n, "error %s", ccm_session_error_message(s, st, buf, sizeof buf));
    for (int32_t cc = 0; cc < ccm_session_ncc(s) && n < cap; cc++) {
        n += (size_t)snprintf(out + n, cap - n, "\n %s", ccm_session_cc_name(s, cc));
        for (int k = 0; k < CCM_NCOUNTERS && n < cap; k++)
            n += (size_t)snprintf(out + n, cap - n, " %llu", (unsigned long long)ccm_session_cost(s, cc, k));
    }
    ccm_session_free(s);
}

struct job { int id; int mismatches; int runs; };

/* Thread t runs every program, starting at a different one, ROUNDS times,
 * so different programs are in flight in different threads at once. */
static void *worker(void *arg)
{
    struct job *j = arg;
    char *got = malloc(REPORT);
    if (!got) { j->mismatches++; return NULL; }
    for (int r = 0; r < ROUNDS; r++)
        for (int k = 0; k < nprog; k++) {
            int i = (k + j->id * (nprog / NTHREADS + 1) + r) % nprog;
            report(i, got, REPORT);
            j->runs++;
            if (strcmp(got, alone[i]) != 0) {
                j->mismatches++;
                fprintf(stderr, "thread %d: %s differs:\n%s\n-- alone:\n%s\n", j->id, names[i], got, alone[i]);
            }
        }
    free(got);
    return NULL;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *b = malloc(1 << 20);
    size_t n = b ? fread(b, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (b) b[n] = 0;
    return b;
}

int main(int argc, char **argv)
{
    nprog = argc - 1;
    if (nprog < NTHREADS) { fprintf(stderr, "threads: give at least %d programs\n", NTHREADS); return 2; }
    texts = calloc((size_t)nprog, sizeof *texts);
    alone = calloc((size_t)nprog, sizeof *alone);
    names = argv + 1;
    for (int i = 0; i < nprog; i++) {
        texts[i] = slurp(argv[i + 1]);
        alone[i] = malloc(REPORT);
        if (!texts[i] || !alone[i]) { fprintf(stderr, "threads: cannot read %s\n", argv[i + 1]); return 2; }
        report(i, alone[i], REPORT);
    }
    pthread_t th[NTHREADS];
    struct job jobs[NTHREADS];
    for (int t = 0; t < NTHREADS; t++) {
        jobs[t] = (struct job){ t, 0, 0 };
        if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0) { fprintf(stderr, "threads: pthread_create\n"); return 2; }
    }
    int pass = 0, fail = 0;
    for (int t = 0; t < NTHREADS; t++) {
        pthread_join(th[t], NULL);
        if (jobs[t].mismatches == 0) { printf("ok   thread %d: %d runs, every report as run alone\n", t, jobs[t].runs); pass++; }
        else { printf("FAIL thread %d: %d of %d reports differ\n", t, jobs[t].mismatches, jobs[t].runs); fail++; }
    }
    printf("threads: %d passed, %d failed\n", pass, fail);
    return fail != 0;
}
