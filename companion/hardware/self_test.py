"""The hardware test for the touchscreen: `companion hw test`'s checks on the devices held open.

The screen holds a `SelfTest` port (`companion.ports`); this is the
product's. The steps are `device.selftest.self_test_steps`, except for the
devices the companion already holds open (a pin or a port cannot be opened
twice): the table's spinner is tested on its own worker
(`TableSpinner.call`), in turn with any spin, and a running dice tray is
judged as it runs. The steps run one after another on a thread of their own,
each answering its own future with a plain `DeviceCheck`, so the screen shows
each line as it finishes.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Sequence
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.config import Config
from device import selftest
from device.backends import make_clock
from device.selftest import Check, Reason, SelfTestStep, Value

if TYPE_CHECKING:
    from companion.hardware.table_spinner import TableSpinner
    from companion.hardware.table_spins import TableSpins
    from companion.hardware.table_tray import TrayFeed

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeviceCheck:
    """One device's outcome in the hardware test: as data for the screen to word in the
    table's language, and as the English line `companion hw test` prints (for the journal).

    Attributes:
        device: the device's name in English (`spinner (sim, step_dir)`).
        ok: it passed.
        reason: what was seen, or why it failed (`device.selftest.Reason`).
        values: the reason's values by name (`device.selftest.Reason` names them).
        line: `device: OK (what was seen)` or `device: FAILED: why, and what to check`.
    """

    device: str
    ok: bool
    reason: Reason
    values: tuple[tuple[str, Value], ...]
    line: str

    @classmethod
    def of(cls, check: Check) -> DeviceCheck:
        """The outcome and the line of a self-test's check."""
        return cls(check.device, check.ok, check.reason, check.values, check.line())


@dataclass(frozen=True)
class DeviceTest:
    """One device the hardware test checks: `key` says which (`controller`, `spinner`,
    `tray`, `dice`), `device` names it as its line will, `answer` is its line to come."""

    key: str
    device: str
    answer: Future[DeviceCheck]


@dataclass
class HeldDevicesSelfTest:
    """The hardware test of a companion holding `spinner` and `tray` open (None: it holds
    none, and the test opens its own); a fair roll draws from `rng` (a seeded script run),
    else from `secrets`."""

    spinner: TableSpins | None = None
    tray: TrayFeed | None = None
    rng: random.Random | None = None

    def start(self, config: Config) -> tuple[DeviceTest, ...]:
        """Start every configured device's check on a thread; each answers its own future."""
        steps = app_steps(config, self.spinner, self.tray, self.rng)
        return tuple(DeviceTest(step.key, step.device, answer)
                     for step, answer in zip(steps, run_checks(steps), strict=True))


def app_steps(
    config: Config, spinner: TableSpins | None, tray: TrayFeed | None,
    rng: random.Random | None = None,
) -> list[SelfTestStep]:
    """The self-test's steps for a companion holding `spinner` and `tray` open; a fair
    roll draws from `rng` (a seeded script run), else from `secrets`."""
    steps = selftest.self_test_steps(config, make_clock(config), rng)
    return [_in_app(step, config, spinner, tray) for step in steps]


def _in_app(
    step: SelfTestStep, config: Config, spinner: TableSpins | None, tray: TrayFeed | None
) -> SelfTestStep:
    workshop = spinner.workshop if spinner is not None else None
    if step.key == "spinner" and workshop is not None:
        return replace(step, run=lambda: _on_worker(workshop, step.device))
    if step.key == "tray" and tray is not None and config.tray.enabled:
        inputs = tray.inputs
        return replace(step, run=lambda: selftest.judge_tray(config, inputs))
    return step


def _on_worker(table_spinner: TableSpinner, name: str) -> Check:
    tested = table_spinner.call(lambda spinner: selftest.check_open_spinner(spinner, name))
    try:
        return tested.result()
    except CancelledError:
        return Check.of(name, False, Reason.SHUT_DOWN)


def run_checks(steps: Sequence[SelfTestStep]) -> list[Future[DeviceCheck]]:
    """Start running `steps` in order on a thread; each future answers its step's check.

    A check that raises (a bug, a library's surprise) answers as a failed line
    with the error, so one device cannot stop the test of the others.
    """
    answers: list[Future[DeviceCheck]] = [Future() for _ in steps]

    def run_all() -> None:
        for step, answer in zip(steps, answers, strict=True):
            if not answer.set_running_or_notify_cancel():
                continue
            try:
                check = step.run()
            except Exception as error:
                log.exception("The hardware test of %s failed", step.device)
                check = Check.of(step.device, False, Reason.TEST_FAILED, error=str(error))
            answer.set_result(DeviceCheck.of(check))

    threading.Thread(target=run_all, name="hardware-test", daemon=True).start()
    return answers


__all__ = ["DeviceCheck", "DeviceTest", "HeldDevicesSelfTest", "app_steps", "run_checks"]
