/* speedscope.c -- speedscope's own file format (`ccm run --speedscope
 * FILE`; the schema ships with the npm package as file-format-schema.json): one
 * frame per distinct cost centre of the cost-centre tree (profile.h), in the
 * order of their first node, and one "sampled" profile per counter A C V U H
 * P, so that each can be viewed.  A sample is a node's stack -- the frames
 * of its path from the root, root first (MAIN; MAIN CAF CAF:x; MAIN cc for
 * today's tree, any length for a deeper one) -- weighted by the counter's
 * value there; zero weights are left out.  A cost centre that occurs in many
 * nodes is one frame, so speedscope's flame graph merges it across stacks. */
#include <inttypes.h>
#include "cli.h"
#include "profile.h"

static const char *const counter_title[] = {
    "A: applications", "C: case expressions", "V: variable entries",
    "U: thunk updates", "H: heap objects allocated", "P: primitive operations"
};

/* The samples of counter k.  path holds the path from the root to the
 * current node (node indices, sp of them), kept along the preorder by the
 * parent links: O(n) pushes and pops in all, whatever the depth. */
static void profile(FILE *out, const struct prof_tree *t, int k, const int32_t *frame, int32_t *path)
{
    uint64_t total = 0;
    for (int32_t i = 0; i < t->n; i++) total += t->node[i].counters[k];
    fputs("{\"type\": \"sampled\", \"name\": ", out);
    json_put_string(out, counter_title[k]);
    fprintf(out, ", \"unit\": \"none\", \"startValue\": 0, \"endValue\": %" PRIu64 ", \"samples\": [", total);
    int first = 1;
    int32_t sp = 0;
    for (int32_t i = 0; i < t->n; i++) {
        while (sp > 0 && path[sp - 1] != t->node[i].parent) sp--;
        path[sp++] = i;
        if (!t->node[i].counters[k]) continue;
        fputs(first ? "[" : ", [", out);
        for (int32_t d = 0; d < sp; d++) fprintf(out, "%" PRId32 "%s", frame[path[d]], d + 1 < sp ? ", " : "");
        fputc(']', out);
        first = 0;
    }
    fputs("], \"weights\": [", out);
    first = 1;
    for (int32_t i = 0; i < t->n; i++) {
        if (!t->node[i].counters[k]) continue;
        fprintf(out, "%s%" PRIu64, first ? "" : ", ", t->node[i].counters[k]);
        first = 0;
    }
    fputs("]}", out);
}

int prof_write_speedscope(FILE *out, const struct prof_tree *t)
{
    struct prof_walk w;       /* a node's frame is its cost centre's number, w.of */
    if (prof_walk_init(t, &w) != 0) {
        fputs("(out of memory)\n", out);
        return -1;
    }
    fputs("{\"$schema\": \"https://www.speedscope.app/file-format-schema.json\",\n"
          "\"exporter\": \"ccm\",\n\"name\": ", out);
    json_put_string(out, t->program);
    fputs(",\n\"activeProfileIndex\": 0,\n\"shared\": {\"frames\": [", out);
    for (int32_t f = 0; f < w.ncc; f++) {
        const struct prof_node *c = &t->node[w.first[f]];
        fputs(f ? ",\n  {\"name\": " : "\n  {\"name\": ", out);
        json_put_string(out, c->label);
        if (c->line > 0) {
            fputs(", \"file\": ", out);
            json_put_string(out, t->program);
            fprintf(out, ", \"line\": %d, \"col\": %d", c->line, c->col);
        }
        fputc('}', out);
    }
    fputs("]},\n\"profiles\": [", out);
    for (int k = CCM_A; k <= CCM_P; k++) {
        fputs(k == CCM_A ? "\n  " : ",\n  ", out);
        profile(out, t, k, w.of, w.path);
    }
    fputs("]}\n", out);
    prof_walk_free(&w);
    return 0;
}
