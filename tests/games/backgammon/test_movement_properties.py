"""Properties of the movement core over random legal games of all three games."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.backgammon.geometry import (
    BACKGAMMON,
    MINIGAM,
    MULTIGAM,
    Board,
    Geometry,
    check_tracks,
)
from companion.games.backgammon.movement import (
    Play,
    apply_step,
    has_won,
    legal_plays,
    pip_count,
)
from companion.games.backgammon.notation import format_play, parse_play
from tests.games.backgammon.boards import random_board
from tests.games.backgammon.reference_plays import reference_plays

LOOSE_BAR_MINIGAM = replace(MINIGAM, loose_bar=True)
"""Mini-Gam with the loose-bar rule: checkers may move while others wait on the bar."""
GEOMETRIES = st.sampled_from([BACKGAMMON, MINIGAM, LOOSE_BAR_MINIGAM, MULTIGAM])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


Turn = tuple[Board, int, tuple[int, int]]


def random_game(geometry: Geometry, seed: int, turns: int) -> list[Turn]:
    """(board, mover, dice) before each turn of a random game (restarting when one wins)."""
    rng = random.Random(seed)
    board, mover = Board.start(geometry), 0
    turns_seen = []
    for _ in range(turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns_seen.append((board, mover, dice))
        plays = legal_plays(board, mover, dice)
        if plays:
            board = rng.choice(plays).board
        if has_won(board, mover):
            board = Board.start(geometry)
        mover = (mover + 1) % geometry.players
    return turns_seen


def check_play(board: Board, mover: int, play: Play) -> None:
    """The play's board is valid, its steps lead there, and the checkers are all still there."""
    check_tracks(board.geometry, play.board.tracks)  # conserved, one owner per point
    replayed = board
    for step in play.steps:
        replayed = apply_step(replayed, mover, step)
    assert replayed == play.board
    assert pip_count(play.board, mover) < pip_count(board, mover)


@settings(max_examples=12, deadline=None)
@given(GEOMETRIES, SEEDS)
def test_every_play_of_a_random_game_is_legal_complete_and_unique(
    geometry: Geometry, seed: int
) -> None:
    for board, mover, dice in random_game(geometry, seed, turns=40):
        plays = legal_plays(board, mover, dice)
        boards = [play.board for play in plays]
        assert len(set(boards)) == len(boards), "each resulting position once"
        assert set(boards) == reference_plays(board, mover, dice)
        for play in plays:
            check_play(board, mover, play)


@settings(max_examples=60, deadline=None)
@given(GEOMETRIES, SEEDS)
def test_generator_matches_the_reference_on_random_boards(geometry: Geometry, seed: int) -> None:
    rng = random.Random(seed)
    board = random_board(geometry, rng)
    mover = rng.randrange(geometry.players)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    plays = legal_plays(board, mover, dice)
    assert {play.board for play in plays} == reference_plays(board, mover, dice)
    assert len({play.board for play in plays}) == len(plays)
    for play in plays:
        check_play(board, mover, play)


@settings(max_examples=25, deadline=None)
@given(GEOMETRIES, SEEDS)
def test_notation_of_every_play_reads_back_as_the_same_play(geometry: Geometry, seed: int) -> None:
    for board, mover, dice in random_game(geometry, seed, turns=15):
        for play in legal_plays(board, mover, dice):
            text = format_play(board, mover, play)
            assert parse_play(board, mover, dice, text).board == play.board


@settings(max_examples=40, deadline=None)
@given(GEOMETRIES, SEEDS)
def test_board_json_round_trip_is_exact(geometry: Geometry, seed: int) -> None:
    board = random_board(geometry, random.Random(seed))
    assert Board.from_json(board.to_json()) == board


def test_board_json_keeps_a_rule_variant_of_the_geometry() -> None:
    board = Board.start(LOOSE_BAR_MINIGAM)
    assert Board.from_json(board.to_json()).geometry == LOOSE_BAR_MINIGAM
    assert "loose_bar" not in Board.start(MINIGAM).to_json()
