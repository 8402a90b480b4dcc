#!/bin/sh
# run.sh - runs every libFuzzer target for a bounded time, for CI:
#   tests/fuzz/run.sh SECONDS [BUILD_DIR]
# Builds BUILD_DIR (default build-fuzz, configured with clang and -Dfuzz=true
# when missing), then runs each fuzz_* target there (the trace reader, the
# lesson parser, the command-line input) for SECONDS with its
# seeds (tests/fuzz/seeds/TARGET/, and lessons/ for the lesson parser) and
# dictionary (tests/fuzz/TARGET.dict) when they exist. New inputs go to a
# scratch corpus, never into the tree. Exits 1 when a target finds a crash
# (the reproducer is kept in BUILD_DIR/fuzz-findings/), 2 on bad usage.
set -eu

seconds=${1:-}
case "$seconds" in
'' | *[!0-9]*)
	echo "usage: tests/fuzz/run.sh SECONDS [BUILD_DIR]" >&2
	exit 2
	;;
esac
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-"$top/build-fuzz"}

# The build's output is kept out of the way, but shown when it fails.
log=$(mktemp)
if [ ! -f "$build/build.ninja" ]; then
	CC=${CC:-clang} meson setup "$build" "$top" -Dfuzz=true -Dgui=disabled \
		-Dcuda=disabled >"$log" 2>&1 || { tail -n 20 "$log" >&2; exit 1; }
fi
ninja -C "$build" >"$log" 2>&1 || { tail -n 20 "$log" >&2; exit 1; }
rm -f "$log"

findings="$build/fuzz-findings"
mkdir -p "$findings"
failed=0
ran=0
for exe in "$build"/tests/fuzz/fuzz_*; do
	[ -f "$exe" ] && [ -x "$exe" ] || continue
	name=$(basename "$exe")
	target=${name#fuzz_}
	corpus=$(mktemp -d)
	seeds=""
	[ -d "$top/tests/fuzz/seeds/$target" ] && seeds="$top/tests/fuzz/seeds/$target"
	[ "$target" = lesson_parse ] && seeds="$seeds $top/lessons"
	dict=""
	[ -f "$top/tests/fuzz/$target.dict" ] && dict="-dict=$top/tests/fuzz/$target.dict"
	# the options parser prints each refusal on stderr, as scanviz does:
	# libFuzzer keeps its own and the sanitizers' reports on another fd
	[ "$target" = cli_input ] && dict="$dict -close_fd_mask=2"
	echo "fuzz: $name for ${seconds}s"
	# shellcheck disable=SC2086 # seeds and dict are word lists on purpose
	if "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$findings/$name-" -print_final_stats=1 $dict \
		"$corpus" $seeds >"$findings/$name.log" 2>&1; then
		grep -E '^stat::number_of_executed_units|^stat::peak_rss' \
			"$findings/$name.log" || true
	else
		echo "fuzz: $name FOUND A CRASH; see $findings/$name.log" >&2
		tail -n 30 "$findings/$name.log" >&2
		failed=1
	fi
	rm -rf "$corpus"
	ran=$((ran + 1))
done
if [ "$ran" -eq 0 ]; then
	echo "fuzz: no fuzz_* target in $build/tests/fuzz (configured with -Dfuzz=true?)" >&2
	exit 1
fi
exit "$failed"
