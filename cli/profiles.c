/* profiles.c -- `ccm run` with profile files (profile.h): open them all
 * before the run (an unwritable one is a usage error, exit 2, before
 * anything runs), run (with the census if a heap profile is asked), then
 * write each file from the final costs -- also after a runtime or resource
 * error, so that the files hold the costs so far. */
#include <string.h>
#include <errno.h>
#include "profile.h"

const char *const prof_option[PROF_NKINDS] = { "--prof", "--prof-json", "--speedscope", "--heap-profile" };

int prof_any(const struct prof_request *r)
{
    for (int k = 0; k < PROF_NKINDS; k++)
        if (r->path[k]) return 1;
    return 0;
}

int prof_open(struct prof_request *r, char *err, size_t cap)
{
    for (int k = 0; k < PROF_NKINDS; k++) {
        if (!r->path[k]) continue;
        for (int j = 0; j < k; j++)
            if (r->path[j] && strcmp(r->path[j], r->path[k]) == 0 && strcmp(r->path[k], "-") != 0) {
                snprintf(err, cap, "%s and %s name the same file `%s`", prof_option[j], prof_option[k], r->path[k]);
                return -1;
            }
        if (strcmp(r->path[k], "-") == 0) { r->out[k] = stdout; continue; }
        r->out[k] = fopen(r->path[k], "w");
        if (!r->out[k]) {
            snprintf(err, cap, "%s: cannot write `%s`: %s", prof_option[k], r->path[k], strerror(errno));
            for (int j = 0; j < k; j++)
                if (r->out[j] && r->out[j] != stdout) { fclose(r->out[j]); r->out[j] = NULL; }
            return -1;
        }
    }
    return 0;
}

int prof_run(struct ccm_session *s, struct prof_request *r, uint64_t *counts)
{
    if (r->path[PROF_HEAP]) {
        int by_stack = r->heap_by == HEAP_BY_STACK
                       || (r->heap_by == HEAP_BY_DEFAULT && ccm_session_options(s)->push != CCM_PUSH_SINGLE);
        return heap_run(s, r->heap_interval, by_stack, counts, &r->samples);
    }
    return ccm_session_run_counted(s, counts);
}

int prof_finish(struct ccm_session *s, struct prof_request *r, const char *program)
{
    struct prof_tree t;
    int tree = prof_tree_build(s, program, &t) == 0, rc = 0;
    for (int k = 0; k < PROF_NKINDS; k++) {
        FILE *out = r->out[k];
        if (!out) continue;
        int short_of_memory = 0;
        if (k == PROF_HEAP) heap_write(out, r->samples, s, program);
        else if (!tree) fputs("(out of memory)\n", out);
        else if (k == PROF_TEXT) short_of_memory = prof_write_text(out, &t) != 0;
        else if (k == PROF_JSON) short_of_memory = prof_write_json(out, &t) != 0;
        else short_of_memory = prof_write_speedscope(out, &t) != 0;
        int bad = ferror(out) || (out == stdout ? fflush(out) : fclose(out)) != 0 || !tree || short_of_memory;
        if (bad) {
            fprintf(stderr, "ccm: %s: could not write `%s` completely\n", prof_option[k], r->path[k]);
            rc = -1;
        }
        r->out[k] = NULL;
    }
    if (tree) prof_tree_free(&t);
    heap_samples_free(r->samples);
    r->samples = NULL;
    return rc;
}
