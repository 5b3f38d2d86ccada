#!/usr/bin/env bash
# install-header.sh SRC DEST -- write a public header as installed under
# include/ccm/: the in-tree relative include of the kernel header
# ("../kernel/ccm.h") becomes "ccm.h" (the headers sit side by side there),
# and the whole header is wrapped in extern "C" for C++ callers (the kernel
# header is proven and is not edited for that).
set -eu
src=$1 dest=$2
{
    printf '/* Installed from %s by make install. */\n' "$src"
    printf '#ifdef __cplusplus\nextern "C" {\n#endif\n'
    sed -e 's|#include "\.\./kernel/ccm\.h"|#include "ccm.h"|' "$src"
    printf '#ifdef __cplusplus\n}\n#endif\n'
} > "$dest"
chmod 644 "$dest"
