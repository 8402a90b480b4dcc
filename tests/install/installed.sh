#!/bin/bash
# installed.sh - `meson install --destdir` puts every file an installed
# scanviz needs in place, and the installed program runs from another
# folder with its installed data. Usage: installed.sh MESON BUILD_ROOT
# SOURCE_ROOT PREFIX BINDIR DATADIR MANDIR GUI(true|false) MAN(true|false)
# LIBDIR VIDEO(true|false: the export module writes GIF) ZSHDIR (where the
# zsh completion goes: under PREFIX, or an absolute folder).
# The destdir tree is not under PREFIX: the program finds its lessons
# beside itself (../share/scanviz) and its export module in
# LIBDIR/scanviz; the kernel sources are built in.
meson=$1 build=$2 src=$3 prefix=$4 bindir=$5 datadir=$6 mandir=$7 gui=$8 man=$9
libdir=${10} video=${11} zshdir=${12}
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
failed=0
fail() {
	echo "$*"
	failed=1
}
if ! out=$("$meson" install -C "$build" --destdir "$dest" --no-rebuild 2>&1); then
	echo "$out" | tail -20
	echo "meson install --destdir failed"
	exit 1
fi
root=$dest$prefix
share=$root/$datadir
exe=$root/$bindir/scanviz

need() {
	[ -e "$1" ] || fail "not installed: ${1#"$dest"}"
}
need "$exe"
need "$share/scanviz/lessons/manifest"
# every lesson the manifest lists
while read -r name; do
	case $name in '' | '#'*) continue ;; *.md) ;; *) name=$name.md ;; esac
	need "$share/scanviz/lessons/$name"
done < <(sed 's/[[:space:]]*#.*//' "$src/lessons/manifest")
need "$share/bash-completion/completions/scanviz"
case $zshdir in
/*) need "$dest$zshdir/_scanviz" ;;
*) need "$root/$zshdir/_scanviz" ;;
esac
if [ "$man" = true ]; then
	need "$root/$mandir/man1/scanviz.1"
	if command -v man >/dev/null && [ -e "$root/$mandir/man1/scanviz.1" ]; then
		warn=$(man --warnings -l "$root/$mandir/man1/scanviz.1" 2>&1 >/dev/null)
		[ -z "$warn" ] || fail "man warns about scanviz.1: $warn"
	fi
fi
if [ "$gui" = true ]; then
	need "$share/applications/scanviz.desktop"
	need "$share/metainfo/io.github.scanviz.metainfo.xml"
	need "$share/icons/hicolor/scalable/apps/scanviz.svg"
	need "$share/icons/hicolor/256x256/apps/scanviz.png"
	need "$share/scanviz/assets/scanviz.png"
fi

# The installed program, run from an empty folder with the installed data.
[ -x "$exe" ] || exit 1
mkdir "$dest/elsewhere"
cd "$dest/elsewhere" || exit 1
unset SCANVIZ_LESSON_DIR SCANVIZ_ASSET_DIR
"$exe" --version >/dev/null || fail "the installed scanviz --version failed"
list=$("$exe" lessons 2>&1) || fail "the installed scanviz lessons failed: $list"
grep -q 'simple-scan' <<<"$list" || fail "the installed lessons list no simple-scan: $list"
out=$("$exe" dump --backend cpu --algo hierarchical --section 4 --format json 2>&1) ||
	fail "the installed scanviz dump failed: $out"
if [ "$gui" = true ]; then
	# the figure with its code panel: the kernels and the fonts
	out=$("$exe" lessons --check 2>&1) || fail "the installed lessons do not check: $out"
	out=$(SDL_VIDEODRIVER=dummy "$exe" render --figure 9.5 -o fig.svg 2>&1) ||
		fail "the installed scanviz render failed: $out"
	grep -q 'tree_size' fig.svg 2>/dev/null ||
		fail "the rendered figure shows no kernel source"
fi
if [ "$video" = true ]; then
	# the installed export module, found relative to the program
	need "$root/$libdir/scanviz/scanviz-export.so"
	out=$(SDL_VIDEODRIVER=dummy "$exe" render --backend cpu --figure 9.1 \
		--from 2 --to 2 --size 320x240 -o fig.gif 2>&1) ||
		fail "the installed scanviz render -o fig.gif failed: $out"
	[ "$(head -c 6 fig.gif 2>/dev/null)" = GIF89a ] ||
		fail "the installed scanviz wrote no GIF"
fi
# the lessons listed are the tree's own, not the source tree's: a lesson
# taken out of the installed manifest is no longer listed
last=$(grep -v '^[[:space:]]*\(#\|$\)' "$share/scanviz/lessons/manifest" | tail -1)
last=${last%%[[:space:]#]*}
sed -i "/^${last//./\\.}/d" "$share/scanviz/lessons/manifest"
if grep -qw -- "${last%.md}" <<<"$("$exe" lessons 2>&1)"; then
	fail "the installed scanviz lists ${last%.md}, which its own manifest no longer names: it read another lessons folder"
fi
exit $failed
