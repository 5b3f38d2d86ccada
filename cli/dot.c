/* dot.c -- one Graphviz picture (docs/graphs.md): a node's area is
 * proportional to one share, its colour is the band of another (the same
 * one in a run's graph), edges are calls.  SVG is drawn by Graphviz's own `dot`, run as a child process. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ccgraph.h"

/* The bands of the Ciao profiler's pictures (Mera et al., Fig. 8): a quarter each. */
static const char *band_colour(double share)
{
    if (share >= 0.75) return "#e8463a";     /* red: 75-100 %   */
    if (share >= 0.50) return "#f39c34";     /* orange: 50-75 % */
    if (share >= 0.25) return "#f4d03f";     /* yellow: 25-50 % */
    return "#7dcc6e";                        /* green: 0-25 %   */
}

/* A double-quoted Graphviz string; "\n" in s becomes a line break. */
static void put_quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '\n') fputs("\\n", out);
        else if (*s == '"' || *s == '\\') { fputc('\\', out); fputc(*s, out); }
        else if ((unsigned char)*s < 0x20) fputc(' ', out);
        else fputc(*s, out);
    }
    fputc('"', out);
}

/* Side of a node whose area is share of the largest (100 %) node. */
#define FULL_SIDE 1.6      /* inches */
#define MIN_SIDE  0.08     /* a node with almost nothing still shows */

void dot_print(FILE *out, const char *title, const struct dot_node *nodes, int n,
               const struct dot_edge *edges, int nedges)
{
    fputs("digraph ccm {\n  graph [label=", out);
    put_quoted(out, title);
    fputs(", labelloc=t, rankdir=TB, nodesep=0.4, ranksep=0.5];\n"
          "  node [shape=circle, style=filled, fixedsize=true, fontname=\"Helvetica\", fontsize=10];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
    for (int i = 0; i < n; i++) {
        double side = FULL_SIDE * sqrt(nodes[i].share);
        if (side < MIN_SIDE) side = MIN_SIDE;
        char text[400];
        snprintf(text, sizeof text, "%s\n%s", nodes[i].name, nodes[i].label);
        fprintf(out, "  n%d [label=\"\", width=%.3f, fillcolor=\"%s\", xlabel=", i, side,
                band_colour(nodes[i].colour_share));
        put_quoted(out, text);
        fputs("];\n", out);
    }
    for (int k = 0; k < nedges; k++) {
        if (edges[k].from < 0 || edges[k].to < 0) continue;
        fprintf(out, "  n%d -> n%d", edges[k].from, edges[k].to);
        if (edges[k].count) fprintf(out, " [label=\"x%" PRIu64 "\"]", edges[k].count);
        fputs(";\n", out);
    }
    fputs("}\n", out);
}

/* Is `dot` an executable on PATH? */
static int have_dot(void)
{
    const char *path = getenv("PATH");
    if (!path) return 0;
    char buf[4096];
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len > 0 && len + 5 < sizeof buf) {
            memcpy(buf, path, len);
            memcpy(buf + len, "/dot", 5);
            if (access(buf, X_OK) == 0) return 1;
        }
        path += len;
        if (*path == ':') path++;
    }
    return 0;
}

/* Run `dot -Tsvg -o svg_path` (or to standard output for "-") on text. */
static int run_dot(const char *text, size_t len, const char *svg_path)
{
    if (!have_dot()) {
        fputs("ccm: --svg needs Graphviz's `dot` on PATH (Debian: apt-get install graphviz); --dot FILE writes the graph without it\n", stderr);
        return 2;
    }
    int fd[2];
    if (pipe(fd) != 0) { fprintf(stderr, "ccm: --svg: %s\n", strerror(errno)); return 2; }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { close(fd[0]); close(fd[1]); fprintf(stderr, "ccm: --svg: %s\n", strerror(errno)); return 2; }
    if (pid == 0) {
        dup2(fd[0], 0);
        close(fd[0]); close(fd[1]);
        if (strcmp(svg_path, "-") == 0) execlp("dot", "dot", "-Tsvg", (char *)NULL);
        else execlp("dot", "dot", "-Tsvg", "-o", svg_path, (char *)NULL);
        _exit(127);
    }
    close(fd[0]);
    size_t off = 0;
    int wrote = 1;
    while (off < len) {
        ssize_t w = write(fd[1], text + off, len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) { wrote = 0; break; }
        off += (size_t)w;
    }
    close(fd[1]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) { fprintf(stderr, "ccm: --svg: %s\n", strerror(errno)); return 2; }
    if (!wrote || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "ccm: --svg: Graphviz's dot failed writing `%s`\n", svg_path);
        return 2;
    }
    return 0;
}

int dot_write(const char *dot_path, const char *svg_path, const char *title,
              const struct dot_node *nodes, int n, const struct dot_edge *edges, int nedges)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) { fputs("ccm: out of memory drawing the graph\n", stderr); return 2; }
    dot_print(mem, title, nodes, n, edges, nedges);
    if (fclose(mem) != 0 || !text) { free(text); fputs("ccm: out of memory drawing the graph\n", stderr); return 2; }
    int rc = 0;
    if (dot_path) {
        FILE *f = strcmp(dot_path, "-") == 0 ? stdout : fopen(dot_path, "w");
        if (!f) { fprintf(stderr, "ccm: --dot: cannot write `%s`: %s\n", dot_path, strerror(errno)); rc = 2; }
        else {
            fwrite(text, 1, len, f);
            if ((f == stdout ? fflush(f) : fclose(f)) != 0) {
                fprintf(stderr, "ccm: --dot: cannot write `%s`\n", dot_path);
                rc = 2;
            }
        }
    }
    if (rc == 0 && svg_path) rc = run_dot(text, len, svg_path);
    free(text);
    return rc;
}
