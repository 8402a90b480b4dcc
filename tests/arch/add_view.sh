#!/bin/bash
# add_view.sh - adding a view takes its builder's file and its row in the
# views' table: here src/views/view_copied.c, its prototype beside the
# other builders (view_internal.h), its row in src/views/figures.c and its
# line in src/views/meson.build. This copies the source tree to a
# temporary folder, adds a figure "9.1c" drawn as Figure 9.1 on key 4 with
# exactly those edits, builds the program, and checks that `scanviz render
# --figure 9.1c` draws what --figure 9.1 draws (but for its name) and that
# a lesson's view=9.1c is accepted. Usage: add_view.sh SOURCE_ROOT. Exits
# 77 (skipped) without meson, ninja or the render layer. Depends on bash,
# sed, meson, ninja and a C compiler.
src=$1
command -v meson >/dev/null && command -v ninja >/dev/null || {
	echo "meson or ninja not found: skipped"
	exit 77
}
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() {
	echo "add_view: $*" >&2
	exit 1
}
for part in meson.build meson_options.txt kernels src tests docs data lessons assets; do
	cp -R "$src/$part" "$tree/" || fail "cannot copy $part"
done
views=$tree/src/views

# 1. the builder's file
cat >"$views/view_copied.c" <<'C'
/* view_copied.c - a throw-away figure: Figure 9.1's rows under another
 * name. Depends on view_internal.h. */
#include "view_internal.h"

int scene_view_copied_build(struct view_ctx *c)
{
	return scene_view_rows_build(c);
}
C
# 2. its prototype beside the other builders
sed -i 's/^int scene_view_hier_build(struct view_ctx \*c);$/&\nint scene_view_copied_build(struct view_ctx *c);/' \
	"$views/view_internal.h"
# 3. its row, last in the table
sed -i 's/^};$/\t{.name = "9.1c", .key = '"'4'"', .algorithm = "kogge-stone",\n\t .build = scene_view_copied_build,\n\t .block_count = scene_view_grid_blocks},\n};/' \
	"$views/figures.c"
# 4. its source in the views' library
sed -i "s/'figures.c',/'figures.c', 'view_copied.c',/" "$views/meson.build"
grep -q 'scene_view_copied_build' "$views/view_internal.h" || fail "the prototype was not added"
grep -q '"9.1c"' "$views/figures.c" || fail "the row was not added"
grep -q 'view_copied.c' "$views/meson.build" || fail "the source was not added"

cd "$tree" || exit 1
meson setup build -Dcuda=disabled -Dman=disabled -Dffmpeg=disabled -Dcairo=disabled \
	>setup.log 2>&1 || fail "meson setup failed: $(tail -5 setup.log)"
ninja -C build src/cli/scanviz >build.log 2>&1 || fail "the build failed: $(grep -m5 -i error build.log)"
scanviz=build/src/cli/scanviz

export SDL_VIDEODRIVER=dummy
out=$("$scanviz" render --figure 9.1 --step 3 -o simple.svg 2>&1)
rc=$?
[ $rc -eq 3 ] && {
	echo "this build cannot render: skipped ($out)"
	exit 77
}
[ $rc -eq 0 ] || fail "render --figure 9.1 failed: $out"
out=$("$scanviz" render --figure 9.1c --step 3 -o copied.svg 2>&1) ||
	fail "render --figure 9.1c failed: $out"
# the same picture, but for the figure's name in its heading
sed 's/Figure 9\.1c/Figure 9.1/g' copied.svg >renamed.svg
cmp -s renamed.svg simple.svg ||
	fail "Figure 9.1c differs from 9.1: $(diff renamed.svg simple.svg | head -5)"

cat >copied.md <<'MD'
<!-- lesson format=1 -->
# A copied view

The throw-away figure in a lesson.

## Its slide

<!-- show algo=kogge-stone view=9.1c -->

Figure 9.1's rows, under another name.
MD
out=$("$scanviz" lessons --print copied.md 2>&1) || fail "a lesson with view=9.1c failed: $out"
grep -q 'Figure 9.1c: kogge-stone' <<<"$out" || fail "the lesson does not draw Figure 9.1c: $out"
echo "9.1c: 4 edits (its file, a prototype, a table row, a meson line), rendered like 9.1 and shown by a lesson"
