"""`companion hw`: spin, home, calibrate, watch the tray, self-test.

The devices come from `device` (imported only when a command runs, so the
companion imports without gpiozero). `--backend` overrides the configured
backend; with nothing configured and no Pi GPIO, it is `sim`.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import logging
import math
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from companion.config import (
    BACKENDS,
    Config,
    config_warnings,
    load_config,
    seat_angle_problems,
    with_backend,
)
from companion.errors import CompanionError

if TYPE_CHECKING:
    from device.backend import LinkState
    from device.clock import Clock
    from device.spinner import Spinner, SpinOutcome
    from device.tray import DiceTray, TrayEvent

MAX_SPINS = 100_000


def register(subparsers: Any) -> None:
    """Add `companion hw spin|home|calibrate|tray|test`."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", metavar="FILE", help="configuration file to read")
    common.add_argument("--backend", choices=BACKENDS, help="override the configured backend")
    parser = subparsers.add_parser(
        "hw",
        help="the spinner and the dice tray",
        description="The spinner and the dice tray: spin, home, calibrate, watch the tray, test"
        " every device. --backend overrides the configured backend.",
    )
    commands = parser.add_subparsers(dest="hw_command", metavar="ACTION")

    spin = commands.add_parser("spin", parents=[common], help="spin K times, print the results")
    seats = spin.add_mutually_exclusive_group()
    seats.add_argument("--seats", type=int, metavar="N", help="N seats evenly spaced")
    seats.add_argument("--seat-angles", metavar="A,B,...", help="seat angles in degrees")
    spin.add_argument("--spins", type=int, default=1, metavar="K", help="how many spins")
    spin.add_argument("--mode", choices=("fair", "physical"), help="result mode")
    spin.add_argument("--margin", type=float, metavar="DEG", help="ambiguity margin")
    spin.add_argument("--json", action="store_true", help="print one JSON object")
    spin.set_defaults(func=_interruptible(run_spin))

    home = commands.add_parser("home", parents=[common], help="find the home sensor")
    home.set_defaults(func=_interruptible(run_home))
    calibrate = commands.add_parser(
        "calibrate", parents=[common], help="jog the pointer to each seat and save it (keys)"
    )
    calibrate.set_defaults(func=_interruptible(run_calibrate))
    tray = commands.add_parser("tray", parents=[common], help="watch throws and settles live")
    tray.add_argument(
        "--simulate-throws", type=throw_count, metavar="N", help="sim: play N throws, then stop"
    )
    tray.add_argument(
        "--duration", type=watch_seconds, metavar="S", help="stop watching after S seconds"
    )
    tray.set_defaults(func=_interruptible(run_tray))
    test = commands.add_parser("test", parents=[common], help="self-test every configured device")
    test.set_defaults(func=_interruptible(run_test))
    parser.set_defaults(default_func=lambda _args: parser.print_help() or 0)


def throw_count(text: str) -> int:
    """A `--simulate-throws` count: a whole number, 1 or more.

    Raises:
        argparse.ArgumentTypeError: anything else, as a sentence (a usage error, exit 2).
    """
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(
            f"give a whole number of throws, 1 or more, not {text!r}."
        )
    return count


def watch_seconds(text: str) -> float:
    """A `--duration`: seconds, a finite number above 0 (leave it out to watch until Ctrl-C).

    Raises:
        argparse.ArgumentTypeError: anything else, as a sentence (a usage error, exit 2).
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (seconds > 0 and math.isfinite(seconds)):
        raise argparse.ArgumentTypeError(
            f"give the seconds to watch, above 0 (such as 30), not {text!r}; leave it out "
            "to watch until Ctrl-C."
        )
    return seconds


_QUIET = logging.NullHandler()

INTERRUPTED = 130
"""Exit code after Ctrl-C, as shells report it (128 + SIGINT)."""


def _interruptible(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Ctrl-C ends the command with a sentence, after the devices were released."""

    @functools.wraps(run)
    def run_until_interrupted(args: argparse.Namespace) -> int:
        # These commands say themselves what went wrong; without a handler the
        # device log would print each reason a second time, bare.
        logging.getLogger("device").addHandler(_QUIET)
        try:
            return run(args)
        except KeyboardInterrupt:
            print(
                "companion: stopped by Ctrl-C; the motor and the pins were released.",
                file=sys.stderr,
            )
            return INTERRUPTED

    return run_until_interrupted


def _config(args: argparse.Namespace) -> Config:
    config = load_config(args.config)
    if args.backend:
        config = with_backend(config, args.backend)
    for warning in config_warnings(config):
        print(f"companion: warning: {warning}", file=sys.stderr)
    return config


def _clock(config: Config) -> Clock:
    from device.backends import make_clock

    return make_clock(config)


@contextlib.contextmanager
def _spinner(config: Config) -> Iterator[Spinner]:
    from device.backends import open_spinner

    spinner = open_spinner(config, _clock(config))
    try:
        yield spinner
    finally:
        spinner.close()


def seat_angles_from(args: argparse.Namespace, config: Config) -> tuple[float, ...]:
    """The seats for `hw spin`: `--seats N`, `--seat-angles`, or the configured ones.

    Raises:
        CompanionError: a seat count or angle list that cannot be used.
    """
    if args.seats is not None:
        if not 2 <= args.seats <= 10:
            raise CompanionError(f"--seats must be 2 to 10 players, not {args.seats}.")
        return tuple(i * 360.0 / args.seats for i in range(args.seats))
    if args.seat_angles is not None:
        try:
            angles = tuple(float(part) for part in args.seat_angles.split(","))
        except ValueError:
            raise CompanionError(
                f"--seat-angles takes degrees separated by commas, e.g. 0,120,240; "
                f"not {args.seat_angles!r}."
            ) from None
        if not 2 <= len(angles) <= 10 or not all(abs(a) < 1e6 for a in angles):
            raise CompanionError("--seat-angles needs 2 to 10 angles in degrees, e.g. 0,120,240.")
        return angles
    return config.spinner.seat_angles


def run_spin(args: argparse.Namespace) -> int:
    """Spin K times and print each result (or one JSON object).

    Exit 1 when the pointer did not show every result (software picks):
    this is a hardware test, and it says what the table would do instead.
    """
    config = _config(args)
    angles = seat_angles_from(args, config)
    margin = config.spinner.margin_deg if args.margin is None else args.margin
    if not 0 <= margin <= 45:
        raise CompanionError(f"--margin must be 0 to 45 degrees, not {margin:g}.")
    if not 1 <= args.spins <= MAX_SPINS:
        raise CompanionError(f"--spins must be 1 to {MAX_SPINS}, not {args.spins}.")
    # Order and distinct angles only: how close seats may be depends on the
    # mode, and the draw itself refuses a fair seat too narrow for the margin.
    problems = seat_angle_problems(angles, None)
    if problems:
        listed = ",".join(f"{a:g}" for a in angles)
        raise CompanionError(f"The seats {listed} cannot be used: the list {problems[0]}.")
    outcomes = []
    with _spinner(config) as spinner:
        for _ in range(args.spins):
            try:
                outcome = spinner.spin(args.mode, angles, margin)
            except ValueError as error:
                raise CompanionError(str(error)) from None
            outcomes.append(outcome)
            if not args.json:
                print(_spin_line(len(outcomes), outcome), flush=True)
    if args.json:
        print(json.dumps({"spins": [o.to_json() for o in outcomes]}))
    _report_spinner_trouble(outcomes)
    # A hardware test: results the pointer did not show are a failure.
    return 1 if any(o.software_pick for o in outcomes) else 0


def _spin_line(number: int, outcome: SpinOutcome) -> str:
    if len(outcome.result) == 2:
        first, second = outcome.result
        seat = f"seat {first} or {second} (on the line: the player who spun picks)"
    else:
        seat = f"seat {outcome.result[0]}"
    if outcome.software_pick:
        return f"spin {number}: {seat}, software pick at {outcome.stop_angle_deg:.1f} degrees"
    line = (
        f"spin {number}: {seat}, stopped at {outcome.stop_angle_deg:.1f} degrees after "
        f"{outcome.revolutions:.2f} turns in {outcome.duration_s:.2f} s"
    )
    if outcome.fault is not None:
        line += f" ({outcome.fault.phrase()}: re-homed and corrected)"
    return line


def _report_spinner_trouble(outcomes: list[SpinOutcome]) -> None:
    picked = [o for o in outcomes if o.software_pick]
    if picked:
        print(
            f"companion: the pointer did not show {len(picked)} result(s), software picks "
            f"instead: {picked[0].reason} At the table, the companion would fall back to a "
            "software pick for each spin, shown on the screen, until the spinner works.",
            file=sys.stderr,
        )
    faults = [o.fault for o in outcomes if o.fault is not None]
    missed = [fault for fault in faults if not fault.sensor_silent]
    if missed:
        print(
            f"companion: missed steps were detected in {len(missed)} spin(s) and fixed by "
            "re-homing; check the motor current and that the idol turns freely.",
            file=sys.stderr,
        )
    if len(missed) < len(faults):
        print(
            f"companion: the home sensor did not fire where expected in "
            f"{len(faults) - len(missed)} spin(s) (fixed by re-homing); check that the "
            "sensor sees the flag at full speed and that the idol turns freely.",
            file=sys.stderr,
        )
    slipped = [o.slipped_steps for o in outcomes if o.slipped_steps]
    if slipped:
        print(
            f"companion: small slips within the tolerance (up to {max(map(abs, slipped))} "
            f"steps) were made up in {len(slipped)} spin(s).",
            file=sys.stderr,
        )


def run_home(args: argparse.Namespace) -> int:
    """Home the spinner; exit 1 with the reason when it cannot."""
    config = _config(args)
    with _spinner(config) as spinner:
        report = spinner.home()
    print(
        f"spinner homed in {report.duration_s:.2f} s "
        f"(home found after {report.approach_steps} steps of the fast approach)"
    )
    return 0


def _keys(stream: TextIO) -> Iterator[str]:
    """Keys from a terminal (raw, one at a time) or characters from a pipe."""
    if stream.isatty():
        import termios
        import tty

        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            while key := stream.read(1):
                yield key
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        return
    while key := stream.read(1):
        yield key


def run_calibrate(args: argparse.Namespace) -> int:
    """Home, then jog and save seats from keys on stdin."""
    from device.calibrate import KEYS_HELP, Calibration

    config = _config(args)
    with _spinner(config) as spinner:
        spinner.home()
        session = Calibration(spinner, config)
        print(f"spinner homed; {KEYS_HELP}", flush=True)
        for key in _keys(sys.stdin):
            line = session.press(key)
            if line:
                print(line, flush=True)
            if session.done:
                break
    if session.written is None:
        if not session.done:
            print("input ended before `w`: the seats were not written", file=sys.stderr)
        return 1 if not session.done else 0
    return 0


def _event_line(event: TrayEvent) -> str:
    text = f"{event.at:9.3f}  {event.kind}"
    if event.kind == "throw":
        return text
    if event.roll is not None:
        values = " ".join(str(v) for v in event.roll.values)
        cocked = " (cocked: re-roll if the rules say so)" if event.roll.cocked else ""
        return f"{text}: {values}{cocked}"
    if event.error:
        return f"{text}: no values: {event.error}"
    return f"{text}: enter the values on the touchscreen"


def run_tray(args: argparse.Namespace) -> int:
    """Print throws, settles and button presses as they happen."""
    from device.backends import open_tray

    config = _config(args)
    if not config.tray.enabled:
        raise CompanionError(
            f"The dice tray is turned off in {config.source} (tray.enabled = false); "
            "set it to true to watch the tray."
        )
    if args.simulate_throws is not None and config.backend != "sim":
        raise CompanionError("--simulate-throws needs the sim backend: add --backend sim.")
    clock = _clock(config)
    tray = open_tray(config, clock, on_event=lambda event: print(_event_line(event), flush=True))
    try:
        tray.start()
        if args.simulate_throws is not None:
            _simulate_throws(tray, clock, args.simulate_throws)
        elif config.backend == "sim":
            _interactive_sim(tray, clock)
        else:
            _watch(tray, clock, args.duration)
    finally:
        tray.close()
    return 0


def _settle(tray: DiceTray, clock: Clock, limit_s: float = 60.0) -> None:
    waited = 0.0
    while tray.detector.rolling and waited < limit_s:
        clock.sleep(0.01)
        waited += 0.01
        tray.poll()


def _simulate_throws(tray: DiceTray, clock: Clock, throws: int) -> None:
    from device.sim import SimTray

    assert isinstance(tray.inputs, SimTray)
    for _ in range(throws):
        tray.inputs.throw()
        _settle(tray, clock)
        clock.sleep(1.0)


def _interactive_sim(tray: DiceTray, clock: Clock) -> None:
    from device.sim import SimTray

    assert isinstance(tray.inputs, SimTray)
    print("sim tray: Enter throws the dice, b + Enter presses the button, q + Enter quits")
    for line in sys.stdin:
        command = line.strip().lower()
        if command == "q":
            break
        if command == "b":
            tray.inputs.press_button()
        else:
            tray.inputs.throw()
            _settle(tray, clock)


def _watch(tray: DiceTray, clock: Clock, duration: float | None) -> None:
    from device.backend import LinkedDevice

    inputs = tray.inputs
    if isinstance(inputs, LinkedDevice):
        inputs.confirm()  # no controller: its sentence, exit 1 (not a silent watch)
        inputs.on_link_change(_say_link_change)
        print("watching the tray on the table controller; Ctrl-C stops", flush=True)
    else:
        print("watching the tray; Ctrl-C stops", flush=True)
    start = clock.now()
    with contextlib.suppress(KeyboardInterrupt):
        while duration is None or clock.now() - start < duration:
            tray.poll()
            clock.sleep(0.02)


def _say_link_change(state: LinkState, problem: str) -> None:
    from device.backend import LinkState

    if state == LinkState.ONLINE:
        print("the table controller is back online", flush=True)
    elif state in (LinkState.OFFLINE, LinkState.MISMATCH):
        print(f"the table controller is {state}: {problem}; the tray's events resume when it "
              "is back", flush=True)


def run_test(args: argparse.Namespace) -> int:
    """Self-test every configured device; exit 1 if any failed."""
    from device.selftest import self_test

    config = _config(args)
    checks = self_test(config, _clock(config))
    for check in checks:
        print(check.line())
    return 0 if all(check.ok for check in checks) else 1
