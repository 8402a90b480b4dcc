#!/bin/sh
# device_bench.sh - the runs behind docs/bench.md's tables, in one go on a
# machine with a GPU: build, the whole bench (its table, CSV and JSON),
# then the persistent single-pass kernel's tile shapes against each other.
# Logs and files go to OUT_DIR; `scanviz bench --from OUT_DIR/bench.json`
# prints the table again anywhere.
#
#   tests/bench/device_bench.sh BUILD_DIR OUT_DIR [JOBS]
set -u
build=${1:?usage: tests/bench/device_bench.sh BUILD_DIR OUT_DIR [JOBS]}
out=${2:?usage: tests/bench/device_bench.sh BUILD_DIR OUT_DIR [JOBS]}
jobs=${3:-8}
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"

{
	nvidia-smi --query-gpu=name,memory.total,clocks.max.memory \
		--format=csv
	nvcc --version | tail -1
	date
} >"$out/build.log" 2>&1
if [ ! -d "$build" ]; then
	meson setup "$build" "$src" -Dgui=disabled -Dcuda=enabled \
		>>"$out/build.log" 2>&1 ||
		{ echo "device_bench.sh: meson setup failed (see build.log)"; exit 1; }
fi
ninja -C "$build" -j "$jobs" src/cli/scanviz tests/gpu/gpu_single_pass_shapes \
	>>"$out/build.log" 2>&1 ||
	{ echo "device_bench.sh: build failed"; tail -30 "$out/build.log"; exit 1; }

# The bench first, with nothing else on the GPU or the processors.
"$build/src/cli/scanviz" bench --quiet --csv "$out/bench.csv" \
	--json "$out/bench.json" >"$out/bench.txt" 2>"$out/bench.err"
echo "bench: exit $?" | tee -a "$out/bench.err"
cat "$out/bench.txt"
"$build/tests/gpu/gpu_single_pass_shapes" >"$out/shapes.md" 2>"$out/shapes.err"
echo "shapes: exit $?" | tee -a "$out/shapes.err"
cat "$out/shapes.md"
