"""The drawn wiring of the Pico build (docs/hardware.md) uses the firmware's default pins."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.firmware import fakes

fakes.install()

from firmware.board import PINS  # noqa: E402

HARDWARE = Path(__file__).resolve().parents[2] / "docs" / "hardware.md"
# The Pico's physical pin of each GP number on its two headers (pins 3, 8, 13 ... are GND).
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12}


def pico_diagram() -> list[str]:
    text = HARDWARE.read_text(encoding="utf-8")
    section = text.split("## Wiring: the reference build, on the Pico table controller")[1]
    return section.split("```")[1].splitlines()


@pytest.mark.parametrize(
    ("label", "key"),
    [
        ("-----> STEP", "step"),
        ("-----> DIR ", "dir"),
        ("-----> EN (low = on)", "enable"),
        ("------ OUT", "home"),
        ("------ DO", "motion"),
        ("pressed = low", "button"),
        ("------ TX", "dice_rx"),
    ],
)
def test_each_wire_goes_to_the_firmwares_pin(label: str, key: str) -> None:
    (line,) = [line for line in pico_diagram() if label in line]
    gp, pin = map(int, re.search(r"GP(\d+) +\((\d+)\)", line).groups())  # type: ignore[union-attr]
    assert gp == PINS[key]
    assert pin == PICO_PIN[gp]
