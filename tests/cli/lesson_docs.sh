#!/usr/bin/env bash
# lesson_docs.sh - docs/lesson-format.md against what `scanviz lessons`
# does: the list shows each lesson's title, as the page's summary row says;
# every exit code `scanviz lessons --check` gives (a sound lesson, a bad
# one, a missing one, a false claim, one past the limits, a backend this
# build lacks) is in the page's table, with one line on stderr when it is
# not 0; and the page's sample lesson checks, with its counts printed.
# usage: lesson_docs.sh SCANVIZ DOC LESSONS_DIR
set -u
scanviz=$1 doc=$2 lessons=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
bad() {
	echo "FAIL: $1"
	failed=1
}

# The list: each lesson's title, and the page says so.
SCANVIZ_LESSON_DIR=$lessons "$scanviz" lessons >"$work/list" 2>&1 ||
	bad "scanviz lessons failed: $(cat "$work/list")"
while read -r name; do
	case "$name" in '' | '#'*) continue ;; esac
	title=$(sed -n 's/^# //p' "$lessons/$name" | head -n 1)
	grep -qF -- "$title" "$work/list" || bad "the list lacks the title '$title'"
done <"$lessons/manifest"
row=$(grep '^| summary |' "$doc")
case "$row" in
*"shows each lesson's title"*) echo "ok: the page says the list shows titles" ;;
*) bad "the page's summary row does not say the list shows titles: $row" ;;
esac

# --check: the codes it gives, each in the page's table.
table=$(sed -n '/^`scanviz lessons --check` stops/,/^Whatever the code/p' "$doc")
head='<!-- lesson format=1 -->
# T

## S'
printf '%s\n<!-- show algo=kogge-stone input=1,2,3 -->\nText.\n' "$head" >"$work/good.md"
printf '%s\n<!-- show algo=kogge -->\nText.\n' "$head" >"$work/bad.md"
check() { # CODE-WANTED ARGS...: runs --check, compares the code
	local want=$1
	shift
	"$scanviz" lessons --check "$@" >/dev/null 2>"$work/err"
	local rc=$?
	if [ "$rc" != "$want" ]; then
		bad "lessons --check $*: exit $rc, expected $want ($(cat "$work/err"))"
		return
	fi
	if [ "$rc" != 0 ] && [ "$(wc -l <"$work/err")" != 1 ]; then
		bad "lessons --check $*: $(wc -l <"$work/err") lines on stderr"
	fi
	if ! grep -q "^| $rc |" <<<"$table"; then
		bad "exit code $rc of lessons --check $* is not in the page's table"
		return
	fi
	echo "ok: lessons --check $* exits $rc, as documented"
}
check 0 --backend cpu "$work/good.md"
check 2 --backend cpu "$work/bad.md"
check 2 --backend cpu "$work/missing.md"
"$scanviz" lessons --check --backend cuda "$work/good.md" >/dev/null 2>&1
[ $? = 0 ] || check 3 --backend cuda "$work/good.md"

# A claim the trace contradicts: exit 1, documented.
printf '%s\n<!-- show algo=brent-kung -->\n<!-- claim final@reduce:8=0,7,15 -->\nText.\n' \
	"$head" >"$work/false.md"
check 1 --backend cpu "$work/false.md"
grep -q "the lesson says final@reduce:8=0,7,15, but" "$work/err" ||
	bad "a false claim's message: $(cat "$work/err")"

# The page's sample lesson is a lesson: it checks, and --check counts its
# answers and claims, per lesson and in total, as the page shows.
sed -n '/^````markdown$/,/^````$/p' "$doc" | sed '1d;$d' >"$work/sample.md"
if "$scanviz" lessons --check --backend cpu "$work/sample.md" >"$work/out" 2>"$work/err"; then
	grep -q 'answers and  2 claims checked' "$work/out" &&
		grep -q '^checked 1 lesson: 3 answers and 2 claims, all right$' "$work/out" &&
		echo "ok: the page's sample lesson checks, its counts printed" ||
		bad "the sample's counts: $(cat "$work/out")"
else
	bad "the page's sample lesson: $(cat "$work/err")"
fi

# A lesson that asks for more than a lesson may run: exit 2, at the show
# past the limit, naming the limit the page gives.
{
	printf '%s\nText.\n' "$head"
	for k in $(seq 1 17); do
		printf '## S%s\n<!-- show algo=hierarchical n=65536 seed=%s -->\nText.\n' "$k" "$k"
	done
} >"$work/big.md"
check 2 --backend cpu "$work/big.md"
grep -q 'big.md:55:6: .*more than 1048576 elements in all' "$work/err" ||
	bad "the limit's message: $(cat "$work/err")"
grep -q '1,048,576 elements' "$doc" || bad "the page does not give the limit"
exit "$failed"
