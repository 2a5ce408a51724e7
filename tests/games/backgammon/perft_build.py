"""Rebuild perft.txt: positions, rolls and their number of distinct legal plays.

Run from the repository root: ``python -m tests.games.backgammon.perft_build``.
Every count is computed twice, by the fast generator and by the brute-force
reference of `reference_plays`, and the build stops if they disagree, so the
file only holds counts two independent implementations agree on.

Positions (all seeded, so the file is reproducible):
- the Backgammon opening with all 21 rolls, and a position GNU Backgammon
  analysed (``sG/BgCGMM+YAIw``, 4-4);
- for each game, positions before turns of seeded random games;
- for each game, random boards (many near the end: bar and bear-off cases).
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, MULTIGAM, Board, Geometry
from companion.games.backgammon.movement import has_won, legal_plays
from companion.games.backgammon.position_id import board_from_position_id, position_id
from companion.games.backgammon.text_format import format_position
from tests.games.backgammon.boards import random_board
from tests.games.backgammon.reference_plays import reference_plays

PERFT = Path(__file__).with_name("perft.txt")
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
HEADER = """\
# Perft-style counts for the backgammon family: game, position, dice, number of
# distinct legal plays (plays reaching the same position count once). Backgammon
# positions are GNU Backgammon Position IDs (the player on roll, second in the key
# as GNU Backgammon writes it, to move); Mini-Gam and Multi-Gam positions use
# docs/rules/position-formats.md. Built by
# tests/games/backgammon/perft_build.py; every count agrees with a brute-force
# reference generator.
"""


def _write(geometry: Geometry, board: Board, mover: int) -> str:
    if geometry is BACKGAMMON:
        return position_id(board, mover)
    return format_position(board, mover)


def _line(geometry: Geometry, board: Board, mover: int, dice: tuple[int, int]) -> str:
    count = len(legal_plays(board, mover, dice))
    reference = len(reference_plays(board, mover, dice))
    if count != reference:
        raise SystemExit(f"disagreement on {_write(geometry, board, mover)} {dice}")
    return f"{geometry.name} {_write(geometry, board, mover)} {dice[0]} {dice[1]} {count}"


def _game_positions(geometry: Geometry, rng: random.Random, count: int) -> list[tuple[Board, int]]:
    board, mover = Board.start(geometry), 0
    positions = []
    while len(positions) < count:
        if rng.random() < 0.3:
            positions.append((board, mover))
        plays = legal_plays(board, mover, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            board = rng.choice(sorted(plays, key=lambda play: play.board.tracks)).board
        if has_won(board, mover):
            board = Board.start(geometry)
        mover = (mover + 1) % geometry.players
    return positions


def build() -> list[str]:
    """Every line of the file."""
    rng = random.Random(20261122)
    opening = Board.start(BACKGAMMON)
    lines = [_line(BACKGAMMON, opening, 0, roll) for roll in ROLLS]
    lines.append(_line(BACKGAMMON, board_from_position_id("sG/BgCGMM+YAIw"), 0, (4, 4)))
    for geometry, games, boards in ((BACKGAMMON, 70, 60), (MINIGAM, 40, 30), (MULTIGAM, 40, 30)):
        for board, mover in _game_positions(geometry, rng, games):
            lines.append(_line(geometry, board, mover, rng.choice(ROLLS)))
        for _ in range(boards):
            board = random_board(geometry, rng)
            mover = rng.randrange(geometry.players) if geometry is not BACKGAMMON else 0
            lines.append(_line(geometry, board, mover, rng.choice(ROLLS)))
    return lines


if __name__ == "__main__":
    PERFT.write_text(HEADER + "\n".join(build()) + "\n", encoding="utf-8")
    print(f"wrote {PERFT}")
