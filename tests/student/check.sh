#!/usr/bin/env bash
# check.sh - `scanviz check` on the kernels of tests/student/kernels/: the
# book's kernels pass; the printed racy kernel is flagged with its two
# threads and its line; a warp-shuffle scan (the warp-shuffle lesson's
# exercise) passes, and its two mistakes
# (no lane test, no barrier between the warps) are named with their step,
# race and fix; and each failure (out of range, endless loop,
# crash, compile error, barrier divergence, bad input) ends with its one
# message and exit code; `dump` and `render --kernel` give the same
# messages and codes, and a dumped student trace replays in `render
# --trace`. usage: check.sh SCANVIZ KERNELS_DIR
set -u
scanviz=$1
dir=$2
lessons=$dir/../../../lessons/exercises
failed=0
out=$(mktemp)
err=$(mktemp)
pic=$(mktemp -d)
trap 'rm -rf "$out" "$err" "$pic"' EXIT
cmd=check

# expect NAME CODE STDOUT_PATTERN STDERR_PATTERN -- ARGS...
expect() {
	local name=$1 code=$2 out_re=$3 err_re=$4
	shift 5
	"$scanviz" $cmd "$@" >"$out" 2>"$err"
	local rc=$?
	local lines
	lines=$(wc -l <"$err")
	if [ "$rc" != "$code" ]; then
		echo "FAIL: $name: exit $rc, expected $code"
		cat "$out" "$err"
		failed=1
	elif [ -n "$out_re" ] && ! grep -Eq -- "$out_re" "$out"; then
		echo "FAIL: $name: stdout lacks /$out_re/"
		cat "$out"
		failed=1
	elif [ -n "$err_re" ] && { ! grep -Eq -- "$err_re" "$err" || [ "$lines" != 1 ]; }; then
		echo "FAIL: $name: stderr is not one line matching /$err_re/"
		cat "$err"
		failed=1
	else
		echo "ok: $name"
	fi
}

expect "Kogge-Stone right" 0 "verdict: RIGHT" "" -- "$dir/kogge_stone.cu"
expect "Brent-Kung right" 0 "verdict: RIGHT" "" -- "$dir/brent_kung.cu" --threads 8
expect "hierarchical right, 3 levels" 0 "verdict: RIGHT" "" -- \
	"$dir/hierarchical.cu" --n 100
expect "Kogge-Stone 1024 elements" 0 "verdict: RIGHT" "" -- \
	"$dir/kogge_stone.cu" --section 1024 --n 1024
expect "a kernel of kernels/, in the project's vocabulary" 0 "verdict: RIGHT" "" -- \
	"$dir/../../../kernels/brent_kung.cu" --threads 8 --section 16
expect "exclusive asked of an inclusive kernel" 1 "Y\[0\] = 2 where the exclusive scan gives 0" "" -- \
	"$dir/kogge_stone.cu" --exclusive
expect "racy kernel: threads and line" 1 \
	"race: threads 1 and 2 on XY\[1\] .* at line 15" "" -- "$dir/kogge_stone_racy.cu"
expect "racy kernel: depends on the order" 1 "depends on the order" "" -- \
	"$dir/kogge_stone_racy.cu"
expect "racy kernel: first wrong step" 1 \
	"XY\[2\] of block 0 first went wrong in step 2, the iteration of stride 2 \(line 14\)" "" -- \
	"$dir/kogge_stone_racy.cu"
expect "racy kernel: 2 warps, right in lockstep within a warp only" 1 \
	"warp-lockstep +wrong: Y\[32\]" "" -- "$dir/kogge_stone_racy.cu" --section 64 --n 64
expect "divergent barrier" 1 \
	"barrier divergence: thread 8 waits at the barrier of line 14 while thread 0 waits at line 10" "" -- \
	"$dir/divergent_barrier.cu"
expect "out of range" 1 "" \
	"out_of_range.cu:10: XY\[16\] is out of range: XY holds 16 elements, in thread 15 of block 0" -- \
	"$dir/out_of_range.cu"
expect "endless loop" 1 "" \
	"endless.cu:1[01]: the kernel did not finish within 1.0 s: an endless loop" -- \
	"$dir/endless.cu" --timeout 1
expect "crash" 1 "" \
	"crash.cu:10: the kernel crashed \(segmentation fault\).*thread 3 of block 0" -- \
	"$dir/crash.cu"
expect "compile error" 2 "" "compile_error.cu:8: error: 'stride' undeclared" -- \
	"$dir/compile_error.cu"
expect "json for an autograder" 1 '"right":false.*"races":\[\{"kind":"read-after-write"' "" -- \
	"$dir/kogge_stone_racy.cu" --json
expect "json compile error" 2 '"status":"compile-error"' "" -- \
	"$dir/compile_error.cu" --json
expect "warp-shuffle scan right" 0 "verdict: RIGHT" "" -- "$lessons/warp_scan_solution.cu"
# the solution without its lane test: lanes below the offset get their own
# value back from __shfl_up_sync and add it to itself
unguarded=$(mktemp --suffix=.cu)
sed '/if (lane >= offset)/d' "$lessons/warp_scan_solution.cu" >"$unguarded"
expect "warp-shuffle scan without the lane test: the shuffles' step" 1 \
	"XY\[0\] of block 0 first went wrong in step 0, the shuffles \(line 13\)" "" -- \
	"$unguarded"
rm -f "$unguarded"
expect "warp-shuffle scan without the barrier: the race" 1 \
	"race: threads 31 and 32 on XY\[31\] .* thread 32 at line 20 read it after the other wrote it at line 18 \(1 such race in all\)" "" -- \
	"$lessons/warp_scan_racy.cu"
expect "warp-shuffle scan without the barrier: where it goes" 1 \
	"verdict: WRONG - put a __syncthreads\(\) that every thread reaches between lines 18 and 20$" "" -- \
	"$lessons/warp_scan_racy.cu"
expect "warp-shuffle scan on the GPU" 3 "" \
	"warp_scan_solution.cu:13: __shfl_up_sync runs on the CPU emulator only" -- \
	"$lessons/warp_scan_solution.cu" --backend cuda
down=$(mktemp --suffix=.cu)
sed 's/__shfl_up_sync/__shfl_down_sync/' "$lessons/warp_scan_solution.cu" >"$down"
expect "another warp intrinsic" 2 "" \
	"$(basename "$down"):13: __shfl_down_sync is not followed: of the warp's intrinsics scanviz runs __shfl_up_sync only" -- \
	"$down"
rm -f "$down"
expect "missing file" 2 "" "nowhere.cu: cannot read it" -- "$dir/nowhere.cu"
expect "too much input" 2 "" "scans one section of 16 elements and the input has 17" -- \
	"$dir/kogge_stone.cu" --n 17
expect "too many threads" 2 "" "--threads 2000: a block has 1 to 1024 threads" -- \
	"$dir/kogge_stone.cu" --threads 2000
expect "no file" 2 "" "give the kernel file" --
big=$(mktemp)
head -c 70000 /dev/zero | tr '\0' ' ' >"$big"
expect "file too large" 2 "" "larger than a kernel file may be" -- "$big"
rm -f "$big"

# --kernel in dump and render: check's options, messages and exit codes
cmd=dump
expect "dump --kernel: the trace is named by the file" 0 \
	"scanviz trace: kogge_stone_racy.cu" "" -- --kernel "$dir/kogge_stone_racy.cu"
expect "dump --kernel: Brent-Kung's trees" 0 "reduce 8 +L13" "" -- \
	--kernel "$dir/brent_kung.cu" --threads 8
expect "dump --kernel: a hierarchical file, 3 levels" 0 \
	"scanviz trace: hierarchical.cu" "" -- --kernel "$dir/hierarchical.cu" --n 100
expect "dump --kernel: compile error" 2 "" \
	"compile_error.cu:8: error: 'stride' undeclared" -- --kernel "$dir/compile_error.cu"
expect "dump --kernel: out of range" 1 "" \
	"out_of_range.cu:10: XY\[16\] is out of range" -- --kernel "$dir/out_of_range.cu"
expect "dump --kernel: endless loop" 1 "" "did not finish within 1.0 s" -- \
	--kernel "$dir/endless.cu" --timeout 1
expect "dump --kernel: too much input" 2 "" \
	"scans one section of 16 elements and the input has 17" -- \
	--kernel "$dir/kogge_stone.cu" --n 17
expect "dump --kernel with --algo" 2 "" "--algo is about the built-in kernels" -- \
	--kernel "$dir/kogge_stone.cu" --algo brent-kung
expect "dump --threads without --kernel" 2 "" "--threads applies to a kernel file" -- \
	--threads 8
expect "dump --kernel: json" 0 '"algorithm": *"kogge_stone_racy.cu"' "" -- \
	--kernel "$dir/kogge_stone_racy.cu" --format json
expect "dump --kernel: a warp-shuffle scan's shuffles" 0 \
	'"phase": "shuffle", "stride": 0, .*"shuffles": \[\{"warp": 0, "src_lane": 0, "dst_lane": 1' "" -- \
	--kernel "$lessons/warp_scan_solution.cu" --format json
expect "dump --kernel: a warp-shuffle scan is of no book section" 0 \
	'"book_section": "",' "" -- --kernel "$lessons/warp_scan_solution.cu" --format json
expect "dump --kernel: a warp-shuffle scan's last phase" 0 \
	'"phase": "subsection-add", "stride": 0, "line": 18' "" -- \
	--kernel "$lessons/warp_scan_solution.cu" --format json
if "$scanviz" render --help >/dev/null 2>&1; then
	cmd=render
	expect "render --kernel: compile error, no file left" 2 "" \
		"compile_error.cu:8: error: 'stride' undeclared" -- \
		--kernel "$dir/compile_error.cu" -o "$pic/bad.png"
	[ -e "$pic/bad.png" ] && { echo "FAIL: render left bad.png"; failed=1; }
	expect "render --kernel" 0 "" "" -- --kernel "$dir/brent_kung.cu" \
		--threads 8 -o "$pic/bk.svg"
	# the code panel shows the student's file, its kernel's lines
	grep -q "Brent_Kung_scan_kernel" "$pic/bk.svg" ||
		{ echo "FAIL: render --kernel: the code panel lacks the file"; failed=1; }
	if "$scanviz" dump --kernel "$dir/kogge_stone_racy.cu" --format json \
		-o "$pic/racy.json" 2>/dev/null; then
		expect "render --trace of a dumped student trace" 0 "" "" -- \
			--trace "$pic/racy.json" -o "$pic/racy.png"
	fi
fi
exit $failed
