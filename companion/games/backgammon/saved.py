"""Saved matches of the backgammon family: the JSON fields the three games share.

`common_json` writes the turn-flow fields of a `FamilyGame` (phase, seat on
roll, board, the turn in progress, the opening roll); `load_common` reads them
back into a new game; `check_saved_outcome` then refuses a saved match whose
phase, score and board tell different stories, so that a match loaded from
JSON always plays on without failing half-way through a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.backgammon.free_play import replay_free
from companion.games.backgammon.movement import Board, Step, has_won
from companion.games.backgammon.opening import OpeningRoll
from companion.games.backgammon.phase import Phase
from companion.games.base import JSONValue, RuleError

if TYPE_CHECKING:
    from companion.games.backgammon.family import FamilyGame


def common_json(game: FamilyGame) -> dict[str, JSONValue]:
    """The fields every game of the family saves."""
    return {
        "phase": game.phase.value,
        "player": game.player,
        "tracks": [list(track) for track in game.board.tracks],
        "turn_start": [list(track) for track in game.turn_start.tracks],
        "steps": [list(step) for step in game.steps],
        "dice": list(game.dice) if game.dice else None,
        "opening": game.opening.to_json(),
        "game_number": game.game_number,
        "last_turn": game.last_turn,
    }


def load_common(game: FamilyGame, data: dict[str, JSONValue]) -> None:
    """Read the fields of `common_json` into `game`.

    Raises:
        RuleError: a field is missing or invalid, or the turn in progress does
            not lead to the saved board.
    """
    try:
        game.phase = Phase(data["phase"])
        game.player = _seat(data["player"], game.players)
        game.board = _board(game, data["tracks"])
        game.turn_start = _board(game, data["turn_start"])
        game.steps = tuple(Step(int(s[0]), int(s[1]), int(s[2]), bool(s[3])) for s in data["steps"])
        dice = data["dice"]
        game.dice = (int(dice[0]), int(dice[1])) if dice else None
        game.opening = OpeningRoll.from_json(data["opening"])
        game.game_number = int(data["game_number"])
        last = data["last_turn"]
        game.last_turn = dict(last) if isinstance(last, dict) else None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise RuleError(f"This is not a saved {game.geometry.title} game.") from None
    game.forget_plays()
    if game.phase is Phase.MOVE:
        _check_turn_in_progress(game)


def check_saved_outcome(game: FamilyGame, match_over: bool, finished: list[int]) -> None:
    """Raises RuleError unless a loaded match's phase, score and board tell the same story.

    `match_over` is what the loaded score says; `finished` are the seats that
    have borne off everything in the game in play (Multi-Gam).
    """
    name = game.geometry.title
    if match_over != (game.phase is Phase.OVER):
        raise RuleError(f"This saved {name} match has a score that does not fit its phase.")
    if game.phase is Phase.OVER:
        return
    done = [seat for seat in range(game.players) if has_won(game.board, seat)]
    if sorted(done) != sorted(finished) or len(finished) >= game.players - 1:
        raise RuleError(f"This saved {name} match has a finished game that was never scored.")
    if game.player in finished:
        raise RuleError(f"This saved {name} match gives the turn to a player who finished.")
    opening_over = game.opening.starter is not None or len(game.opening.showing) != game.players
    if game.phase is Phase.OPENING and opening_over:
        raise RuleError(f"This saved {name} match has an opening roll that cannot go on.")


def json_object(value: Any) -> dict[str, JSONValue]:
    """A part of a saved match that must be a JSON object.

    Raises:
        RuleError: it is not.
    """
    if not isinstance(value, dict):
        raise RuleError("This saved match is missing a part.")
    return value


def _check_turn_in_progress(game: FamilyGame) -> None:
    """Raises RuleError unless the saved steps lead from the turn's start to the board."""
    name = game.geometry.title
    if game.dice is None or not all(1 <= die <= 6 for die in game.dice):
        raise RuleError(f"This saved {name} game is moving without two dice.")
    try:
        board, _ = replay_free(game.turn_start, game.player, game.dice, game.steps)
    except RuleError:
        board = None
    if board != game.board:
        raise RuleError(f"This saved {name} game has steps that do not match its board.")


def _board(game: FamilyGame, raw: Any) -> Board:
    return Board(game.geometry, tuple(tuple(int(c) for c in track) for track in raw))


def _seat(value: Any, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(value)
    return value
