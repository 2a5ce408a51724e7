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
- wake-ups and CPU of the whole product left idle (`companion run`: the screen on SDL's
  offscreen driver, the phone page, the sim devices), over `--idle-seconds` (60 by
  default) once it is up: every thread's context switches from /proc (voluntary and not)
  per second, the busiest threads apart, and the share of a core used
  [at most 5 wake-ups a second, under 0.3 % of a core];
- CPU used by an idle app showing a board, in a child process running the real
  loop (SDL's offscreen driver) for `--idle-seconds` [under 1% of a core];
- time from process start to the first frame, `companion ui --headless` with a
  script of one `wait` [under 1.5 s];
- the idle app's memory (maximum RSS).

    .venv/bin/python bench/ui.py [--idle-seconds 60] [--redraws 200] [--taps 100]
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
    cpu: list[float]
    """The loop's own CPU time in each frame: on a loaded machine the wall time also counts
    the turns other programs took meanwhile."""

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
    cpu: list[float] = []
    try:
        feed.tell(plan)
        with timed_sending(sending):
            while True:
                sending.append(0.0)
                start, start_cpu = time.perf_counter(), time.thread_time()
                app.step(None)  # the motion is taken, the dial built, a frame drawn
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - start_cpu) * 1000)
                if not app.animating:
                    break
                clock[0] += FRAME_SECONDS
        return SpinFrames(times, sending, cpu)
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


@dataclass(frozen=True)
class Wakeups:
    """What an idle process did over `seconds`: context switches per thread, CPU seconds."""

    seconds: float
    per_thread: dict[str, int]
    cpu_s: float

    @property
    def per_second(self) -> float:
        """Wake-ups a second, all threads together."""
        return sum(self.per_thread.values()) / self.seconds

    @property
    def cpu_percent(self) -> float:
        """The share of one core used."""
        return self.cpu_s / self.seconds * 100

    def busiest(self, count: int = 3) -> str:
        """The busiest threads, in words."""
        ordered = sorted(self.per_thread.items(), key=lambda item: -item[1])[:count]
        return ", ".join(f"{name} {switches / self.seconds:.1f}/s" for name, switches in ordered)


def thread_switches(pid: int) -> dict[str, int]:
    """Every thread's context switches so far (voluntary and not), by "name/tid"."""
    counted: dict[str, int] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            status = (task / "status").read_text()
            name = (task / "comm").read_text().strip()
        except OSError:
            continue  # the thread ended meanwhile
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        counted[f"{name}/{task.name}"] = (int(fields["voluntary_ctxt_switches"])
                                          + int(fields["nonvoluntary_ctxt_switches"]))
    return counted


def process_cpu_s(pid: int) -> float:
    """User and system CPU seconds of every thread of `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_wakeups(directory: Path, seconds: float, settle_s: float = 6.0) -> Wakeups:
    """`companion run` left alone: its wake-ups and CPU over `seconds`, counted from /proc
    from `settle_s` after its first frame (the start's sentence, shown 5 s, gone)."""
    config = directory / "idle.toml"
    config.write_text('backend = "sim"\n[web]\npin = "2468"\n', encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--port", "0", "--db",
         str(directory / "idle.db"), "--config", str(config), "--size", "800x480"],
        env=env, cwd=_HERE.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    drawn = threading.Event()

    def read_log() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            if b"First frame on screen." in line:
                drawn.set()

    threading.Thread(target=read_log, daemon=True).start()
    try:
        if not drawn.wait(60):
            raise SystemExit("companion run drew no frame in 60 s")
        time.sleep(settle_s)
        before, cpu_before = thread_switches(process.pid), process_cpu_s(process.pid)
        time.sleep(seconds)
        after, cpu_after = thread_switches(process.pid), process_cpu_s(process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)
    per_thread = {name: count - before.get(name, 0) for name, count in after.items()}
    return Wakeups(seconds, per_thread, cpu_after - cpu_before)


def bench_start(directory: Path, runs: int = 5) -> tuple[float, float]:
    """Median wall time of `companion ui --headless` to its first frame and exit, and of
    `python -c pass`, in ms."""
    script = directory / "wait.script"
    script.write_text("wait\n", encoding="utf-8")
    ui_times, bare_times = [], []
    for run in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "companion", "ui", "--headless",
                               "--script", str(script), "--db", str(directory / f"start{run}.db")],
                              check=False, capture_output=True, text=True)
        if done.returncode != 0:  # say why, rather than a bare CalledProcessError
            raise SystemExit(f"companion ui --headless failed ({done.returncode}):\n"
                             f"{done.stderr[-2000:]}")
        ui_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare_times.append((time.perf_counter() - start) * 1000)
    return statistics.median(ui_times), statistics.median(bare_times)


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=60.0)
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
                  f" the loop's CPU {spin.figures(spin.cpu)};"
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
        idle = bench_wakeups(directory, args.idle_seconds)
        print(f"companion run idle over {args.idle_seconds:.0f} s: {idle.per_second:.1f}"
              f" wake-ups/s, all {len(idle.per_thread)} threads [target at most 5];"
              f" {idle.cpu_percent:.2f}% of a core [target under 0.3%];"
              f" busiest: {idle.busiest()}")
    cpu, rss = bench_idle(args.idle_seconds)
    print(f"idle over {args.idle_seconds:.0f} s showing a board: {cpu:.2f}% of a core"
          f" [target under 1%], max RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
