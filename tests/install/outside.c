/* outside.c -- a program written against the installed library only:
 * <ccm/ccmlib.h> and the flags of `pkg-config --cflags --libs ccm`.
 * tests/install/run.sh copies it to a directory outside the tree, builds
 * it against the shared and the static library and checks its output.
 * Compiles as C99 and as C++ (tests/install/run.sh does both). */
#include <stdio.h>
#include <string.h>
#include <ccm/ccmlib.h>

/* The program of docs/semantics.md section 7 (examples/hello.lam). */
static const char program[] = "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";
static const char bad[] = "main = f;\n";     /* unbound variable: an error value, not a crash */

int main(void)
{
    struct ccm_options opt;
    char err[512], value[64];
    ccm_options_default(&opt);
    opt.max_heap = 1024; opt.max_cells = 1024; opt.max_stack = 256;

    struct ccm_session *s = ccm_session_from_text("hello.lam", program, strlen(program), &opt, err, sizeof err);
    if (!s) { printf("load failed: %s\n", err); return 1; }
    int st = ccm_session_run(s);
    int32_t main_cc = ccm_session_cc_find(s, "MAIN"), fun = ccm_session_cc_find(s, "fun");
    printf("status %s, steps %llu, value %s\n", ccm_status_kind(st),
           (unsigned long long)ccm_session_machine(s)->steps, ccm_session_value(s, value, sizeof value));
    printf("MAIN V=%llu H=%llu; fun V=%llu entries=%llu\n",
           (unsigned long long)ccm_session_cost(s, main_cc, CCM_V),
           (unsigned long long)ccm_session_cost(s, main_cc, CCM_H),
           (unsigned long long)ccm_session_cost(s, fun, CCM_V),
           (unsigned long long)ccm_session_cost(s, fun, CCM_ENTRIES));
    ccm_session_free(s);

    s = ccm_session_from_text("bad.lam", bad, strlen(bad), &opt, err, sizeof err);
    printf("bad: %s\n", s ? "loaded?" : err);
    if (s) ccm_session_free(s);
    return 0;
}
