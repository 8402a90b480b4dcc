"""kernel_watch.py - `scanviz --kernel K.cu --watch` under Xvfb, as a
student uses it: the window plays the printed racy kernel; the student
steps to step 4, saves a fixed kernel over it (by rename, as editors do),
and the window runs it again at the same step with the new file in its
code panel; a save that does not compile keeps that run and says why in
the window and on stderr. Screenshots of each state land in --out.
Python 3 stdlib; the classroom harness's display.py and framelog.py."""

import argparse
import os
import shutil
import subprocess
import sys
import time

import display
import framelog

SKIP = 77


def texts(frame):
    return [t["s"] for t in frame["texts"]]


def save(path, text):
    """Writes the file whole and renames it over the old one."""
    tmp = path + ".new"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    missing = display.missing_tools()
    if missing:
        print("kernel watch: skipped, not installed: %s" % ", ".join(missing))
        return SKIP
    out = os.path.abspath(os.path.join(a.out, "kernel-watch"))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    kernel = os.path.join(out, "my_scan.cu")
    shutil.copy(os.path.join(a.kernels, "kogge_stone_racy.cu"), kernel)
    with open(os.path.join(a.kernels, "kogge_stone.cu")) as f:
        fixed = f.read()
    failures = []

    def check(ok, what):
        print("%s %s" % ("ok  " if ok else "FAIL", what), flush=True)
        if not ok:
            failures.append(what)
        return ok

    d = display.Display([(1920, 1080)], out)
    app = None
    try:
        d.start()
        env = d.env()
        env["SCANVIZ_FRAME_LOG"] = os.path.join(out, "frames.jsonl")
        env["HOME"] = out
        stderr_path = os.path.join(out, "scanviz.log")
        stderr = open(stderr_path, "w")
        app = subprocess.Popen(
            [os.path.abspath(a.scanviz), "--kernel", kernel, "--watch",
             "--fullscreen"], env=env, stdout=stderr, stderr=stderr,
            cwd=out)
        log = framelog.FrameLog(env["SCANVIZ_FRAME_LOG"])
        if not check(log.wait_for(lambda f: True, 20) is not None,
                     "the window opens on the kernel file"):
            return 1
        d.activate("scanviz")
        log.wait_quiet(0.5, 10)
        first = log.last()
        check(any("XY[threadIdx.x] += XY[threadIdx.x - stride];" in s
                  for s in texts(first)),
              "the code panel shows the student's file")
        for _ in range(3):
            d.key("Right")
            time.sleep(0.6)
        log.wait_quiet(0.5, 10)
        before = log.last()
        check(before["step"] == 3, "stepped to step 4 (step %d)"
              % (before["step"] + 1))
        d.screenshot(os.path.join(out, "student-racy.png"))

        t0 = time.monotonic()
        save(kernel, fixed)
        rerun = log.wait_for(lambda f: "saved: ran it again" in f["status"],
                             20, after=t0)
        if check(rerun is not None, "a save runs the file again"):
            log.wait_quiet(0.5, 10)
            after = log.last()
            check(after["step"] == before["step"],
                  "at the step it was on (%d)" % (after["step"] + 1))
            check(after["step_count"] != before["step_count"],
                  "the new run plays (%d steps, %d before)"
                  % (after["step_count"], before["step_count"]))
            check(any("temp = XY[threadIdx.x]" in s for s in texts(after)),
                  "the code panel shows the saved file")
            d.screenshot(os.path.join(out, "student-fixed.png"))

        t1 = time.monotonic()
        save(kernel, fixed.replace("float temp;", "float temp"))
        bad = log.wait_for(lambda f: "last good run" in f["status"], 20,
                           after=t1)
        if check(bad is not None, "a compile error is shown in the window"):
            check("my_scan.cu:17: error:" in bad["status"],
                  "naming the file and line: %s" % bad["status"])
            check(any("temp = XY[threadIdx.x]" in s for s in texts(bad)),
                  "the last good run stays")
            d.screenshot(os.path.join(out, "student-error.png"))
        check(app.poll() is None, "the window is still open")
        stderr.flush()
        with open(stderr_path) as f:
            log_text = f.read()
        check("my_scan.cu:17: error:" in log_text,
              "the compile error is on stderr too")
    finally:
        if app and app.poll() is None:
            app.terminate()
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        d.stop()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
