"""The hardware test from the touchscreen: `companion hw test`'s checks, run off the app's loop.

The steps are `device.selftest.self_test_steps`, except for the devices the
companion already holds open (a pin or a port cannot be opened twice): the
table's spinner is tested on its own worker (`SpinnerWorkshop.call`), in turn
with any spin, and a running dice tray is judged as it runs. `run_checks`
runs the steps one after another on a thread of their own and answers each
with its own future, so the screen shows each line as it finishes.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Sequence
from concurrent.futures import CancelledError, Future
from dataclasses import replace

from companion.config import Config
from companion.ports import SpinnerFeed, SpinnerWorkshop, TrayWatch
from device import selftest
from device.backends import make_clock
from device.selftest import Check, SelfTestStep

log = logging.getLogger(__name__)


def app_steps(
    config: Config, spinner: SpinnerFeed | None, tray: TrayWatch | None,
    rng: random.Random | None = None,
) -> list[SelfTestStep]:
    """The self-test's steps for a companion holding `spinner` and `tray` open; a fair
    roll draws from `rng` (a seeded script run), else from `secrets`."""
    steps = selftest.self_test_steps(config, make_clock(config), rng)
    return [_in_app(step, config, spinner, tray) for step in steps]


def _in_app(
    step: SelfTestStep, config: Config, spinner: SpinnerFeed | None, tray: TrayWatch | None
) -> SelfTestStep:
    workshop = spinner.workshop if spinner is not None else None
    if step.key == "spinner" and workshop is not None:
        return replace(step, run=lambda: _on_worker(workshop, step.device))
    if step.key == "tray" and tray is not None and config.tray.enabled:
        inputs = tray.inputs
        return replace(step, run=lambda: selftest.judge_tray(config, inputs))
    return step


def _on_worker(table_spinner: SpinnerWorkshop, name: str) -> Check:
    tested = table_spinner.call(lambda spinner: selftest.check_open_spinner(spinner, name))
    try:
        return tested.result()
    except CancelledError:
        return Check(name, False, "the spinner was shut down during the test.")


def run_checks(steps: Sequence[SelfTestStep]) -> list[Future[Check]]:
    """Start running `steps` in order on a thread; each future answers its step's check.

    A check that raises (a bug, a library's surprise) answers as a failed line
    with the error, so one device cannot stop the test of the others.
    """
    answers: list[Future[Check]] = [Future() for _ in steps]

    def run_all() -> None:
        for step, answer in zip(steps, answers, strict=True):
            if not answer.set_running_or_notify_cancel():
                continue
            try:
                answer.set_result(step.run())
            except Exception as error:
                log.exception("The hardware test of %s failed", step.device)
                answer.set_result(Check(step.device, False, f"the test itself failed ({error})"
                                        "; see the companion's log."))

    threading.Thread(target=run_all, name="hardware-test", daemon=True).start()
    return answers


__all__ = ["app_steps", "run_checks"]
