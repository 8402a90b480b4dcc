#!/usr/bin/env bash
# faults.sh - scanviz under faults it must survive honestly: a full disk
# (a small tmpfs, when this user may mount one), closed standard streams,
# signals at random points of a long dump, and address-space limits. Every
# case checks the exit code, one line on stderr, and that neither a partial
# output file nor a temporary file is left; an existing file is kept whole.
# usage: faults.sh SCANVIZ [SEED]. Exits 77 (skipped) when the full-disk
# cases cannot run (no permission to mount) and everything else passed.
set -u
set -m # background jobs keep SIGINT (not ignored) in their own group
scanviz=$1
RANDOM=${2:-$$}
work=$(mktemp -d)
tiny=$work/tiny
mounted=0
cleanup() {
	[ "$mounted" = 1 ] && umount "$tiny" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
failed=0
ok() { echo "ok: $1"; }
bad() {
	echo "FAIL: $1"
	failed=1
}
# leftovers DIR: what a failed write left in DIR besides "keep*" files
leftovers() { ls -A "$1" | grep -v '^keep' || true; }
have_render=0
"$scanviz" render --help >/dev/null 2>&1 && have_render=1
asan=0
ldd "$scanviz" 2>/dev/null | grep -q libasan && asan=1
long=(dump --backend cpu --algo hierarchical --n 8000000 --detail summary --format json)

# 1. A full disk: exit 1, one line, no file; a file already there is kept.
mkdir "$tiny"
if mount -t tmpfs -o size=256k tmpfs "$tiny" 2>/dev/null; then
	mounted=1
	printf 'old\n' >"$tiny/keep.json"
	"$scanviz" dump --backend cpu --algo hierarchical --n 100000 --format json \
		-o "$tiny/keep.json" 2>"$work/err"
	rc=$?
	if [ "$rc" = 1 ] && [ "$(wc -l <"$work/err")" = 1 ] &&
		grep -q 'No space left on device' "$work/err" &&
		[ "$(cat "$tiny/keep.json")" = old ] && [ -z "$(leftovers "$tiny")" ]; then
		ok "full disk, dump: exit 1, old file kept: $(cat "$work/err")"
	else
		bad "full disk, dump: exit $rc, left: $(leftovers "$tiny"), stderr: $(cat "$work/err")"
	fi
	if [ "$have_render" = 1 ]; then
		for name in new.png keep.png; do
			[ "$name" = keep.png ] && printf 'old\n' >"$tiny/keep.png"
			"$scanviz" render --backend cpu --size 4000x4000 -o "$tiny/$name" 2>"$work/err"
			rc=$?
			if [ "$rc" = 1 ] && [ "$(wc -l <"$work/err")" = 1 ] &&
				grep -q 'No space left on device' "$work/err" &&
				[ ! -e "$tiny/new.png" ] && [ -z "$(leftovers "$tiny")" ]; then
				ok "full disk, render $name: exit 1, no partial file"
			else
				bad "full disk, render $name: exit $rc, left: $(ls -A "$tiny"), stderr: $(cat "$work/err")"
			fi
		done
		[ "$(cat "$tiny/keep.png")" = old ] || bad "full disk: keep.png was changed"
	fi
	umount "$tiny" && mounted=0
else
	echo "skipped: full disk (this user may not mount a tmpfs)"
	mounted=skip
fi

# 2. Closed standard streams: nothing of stderr goes into the output file;
# writing to a closed stdout fails with exit 1.
"$scanviz" dump --format json -o "$work/closed.json" 2>&-
rc=$?
if [ "$rc" = 0 ] && [ "$(head -c 1 "$work/closed.json")" = "{" ]; then
	ok "stderr closed: the trace is intact"
else
	bad "stderr closed: exit $rc, file starts: $(head -c 60 "$work/closed.json")"
fi
"$scanviz" dump --backend cpu >&- 2>"$work/err"
rc=$?
if [ "$rc" = 1 ] && [ "$(wc -l <"$work/err")" = 1 ]; then
	ok "stdout closed: exit 1: $(cat "$work/err")"
else
	bad "stdout closed: exit $rc, stderr: $(cat "$work/err")"
fi
"$scanviz" dump --backend cpu --input-file - -o "$work/x.txt" <&- 2>"$work/err"
rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <"$work/err")" = 1 ] && [ ! -e "$work/x.txt" ]; then
	ok "stdin closed, --input-file -: exit 2: $(cat "$work/err")"
else
	bad "stdin closed: exit $rc, stderr: $(cat "$work/err")"
fi

# 3. Signals at a random point of a long dump: the process ends by the
# signal, and neither the output nor its temporary file is left. A signal
# the process was started ignoring (SIGHUP under nohup, say) stays
# ignored: the run then finishes and writes its whole file.
ignores() { # PID SIG: the running process ignores SIG
	local mask
	mask=$(awk '/^SigIgn:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
	[ -n "$mask" ] && (((16#$mask >> ($(kill -l "$2") - 1)) & 1))
}
mkdir "$work/sig"
for sig in HUP QUIT PIPE INT TERM USR1 ALRM; do
	delay=$(printf '0.%d' $((RANDOM % 9 + 1)))
	"$scanviz" "${long[@]}" -o "$work/sig/out.json" 2>/dev/null &
	pid=$!
	sleep "$delay"
	ignored=0
	ignores "$pid" "$sig" && ignored=1
	kill -s "$sig" "$pid" 2>/dev/null
	wait "$pid"
	rc=$?
	want=$((128 + $(kill -l "$sig")))
	if [ "$ignored" = 1 ]; then
		if [ "$rc" = 0 ] && [ "$(ls -A "$work/sig")" = out.json ] &&
			python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/sig/out.json"; then
			ok "SIG$sig after ${delay}s, ignored by the caller: finished, out.json parses"
		else
			bad "SIG$sig ignored by the caller: exit $rc (want 0), left: $(ls -A "$work/sig")"
		fi
		rm -f "$work/sig"/*
	elif [ "$rc" = "$want" ] && [ -z "$(ls -A "$work/sig")" ]; then
		ok "SIG$sig after ${delay}s: ended by it, nothing left"
	else
		bad "SIG$sig after ${delay}s: exit $rc (want $want), left: $(ls -A "$work/sig")"
		rm -f "$work/sig"/*
	fi
done
if [ "$have_render" = 1 ]; then
	# a PNG's temporary file exists only while it is encoded: wait for
	# it, then send the signal
	"$scanviz" render --backend cpu --size 8000x8000 -o "$work/sig/big.png" 2>/dev/null &
	pid=$!
	for ((k = 0; k < 600; k++)); do
		compgen -G "$work/sig/big.png.*" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	seen=$(ls -A "$work/sig")
	ignored=0
	ignores "$pid" HUP && ignored=1
	kill -s HUP "$pid" 2>/dev/null
	wait "$pid"
	rc=$?
	if [ "$ignored" = 1 ]; then
		if [ "$rc" = 0 ] && [ "$(ls -A "$work/sig")" = big.png ] &&
			[ "$(tail -c 8 "$work/sig/big.png" | od -An -tx1 | tr -d ' \n')" = 49454e44ae426082 ]; then
			ok "SIGHUP while a PNG is written, ignored by the caller: finished, big.png ends with IEND"
		else
			bad "SIGHUP ignored while a PNG is written: exit $rc, left: $(ls -A "$work/sig")"
		fi
	elif [ -n "$seen" ] && [ "$rc" = 129 ] && [ -z "$(ls -A "$work/sig")" ]; then
		ok "SIGHUP while a PNG is written ($seen): ended by it, nothing left"
	else
		bad "SIGHUP while a PNG is written: exit $rc, seen '$seen', left: $(ls -A "$work/sig")"
	fi
fi

# 4. Address-space limits: a run too big for the limit is refused before
# it starts (exit 2); memory that runs out anyway is exit 1; one line, and
# the file already there is kept.
if [ "$asan" = 0 ]; then
	printf 'old\n' >"$work/keep.txt"
	yes 1 | head -c $((60 << 20)) >"$work/ones.txt"
	for case in "700000 2 needs.about.*more.than.the.*address.space.left.under.ulimit.-v --n 67108864" \
		"150000 1 out.of.memory.after.[0-9]+.numbers --input-file $work/ones.txt"; do
		read -r limit code pattern option value <<<"$case"
		(
			ulimit -v "$limit"
			exec "$scanviz" dump --backend cpu --algo hierarchical "$option" "$value" -o "$work/keep.txt"
		) 2>"$work/err"
		rc=$?
		# a build linked with the CUDA runtime, which reserves most of
		# 150 MB of address space as it loads, refuses the input up
		# front instead: exit 2, one line naming the limit
		if [ "$code" = 1 ] && [ "$rc" = 2 ] &&
			grep -Eq "needs about .* address space left under ulimit -v" "$work/err"; then
			code=2 pattern="address.space.left.under.ulimit.-v"
		fi
		if [ "$rc" = "$code" ] && [ "$(wc -l <"$work/err")" = 1 ] &&
			grep -Eq -- "$pattern" "$work/err" &&
			[ "$(cat "$work/keep.txt")" = old ] && [ "$(ls -A "$work" | grep -c tmp)" = 0 ]; then
			ok "ulimit -v $limit: exit $rc: $(cat "$work/err")"
		else
			bad "ulimit -v $limit: exit $rc (want $code), stderr: $(cat "$work/err")"
		fi
	done
	rm -f "$work/ones.txt"
else
	echo "skipped: ulimit -v (AddressSanitizer reserves terabytes)"
fi

if [ "$failed" = 0 ] && [ "$mounted" = skip ]; then
	exit 77
fi
exit "$failed"
