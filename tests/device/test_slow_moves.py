"""Homing and jogging run slower than a spin, and a move without a direction goes forward."""

from __future__ import annotations

import pytest

from companion.config import SpinnerConfig
from device.motion import MotionLimits, plan_move

REFERENCE = SpinnerConfig()
TURN = REFERENCE.steps_per_turn


def test_a_lower_top_speed_for_homing_is_honoured() -> None:
    slow = MotionLimits.from_config(REFERENCE, speed_rps=REFERENCE.max_speed_rps / 4)
    assert slow.max_speed == pytest.approx(REFERENCE.max_speed_rps / 4 * TURN)


def test_a_requested_speed_above_the_spinners_limit_is_capped() -> None:
    fast = MotionLimits.from_config(REFERENCE, speed_rps=REFERENCE.max_speed_rps * 10)
    assert fast.max_speed == pytest.approx(REFERENCE.max_speed_rps * TURN)


def test_a_slow_move_takes_longer_than_the_same_move_at_full_speed() -> None:
    full = plan_move(4 * TURN, MotionLimits.from_config(REFERENCE))
    slow = plan_move(4 * TURN, MotionLimits.from_config(REFERENCE, speed_rps=0.5))
    assert slow.duration_s > full.duration_s


def test_a_move_without_a_direction_goes_forward() -> None:
    assert plan_move(10, MotionLimits.from_config(REFERENCE)).direction == 1
