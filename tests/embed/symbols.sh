#!/usr/bin/env bash
# tests/embed/symbols.sh LIB.so -- the library never prints, exits or aborts
# on its own: its undefined symbols (what it can call in libc) contain no
# exit/abort/assert, no printf-family call to the standard streams and no
# reference to stdout or stderr themselves.  (A compiler turns
# fprintf(stderr, ...) into fwrite(..., stderr) and printf("x\n") into
# puts, so the streams and puts are listed too.)  fputs/fputc/fwrite remain
# legitimate: the core printer writes to a stream its caller passes in.
set -u
so=${1:-build/libccm.so}
forbidden='exit _exit _Exit quick_exit abort __assert_fail __assert_perror_fail assert
printf vprintf dprintf vdprintf puts putchar perror psignal warn warnx err errx
stdout stderr __printf_chk __fprintf_chk __vfprintf_chk __dprintf_chk fprintf vfprintf'
undef=$(nm -D --undefined-only "$so" | awk '{print $NF}' | sed 's/@.*//')
pass=0; fail=0
[ -n "$undef" ] || { echo "FAIL no undefined symbols read from $so"; echo "symbols: 0 passed, 1 failed"; exit 1; }
for s in $forbidden; do
    if grep -qx "$s" <<<"$undef"; then echo "FAIL $so calls $s"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
done
[ "$fail" -eq 0 ] && echo "ok   none of $(wc -w <<<"$forbidden") exit/abort/print symbols among the $(wc -l <<<"$undef") undefined symbols of $so"
echo "symbols: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
