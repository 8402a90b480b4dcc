"""framelog.py - reads the window's frame log ($SCANVIZ_FRAME_LOG: one JSON
object a presented frame, src/gui/gui_frame_log.h) while the window runs,
and answers questions about it by time. Python 3 stdlib."""

import json
import time


class FrameLog:
    def __init__(self, path):
        self.path = path
        self.frames = []
        self._pos = 0
        self._partial = ""

    def poll(self):
        """Reads the lines written since the last poll; returns how many."""
        try:
            with open(self.path, "r", encoding="utf-8",
                      errors="replace") as f:
                f.seek(self._pos)
                data = f.read()
                self._pos = f.tell()
        except FileNotFoundError:
            return 0
        data = self._partial + data
        lines = data.split("\n")
        self._partial = lines.pop()  # a line still being written
        added = 0
        for line in lines:
            if line.strip():
                self.frames.append(json.loads(line))
                added += 1
        return added

    def last(self):
        self.poll()
        return self.frames[-1] if self.frames else None

    def since(self, t0, t1=None):
        """Frames presented at monotonic seconds t0 <= t < t1."""
        self.poll()
        lo = t0 * 1000.0
        hi = None if t1 is None else t1 * 1000.0
        return [f for f in self.frames
                if f["t_ms"] >= lo and (hi is None or f["t_ms"] < hi)]

    def before(self, t):
        """The last frame presented before monotonic second t: what the
        screen showed at t."""
        self.poll()
        shown = None
        for f in self.frames:
            if f["t_ms"] >= t * 1000.0:
                break
            shown = f
        return shown

    def wait_for(self, predicate, timeout, after=None):
        """Waits until a frame (presented after `after`, seconds) satisfies
        predicate; returns it, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            for f in self.frames:
                if after is not None and f["t_ms"] < after * 1000.0:
                    continue
                if predicate(f):
                    return f
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    def wait_quiet(self, quiet, timeout):
        """Waits until no frame has come for `quiet` seconds (the window
        rests); returns True if it did within `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            f = self.last()
            now = time.monotonic()
            if f and now - f["t_ms"] / 1000.0 >= quiet:
                return True
            time.sleep(0.05)
        return False
