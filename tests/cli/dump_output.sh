#!/usr/bin/env bash
# dump_output.sh - where `scanviz dump -o PATH` writes. A symbolic link is
# followed (the link stays, its target gets the dump); a FIFO and a
# character device are written into, not replaced by a file; a folder is
# refused with exit 2 before any work; a dump ended by SIGTERM or SIGINT
# while it runs leaves no file behind and ends by that signal.
# usage: dump_output.sh SCANVIZ
set -u
set -m # background jobs keep SIGINT (not ignored) in their own group
scanviz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
ok() { echo "ok: $1"; }
bad() {
	echo "FAIL: $1"
	failed=1
}
args=(dump --backend cpu --algo hierarchical --input 2,1,3,1,0,4,1,2 --section 4)
if ! "$scanviz" "${args[@]}" >"$work/want" 2>/dev/null; then
	echo "the dump to standard output failed"
	exit 1
fi

# A symbolic link, to a file that does not exist yet and then to one that
# does.
mkdir "$work/real" "$work/links"
ln -s ../real/target.txt "$work/links/out.txt"
for round in "not made yet" "that exists"; do
	"$scanviz" "${args[@]}" -o "$work/links/out.txt" 2>/dev/null
	rc=$?
	if [ "$rc" = 0 ] && [ -L "$work/links/out.txt" ] &&
		cmp -s "$work/want" "$work/real/target.txt" &&
		[ "$(ls -A "$work/real")" = target.txt ] &&
		[ "$(ls -A "$work/links")" = out.txt ]; then
		ok "link to a file $round: followed, the link kept"
	else
		bad "link to a file $round (exit $rc): $(ls -lA "$work/links" "$work/real")"
	fi
done

# A FIFO: a reader gets the dump, and the FIFO stays a FIFO.
mkfifo "$work/fifo"
timeout 60 cat "$work/fifo" >"$work/from-fifo" &
reader=$!
"$scanviz" "${args[@]}" -o "$work/fifo" 2>/dev/null
rc=$?
# a dump that replaced the FIFO never opened it: the reader still waits
[ -p "$work/fifo" ] || kill "$reader" 2>/dev/null
wait "$reader"
if [ "$rc" = 0 ] && [ -p "$work/fifo" ] && cmp -s "$work/want" "$work/from-fifo"; then
	ok "FIFO: written into"
else
	bad "FIFO (exit $rc): $(ls -lA "$work")"
fi

# A character device: a null device node of our own where we may make one
# (as root), else the system's.
dev=/dev/null
if mknod "$work/null" c 1 3 2>/dev/null; then
	dev=$work/null
fi
"$scanviz" "${args[@]}" -o "$dev" 2>/dev/null
rc=$?
if [ "$rc" = 0 ] && [ -c "$dev" ] && ! ls -A "$work" | grep -q '\.tmp\.'; then
	ok "character device $dev: written into, still a device"
else
	bad "character device $dev (exit $rc): $(ls -l "$dev")"
fi

# A folder: exit 2 and one line, before the run (which would print its
# own note about the CPU emulator first).
mkdir "$work/folder"
"$scanviz" dump --algo hierarchical --n 4096 -o "$work/folder" \
	>"$work/out" 2>"$work/err"
rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <"$work/err")" = 1 ] &&
	grep -q -- "-o $work/folder: is a folder" "$work/err" &&
	[ -z "$(ls -A "$work/folder")" ] && [ ! -s "$work/out" ]; then
	ok "folder: refused before the run"
else
	bad "folder (exit $rc): $(cat "$work/err")"
fi

# Killed while it runs: the temporary file beside out.txt appears before
# the run starts; the signal comes once it is there.
for sig in TERM INT; do
	mkdir "$work/kill-$sig"
	"$scanviz" dump --backend cpu --algo hierarchical --n 16777216 \
		--detail summary -o "$work/kill-$sig/out.txt" 2>/dev/null &
	pid=$!
	for _ in $(seq 2000); do
		[ -n "$(ls -A "$work/kill-$sig")" ] && break
		sleep 0.01
	done
	seen=$(ls -A "$work/kill-$sig")
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	want=$((128 + $(kill -l "$sig")))
	if [ -n "$seen" ] && [ "$rc" = "$want" ] &&
		[ -z "$(ls -A "$work/kill-$sig")" ]; then
		ok "SIG$sig while running: $seen removed, ended by the signal"
	else
		bad "SIG$sig (saw '$seen', exit $rc, want $want): left $(ls -A "$work/kill-$sig")"
	fi
done
exit "$failed"
