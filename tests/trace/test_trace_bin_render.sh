#!/bin/bash
# test_trace_bin_render.sh - `scanviz render --trace` draws the same SVG and
# PNG from a binary trace (dump --format bin) as from the JSON one of the
# same run, and a cut binary trace is refused with one line and exit 2.
#   test_trace_bin_render.sh SCANVIZ
set -eu
scanviz=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

check() { # name, run options...
	local name=$1
	shift
	"$scanviz" dump --backend cpu "$@" --format json -o "$dir/$name.json" 2>/dev/null
	"$scanviz" dump --backend cpu "$@" --format bin -o "$dir/$name.svtrace" 2>/dev/null
	for ext in svg png; do
		"$scanviz" render --trace "$dir/$name.json" --size 640x360 -o "$dir/$name-json.$ext"
		"$scanviz" render --trace "$dir/$name.svtrace" --size 640x360 -o "$dir/$name-bin.$ext"
		if ! cmp -s "$dir/$name-json.$ext" "$dir/$name-bin.$ext"; then
			echo "FAIL: $name: the $ext from the binary trace differs from the JSON one's" >&2
			exit 1
		fi
	done
	echo "ok: $name"
}

check book --algo hierarchical --section 4
check brent-kung --algo brent-kung --n 64 --seed 3
check racy --algo kogge-stone-book --n 100 --schedule random --schedule-seed 5
check big --algo hierarchical --n 70000 --section 256 --detail full

# a binary trace cut short: one line, exit 2, no picture
head -c 300 "$dir/big.svtrace" >"$dir/cut.svtrace"
set +e
"$scanviz" render --trace "$dir/cut.svtrace" -o "$dir/cut.svg" 2>"$dir/err"
rc=$?
set -e
if [ "$rc" -ne 2 ] || [ "$(wc -l <"$dir/err")" -ne 1 ] || [ -e "$dir/cut.svg" ] ||
	! grep -q "cut.svtrace: .*cut short" "$dir/err"; then
	echo "FAIL: a cut trace gave rc $rc and:" >&2
	cat "$dir/err" >&2
	exit 1
fi
echo "ok: cut trace refused: $(cat "$dir/err")"
