#!/bin/sh
# coarsened_dump.sh - the coarsened scan traced on the GPU gives the dump
# the CPU emulator gives, byte for byte but for the executor's line: a
# whole section (four additions' worth of slots per thread, several used in
# one step), a ragged last subsection, and the largest section. Exits 77
# (skipped) where the build or the machine has no usable GPU.
#
#   tests/gpu/coarsened_dump.sh SCANVIZ
set -u
scanviz=${1:?usage: tests/gpu/coarsened_dump.sh SCANVIZ}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

"$scanviz" dump --backend cuda --algo coarsened --n 4 >/dev/null 2>&1
case $? in
0) ;;
3) echo "coarsened_dump.sh: no usable GPU: skipped"; exit 77 ;;
*) echo "coarsened_dump.sh: dump --backend cuda failed"; exit 1 ;;
esac

status=0
for args in "--input 2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2" "--input 2,1,3,1,0,4,2" \
	"--n 1001 --seed 3" "--n 2048 --seed 5"; do
	for backend in cpu cuda; do
		# shellcheck disable=SC2086 # the arguments split on purpose
		"$scanviz" dump --backend $backend --algo coarsened $args \
			--format text >"$dir/$backend.txt" 2>"$dir/$backend.err" ||
			{ echo "coarsened $args: dump --backend $backend failed:"; cat "$dir/$backend.err"; status=1; continue 2; }
		grep -v '^  backend ' "$dir/$backend.txt" >"$dir/$backend.cmp"
	done
	if cmp -s "$dir/cpu.cmp" "$dir/cuda.cmp"; then
		echo "coarsened $args: GPU dump = CPU dump"
	else
		echo "coarsened $args: GPU dump differs from the CPU's:"
		diff "$dir/cpu.cmp" "$dir/cuda.cmp" | head -20
		status=1
	fi
done
exit $status
