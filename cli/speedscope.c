/* speedscope.c -- speedscope's own file format (`ccm run --speedscope
 * FILE`; the schema ships with the npm package as file-format-schema.json): one
 * frame per node of the cost-centre tree (profile.h), and one "sampled"
 * profile per counter A C V U H P, so that each can be viewed.  A sample
 * is the node's path from MAIN (MAIN; MAIN CAF CAF:x; MAIN cc) weighted by
 * the counter's value there; zero weights are left out. */
#include <inttypes.h>
#include "cli.h"
#include "profile.h"

static const char *const counter_title[] = {
    "A: applications", "C: case expressions", "V: variable entries",
    "U: thunk updates", "H: heap objects allocated", "P: primitive operations"
};

static void profile(FILE *out, const struct prof_tree *t, int k)
{
    uint64_t total = 0;
    for (int32_t i = 0; i < t->n; i++) total += t->node[i].counters[k];
    fputs("{\"type\": \"sampled\", \"name\": ", out);
    json_put_string(out, counter_title[k]);
    fprintf(out, ", \"unit\": \"none\", \"startValue\": 0, \"endValue\": %" PRIu64 ", \"samples\": [", total);
    int first = 1;
    for (int32_t i = 0; i < t->n; i++) {
        if (!t->node[i].counters[k]) continue;
        int32_t path[8], depth = 0;          /* the tree is at most 3 deep */
        for (int32_t j = i; j >= 0 && depth < 8; j = t->node[j].parent) path[depth++] = j;
        fputs(first ? "[" : ", [", out);
        for (int32_t d = depth - 1; d >= 0; d--) fprintf(out, "%" PRId32 "%s", path[d], d ? ", " : "");
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

void prof_write_speedscope(FILE *out, const struct prof_tree *t)
{
    fputs("{\"$schema\": \"https://www.speedscope.app/file-format-schema.json\",\n"
          "\"exporter\": \"ccm\",\n\"name\": ", out);
    json_put_string(out, t->program);
    fputs(",\n\"activeProfileIndex\": 0,\n\"shared\": {\"frames\": [", out);
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        fputs(i ? ",\n  {\"name\": " : "\n  {\"name\": ", out);
        json_put_string(out, n->label);
        if (n->line > 0) {
            fputs(", \"file\": ", out);
            json_put_string(out, t->program);
            fprintf(out, ", \"line\": %d, \"col\": %d", n->line, n->col);
        }
        fputc('}', out);
    }
    fputs("]},\n\"profiles\": [", out);
    for (int k = CCM_A; k <= CCM_P; k++) {
        fputs(k == CCM_A ? "\n  " : ",\n  ", out);
        profile(out, t, k);
    }
    fputs("]}\n", out);
}
