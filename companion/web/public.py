"""What a phone may see of the table: the public match, never a hand or the order of a deck.

Each engine says what everyone at its table may see (`GameState.public_view`:
Backgammon, Mini-Gam, Multi-Gam and the Yahtzee board game hide nothing; UNO
shows the card in play, how many cards each player holds and the scores, never
a hand or the draw pile) and which legal actions name nothing hidden
(`GameState.public_actions`). The table puts both in every snapshot; this
module only shapes them for the phone page and knows no game. A game whose
engine says nothing public sends no state and no action.

The history from the log is sent as `companion history --json` prints it,
except that a shuffle's order (which tells every hand and the whole draw
pile) is left out, and with each match's family and each player's mark.

`rounds` are the scores after each round, as the log keeps them and the
screen's scoresheet shows them (UNO rounds, backgammon games, Yahtzee claims),
so that every phone can draw how a finished match went from the state that
ended it.

`asks` are what the table asks of each seat now (`companion.web.seat_turns`, all public):
a seated phone draws its own panel from them, with no question to the server per state.

Each player comes with their seat's mark (`companion.seat_marks`): the letter,
colour and ink the touchscreen draws them with, so a phone shows the same.
"""

from __future__ import annotations

from typing import Any

from companion.games.actions import action_from_json, action_to_json
from companion.games.base import RuleError
from companion.games.chance_actions import Shuffle
from companion.games.registry import game_spec, game_specs
from companion.seat_marks import seat_mark
from companion.table import TableSnapshot
from companion.web.seat_turns import table_asks


def public_match(snapshot: TableSnapshot | None) -> dict[str, Any] | None:
    """The match as `GET /api/state` and every stream event carry it (docs/web.md)."""
    if snapshot is None:
        return None
    chance = snapshot.chance
    return {
        "id": snapshot.match_id,
        "game": snapshot.game,
        "family": game_spec(snapshot.game).family,
        "title": snapshot.title,
        "hands": snapshot.hands,
        "players": [
            {"name": player.name, "seat": seat, "mark": seat_mark(player.colour).to_json()}
            for seat, player in enumerate(snapshot.players)
        ],
        "seq": snapshot.seq,
        "to_move": snapshot.to_move,
        "is_over": snapshot.is_over,
        "scores": list(snapshot.scores),
        "winners": list(snapshot.winners),
        "rounds": [list(scores) for scores in snapshot.rounds],
        "last_event": snapshot.last_event,
        "chance": None if chance is None else {"kind": chance.kind, "text": chance.prompt},
        "state": snapshot.public_state(),
        "legal_actions": [action_to_json(action) for action in snapshot.public_actions]
        if chance is None
        else [],
        "asks": table_asks(snapshot),
    }


def public_history(match: dict[str, Any]) -> dict[str, Any]:
    """One match of `companion history --json` without the order of any shuffle."""
    events = []
    for event in match["events"]:
        if event.get("kind") == "chance" and _is_shuffle(match["game"], event.get("action")):
            event = {
                **event,
                "action": {**event["action"], "order": None},
                "detail": {**(event.get("detail") or {}), "outcome": None},
            }
        events.append(event)
    return {
        **match,
        "family": _family(match["game"]),
        "players": [
            {**player, "mark": seat_mark(player["colour"]).to_json()} for player in match["players"]
        ],
        "events": events,
    }


def _is_shuffle(game: str, action: object) -> bool:
    """True when the logged `action` is a shuffle of `game` (read back by the game's own
    actions, `action_from_json`)."""
    try:
        return isinstance(action_from_json(game, action), Shuffle)
    except RuleError:
        return False


def _family(game: str) -> str | None:
    """The family of a logged game, or None for a game this companion no longer knows."""
    spec = game_specs().get(game)
    return None if spec is None else spec.family


def board_scripts() -> list[str]:
    """The phone's drawing of each game family (`static/boards/<family>.js`), in the order of
    the games registry: the page loads one per family, so a new family adds its file only."""
    families = dict.fromkeys(spec.family for spec in game_specs().values())
    return [f"boards/{family}.js" for family in families]


__all__ = ["board_scripts", "public_history", "public_match"]
