#!/usr/bin/env bash
# vocabulary_gpu.sh - on the GPU, a student's file in the project's
# vocabulary (here the copy of blelloch_padded_scan) is refused with exit 3
# and one line that sends it to the CPU, where it runs (vocabulary.sh),
# before any GPU is looked for. Exits 77 (skipped) should the build or the
# machine answer first that it has no GPU path. usage: vocabulary_gpu.sh
# SCANVIZ KERNELS_DIR
set -u
scanviz=$1
dir=$2
err=$(mktemp)
trap 'rm -f "$err"' EXIT
"$scanviz" check "$dir/blelloch_padded.cu" --backend cuda --threads 8 \
	>/dev/null 2>"$err"
rc=$?
if grep -q "no usable GPU\|built without NVRTC" "$err"; then
	echo "no usable GPU: skipped"
	exit 77
fi
if [ "$rc" = 3 ] && [ "$(wc -l <"$err")" = 1 ] &&
	grep -q "runs on the GPU as a built-in kernel only: run it with --backend cpu" "$err"; then
	echo "ok: the vocabulary on the GPU: refused, sent to --backend cpu"
	exit 0
fi
echo "FAIL: the vocabulary on the GPU: exit $rc, expected 3 and one line"
cat "$err"
exit 1
