#!/usr/bin/env bash
# export_module.sh - the exports' libraries are loaded only by a run that
# writes an animation or a PDF: the program links neither FFmpeg nor
# cairo, and a program that cannot find its export module says so in one
# line and exits 3, leaving no file.
# usage: export_module.sh SCANVIZ
set -u
scanviz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
if command -v ldd > /dev/null; then
	linked=$(ldd "$scanviz" | grep -E 'libav(codec|format|util)|libswscale|libcairo')
	[ -z "$linked" ] || { echo "FAIL: scanviz links $linked"; fail=1; }
fi
built=$("$scanviz" render -o "$work/x.none" 2>&1 | sed 's/.*must end in //')
case "$built" in *.gif*) ;; *) echo "skip: this build writes no GIF"; exit $fail ;; esac
# A copy outside the build tree looks beside itself, then in the
# configured folder: no module there unless one is installed.
cp "$scanviz" "$work/scanviz"
SDL_VIDEODRIVER=dummy "$work/scanviz" render --backend cpu --figure 9.1 \
	--to 1 --size 320x240 -o "$work/f.gif" 2> "$work/err"
rc=$?
if [ $rc = 0 ]; then
	echo "skip: an installed export module was found"
elif [ $rc != 3 ]; then
	echo "FAIL: exit $rc, not 3: $(cat "$work/err")"; fail=1
elif ! grep -qE '^scanviz render: -o .*f\.gif: this scanviz cannot write gif: .*scanviz-export\.so.*; reinstall scanviz with its export module' "$work/err" ||
	[ "$(wc -l < "$work/err")" != 1 ]; then
	echo "FAIL: the message is not one line naming the module: $(cat "$work/err")"; fail=1
fi
[ ! -e "$work/f.gif" ] || { echo "FAIL: a file was left"; fail=1; }
exit $fail
