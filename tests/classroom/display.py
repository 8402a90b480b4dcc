"""display.py - a virtual classroom screen: an Xvfb display (one screen, or
two X screens for a laptop and a projector), openbox as
the window manager (fullscreen needs one), and a person's hands on it
through xdotool, and eyes through ImageMagick's `import`. Python 3 stdlib;
needs Xvfb, openbox, xdotool, import, xdpyinfo and xprop on PATH."""

import os
import select
import shutil
import subprocess
import time

TOOLS = ("Xvfb", "xdotool", "openbox", "import", "xdpyinfo", "xprop")


def missing_tools():
    """The tools this module needs that are not installed."""
    return [t for t in TOOLS if shutil.which(t) is None]


class Display:
    """An Xvfb server with a window manager. `screens` is a list of
    (width, height); two or more become one Xinerama screen, side by
    side, the first at the left."""

    def __init__(self, screens, log_dir):
        self.screens = screens
        self.log_dir = log_dir
        self.xvfb = None
        self.wm = None
        self.name = None

    def start(self):
        # Xvfb picks a free display number itself and writes it to the
        # pipe once it accepts clients: scenarios started side by side
        # never race for one number.
        args = ["Xvfb", "-displayfd", None, "-nolisten", "tcp"]
        for i, (w, h) in enumerate(self.screens):
            args += ["-screen", str(i), "%dx%dx24" % (w, h)]
        # Several screens stay separate X screens: SDL counts each as a
        # display (through Xinerama it would see only one).
        read_fd, write_fd = os.pipe()
        args[2] = str(write_fd)
        log = open(os.path.join(self.log_dir, "xvfb.log"), "w")
        proc = subprocess.Popen(args, stdout=log, stderr=log,
                                pass_fds=(write_fd,))
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not number.endswith(b"\n"):
            ready, _, _ = select.select([read_fd], [], [], 0.2)
            if ready:
                chunk = os.read(read_fd, 16)
                if not chunk:
                    break
                number += chunk
        os.close(read_fd)
        if not number.strip().isdigit():
            proc.kill()
            proc.wait()
            raise RuntimeError("Xvfb did not start (see xvfb.log)")
        self.xvfb, self.name = proc, ":" + number.decode().strip()
        log = open(os.path.join(self.log_dir, "openbox.log"), "w")
        self.wm = subprocess.Popen(["openbox", "--sm-disable"],
                                   env=self.env(), stdout=log, stderr=log)
        # openbox announces itself on the root window when it manages it
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            out = subprocess.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                env=self.env(), capture_output=True, text=True)
            if "window id" in out.stdout:
                return self
            time.sleep(0.1)
        return self

    def env(self, base=None):
        env = dict(base if base is not None else os.environ)
        env["DISPLAY"] = self.name
        return env

    def xdotool(self, *args):
        """Runs xdotool; returns its stdout."""
        out = subprocess.run(["xdotool"] + [str(a) for a in args],
                             env=self.env(), capture_output=True, text=True,
                             timeout=20)
        return out.stdout.strip()

    def key(self, name):
        """One key as a keyboard or a clicker sends it: no pointer move."""
        self.xdotool("key", "--clearmodifiers", name)

    def type(self, text):
        self.xdotool("type", "--delay", "60", text)

    def click(self, x, y):
        """Moves the pointer to (x, y), screen pixels, and clicks."""
        self.xdotool("mousemove", int(x), int(y))
        time.sleep(0.05)
        self.xdotool("click", "1")

    def activate(self, title_part, timeout=15):
        """Waits for a visible window whose title has `title_part`, gives
        it the focus (through the window manager, as a person's first click
        would, but without moving the pointer) and returns its id."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ids = self.xdotool("search", "--onlyvisible", "--name",
                               title_part).split()
            if ids:
                self.xdotool("windowactivate", "--sync", ids[-1])
                return ids[-1]
            time.sleep(0.1)
        return None

    def geometry(self, window):
        """(x, y) of a window's top-left corner on the screen."""
        out = self.xdotool("getwindowgeometry", "--shell", window)
        vals = dict(line.split("=", 1) for line in out.splitlines()
                    if "=" in line)
        return int(vals.get("X", 0)), int(vals.get("Y", 0))

    def screenshot(self, path):
        """The whole screen as PNG, as the room sees it."""
        subprocess.run(["import", "-window", "root", path], env=self.env(),
                       capture_output=True, timeout=60)
        return os.path.exists(path)

    def stop(self):
        for proc in (self.wm, self.xvfb):
            if proc and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
