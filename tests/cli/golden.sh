#!/usr/bin/env bash
# golden.sh - one golden test: runs `scanviz dump ARGS...` and compares its
# standard output with a checked-in file, byte for byte.
# usage: golden.sh SCANVIZ EXPECTED_FILE ARGS...
set -u
scanviz=$1 expected=$2
shift 2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! "$scanviz" dump "$@" > "$out"; then
	echo "scanviz dump $* failed" >&2
	exit 1
fi
if ! diff -u "$expected" "$out" > "$out.diff"; then
	head -n 60 "$out.diff"
	rm -f "$out.diff"
	echo "differs from $expected: if the change is meant, run" \
	     "'meson compile -C BUILD regen-golden' and review the diff" >&2
	exit 1
fi
rm -f "$out.diff"
