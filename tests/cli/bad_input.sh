#!/usr/bin/env bash
# bad_input.sh - one bad-input test: scanviz must exit 2 (or CODE) with
# exactly one line on stderr that matches PATTERN (grep -E), print nothing
# on stdout, and write nothing: a `dump` is given -o FILE in an empty
# folder, which must still be empty afterwards.
# usage: bad_input.sh SCANVIZ PATTERN [--stdin FILE] [--no-o] [--code CODE]
#                     ARGS...
set -u
scanviz=$1 pattern=$2
shift 2
stdin=/dev/null
add_o=1
code=2
while [ $# -gt 0 ]; do
	case "$1" in
	--stdin) stdin=$2; shift 2 ;;
	--no-o) add_o=0; shift ;;
	--code) code=$2; shift 2 ;;
	*) break ;;
	esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=("$@")
if [ "$add_o" = 1 ] && [ "${1:-}" = dump ]; then
	args+=(-o "$work/out.txt")
fi
"$scanviz" "${args[@]}" < "$stdin" > "$work.stdout" 2> "$work.stderr"
rc=$?
fail=0
if [ "$rc" != "$code" ]; then
	echo "exit code $rc, expected $code"
	fail=1
fi
lines=$(wc -l < "$work.stderr")
if [ "$lines" != 1 ]; then
	echo "stderr has $lines lines, expected 1"
	fail=1
fi
if ! grep -Eq -- "$pattern" "$work.stderr"; then
	echo "stderr does not match: $pattern"
	fail=1
fi
if [ -s "$work.stdout" ]; then
	echo "something was written on stdout"
	fail=1
fi
if [ -n "$(ls -A "$work")" ]; then
	echo "files were left: $(ls -A "$work")"
	fail=1
fi
echo "scanviz ${args[*]}"
echo "stderr: $(cat "$work.stderr")"
rm -f "$work.stdout" "$work.stderr"
exit $fail
