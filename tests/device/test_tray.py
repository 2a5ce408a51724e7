"""The dice tray: throw and settle detection, the button, and dice values."""

from __future__ import annotations

import random

import pytest

from companion.config import Config, TrayConfig
from device.backend import TrayThrow
from device.backends import open_tray
from device.clock import VirtualClock
from device.dice import DiceEntryError, DiceSource, fair_roll, parse_dice_entry
from device.errors import DeviceError
from device.sim import SimTray
from device.tray import BUTTON, SETTLED, THROW, DiceTray, ThrowDetector


def feed(detector: ThrowDetector, script: list[tuple[float, bool | None]]) -> list[str]:
    """Drive (time, level) pairs; None polls only. Returns the events seen."""
    events = []
    for now, level in script:
        if level is not None:
            event = detector.motion(level, now)
            if event:
                events.append(event)
        event = detector.poll(now)
        if event:
            events.append(event)
    return events


CHATTER = [(0.00, True), (0.01, False), (0.012, True), (0.05, False), (0.3, True), (0.31, False)]


def test_chatter_while_dice_bounce_is_one_throw() -> None:
    assert feed(ThrowDetector(0.8), CHATTER) == [THROW]


def test_dice_settle_after_the_quiet_time_once() -> None:
    script = [*CHATTER, (1.0, None), (1.1, None), (1.2, None), (5.0, None)]
    assert feed(ThrowDetector(0.8), script) == [THROW, SETTLED]


@pytest.mark.parametrize(("quiet_s", "settled"), [(0.79, False), (0.8, True), (2.0, True)])
def test_settled_means_quiet_for_the_configured_time(quiet_s: float, settled: bool) -> None:
    events = feed(ThrowDetector(0.8), [(0.0, True), (0.1, False), (0.1 + quiet_s, None)])
    assert (SETTLED in events) is settled


def test_a_vibration_sensor_held_active_is_still_rolling() -> None:
    events = feed(ThrowDetector(0.5), [(0.0, True), (3.0, None)])
    assert events == [THROW]


def test_a_tilt_switch_resting_closed_still_settles() -> None:
    detector = ThrowDetector(0.5, level_is_motion=False)
    assert feed(detector, [(0.0, True), (0.1, False), (0.2, True), (1.0, None)]) == [
        THROW,
        SETTLED,
    ]


def test_a_second_throw_after_settling_is_detected_again() -> None:
    script = [(0.0, True), (0.1, False), (1.0, None), (2.0, True), (2.1, False), (3.0, None)]
    assert feed(ThrowDetector(0.5), script) == [THROW, SETTLED, THROW, SETTLED]


def sim_tray(config: Config, source: str = "fair") -> tuple[DiceTray, SimTray, VirtualClock]:
    from dataclasses import replace

    clock = VirtualClock()
    config = replace(config, tray=replace(config.tray, dice_source=source))
    tray = open_tray(config, clock, random.Random(8))
    tray.start()
    assert isinstance(tray.inputs, SimTray)
    return tray, tray.inputs, clock


def settle(tray: DiceTray, clock: VirtualClock) -> None:
    for _ in range(300):
        clock.advance(0.01)
        tray.poll()


def test_sim_throw_gives_a_throw_then_settled_with_fair_values(sim_config: Config) -> None:
    tray, inputs, clock = sim_tray(sim_config)
    inputs.throw()
    settle(tray, clock)
    throw, settled = tray.drain()
    assert (throw.kind, settled.kind) == (THROW, SETTLED)
    assert settled.roll is not None and settled.roll.is_valid(2, 6)
    assert settled.at - throw.at >= sim_config.tray.settle_s


def test_touch_source_leaves_values_to_the_touchscreen(sim_config: Config) -> None:
    tray, inputs, clock = sim_tray(sim_config, "touch")
    inputs.throw()
    settle(tray, clock)
    settled = tray.drain()[-1]
    assert settled.roll is None and not settled.error
    assert tray.source.enter("4 2") == TrayThrow((4, 2), source="touch")


def test_serial_source_under_sim_reads_the_simulated_reader(sim_config: Config) -> None:
    tray, inputs, _clock = sim_tray(sim_config, "serial")
    inputs.press_button()
    (event,) = tray.drain()
    assert event.kind == BUTTON and event.roll is not None and event.roll.source == "sim"


def test_a_failing_reader_is_reported_on_the_event_not_raised() -> None:
    class BrokenReader:
        name = "broken"

        def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
            raise DeviceError("The dice reader did not answer; check the Pico link.")

        def close(self) -> None:
            pass

    clock = VirtualClock()
    source = DiceSource("serial", 2, 6, BrokenReader())
    tray = DiceTray(SimTray(clock), TrayConfig(), clock, source)
    tray.start()
    tray.inputs.press_button()  # type: ignore[attr-defined]
    (event,) = tray.drain()
    assert event.roll is None and "did not answer" in event.error


@pytest.mark.parametrize(
    ("text", "values", "cocked"),
    [
        ("3 5", (3, 5), False),
        ("6,1", (6, 1), False),
        ("  2   2 ", (2, 2), False),
        ("4 x", (4,), True),
        ("C ?", (), True),
    ],
)
def test_entered_dice_are_read_and_cocked_dice_reported(
    text: str, values: tuple[int, ...], cocked: bool
) -> None:
    roll = parse_dice_entry(text, 2, 6)
    assert roll.values == values and roll.cocked is cocked
    assert roll.is_valid(2, 6) is not cocked


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3", "Enter 2 dice"),
        ("3 5 6", "Enter 2 dice"),
        ("0 4", "not a face"),
        ("7 1", "1 to 6"),
        ("a b", "not a face"),
    ],
)
def test_impossible_entries_say_what_to_enter(text: str, message: str) -> None:
    with pytest.raises(DiceEntryError, match=message):
        parse_dice_entry(text, 2, 6)


def test_fair_roll_covers_every_face_evenly() -> None:
    rng = random.Random(2)
    faces = [fair_roll(1, 6, rng).values[0] for _ in range(6000)]
    assert all(abs(faces.count(face) - 1000) < 150 for face in range(1, 7))


def test_dice_thrown_again_while_the_values_are_read_come_after_the_settle() -> None:
    import threading

    clock = VirtualClock()
    inputs = SimTray(clock)

    class SlowReader:
        """A dice reader during whose read the sensor fires on another thread."""

        name = "slow"

        def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
            # gpiozero delivers edges on its own thread; this one finishes
            # while the reader is still busy.
            shake = threading.Thread(target=inputs.throw, args=((0.0, 0.05),))
            shake.start()
            shake.join()
            return TrayThrow((3, 4), source="serial")

        def close(self) -> None:
            pass

    source = DiceSource("serial", 2, 6, SlowReader())
    tray = DiceTray(inputs, TrayConfig(settle_s=0.5), clock, source)
    tray.start()
    inputs.throw((0.0, 0.1))
    clock.advance(1.0)
    settled = tray.poll()
    assert settled is not None and settled.roll == TrayThrow((3, 4), source="serial")
    events = tray.drain()
    assert [event.kind for event in events] == [THROW, SETTLED, THROW]
    # The throw heard during the read keeps the time the dice were thrown.
    assert events[2].at == pytest.approx(1.1)
    # The second throw is a throw like any other: it settles in its turn.
    clock.advance(1.0)
    assert tray.poll() is not None


def test_sensor_callbacks_from_many_threads_still_alternate_throw_and_settle() -> None:
    import threading

    clock = VirtualClock()
    inputs = SimTray(clock)
    tray = DiceTray(inputs, TrayConfig(settle_s=0.2), clock, DiceSource("fair", 2, 6))
    tray.start()
    for _ in range(20):
        shakers = [
            threading.Thread(target=inputs.throw, args=((0.0, 0.01, 0.0, 0.01),))
            for _ in range(4)
        ]
        for shaker in shakers:
            shaker.start()
        for _ in range(3):
            tray.poll()
        for shaker in shakers:
            shaker.join()
        for _ in range(40):
            clock.advance(0.01)
            tray.poll()
    kinds = [event.kind for event in tray.drain()]
    assert kinds == [THROW, SETTLED] * 20


def test_the_tray_closes_once_as_a_context_manager(sim_config: Config) -> None:
    closed = []

    class CountingReader:
        name = "counting"

        def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
            return TrayThrow((1, 1))

        def close(self) -> None:
            closed.append(True)

    clock = VirtualClock()
    source = DiceSource("serial", 2, 6, CountingReader())
    with DiceTray(SimTray(clock), TrayConfig(), clock, source) as tray:
        tray.start()
    tray.close()
    assert closed == [True]


def test_a_fair_source_rolls_with_its_own_generator_and_says_the_roll_was_fair() -> None:
    first = DiceSource("fair", 3, 6, rng=random.Random(5)).roll()
    again = DiceSource("fair", 3, 6, rng=random.Random(5)).roll()
    assert first is not None and first == again
    assert first.source == "fair" and len(first.values) == 3
