#!/bin/bash
# validate.sh - the desktop entry and the AppStream metainfo pass their
# validators (desktop-file-validate from desktop-file-utils, appstreamcli
# from appstream). Usage: validate.sh DESKTOP METAINFO. Exit 77 (skipped)
# when neither validator is installed.
desktop=$1 metainfo=$2
ran=0 failed=0
if command -v desktop-file-validate >/dev/null; then
	ran=1
	out=$(desktop-file-validate "$desktop" 2>&1)
	rc=$?
	# hints are advice; errors and warnings fail
	if [ $rc -ne 0 ] || grep -qE ': (error|warning):' <<<"$out"; then
		echo "desktop-file-validate $desktop failed:"
		echo "$out"
		failed=1
	fi
fi
if command -v appstreamcli >/dev/null; then
	ran=1
	if ! out=$(appstreamcli validate --no-net --pedantic "$metainfo" 2>&1); then
		echo "appstreamcli validate $metainfo failed:"
		echo "$out"
		failed=1
	fi
	# the launchable is the desktop entry installed beside it
	want=$(basename "$desktop")
	if ! grep -q "<launchable type=\"desktop-id\">$want</launchable>" "$metainfo"; then
		echo "$metainfo: its launchable is not $want"
		failed=1
	fi
fi
if [ $ran -eq 0 ]; then
	echo "neither desktop-file-validate nor appstreamcli is installed: install desktop-file-utils and appstream"
	exit 77
fi
exit $failed
