#!/bin/bash
# clean_machine.sh - the Debian package on a clean Debian 12 (bookworm): a
# debootstrapped chroot (made once, then reused) gets the .deb through apt,
# so its dependencies resolve from Debian's archive alone, and then, from
# /tmp as a lab machine's user would: `scanviz lessons`, a GIF and an MP4 of
# Figure 9.1 on the book's values and a PDF of Figure 9.10, each file's
# frame count and size, one frame of each as PNG to look at, and the
# desktop entry, AppStream, lintian and manual page checks.
#
# Needs root, debootstrap and the network (deb.debian.org): neither CI nor
# `meson test` runs it. Build the package first (dpkg-buildpackage -us -uc
# -b, in a copy of the tree).
#
# Usage: clean_machine.sh DEB CHROOT OUT
#   DEB     the built scanviz_*.deb
#   CHROOT  the chroot's folder (debootstrapped when it has no /usr)
#   OUT     where the log (install-log.txt) and the frames' PNGs go
# Exit 0 when every step worked, 1 at the first that did not.
set -u
[ $# -eq 3 ] || { echo "usage: $0 DEB CHROOT OUT" >&2; exit 2; }
deb=$(realpath "$1") root=$2 out=$(realpath -m "$3")
[ -f "$deb" ] || { echo "$0: $1: no such package" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "$0: needs root (debootstrap, chroot)" >&2; exit 2; }
mkdir -p "$out"
log=$out/install-log.txt
: > "$log"

say() { printf '%s\n' "$*" | tee -a "$log"; }
# Runs a command in the chroot from /tmp, logging it and its output.
in_root() {
	say "\$ $*"
	chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
		/bin/bash -o pipefail -c "cd /tmp && $*" 2>&1 | tee -a "$log"
	local rc=${PIPESTATUS[0]}
	[ "$rc" = 0 ] || { say "(exit $rc)"; exit 1; }
}

if [ ! -x "$root/usr/bin/apt-get" ]; then
	say "# debootstrap bookworm into $root"
	debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian \
		> "$out/debootstrap.log" 2>&1 ||
		{ say "debootstrap failed: see $out/debootstrap.log"; exit 1; }
fi
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev/pts" || mount -t devpts devpts "$root/dev/pts"
trap 'umount "$root/dev/pts" "$root/proc" 2>/dev/null' EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"

say "# $(date -u '+%F %T UTC'), chroot $root: $(cat "$root/etc/debian_version")"
cp "$deb" "$root/tmp/"
name=$(basename "$deb")
in_root "apt-get update -q > /dev/null"
# the package, its dependencies from the archive only
in_root "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ./$name | tail -n 3"
# tools to look at what it makes (not its dependencies)
in_root "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ffmpeg poppler-utils desktop-file-utils appstream lintian man-db python3 > /dev/null"
in_root "dpkg -s scanviz | grep -E '^(Version|Depends):'"
in_root "scanviz --version"
in_root "scanviz lessons"
rm -f "$root"/tmp/f91.gif "$root"/tmp/f91.mp4 "$root"/tmp/f910.pdf

# Frames (ffprobe decodes them all), size, and one frame as PNG.
probe() {
	in_root "ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=codec_name,width,height,nb_read_frames -of default=nw=1 $1"
	in_root "stat -c '%n: %s bytes' $1"
	in_root "ffmpeg -v error -y -i $1 -vf 'select=eq(n\\,$2)' -frames:v 1 $1-frame$2.png"
	cp "$root/tmp/$1-frame$2.png" "$out/"
}
in_root "time scanviz render --figure 9.1 --backend cpu -o f91.gif"
probe f91.gif 100
in_root "time scanviz render --figure 9.1 --backend cpu -o f91.mp4"
probe f91.mp4 100
in_root "time scanviz render --figure 9.10 --backend cpu -o f910.pdf"
in_root "pdfinfo f910.pdf | grep -E '^(Pages|Page size|Producer)'"
in_root "pdffonts f910.pdf"
in_root "stat -c '%n: %s bytes' f910.pdf"
in_root "pdftotext f910.pdf - | tr -s ' \\n' ' ' | cut -c1-200; echo"
in_root "pdftoppm -png -r 72 -singlefile f910.pdf f910"
cp "$root/tmp/f910.png" "$out/"

# a student's kernel file, compiled at run time (libtcc and libc6-dev)
cp "$(dirname "$0")/../student/kernels/brent_kung.cu" "$root/tmp/"
in_root "scanviz check brent_kung.cu | tail -n 2"

in_root "desktop-file-validate /usr/share/applications/scanviz.desktop && echo desktop-file-validate: no errors"
in_root "appstreamcli validate --no-net /usr/share/metainfo/io.github.scanviz.metainfo.xml"
in_root "lintian --allow-root $name; echo lintian exit \$?"
in_root "man scanviz > man.txt 2> /dev/null && head -n 25 man.txt"
say "# all steps worked; frames in $out"
