#!/bin/bash
# man_covers_help.sh - the manual page's source names every command and
# every option the program's --help texts list, so the two cannot drift
# apart. Usage: man_covers_help.sh SCANVIZ docs/scanviz.1.scd.
exe=$1 scd=$2
missing=0
options_of() {
	grep -oE -- '(^|[][ ,|(])--?[a-zA-Z][a-zA-Z0-9-]*' |
		grep -oE -- '--?[a-zA-Z][a-zA-Z0-9-]*' | sort -u
}
commands=$("$exe" --help | awk '/^commands:/ { on = 1; next }
	on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }')
[ -n "$commands" ] || { echo "scanviz --help lists no commands"; exit 1; }
for c in $commands help; do
	grep -qF "*$c*" "$scd" || { echo "$scd: no command *$c*"; missing=1; }
done
check() {
	local where=$1 o
	while read -r o; do
		[ "$o" = -h ] && continue
		grep -qF -- "*$o*" "$scd" ||
			{ echo "$scd: $where lists $o, the manual page does not"; missing=1; }
	done
}
for c in $commands; do
	# a command this build lacks answers --help with one line, exit 3
	help=$("$exe" "$c" --help 2>/dev/null) || continue
	check "scanviz $c --help" < <(options_of <<<"$help")
done
check "scanviz --help" < <("$exe" --help | options_of)
if help=$("$exe" --figure 9.1 --help 2>/dev/null); then
	check "the window's --help" < <(options_of <<<"$help")
fi
exit $missing
