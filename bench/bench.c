/* bench.c -- time the kernel on one workload, in-process, through the
 * embedding API (lib/ccmlib.h).  Only ccm_run is timed, by the process's
 * CPU time (clock_gettime, CLOCK_PROCESS_CPUTIME_ID: on a machine shared
 * with other jobs, the time the process waits for a core does not count;
 * on an idle one it is the wall time, printed too as wall_median_s);
 * loading and the reset between repetitions are not.
 *
 *     bench FILE [REPS]
 *
 * Prints one line of key=value pairs for bench/run.sh to tabulate:
 * transitions, the best and median time of a run, transitions per second
 * and nanoseconds per transition (from the median), heap objects and
 * environment cells allocated, bytes per heap object, peak RSS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include "lib/ccmlib.h"

static double now_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The timed call, never inlined (the library is built with link-time
 * optimisation): bench/callgrind.sh counts the instructions under it. */
__attribute__((noinline)) static int timed_run(struct ccm_machine *m)
{
    return ccm_run(m);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [REPS]\n", argv[0]);
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    if (reps < 1 || reps > 1000) reps = 5;

    struct ccm_options opt;
    ccm_options_default(&opt);
    char err[1024];
    struct ccm_session *s = ccm_session_from_file(argv[1], &opt, err, sizeof err);
    if (!s) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    struct ccm_machine *m = ccm_session_machine(s);
    double *t = calloc((size_t)reps, sizeof *t), *w = calloc((size_t)reps, sizeof *w);
    if (!t || !w) return 1;
    uint64_t steps = 0;
    int status = CCM_VALUE;
    /* one untimed run first: the arrays start small and grow as the run
     * needs (docs/library.md, "Memory"); a reset keeps them grown, so the
     * timed ccm_run calls below never stop for room */
    ccm_session_run(s);
    for (int r = 0; r < reps; r++) {
        if (ccm_session_reset(s) != CCM_RUNNING) {
            fprintf(stderr, "%s: reset failed\n", argv[1]);
            return 1;
        }
        double w0 = now_seconds(CLOCK_MONOTONIC), t0 = now_seconds(CLOCK_PROCESS_CPUTIME_ID);
        status = timed_run(m);
        t[r] = now_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
        w[r] = now_seconds(CLOCK_MONOTONIC) - w0;
        steps = m->steps;
        if (status != CCM_VALUE) {
            fprintf(stderr, "%s: run ended with %s\n", argv[1], ccm_status_kind(status));
            return 1;
        }
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    qsort(w, (size_t)reps, sizeof *w, cmp_double);
    double best = t[0], median = t[reps / 2], wall = w[reps / 2];
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cells_per_obj = m->heap_len ? (double)m->cell_len / m->heap_len : 0.0;
    double bytes_per_obj = (double)sizeof(struct ccm_obj) + cells_per_obj * sizeof(struct ccm_cell);
    printf("file=%s steps=%llu reps=%d best_s=%.6f median_s=%.6f wall_median_s=%.6f mtps=%.1f ns=%.2f "
           "heap_objs=%d cells=%d obj_bytes=%zu cell_bytes=%zu cells_per_obj=%.2f "
           "bytes_per_obj=%.1f maxrss_kb=%ld\n",
           argv[1], (unsigned long long)steps, reps, best, median, wall,
           (double)steps / median / 1e6, median * 1e9 / (double)steps,
           (int)m->heap_len, (int)m->cell_len, sizeof(struct ccm_obj), sizeof(struct ccm_cell),
           cells_per_obj, bytes_per_obj, ru.ru_maxrss);
    free(t);
    free(w);
    ccm_session_free(s);
    return 0;
}
