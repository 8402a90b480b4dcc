# .ci/lib.sh - what .ci/start, .ci/test and .ci/run share: the Debian
# packages scanviz needs, installing the missing ones, and counting the
# results of a Meson test run. Sourced, not run.

# The build (meson, ninja, a C compiler), the libraries above the headless
# core (cJSON, cmocka; SDL2, SDL2_ttf, SDL2_image, fontconfig for the
# window), its font, a virtual display, and the style checker; FFmpeg's
# libraries and cairo for the GIF/MP4/WebM/APNG and PDF exports, and
# pdftotext, with which their test reads a PDF's text back; libtcc (with
# tcc's runtime library) for a student's kernel files.
ci_packages="meson ninja-build pkg-config gcc libcjson-dev libcmocka-dev libzstd-dev clang
clang-format libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev
fonts-dejavu-core xvfb python3 xdotool openbox imagemagick x11-utils
scdoc desktop-file-utils appstream zsh bash-completion
libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libcairo2-dev
poppler-utils libtcc-dev tcc"

# Installs the packages that are not installed yet (apt-get update first,
# only when something is missing; sudo when not root).
ci_install() {
	local missing=() p sudo=
	for p in $ci_packages; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" != 0 ] && sudo=sudo
	echo "installing: ${missing[*]}"
	$sudo apt-get update -q &&
		$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends "${missing[@]}"
}

# Prints "PASSED FAILED SKIPPED" counted from Meson's test logs (one JSON
# object a line). OK and EXPECTEDFAIL pass; SKIP is skipped; FAIL, TIMEOUT,
# ERROR and UNEXPECTEDPASS fail. A missing log counts as one failure.
ci_count() {
	python3 - "$@" <<'PY'
import json, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError:
        failed += 1
        continue
    for line in lines:
        if not line.strip():
            continue
        result = json.loads(line).get("result", "ERROR")
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1
print(passed, failed, skipped)
PY
}

# Prints the summary line "N passed, M failed" (", K skipped" when K > 0).
ci_summary_line() {
	local line="$1 passed, $2 failed"
	[ "${3:-0}" -gt 0 ] && line="$line, $3 skipped"
	echo "$line"
}
