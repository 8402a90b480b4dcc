#!/usr/bin/env bash
# lesson_exercise.sh - `scanviz lessons --check` on a lesson's `exercise`:
# the starting kernel must have something to fix and the solution must
# pass check, each refused with its line and exit code otherwise; and the
# lesson of lessons/ that hands out the printed racy kernel checks.
# usage: lesson_exercise.sh SCANVIZ KERNELS_DIR LESSONS_DIR
set -u
scanviz=$1
kernels=$2
lessons=$3
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$kernels/kogge_stone_racy.cu" "$kernels/kogge_stone.cu" \
	"$kernels/compile_error.cu" "$work/"

# lesson EXERCISE_ARGS: a one-slide lesson with that exercise
lesson() {
	printf '%s\n' '<!-- lesson format=1 -->' '# An exercise' '' '## Fix it' \
		"<!-- exercise $1 -->" 'Fix the kernel.' >"$work/x.md"
}

# expect NAME CODE STDERR_PATTERN
expect() {
	local out rc
	out=$("$scanviz" lessons --check "$work/x.md" 2>&1 >/dev/null)
	rc=$?
	if [ "$rc" != "$2" ] || ! grep -Eq -- "$3" <<<"$out" ||
		[ "$(wc -l <<<"$out")" != 1 ]; then
		echo "FAIL: $1: exit $rc (expected $2): $out"
		failed=1
	else
		echo "ok: $1"
	fi
}

lesson "kernel=kogge_stone_racy.cu solution=kogge_stone.cu"
expect "a racy start and a right solution" 0 "^$"
lesson "kernel=kogge_stone.cu solution=kogge_stone.cu"
expect "a start that passes already" 1 \
	"x.md:5:6: the starting kernel .*kogge_stone.cu passes check already"
lesson "kernel=kogge_stone_racy.cu solution=kogge_stone_racy.cu"
expect "a solution that does not pass" 1 \
	"x.md:5:6: the solution .*kogge_stone_racy.cu does not pass check: WRONG: threads"
lesson "kernel=compile_error.cu solution=kogge_stone.cu"
expect "a start that does not compile" 2 \
	"x.md:5:6: the starting kernel does not run: .*compile_error.cu:8: error"
lesson "kernel=kogge_stone_racy.cu"
expect "no solution" 2 "x.md:5:6: expected kernel=FILE.cu solution=FILE.cu"
lesson "kernel=kogge_stone_racy.cu solution=kogge_stone.cu threads=0"
expect "threads 0" 2 "x.md:5:"

if out=$("$scanviz" lessons --check "$lessons/fix-the-race.md" 2>&1); then
	echo "ok: lessons/fix-the-race.md checks"
else
	echo "FAIL: lessons/fix-the-race.md: $out"
	failed=1
fi
exit $failed
