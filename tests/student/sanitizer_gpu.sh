#!/bin/sh
# sanitizer_gpu.sh - `scanviz check --backend cuda` with compute-sanitizer
# on the GPU: the printed racy kernel is WRONG with racecheck's race at its
# line 15 (the in-place XY[threadIdx.x] += XY[threadIdx.x - stride]), the
# race-free one RIGHT with "racecheck: no hazards". A block of 1024
# threads: on an H100 racecheck reported no race at 16 threads (one warp)
# nor at 64.
# Exits 77 (skipped) without compute-sanitizer or without a usable GPU.
# usage: sanitizer_gpu.sh SCANVIZ KERNELS_DIR
scanviz=$1
dir=$2
found=
for d in $(echo "$PATH" | tr ':' ' ') "${CUDA_HOME:-/nonexistent}/bin" \
	/usr/local/cuda/bin; do
	[ -x "$d/compute-sanitizer" ] && found=$d/compute-sanitizer && break
done
if [ -z "$found" ]; then
	echo "no compute-sanitizer: skipped"
	exit 77
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0

# check NAME WANT_EXIT PATTERN... -- ARGS: every PATTERN (grep -E) is in
# the output
check() {
	name=$1
	want=$2
	shift 2
	pats=
	while [ "$1" != -- ]; do
		pats="$pats
$1"
		shift
	done
	shift
	"$scanviz" check "$@" >"$out" 2>&1
	rc=$?
	if [ $rc -eq 3 ]; then
		echo "no usable GPU: skipped"
		exit 77
	fi
	ok=1
	[ $rc -eq "$want" ] || ok=0
	echo "$pats" | while IFS= read -r p; do
		[ -z "$p" ] && continue
		grep -Eq -- "$p" "$out" || { echo "missing: $p"; exit 1; }
	done || ok=0
	if [ $ok -eq 1 ]; then
		echo "ok: $name"
	else
		echo "FAIL: $name (exit $rc, want $want)"
		cat "$out"
		fail=1
	fi
}

check "racy kernel: WRONG, racecheck's race at line 15" 1 \
	'compute-sanitizer racecheck: a (write|read) at line 15 and a (write|read) at line 15 of kogge_stone_racy\.cu raced on shared memory \([0-9]+ hazards?\)' \
	'^verdict: WRONG' -- \
	"$dir/kogge_stone_racy.cu" --section 1024 --n 1024 --backend cuda \
	--timeout 120
check "racy kernel: --json names the race" 1 \
	'"sanitizer":\{"racecheck":\{"status":"ran","hazard_total":[1-9][0-9]*,[^]]*"kind":"race","accesses":\["(write|read)","(write|read)"\],"lines":\[15,15\]' -- \
	"$dir/kogge_stone_racy.cu" --section 1024 --n 1024 --backend cuda \
	--timeout 120 --json
check "race-free kernel: RIGHT, racecheck: no hazards" 0 \
	'compute-sanitizer racecheck: no hazards' \
	'compute-sanitizer synccheck: no hazards' \
	'^verdict: RIGHT' -- \
	"$dir/kogge_stone.cu" --section 1024 --n 1024 --backend cuda --timeout 120
check "--no-sanitizer says so" 0 \
	'^compute-sanitizer: not run: --no-sanitizer' -- \
	"$dir/kogge_stone.cu" --backend cuda --no-sanitizer
exit $fail
