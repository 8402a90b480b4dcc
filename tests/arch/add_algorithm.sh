#!/bin/bash
# add_algorithm.sh - adding an algorithm takes three edits: its kernel
# file, one row in the registry kernels/kernels.def and one algorithm row in
# src/scan/scan_tables.c. This copies the source tree to a temporary folder,
# adds a copy of kogge_stone_scan under another name with exactly those
# edits, builds the CPU-only program, and checks that `scanviz verify` runs
# and passes the new algorithm (its cases come from the algorithm table) and that `scanviz dump` traces it just as it
# traces kogge-stone. Usage: add_algorithm.sh SOURCE_ROOT. Exits 77
# (skipped) without meson or ninja. Depends on bash, sed, meson, ninja and
# a C compiler.
src=$1
command -v meson >/dev/null && command -v ninja >/dev/null || {
	echo "meson or ninja not found: skipped"
	exit 77
}
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() {
	echo "add_algorithm: $*" >&2
	exit 1
}
for part in meson.build meson_options.txt kernels src tests docs data lessons assets; do
	cp -R "$src/$part" "$tree/" || fail "cannot copy $part"
done

# 1. the kernel file
sed 's/kogge_stone_book_scan/copied_book_scan/g; s/kogge_stone_scan/copied_scan/g' \
	"$tree/kernels/kogge_stone.cu" >"$tree/kernels/copied.cu"
# 2. its registry row, last in the SCAN_KERNEL list
sed -i '0,/^#endif/s//SCAN_KERNEL(COPIED, copied_scan, "copied.cu", 1024, SECTION, SECTION,\n            KOGGE_STONE, true, true, "")\n#endif/' \
	"$tree/kernels/kernels.def"
# 3. its algorithm row
sed -i 's/^static const struct scan_algorithm algorithms\[\] = {$/&\n\t{"copied", "a copy of the simple scan", "9.2", SCAN_KERNEL_COPIED,\n\t SCAN_KERNEL_COUNT, false, false, false},/' \
	"$tree/src/scan/scan_tables.c"
grep -q 'SCAN_KERNEL(COPIED' "$tree/kernels/kernels.def" || fail "the registry row was not added"
grep -q '"copied"' "$tree/src/scan/scan_tables.c" || fail "the algorithm row was not added"

cd "$tree" || exit 1
meson setup build -Dgui=disabled -Dcuda=disabled -Dman=disabled >setup.log 2>&1 ||
	fail "meson setup failed: $(tail -5 setup.log)"
ninja -C build src/cli/scanviz >build.log 2>&1 || fail "the build failed: $(grep -m5 -i error build.log)"
scanviz=build/src/cli/scanviz

out=$("$scanviz" verify --backend cpu --quick 2>&1) || fail "verify failed: $out"
copied=$("$scanviz" dump --backend cpu --algo copied --format json 2>&1) ||
	fail "dump --algo copied failed: $copied"
simple=$("$scanviz" dump --backend cpu --algo kogge-stone --format json 2>&1) ||
	fail "dump --algo kogge-stone failed: $simple"
# the same trace, but for the names of the algorithm, kernel and file
renamed=$(sed 's/"copied"/"kogge-stone"/g; s/copied_scan/kogge_stone_scan/g; s/copied\.cu/kogge_stone.cu/g; s/a copy of the simple scan/the simple scan, race-free (Figure 9.1)/g' <<<"$copied")
[ "$renamed" = "$simple" ] || fail "the trace of copied differs from kogge-stone's: $(diff <(echo "$renamed") <(echo "$simple") | head -5)"
echo "copied: 3 edits, built, verified and dumped like kogge-stone"
