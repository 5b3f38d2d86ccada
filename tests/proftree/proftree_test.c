/* tests/proftree/proftree_test.c OUTDIR -- the profile writers (cli/profile.h)
 * on cost-centre trees built by hand, of any depth, with a cost centre in
 * many nodes (as cost-centre stacks give): for each tree NAME it writes
 * OUTDIR/NAME.prof, NAME.pj (-pj JSON), NAME.ss (speedscope) and
 * NAME.expect.json, what the construction says the files must hold (each
 * node's parent, cost centre, columns and inherited sums, the latter summed
 * here by walking every node's ancestors, not by prof_tree_sums).
 * tests/proftree/check.py opens the files with the real readers and
 * compares them with the expectations.
 *
 * In-process it checks prof_tree_check on every tree, prof_tree_sums
 * against the walk over ancestors, prof_tree_ccs against the construction,
 * and that prof_tree_check refuses trees broken in each of its rules.
 * Prints "proftree-c: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "../../cli/profile.h"

static int passed, failed;

static void check(int ok, const char *what, const char *tree)
{
    if (ok) passed++;
    else { failed++; printf("FAIL: %s: %s\n", tree, what); }
}

/* ---- cost centres: id = index + 1; MAIN is id 1 */
struct ccdef { const char *label, *module, *src; int line, col, is_caf; };
static struct ccdef ccs[4096];
static int nccs;

static int32_t cc_add(const char *label, const char *module, const char *src, int line, int col, int is_caf)
{
    if (nccs == (int)(sizeof ccs / sizeof *ccs)) { fprintf(stderr, "too many cost centres\n"); exit(2); }
    ccs[nccs] = (struct ccdef){ label, module, src, line, col, is_caf };
    return ++nccs;                     /* the id */
}

/* a name per cost centre, kept for the whole run */
static char names[4096][48];

static int32_t cc_numbered(const char *stem, int k)
{
    char *buf = names[nccs];
    snprintf(buf, sizeof names[0], "%s%d", stem, k);
    char *src = names[nccs] + 24;
    snprintf(src, 24, "t.lam:%d:%d", k + 1, k % 7 + 3);
    return cc_add(buf, "Main", src, k + 1, k % 7 + 3, 0);
}

/* ---- a tree under construction, built in preorder */
struct build { struct prof_tree t; int32_t cap; uint64_t seed; int number_by_id; };

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

static void start(struct build *b, const char *program, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->t.program = program;
    b->seed = seed;
}

/* node of cost centre `id` (-1 and `group`: a CAF group node) under parent */
static int32_t add(struct build *b, int32_t parent, int32_t id)
{
    if (b->t.n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        b->t.node = realloc(b->t.node, (size_t)b->cap * sizeof *b->t.node);
        if (!b->t.node) { fprintf(stderr, "out of memory\n"); exit(2); }
    }
    int32_t i = b->t.n++;
    struct prof_node *n = &b->t.node[i];
    memset(n, 0, sizeof *n);
    const struct ccdef *c = &ccs[id - 1];
    n->id = id;
    n->cc = id - 1;
    n->no = b->number_by_id ? id : 1000 + 3 * i;   /* unique, and not the id */
    n->parent = parent;
    n->depth = parent < 0 ? 0 : b->t.node[parent].depth + 1;
    n->label = c->label;
    n->module = c->module;
    snprintf(n->src, sizeof n->src, "%s", c->src);
    n->line = c->line;
    n->col = c->col;
    n->is_caf = c->is_caf;
    /* counters: small, some zero, a few large */
    for (int k = CCM_A; k <= CCM_P; k++) {
        uint64_t r = mix(b->seed * 1000003u + (uint64_t)i * 31u + (uint64_t)k);
        n->counters[k] = r % 4 == 0 ? 0 : r % 97 == 0 ? 1000 + r % 9000 : r % 50;   /* ticks < 10^5: .prof's %5 column */
    }
    n->counters[CCM_ENTRIES] = mix(b->seed + (uint64_t)i) % 10;
    n->entries = n->counters[CCM_ENTRIES];
    for (int k = CCM_A; k <= CCM_P; k++)
        if (k != CCM_H) n->ticks += n->counters[k];
    n->alloc = n->counters[CCM_H] * 24;
    return i;
}

static void zero(struct build *b, int32_t i)
{
    struct prof_node *n = &b->t.node[i];
    memset(n->counters, 0, sizeof n->counters);
    n->entries = n->ticks = n->alloc = 0;
}

/* ---- the expectations and the files */
static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
        else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
        else fputc(*p, f);
    }
    fputc('"', f);
}

static FILE *open_out(const char *dir, const char *name, const char *ext)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(2); }
    return f;
}

static void finish(struct build *b, const char *dir, const char *name)
{
    struct prof_tree *t = &b->t;
    char err[300];
    prof_tree_sums(t);

    /* inherited columns by walking each node's ancestors: O(n * depth) */
    uint64_t *it = calloc((size_t)t->n, sizeof *it), *ia = calloc((size_t)t->n, sizeof *ia);
    uint64_t tt = 0, ta = 0;
    if (!it || !ia) exit(2);
    for (int32_t i = 0; i < t->n; i++) {
        tt += t->node[i].ticks;
        ta += t->node[i].alloc;
        for (int32_t j = i; j >= 0; j = t->node[j].parent) {
            it[j] += t->node[i].ticks;
            ia[j] += t->node[i].alloc;
        }
    }
    int sums = tt == t->total_ticks && ta == t->total_alloc;
    for (int32_t i = 0; i < t->n; i++) sums &= t->node[i].inh_ticks == it[i] && t->node[i].inh_alloc == ia[i];
    check(sums, "prof_tree_sums: each node's subtree, summed over ancestors", name);
    int ok = prof_tree_check(t, err, sizeof err) == 0;
    check(ok, ok ? "prof_tree_check" : err, name);

    /* prof_tree_ccs: numbered by first node, one per id */
    int32_t *of = malloc((size_t)t->n * sizeof *of), *first = malloc((size_t)t->n * sizeof *first);
    int32_t *num = malloc(((size_t)nccs + 2) * sizeof *num), distinct = 0;
    if (!of || !first || !num) exit(2);
    for (int i = 0; i < nccs + 2; i++) num[i] = -1;
    int32_t got = prof_tree_ccs(t, of, first);
    int good = 1;
    for (int32_t i = 0; i < t->n; i++) {
        int32_t id = t->node[i].id;
        if (num[id] < 0) { good &= got > distinct && first[distinct] == i; num[id] = distinct++; }
        good &= of[i] == num[id];
    }
    check(good && got == distinct, "prof_tree_ccs: one number per id, in order of first node", name);

    FILE *f = open_out(dir, name, "expect.json");
    fprintf(f, "{\"program\": ");
    put_str(f, t->program);
    fprintf(f, ", \"total_ticks\": %" PRIu64 ", \"total_alloc\": %" PRIu64 ", \"distinct_ccs\": %d, \"nodes\": [\n",
            tt, ta, (int)distinct);
    for (int32_t i = 0; i < t->n; i++) {
        const struct prof_node *n = &t->node[i];
        fprintf(f, "%s{\"parent\": %d, \"depth\": %d, \"id\": %d, \"no\": %d, \"label\": ", i ? ",\n" : "",
                (int)n->parent, (int)n->depth, (int)n->id, (int)n->no);
        put_str(f, n->label);
        fputs(", \"module\": ", f);
        put_str(f, n->module);
        fputs(", \"src\": ", f);
        put_str(f, n->src);
        fprintf(f, ", \"line\": %d, \"col\": %d, \"is_caf\": %s, \"entries\": %" PRIu64 ", \"ticks\": %" PRIu64
                ", \"alloc\": %" PRIu64 ", \"inh_ticks\": %" PRIu64 ", \"inh_alloc\": %" PRIu64 ", \"counters\": [",
                n->line, n->col, n->is_caf ? "true" : "false", n->entries, n->ticks, n->alloc, it[i], ia[i]);
        for (int k = CCM_A; k <= CCM_P; k++) fprintf(f, "%s%" PRIu64, k ? ", " : "", n->counters[k]);
        fputs("]}", f);
    }
    fputs("]}\n", f);
    fclose(f);

    f = open_out(dir, name, "prof");
    int short_of_memory = prof_write_text(f, t) != 0;
    fclose(f);
    f = open_out(dir, name, "pj");
    short_of_memory |= prof_write_json(f, t) != 0;
    fclose(f);
    f = open_out(dir, name, "ss");
    short_of_memory |= prof_write_speedscope(f, t) != 0;
    fclose(f);
    if (short_of_memory) { fprintf(stderr, "proftree-test: %s: a writer ran out of memory\n", name); exit(1); }
    free(it); free(ia); free(of); free(first); free(num);
}

/* ---- prof_tree_check refuses what is no tree of profile.h's shape */
static void refused(struct build *b, const char *what, void (*breakit)(struct prof_tree *))
{
    struct prof_tree copy = b->t;
    copy.node = malloc((size_t)b->t.n * sizeof *copy.node);
    if (!copy.node) exit(2);
    memcpy(copy.node, b->t.node, (size_t)b->t.n * sizeof *copy.node);
    prof_tree_sums(&copy);
    breakit(&copy);
    char err[300] = "";
    check(prof_tree_check(&copy, err, sizeof err) != 0, what, "refused");
    free(copy.node);
}

/* on the `samecc` tree below: 0 MAIN, 1 a, 2 b, 3 a, 4 c, 5 b, 6 a, 7 b, ... */
static void br_root(struct prof_tree *t) { t->node[0].parent = 0; }
static void br_forward(struct prof_tree *t) { t->node[2].parent = 5; }
static void br_preorder(struct prof_tree *t) { t->node[8].parent = 2; t->node[8].depth = 3; }
static void br_depth(struct prof_tree *t) { t->node[3].depth = 5; }
static void br_id(struct prof_tree *t) { t->node[3].label = "other"; }
static void br_no(struct prof_tree *t) { t->node[4].no = t->node[2].no; }
static void br_sibling(struct prof_tree *t)   /* node 5 (MAIN a c) made b, as its sibling node 2 */
{
    struct prof_node *x = &t->node[5], *y = &t->node[2];
    x->id = y->id; x->cc = y->cc; x->label = y->label; x->line = y->line; x->col = y->col;
    memcpy(x->src, y->src, sizeof x->src);
}
static void br_sum(struct prof_tree *t) { t->node[2].inh_ticks++; }
static void br_total(struct prof_tree *t) { t->total_alloc += 24; }

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: proftree_test OUTDIR\n"); return 2; }
    const char *dir = argv[1];
    struct build b;
    int32_t main_id = cc_add("MAIN", "MAIN", "<built-in>", 0, 0, 0);

    /* depth 1: the root alone */
    start(&b, "depth1.lam", 1);
    add(&b, -1, main_id);
    finish(&b, dir, "depth1");
    free(b.t.node);

    /* depth 2: three children */
    int32_t a = cc_numbered("a", 1), bb = cc_numbered("b", 2), c = cc_numbered("c", 3);
    start(&b, "depth2.lam", 2);
    add(&b, -1, main_id);
    add(&b, 0, a); add(&b, 0, bb); add(&b, 0, c);
    finish(&b, dir, "depth2");
    free(b.t.node);

    /* today's shape: MAIN, the CAF group with two CAFs, two cost centres;
     * numbered by cost centre as prof_tree_build numbers them */
    int32_t cx = cc_add("CAF:x", "Main", "<CAF>", 0, 0, 1), cy = cc_add("CAF:y", "Main", "<CAF>", 0, 0, 1);
    int32_t grp = cc_add("CAF", "Main", "<entire-module>", 0, 0, 1);
    start(&b, "flat.lam", 3);
    b.number_by_id = 1;
    add(&b, -1, main_id);
    int32_t g = add(&b, 0, grp);
    zero(&b, g);
    b.t.node[g].cc = -1;
    add(&b, g, cx); add(&b, g, cy);
    add(&b, 0, a); add(&b, 0, bb);
    finish(&b, dir, "flat");
    free(b.t.node);

    /* depth 10: a chain of ten distinct cost centres */
    int32_t chain[10];
    chain[0] = main_id;
    for (int k = 1; k < 10; k++) chain[k] = cc_numbered("d", k);
    start(&b, "depth10.lam", 4);
    for (int k = 0; k < 10; k++) add(&b, k - 1, chain[k]);
    finish(&b, dir, "depth10");
    free(b.t.node);

    /* depth 1000: a chain whose cost centres cycle over seven, so each
     * occurs at about 140 depths */
    int32_t cyc[7];
    for (int k = 0; k < 7; k++) cyc[k] = cc_numbered("cyc", k);
    start(&b, "depth1000.lam", 5);
    add(&b, -1, main_id);
    for (int k = 1; k < 1000; k++) add(&b, k - 1, cyc[k % 7]);
    finish(&b, dir, "depth1000");
    free(b.t.node);

    /* a recursive chain: MAIN, main, then f under f 400 times (push append),
     * each f with a leaf g beside the next f */
    int32_t fmain = cc_numbered("main", 0), f = cc_numbered("f", 0), gl = cc_numbered("g", 0);
    start(&b, "recursive.lam", 6);
    add(&b, -1, main_id);
    int32_t up = add(&b, 0, fmain);
    for (int k = 0; k < 400; k++) {
        up = add(&b, up, f);
        add(&b, up, gl);
    }
    finish(&b, dir, "recursive");
    free(b.t.node);

    /* one cost centre at several depths in several branches, names with a
     * space, a quote and a non-ASCII letter */
    int32_t sp = cc_add("has space", "Main", "t.lam:40:2", 40, 2, 0);
    int32_t lam = cc_add("\xce\xbb-lift\"q", "Main", "t.lam:41:9", 41, 9, 0);
    start(&b, "samecc.lam", 7);
    add(&b, -1, main_id);                 /* 0 MAIN */
    int32_t n1 = add(&b, 0, a);           /* 1 MAIN a */
    int32_t n2 = add(&b, n1, bb);         /* 2 MAIN a b */
    int32_t n3 = add(&b, n2, a);          /* 3 MAIN a b a */
    add(&b, n3, c);                       /* 4 MAIN a b a c */
    int32_t n5 = add(&b, n1, c);          /* 5 MAIN a c */
    int32_t n6 = add(&b, n5, a);          /* 6 MAIN a c a */
    add(&b, n6, bb);                      /* 7 MAIN a c a b */
    int32_t n8 = add(&b, 0, bb);          /* 8 MAIN b */
    int32_t n9 = add(&b, n8, sp);         /* 9 MAIN b sp */
    add(&b, n9, lam);                     /* 10 MAIN b sp lam */
    add(&b, n9, a);                       /* 11 MAIN b sp a */
    int32_t n12 = add(&b, 0, lam);        /* 12 MAIN lam */
    zero(&b, n12);                        /* a node of no cost of its own */
    add(&b, n12, sp);                     /* 13 MAIN lam sp */
    finish(&b, dir, "samecc");
    refused(&b, "a root with a parent", br_root);
    refused(&b, "a parent after its child", br_forward);
    refused(&b, "a node out of preorder", br_preorder);
    refused(&b, "a depth that is not the parent's + 1", br_depth);
    refused(&b, "one id, two labels", br_id);
    refused(&b, "two nodes of one number", br_no);
    refused(&b, "two siblings of one cost centre", br_sibling);
    refused(&b, "an inherited column that is not the subtree's sum", br_sum);
    refused(&b, "a total that is not the sum", br_total);
    free(b.t.node);

    /* wide fan-out: 3000 children of MAIN, the first 100 with two children
     * of the same two cost centres; two heavy nodes for the flat table */
    int32_t wide[3000], wx = cc_numbered("wx", 0), wy = cc_numbered("wy", 0);
    for (int k = 0; k < 3000; k++) wide[k] = cc_numbered("w", k);
    start(&b, "wide.lam", 8);
    add(&b, -1, main_id);
    for (int k = 0; k < 3000; k++) {
        int32_t i = add(&b, 0, wide[k]);
        if (k == 7 || k == 2500) b.t.node[i].counters[CCM_A] = 60000, b.t.node[i].ticks += 60000;
        if (k < 100) { add(&b, i, wx); add(&b, i, wy); }
    }
    finish(&b, dir, "wide");
    free(b.t.node);

    /* a random tree: 3000 nodes, up to 60 deep, over 25 cost centres */
    int32_t pool[25];
    for (int k = 0; k < 25; k++) pool[k] = cc_numbered("r", k);
    start(&b, "random.lam", 9);
    add(&b, -1, main_id);
    int32_t path[64], depth = 0;
    path[0] = 0;
    for (uint64_t step = 0; b.t.n < 3000; step++) {
        uint64_t r = mix(step * 7919u + 9);
        if (depth > 0 && (r % 3 == 0 || depth == 60)) { depth--; continue; }
        int32_t parent = path[depth], pick = -1;
        for (int tries = 0; tries < 25 && pick < 0; tries++) {
            int32_t cand = pool[(r / 3 + (uint64_t)tries) % 25], used = 0;
            for (int32_t j = parent + 1; j < b.t.n && !used; j++)
                used = b.t.node[j].parent == parent && b.t.node[j].id == cand;
            if (!used) pick = cand;
        }
        if (pick < 0) { if (depth == 0) break; depth--; continue; }  /* the root is full: done */
        path[++depth] = add(&b, parent, pick);
    }
    finish(&b, dir, "random");
    free(b.t.node);

    printf("proftree-c: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
