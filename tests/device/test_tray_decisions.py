"""The tray's decisions: a bouncing button is one press, a tilt switch settles, events arrive
as they happen, a failed read still frees the tray, and a closed tray hears nothing."""

from __future__ import annotations

import pytest

from companion.config import TrayConfig
from device.backend import TrayThrow
from device.clock import VirtualClock
from device.dice import DiceSource
from device.errors import DeviceError
from device.sim import SimTray
from device.tray import (
    BUTTON,
    BUTTON_DEBOUNCE_S,
    SETTLED,
    THROW,
    DiceTray,
    ThrowDetector,
    TrayEvent,
)


class HeldSensor(SimTray):
    """A sensor that goes active and stays so: a vibration module still shaking, or a tilt
    switch resting closed."""

    def hold_active(self) -> None:
        if self._on_motion is not None:
            self._on_motion(True)


def fair_tray(config: TrayConfig | None = None) -> tuple[DiceTray, HeldSensor, VirtualClock]:
    clock = VirtualClock()
    inputs = HeldSensor(clock)
    tray = DiceTray(inputs, config or TrayConfig(settle_s=0.5), clock, DiceSource("fair", 2, 6))
    tray.start()
    return tray, inputs, clock


def wait(tray: DiceTray, clock: VirtualClock, seconds: float) -> list[TrayEvent]:
    seen = []
    for _ in range(round(seconds / 0.01)):
        clock.advance(0.01)
        event = tray.poll()
        if event is not None:
            seen.append(event)
    return seen


@pytest.mark.parametrize(
    ("gaps", "presses"),
    [
        ((), 1),
        ((0.05,), 1),
        ((BUTTON_DEBOUNCE_S - 0.01,), 1),
        ((BUTTON_DEBOUNCE_S,), 2),
        ((1.0,), 2),
        ((1.0, 1.0, 1.0), 4),
    ],
)
def test_a_press_is_counted_once_however_the_contacts_bounce(
    gaps: tuple[float, ...], presses: int
) -> None:
    tray, inputs, clock = fair_tray()
    inputs.press_button()
    for gap in gaps:
        clock.advance(gap)
        inputs.press_button()
    assert [event.kind for event in tray.drain()] == [BUTTON] * presses


def test_contacts_that_keep_bouncing_are_still_one_press() -> None:
    tray, inputs, clock = fair_tray()
    for _ in range(5):  # each bounce within the debounce time of the one before
        inputs.press_button()
        clock.advance(BUTTON_DEBOUNCE_S * 0.8)
    assert len(tray.drain()) == 1


def test_a_button_press_reads_the_dice_values() -> None:
    tray, inputs, _clock = fair_tray()
    inputs.press_button()
    (event,) = tray.drain()
    assert event.roll is not None and event.roll.is_valid(2, 6) and not event.error


def test_a_tilt_switch_tray_settles_though_the_switch_rests_closed() -> None:
    tray, inputs, clock = fair_tray(TrayConfig(sensor_kind="tilt", settle_s=0.5))
    inputs.hold_active()
    assert [event.kind for event in wait(tray, clock, 1.0)] == [SETTLED]


def test_a_vibration_tray_held_active_does_not_settle() -> None:
    tray, inputs, clock = fair_tray(TrayConfig(sensor_kind="vibration", settle_s=0.5))
    inputs.hold_active()
    assert wait(tray, clock, 2.0) == []


def test_each_event_is_handed_to_the_listener_as_it_happens() -> None:
    clock = VirtualClock()
    inputs = SimTray(clock)
    heard: list[str] = []
    tray = DiceTray(
        inputs, TrayConfig(settle_s=0.5), clock, DiceSource("fair", 2, 6),
        on_event=lambda event: heard.append(event.kind),
    )
    tray.start()
    inputs.throw()
    assert heard == [THROW]
    wait(tray, clock, 1.0)
    inputs.press_button()
    assert heard == [THROW, SETTLED, BUTTON]


def test_the_settled_event_is_returned_by_poll_and_queued() -> None:
    tray, inputs, clock = fair_tray()
    inputs.throw()
    (settled,) = wait(tray, clock, 1.0)
    assert settled.kind == SETTLED and settled.roll is not None
    assert tray.drain()[-1] == settled


def test_a_failed_read_on_settling_is_reported_and_the_next_throw_still_counts() -> None:
    class FlakyReader:
        name = "flaky"
        calls = 0

        def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
            self.calls += 1
            if self.calls == 1:
                raise DeviceError("The dice reader did not answer; check the Pico link.")
            return TrayThrow((2, 5), source="serial")

        def close(self) -> None:
            pass

    clock = VirtualClock()
    inputs = SimTray(clock)
    source = DiceSource("serial", 2, 6, FlakyReader())
    tray = DiceTray(inputs, TrayConfig(settle_s=0.5), clock, source)
    tray.start()
    inputs.throw()
    (failed,) = wait(tray, clock, 1.0)
    assert failed.kind == SETTLED and failed.roll is None and "did not answer" in failed.error
    inputs.throw()
    (read,) = wait(tray, clock, 1.0)
    assert read.roll == TrayThrow((2, 5), source="serial")
    assert [event.kind for event in tray.drain()] == [THROW, SETTLED, THROW, SETTLED]


def test_a_closed_tray_hears_no_more_throws_or_presses() -> None:
    tray, inputs, clock = fair_tray()
    tray.close()
    inputs.throw()
    inputs.press_button()
    assert wait(tray, clock, 1.0) == [] and tray.drain() == []


def test_starting_twice_listens_once() -> None:
    class CountingInputs(SimTray):
        starts = 0

        def start(self, on_motion, on_button) -> None:  # type: ignore[no-untyped-def]
            self.starts += 1
            super().start(on_motion, on_button)

    clock = VirtualClock()
    inputs = CountingInputs(clock)
    tray = DiceTray(inputs, TrayConfig(), clock, DiceSource("fair", 2, 6))
    tray.start()
    tray.start()
    assert inputs.starts == 1


def test_a_sensor_change_reported_late_does_not_shorten_the_quiet_time() -> None:
    detector = ThrowDetector(0.5)
    assert detector.motion(True, 1.0) == THROW
    detector.motion(False, 0.9)  # delivered after, stamped before, by another thread
    assert detector.poll(1.45) is None
    assert detector.poll(1.5) == SETTLED


class CrashingReader:
    """A dice reader with a bug: it raises something other than a DeviceError."""

    name = "crashing"

    def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
        raise RuntimeError("a bug in the reader")

    def close(self) -> None:
        pass


def test_a_crashing_reader_still_leaves_a_settle_saying_the_values_could_not_be_read() -> None:
    clock = VirtualClock()
    inputs = SimTray(clock)
    tray = DiceTray(inputs, TrayConfig(settle_s=0.5), clock,
                    DiceSource("serial", 2, 6, CrashingReader()))
    tray.start()
    inputs.throw()
    clock.advance(1.0)
    with pytest.raises(RuntimeError):
        tray.poll()
    throw, settled = tray.drain()
    assert throw.kind == THROW
    assert settled == TrayEvent(SETTLED, clock.now(), None, "the dice values could not be read")
    inputs.throw()  # the tray is free for the next throw
    clock.advance(1.0)
    with pytest.raises(RuntimeError):
        tray.poll()
    assert [event.kind for event in tray.drain()] == [THROW, SETTLED]


def test_a_failed_read_is_stamped_with_the_time_the_dice_settled() -> None:
    class DeadReader(CrashingReader):
        def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
            raise DeviceError("The dice reader did not answer; check the Pico link.")

    clock = VirtualClock()
    inputs = SimTray(clock)
    tray = DiceTray(inputs, TrayConfig(settle_s=0.5), clock,
                    DiceSource("serial", 2, 6, DeadReader()))
    tray.start()
    inputs.throw()
    clock.advance(1.0)
    failed = tray.poll()
    assert failed is not None and failed.roll is None
    assert failed.at == clock.now()
