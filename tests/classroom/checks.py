"""checks.py - what a person in the room must see, checked on the window's
frame log (framelog.py): motion after every step key even after an idle
pause, play that starts where it stands, status lines that appear, the
elements a question names on screen and readable, no count a question asks
for on screen, nothing clipped. Each check returns a list of failures, one
sentence each. Python 3 stdlib."""

import os
import re
import subprocess

# One step's motion at 1x (GUI_STEP_MOTION_MS in src/gui/gui_playback.h).
MOTION_S = 0.9
# A settled step may come this much sooner than the full motion (frame
# timing), never sooner: a step shown settled at once is a jump.
SETTLE_SLACK_S = 0.25
# The smallest element label a room reads, px, at 1280x720 and up.
MIN_LABEL_PX = 14.0
# What a view's clipping leaves of a line too long for its room: some
# text, then "..." (a lesson's own "..." stands alone or after a space).
CUT = re.compile(r"\S(\.\.\.|\u2026)$")
# Edges: text may touch the drawable's border, not cross it.
EDGE_PX = 1.0


def _inside(box, w, h, tol=EDGE_PX):
    x0, y0, x1, y1 = box
    return x0 >= -tol and y0 >= -tol and x1 <= w + tol and y1 <= h + tol


def _contains(outer, inner, tol=1.0):
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol and
            inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def _centre_in(box, text_box):
    cx = (text_box[0] + text_box[2]) / 2
    cy = (text_box[1] + text_box[3]) / 2
    return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]


def _near(frames, t, tol):
    """The frame presented closest to t (seconds), within tol."""
    best = None
    for f in frames:
        d = abs(f["t_ms"] / 1000.0 - t)
        if d <= tol and (best is None or d < best[0]):
            best = (d, f)
    return best[1] if best else None


def animates(log, mark, before, params):
    """(a) A step key starts a motion: two frames 0.1 s and 0.3 s after the
    key differ, and the new step settles only after its motion time."""
    fails = []
    want = before["step"] + 1
    frames = log.since(mark, mark + 3.0)
    if not frames:
        return ["no frame was drawn in the 3 s after the key"]
    new = [f for f in frames if f["step"] == want]
    if not new:
        steps = sorted({f["step"] + 1 for f in frames})
        return ["the key did not show step %d (frames showed steps %s)"
                % (want + 1, steps)]
    moving = [f for f in new if not f["settled"]]
    settled = [f for f in new if f["settled"]]
    if not moving:
        fails.append("step %d was shown settled at once, %.2f s after the"
                     " key: no motion" % (want + 1,
                                          new[0]["t_ms"] / 1000.0 - mark))
    a = _near(frames, mark + 0.1, 0.08)
    b = _near(frames, mark + 0.3, 0.08)
    if not a or not b:
        fails.append("no frame drawn near %s after the key (frames at %s s)"
                     % ("+0.1 s" if not a else "+0.3 s",
                        ", ".join("%.2f" % (f["t_ms"] / 1000.0 - mark)
                                  for f in frames[:8])))
    elif a["hash"] == b["hash"]:
        fails.append("the frames at +%.2f s and +%.2f s are the same: "
                     "nothing moves" % (a["t_ms"] / 1000.0 - mark,
                                        b["t_ms"] / 1000.0 - mark))
    if settled:
        at = settled[0]["t_ms"] / 1000.0 - mark
        if at < MOTION_S - SETTLE_SLACK_S:
            fails.append("step %d settled %.2f s after the key; its motion "
                         "takes %.1f s" % (want + 1, at, MOTION_S))
    else:
        fails.append("step %d never settled within 3 s" % (want + 1))
    return fails


def plays_from(log, mark, before, params):
    """(b) Space plays from the step shown: within 0.5 s the window shows
    the next step in motion, not a later one, and the first steps it shows
    come one after the other."""
    fails = []
    start = before["step"]
    frames = log.since(mark, mark + params.get("watch", 3.0))
    if not frames:
        return ["no frame was drawn after Space"]
    early = [f for f in frames if f["t_ms"] / 1000.0 <= mark + 0.5]
    if early and max(f["step"] for f in early) > start + 1:
        fails.append("0.5 s after Space the window shows step %d; play "
                     "started at step %d" % (max(f["step"] for f in early)
                                             + 1, start + 1))
    if not any(f["step"] == start + 1 and not f["settled"] for f in frames):
        fails.append("step %d never moved: play did not start there"
                     % (start + 2))
    steps = [f["step"] for f in frames]
    for x, y in zip(steps, steps[1:]):
        if y > x + 1:
            fails.append("play jumped from step %d to step %d"
                         % (x + 1, y + 1))
            break
    return fails


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _status_on_screen(frame, text):
    return any(text in t["s"] for t in frame["texts"])


def status_shows(log, mark, before, params):
    """(c) A status line raised by a key appears at once and stays."""
    text = params["text"]
    frames = log.since(mark, mark + 10.0)
    shown = [f for f in frames if _status_on_screen(f, text)]
    if not shown:
        return ['the status line "%s" never appeared (status in the log: '
                '%s)' % (text, sorted({f["status"] for f in frames}))]
    fails = []
    at = shown[0]["t_ms"] / 1000.0 - mark
    if at > 1.0:
        fails.append('"%s" appeared %.1f s after the key' % (text, at))
    # the strip lies over the figure's foot, never over the side panel's
    # legend
    for f in shown:
        strip = f.get("status_box")
        covered = [t["s"] for t in f["texts"]
                   if t["s"] in params.get("clear_of", ()) and strip and
                   _overlap(t["box"], strip)]
        if covered:
            fails.append('the status line covers the legend: %s' %
                         ", ".join('"%s"' % c for c in covered))
            break
    gone = [f for f in frames if f["t_ms"] > shown[0]["t_ms"] and
            not _status_on_screen(f, text)]
    if gone:
        lived = (gone[0]["t_ms"] - shown[0]["t_ms"]) / 1000.0
        if lived < params.get("lasts", 3.0):
            fails.append('"%s" went after %.1f s' % (text, lived))
    return fails


def projector_private(log, mark, before, params):
    """With two screens, the projected window covers one screen, and the
    lecturer's view (notes, answers, next slide) is never on it."""
    screens = [tuple(s) for s in params["screens"]]
    fails = []
    for f in log.since(mark - 30.0, mark + params.get("watch", 2.0)):
        size = tuple(f["drawable"])
        if f["projection"] and size not in screens:
            fails.append("the projected window is %dx%d, not one screen "
                         "(%s)" % (size + (screens,)))
        lesson = f.get("lesson") or {}
        if f["projection"] and f["fullscreen"] and lesson.get("lecturer"):
            fails.append("the lecturer view (notes, answers) is drawn in "
                         "the full-screen projected window")
        if fails:
            break
    return fails


def _element_name(q):
    return q.get("asks") or q["expr"]


def question_elements(frame, params):
    """(d) Every element a pending question names is drawn inside the
    drawable with a readable label (a text of MIN_LABEL_PX or more centred
    in its box)."""
    lesson = frame.get("lesson") or {}
    q = lesson.get("question")
    if not q or not q.get("element"):
        return []
    el = q["element"]
    w, h = frame["drawable"]
    tags = [tuple(t) for t in el["tags"]]
    matches = [e for e in frame["elements"] if e["i"] == el["index"] and
               any(e["level"] == lv and band in (-1, e["band"])
                   for lv, band in tags)]
    where = '%s slide %d "%s": the question on %s' % (
        lesson["key"], lesson["slide"] + 1, lesson["slide_title"],
        _element_name(q))
    if not matches:
        drawn = sorted({e["i"] for e in frame["elements"]
                        if any(e["level"] == lv for lv, _ in tags)})
        shown = _ranges(drawn) or "none"
        in_strips = sorted({i for s in frame["strips"]
                            for i in range(s["first"],
                                           s["first"] + s["count"])})
        return ["%s: element %d is not drawn as a labelled box (boxes: %s%s)"
                % (where, el["index"], shown,
                   "; unlabelled strips: " + _ranges(in_strips)
                   if in_strips else "")]
    best = None
    for e in matches:
        if not _inside(e["box"], w, h):
            best = best or "its box %s is outside the %dx%d drawable" % (
                _box(e["box"]), w, h)
            continue
        labels = [t for t in frame["texts"] if _centre_in(e["box"], t["box"])]
        if not labels:
            best = "its box %s has no label" % _box(e["box"])
            continue
        size = max(t["px"] for t in labels)
        if size < params.get("min_px", MIN_LABEL_PX):
            best = "its label is %.0f px (at least %.0f px)" % (
                size, params.get("min_px", MIN_LABEL_PX))
            continue
        return []
    return ["%s: element %d %s" % (where, el["index"], best)]


# The word a count is shown with, by what the question asks for (the frame
# log's question.expr): "additions: 49", "hazards: 34", "step 6 of 6".
COUNT_WORDS = {
    "additions": "addition", "additions-phase": "addition",
    "additions-step": "addition", "hazards": "hazard",
    "divergences": "diverg", "steps": "step",
}


def count_hidden(frame, params):
    """(e) No count a pending question asks for is on screen: no text
    shows the number together with the word it counts (a bare "4" in an
    index row or a value box is not the count)."""
    lesson = frame.get("lesson") or {}
    q = lesson.get("question")
    if not q or not q.get("count"):
        return []
    answer = q["answer"]
    word = COUNT_WORDS.get(q["expr"], q["expr"])
    token = re.compile(r"(?<![\d.])%s(?![\d]|\.\d)" % re.escape(answer))
    shown = [t["s"] for t in frame["texts"] if token.search(t["s"]) and
             word in t["s"].lower()]
    if not shown:
        return []
    return ['%s slide %d "%s": the question asks for %s (%s) and the '
            'screen shows it: "%s"' % (lesson["key"], lesson["slide"] + 1,
                                       lesson["slide_title"],
                                       _element_name(q), answer, shown[0])]


def nothing_clipped(frame, params):
    """(f) Every text lies inside the drawable, and no line (code or
    prose) is cut short with "..."."""
    w, h = frame["drawable"]
    fails = []
    for t in frame["texts"]:
        if not t["s"].strip():
            continue
        if not _inside(t["box"], w, h):
            fails.append('text "%s" (%s) crosses the %dx%d edge'
                         % (_short(t["s"]), _box(t["box"]), w, h))
        elif CUT.search(t["s"]):
            fails.append('%s cut short: "%s"' % (
                "code line" if t["font"] == "mono" else "text",
                _short(t["s"])))
    return fails


def _short(s, n=48):
    return s if len(s) <= n else s[:n - 3] + "..."


def _box(b):
    return "[%.0f,%.0f,%.0f,%.0f]" % tuple(b)


def _ranges(values):
    out = []
    for v in values:
        if out and v == out[-1][1] + 1:
            out[-1][1] = v
        else:
            out.append([v, v])
    return ", ".join("%d" % a if a == b else "%d..%d" % (a, b)
                     for a, b in out)


# Checks on the frames after a key (mark, frame before the key, params).
# An export's frames: each step's motion and hold at 30 fps
# (src/gui/gui_export.h, GUI_EXPORT_FPS; STEP_MS in src/export/frames.c).
EXPORT_FRAMES_PER_STEP = 42
EXPORTED = re.compile(r"^Exported steps? (\d+)(?:-(\d+))? as \S+ .*?: (/.*)$")


def gif_frames(path):
    """The images of a whole GIF file (None when it is cut short or not a
    GIF): its blocks walked to the trailer."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] not in (b"GIF87a", b"GIF89a") or len(data) < 14:
        return None
    pos = 13
    if data[10] & 0x80:  # global colour table
        pos += 3 * (2 << (data[10] & 7))

    def sub_blocks(p):
        while p < len(data) and data[p]:
            p += data[p] + 1
        return p + 1

    images = 0
    while pos < len(data):
        kind = data[pos]
        if kind == 0x3B:  # trailer: the file is whole
            return images
        if kind == 0x21:  # extension: label, then sub-blocks
            pos = sub_blocks(pos + 2)
        elif kind == 0x2C:  # image: descriptor, colours, LZW data
            flags = data[pos + 9] if pos + 9 < len(data) else 0
            pos += 10
            if flags & 0x80:
                pos += 3 * (2 << (flags & 7))
            pos = sub_blocks(pos + 1)
            images += 1
        else:
            return None
    return None


def video_frames(path):
    """Frames ffprobe decodes (None without ffprobe or when it fails)."""
    import shutil
    import subprocess
    if not shutil.which("ffprobe"):
        return None
    r = subprocess.run(["ffprobe", "-v", "error", "-count_frames",
                        "-select_streams", "v:0", "-show_entries",
                        "stream=nb_read_frames", "-of", "csv=p=0", path],
                       capture_output=True, text=True)
    out = r.stdout.strip()
    return int(out) if r.returncode == 0 and out.isdigit() else None


def exports(log, mark, before, params):
    """(g) The export key or menu entry writes a whole file into the
    screenshot folder with every frame of its steps, says where on the
    status line, and the window keeps presenting frames meanwhile."""
    timeout = params.get("timeout", 90.0)
    done = log.wait_for(lambda f: f["status"].startswith(("Exported",
                                                          "Error",
                                                          "export:")),
                        timeout, after=mark)
    if not done:
        return ["no \"Exported\" status within %.0f s of the key (last "
                "status: %r)" % (timeout, log.last()["status"])]
    m = EXPORTED.match(done["status"])
    if not m:
        return ["the export failed: %r" % done["status"]]
    fails = []
    path = m.group(3)
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if not path.endswith(params["ext"]):
        fails.append("%s is not a %s file" % (path, params["ext"]))
    try:
        size = os.path.getsize(path)
    except OSError:
        return fails + ["the status names %s, which is not there" % path]
    if os.path.basename(os.path.dirname(path)) != "app-screenshots":
        fails.append("%s is not in the screenshot folder" % path)
    want = (last - first + 1) * EXPORT_FRAMES_PER_STEP
    got = gif_frames(path) if path.endswith(".gif") else video_frames(path)
    if got is None and path.endswith(".gif"):
        fails.append("%s is not a whole GIF" % path)
    elif got is not None and got != want:
        fails.append("%s has %d frames; steps %d-%d make %d"
                     % (path, got, first, last, want))
    elif got is None and size < 1024:
        fails.append("%s has %d bytes" % (path, size))
    print("# export: %s, %s frames, %d bytes" % (path, got, size),
          flush=True)
    # the window meanwhile: progress shown, frames presented throughout
    during = log.since(mark, done["t_ms"] / 1000.0)
    if not any(" of %d frames" % want in f["status"] for f in during):
        fails.append("no progress (\"... of %d frames\") on the status "
                     "line while it was written" % want)
    took = done["t_ms"] / 1000.0 - mark
    moving = [f for f in during if f["playing"] or not f["settled"]]
    # a screenshot taken meanwhile (`shot_at` s after the key) holds the X
    # server while it reads the screen: the window waits for it, not for
    # the export
    shot = params.get("shot_at")
    gaps = [((b["t_ms"] - a["t_ms"]) / 1000.0, a["t_ms"] / 1000.0 - mark)
            for a, b in zip(moving, moving[1:])
            if shot is None or not (shot - 0.2 <= b["t_ms"] / 1000.0 - mark
                                    and a["t_ms"] / 1000.0 - mark
                                    <= shot + 0.2)]
    if took > 1.0 and gaps and max(gaps)[0] > 0.5:
        fails.append("while it was written the playing window stalled "
                     "for %.2f s, %.2f s after the key" % max(gaps))
    print("# export took %.1f s; %d frames presented meanwhile (%d while "
          "playing)" % (took, len(during), len(moving)), flush=True)
    if params.get("playing", False) and len(moving) < 10:
        fails.append("only %d frames presented while it played" % len(moving))
    return fails


def _stalls(frames, limit=0.5):
    """The gaps longer than `limit` s between frames presented while the
    view moved (playing, or a step not settled yet), longest first."""
    moving = [f for f in frames if f["playing"] or not f["settled"]]
    gaps = [(b["t_ms"] - a["t_ms"]) / 1000.0
            for a, b in zip(moving, moving[1:])]
    return sorted((g for g in gaps if g > limit), reverse=True), moving


def checks_exercise(log, mark, before, params):
    """K on an exercise slide: "Checking FILE" on the status line at once,
    a second K says it still checks, the verdict arrives, and the playing
    window presents frames throughout (no gap over 0.5 s)."""
    timeout = params.get("timeout", 30.0)
    started = log.wait_for(lambda f: f["status"].startswith("Checking "),
                           2.0, after=mark)
    if not started:
        return ['no "Checking ..." status within 2 s of K (last status: '
                '%r)' % log.last()["status"]]
    done = log.wait_for(
        lambda f: f["status"] != "" and
        not f["status"].startswith(("Checking ", "Still checking ")),
        timeout, after=started["t_ms"] / 1000.0)
    if not done:
        return ["no verdict within %.0f s of K (last status: %r)"
                % (timeout, log.last()["status"])]
    fails = []
    during = log.since(mark, done["t_ms"] / 1000.0 + 0.001)
    took = done["t_ms"] / 1000.0 - mark
    again = params.get("again")
    if again and params["marks"][again] >= done["t_ms"] / 1000.0:
        # the verdict came before the second K was sent: nothing to see
        print("# the check ended before the second K; its \"Still "
              "checking\" not tested in this run", flush=True)
    elif again and not any(
            f["status"].startswith("Still checking ") for f in during):
        fails.append('a second K during the check did not say "Still '
                     'checking"')
    want = params.get("verdict")
    if want and want not in done["status"]:
        fails.append("the verdict %r does not say %r"
                     % (done["status"], want))
    stalls, moving = _stalls(during)
    if stalls:
        fails.append("the window stalled for %.2f s during the check"
                     % stalls[0])
    # a check takes 0.2 s on a fast machine: a dozen frames at 60 fps
    if len(moving) < 3:
        fails.append("only %d frames presented while it played during the "
                     "check: nothing to time" % len(moving))
    print("# check took %.2f s; %d frames presented meanwhile (%d while "
          "moving); verdict: %s" % (took, len(during), len(moving),
                                    done["status"]), flush=True)
    return fails


def shows_text(log, mark, before, params):
    """A frame after mark shows every text of `texts` (a piece of one of
    its texts each): an error in the editor with the old run's heading
    still there, or a new run's heading and source."""
    want = params["texts"]
    timeout = params.get("timeout", 10.0)
    got = log.wait_for(lambda f: all(_status_on_screen(f, w) for w in want),
                       timeout, after=mark)
    if not got:
        last = log.last()
        missing = [w for w in want if not _status_on_screen(last, w)]
        return ["no frame within %.0f s shows %s (the last lacks %s; its "
                "texts: %s)" % (timeout, want, missing,
                                _short(" | ".join(t["s"] for t in
                                                  last["texts"]), 400))]
    print("# shown: %s" % want, flush=True)
    return []


def halves_drawn(log, mark, before, params):
    """The screenshot `shot` (the window fullscreen) has a drawn figure in
    each half: the pixels of either half are not one flat colour, and
    the two halves differ."""
    path = os.path.join(params["out"], params["shot"] + ".png")
    try:
        out = subprocess.run(
            ["convert", path, "-crop", "2x1@", "+repage", "-format",
             "%[fx:standard_deviation] %#\\n", "info:"],
            capture_output=True, text=True, timeout=60, check=True).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return ["cannot read %s: %s" % (path, e)]
    halves = [line.split() for line in out.splitlines() if line.strip()]
    if len(halves) != 2:
        return ["%s: expected two halves, ImageMagick said %r"
                % (path, out)]
    fails = []
    for side, (dev, _) in zip("AB", halves):
        if float(dev) < params.get("min_dev", 0.05):
            fails.append("half %s of %s is blank (standard deviation %s)"
                         % (side, path, dev))
    if halves[0][1] == halves[1][1]:
        fails.append("the two halves of %s are the same picture" % path)
    print("# halves of %s: deviation %s and %s" % (
        path, halves[0][0], halves[1][0]), flush=True)
    return fails


TIMED = {
    "halves_drawn": halves_drawn,
    "shows_text": shows_text,
    "checks_exercise": checks_exercise,
    "exports": exports,
    "animates": animates,
    "plays_from": plays_from,
    "status_shows": status_shows,
    "projector_private": projector_private,
}
# Checks on one frame.
FRAME = {
    "question_elements": question_elements,
    "count_hidden": count_hidden,
    "nothing_clipped": nothing_clipped,
}
