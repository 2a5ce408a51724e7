"""Helpers that set up Yahtzee board positions through the public API only.

Positions are made by starting a game, settling the order with real 2d6
rolls, then editing its saved JSON (tiles, squares, whose turn) and reading it
back with `YahtzeeState.from_json`, which checks it like any saved game.
"""

from __future__ import annotations

from typing import Any

from companion.games.yahtzee import Tile, YahtzeeState, new_game
from companion.games.yahtzee.actions import YahtzeeAction

ROLL_OFF_DICE = ([6, 6], [6, 5], [5, 5], [5, 4])
"""Roll-off dice giving totals 12, 11, 10, 9: seat 0 first, then 1, 2, 3."""


def started(players: int = 2, options: dict[str, Any] | None = None) -> YahtzeeState:
    """A new game whose roll-off put the seats in order 0, 1, 2, 3."""
    state = new_game(players, options or {})
    for seat in range(players):
        roll(state, *ROLL_OFF_DICE[seat])
    assert state.order == tuple(range(players))
    return state


def roll(state: YahtzeeState, *values: int) -> None:
    """Answer the pending dice request with `values`."""
    state.apply(state.chance_action(list(values)))


def play(state: YahtzeeState, action: YahtzeeAction) -> None:
    """Apply a player's action."""
    state.apply(action)


def position(
    players: int = 2,
    *,
    tiles: dict[Tile, tuple[int, int, int]] | None = None,
    squares: dict[int, int] | None = None,
    current: int = 0,
    protected: Tile | None = None,
    options: dict[str, Any] | None = None,
    challenge: tuple[list[int], int] | None = None,
) -> YahtzeeState:
    """A game with `tiles` as {tile: (owner, value, square)}, players on `squares`
    ({seat: square}), `current` about to roll the movement die."""
    data = started(players, options).to_json()
    for tile, (owner, value, square) in (tiles or {}).items():
        data["tiles"][tile.value] = {"owner": owner, "value": value, "square": square}
    for seat, square in (squares or {}).items():
        data["positions"][seat] = square
    data["current"] = current
    data["protected"] = protected.value if protected else None
    if challenge is not None:
        data["challenge"] = {"remaining": challenge[0], "last_claimer": challenge[1]}
    return YahtzeeState.from_json(data)


def land_on(state: YahtzeeState, square: int) -> None:
    """Move the current player onto `square` with one movement roll (1 to 6 ahead)."""
    here = state.positions[state.current]
    steps = (square - here) % state.board.squares
    assert 1 <= steps <= 6, f"square {square} is {steps} steps from {here}"
    roll(state, steps)


def throw(state: YahtzeeState, *values: int) -> None:
    """Throw the five dice and stop with what they show."""
    from companion.games.yahtzee import Stop

    roll(state, *values)
    if state.to_move is not None and Stop() in state.legal_actions():
        state.apply(Stop())


def all_tiles_but(
    keep: set[Tile], owner: int = 1, first_square: int = 2
) -> dict[Tile, tuple[int, int, int]]:
    """Every tile except `keep` claimed by `owner` at its lowest value (Chance at 25),
    on the free squares from `first_square`."""
    free = [square for square in range(1, 17) if square not in (1, 5, 9, 13)]
    free = free[free.index(first_square) :] + free[: free.index(first_square)]
    claimed = [tile for tile in Tile if tile not in keep]
    return {
        tile: (owner, 25 if tile is Tile.CHANCE else 1, square)
        for tile, square in zip(claimed, free, strict=False)
    }


def finished(
    players: int = 2,
    *,
    tiles: dict[Tile, tuple[int, int, int]],
    options: dict[str, Any] | None = None,
) -> YahtzeeState:
    """A game over with `tiles` as {tile: (owner, value, square)}."""
    data = position(players, tiles=tiles, options=options).to_json()
    data["phase"] = "over"
    return YahtzeeState.from_json(data)
