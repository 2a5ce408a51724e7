"""The documented text positions of Mini-Gam and Multi-Gam (docs/rules/position-formats.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, MULTIGAM, Board, Geometry
from companion.games.backgammon.text_format import format_position, parse_position
from companion.games.base import RuleError
from tests.games.backgammon.boards import random_board, six


def test_the_minigam_opening_is_everything_on_both_bars() -> None:
    assert format_position(Board.start(MINIGAM), 0) == "0:8-000000-0:8-000000-0"
    assert parse_position(MINIGAM, "start") == (Board.start(MINIGAM), 0)


def test_the_multigam_opening_has_four_seat_fields() -> None:
    text = "0:5-000000-0:5-000000-0:5-000000-0:5-000000-0"
    assert format_position(Board.start(MULTIGAM), 0) == text
    assert parse_position(MULTIGAM, text) == (Board.start(MULTIGAM), 0)


def test_points_are_listed_by_printed_number_for_both_minigam_seats() -> None:
    # Seat 1 travels 6 -> 1, but its field still lists points 1 to 6 left to right.
    board = six(MINIGAM, {"bar": 2, 2: 3}, {5: 1, 1: 4})
    assert format_position(board, 1) == "1:2-030000-3:0-400010-3"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([MINIGAM, MULTIGAM]), st.integers(min_value=0, max_value=2**32 - 1))
def test_every_board_survives_a_round_trip(geometry: Geometry, seed: int) -> None:
    rng = random.Random(seed)
    board = random_board(geometry, rng)
    on_roll = rng.randrange(geometry.players)
    assert parse_position(geometry, format_position(board, on_roll)) == (board, on_roll)


@pytest.mark.parametrize(
    ("geometry", "text", "sentence"),
    [
        (MINIGAM, "0:8-000000-0", "seat on roll and 2 seat fields"),
        (MINIGAM, "2:8-000000-0:8-000000-0", "from 0 to 1"),
        (MINIGAM, "0:8-00000-0:8-000000-0", "bar-points-off digits"),
        (MINIGAM, "0:7-000000-0:8-000000-0", "has 7 checkers"),
        (MINIGAM, "0:0-200006-0:0-200006-0", "two players"),
        (MULTIGAM, "0:5-000000-0:5-000000-0", "4 seat fields"),
        (MINIGAM, "\u00b2:8-000000-0:8-000000-0", "from 0 to 1"),  # superscript two
        (MINIGAM, "9" * 5000 + ":8-000000-0:8-000000-0", "from 0 to 1"),  # 4301+ digits
        (MULTIGAM, "01:5-000000-0:5-000000-0:5-000000-0:5-000000-0", "from 0 to 3"),
        (MINIGAM, "0:\u0668-000000-0:8-000000-0", "bar-points-off digits"),  # Arabic-Indic 8
        (MULTIGAM, "0:5-000000-0:5-000000-0:5-000000-0:4-000000-0 ", "has 4 checkers"),
        (MULTIGAM, "0:5-000000-0:5-000000-0:5-000000-0:6-00000-0", "like 5-000000-0"),
    ],
)
def test_a_bad_text_position_is_rejected_with_a_sentence(
    geometry: Geometry, text: str, sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        parse_position(geometry, text)


def test_backgammon_boards_use_position_ids_instead() -> None:
    with pytest.raises(RuleError, match="Mini-Gam and Multi-Gam"):
        format_position(Board.start(BACKGAMMON), 0)
