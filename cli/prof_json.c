/* prof_json.c -- GHC's -pj JSON report (`ccm run --prof-json FILE`): the
 * members GHC 9's rts/ProfilerReportJson.c writes, in its order.
 * speedscope recognises the format by "rts_arguments" and
 * "initial_capabilities".  "profile" is the tree of profile.h with each
 * node's individual entries, ticks and alloc (bytes); "id" names the cost
 * centre in "cost_centres".  Names are written exactly (JSON-escaped). */
#include <inttypes.h>
#include "cli.h"
#include "profile.h"

static void node(FILE *out, const struct prof_tree *t, int32_t i)
{
    const struct prof_node *n = &t->node[i];
    fprintf(out, "{\"id\": %" PRId32 ", \"entries\": %" PRIu64 ", \"alloc\": %" PRIu64 ", \"ticks\": %" PRIu64
            ", \"children\": [", n->id, n->entries, n->alloc, n->ticks);
    int first = 1;
    for (int32_t j = i + 1; j < t->n && t->node[j].depth > n->depth; j++) {
        if (t->node[j].parent != i) continue;
        if (!first) fputc(',', out);
        first = 0;
        node(out, t, j);
    }
    fputs("]}", out);
}

void prof_write_json(FILE *out, const struct prof_tree *t)
{
    char date[64];
    prof_date(date, sizeof date);
    fputs("{\n\"program\": ", out);
    json_put_string(out, t->program);
    fputs(",\n\"arguments\": [", out);
    json_put_string(out, t->program);
    fputs("],\n\"rts_arguments\": [\"-pj\"],\n\"end_time\": ", out);
    json_put_string(out, date);
    fprintf(out, ",\n\"initial_capabilities\": 0,\n\"total_time\": %.2f,\n\"total_ticks\": %" PRIu64
            ",\n\"tick_interval\": 1000,\n\"total_alloc\": %" PRIu64 ",\n\"cost_centres\": [\n",
            (double)t->total_ticks / 1000.0, t->total_ticks, t->total_alloc);
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        fprintf(out, "%s{\"id\": %" PRId32 ", \"label\": ", i ? ", " : "", n->id);
        json_put_string(out, n->label);
        fputs(", \"module\": ", out);
        json_put_string(out, n->module);
        fputs(", \"src_loc\": ", out);
        json_put_string(out, n->src);
        fprintf(out, ", \"is_caf\": %s}", n->is_caf ? "true" : "false");
    }
    fputs("]\n,\n\"profile\": ", out);
    node(out, t, 0);
    fputs("\n}\n", out);
}
