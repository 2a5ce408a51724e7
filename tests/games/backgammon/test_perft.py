"""Perft-style counts: every position in perft.txt has exactly its recorded number of plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.backgammon.geometry import GEOMETRIES, Board
from companion.games.backgammon.movement import legal_plays
from companion.games.backgammon.position_id import board_from_position_id
from companion.games.backgammon.text_format import parse_position
from tests.games.backgammon.reference_plays import reference_plays

PERFT = Path(__file__).with_name("perft.txt")

Case = tuple[str, str, tuple[int, int], int]


def perft_cases() -> list[Case]:
    """(game, position, dice, count) for every line of perft.txt."""
    cases = []
    for line in PERFT.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            game, position, high, low, count = line.split()
            cases.append((game, position, (int(high), int(low)), int(count)))
    return cases


def read(game: str, position: str) -> tuple[Board, int]:
    if game == "backgammon":
        return board_from_position_id(position), 0
    return parse_position(GEOMETRIES[game], position)


def test_perft_file_covers_every_game_and_opening_roll() -> None:
    cases = perft_cases()
    assert {game for game, *_ in cases} == {"backgammon", "minigam", "multigam"}
    opening_rolls = {dice for game, position, dice, _ in cases if position == "4HPwATDgc/ABMA"}
    assert len(opening_rolls) == 21
    assert len(cases) >= 250


def test_opening_three_one_has_sixteen_distinct_plays_in_the_perft_file() -> None:
    assert ("backgammon", "4HPwATDgc/ABMA", (3, 1), 16) in perft_cases()


def test_every_perft_count_matches_the_generator() -> None:
    wrong = []
    for game, position, dice, count in perft_cases():
        board, mover = read(game, position)
        found = len(legal_plays(board, mover, dice))
        if found != count:
            wrong.append(f"{game} {position} {dice}: {found} plays, expected {count}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", ["backgammon", "minigam", "multigam"])
def test_every_perft_count_matches_the_brute_force_reference(game: str) -> None:
    for name, position, dice, count in perft_cases():
        if name == game:
            board, mover = read(name, position)
            assert len(reference_plays(board, mover, dice)) == count, (position, dice)
