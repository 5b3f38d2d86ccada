#!/usr/bin/env bash
# tests/install/run.sh -- `make install` gives a library other programs
# build on with pkg-config alone (docs/library.md).  Installs into a scratch
# prefix (with DESTDIR too), then from a directory outside the tree builds
# a small program against the shared and against the static library with
# nothing but `pkg-config --cflags --libs ccm`, runs both and checks what
# they print against the worked example (docs/semantics.md section 7:
# main = let f = scc "fun" \x -> x; a = 1 in f a -- 9 transitions, value 1).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SUITE=install
PASS=0; FAIL=0
ok()  { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
prefix=$WORK/prefix

make -s -C "$ROOT" install PREFIX="$prefix" > "$WORK/install.log" 2>&1 && ok || { bad "make install"; cat "$WORK/install.log"; }
for f in bin/ccm lib/libccm.a lib/libccm.so.0.1.0 lib/libccm.so.0 lib/libccm.so \
         include/ccm/kernel/ccm.h include/ccm/lib/ccmlib.h lib/pkgconfig/ccm.pc share/man/man1/ccm.1; do
    [ -e "$prefix/$f" ] && ok || bad "not installed: $f"
done
[ "$(readlink "$prefix/lib/libccm.so")" = libccm.so.0 ] && ok || bad "libccm.so -> $(readlink "$prefix/lib/libccm.so")"
soname=$(readelf -d "$prefix/lib/libccm.so.0.1.0" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ "$soname" = libccm.so.0 ] && ok || bad "soname '$soname'"

# DESTDIR stages the same tree under another root
make -s -C "$ROOT" install PREFIX=/opt/ccm DESTDIR="$WORK/stage" > "$WORK/stage.log" 2>&1 \
    && [ -e "$WORK/stage/opt/ccm/lib/pkgconfig/ccm.pc" ] \
    && grep -q '^prefix=/opt/ccm$' "$WORK/stage/opt/ccm/lib/pkgconfig/ccm.pc" && ok || bad "DESTDIR install"

# the shared library exports the public API only
extra=$(nm -D --defined-only "$prefix/lib/libccm.so.0.1.0" | awk '$2 != "A" {print $3}' | sed 's/@.*//' | grep -v '^ccm_')
[ -z "$extra" ] && ok || bad "exported beside the ccm_ API: $extra"
for fn in ccm_session_from_text ccm_session_run ccm_init ccm_run ccm_step ccm_certificate_get; do
    nm -D --defined-only "$prefix/lib/libccm.so.0.1.0" | grep -q " $fn@" && ok || bad "not exported: $fn"
done
nm -D --defined-only "$prefix/lib/libccm.so.0.1.0" | grep -q " ccm_row_app1@" && bad "kernel row exported" || ok

# safe to embed: the library calls nothing that prints to the terminal,
# exits or aborts (errors come back as values)
forbidden=$(nm -D --undefined-only "$prefix/lib/libccm.so.0.1.0" | awk '{print $2}' | sed 's/@.*//' |
            grep -xE 'exit|_exit|_Exit|abort|__assert_fail|printf|puts|putchar|perror|stdout|stderr|vprintf')
[ -z "$forbidden" ] && ok || bad "libccm.so uses: $forbidden"

# the man page is valid roff
groff -man -ww -z "$prefix/share/man/man1/ccm.1" 2> "$WORK/groff.err" && [ ! -s "$WORK/groff.err" ] && ok \
    || bad "man page: $(cat "$WORK/groff.err")"

# an outside program, from outside the tree, with pkg-config only
out=$WORK/outside
mkdir -p "$out"
cat > "$out/use.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "lib/ccmlib.h"
int main(void)
{
    static const char text[] = "main = let f = scc \"fun\" \\x -> x; a = 1 in f a;\n";
    char err[256], buf[64];
    struct ccm_session *s = ccm_session_from_text("use.lam", text, strlen(text), NULL, err, sizeof err);
    if (!s) { printf("load: %s\n", err); return 1; }
    int st = ccm_session_run(s);
    const struct ccm_machine *m = ccm_session_machine(s);
    printf("%s %llu %s\n", ccm_status_kind(st), (unsigned long long)m->steps,
           ccm_session_value(s, buf, sizeof buf));
    ccm_session_free(s);
    return 0;
}
C
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
flags=$(pkg-config --cflags --libs ccm) && ok || bad "pkg-config ccm"
(cd "$out" && cc -std=c99 -Wall -Wextra -pedantic -Werror use.c $flags -o use-shared) && ok || bad "build against libccm.so"
got=$(LD_LIBRARY_PATH=$prefix/lib "$out/use-shared" 2>&1)
[ "$got" = "value 9 1" ] && ok || bad "shared: '$got'"
ldd "$out/use-shared" 2>/dev/null | grep -q "libccm.so.0 => $prefix/lib" 2>/dev/null \
    || LD_LIBRARY_PATH=$prefix/lib ldd "$out/use-shared" | grep -q "libccm.so.0 => $prefix/lib" && ok || bad "use-shared does not load the installed libccm.so.0"
(cd "$out" && cc -std=c99 -Wall -Wextra -pedantic -Werror use.c $(pkg-config --cflags ccm) \
    -Wl,-Bstatic $(pkg-config --libs ccm) -Wl,-Bdynamic -o use-static) && ok || bad "build against libccm.a"
got=$("$out/use-static" 2>&1)
[ "$got" = "value 9 1" ] && ok || bad "static: '$got'"
ldd "$out/use-static" | grep -q libccm && bad "use-static loads libccm.so" || ok

# the headers alone: C99 pedantic and C++
for hdr in lib/ccmlib.h kernel/ccm.h; do
    printf '#include "%s"\nint main(void) { return 0; }\n' "$hdr" > "$out/h.c"
    cc -std=c99 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags ccm) -c "$out/h.c" -o "$out/h.o" && ok || bad "$hdr under -std=c99 -pedantic"
    cp "$out/h.c" "$out/h.cpp"
    g++ -Wall -Wextra -pedantic -Werror $(pkg-config --cflags ccm) -c "$out/h.cpp" -o "$out/hpp.o" && ok || bad "$hdr from C++"
done
# C++ links against the C library (extern "C")
cp "$out/use.c" "$out/use.cpp"
(cd "$out" && g++ -Wall -Wextra -Werror use.cpp $flags -o use-cpp) && ok || bad "C++ program against libccm.so"
got=$(LD_LIBRARY_PATH=$prefix/lib "$out/use-cpp" 2>&1)
[ "$got" = "value 9 1" ] && ok || bad "C++: '$got'"

echo "$SUITE: $PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
