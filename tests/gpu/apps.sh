#!/bin/sh
# apps.sh - the GPU checks of stream compaction, in one go on a machine with
# a GPU: build with CUDA, `scanviz verify --backend cuda` (every race-free
# algorithm, stream-compaction's output against a sequential compaction and
# its whole trace against the CPU emulator's), the gpu suite's sections group
# (which runs stream-compaction at lengths 1..64 and a spread to 1024, whole
# traces bit for bit), and a GPU dump of the book's input beside the CPU's.
# Exit 0 when all pass, 1 when a check fails, 77 when no GPU is usable.
#
#   tests/gpu/apps.sh BUILD_DIR OUT_DIR
set -u
build=${1:?usage: tests/gpu/apps.sh BUILD_DIR OUT_DIR}
out=${2:?usage: tests/gpu/apps.sh BUILD_DIR OUT_DIR}
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"

if [ ! -d "$build" ]; then
	meson setup "$build" "$src" -Dcuda=enabled -Dgui=disabled \
		-Dffmpeg=disabled -Dcairo=disabled >"$out/build.log" 2>&1 ||
		{ echo "apps.sh: meson setup failed (see $out/build.log)"; exit 1; }
fi
ninja -C "$build" src/cli/scanviz tests/gpu/gpu_vs_cpu >>"$out/build.log" 2>&1 ||
	{ echo "apps.sh: the build failed (see $out/build.log)"; exit 1; }
scanviz="$build/src/cli/scanviz"

"$scanviz" verify --backend cuda >"$out/verify-cuda.log" 2>&1
rc=$?
[ "$rc" -eq 3 ] && { echo "apps.sh: no usable GPU"; exit 77; }
failed=0
[ "$rc" -eq 0 ] || failed=1
echo "verify --backend cuda: exit $rc ($(tail -1 "$out/verify-cuda.log"))"

"$build/tests/gpu/gpu_vs_cpu" sections >"$out/gpu-vs-cpu-sections.log" 2>&1
rc=$?
[ "$rc" -eq 0 ] || failed=1
echo "gpu_vs_cpu sections: exit $rc"

for backend in cuda cpu; do
	"$scanviz" dump --algo stream-compaction --backend "$backend" \
		--format text -o "$out/stream-compaction-$backend.txt" || failed=1
done
# shown, not judged (verify and gpu_vs_cpu compare the traces): the GPU's
# dump also carries its device and its warps' clocks
diff "$out/stream-compaction-cpu.txt" "$out/stream-compaction-cuda.txt" \
	>"$out/dump-diff.log"
echo "dump: $(grep -c '^[<>]' "$out/dump-diff.log") lines differ from the CPU's (dump-diff.log)"
exit "$failed"
