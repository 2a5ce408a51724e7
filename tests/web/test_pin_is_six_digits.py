"""The PIN shown on the touchscreen: six digits, whatever the system's randomness draws."""

from __future__ import annotations

import pytest

from companion import datadir
from companion.web.guard import random_pin


@pytest.mark.parametrize(("draw", "pin"), [(0, "000000"), (42, "000042"), (999_999, "999999")])
def test_a_pin_is_six_digits_leading_zeros_included(
    monkeypatch: pytest.MonkeyPatch, draw: int, pin: str
) -> None:
    monkeypatch.setattr(datadir.secrets, "randbelow", lambda n: min(draw, n - 1))
    assert random_pin() == pin


def test_the_largest_draw_is_still_six_digits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datadir.secrets, "randbelow", lambda n: n - 1)
    assert len(random_pin()) == 6
