#!/usr/bin/env python3
"""bench_window.py - frames per second the real window presents while a
step animates, under Xvfb with a window manager, at a projector's and a 4K
screen's size. A benchmark, not a test: the figures depend on the machine
(run it where nothing else runs). Each case opens the window, presses Space,
lets it play for `seconds`, and reads the playback clock of every presented
frame ($SCANVIZ_FRAME_LOG with $SCANVIZ_FRAME_LOG_CLOCK=1, which costs the
frame nothing); frames/s is the count of frames presented while a step
moved over the time they took.

    bench_window.py SCANVIZ [seconds]     (default 6)

Python 3 stdlib; needs Xvfb, openbox, xdotool."""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from display import Display, missing_tools  # noqa: E402

CASES = [
    # (width, height, N, figure, extra run options)
    (1280, 720, 16, "9.1", []),
    (1280, 720, 2048, "9.10", ["--algo", "hierarchical", "--section", "1024"]),
    (3840, 2160, 16, "9.1", []),
    (3840, 2160, 1024, "9.1", []),
    (3840, 2160, 2048, "9.10", ["--algo", "hierarchical", "--section", "1024"]),
]


def moving_rate(frames):
    """Frames/s over the spans where a step moved (t < 1 on both ends)."""
    gaps = []
    for a, b in zip(frames, frames[1:]):
        if a["step"] == b["step"] and not a["settled"] and b["t"] > a["t"]:
            gaps.append((b["t_ms"] - a["t_ms"]) / 1000.0)
    if not gaps:
        return 0.0, 0.0
    return len(gaps) / sum(gaps), statistics.median(gaps) * 1000.0


def run_case(scanviz, case, seconds, work):
    w, h, n, figure, extra = case
    display = Display([(w, h)], work).start()
    log = os.path.join(work, "frames-%dx%d-%d.jsonl" % (w, h, n))
    env = display.env()
    env.update(SCANVIZ_FRAME_LOG=log, SCANVIZ_FRAME_LOG_CLOCK="1")
    args = [scanviz, "--figure", figure, "--n", str(n), "--size",
            "%dx%d" % (w, h), "--backend", "cpu"] + extra
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        display.activate("scanviz", timeout=30)
        time.sleep(1.0)
        display.key("space")
        time.sleep(seconds)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        display.stop()
    frames = [json.loads(line) for line in open(log) if line.strip()]
    rate, gap = moving_rate(frames)
    print("%5dx%-5d N=%-5d figure %-5s %6.1f frames/s while a step moves "
          "(median gap %.1f ms, %d frames)" % (w, h, n, figure, rate, gap,
                                                len(frames)), flush=True)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    missing = missing_tools()
    if missing:
        print("bench_window.py: needs " + ", ".join(missing))
        return 77
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 6.0
    with open("/proc/loadavg") as f:
        print("load average before: " + f.read().split()[0])
    with tempfile.TemporaryDirectory() as work:
        for case in CASES:
            run_case(os.path.abspath(sys.argv[1]), case, seconds, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
