#!/usr/bin/env bash
# hw_views.sh - the hardware views from the command line: the bank model's
# totals (`dump --format banks`) for Brent-Kung and Blelloch, padded and
# not, and Kogge-Stone, equal to what Nsight Compute counted for the
# untraced kernels on an H100 (docs/views.md), and the warp-shuffle scan's
# (equal to the per-instruction counters; the pipe counts more store
# passes); the Perfetto export's trace-event shape, from an emulator run
# and from a recorded GPU trace; the padding fact through
# JSON and binary traces; the warp and bank views drawn as SVG.
# usage: hw_views.sh SCANVIZ DATA_DIR
set -u
scanviz=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# ALGO N [SECTION]: the model's total row
totals() {
	"$scanviz" dump --backend cpu --algo "$1" --n "$2" --section "${3:-$2}" \
		--seed 1 --format banks | awk '$1 == "total" { $1 = ""; print }'
}
expect_totals() { # ALGO N "reads passes conflicts writes passes conflicts" [SECTION]
	got=$(totals "$1" "$2" "${4:-$2}" | xargs)
	[ "$got" = "$3" ] || { echo "FAIL: banks $1 $2: got '$got', want '$3'"; fail=1; }
}
expect_totals brent-kung 2048 "334 1582 1248 199 823 624"
expect_totals brent-kung-padded 2048 "334 408 74 199 264 65"
expect_totals kogge-stone 1024 "610 610 0 321 321 0"
expect_totals brent-kung 1000 "172 764 592 102 398 296"
expect_totals brent-kung-padded 1000 "172 213 41 102 143 41"
# Blelloch's down-sweep swaps, clears the root and shifts XY in its store:
# writes without an addition, which the model counts from the snapshots
expect_totals blelloch 2048 "336 1596 1260 333 1278 945"
expect_totals blelloch-padded 2048 "336 419 83 333 348 15"
expect_totals blelloch 1000 "176 796 620 173 638 465" 1024
expect_totals blelloch-padded 1000 "176 207 31 173 173 0" 1024
# the warp-shuffle scan's shuffle steps read each lane's own element once:
# phase 2's reads of XY[32w + 31] are 32-way, as Nsight Compute counts
expect_totals warp-shuffle 1024 "259 414 155 228 352 124"
expect_totals warp-shuffle 64 "15 16 1 14 14 0"

# FILE: a Chrome trace-event file as Perfetto reads it
check_events() {
	python3 - "$1" "$2" <<'PY' || { echo "FAIL: perfetto shape of $1"; fail=1; }
import json, sys
path, clocks = sys.argv[1], sys.argv[2] == "clocks"
d = json.load(open(path))
assert isinstance(d, dict) and isinstance(d["traceEvents"], list)
assert d["displayTimeUnit"] == "ns"
names = {}
slices = {}
for e in d["traceEvents"]:
    assert e["ph"] in ("X", "i", "M"), e
    assert isinstance(e["pid"], int) and e["pid"] >= 0
    if e["ph"] == "M":
        assert e["name"] in ("process_name", "thread_name")
        assert isinstance(e["args"]["name"], str)
        names[(e["pid"], e.get("tid"))] = e["args"]["name"]
        continue
    assert isinstance(e["tid"], int) and isinstance(e["name"], str)
    assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0
    a = e["args"]
    assert 0 <= a["lanes_added"] <= a["lanes_present"] <= 32
    assert a["divergent"] == (0 < a["lanes_added"] < a["lanes_present"])
    assert ("clock" in a) == clocks
    if e["ph"] == "X":
        assert e["dur"] >= 0
        slices.setdefault((e["pid"], e["tid"]), []).append(e)
    assert (e["pid"], None) in names and (e["pid"], e["tid"]) in names
assert slices
for key, ev in slices.items():
    ev.sort(key=lambda e: e["ts"])
    for a, b in zip(ev, ev[1:]):
        # one warp's steps follow one another without overlapping
        assert a["ts"] + a["dur"] <= b["ts"] + 1e-6, (key, a, b)
        assert a["args"]["step_in_block"] < b["args"]["step_in_block"]
PY
}
"$scanviz" dump --backend cpu --algo brent-kung --n 200 --section 200 \
	--format perfetto -o "$work/cpu.trace.json" &&
	check_events "$work/cpu.trace.json" steps ||
	{ echo "FAIL: dump --format perfetto"; fail=1; }
"$scanviz" dump --trace "$data/bk64-gpu.json" --format perfetto \
	-o "$work/gpu.trace.json" &&
	check_events "$work/gpu.trace.json" clocks ||
	{ echo "FAIL: dump --trace GPU --format perfetto"; fail=1; }

# the padding fact survives JSON and binary traces
"$scanviz" dump --backend cpu --algo brent-kung-padded --n 64 \
	--format json -o "$work/p.json" &&
	"$scanviz" dump --trace "$work/p.json" --format bin -o "$work/p.bin" &&
	"$scanviz" dump --trace "$work/p.bin" --format banks >"$work/p.txt" ||
	{ echo "FAIL: padded trace through json and bin"; fail=1; }
grep -q '"shared_pad_shift": *5' "$work/p.json" ||
	{ echo "FAIL: json lacks shared_pad_shift"; fail=1; }
grep -q 'XY padded' "$work/p.txt" ||
	{ echo "FAIL: bin lost shared_pad_shift"; fail=1; }
# a recorded trace with run options is bad usage, and writes nothing
if "$scanviz" dump --trace "$work/p.json" --algo kogge-stone \
	-o "$work/none.json" 2>"$work/err"; then
	echo "FAIL: --trace with --algo accepted"; fail=1
fi
grep -q 'or --trace, not both' "$work/err" && [ ! -e "$work/none.json" ] ||
	{ echo "FAIL: --trace with --algo: $(cat "$work/err")"; fail=1; }

# the views as SVG: a divergent warp (reverse 4 of 2048 elements: 255
# additions, warp 7 one short), a 32-way bank conflict and none padded
svg() { "$scanviz" render --backend cpu --size 1920x1080 "$@"; }
svg --figure warps --algo brent-kung --n 2048 --section 2048 --step 20 \
	-o "$work/w.svg" && grep -q '31/32 divergent' "$work/w.svg" ||
	{ echo "FAIL: warps view lacks the divergent warp"; fail=1; }
"$scanviz" render --size 1920x1080 --figure warps \
	--trace "$data/bk64-gpu.json" -o "$work/wg.svg" &&
	grep -q 'clock64() per warp' "$work/wg.svg" ||
	{ echo "FAIL: warps view of a GPU trace lacks the timeline"; fail=1; }
svg --figure banks --algo brent-kung --n 2048 --section 2048 --step 7 \
	-o "$work/b.svg" && grep -q '32-way' "$work/b.svg" ||
	{ echo "FAIL: banks view lacks the 32-way conflict"; fail=1; }
svg --figure banks --algo brent-kung-padded --n 2048 --section 2048 \
	--step 3 -o "$work/bp.svg" && ! grep -q '[2-9]-way' "$work/bp.svg" ||
	{ echo "FAIL: padded reduce 2 is not conflict-free"; fail=1; }

# two traces side by side: each with its own heading and executor
"$scanviz" dump --backend cpu --algo brent-kung-padded --n 64 --section 64 \
	--seed 1 --format json -o "$work/p64.json" &&
	"$scanviz" render --figure warps --trace "$data/bk64-gpu.json" \
		--compare "$work/p64.json" --step 3 -o "$work/c.svg" &&
	grep -q 'Warps: brent-kung, block 0' "$work/c.svg" &&
	grep -q 'Warps: brent-kung-padded, block 0' "$work/c.svg" &&
	grep -q 'CPU emulator' "$work/c.svg" ||
	{ echo "FAIL: render --compare"; fail=1; }
# a missing second trace, or an animation, is bad usage and writes nothing
for args in "--compare $work/nothing.json -o $work/c2.svg" \
	"--compare $work/p64.json -o $work/c2.gif"; do
	# shellcheck disable=SC2086
	"$scanviz" render --trace "$work/p64.json" $args 2>"$work/err"
	rc=$?
	if [ $rc -ne 2 ] || [ -e "$work/c2.svg" ] || [ -e "$work/c2.gif" ]; then
		echo "FAIL: render $args: exit $rc, $(cat "$work/err")"; fail=1
	fi
done
# --compare names an algorithm too: it runs on the first trace's input;
# a word that is neither an algorithm, a .cu file nor a trace is refused
"$scanviz" render --trace "$work/p64.json" --compare kogge-stone --step 2 \
	-o "$work/c3.svg" 2>/dev/null &&
	grep -q 'kogge-stone, 64 elements' "$work/c3.svg" &&
	grep -q 'brent-kung-padded, 64 elements' "$work/c3.svg" ||
	{ echo "FAIL: render --compare ALGORITHM"; fail=1; }
"$scanviz" render --compare brent-kun -o "$work/c4.svg" 2>"$work/err"
rc=$?
if [ $rc -ne 2 ] || [ -e "$work/c4.svg" ] ||
	! grep -q "'brent-kun' is not an algorithm" "$work/err"; then
	echo "FAIL: render --compare brent-kun: exit $rc, $(cat "$work/err")"
	fail=1
fi
# a kernel file beside the built-in kernel of the same file name: each
# side's code panel shows its own source, the student's `temp` and the
# built-in's `sum` (exit 3: this build runs no kernel files)
"$scanviz" render --algo kogge-stone --step 3 -o "$work/c5.svg" \
	--compare "$(dirname "$0")/../student/kernels/kogge_stone.cu" 2>/dev/null
rc=$?
if [ $rc -ne 3 ] && { [ $rc -ne 0 ] ||
	! grep -q 'float temp;' "$work/c5.svg" ||
	! grep -q 'float sum = 0.0f;' "$work/c5.svg"; }; then
	echo "FAIL: render --compare FILE.cu: exit $rc, or a side lacks its source"
	fail=1
fi
# the window's --compare A B: both sides or none, and not with --trace
if "$scanviz" --version | grep -q '^GUI: yes'; then
	for args in "--compare kogge-stone" \
		"--compare kogge-stone brent-kung --trace $work/p64.json" \
		"--compare kogge-stone brent-kung --algo hierarchical"; do
		# shellcheck disable=SC2086
		"$scanviz" $args 2>"$work/err"
		rc=$?
		if [ $rc -ne 2 ] || [ "$(wc -l <"$work/err")" -ne 1 ]; then
			echo "FAIL: scanviz $args: exit $rc, $(cat "$work/err")"
			fail=1
		fi
	done
fi
exit $fail
