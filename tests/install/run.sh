#!/usr/bin/env bash
# tests/install/run.sh -- `make install` as a user would use it.
#  1. make install PREFIX=<tmp> puts every file where it belongs, the
#     shared library carries its soname and exports only ccm_ symbols;
#  2. an outside program (tests/install/outside.c, copied to a directory
#     outside the tree) builds with `pkg-config --cflags --libs ccm` only,
#     against the shared library and against the static one, and its output
#     matches the derivation of docs/semantics.md section 7 (examples/hello.expect:
#     9 transitions, value 1; MAIN pays V=2 (var2 main, var3 a... see there)
#     and H=2 (the let's two closures); fun is entered once and pays V=1);
#  3. the installed headers compile alone with -std=c99 -pedantic -Werror
#     and with g++; 4. DESTDIR stages the same tree under another root.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
pass=0; fail=0
ok()  { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
make -s -C "$root" install PREFIX="$prefix" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log"; bad "make install"; echo "install: $pass passed, $fail failed"; exit 1; }
ok "make install PREFIX=$prefix"

for f in bin/ccm lib/libccm.a lib/libccm.so.0.1.0 include/ccm/ccm.h include/ccm/ccmlib.h \
         lib/pkgconfig/ccm.pc share/man/man1/ccm.1; do
    check "installed $f" "[ -f '$prefix/$f' ]"
done
check "lib/libccm.so.0 -> libccm.so.0.1.0" "[ \"\$(readlink '$prefix/lib/libccm.so.0')\" = libccm.so.0.1.0 ]"
check "lib/libccm.so -> libccm.so.0" "[ \"\$(readlink '$prefix/lib/libccm.so')\" = libccm.so.0 ]"
check "soname libccm.so.0" "readelf -d '$prefix/lib/libccm.so.0.1.0' | grep -q 'SONAME.*\[libccm.so.0\]'"
exported=$(nm -D --defined-only "$prefix/lib/libccm.so.0.1.0" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//')
others=$(grep -v '^ccm_' <<<"$exported" | grep -v '^CCM_0$' || true)
check "only ccm_ symbols exported ($(wc -l <<<"$exported") symbols)" "[ -z '$others' ] && grep -q '^ccm_session_run$' <<<'$exported'"
[ -n "$others" ] && echo "     exported besides ccm_: $others"
check "the kernel's internal rows are not exported" "! grep -q '^ccm_row_app1$' <<<'$exported' && ! grep -q '^ccm_fire_let$' <<<'$exported'"
check "the man page is a section-1 page" "grep -q '^.TH CCM 1' '$prefix/share/man/man1/ccm.1'"
check "installed ccm runs" "'$prefix/bin/ccm' run --json '$root/examples/hello.lam' | grep -q '\"value\"'"

# An outside program, from a directory outside the tree, with pkg-config only.
out=$tmp/outside; mkdir -p "$out"; cp "$root/tests/install/outside.c" "$out/"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
expected='status value, steps 9, value 1
MAIN V=2 H=2; fun V=1 entries=1
bad: bad.lam:1:8: unbound variable `f`'
cd "$out"
check "pkg-config --modversion ccm = 0.1.0" "[ \"\$(pkg-config --modversion ccm)\" = 0.1.0 ]"
cflags=$(pkg-config --cflags ccm); libs=$(pkg-config --libs ccm)
if cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags -o shared outside.c $libs 2>"$tmp/cc.log"; then
    ok "outside program builds against libccm.so"
    check "  and needs libccm.so.0" "readelf -d shared | grep -q 'NEEDED.*\[libccm.so.0\]'"
    got=$(LD_LIBRARY_PATH=$prefix/lib ./shared 2>&1)
    check "  and runs: section 7's costs" "[ \"\$got\" = \"\$expected\" ]" || echo "$got"
else cat "$tmp/cc.log"; bad "outside program builds against libccm.so"; fi
if cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags -o static outside.c -Wl,-Bstatic $libs -Wl,-Bdynamic 2>"$tmp/cc.log"; then
    ok "outside program builds against libccm.a"
    check "  and needs no libccm.so" "! readelf -d static | grep -q 'libccm'"
    got=$(./static 2>&1)
    check "  and runs: section 7's costs" "[ \"\$got\" = \"\$expected\" ]" || echo "$got"
else cat "$tmp/cc.log"; bad "outside program builds against libccm.a"; fi
cp outside.c outside.cpp
if g++ -Wall -Wextra -pedantic -Werror $cflags -o cxx outside.cpp $libs 2>"$tmp/cc.log"; then
    got=$(LD_LIBRARY_PATH=$prefix/lib ./cxx 2>&1)
    check "the same program as C++ (g++, extern \"C\") runs" "[ \"\$got\" = \"\$expected\" ]"
else cat "$tmp/cc.log"; bad "the same program builds as C++"; fi

cd "$root"
py=$(CCM_LIB=$prefix/lib/libccm.so.0 python3 -c 'import sys; sys.path.insert(0, "python"); import ccm
r = ccm.run_file("examples/hello.lam"); print(r.value, r.steps)' 2>&1)
check "python/ccm.py over the installed libccm.so.0: section 7's value 1 in 9 steps" "[ '$py' = '1 9' ]"
cd "$out"

# Every installed header alone, as C99 and as C++.
for h in ccm.h ccmlib.h; do
    printf '#include <ccm/%s>\nint main(void) { return 0; }\n' "$h" > h.c
    check "<ccm/$h> alone: cc -std=c99 -Wall -Wextra -pedantic -Werror" \
        "cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags -c h.c -o h.o"
    cp h.c h.cpp
    check "<ccm/$h> alone: g++ -Wall -Wextra -pedantic -Werror" \
        "g++ -Wall -Wextra -pedantic -Werror $cflags -c h.cpp -o h.o"
done
cd "$root"

# DESTDIR stages under another root; ccm.pc still names the final prefix.
make -s -C "$root" install PREFIX=/opt/ccm DESTDIR="$tmp/stage" >"$tmp/install.log" 2>&1 \
    && ok "make install DESTDIR=... PREFIX=/opt/ccm" || { cat "$tmp/install.log"; bad "make install DESTDIR"; }
check "  staged lib/libccm.so.0.1.0" "[ -f '$tmp/stage/opt/ccm/lib/libccm.so.0.1.0' ]"
check "  staged ccm.pc says prefix=/opt/ccm" "grep -qx 'prefix=/opt/ccm' '$tmp/stage/opt/ccm/lib/pkgconfig/ccm.pc'"

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
