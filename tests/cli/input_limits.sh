#!/usr/bin/env bash
# input_limits.sh - input files read in bounded time and memory, and what
# they hold taken whole: an endless stream (/dev/zero, `yes 1`) and a huge
# sparse file end within seconds with exit 2 and one line; a NUL byte
# inside a number is refused, not cut; a UTF-8 byte-order mark is skipped;
# the largest float in the 9 digits scanviz prints is taken. Also the
# standard streams: -o /dev/stdout into a pipe, and a dump started with
# stderr or stdin closed (nothing may go into the output file).
# usage: input_limits.sh SCANVIZ
set -u
scanviz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
ok() { echo "ok: $1"; }
bad() {
	echo "FAIL: $1"
	failed=1
}

# expect NAME SECONDS CODE PATTERN CMD...: CMD ends within SECONDS with exit
# CODE and exactly one stderr line matching PATTERN.
expect() {
	local name=$1 secs=$2 code=$3 pattern=$4
	shift 4
	local start=$SECONDS
	timeout "$secs" "$@" >/dev/null 2>"$work/err"
	local rc=$? took=$((SECONDS - start))
	if [ "$rc" = "$code" ] && [ "$(wc -l <"$work/err")" = 1 ] &&
		grep -Eq -- "$pattern" "$work/err"; then
		ok "$name: exit $rc after ${took}s: $(cat "$work/err")"
	else
		bad "$name: exit $rc after ${took}s (want $code), stderr: $(head -c 400 "$work/err")"
	fi
}

expect "/dev/zero" 10 2 "/dev/zero:1:1: '(\\\\x00){24}\\.\\.\\.' is too long to be a number" \
	"$scanviz" dump --backend cpu --input-file /dev/zero
# `yes 1` is endless: refused once past the documented 64 MiB
expect "yes 1 on stdin" 90 2 "^scanviz: <stdin>: more than 64 MiB of text: give a shorter file, or --n N" \
	bash -c 'yes 1 | "$0" dump --backend cpu --input-file -' "$scanviz"
truncate -s 2G "$work/sparse"
expect "2 GB sparse file" 10 2 "sparse:1:1: .* is too long to be a number" \
	"$scanviz" dump --backend cpu --input-file "$work/sparse"
rm -f "$work/sparse"
# a file of 65 MiB of short numbers: refused by size, not parsed to the end
yes 7 | head -c $((65 << 20)) >"$work/long.txt"
expect "65 MiB file" 90 2 "long.txt: more than 64 MiB of text" \
	"$scanviz" dump --backend cpu --input-file "$work/long.txt"
rm -f "$work/long.txt"

printf '5\0007 8' >"$work/nul.txt"
expect "NUL inside a number" 10 2 "nul.txt:1:1: '5\\\\x007' is not a number" \
	"$scanviz" dump --backend cpu --input-file "$work/nul.txt"

# a byte-order mark, then numbers: the same dump as without it
printf '\357\273\2772 1\n3' >"$work/bom.txt"
printf '2 1\n3' >"$work/plain.txt"
if "$scanviz" dump --backend cpu --input-file "$work/bom.txt" >"$work/a" 2>"$work/err" &&
	"$scanviz" dump --backend cpu --input-file "$work/plain.txt" >"$work/b" 2>&1 &&
	cmp -s "$work/a" "$work/b"; then
	ok "UTF-8 byte-order mark skipped"
else
	bad "byte-order mark: $(cat "$work/err")"
fi
# after the mark, columns count from the first number
printf '\357\273\2772 x' >"$work/bom-bad.txt"
expect "byte-order mark, then a bad token" 10 2 "bom-bad.txt:1:3: 'x' is not a number" \
	"$scanviz" dump --backend cpu --input-file "$work/bom-bad.txt"

# FLT_MAX as printf("%.9g") and as scanviz print it: both round to it
for v in 3.40282347e38 3.4028235e38; do
	if "$scanviz" dump --backend cpu --format json --input "$v" 2>"$work/err" |
		grep -q '"input": \[3.4028235e+38\]'; then
		ok "--input $v is FLT_MAX"
	else
		bad "--input $v: $(cat "$work/err")"
	fi
done
expect "just past FLT_MAX" 10 2 "'3.4028236e38' does not fit a float" \
	"$scanviz" dump --backend cpu --input 3.4028236e38

# -o /dev/stdout when stdout is a pipe: written into the pipe
"$scanviz" dump --backend cpu >"$work/want" 2>/dev/null
if "$scanviz" dump --backend cpu -o /dev/stdout 2>"$work/err" | cat >"$work/got" &&
	cmp -s "$work/want" "$work/got"; then
	ok "-o /dev/stdout into a pipe"
else
	bad "-o /dev/stdout into a pipe: $(cat "$work/err")"
fi

# stderr closed: the notice about the backend must not land in the file
"$scanviz" dump --format json -o "$work/closed.json" 2>&-
rc=$?
if [ "$rc" = 0 ] && head -c 1 "$work/closed.json" | grep -q '{'; then
	ok "stderr closed: the JSON file starts with {"
else
	bad "stderr closed: exit $rc, file starts: $(head -c 60 "$work/closed.json")"
fi
# stdin closed, input from a file: runs as usual
"$scanviz" dump --backend cpu --input-file "$work/plain.txt" -o "$work/c.txt" <&- 2>/dev/null
rc=$?
if [ "$rc" = 0 ] && cmp -s "$work/c.txt" "$work/b"; then
	ok "stdin closed"
else
	bad "stdin closed: exit $rc"
fi
# stdout closed, -o -: a write error, exit 1, one line
expect "stdout closed" 10 1 "standard output" \
	bash -c 'exec "$0" dump --backend cpu >&-' "$scanviz"
exit "$failed"
