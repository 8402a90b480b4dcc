#!/usr/bin/env bash
# out_of_memory.sh - memory that runs out: a run that cannot fit the limit
# is refused before it starts (exit 2, one line naming the limit and what
# to change); memory that runs out anyway is a run that went wrong (exit 1,
# one line with advice that applies). The address space is limited
# (ulimit -v) so that a 2^26-element dump is refused for its trace, and a
# 30 Mi-number input file runs out while it is read.
# usage: out_of_memory.sh SCANVIZ. Exits 77 (skipped) under AddressSanitizer,
# which needs more address space than any such limit.
set -u
scanviz=$1
if ldd "$scanviz" 2>/dev/null | grep -q libasan; then
	echo "skipped: AddressSanitizer reserves terabytes of address space"
	exit 77
fi
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 30 Mi numbers: 64 MB of text read in chunks, 128 MB of floats
yes 1 | head -c $((60 << 20)) >"$work/ones.txt"
# limit (KB), exit code, the stderr line (grep -E), the arguments
cases=(
	"700000" 2 "^scanviz: --n 67108864 \\(summary detail\\) needs about 1\\.[0-9] GB of memory, more than the [0-9]+ MB of address space left under ulimit -v: use --n [0-9]+ or less, or raise ulimit -v$"
	"dump --backend cpu --algo hierarchical --n 67108864"
	"150000" 1 "^scanviz: .*ones.txt:[0-9]+:1: out of memory after [0-9]+ numbers: give a shorter input, or --n N for a long random one$"
	"dump --backend cpu --algo hierarchical --input-file $work/ones.txt"
)
for ((k = 0; k < ${#cases[@]}; k += 4)); do
	limit=${cases[k]} code=${cases[k + 1]} pattern=${cases[k + 2]}
	read -r -a args <<<"${cases[k + 3]}"
	(
		ulimit -v "$limit"
		exec "$scanviz" "${args[@]}"
	) >/dev/null 2>"$work/err"
	rc=$?
	# a build linked with the CUDA runtime, which reserves most of 150 MB
	# of address space as it loads, refuses the input up front instead:
	# exit 2, one line naming the limit
	if [ "$code" = 1 ] && [ "$rc" = 2 ] &&
		grep -Eq "^scanviz: .*needs about .* address space left under ulimit -v: raise ulimit -v$" "$work/err"; then
		code=2 pattern="address space left under ulimit -v"
	fi
	if [ "$rc" = "$code" ] && [ "$(wc -l <"$work/err")" = 1 ] && grep -Eq "$pattern" "$work/err"; then
		echo "ok: ulimit -v $limit: $(cat "$work/err")"
	else
		echo "FAIL: ulimit -v $limit: exit $rc, stderr: $(cat "$work/err")"
		failed=1
	fi
done
exit "$failed"
