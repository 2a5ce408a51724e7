"""The Pico table controller unplugged mid-spin while the whole companion runs: the spin
still lands on a seat (the companion picks it and says why), phones go on playing, and once
the Pico is plugged back in the motor spins again. The Pico is the real firmware on a pty
(tests/firmware/harness.py), reached through the real serial link."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.app.product import Product, RunRequest, open_product
from companion.config import Config
from tests.firmware.conftest import STEPS_PER_TURN, serial_config
from tests.firmware.harness import PtyBoard
from tests.firmware.test_end_to_end import eventually, spinner_config
from tests.product.phone import Phone

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


@pytest.fixture
def board(tmp_path: Path) -> Iterator[PtyBoard]:
    pico = PtyBoard(tmp_path, steps_per_turn=STEPS_PER_TURN, flag_steps=5, rotor=123)
    yield pico
    pico.close()


@pytest.fixture
def product(tmp_path: Path, board: PtyBoard) -> Iterator[Product]:
    config: Config = spinner_config(serial_config(board))
    config = replace(config, web=replace(config.web, pin="4821"),
                     tray=replace(config.tray, enabled=False))
    request = RunRequest(ui=False, port=0, db=tmp_path / "log.db", seed=3)
    with open_product(request, config) as running:
        yield running


def play_to_a_spin(phone: Phone, rng: random.Random) -> dict[str, Any]:
    """Play random moves until the rules ask the idol to spin."""
    for _ in range(2000):
        match = phone.state()
        chance = match["chance"]
        if chance is not None and chance["kind"] == "spin":
            return match
        phone.play_one(rng)
    raise AssertionError("no spin was asked for in 2,000 moves")


def test_a_pico_unplugged_mid_spin_is_said_and_play_goes_on_until_it_is_back(
    product: Product, board: PtyBoard
) -> None:
    assert product.page is not None and not product.spin_problem
    spinner: Any = product.spins
    phone = Phone(product.page.port, "4821")
    rng = random.Random(8)
    phone.new_match("tiki", NAMES, {"target": 100, "mode": "referee"})
    asked = play_to_a_spin(phone, rng)
    assert eventually(lambda: spinner.status.available and not spinner.status.moving, 10)
    before = board.world.pulses
    status, body = phone.request("POST", "/api/chance")  # the seat is drawn and logged at once
    assert status == 200 and body["seq"] == asked["seq"] + 1, body
    assert eventually(lambda: board.world.pulses > before + 200, 10)  # the idol turns to it
    board.unplug()
    assert eventually(lambda: not spinner.status.available, 10)
    assert "controller" in spinner.status.reason, spinner.status.reason  # said, with why
    assert phone.state()["seq"] == asked["seq"] + 1  # the logged spin stands
    asked = play_to_a_spin(phone, rng)  # the phones play on without the Pico ...
    status, body = phone.request("POST", "/api/chance")  # ... and a spin is still answered
    assert status == 200 and body["seq"] == asked["seq"] + 1, body
    board.replug()
    assert eventually(lambda: spinner.status.available and not spinner.status.moving, 15)
    asked = play_to_a_spin(phone, rng)
    turned = board.world.pulses
    status, body = phone.request("POST", "/api/chance")
    assert status == 200, body
    assert eventually(lambda: board.world.pulses > turned + STEPS_PER_TURN, 10)  # the motor again
