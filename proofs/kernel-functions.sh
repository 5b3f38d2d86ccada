#!/usr/bin/env bash
# kernel-functions.sh FILE.c... -- the name of every function DEFINED in the
# given C files (static or not), one per line, sorted.  `make prove` checks
# that each has goals in WP's report, so that no function of kernel/ can drop
# out of the proof by being left off the lists in mk/prove.mk.
# A definition is recognised by the kernel's style: return type and name at
# the start of a line, the parameter list, and no `;` ending the line.
set -euo pipefail
grep -hE '^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(' "$@" \
  | grep -vE ';[[:space:]]*$' \
  | grep -vE '^(return|if|while|for|switch|else)\b' \
  | sed -E 's/^[^(]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/' \
  | sort -u
