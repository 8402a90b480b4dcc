#!/usr/bin/env bash
# bench_cli.sh - `scanviz bench` as a user meets it on any build: the table
# of a results file printed with --from FILE (or - for standard input), its
# plot drawn with --plot OUT (SVG always, PNG with the render layer, at the
# size and theme asked, the extension in either case), and every kind of
# bad results file or usage answered with exit 2, one line on stderr,
# nothing on stdout and no file left behind (an output file that cannot be
# written among them, said before any timing); what a
# build lacks answers exit 3, and no usable GPU the same reason as
# `scanviz dump --backend cuda`.
# usage: bench_cli.sh SCANVIZ SAMPLE.json
# The environment says what the build has: HAVE_CUDA, HAVE_READER,
# HAVE_RENDER, HAVE_GUI (0 or 1).
set -u
scanviz=$1 sample=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# Runs scanviz with a fresh, empty work folder as @W@ in the arguments.
# Leaves its exit code in rc, and stdout and stderr in $tmp/out, $tmp/err.
run() {
	work=$tmp/work
	rm -rf "$work"
	mkdir "$work"
	local args=()
	for a in "$@"; do
		args+=("${a//@W@/$work}")
	done
	"$scanviz" bench "${args[@]}" > "$tmp/out" 2> "$tmp/err" < /dev/null
	rc=$?
	echo "scanviz bench ${args[*]}: exit $rc"
}

# expect CODE PATTERN ARGS...: exit CODE, one line on stderr matching
# PATTERN, nothing on stdout, the work folder empty.
expect() {
	local code=$1 pattern=$2
	shift 2
	run "$@"
	[ "$rc" = "$code" ] || fail "exit $rc, expected $code"
	local lines
	lines=$(wc -l < "$tmp/err")
	[ "$lines" = 1 ] || fail "stderr has $lines lines: $(cat "$tmp/err")"
	grep -Eq -- "$pattern" "$tmp/err" ||
		fail "stderr '$(cat "$tmp/err")' does not match '$pattern'"
	[ -s "$tmp/out" ] && fail "something on stdout"
	[ -z "$(ls -A "$work")" ] || fail "files left: $(ls -A "$work")"
}

# png_size FILE: "WxH" from the PNG's header, or nothing.
png_size() {
	local hex
	hex=$(od -An -tx1 -j16 -N8 "$1" | tr -d ' \n')
	[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
		echo "$((16#${hex:0:8}))x$((16#${hex:8:8}))"
}

# Bad results files, made from the sample, outside the work folder.
bad=$tmp/bad
mkdir "$bad"
head -c 600 "$sample" > "$bad/cut.json"
sed 's/"gb_per_s": 2.1157,/"gb_per_s": 3,/' "$sample" > "$bad/numbers.json"
printf '{"format": "scanviz-trace", "version": 1}\n' > "$bad/trace.json"
: > "$bad/empty.json"
sed -n '1,9p' "$sample" > "$bad/failed.json"
printf '  ],\n  "failures": [{"n": 1024, "kernel": "cub", "message": "1 of 1024 wrong"}]\n}\n' >> "$bad/failed.json"

if [ "${HAVE_READER:-0}" = 1 ]; then
	# the table of a results file: two comment lines and a header, then
	# one row a figure, each with its bytes moved and a limit that is the
	# copy's GB/s at the same N times 8 over them
	run --from "$sample"
	[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
	[ -s "$tmp/err" ] && fail "stderr: $(cat "$tmp/err")"
	[ -z "$(ls -A "$work")" ] || fail "files left: $(ls -A "$work")"
	cp "$tmp/out" "$tmp/table"
	figures=$(grep -c '"kernel"' "$sample")
	[ "$(wc -l < "$tmp/table")" = $((figures + 3)) ] ||
		fail "the table has $(wc -l < "$tmp/table") lines for $figures figures"
	[ "$(head -1 "$tmp/table")" = "# NVIDIA H200, float32, GB/s counting 8 bytes per element, median of 100 runs;" ] ||
		fail "first line: $(head -1 "$tmp/table")"
	sed -n 3p "$tmp/table" | grep -Eq '^ +N +kernel +median ms +GB/s +% copy +x CUB +moved +limit$' ||
		fail "header: $(sed -n 3p "$tmp/table")"
	limits=$(awk 'NR > 3 {
		if ($2 == "copy") copy[$1] = $4
		section = $2 == "hier-brent-kung" ? 2048 : 1024
		moved = ($2 ~ /^hier-/ && $1 > section) ? 16 : 8
		want = copy[$1] * 8 / moved
		if (NF != 9 || $7 != moved || $8 != "B" ||
		    want - $9 > 0.051 || $9 - want > 0.051)
			print "bad row " NR ": " $0
	}' "$tmp/table")
	[ -z "$limits" ] || fail "$limits"
	grep -Eq '^ +4096  hier-brent-kung .*   16 B ' "$tmp/table" ||
		fail "hier-brent-kung at 4096 does not move 16 B"
	# from standard input: the same table
	"$scanviz" bench --from - < "$sample" > "$tmp/stdin-table" 2> "$tmp/err"
	[ "$?" = 0 ] || fail "--from -: $(cat "$tmp/err")"
	cmp -s "$tmp/table" "$tmp/stdin-table" || fail "--from - prints another table"

	# SVG in every build: whole, with every kernel and the last tick; the
	# table on stdout as well
	run --plot @W@/plot.svg --from "$sample"
	[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
	[ -s "$tmp/err" ] && fail "stderr: $(cat "$tmp/err")"
	[ "$(ls -A "$work")" = plot.svg ] || fail "files: $(ls -A "$work")"
	cmp -s "$tmp/table" "$tmp/out" || fail "--plot --from prints another table"
	for k in copy cub single-pass hier-brent-kung hier-kogge-stone \
		'2²⁸' 'NVIDIA H200' '</svg>'; do
		grep -q -- "$k" "$work/plot.svg" || fail "plot.svg lacks $k"
	done
	# the extension in capitals: the same formats
	run --plot @W@/plot.SVG --from "$sample"
	[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
	grep -q '</svg>' "$work/plot.SVG" || fail "plot.SVG is not an SVG"
	if [ "${HAVE_RENDER:-0}" = 1 ]; then
		run --plot @W@/plot.PNG --from "$sample"
		[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
		[ "$(png_size "$work/plot.PNG")" = 1200x720 ] ||
			fail "plot.PNG is $(png_size "$work/plot.PNG")"
		run --plot @W@/plot.png --from "$sample"
		[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
		[ "$(png_size "$work/plot.png")" = 1200x720 ] ||
			fail "plot.png is $(png_size "$work/plot.png")"
		run --plot=@W@/big.png --from="$sample" --size 3840x2160 \
			--projection
		[ "$rc" = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
		[ "$(png_size "$work/big.png")" = 3840x2160 ] ||
			fail "big.png is $(png_size "$work/big.png")"
	else
		expect 2 'this build writes plots as SVG only' \
			--plot @W@/plot.png --from "$sample"
		expect 2 'this build writes plots as SVG only' \
			--plot @W@/plot.PNG --from "$sample"
	fi

	# bad results files: exit 2 and no plot
	expect 2 'none.json: cannot open: No such file or directory; check the path' \
		--plot @W@/plot.svg --from "$bad/none.json"
	expect 2 'cut.json:[0-9]+:[0-9]+: JSON syntax error near here' \
		--plot @W@/plot.svg --from "$bad/cut.json"
	expect 2 'numbers.json: results\[0\]\.gb_per_s: 3 is not n x 8 bytes / median_ms \(2\.1157\)' \
		--plot @W@/plot.svg --from "$bad/numbers.json"
	expect 2 'trace.json: format: "scanviz-trace": this is a trace' \
		--plot @W@/plot.svg --from "$bad/trace.json"
	expect 2 'empty.json: the file is empty' \
		--plot @W@/plot.svg --from "$bad/empty.json"
	expect 2 'failed.json: results: no figure that passed its check \(1 failed\)' \
		--plot @W@/plot.svg --from "$bad/failed.json"
	expect 2 'cannot write into .*/work/none: No such file' \
		--plot @W@/none/plot.svg --from "$sample"
	if [ "${HAVE_GUI:-0}" = 1 ]; then
		# a bad file never opens the window
		expect 2 'numbers.json: results\[0\]\.gb_per_s' \
			--show "$bad/numbers.json"
	fi
else
	expect 3 'this build cannot read results files' \
		--plot @W@/plot.svg --from "$sample"
	expect 3 'this build cannot read results files' --from "$sample"
fi
if [ "${HAVE_GUI:-0}" = 0 ] || [ "${HAVE_READER:-0}" = 0 ]; then
	expect 3 'this build has no window' --show "$sample"
fi

# bad usage
expect 2 '--runs is for timing kernels, but --show reads a results file' \
	--show "$sample" --runs 5
expect 2 '--csv is for timing kernels, but --from reads' \
	--plot @W@/p.svg --from "$sample" --csv @W@/x.csv
expect 2 'give one of them' --show "$sample" --from "$sample"
expect 2 '--show opens a window; to write the plot' \
	--show "$sample" --plot @W@/p.svg
expect 2 "--size '10x10': give WxH" --show "$sample" --size 10x10
expect 2 "--theme 'pink': use light, dark or projection" \
	--show "$sample" --theme pink
expect 2 "--plot '.*p.gif': name a .svg, a .png or a .pdf file" \
	--plot @W@/p.gif --from "$sample"
expect 2 '--show needs a file name' --show ''
expect 2 '--stages times the hierarchical scans.* apart' \
	--stages --kernels copy,cub

# an output file that cannot be written: exit 2 at once, in every build
# (before any GPU is looked for), and no temporary file left behind
expect 2 '^scanviz bench: --csv .*/work/none/r.csv: cannot write into .*/work/none: No such file' \
	--csv @W@/none/r.csv
expect 2 '^scanviz bench: --json .*/work/none/r.json: cannot write into' \
	--csv @W@/r.csv --json @W@/none/r.json --runs 1
expect 2 '^scanviz bench: --plot .*/work/none/p.svg: cannot write into' \
	--plot @W@/none/p.svg --max-log2 12
expect 2 '^scanviz bench: --json .*/work: that is a folder' --json @W@

# timing without CUDA: exit 3 and the reason
if [ "${HAVE_CUDA:-0}" = 0 ]; then
	expect 3 '^scanviz bench: built without CUDA: timing the kernels needs the CUDA toolkit'
	expect 3 'built without CUDA' --runs 3 --json @W@/r.json
else
	# no usable GPU: the bench gives the GPU executor's reason, word for
	# word (one probe, src/gpu). Where a GPU is usable, the gpu suite
	# times the bench instead.
	"$scanviz" dump --backend cuda > /dev/null 2> "$tmp/dump-err" < /dev/null
	dump_rc=$?
	if [ "$dump_rc" = 3 ]; then
		why=$(sed -n 's/^scanviz: --backend cuda: \(.*\): use --backend cpu$/\1/p' \
			"$tmp/dump-err")
		[ -n "$why" ] || fail "dump's reason not found in: $(cat "$tmp/dump-err")"
		run --runs 1 --min-log2 10 --max-log2 10 --kernels copy \
			--json @W@/r.json
		[ "$rc" = 3 ] || fail "exit $rc, expected 3"
		[ "$(cat "$tmp/err")" = "scanviz bench: no usable GPU: $why" ] ||
			fail "bench says '$(cat "$tmp/err")', dump says '$why'"
		[ -z "$(ls -A "$work")" ] || fail "files left: $(ls -A "$work")"
	else
		echo "dump --backend cuda: exit $dump_rc (a usable GPU): probe text not compared"
	fi
fi

echo "$failures failure(s)"
[ "$failures" = 0 ]
