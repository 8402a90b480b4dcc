#!/usr/bin/env bash
# out_of_memory.sh - running out of memory is a run that went wrong, wherever
# it happens: exit 1 and one line that ends with the same advice. The
# address space is limited (ulimit -v) so that a 2^26-element dump fails
# first making its input (256 MB), then making its trace.
# usage: out_of_memory.sh SCANVIZ. Exits 77 (skipped) under AddressSanitizer,
# which needs more address space than any such limit.
set -u
scanviz=$1
if ldd "$scanviz" 2>/dev/null | grep -q libasan; then
	echo "skipped: AddressSanitizer reserves terabytes of address space"
	exit 77
fi
advice='use --detail summary or a smaller --n$'
failed=0
# limit (KB), the stderr line (grep -E)
cases=(
	"150000" "^scanviz: --n 67108864: out of memory for the input: $advice"
	"700000" "^scanviz: out of memory for a trace of 67108864 elements: $advice"
)
err=$(mktemp)
trap 'rm -f "$err"' EXIT
for ((k = 0; k < ${#cases[@]}; k += 2)); do
	limit=${cases[k]} pattern=${cases[k + 1]}
	(
		ulimit -v "$limit"
		exec "$scanviz" dump --backend cpu --algo hierarchical --n 67108864
	) >/dev/null 2>"$err"
	rc=$?
	if [ "$rc" = 1 ] && [ "$(wc -l <"$err")" = 1 ] && grep -Eq "$pattern" "$err"; then
		echo "ok: ulimit -v $limit: $(cat "$err")"
	else
		echo "FAIL: ulimit -v $limit: exit $rc, stderr: $(cat "$err")"
		failed=1
	fi
done
exit "$failed"
