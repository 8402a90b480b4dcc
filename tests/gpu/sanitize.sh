#!/bin/sh
# sanitize.sh - compute-sanitizer's memcheck, racecheck and synccheck over
# every kernel of kernels/: the traced algorithms' kernels in the traced
# build at full and at summary detail and in the untraced build, through
# tests/gpu/gpu_sanitize_run; the benchmark's single-pass scan (untraced
# only: it has no traced build) through tests/gpu/gpu_single_pass_run. One
# log per run under LOG_DIR, then one line per run and a verdict. docs/gpu.md holds
# the findings. Exits 0 when every correct kernel is clean, 1 when one is
# not (or a run failed), 77 without a GPU or compute-sanitizer.
#
#   tests/gpu/sanitize.sh BUILD_DIR [LOG_DIR [JOBS]]
set -u
build=${1:?usage: tests/gpu/sanitize.sh BUILD_DIR [LOG_DIR [JOBS]]}
logs=${2:-$build/sanitize-logs}
jobs=${3:-8}
limit=${SANITIZE_TIMEOUT:-120} # seconds per run: a hung kernel ends as rc 124
run=$build/tests/gpu/gpu_sanitize_run
single_pass_run=$build/tests/gpu/gpu_single_pass_run
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)

for program in "$run" "$single_pass_run"; do
	if [ ! -x "$program" ]; then
		echo "sanitize.sh: $program not built (configure with -Dcuda=enabled)" >&2
		exit 1
	fi
done
if [ ! -x "$cs" ]; then
	echo "sanitize.sh: compute-sanitizer not found: skipped"
	exit 77
fi
"$run" untraced kogge-stone 4 >/dev/null
if [ $? -eq 77 ]; then
	echo "sanitize.sh: no usable GPU: skipped"
	exit 77
fi
mkdir -p "$logs"

# name | arguments | what is expected: clean, or book (the printed
# kernels, kept with their mistakes). The arguments go to gpu_sanitize_run,
# or for the single-pass-* cases to gpu_single_pass_run (N, launches):
# 1,000 elements (one partial tile), 10,240 (ten tiles of 1,024), 51,203
# (twelve tiles of 4,096 and a ragged one), 1,048,583 (64 tiles of 16,384
# and a ragged one: the look-back walks more than one window of 32) and
# 8,392,713 (the persistent kernel: 1,024 tiles of 8,192 and a ragged
# one); two launches each, the second meeting the first one's descriptors.
cases='kogge-stone-book-32|kogge-stone-book 32|book
kogge-stone-book-1024|kogge-stone-book 1024|book
kogge-stone-1024|kogge-stone 1024|clean
kogge-stone-1000|kogge-stone 1000|clean
brent-kung-2048|brent-kung 2048|clean
brent-kung-1001|brent-kung 1001|clean
kogge-stone-double-buffer-1024|kogge-stone-double-buffer 1024|clean
blelloch-2048|blelloch 2048|clean
blelloch-padded-2048|blelloch-padded 2048|clean
blelloch-padded-1000|blelloch-padded 1000|clean
stream-compaction-1024|stream-compaction 1024|clean
stream-compaction-1000|stream-compaction 1000|clean
coarsened-2048|coarsened 2048|clean
coarsened-1001|coarsened 1001|clean
warp-shuffle-1024|warp-shuffle 1024|clean
warp-shuffle-1000|warp-shuffle 1000|clean
hier-ks-1024|hierarchical 5123 1024 kogge-stone|clean
hier-bk-2048|hierarchical 6145 2048 brent-kung|clean
hier-bk-16|hierarchical 5000 16 brent-kung|clean
hier-book-64|hierarchical-book 640 64|book
look-back-1000|single-pass 1000 16|clean
look-back-20000|single-pass 20000 64|clean
look-back-70000|single-pass 70000 1024|clean
single-pass-1000|1000 2|clean
single-pass-10240|10240 2|clean
single-pass-51203|51203 2|clean
single-pass-1048583|1048583 2|clean
single-pass-8392713|8392713 2|clean'

one() { # tool mode name args...
	tool=$1 mode=$2 name=$3
	shift 3
	log=$logs/$tool-$mode-$name.log
	case $name in
	single-pass-*) set -- "$single_pass_run" "$@" ;;
	*) set -- "$run" "$mode" "$@" ;;
	esac
	timeout "$limit" "$cs" --tool "$tool" --error-exitcode 10 --print-limit 20 \
		"$@" >"$log" 2>&1
	echo $? >"$log.rc"
}

# Every case traced at full detail and untraced (the single pass untraced
# only); the summary build's counting on three of them.
n=0
for tool in memcheck racecheck synccheck; do
	for mode in full untraced summary; do
		echo "$cases" | while IFS='|' read -r name args expect; do
			case "$mode:$name" in
			untraced:single-pass-*)
				echo "$tool $mode $name $args" ;;
			*:single-pass-*) ;;
			summary:kogge-stone-book-1024 | summary:brent-kung-2048 | \
				summary:hier-bk-16 | full:* | untraced:*)
				echo "$tool $mode $name $args" ;;
			esac
		done
	done
done >"$logs/plan"

while read -r tool mode name args; do
	# shellcheck disable=SC2086 # args are words
	one "$tool" "$mode" "$name" $args &
	n=$((n + 1))
	if [ $((n % jobs)) -eq 0 ]; then
		wait
	fi
done <"$logs/plan"
wait

bad=0
printf '%-10s %-9s %-22s %-6s %s\n' tool build case rc summary
while read -r tool mode name args; do
	log=$logs/$tool-$mode-$name.log
	rc=$(cat "$log.rc")
	expect=$(echo "$cases" | grep "^$name|" | cut -d'|' -f3)
	summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | sed 's/^=* *//' |
		tr '\n' ' ')
	if [ "$rc" = 124 ]; then
		summary="hung: killed after ${limit} s"
	fi
	printf '%-10s %-9s %-22s %-6s %s\n' "$tool" "$mode" "$name" "$rc" "$summary"
	if [ "$rc" = 124 ] && [ "$expect" = book ]; then
		: # the printed kernel's divergent barrier may hang: a finding
	elif [ "$rc" != 0 ] && [ "$rc" != 10 ]; then
		echo "  the run itself failed: see $log"
		bad=1
	elif [ "$expect" = clean ] && [ "$rc" != 0 ]; then
		echo "  a correct kernel has findings: see $log"
		bad=1
	fi
done <"$logs/plan"

if [ $bad -eq 0 ]; then
	echo "sanitize.sh: every correct kernel clean under memcheck, racecheck, synccheck"
fi
exit $bad
