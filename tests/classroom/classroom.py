#!/usr/bin/env python3
"""classroom.py - plays one scenario of scenarios.py on the real window, as
a person does: a virtual screen (display.py), scanviz with its frame log
on and a fresh HOME, keys and clicks with real waits, screenshots into
OUT/, then the checks of checks.py on the frame log. Prints one line per
check and exits 0 when all pass, 1 when one fails, 2 on bad usage, 77
(skipped) when Xvfb, openbox, xdotool or ImageMagick is not installed.

Usage: classroom.py --scanviz PATH --out DIR SCENARIO
Python 3 stdlib; the tools display.py names."""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # nothing written into the source tree

import checks  # noqa: E402
import display  # noqa: E402
import framelog  # noqa: E402
from scenarios import SCENARIOS  # noqa: E402

SKIP = 77
# Failures printed per check; the rest are counted.
MAX_LINES = 8

# The source tree, for scenarios that name its files ("{source}").
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


class Run:
    """One scenario's state: the display, the window, its log, the marks
    (key times) and the results."""

    def __init__(self, name, scenario, scanviz, out):
        self.name = name
        self.scenario = scenario
        self.scanviz = scanviz
        self.out = out
        self.display = None
        self.app = None
        self.log = None
        self.launches = 0
        self.marks = {}  # name -> (monotonic s, frame shown before)
        self.frames_from = 0.0
        self.results = []  # (label, [failures])

    # -- the window --------------------------------------------------
    def launch(self, args):
        self.close()
        self.launches += 1
        args = [a.replace("{source}", SOURCE) for a in args]
        home = os.path.join(self.out, "home")
        env = self.display.env()
        for var, sub in (("HOME", ""), ("XDG_CONFIG_HOME", ".config"),
                         ("XDG_DATA_HOME", ".local/share"),
                         ("XDG_STATE_HOME", ".local/state"),
                         ("XDG_CACHE_HOME", ".cache")):
            path = os.path.join(home, sub)
            os.makedirs(path, exist_ok=True)
            env[var] = path
        runtime = os.path.join(self.out, "runtime")
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        env["XDG_RUNTIME_DIR"] = runtime
        path = os.path.join(self.out, "frames-%d.jsonl" % self.launches)
        env["SCANVIZ_FRAME_LOG"] = path
        shots = os.path.join(self.out, "app-screenshots")
        os.makedirs(shots, exist_ok=True)
        argv = [self.scanviz] + args + ["--screenshot-dir", shots]
        stderr = open(os.path.join(self.out, "scanviz-%d.log"
                                   % self.launches), "w")
        print("# launch: %s" % " ".join(argv[1:]), flush=True)
        self.app = subprocess.Popen(argv, env=env, stdout=stderr,
                                    stderr=stderr, cwd=self.out)
        self.log = framelog.FrameLog(path)
        self.frames_from = 0.0
        if not self.log.wait_for(lambda f: True, 20):
            self.fail("launch", "no frame within 20 s of starting "
                      "scanviz %s (see %s)" % (" ".join(args), stderr.name))
            return False
        if not self.display.activate("scanviz"):
            self.fail("launch", "no scanviz window appeared")
            return False
        if "--projection" in args or "--fullscreen" in args:
            # a full-screen window covers one whole screen
            screens = [list(x) for x in self.scenario["screens"]]
            if not self.log.wait_for(lambda f: f["drawable"] in screens, 10):
                last = self.log.last()
                self.fail("launch", "%s: the window did not fill a screen "
                          "(%s; its frames are %dx%d)" % (
                              " ".join(args), screens, *last["drawable"]))
        # settle: the window drawn at its final size and resting
        self.log.wait_quiet(0.5, 10)
        return True

    def close(self):
        if self.app and self.app.poll() is None:
            self.app.send_signal(signal.SIGTERM)  # SDL turns it into quit
            try:
                self.app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.app.kill()
                self.app.wait()
                self.fail("close", "scanviz did not quit on SIGTERM")
        self.app = None

    def alive(self):
        return self.app is not None and self.app.poll() is None

    # -- hands and eyes ----------------------------------------------
    def mark(self, name):
        now = time.monotonic()
        self.marks[name] = (now, self.log.before(now) or self.log.last())
        return now

    def key(self, keyname, mark):
        self.mark(mark)
        self.display.key(keyname)

    def type(self, text, mark):
        """Types text as a keyboard does; "{source}" is the source tree."""
        self.mark(mark)
        self.display.type(text.replace("{source}", SOURCE))

    def click(self, control, mark, b=None):
        frame = self.log.last()
        hits = [c for c in frame["controls"] if c["a"] == control and
                (b is None or c["b"] == b)]
        if not hits:
            self.fail("click", "no button %d%s in the frame" % (
                control, "" if b is None else " (b %d)" % b))
            self.mark(mark)  # its checks then fail, and say why
            return
        box = hits[0]["box"]
        window = self.display.activate("scanviz")
        sx = frame["window"][0] / frame["drawable"][0]
        sy = frame["window"][1] / frame["drawable"][1]
        x = (box[0] + box[2]) / 2 * sx
        y = (box[1] + box[3]) / 2 * sy
        # relative to the window itself: under a window manager the
        # position getwindowgeometry reports counts the title bar twice
        self.display.xdotool("mousemove", "--window", window, int(x),
                             int(y))
        time.sleep(0.3)
        self.mark(mark)
        self.display.xdotool("click", "1")

    def shot(self, name, mark=None, offset=0.0):
        if mark is None:
            self.log.wait_quiet(0.4, 6)  # what the room sees at rest
        else:
            delay = self.marks[mark][0] + offset - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        path = os.path.join(self.out, "%s.png" % name)
        taken = time.monotonic()
        if self.display.screenshot(path):
            at = ("" if mark is None else
                  " (+%.2f s after %s)" % (taken - self.marks[mark][0],
                                           mark))
            print("# screenshot: %s%s" % (path, at), flush=True)

    # -- checks ------------------------------------------------------
    def fail(self, label, message):
        self.results.append((label, [message]))

    def expect(self, check, mark, params):
        t, before = self.marks[mark]
        params = dict(params, screens=self.scenario["screens"], out=self.out,
                      marks={k: v[0] for k, v in self.marks.items()})
        fails = checks.TIMED[check](self.log, t, before, params)
        self.results.append(("%s after %s" % (check, mark), fails))

    def frames(self, names, params, frames=None, label=None):
        if frames is None:
            frames = self.log.since(self.frames_from)
            self.frames_from = time.monotonic()
        for name in names:
            seen = {}
            for f in frames:
                for msg in checks.FRAME[name](f, params):
                    seen.setdefault(msg, 0)
                    seen[msg] += 1
            fails = ["%s (%d frame%s)" % (m, n, "" if n == 1 else "s")
                     for m, n in seen.items()]
            if len(fails) > MAX_LINES:
                fails = fails[:MAX_LINES] + ["... and %d more"
                                             % (len(fails) - MAX_LINES)]
            w, h = frames[-1]["drawable"] if frames else (0, 0)
            what = label or "%d frames at %dx%d, launch %d" % (
                len(frames), w, h, self.launches)
            self.results.append(("%s (%s)" % (name, what), fails))

    def settle(self, mark=None):
        """The frame the window rests on: after the key `mark` names
        (when it drew anything), once no frame has come for 0.4 s."""
        if mark is not None:
            self.log.wait_for(lambda f: True, 2.0,
                              after=self.marks[mark][0])
        self.log.wait_quiet(0.4, 6)
        return self.log.last()

    def tour(self, params):
        """A lesson slide by slide: End rests before the next question;
        its frame is checked, then answered right (Down after a verdict
        that stands in front of the step's next question), until the
        slide has none left; Page Down goes on, to the last slide."""
        names = params.get("checks", [])
        visited = 0
        while self.alive() and visited < 40:
            visited += 1
            frame = self.settle()
            lesson = frame["lesson"]
            if lesson is None:
                self.fail("tour", "the frame log has no lesson state")
                return
            slide = lesson["slide"]
            for asked in range(12):
                self.key("End", "end")
                frame = self.settle("end")
                q = frame["lesson"]["question"]
                if not q:
                    break
                label = "%s slide %d question %d" % (
                    lesson["key"], slide + 1, q["index"] + 1)
                self.frames([n for n in names if n != "nothing_clipped"],
                            {}, [frame], label)
                self.shot("%s-slide%d-q%d" % (lesson["key"], slide + 1,
                                              q["index"] + 1))
                self.display.type(q["answer"])
                self.mark("answer")
                if q["kind"] != "choice":
                    self.display.key("Return")
                after = self.settle("answer")
                if after["lesson"].get("verdict_first"):
                    # the verdict stands in front of the step's next
                    # question: a person reads it, then presses Down
                    self.key("Down", "read")
                    after = self.settle("read")
                    if after["lesson"].get("verdict_first"):
                        self.fail(label, "Down did not put the verdict "
                                  "away")
                        break
                aq = after["lesson"]["question"]
                if aq and aq["index"] == q["index"]:
                    self.fail(label, "answering %s did not release the "
                              "question" % q["answer"])
                    break
            if "nothing_clipped" in names:
                self.frames(["nothing_clipped"], {},
                            label="%s slide %d, every frame"
                            % (lesson["key"], slide + 1))
            if slide + 1 >= lesson["slide_count"]:
                return
            self.key("Next", "next")
            frame = self.settle("next")
            if frame["lesson"]["slide"] != slide + 1:
                self.fail("tour", "Page Down on slide %d of %s showed "
                          "slide %d" % (slide + 1, lesson["key"],
                                        frame["lesson"]["slide"] + 1))
                return

    # -- the scenario ------------------------------------------------
    def play(self):
        for step in self.scenario["steps"]:
            kind, args = step[0], step[1:]
            if kind != "launch" and kind != "close" and not self.alive():
                self.fail(kind, "scanviz is not running (it quit or "
                          "crashed; see scanviz-%d.log)" % self.launches)
                return
            if kind == "launch":
                if not self.launch(*args):
                    return
            elif kind == "close":
                self.close()
            elif kind in ("idle", "wait"):
                time.sleep(args[0])
            elif kind == "key":
                self.key(*args)
            elif kind == "click":
                self.click(*args)
            elif kind == "type":
                self.type(*args)
            elif kind == "shot":
                self.shot(*args)
            elif kind == "expect":
                self.expect(*args)
            elif kind == "frames":
                self.frames(*args)
            elif kind == "tour":
                self.tour(*args)
            else:
                raise ValueError("unknown step %r" % (step,))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    missing = display.missing_tools()
    if missing:
        print("classroom: skipped, not installed: %s (Debian: xvfb openbox "
              "xdotool imagemagick x11-utils)" % ", ".join(missing))
        return SKIP
    if not os.access(a.scanviz, os.X_OK):
        print("classroom: %s is not an executable scanviz: build it first"
              % a.scanviz, file=sys.stderr)
        return 2
    out = os.path.abspath(os.path.join(a.out, a.scenario))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    scenario = SCENARIOS[a.scenario]
    run = Run(a.scenario, scenario, os.path.abspath(a.scanviz), out)
    run.display = display.Display(scenario["screens"], out)
    started = time.monotonic()
    try:
        run.display.start()
        print("# %s on %s %s, output in %s" % (
            a.scenario, run.display.name,
            " + ".join("%dx%d" % s for s in scenario["screens"]), out),
            flush=True)
        run.play()
    finally:
        run.close()
        run.display.stop()
    failed = 0
    for label, fails in run.results:
        if fails:
            failed += 1
            print("FAIL %s" % label)
            for msg in fails:
                print("     %s" % msg)
        else:
            print("ok   %s" % label)
    print("# %s: %d checks, %d failed, %.0f s" % (
        a.scenario, len(run.results), failed, time.monotonic() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
