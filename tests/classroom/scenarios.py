"""scenarios.py - what a lecturer or a student does, as data: the screens,
then a list of steps the driver (classroom.py) carries out with real waits.
The checks named here are code in checks.py.

Steps:
  ("launch", [scanviz args])     start the window (a fresh HOME) and wait for it
                                 ({source}: the source tree)
  ("close",)                     end it (as the window manager's close does)
  ("idle", s)                    hands off for s seconds
  ("wait", s)                    the same, while something may move
  ("key", name, mark)            one key (xdotool names: Next is Page Down);
                                 mark names the moment for checks and shots
  ("type", text, mark)           text typed ({source}: the source tree)
  ("click", control, mark[, b])  a click on the button the frame log places
                                 (scene.h's enum scene_control, gui_app.h's
                                 enum gui_control; b: the entry of a menu)
  ("shot", name, mark, offset)   a screenshot `offset` s after mark
  ("shot", name)                 a screenshot now
  ("expect", check, mark, {})    a check on the frames after mark
  ("frames", [checks], {})       checks on every frame since the last one
  ("tour", {})                   a lesson from its slide to its end: on each
                                 slide End (rest before the question), check
                                 the question's frame, answer it right, go
                                 on; then Page Down
"""

# Scene control ids (src/views/scene.h enum scene_control).
PLAY = 2
# The window's own (src/gui/gui_app.h enum gui_control) and the export
# menu's entries (src/gui/gui_export.h enum gui_export_format).
EDIT = 1000
EDITOR_FIELD = 1002
EDITOR_KERNEL = 5  # enum gui_editor_field
EXPORT = 1007
EXPORT_FORMAT = 1008
EXPORT_MP4 = 1

LAYOUT_CHECKS = ["nothing_clipped"]
QUESTION_CHECKS = ["question_elements", "count_hidden", "nothing_clipped"]


def _figure_tour(mode):
    """Every figure in one run: 9.1 stepped, the others at their ends."""
    return [
        ("launch", ["--figure", "9.1", mode]),
        ("shot", "fig91-start" + mode),
        ("key", "Right", "r1"), ("wait", 1.2),
        ("key", "Right", "r2"), ("wait", 1.2),
        ("shot", "fig91-step3" + mode),
        ("key", "2", "f95"), ("wait", 0.8), ("key", "End", "e95"),
        ("wait", 0.8), ("shot", "fig95-end" + mode),
        ("key", "3", "f910"), ("wait", 0.8), ("key", "End", "e910"),
        ("wait", 0.8), ("shot", "fig910-end" + mode),
        ("key", "4", "fcompact"), ("wait", 0.8), ("key", "End", "ecompact"),
        ("wait", 0.8), ("shot", "compaction-end" + mode),
        ("key", "5", "flook"), ("wait", 0.8), ("key", "End", "elook"),
        ("wait", 0.8), ("shot", "look-back-end" + mode),
        ("frames", LAYOUT_CHECKS, {}),
        ("close",),
    ]


def _lesson_tour(mode):
    """A lesson's first slides, each at the step before its question."""
    return [
        ("launch", ["--lesson", "simple-scan", "--slide", "1", mode]),
        ("key", "Next", "s2"), ("wait", 0.6), ("key", "End", "e2"),
        ("wait", 0.6), ("shot", "lesson-simple-scan-s2" + mode),
        ("key", "Escape", "esc"),
        ("frames", LAYOUT_CHECKS, {}),
        ("close",),
        ("launch", ["--lesson", "arbitrary-lengths", "--slide", "1", mode]),
        ("key", "End", "e1"), ("wait", 0.6),
        ("shot", "lesson-arbitrary-lengths-s1" + mode),
        ("frames", LAYOUT_CHECKS, {}),
        ("close",),
    ]


def _layout(w, h, lesson_modes=("--projection", "--fullscreen")):
    steps = []
    for mode in ("--projection", "--fullscreen"):
        steps += _figure_tour(mode)
        if mode in lesson_modes:
            steps += _lesson_tour(mode)
    return {"screens": [(w, h)], "steps": steps}


def _lesson(name):
    """A lecturer's run through one lesson on a 1280x720 projector."""
    return {
        "screens": [(1280, 720)],
        "steps": [
            ("launch", ["--lesson", name, "--slide", "1", "--projection"]),
            ("tour", {"checks": QUESTION_CHECKS}),
            ("close",),
        ],
    }


SCENARIOS = {
    # (a) a clicker after an idle pause: the step must still animate
    "idle-then-step": {
        "screens": [(1280, 720)],
        "steps": [
            ("launch", ["--figure", "9.1", "--projection"]),
            ("idle", 5),
            ("key", "Right", "right"),
            # import holds the X server while it reads the screen: shots
            # come after the frames the check times (+0.1 s, +0.3 s)
            ("shot", "right-plus-0.35s", "right", 0.35),
            ("wait", 2),
            ("expect", "animates", "right", {}),
            ("idle", 5),
            ("key", "Next", "pagedown"),
            ("shot", "pagedown-plus-0.5s", "pagedown", 0.5),
            ("wait", 2),
            ("expect", "animates", "pagedown", {}),
            ("frames", LAYOUT_CHECKS, {}),
        ],
    },
    # (b) Space or the Play button after a pause plays from where it stands
    "idle-then-play": {
        "screens": [(1280, 720)],
        "steps": [
            ("launch", ["--figure", "9.1", "--fullscreen"]),
            ("key", "Right", "first"),
            ("wait", 1.5),
            ("idle", 10),
            ("key", "space", "space"),
            ("shot", "space-plus-0.6s", "space", 0.6),
            ("wait", 3),
            ("expect", "plays_from", "space", {"watch": 3.0}),
            ("key", "Home", "home"),
            ("wait", 1),
            ("idle", 6),
            ("click", PLAY, "click"),
            ("shot", "play-click-plus-0.6s", "click", 0.6),
            ("wait", 3),
            ("expect", "plays_from", "click", {"watch": 3.0}),
        ],
    },
    # (c) a status line raised after a long pause appears and stays
    "idle-then-status": {
        "screens": [(1280, 720)],
        "steps": [
            ("launch", ["--figure", "9.5", "--fullscreen"]),
            ("idle", 8),
            ("key", "s", "shot-key"),
            ("shot", "status-plus-2s", "shot-key", 2.0),
            ("wait", 4),
            ("expect", "status_shows", "shot-key",
             {"text": "Screenshot saved", "lasts": 3.0,
              "clear_of": ["written in that row's step",
                           "holds its final value",
                           "an addition: src to dst",
                           "a value on its way"]}),
        ],
    },
    # (g) the export key and menu: the file appears whole in the
    # screenshot folder while the window keeps playing
    "export": {
        "screens": [(1280, 720)],
        "steps": [
            ("launch", ["--figure", "9.1"]),
            ("key", "x", "export-gif"),
            ("wait", 0.3),
            ("key", "space", "play"),
            ("shot", "export-during", "export-gif", 1.5),
            ("expect", "exports", "export-gif", {"ext": ".gif",
                                                  "playing": True,
                                                  "shot_at": 1.5}),
            ("shot", "export-after"),
            ("close",),
            # a lesson slide: its steps up to the pending question, as MP4
            # from the menu
            ("launch", ["--lesson", "simple-scan", "--slide", "3"]),
            ("click", EXPORT, "menu"),
            ("wait", 0.5),
            ("shot", "export-menu"),
            ("click", EXPORT_FORMAT, "export-mp4", EXPORT_MP4),
            ("expect", "exports", "export-mp4", {"ext": ".mp4"}),
            ("shot", "export-lesson-after"),
        ],
    },
    # (h) K on an exercise slide checks the student's copy on a thread:
    # the slide's steps keep moving while it runs (two steps of 0.9 s), a
    # second K says it still runs, and the verdict (the racy starting
    # kernel: a race) arrives
    "exercise-check": {
        "screens": [(1920, 1080)],
        "steps": [
            ("launch", ["--lesson", "fix-the-race", "--slide", "1"]),
            ("idle", 1),
            ("key", "Down", "step"),
            ("wait", 0.1),
            ("key", "k", "check"),
            ("key", "k", "again"),
            ("key", "Down", "step-2"),
            ("expect", "checks_exercise", "check",
             {"again": "again", "verdict": "race"}),
            ("wait", 0.5),
            ("shot", "exercise-verdict"),
            ("close",),
            # screenshots hold the X server: the checking one in a run
            # not timed
            ("launch", ["--lesson", "fix-the-race", "--slide", "1",
                        "--projection"]),
            ("key", "k", "check-projection"),
            ("shot", "exercise-checking-projection", "check-projection",
             0.2),
            ("wait", 3),
            ("shot", "exercise-verdict-projection"),
        ],
    },
    # (h) the warp-shuffle lesson's exercise: the emulator runs the
    # kernel's __shfl_up_sync, and K names the race between the warps
    "exercise-check-shuffle": {
        "screens": [(1920, 1080)],
        "steps": [
            ("launch", ["--lesson", "warp-shuffle-scan", "--slide", "8"]),
            ("idle", 1),
            ("key", "Down", "step"),
            ("wait", 0.1),
            ("key", "k", "check"),
            ("expect", "checks_exercise", "check",
             {"verdict": "threads 31 and 32 race on XY[31] of block 0: "
                         "put a __syncthreads() that every thread reaches "
                         "between lines 18 and 20"}),
            ("wait", 0.5),
            ("shot", "exercise-verdict-shuffle"),
            ("close",),
        ],
    },
    # (i) the editor's Kernel file field: a path that is not there and a
    # file that does not compile say why in the dialog and keep the run;
    # a good file plays, its source in the code panel
    "editor-kernel": {
        "screens": [(1920, 1080)],
        "steps": [
            ("launch", ["--figure", "9.1"]),
            ("click", EDIT, "edit"),
            ("wait", 0.5),
            ("click", EDITOR_FIELD, "field", EDITOR_KERNEL),
            ("type", "/nowhere/my_scan.cu", "bad-path"),
            ("key", "Return", "run-bad-path"),
            ("expect", "shows_text", "run-bad-path",
             {"texts": ["Error:", "my_scan.cu",
                        "Figure 9.1: kogge-stone,"]}),
            ("shot", "editor-kernel-bad-path"),
            ("key", "ctrl+u", "clear"),
            ("type", "{source}/tests/student/kernels/compile_error.cu",
             "compile-error"),
            ("key", "Return", "run-compile-error"),
            ("expect", "shows_text", "run-compile-error",
             {"texts": ["Error:", "compile_error.cu:",
                        "Figure 9.1: kogge-stone,"], "timeout": 20}),
            ("shot", "editor-kernel-compile-error"),
            ("key", "ctrl+u", "clear-2"),
            ("type", "{source}/tests/student/kernels/kogge_stone.cu",
             "good"),
            ("key", "Return", "run-good"),
            ("expect", "shows_text", "run-good",
             {"texts": ["kogge_stone.cu", "Kogge_Stone_scan_kernel"],
              "timeout": 20}),
            ("wait", 0.5),
            ("shot", "editor-kernel-good"),
            ("close",),
            ("launch", ["--figure", "9.1", "--projection"]),
            ("click", EDIT, "edit-projection"),
            ("wait", 0.5),
            ("click", EDITOR_FIELD, "field-projection", EDITOR_KERNEL),
            ("type", "{source}/tests/student/kernels/compile_error.cu",
             "compile-error-projection"),
            ("key", "Return", "run-compile-error-projection"),
            ("wait", 3),
            ("shot", "editor-kernel-compile-error-projection"),
        ],
    },
    # (j) two traces side by side: after an idle pause a clicker's Page
    # Down advances both halves (each its own steps), both halves drawn;
    # then C in a figure window, an algorithm picked from its list
    "compare": {
        "screens": [(1920, 1080)],
        "steps": [
            ("launch", ["--compare", "kogge-stone", "brent-kung",
                        "--fullscreen"]),
            ("idle", 3),
            ("key", "Next", "pagedown"),
            ("wait", 2),
            ("expect", "animates", "pagedown", {}),
            ("expect", "shows_text", "pagedown",
             {"texts": ["step 2 of 6", "step 2 of 9",
                        "A: kogge-stone", "B: brent-kung"]}),
            ("shot", "compare-step2"),
            ("expect", "halves_drawn", "pagedown", {"shot": "compare-step2"}),
            ("key", "End", "end"),
            ("wait", 0.5),
            ("expect", "shows_text", "end",
             {"texts": ["step 6 of 6", "step 9 of 9"]}),
            ("shot", "compare-end"),
            ("frames", LAYOUT_CHECKS, {}),
            ("close",),
            ("launch", ["--figure", "9.1", "--fullscreen"]),
            ("key", "c", "list"),
            ("wait", 0.5),
            ("shot", "compare-list"),
            ("key", "Down", "down-1"),
            ("key", "Down", "down-2"),
            ("key", "Down", "down-3"),
            ("key", "Return", "pick"),
            ("expect", "shows_text", "pick",
             {"texts": ["A: kogge-stone", "B: brent-kung", "step 1 of 6",
                        "step 1 of 9"], "timeout": 20}),
            ("key", "Next", "pagedown-picked"),
            ("expect", "shows_text", "pagedown-picked",
             {"texts": ["step 2 of 6", "step 2 of 9"]}),
            ("shot", "compare-picked"),
            ("close",),
            # a recorded GPU trace beside the emulator's run of its input:
            # the GPU's caption has its device and clock64() span
            ("launch", ["--compare", "{source}/tests/cli/data/bk64-gpu.json",
                        "brent-kung", "--backend", "cpu", "--figure",
                        "warps", "--fullscreen"]),
            ("key", "Next", "pagedown-gpu"),
            ("expect", "shows_text", "pagedown-gpu",
             {"texts": ["A: brent-kung \u00b7 NVIDIA", "GPU cycles",
                        "B: brent-kung \u00b7 CPU emulator",
                        "step 2 of 13"]}),
            ("wait", 1),
            ("shot", "compare-gpu-cpu"),
            ("close",),
            ("launch", ["--compare", "kogge-stone", "brent-kung",
                        "--projection"]),
            ("key", "Next", "pagedown-projection"),
            ("wait", 1.5),
            ("shot", "compare-projection"),
            ("expect", "halves_drawn", "pagedown-projection",
             {"shot": "compare-projection"}),
            ("frames", LAYOUT_CHECKS, {}),
        ],
    },
    # (f) layouts: figure and lesson mode, projection on and off
    "layout-1280x720": _layout(1280, 720),
    "layout-1920x1080": _layout(1920, 1080),
    # 4K frames are slow on a CPU: the lessons there in projection only
    "layout-3840x2160": _layout(3840, 2160, ("--projection",)),
    # two screens: the projected window takes one of them, and the
    # lecturer's notes and answers never go to it
    "two-displays": {
        "screens": [(1280, 720), (1920, 1080)],
        "steps": [
            ("launch", ["--lesson", "simple-scan", "--slide", "1",
                        "--projection"]),
            ("key", "l", "lecturer"),
            ("wait", 1),
            ("shot", "two-displays-lecturer"),
            ("expect", "projector_private", "lecturer", {}),
            ("frames", LAYOUT_CHECKS, {}),
        ],
    },
}

# (d), (e) every lesson with questions, as the lecturer projects it
for _name in ("what-a-scan-is", "simple-scan", "race-in-the-printed-kernel",
              "fix-the-race", "work-efficient-scan", "work-efficiency",
              "blelloch-scan", "arbitrary-lengths", "summary-and-exercises",
              "bench-what-the-numbers-say", "coarsened-scan",
              "warp-shuffle-scan", "single-pass-look-back",
              "stream-compaction"):
    SCENARIOS["lesson-" + _name] = _lesson(_name)
