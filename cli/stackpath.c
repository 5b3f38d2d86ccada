/* stackpath.c -- see stackpath.h.  A path is matched against the stack
 * table as text, one name at a time from the root, not split at every `/`
 * first: a cost-centre name may itself hold a `/`, and then the path is
 * still found (or, if it reads as two stacks, said to be ambiguous). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stackpath.h"
#include "stacktree.h"

int32_t *stack_ccs(const struct ccm_session *s, int32_t node, int32_t *depth)
{
    int32_t d = ccm_session_stack_depth(s, node);
    *depth = d;
    if (d <= 0) return NULL;
    int32_t *ccs = malloc((size_t)d * sizeof *ccs);
    if (!ccs) return NULL;
    for (int32_t i = d - 1, n = node; i >= 0; i--, n = ccm_session_stack_parent(s, n))
        ccs[i] = ccm_session_stack_cc(s, n);
    return ccs;
}

char *stack_path_text(const struct ccm_session *s, int32_t node, const char *sep)
{
    size_t need = ccm_session_stack_path(s, node, sep, NULL, 0);
    char *p = malloc(need + 1);
    if (p) ccm_session_stack_path(s, node, sep, p, need + 1);
    return p;
}

int stack_path_check(const char *path, char *err, size_t cap)
{
    const char *why = NULL;
    size_t n = strlen(path);
    if (n == 0) why = "it is empty";
    else if (path[0] == '/') why = "it starts with `/`";
    else if (path[n - 1] == '/') why = "it ends with `/`";
    else if (strstr(path, "//")) why = "it has an empty name (`//`)";
    if (!why) return 0;
    snprintf(err, cap, "--stack `%s` is not a stack path: %s; write the cost-centre names from the root, "
             "joined by `/`, e.g. `MAIN/main/f` (docs/audit.md)", path, why);
    return -1;
}

/* Does name stand at path[at], followed by the end or a `/`? */
static int names_at(const char *path, size_t at, const char *name)
{
    size_t len = strlen(name);
    return strncmp(path + at, name, len) == 0 && (path[at + len] == '\0' || path[at + len] == '/');
}

int32_t stack_path_find(const struct ccm_session *s, const char *path, int32_t *nearest)
{
    int32_t n = ccm_session_nstacks(s), found = -1;
    size_t full = strlen(path);
    /* end[i]: where node i's path ends in `path` when it is a prefix of it
     * (cut at a `/` or the end), else -1.  Parents precede their children
     * in the table, so one pass in node order sees each parent first. */
    long *end = malloc((n > 0 ? (size_t)n : 1) * sizeof *end);
    if (!end) return -3;
    *nearest = -1;
    long best = -1;
    for (int32_t i = 0; i < n; i++) {
        int32_t p = ccm_session_stack_parent(s, i);
        const char *name = ccm_session_cc_name(s, ccm_session_stack_cc(s, i));
        end[i] = -1;
        if (!name) continue;
        if (p < 0) {
            if (names_at(path, 0, name)) end[i] = (long)strlen(name);
        } else if (p < i && end[p] >= 0 && path[end[p]] == '/' && names_at(path, (size_t)end[p] + 1, name)) {
            end[i] = end[p] + 1 + (long)strlen(name);
        }
        if (end[i] < 0) continue;
        if ((size_t)end[i] == full) {
            if (found >= 0) { free(end); return -2; }
            found = i;
        } else if (end[i] > best) {
            best = end[i];
            *nearest = i;
        }
    }
    free(end);
    return found;
}

/* Append to buf (at *len, within cap) as snprintf would. */
static void put(char *buf, size_t cap, size_t *len, const char *text)
{
    if (*len < cap) snprintf(buf + *len, cap - *len, "%s", text);
    *len += strlen(text);
}

/* Append node's path, in backquotes. */
static void put_path(const struct ccm_session *s, int32_t node, char *buf, size_t cap, size_t *len)
{
    char *p = stack_path_text(s, node, "/");
    put(buf, cap, len, "`");
    put(buf, cap, len, p ? p : "?");
    put(buf, cap, len, "`");
    free(p);
}

/* Append the listed stacks (with something charged at or below them)
 * whose parent is `parent` (-1: the roots), at most 8 of them. */
static void put_children(const struct ccm_session *s, const struct stack_tree *t, int32_t parent,
                         char *buf, size_t cap, size_t *len)
{
    int32_t shown = 0, more = 0;
    for (int32_t i = 0; i < t->n; i++) {
        if (ccm_session_stack_parent(s, t->node[i]) != parent) continue;
        if (shown == 8) { more++; continue; }
        put(buf, cap, len, shown++ ? ", " : "");
        put_path(s, t->node[i], buf, cap, len);
    }
    if (more) put(buf, cap, len, ", ...");
    if (!shown) put(buf, cap, len, "none");
}

void stack_path_not_found(const struct ccm_session *s, const char *path, int32_t rc, int32_t nearest,
                          char *buf, size_t cap)
{
    size_t len = 0;
    struct stack_tree t;
    int tree = stack_tree_build(s, &t) == 0;
    put(buf, cap, &len, "--stack: ");
    if (rc == -3 || !tree) put(buf, cap, &len, "out of memory looking for `");
    else if (rc == -2) put(buf, cap, &len, "two stacks read `");
    else put(buf, cap, &len, "no stack `");
    put(buf, cap, &len, path);
    put(buf, cap, &len, rc == -2 ? "` (a cost-centre name holds `/`)" : "` in this run");
    if (tree && rc == -1) {
        if (nearest >= 0) {
            put(buf, cap, &len, "; the longest prefix that is one: ");
            put_path(s, nearest, buf, cap, &len);
            put(buf, cap, &len, ", whose stacks with costs one deeper are: ");
            put_children(s, &t, nearest, buf, cap, &len);
        } else {
            put(buf, cap, &len, "; a path starts at a root, and the roots with costs are: ");
            put_children(s, &t, -1, buf, cap, &len);
        }
        if (!stacks_shown(s) && strchr(path, '/'))
            put(buf, cap, &len, " (this run is flat, --push single: every stack is one cost centre; "
                                "--push append or ghc keeps stacks)");
    }
    if (tree) stack_tree_free(&t);
}
