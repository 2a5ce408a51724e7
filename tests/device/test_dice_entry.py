"""Dice entered on the touchscreen, rolled by the companion, or read by the dice reader."""

from __future__ import annotations

import random

import pytest

from device.backend import TrayThrow
from device.dice import DiceEntryError, DiceSource, fair_roll, parse_dice_entry
from device.errors import DeviceError


@pytest.mark.parametrize(("text", "count", "thrown"), [
    ("3 5", 2, TrayThrow((3, 5), source="touch")),
    ("3,5", 2, TrayThrow((3, 5), source="touch")),
    (" 1 ,  6 ", 2, TrayThrow((1, 6), source="touch")),
    ("3 x", 2, TrayThrow((3,), cocked=True, source="touch")),
    ("X 4", 2, TrayThrow((4,), cocked=True, source="touch")),
    ("c 4", 2, TrayThrow((4,), cocked=True, source="touch")),
    ("? 4", 2, TrayThrow((4,), cocked=True, source="touch")),
    ("6 6 1", 3, TrayThrow((6, 6, 1), source="touch")),
])  # fmt: skip
def test_entered_dice_are_read_as_faces_and_a_marked_die_as_cocked(
    text: str, count: int, thrown: TrayThrow
) -> None:
    assert parse_dice_entry(text, count, 6) == thrown


@pytest.mark.parametrize(("text", "sentence"), [
    ("3", "Enter 2 dice, one value each (got 1 in '3'); mark a cocked die with x."),
    ("3 4 5", "Enter 2 dice, one value each (got 3 in '3 4 5'); mark a cocked die with x."),
    ("7 2", "'7' is not a face of a 6-sided die; enter 1 to 6, or x for a cocked die."),
    ("0 2", "'0' is not a face of a 6-sided die; enter 1 to 6, or x for a cocked die."),
    ("2 four", "'four' is not a face of a 6-sided die; enter 1 to 6, or x for a cocked die."),
    ("-1 2", "'-1' is not a face of a 6-sided die; enter 1 to 6, or x for a cocked die."),
])  # fmt: skip
def test_an_entry_that_is_no_roll_of_the_dice_says_what_to_enter(text: str, sentence: str) -> None:
    with pytest.raises(DiceEntryError) as refusal:
        parse_dice_entry(text, 2, 6)
    assert str(refusal.value) == sentence
    assert isinstance(refusal.value, ValueError)


def test_the_companions_roll_is_fair_dice_that_show_every_face() -> None:
    rng = random.Random(3)
    throws = [fair_roll(2, 6, rng) for _ in range(200)]
    assert all(len(thrown.values) == 2 and not thrown.cocked for thrown in throws)
    assert all(thrown.source == "fair" for thrown in throws)
    assert {value for thrown in throws for value in thrown.values} == {1, 2, 3, 4, 5, 6}


def test_without_a_seed_the_companions_roll_comes_from_the_systems_randomness() -> None:
    thrown = fair_roll(3, 8)
    assert len(thrown.values) == 3 and all(1 <= value <= 8 for value in thrown.values)


class FakeReader:
    """A dice reader that answers with a fixed reading and records what it was asked."""

    name = "fake reader"

    def __init__(self) -> None:
        self.asked: list[tuple[int, int, float]] = []

    def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
        self.asked.append((count, sides, timeout_s))
        return TrayThrow((2, 5), source="serial")


def test_each_dice_source_gives_its_values() -> None:
    reader = FakeReader()
    serial = DiceSource("serial", 2, 6, reader=reader, read_timeout_s=1.5)
    assert serial.roll() == TrayThrow((2, 5), source="serial")
    assert reader.asked == [(2, 6, 1.5)]
    fair = DiceSource("fair", 2, 6, rng=random.Random(1)).roll()
    assert fair is not None and fair.source == "fair" and len(fair.values) == 2
    touch = DiceSource("touch", 2, 6)
    assert touch.roll() is None  # the touchscreen asks the players
    assert touch.enter("4 x") == TrayThrow((4,), cocked=True, source="touch")


def test_a_serial_dice_source_without_its_reader_says_what_to_check() -> None:
    with pytest.raises(DeviceError) as refusal:
        DiceSource("serial", 2, 6).roll()
    assert str(refusal.value) == (
        'tray.dice_source = "serial" needs the dice reader, which is not open; check the Pico'
        " link, or choose another dice_source."
    )

