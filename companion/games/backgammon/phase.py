"""What a game of the backgammon family waits for next."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game waits for."""

    OPENING = "opening"
    """Chance: one die per player still in the opening roll."""
    DECIDE = "decide"
    """The player on roll: double or roll (Backgammon)."""
    ROLL = "roll"
    """Chance: two dice for the player on roll."""
    DOUBLED = "doubled"
    """The opponent of the doubler: take or pass (Backgammon)."""
    MOVE = "move"
    """The player on roll: play the dice."""
    OVER = "over"
    """The match is over."""
