#!/usr/bin/env bash
# text_size.sh - a long run's text dump stays small: `scanviz dump ARGS...`
# must succeed and print at most MAX_BYTES, summarising what it leaves out.
# usage: text_size.sh SCANVIZ MAX_BYTES PATTERN ARGS...
set -u
scanviz=$1 max=$2 pattern=$3
shift 3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$scanviz" dump "$@" --format text > "$out" || exit 1
size=$(wc -c < "$out")
echo "scanviz dump $*: $size bytes (at most $max)"
[ "$size" -le "$max" ] || exit 1
grep -Eq -- "$pattern" "$out" || { echo "no line matches: $pattern"; exit 1; }
