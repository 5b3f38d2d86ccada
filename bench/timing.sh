# bench/timing.sh -- sourced by the whole-process benchmarks (profiles.sh,
# stacks.sh): one timed run, and the median of a list of times.
# ms CMD...   the wall time of CMD in milliseconds (its output dropped; a
#             failed run ends the benchmark)
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null || exit 1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
# median N...   the median of the numbers given
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
