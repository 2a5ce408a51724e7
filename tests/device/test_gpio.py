"""The gpio spinner on gpiozero's MockFactory: pulses, direction, enable, coils, homing, pins."""

from __future__ import annotations

import itertools
import random

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from device.backends import open_spinner
from device.clock import VirtualClock
from device.gpio import open_gpio_spinner
from device.motion import MotionLimits, plan_move

STEP, DIR, EN, HOME = 20, 21, 16, 26
COILS = (5, 6, 13, 19)


@pytest.fixture
def gpio_config(write_config) -> Config:  # type: ignore[no-untyped-def]
    return load_config(write_config('backend = "gpio"\n'))


def rising_edge_times(states: list) -> list[float]:  # type: ignore[type-arg]
    """Absolute times of the low-to-high changes recorded on a mock pin."""
    now = 0.0
    times = []
    for state in states[1:]:
        now += state.timestamp
        if state.state:
            times.append(now)
    return times


def test_step_pulses_on_the_pin_match_the_planned_schedule(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    backend = open_gpio_spinner(gpio_config, virtual_clock)
    step_pin = mock_factory.pin(STEP)
    step_pin.clear_states()
    schedule = plan_move(400, MotionLimits.from_config(gpio_config.spinner))
    backend.move(schedule)
    edges = rising_edge_times(step_pin.states)
    assert len(edges) == 400
    assert edges == pytest.approx(list(schedule.times_s), abs=1e-9)
    # Each pulse returns low before the next one.
    assert [s.state for s in step_pin.states[1:]] == [True, False] * 400


def test_recorded_pulses_pass_gpiozeros_own_timing_assertion(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    backend = open_gpio_spinner(gpio_config, virtual_clock)
    step_pin = mock_factory.pin(STEP)
    step_pin.clear_states()
    schedule = plan_move(30, MotionLimits.from_config(gpio_config.spinner))
    backend.move(schedule)
    expected = [(0.0, False)]
    for gap in schedule.intervals_s():
        expected += [(gap, True), (0.0, False)]
    step_pin.assert_states_and_times(expected)


@pytest.mark.parametrize(("direction", "level"), [(1, True), (-1, False)])
def test_direction_pin_is_set_before_the_first_pulse(
    mock_factory: MockFactory,
    virtual_clock: VirtualClock,
    gpio_config: Config,
    direction: int,
    level: bool,
) -> None:
    backend = open_gpio_spinner(gpio_config, virtual_clock)
    # The rotor reads DIR at each STEP rise, as the driver does.
    rotor = MockRotor(mock_factory, virtual_clock, 500)
    dir_pin = mock_factory.pin(DIR)
    backend.enable(True)
    limits = MotionLimits.from_config(gpio_config.spinner)
    # Start from the other direction, so DIR must change for this move.
    backend.move(plan_move(3, limits, -direction))
    assert dir_pin.state == (not level)
    dir_pin.clear_states()
    backend.move(plan_move(5, limits, direction))
    assert dir_pin.state == level
    assert [state for _when, state in absolute_changes(dir_pin.states)] == [level]
    # Every pulse of each move, the first included, turned the rotor its move's way.
    assert [turn for _when, turn in rotor.steps] == [-direction] * 3 + [direction] * 5
    backend.close()


def absolute_changes(states: list) -> list[tuple[float, bool]]:  # type: ignore[type-arg]
    """(time since the first record, level) of each change recorded on a mock pin."""
    now = 0.0
    changes = []
    for state in states[1:]:
        now += state.timestamp
        changes.append((now, bool(state.state)))
    return changes


def test_closing_disables_the_driver_releases_every_pin_and_refuses_further_use(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    from gpiozero import DigitalOutputDevice

    from device.errors import DeviceUnavailable

    backend = open_gpio_spinner(gpio_config, virtual_clock)
    enable_pin = mock_factory.pin(EN)
    assert enable_pin.state is True  # released until asked
    backend.enable(True)
    assert enable_pin.state is False  # active low
    backend.enable(False)
    assert enable_pin.state is True
    backend.enable(True)
    enable_pin.clear_states()
    backend.close()
    backend.close()  # idempotent
    # The driver was switched off (EN driven high) before its pin was let go.
    assert [state for _when, state in absolute_changes(enable_pin.states)] == [True]
    for number in (STEP, DIR, EN, HOME):
        assert mock_factory.pin(number).function == "input", number
        DigitalOutputDevice(number).close()  # free again: nothing still holds it
    with pytest.raises(DeviceUnavailable, match=r"was closed .* open the spinner again"):
        backend.move(plan_move(5, MotionLimits.from_config(gpio_config.spinner)))
    with pytest.raises(DeviceUnavailable, match="was closed"):
        backend.enable(True)
    with pytest.raises(DeviceUnavailable, match="was closed"):
        backend.home_sensor_active()
    backend.enable(False)  # releasing a closed motor is harmless


def test_uln2003_walks_the_half_step_sequence_and_releases_the_coils(
    mock_factory: MockFactory, virtual_clock: VirtualClock, write_config
) -> None:  # type: ignore[no-untyped-def]
    config = load_config(
        write_config(
            'backend = "gpio"\n[spinner]\ndriver = "uln2003"\nsteps_per_rev = 4096\n'
            "microstepping = 1\nmax_speed_rps = 0.1\n"
        )
    )
    backend = open_gpio_spinner(config, virtual_clock)
    coils = [mock_factory.pin(pin) for pin in COILS]
    backend.enable(True)
    seen = []
    limits = MotionLimits.from_config(config.spinner)
    for _ in range(8):
        backend.move(plan_move(1, limits))
        seen.append(tuple(int(c.state) for c in coils))
    # The 28BYJ-48 half-step table (IN1..IN4 = orange, yellow, pink, blue):
    # A, AB, B, BC, C, CD, D, DA, then A again.
    assert seen == [
        (1, 1, 0, 0),
        (0, 1, 0, 0),
        (0, 1, 1, 0),
        (0, 0, 1, 0),
        (0, 0, 1, 1),
        (0, 0, 0, 1),
        (1, 0, 0, 1),
        (1, 0, 0, 0),
    ]
    # Backward retraces the very same patterns in the exact reverse order.
    back = []
    for _ in range(8):
        backend.move(plan_move(1, limits, -1))
        back.append(tuple(int(c.state) for c in coils))
    assert back == [
        (1, 0, 0, 1),
        (0, 0, 0, 1),
        (0, 0, 1, 1),
        (0, 0, 1, 0),
        (0, 1, 1, 0),
        (0, 1, 0, 0),
        (1, 1, 0, 0),
        (1, 0, 0, 0),
    ]
    assert back == [*reversed(seen[:-1]), seen[-1]]
    backend.enable(False)
    assert all(not c.state for c in coils)
    backend.close()
    # Closing leaves every coil off and gives every pin back.
    assert all(not c.state and c.function == "input" for c in coils)
    from gpiozero import DigitalOutputDevice

    for pin in COILS:
        DigitalOutputDevice(pin).close()


class MockRotor:
    """A NEMA 17 and its home flag on the mock pins: turns on each STEP rise while EN is low.

    The flag covers steps 0..9 of the turn; the sensor pulls the home pin low there.
    """

    def __init__(self, factory: MockFactory, clock: VirtualClock, position: int) -> None:
        self.position = position
        self.clock = clock
        self.steps: list[tuple[float, int]] = []  # (time, +1 or -1) of every step taken
        self.stall = 0  # steps still to lose, as a stalled motor does
        self.home_pin = factory.pin(HOME)
        self.dir_pin = factory.pin(DIR)
        self.enable_pin = factory.pin(EN)
        self.step_pin = factory.pin(STEP)
        original = self.step_pin._change_state

        def change(value: bool) -> bool:
            changed = original(value)
            if changed and value and not self.enable_pin.state:
                self.turn(1 if self.dir_pin.state else -1)
            return changed

        self.step_pin._change_state = change  # type: ignore[method-assign]
        self.sense()

    def turn(self, direction: int) -> None:
        if self.stall > 0:
            self.stall -= 1
            return
        self.position += direction
        self.steps.append((self.clock.now(), direction))
        self.sense()

    def sense(self) -> None:
        if self.position % 1600 < 10:
            self.home_pin.drive_low()
        else:
            self.home_pin.drive_high()


def test_gpio_spinner_homes_on_the_mock_sensor(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    spinner = open_spinner(gpio_config, virtual_clock, random.Random(2))
    rotor = MockRotor(mock_factory, virtual_clock, 700)
    spinner.home()
    assert rotor.position % 1600 == 0
    outcome = spinner.spin("fair")
    assert not outcome.software_pick and not outcome.rehomed
    assert rotor.position % 1600 == round(outcome.stop_angle_deg / 360 * 1600)
    spinner.close()


def test_steps_lost_on_the_gpio_pins_are_caught_at_home_and_the_pointer_put_right(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    spinner = open_spinner(gpio_config, virtual_clock, random.Random(5))
    rotor = MockRotor(mock_factory, virtual_clock, 300)
    spinner.home()
    rotor.stall = 40
    outcome = spinner.spin("fair")
    assert outcome.rehomed and outcome.missed_steps == 40
    assert rotor.position % 1600 == round(outcome.stop_angle_deg / 360 * 1600)
    spinner.close()


def runs(steps: list[tuple[float, int]]) -> list[tuple[int, int, float]]:
    """The steps grouped into runs of one direction: (direction, count, median gap)."""
    grouped: list[list[tuple[float, int]]] = []
    for step in steps:
        if grouped and grouped[-1][-1][1] == step[1]:
            grouped[-1].append(step)
        else:
            grouped.append([step])
    result = []
    for run in grouped:
        gaps = sorted(b[0] - a[0] for a, b in itertools.pairwise(run)) or [0.0]
        result.append((run[0][1], len(run), gaps[len(gaps) // 2]))
    return result


def test_homing_approaches_fast_backs_off_past_the_flag_and_approaches_slowly(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    spinner = open_spinner(gpio_config, virtual_clock, random.Random(2))
    rotor = MockRotor(mock_factory, virtual_clock, 700)
    spinner.home()
    home = gpio_config.spinner.home
    fast_gap, slow_gap = 1 / (home.fast_rps * 1600), 1 / (home.slow_rps * 1600)
    backoff = round(home.backoff_deg / 360 * 1600)
    (fast, back, slow) = runs(rotor.steps)
    assert fast[0] == 1 and fast[1] == 900 and fast[2] == pytest.approx(fast_gap)
    # One step back leaves the flag's leading edge, then the configured back-off.
    assert back[0] == -1 and back[1] == 1 + backoff and back[2] == pytest.approx(fast_gap)
    assert slow[0] == 1 and slow[1] == 1 + backoff and slow[2] == pytest.approx(slow_gap)
    assert rotor.position % 1600 == 0
    spinner.close()


@pytest.mark.parametrize(
    ("driver", "taken"),
    [("step_dir", STEP), ("step_dir", DIR), ("step_dir", EN), ("step_dir", HOME)]
    + [("uln2003", pin) for pin in (*COILS, HOME)],
)
def test_a_pin_already_in_use_is_reported_with_a_sentence_and_the_others_released(
    mock_factory: MockFactory,
    virtual_clock: VirtualClock,
    write_config,  # type: ignore[no-untyped-def]
    driver: str,
    taken: int,
) -> None:
    from gpiozero import DigitalInputDevice

    from device.errors import DeviceUnavailable

    text = f'backend = "gpio"\n[spinner]\ndriver = "{driver}"\n'
    if driver == "uln2003":
        text += "steps_per_rev = 4096\nmicrostepping = 1\nmax_speed_rps = 0.1\n"
    config = load_config(write_config(text))
    squatter = DigitalInputDevice(taken)  # something else already holds this pin
    with pytest.raises(DeviceUnavailable, match=f"GPIO {taken} .*check the pin numbers"):
        open_gpio_spinner(config, virtual_clock)
    squatter.close()
    # Every pin opened before the failure was given back: the spinner opens now.
    open_gpio_spinner(config, virtual_clock).close()


def test_an_unknown_pin_factory_names_the_choices(write_config) -> None:  # type: ignore[no-untyped-def]
    from device.errors import DeviceUnavailable
    from device.gpio import pin_factory

    config = load_config(write_config('backend = "gpio"\n[gpio]\npin_factory = "pigpoi"\n'))
    with pytest.raises(DeviceUnavailable, match="lgpio"):
        pin_factory(config)


def test_a_machine_without_gpio_gets_told_to_use_sim(
    monkeypatch: pytest.MonkeyPatch, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    from gpiozero import Device

    from device.errors import DeviceUnavailable

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    with pytest.raises(DeviceUnavailable, match=r'No GPIO pin factory .* backend = "sim"'):
        open_gpio_spinner(gpio_config, virtual_clock)


def test_a_spinner_that_cannot_home_leaves_the_driver_disabled(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    from device.errors import HomingError

    spinner = open_spinner(gpio_config, virtual_clock, random.Random(1))
    enable_pin = mock_factory.pin(EN)
    with pytest.raises(HomingError):
        spinner.home()  # the mock home pin never goes low: a dead sensor
    assert enable_pin.state is True  # EN high: driver off
    outcome = spinner.spin()
    assert outcome.software_pick
    assert enable_pin.state is True
    spinner.close()


def ticking(clock: VirtualClock, tick_ns: int = 100):  # type: ignore[no-untyped-def]
    """A nanosecond counter on the virtual clock that advances on every read, as time does."""

    def now_ns() -> int:
        clock.advance(tick_ns / 1e9)
        return clock.now_ns()

    return now_ns


def change_times(states: list) -> list[tuple[float, bool]]:  # type: ignore[type-arg]
    """(absolute time, level) of each change recorded on a mock pin."""
    now, changes = 0.0, []
    for state in states[1:]:
        now += state.timestamp
        changes.append((now, state.state))
    return changes


def test_step_pulses_are_high_and_low_long_enough_for_a_drv8825(
    mock_factory: MockFactory, virtual_clock: VirtualClock
) -> None:
    from device.gpio import StepDirDriver

    driver = StepDirDriver(STEP, DIR, EN, now_ns=ticking(virtual_clock))
    step_pin = mock_factory.pin(STEP)
    step_pin.clear_states()
    for _ in range(5):  # back to back, as when the scheduler catches up
        driver.step()
    changes = change_times(step_pin.states)
    assert [level for _, level in changes] == [True, False] * 5
    widths = [b - a for (a, _), (b, _) in itertools.pairwise(changes)]
    assert min(widths) >= 1.9e-6  # DRV8825: 1.9 us high and 1.9 us low at least
    driver.close()


@pytest.mark.parametrize("direction", [1, -1])
def test_direction_is_steady_before_the_next_step_edge(
    mock_factory: MockFactory, virtual_clock: VirtualClock, direction: int
) -> None:
    from device.gpio import StepDirDriver

    driver = StepDirDriver(STEP, DIR, EN, now_ns=ticking(virtual_clock))
    driver.set_direction(-direction)
    dir_pin, step_pin = mock_factory.pin(DIR), mock_factory.pin(STEP)
    driver.step()
    dir_pin.clear_states()
    step_pin.clear_states()
    start = virtual_clock.now()
    driver.set_direction(direction)
    driver.step()
    (dir_change,) = change_times(dir_pin.states)
    first_rise = change_times(step_pin.states)[0]
    assert dir_change[1] is (direction > 0)
    assert first_rise[0] - dir_change[0] >= 650e-9  # DRV8825 DIR set-up time
    assert virtual_clock.now() - start < 1e-4  # held by busy-waiting, not by a sleep
    driver.close()


def test_a_named_pin_factory_is_shared_so_the_tray_cannot_take_a_spinner_pin(
    monkeypatch: pytest.MonkeyPatch, virtual_clock: VirtualClock, write_config
) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from device import gpio
    from device.errors import DeviceUnavailable

    monkeypatch.setattr(gpio, "_NAMED_FACTORIES", {})
    config = load_config(write_config('backend = "gpio"\n[gpio]\npin_factory = "mock"\n'))
    assert gpio.pin_factory(config) is gpio.pin_factory(config)
    spinner = gpio.open_gpio_spinner(config, virtual_clock)
    # A clash the file check cannot see (the tray's pin changed after loading).
    clash = replace(config, tray=replace(config.tray, sensor_pin=config.spinner.pins.home))
    with pytest.raises(DeviceUnavailable, match="check the pin numbers"):
        gpio.open_gpio_tray(clash)
    spinner.close()
    gpio.pin_factory(config).reset()


def test_leaving_the_with_block_disables_the_driver_and_frees_every_pin(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    from gpiozero import DigitalInputDevice, DigitalOutputDevice

    from device.gpio import GpioTray

    enable_pin = mock_factory.pin(EN)
    with open_gpio_spinner(gpio_config, virtual_clock) as backend, GpioTray(gpio_config):
        backend.enable(True)
        assert enable_pin.state is False
    # EN was driven high (driver off) before the pin was let go.
    assert enable_pin.states[-1].state is True
    for pin in (STEP, DIR, EN):
        DigitalOutputDevice(pin).close()
    for pin in (HOME, 17, 27):
        DigitalInputDevice(pin).close()


def test_why_each_pin_factory_failed_is_part_of_the_message(
    monkeypatch: pytest.MonkeyPatch, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    import warnings

    from gpiozero import BadPinFactory, Device, PinFactoryFallback

    from device.errors import DeviceUnavailable

    def no_factory() -> None:
        reason = PinFactoryFallback("Falling back from lgpio: can not open gpiochip")
        warnings.warn(reason, stacklevel=2)
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    with pytest.raises(DeviceUnavailable, match=r"lgpio: can not open gpiochip.*gpio group"):
        open_gpio_spinner(gpio_config, virtual_clock)


def test_closing_a_driver_on_its_own_switches_the_motor_off_first(
    mock_factory: MockFactory,
) -> None:
    from device.gpio import StepDirDriver, Uln2003Driver

    step_dir = StepDirDriver(STEP, DIR, EN)
    step_dir.enable(True)
    step_dir.close()
    step_dir.close()
    assert mock_factory.pin(EN).states[-1].state is True
    coils = Uln2003Driver(COILS)
    coils.enable(True)
    coils.close()
    coils.close()
    assert not any(mock_factory.pin(pin).state for pin in COILS)
