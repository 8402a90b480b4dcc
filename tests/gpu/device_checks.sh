#!/bin/sh
# device_checks.sh - everything the GPU executor is checked and measured
# with, in one go on a machine with a GPU: build, the capture benchmark and
# the printed 9.2 kernel's reads (first, on a quiet GPU), then the gpu test
# suite and tests/gpu/sanitize.sh side by side. Logs go to OUT_DIR; the
# figures in docs/gpu.md come from these logs.
#
#   tests/gpu/device_checks.sh BUILD_DIR OUT_DIR [JOBS]
set -u
build=${1:?usage: tests/gpu/device_checks.sh BUILD_DIR OUT_DIR [JOBS]}
out=${2:?usage: tests/gpu/device_checks.sh BUILD_DIR OUT_DIR [JOBS]}
jobs=${3:-8}
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out/sanitize"

{
	nvidia-smi -L
	nvcc --version | tail -1
	meson --version
	echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)"
	date
} >"$out/build.log" 2>&1
if [ ! -d "$build" ]; then
	meson setup "$build" "$src" -Dgui=disabled -Dcuda=enabled >>"$out/build.log" 2>&1 ||
		{ echo "device_checks.sh: meson setup failed (see build.log)"; exit 1; }
fi
ninja -C "$build" -j "$jobs" tests/gpu/gpu_vs_cpu tests/gpu/gpu_capture_bench \
	tests/gpu/gpu_book_reads tests/gpu/gpu_sanitize_run \
	tests/gpu/gpu_single_pass_run tests/bench/test_bench_short src/cli/scanviz \
	>>"$out/build.log" 2>&1 ||
	{ echo "device_checks.sh: build failed (see build.log)"; tail -30 "$out/build.log"; exit 1; }

date >>"$out/build.log"
# Timings first, with nothing else on the GPU or the processors.
timeout 120 "$build/tests/gpu/gpu_capture_bench" 10 >"$out/capture_bench.log" 2>&1
echo "capture bench: exit $?" >>"$out/capture_bench.log"
timeout 30 "$build/tests/gpu/gpu_book_reads" 1024 5 >"$out/book_reads.log" 2>&1
echo "book reads: exit $?" >>"$out/book_reads.log"
timeout 30 "$build/src/cli/scanviz" dump --algo kogge-stone-book --n 1024 \
	--backend cuda --format json -o "$out/book1024.json" >>"$out/book_reads.log" 2>&1
echo "dump: exit $?" >>"$out/book_reads.log"

# Then the checks, side by side.
(
	cd "$build" && timeout 300 meson test --no-rebuild --suite gpu \
		--num-processes "$jobs" --timeout-multiplier 1 --print-errorlogs
) >"$out/gpu_tests.log" 2>&1 &
tests=$!
date >>"$out/build.log"
SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-60} timeout 300 sh "$src/tests/gpu/sanitize.sh" "$build" "$out/sanitize" "$jobs" \
	>"$out/sanitize.log" 2>&1
echo "sanitize.sh: exit $?" >>"$out/sanitize.log"
date >>"$out/build.log"
wait $tests
echo "meson test: exit $?" >>"$out/gpu_tests.log"
date >>"$out/build.log"
cp "$build/meson-logs/testlog.txt" "$out/sanitize/testlog.txt" 2>/dev/null
tar -czf "$out/logs.tar.gz" -C "$out" sanitize && rm -rf "$out/sanitize"
tail -n 5 "$out/gpu_tests.log" "$out/sanitize.log"
