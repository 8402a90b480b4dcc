#!/usr/bin/env bash
# vocabulary.sh - a student's file in the project's whole vocabulary
# (PADDED and TRACE_BLOCK_PADDED, TRACE_BUFFERS and SWAP_BUFFERS, the
# coarsened scan's phases): the built-in kernels' files, handed over as a
# student's (the padded Blelloch kernel as a copy in KERNELS_DIR, since its
# file holds two section kernels), dump, as JSON, the built-in kernel's
# trace bit for bit but for the names (algorithm, description, each
# launch's source), and `scanviz check` calls them RIGHT.
# usage: vocabulary.sh SCANVIZ KERNELS_DIR BUILTIN_KERNELS_DIR
set -u
scanviz=$1
dir=$2
builtin=$3
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the names a student's trace gives itself, blanked
unnamed() {
	sed -E 's/"(algorithm|description|source)": "[^"]*"/"\1": ""/g' "$1"
}

# same FILE ALGO THREADS N: one section of N elements (N random values);
# FILE is in KERNELS_DIR unless it has a folder
same() {
	local path=$1 algo=$2 threads=$3 n=$4
	case $path in */*) ;; *) path=$dir/$path ;; esac
	local file
	file=$(basename "$path")
	local what="$file vs --algo $algo, $n elements"
	if ! "$scanviz" dump --backend cpu --algo "$algo" --n "$n" \
		--section "$n" --format json -o "$tmp/want.json" ||
		! "$scanviz" dump --backend cpu --kernel "$path" --n "$n" \
			--section "$n" --threads "$threads" --format json \
			-o "$tmp/got.json"; then
		echo "FAIL: $what: a dump failed"
		failed=1
		return
	fi
	if ! grep -q "\"algorithm\": \"$file\"" "$tmp/got.json"; then
		echo "FAIL: $what: the trace is not named by the file"
		failed=1
	elif ! cmp -s <(unnamed "$tmp/want.json") <(unnamed "$tmp/got.json"); then
		echo "FAIL: $what: the traces differ"
		diff <(unnamed "$tmp/want.json") <(unnamed "$tmp/got.json") |
			head -20
		failed=1
	else
		echo "ok: $what: the same trace"
	fi
	if "$scanviz" check "$path" --n "$n" --section "$n" \
		--threads "$threads" >"$tmp/check.txt" 2>&1 &&
		grep -q "verdict: RIGHT" "$tmp/check.txt"; then
		echo "ok: check $what: RIGHT"
	else
		echo "FAIL: check $what is not RIGHT"
		cat "$tmp/check.txt"
		failed=1
	fi
}

# refused FILE PATTERN ARGS...: check ends with exit 1 and one line
refused() {
	local file=$1 pattern=$2
	shift 2
	"$scanviz" check "$file" "$@" >"$tmp/out.txt" 2>"$tmp/err.txt"
	local rc=$?
	if [ "$rc" = 1 ] && [ "$(wc -l <"$tmp/err.txt")" = 1 ] &&
		grep -Eq -- "$pattern" "$tmp/err.txt"; then
		echo "ok: $(basename "$file") refused: $pattern"
	else
		echo "FAIL: $(basename "$file"): exit $rc, expected 1 and /$pattern/"
		cat "$tmp/out.txt" "$tmp/err.txt"
		failed=1
	fi
}

# 16 elements: PADDED(i) is i; 64: the padding float after element 31
# shifts the rest; 2048: the largest padded section (SCAN_MAX_PADDED_SECTION)
same blelloch_padded.cu blelloch-padded 8 16
same blelloch_padded.cu blelloch-padded 32 64
same blelloch_padded.cu blelloch-padded 1024 2048
same "$builtin/kogge_stone_double_buffer.cu" kogge-stone-double-buffer 16 16
same "$builtin/kogge_stone_double_buffer.cu" kogge-stone-double-buffer 64 64
same "$builtin/coarsened.cu" coarsened 4 16
same "$builtin/coarsened.cu" coarsened 16 64

# a padded XY indexed without PADDED: element 32 is the padding float
refused "$dir/padding_slot.cu" \
	'padding_slot.cu:10: XY\[32\] is a padding float.*PADDED\(i\)' \
	--section 64 --n 64
# a padded XY declared for the unpadded section only
sed 's/XY\[SCAN_MAX_PADDED_SECTION\]/XY[SCAN_MAX_SECTION]/' \
	"$dir/blelloch_padded.cu" >"$tmp/padded_too_small.cu"
refused "$tmp/padded_too_small.cu" \
	'TRACE_BLOCK_PADDED\(XY\): XY holds 2048 elements but the padded section needs 2111' \
	--section 2048 --n 2048 --threads 1024
exit $failed
