"""How the touchscreen performs: redraw time, tap-to-frame latency, idle CPU, start-up, memory.

Figures, not pass/fail (issue 14's targets in brackets):

- full redraw of a backgammon board mid-game (median, p95) at 800x480 and 1920x1080, and
  of the Yahtzee board mid-game (tiles claimed, dice held) at 800x480 and 720x1280;
- frame time during a spin animation (median, p95, worst): the dial turning along a
  spin's plan at 60 frames a second, each frame drawn, turned and sent to the panel
  [target: no frame over 16 ms]; and apart, the drawing (the frame without sending it:
  `pygame.display.flip` or `update`) and the sending alone. SDL's offscreen driver
  sends the whole window whatever rects it is given (its window surface is copied
  through a software renderer), so there the sending is a fixed cost of the panel's size;
- tap-to-frame latency, p95: a tap that moves a checker, posted through the table
  and its SQLite log, to the frame that shows the result;
- CPU used by an idle app showing a board, in a child process running the real
  loop (SDL's offscreen driver) for `--idle-seconds` [under 1% of a core];
- time from process start to the first frame, `companion ui --headless` with a
  script of one `wait` [under 1.5 s];
- the idle app's memory (maximum RSS).

    .venv/bin/python bench/ui.py [--idle-seconds 30] [--redraws 200] [--taps 100]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# This file is bench/ui.py: its own folder first on sys.path would hide the `ui` package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

import pygame  # noqa: E402

from companion.config import Config, load_config  # noqa: E402
from companion.event_log.store import Store  # noqa: E402
from companion.hardware.spin_status import MotionListener, SpinnerStatus, StatusListener  # noqa: E402
from companion.records import Player  # noqa: E402
from companion.table import FairChance, Table  # noqa: E402
from device.pointer_motion import PointerMotion, software_motion  # noqa: E402
from ui.app import FRAME_SECONDS, App, ScreenSetup  # noqa: E402
from ui.main import SCENES  # noqa: E402
from ui.scene import Scene  # noqa: E402
from ui.script import Driver, run_script  # noqa: E402
from ui.spin_view import SpinMotion, spin_dial  # noqa: E402
from ui.system import SystemSetup  # noqa: E402
from ui.widgets import Label, Widget  # noqa: E402

MID_GAME = ["new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
            "tap point:6", "tap point:5", "tap confirm", "roll 6 4", "tap point:24",
            "tap point:18", "tap point:13", "tap point:9", "tap confirm", "roll 6 5"]
"""A board with checkers in play, Ana to move 6-5."""

YAHTZEE_MID_GAME = [
    "new yahtzee --players 3 --names Ana,Ben,Cleo", "roll 6 5", "roll 4 3", "roll 2 1",
    "roll 2", "roll 6 6 2 4 1", "tap hold:1", "tap hold:2", "tap throw", "roll 6 2 2", "tap stop",
    "tap tile:full_house", "roll 2", "roll 5 5 5 1 3", "tap stop", "tap tile:fives",
    "roll 3", "roll 1 2 3 4 6", "tap stop", "tap tile:small_straight", "roll 1",
    "roll 3 3 3 3 3", "tap stop", "tap tile:fives", "roll 3", "roll 4 4 4 4 2", "tap stop",
    "tap tile:four_of_a_kind", "roll 2", "roll 6 6 2 4 1", "tap hold:1", "tap hold:2"]
"""A Yahtzee board with tiles claimed (one protected), three tokens, and two dice held."""


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


TRAY_READS_DICE = SystemSetup(config=dataclasses.replace(
    Config(), tray=dataclasses.replace(Config().tray, dice_source="serial")))
"""A tray that reads the dice thrown, as the scripts' `roll` lines say."""


def _app(directory: Path, panel: tuple[int, int], script: list[str] = MID_GAME
         ) -> tuple[Store, Table, App]:
    store = Store.open(directory / f"{panel[0]}x{panel[1]}-{len(script)}.db")
    table = Table(store, chance=FairChance(1))
    app = App(table, SCENES, ScreenSetup(panel=panel, headless=True), system=TRAY_READS_DICE)
    result = run_script(app, script)
    assert result.ok, result.reason
    return store, table, app


def bench_redraw(directory: Path, panel: tuple[int, int], redraws: int,
                 script: list[str] = MID_GAME) -> tuple[float, float]:
    """Median and p95 of a full redraw (scene built again, drawn, turned, flipped), in ms,
    of the screen `script` leaves (a backgammon board mid-game unless told)."""
    store, table, app = _app(directory, panel, script)
    try:
        times = []
        for _ in range(redraws):
            start = time.perf_counter()
            app.scene.rebuild()
            app.draw()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times), percentile(times, 0.95)
    finally:
        app.close()
        table.close()
        store.close()


def bench_taps(directory: Path, taps: int) -> tuple[float, float]:
    """Median and p95 of tap-to-frame latency in ms: a step to the table and back, then undo."""
    store, table, app = _app(directory, (800, 480))
    try:
        # Selecting a checker is the screen's own business; the step goes through the table.
        return timed_moves(app, taps, ["tap point:24"], "tap point:18")
    finally:
        app.close()
        table.close()
        store.close()


def timed_moves(app: App, taps: int, before: list[str], move: str) -> tuple[float, float]:
    """Median and p95 in ms of `move` (posted, logged, published, drawn) and of the `undo`
    that takes it back, `taps` times, each after the untimed lines `before`."""
    driver = Driver(app, sys.stdout)
    times = []
    for _ in range(taps):
        for line in before:
            driver.run(line)
        for line in (move, "tap undo"):
            start = time.perf_counter()
            driver.run(line)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), percentile(times, 0.95)


UNO_TABLE = ["new classic --names Ana,Ben", "tap dealer:1", "tap tab:red", 'tap "card:Red 5"']
"""A referee-mode UNO match with Red 5 in play and Ana to play."""


def bench_card_play(directory: Path, taps: int) -> tuple[float, float]:
    """Median and p95 of tap-to-frame latency in ms of an UNO card play (the picker's card
    tap, through the table and its log), and of the undo that takes it back."""
    store = Store.open(directory / "uno.db")
    table = Table(store, chance=FairChance(1))
    app = App(table, SCENES, ScreenSetup(panel=(800, 480), headless=True))
    try:
        result = run_script(app, UNO_TABLE)
        assert result.ok, result.reason
        # Opening the picker is the screen's own business; the card goes through the table.
        return timed_moves(app, taps, ["tap play", "tap tab:red"], 'tap "card:Red 7"')
    finally:
        app.close()
        table.close()
        store.close()


SPIN_PLAYERS = tuple(Player(name, colour) for name, colour in (
    ("Ana", "red"), ("Ben", "blue"), ("Cleo", "green"), ("Dev", "yellow"), ("Émile", "purple"),
    ("Fatima", "orange")))
"""Six players round the table, as a UNO Tiki Twist match may have."""


class SpinScene(Scene):
    """The dial beside a status line: what a game's screen shows while the idol turns."""

    name = "spin"

    def build(self) -> list[Widget]:
        """The dial on the left (or top) square, a line of words beside it."""
        width, height = self.stage.size
        side = min(width, height)
        dial = pygame.Rect(0, 0, side, side)
        words = pygame.Rect(side, 0, width - side, 60) if width > height else pygame.Rect(
            0, side, width, 60)
        angles = tuple(60.0 * seat for seat in range(len(SPIN_PLAYERS)))
        return [spin_dial(dial, SPIN_PLAYERS, angles, self.stage.spin, self.stage.now),
                Label("prompt", words, "Spin!")]

    def spin_started(self, motion: SpinMotion) -> None:
        """Show the spin on the dial."""
        self.rebuild()


class ToldSpinner:
    """A spinner feed that tells the motions it is given, as the table's spinner tells its own."""

    status = SpinnerStatus()

    def __init__(self) -> None:
        self.motion_listeners: list[MotionListener] = []

    def add_motion_listener(self, listener: MotionListener) -> None:
        """Tell `listener` every motion."""
        self.motion_listeners.append(listener)

    def remove_motion_listener(self, listener: MotionListener) -> None:
        """Stop telling `listener`."""
        self.motion_listeners.remove(listener)

    def add_status_listener(self, listener: StatusListener) -> None:
        """The status never changes here."""

    def remove_status_listener(self, listener: StatusListener) -> None:
        """The status never changes here."""

    def wait_idle(self, timeout_s: float) -> bool:
        """Nothing ever waits."""
        return True

    def tell(self, plan: PointerMotion) -> None:
        """A spin starts."""
        for listener in self.motion_listeners:
            listener(plan)


@contextlib.contextmanager
def timed_sending(spent: list[float]) -> Iterator[None]:
    """Add the time of every `pygame.display.flip` and `update` to `spent[-1]`, in ms."""
    originals = pygame.display.flip, pygame.display.update

    def timed(send: Callable[..., Any]) -> Callable[..., Any]:
        def sending(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return send(*args)
            finally:
                spent[-1] += (time.perf_counter() - start) * 1000

        return sending

    pygame.display.flip, pygame.display.update = (timed(send) for send in originals)
    try:
        yield
    finally:
        pygame.display.flip, pygame.display.update = originals


@dataclass(frozen=True)
class SpinFrames:
    """Times in ms of every frame of a spin on screen: whole, and without sending it."""

    frames: list[float]
    sending: list[float]

    @property
    def drawing(self) -> list[float]:
        """The frames without the sending: building, drawing and turning the picture."""
        return [frame - sent for frame, sent in zip(self.frames, self.sending, strict=True)]

    @staticmethod
    def figures(times: list[float]) -> str:
        """Median, p95 and worst, in words."""
        return (f"median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f}"
                f" ms, worst {max(times):.1f} ms")


def bench_spin(directory: Path, panel: tuple[int, int]) -> SpinFrames:
    """Every frame's time while the dial turns through one spin at 60 frames a second."""
    clock = [0.0]
    store = Store.open(directory / f"spin{panel[0]}x{panel[1]}.db")
    table = Table(store, chance=FairChance(1))
    feed = ToldSpinner()
    app = App(table, [SpinScene], ScreenSetup(panel=panel, headless=True),
              clock=lambda: clock[0], spinner=feed)
    plan = software_motion(30.0, 250.0, (4,), load_config(None, with_seats_file=False).spinner)
    times: list[float] = []
    sending: list[float] = []
    try:
        feed.tell(plan)
        with timed_sending(sending):
            while True:
                sending.append(0.0)
                start = time.perf_counter()
                app.step(None)  # the motion is taken, the dial built, a frame drawn
                times.append((time.perf_counter() - start) * 1000)
                if not app.animating:
                    break
                clock[0] += FRAME_SECONDS
        return SpinFrames(times, sending)
    finally:
        app.close()
        table.close()
        store.close()


def idle_child(seconds: float) -> None:
    """Run the real loop over a board for `seconds`, then report CPU and memory."""
    with tempfile.TemporaryDirectory() as folder:
        store, table, app = _app(Path(folder), (800, 480))
        app.draw()
        before = time.process_time()
        threading.Timer(seconds, app.stop).start()
        app.run()
        used = time.process_time() - before
        rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        app.close()
        table.close()
        store.close()
    print(f"{used:.4f} {rss_kb}")


def bench_idle(seconds: float) -> tuple[float, float]:
    """Share of one core used while idle (percent), and the maximum RSS in MB."""
    done = subprocess.run([sys.executable, __file__, "--idle-child", str(seconds)],
                          capture_output=True, text=True, check=True)
    used, rss_kb = done.stdout.split()
    return float(used) / seconds * 100, int(rss_kb) / 1024


def bench_start(directory: Path, runs: int = 5) -> tuple[float, float]:
    """Median wall time of `companion ui --headless` to its first frame and exit, and of
    `python -c pass`, in ms."""
    script = directory / "wait.script"
    script.write_text("wait\n", encoding="utf-8")
    ui_times, bare_times = [], []
    for run in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "companion", "ui", "--headless", "--script",
                        str(script), "--db", str(directory / f"start{run}.db")],
                       check=True, capture_output=True)
        ui_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare_times.append((time.perf_counter() - start) * 1000)
    return statistics.median(ui_times), statistics.median(bare_times)


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--redraws", type=int, default=200)
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--idle-child", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.idle_child is not None:
        idle_child(args.idle_child)
        return
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        for panel in ((800, 480), (1920, 1080)):
            median, p95 = bench_redraw(directory, panel, args.redraws)
            print(f"full redraw {panel[0]}x{panel[1]}: median {median:.1f} ms, p95 {p95:.1f} ms")
        for panel in ((800, 480), (720, 1280)):
            median, p95 = bench_redraw(directory, panel, args.redraws, YAHTZEE_MID_GAME)
            print(f"Yahtzee board redraw {panel[0]}x{panel[1]}: median {median:.1f} ms,"
                  f" p95 {p95:.1f} ms")
        for panel in ((800, 480), (720, 1280), (1920, 1080)):
            spin = bench_spin(directory, panel)
            print(f"spin animation {panel[0]}x{panel[1]} ({len(spin.frames)} frames):"
                  f" frame {spin.figures(spin.frames)} [target: no frame over 16 ms];"
                  f" drawing {spin.figures(spin.drawing)};"
                  f" sending to the panel {spin.figures(spin.sending)}")
        median, p95 = bench_taps(directory, args.taps)
        print(f"tap to frame (through the table and its log): median {median:.1f} ms,"
              f" p95 {p95:.1f} ms")
        median, p95 = bench_card_play(directory, args.taps)
        print(f"tap to frame of an UNO card play (through the table and its log): median"
              f" {median:.1f} ms, p95 {p95:.1f} ms")
        ui_ms, bare_ms = bench_start(directory)
        print(f"process start to first frame and exit: {ui_ms:.0f} ms"
              f" (python -c pass: {bare_ms:.0f} ms) [target under 1500 ms]")
    cpu, rss = bench_idle(args.idle_seconds)
    print(f"idle over {args.idle_seconds:.0f} s showing a board: {cpu:.2f}% of a core"
          f" [target under 1%], max RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
