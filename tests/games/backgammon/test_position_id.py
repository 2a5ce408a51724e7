"""GNU Backgammon Position IDs in and out."""

from __future__ import annotations

import base64
import random
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.games.backgammon import position_id as position_id_module
from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, Board
from companion.games.backgammon.movement import legal_plays, pip_count
from companion.games.backgammon.position_id import (
    board_from_position_id,
    play_position_ids,
    position_id,
    position_key,
)
from companion.games.base import RuleError
from tests.games.backgammon.boards import bg, random_board

OPENING = Board.start(BACKGAMMON)


def test_the_opening_position_is_4HPwATDgc_ABMA() -> None:
    assert position_id(OPENING) == "4HPwATDgc/ABMA"
    assert board_from_position_id("4HPwATDgc/ABMA") == OPENING


def test_the_key_of_the_opening_starts_with_five_empty_points_then_five_checkers() -> None:
    bits = int.from_bytes(position_key(OPENING), "little")
    assert bits & 0b11111 == 0  # nothing on the ace to 5-points
    assert (bits >> 5) & 0b111111 == 0b011111  # five on the 6-point, then a 0


def test_the_player_on_roll_comes_second_as_in_gnu_backgammon() -> None:
    # GNU Backgammon showed this ID with the player on roll at 167 pips, to play 4-4.
    board = board_from_position_id("sG/BgCGMM+YAIw")
    assert pip_count(board, 0) == 167
    assert pip_count(board, 1) == 152


def test_the_worked_example_of_the_position_formats_page() -> None:
    # docs/rules/position-formats.md: the player on roll has one checker on their 6-point,
    # the opponent two on their ace point; the opponent's half of the key comes first.
    board = bg({6: 1}, {1: 2})
    assert position_key(board) == bytes([0x03, 0, 0, 0, 0x01, 0, 0, 0, 0, 0])
    assert position_id(board) == "AwAAAAEAAAAAAA"
    assert position_id(board, 1) == "IAAADAAAAAAAAA"
    assert board_from_position_id("AwAAAAEAAAAAAA") == board


def test_writing_for_the_other_player_swaps_the_two_halves() -> None:
    board = bg({"bar": 1, 6: 14}, {24: 2, 13: 13})
    swapped = Board(BACKGAMMON, (board.tracks[1], board.tracks[0]))
    assert position_id(board, 1) == position_id(swapped, 0)
    assert position_id(board, 0) != position_id(board, 1)


def test_a_prefix_and_spaces_are_accepted() -> None:
    assert board_from_position_id("  Position ID: 4HPwATDgc/ABMA ") == OPENING


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_board_survives_a_round_trip(seed: int) -> None:
    board = random_board(BACKGAMMON, random.Random(seed))
    tracks = board.tracks
    # Both players on the bar against closed boards: no game reaches it, and its ID is refused.
    assume(not all(tracks[s][0] and min(tracks[1 - s][19:25]) >= 2 for s in (0, 1)))
    text = position_id(board)
    assert len(text) == 14
    assert board_from_position_id(text) == board
    assert position_id(board_from_position_id(text)) == text


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("4HPwATDgc", "14 characters"),
        ("4HPwATDgc/AB!A", "only letters, digits"),
        ("//////////////", "more than 15 checkers"),
        ("AAAAAAAAAAAA//", "extra bits"),
        ("27YBA0DbtgEDQA", "both players on the bar against closed boards"),
    ],
)
def test_a_bad_position_id_is_rejected_with_a_sentence(text: str, sentence: str) -> None:
    with pytest.raises(RuleError, match=sentence):
        board_from_position_id(text)


def test_only_backgammon_boards_have_position_ids() -> None:
    with pytest.raises(RuleError, match="Backgammon"):
        position_id(Board.start(MINIGAM))


def _read_key_bit_by_bit(text: str) -> Board:
    """The format read one bit at a time, as GNU Backgammon reads it: the reference."""
    bits = int.from_bytes(base64.b64decode(text + "=="), "little")
    tracks = []
    for _seat in range(2):
        track = [0] * 26
        for position in (*range(24, 0, -1), 0):
            count = 0
            while bits & 1:
                count += 1
                bits >>= 1
                if count > 15:
                    raise RuleError(f"Position ID {text!r} puts more than 15 checkers on a point.")
            bits >>= 1
            track[position] = count
        if sum(track) > 15:
            raise RuleError(f"Position ID {text!r} gives a player more than 15 checkers.")
        track[25] = 15 - sum(track)
        tracks.append(tuple(track))
    if bits:
        raise RuleError(f"Position ID {text!r} has extra bits after both players' checkers.")
    board = Board(BACKGAMMON, (tracks[1], tracks[0]))  # checks two players on one point
    if all(track[0] and min(other[19:25]) >= 2 for track, other in (tracks, tracks[::-1])):
        raise RuleError(
            f"Position ID {text!r} has both players on the bar against closed boards, "
            "which no game can reach."
        )
    return board


def _outcome(read: Callable[[str], Board], text: str) -> Board | str:
    try:
        return read(text)
    except RuleError as error:
        return str(error)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.lists(st.integers(min_value=0, max_value=79), max_size=3),
)
def test_reading_an_id_agrees_with_reading_its_key_bit_by_bit(seed: int, flips: list[int]) -> None:
    # A board's key with a few bits flipped: valid boards, and every way of being refused.
    bits = int.from_bytes(position_key(random_board(BACKGAMMON, random.Random(seed))), "little")
    for flip in flips:
        bits ^= 1 << flip
    text = base64.b64encode(bits.to_bytes(10, "little")).decode("ascii")[:14]
    assert _outcome(board_from_position_id, text) == _outcome(_read_key_bit_by_bit, text)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([0, 1]))
def test_ids_read_from_the_plays_steps_are_the_ids_of_their_boards(seed: int, mover: int) -> None:
    rng = random.Random(seed)
    board = random_board(BACKGAMMON, rng)
    plays = legal_plays(board, mover, (rng.randint(1, 6), rng.randint(1, 6)))
    assert play_position_ids(board, mover, plays) == [
        position_id(play.board, mover) for play in plays
    ]


def test_ids_read_from_steps_take_hit_checkers_to_the_bar() -> None:
    # Seat 0 can hit blots on its 4- and 2-points (the opponent's 21- and 23-points).
    board = bg({6: 2, 13: 2}, {21: 1, 23: 1, 1: 13})
    plays = legal_plays(board, 0, (2, 2))
    hitting = [play for play in plays if sum(step.hit for step in play.steps) == 2]
    assert hitting
    assert play_position_ids(board, 0, plays) == [position_id(play.board) for play in plays]


def test_ids_read_from_steps_are_for_backgammon_boards_only() -> None:
    with pytest.raises(RuleError, match="Position IDs describe Backgammon boards"):
        play_position_ids(Board.start(MINIGAM), 0, [])


def test_remembered_backs_stay_within_their_bound_and_write_the_same_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(13)
    boards = [random_board(BACKGAMMON, rng) for _ in range(40)]
    expected = [position_id(board, mover) for board in boards for mover in (0, 1)]
    monkeypatch.setattr(position_id_module, "_BACKS", position_id_module._BackCodes(3))
    assert [position_id(board, mover) for board in boards for mover in (0, 1)] == expected
    assert len(position_id_module._BACKS) <= 3


def test_remembered_opponents_stay_within_their_bound_and_write_the_same_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)
    boards = [random_board(BACKGAMMON, rng) for _ in range(30)]
    asked = [
        (board, mover, (rng.randint(1, 6), rng.randint(1, 6)))
        for board in boards
        for mover in (0, 1)
    ]
    expected = [
        [position_id(play.board, mover) for play in legal_plays(board, mover, dice)]
        for board, mover, dice in asked
    ]
    monkeypatch.setattr(position_id_module, "_OPPONENTS_SIZE", 2)
    monkeypatch.setattr(position_id_module, "_OPPONENTS", {})
    for (board, mover, dice), ids in zip(asked, expected, strict=True):
        assert play_position_ids(board, mover, legal_plays(board, mover, dice)) == ids
        assert len(position_id_module._OPPONENTS) <= 2
