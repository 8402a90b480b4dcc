#!/usr/bin/env python3
# progress_tty.py - the progress line of verify, dump and render (an
# animation's frames, a long run or trace read first): drawn on stderr
# when stderr is a terminal (a pseudo-terminal here), with counts and the
# time left, and erased at the end; nothing at all on stderr otherwise.
# Usage: progress_tty.py SCANVIZ [render|no-render] [video|no-video]: the
# render cases run only where the build has them. Depends on Python 3
# (pty, subprocess).
import os
import fcntl
import pty
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

COLUMNS = 100

exe = sys.argv[1]
has_render = len(sys.argv) < 3 or sys.argv[2] == "render"
has_video = has_render and (len(sys.argv) < 4 or sys.argv[3] == "video")
failures = []


def run(args, tty):
    """Runs scanviz with stdout to a pipe and stderr to a pseudo-terminal
    (tty) or a pipe; returns (exit code, stdout, stderr)."""
    if not tty:
        p = subprocess.run([exe] + args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode(), p.stderr.decode()
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ,
                struct.pack("HHHH", 30, COLUMNS, 0, 0))
    p = subprocess.Popen([exe] + args, stdout=subprocess.PIPE, stderr=slave,
                         stdin=subprocess.DEVNULL)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every copy of the slave is closed
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return p.returncode, out.decode(), err.decode(errors="replace")


def check(name, ok, detail):
    if not ok:
        failures.append(f"{name}: {detail}")


# The line waits half a second (SHOW_AFTER in src/common/progress.c), and
# how long a given size takes depends on the machine: a long command here
# is one that took LONG_S or more without a terminal, its size doubled
# until it did.
LONG_S = 1.5


def long_size(n, timed_args, prepare=None):
    """The first of n, 2n, 4n, ... (up to 32n) whose timed_args(n) ran for
    LONG_S or more without a terminal, or failed (the checks then say
    so); prepare(n), when given, runs first and is not timed."""
    for tries in range(6):
        if prepare:
            prepare(n)
        t0 = time.monotonic()
        rc, _, _ = run(timed_args(n), tty=False)
        if rc != 0 or time.monotonic() - t0 >= LONG_S or tries == 5:
            return n
        n *= 2


# verify: a bar with runs done of the total and the time left
verify = ["verify", "--backend", "cpu", "--quick"]
rc, out, err = run(verify, tty=True)
check("verify on a terminal", rc == 0, f"exit {rc}")
bars = re.findall(r"\rverify \[[#.]+\] (\d+)/(\d+) +\d+%  ([^\r]*?)\x1b\[K",
                  err)
check("verify on a terminal", len(bars) >= 2,
      f"no progress bar drawn: {err[:300]!r}")
if bars:
    totals = {int(b[1]) for b in bars}
    dones = [int(b[0]) for b in bars]
    check("verify bar total", len(totals) == 1, f"totals {totals}")
    check("verify bar counts", dones == sorted(dones) and
          dones[-1] <= max(totals), f"counts {dones}")
    check("verify time left", any(" left" in b[2] for b in bars),
          f"no time left shown: {bars[-1]!r}")
    check("verify label", any(" on cpu, n = " in b[2] for b in bars),
          f"no run named: {bars[-1]!r}")
pieces = re.split(r"\r|\x1b\[K", err)
widest = max(len(x) for x in pieces)
check("verify fits the terminal", widest < COLUMNS,
      f"a line of {widest} characters on a terminal of {COLUMNS}")
check("verify erases its line", err.endswith("\r\x1b[K"),
      f"ends with {err[-40:]!r}")
check("verify stdout untouched", "\r" not in out and
      "all passed" in out, f"stdout {out[-200:]!r}")

rc, out2, err = run(verify, tty=False)
check("verify without a terminal", rc == 0, f"exit {rc}")
check("verify without a terminal", err == "", f"stderr {err[:300]!r}")
check("verify's report is the same", out2.splitlines()[:-1] ==
      out.splitlines()[:-1], "stdout differs with and without a terminal")

# dump: one long run, the count unknown: what runs, and for how long
def dump_args(n):
    return ["dump", "--backend", "cpu", "--algo", "hierarchical", "--n",
            str(n), "--format", "json", "-o", "/dev/null"]


n = long_size(1048576, dump_args)
dump = dump_args(n)
rc, out, err = run(dump, tty=True)
check("dump on a terminal", rc == 0, f"exit {rc}")
check("dump on a terminal",
      re.search(r"\rscanviz dump: (running hierarchical on %d "
                r"elements|writing the trace)  \d+ s\x1b\[K" % n, err),
      f"no progress line (n = {n}): {err[:300]!r}")
check("dump erases its line", err.endswith("\r\x1b[K"),
      f"ends with {err[-40:]!r}")
rc, out, err = run(dump, tty=False)
check("dump without a terminal", rc == 0 and err == "",
      f"exit {rc}, stderr {err[:300]!r}")

# a quick dump on a terminal prints nothing
rc, out, err = run(["dump", "--backend", "cpu"], tty=True)
check("quick dump", rc == 0 and err == "" and "output" in out,
      f"exit {rc}, stderr {err[:300]!r}")

# render: an animation counts its frames; a long run or a long trace read
# before the picture says what runs and for how long
if has_render:
    tmp = tempfile.mkdtemp(prefix="scanviz-progress-")
    if has_video:
        gif = os.path.join(tmp, "two-steps.gif")
        anim = ["render", "--backend", "cpu", "--figure", "9.1", "--to", "2",
                "-o", gif]
        rc, out, err = run(anim, tty=True)
        check("render an animation on a terminal",
              rc == 0 and re.search(r"\rscanviz render \[[#.]+\] \d+/84 ", err),
              f"exit {rc}, no frame bar: {err[:300]!r}")
        check("render erases its line", err.endswith("\r\x1b[K"),
              f"ends with {err[-40:]!r}")
        rc, out, err = run(anim, tty=False)
        check("render an animation without a terminal", rc == 0 and err == "",
              f"exit {rc}, stderr {err[:300]!r}")

    # a long run, then a long trace read, before the picture is drawn
    def run_args(n):
        return ["--backend", "cpu", "--algo", "hierarchical", "--n", str(n),
                "--figure", "9.10"]

    svg = os.path.join(tmp, "long.svg")
    n = long_size(4194304, lambda n: ["render"] + run_args(n) + ["-o", svg])
    rc, out, err = run(["render"] + run_args(n) + ["-o", svg], tty=True)
    check("render of a long run on a terminal",
          rc == 0 and re.search(r"\rscanviz render: (running hierarchical on "
                                r"%d elements|drawing Figure 9\.10 as svg)"
                                r"  \d+ s\x1b\[K" % n, err),
          f"exit {rc}, no progress line (n = {n}): {err[:300]!r}")
    trace = os.path.join(tmp, "long.json")

    def record(n):
        rc, out, err = run(["dump", "--format", "json", "-o", trace] +
                           run_args(n)[:6], tty=False)
        check("dump of a long trace", rc == 0, f"exit {rc}: {err[:300]!r}")

    n = long_size(2097152, lambda n: ["render", "--trace", trace, "--figure",
                                      "9.10", "-o", svg], prepare=record)
    rc, out, err = run(["render", "--trace", trace, "--figure", "9.10", "-o",
                        svg], tty=True)
    check("render of a long trace on a terminal",
          rc == 0 and re.search(r"\rscanviz render: (reading \S+long\.json|"
                                r"drawing Figure 9\.10 as svg)  \d+ s\x1b\[K",
                                err),
          f"exit {rc}, no progress line (n = {n}): {err[:300]!r}")
    rc, out, err = run(["render", "--trace", trace, "--figure", "9.10", "-o",
                        svg], tty=False)
    check("render of a long trace without a terminal", rc == 0 and err == "",
          f"exit {rc}, stderr {err[:300]!r}")
    shutil.rmtree(tmp)

for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
