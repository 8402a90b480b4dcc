#!/usr/bin/env bash
# regen-golden.sh - rewrites every golden file of tests/cli/golden/ from the
# current build (run through `meson compile -C BUILD regen-golden`).
# usage: regen-golden.sh SCANVIZ
set -eu
scanviz=$1
dir=$(cd "$(dirname "$0")" && pwd)/golden
while read -r name args; do
	case "$name" in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086 # the arguments are split on spaces on purpose
	"$scanviz" dump $args --format text -o "$dir/$name.txt"
	# shellcheck disable=SC2086
	"$scanviz" dump $args --format json -o "$dir/$name.json"
	echo "wrote $dir/$name.txt and .json"
done < "$dir/cases"
