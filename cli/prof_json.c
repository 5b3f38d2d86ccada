/* prof_json.c -- GHC's -pj JSON report (`ccm run --prof-json FILE`): the
 * members GHC 9's rts/ProfilerReportJson.c writes, in its order.
 * speedscope recognises the format by "rts_arguments" and
 * "initial_capabilities".  "cost_centres" lists each distinct cost centre
 * of the tree of profile.h once, in the order of its first node; "profile"
 * is the tree itself, nested to any depth, with each node's individual
 * entries, ticks and alloc (bytes); a node's "id" names its cost centre in
 * "cost_centres".  Names are written exactly (JSON-escaped). */
#include <inttypes.h>
#include "cli.h"
#include "profile.h"

/* The tree, nested: along the preorder, path holds the open nodes from the
 * root; before a node, those that are not its ancestors are closed.  No
 * recursion, so any depth. */
static void tree(FILE *out, const struct prof_tree *t, int32_t *path)
{
    int32_t sp = 0;
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        if (i > 0) {
            int closed = 0;
            while (sp > 0 && path[sp - 1] != n->parent) { fputs("]}", out); sp--; closed = 1; }
            if (sp == 0) break;           /* not a tree (prof_tree_check): the root is closed */
            if (closed) fputc(',', out);  /* its parent has an earlier child */
        }
        fprintf(out, "{\"id\": %" PRId32 ", \"entries\": %" PRIu64 ", \"alloc\": %" PRIu64 ", \"ticks\": %" PRIu64
                ", \"children\": [", n->id, n->entries, n->alloc, n->ticks);
        path[sp++] = i;
    }
    for (; sp > 0; sp--) fputs("]}", out);
}

int prof_write_json(FILE *out, const struct prof_tree *t)
{
    struct prof_walk w;
    if (prof_walk_init(t, &w) != 0) {
        fputs("(out of memory)\n", out);
        return -1;
    }
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
    for (int32_t c = 0; c < w.ncc; c++) {
        const struct prof_node *n = &t->node[w.first[c]];
        fprintf(out, "%s{\"id\": %" PRId32 ", \"label\": ", c ? ", " : "", n->id);
        json_put_string(out, n->label);
        fputs(", \"module\": ", out);
        json_put_string(out, n->module);
        fputs(", \"src_loc\": ", out);
        json_put_string(out, n->src);
        fprintf(out, ", \"is_caf\": %s}", n->is_caf ? "true" : "false");
    }
    fputs("]\n,\n\"profile\": ", out);
    tree(out, t, w.path);
    fputs("\n}\n", out);
    prof_walk_free(&w);
    return 0;
}
