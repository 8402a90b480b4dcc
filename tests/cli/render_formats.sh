#!/usr/bin/env bash
# render_formats.sh - `scanviz render` writes every format of the image-output
# table this build has: a still of Figure 9.10 as SVG, PNG and PDF, and
# step 2 of Figure 9.1 at 30 fps as GIF, MP4, WebM and APNG, each
# file whole (its magic bytes; the frame count by ffprobe when it is
# there), and a refused request leaves no file.
# usage: render_formats.sh SCANVIZ
set -u
scanviz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
built=$("$scanviz" render -o "$work/x.none" 2>&1 | sed 's/.*must end in //')

magic() { # FILE: the first bytes as hex
	od -An -tx1 -N12 "$1" | tr -d ' \n'
}
for ext in svg png pdf; do
	case "$built" in *".$ext"*) ;; *) echo "skip .$ext: not built"; continue ;; esac
	out="$work/f910.$ext"
	if ! "$scanviz" render --backend cpu --figure 9.10 -o "$out"; then
		echo "FAIL: render -o .$ext"; fail=1; continue
	fi
	m=$(magic "$out")
	case "$ext:$m" in
	svg:3c3f786d6c* | svg:3c737667*) ;;
	png:89504e47*) ;;
	pdf:25504446*) ;;
	*) echo "FAIL: .$ext starts with $m"; fail=1 ;;
	esac
done
# step 2 of Figure 9.1 at 30 fps: export_frame_count's 42 frames
for ext in gif mp4 webm apng; do
	case "$built" in *".$ext"*) ;; *) echo "skip .$ext: not built"; continue ;; esac
	out="$work/f91.$ext"
	if ! "$scanviz" render --backend cpu --figure 9.1 --from 2 --to 2 \
		--fps 30 --size 640x360 -o "$out"; then
		echo "FAIL: render -o .$ext"; fail=1; continue
	fi
	if command -v ffprobe > /dev/null; then
		got=$(ffprobe -v error -count_frames -select_streams v:0 \
			-show_entries stream=nb_read_frames,width,height \
			-of csv=p=0 "$out")
		if [ "$got" != "640,360,42" ]; then
			echo "FAIL: .$ext: ffprobe reads $got, not 640,360,42"
			fail=1
		fi
	fi
done
# refused: nothing written
"$scanviz" render --backend cpu --to 99 -o "$work/refused.gif" 2> /dev/null
[ $? = 2 ] || { echo "FAIL: --to 99 is not exit code 2"; fail=1; }
left=$(ls "$work" | grep -c refused)
[ "$left" = 0 ] || { echo "FAIL: a refused request left a file"; fail=1; }
exit $fail
