"""What a phone may see of the table: the public match, never a hand or the order of a deck.

Backgammon, Mini-Gam, Multi-Gam and the Yahtzee board game hide nothing, so
their engine state is sent as it is. UNO's state holds every hand and the
draw pile in simulation mode: a phone gets only what a person at the table
sees (the card in play, how many cards each player holds, the scores), and
the legal actions that would name a card in a hand are left out. A game this
module does not know sends no state at all: a new game must be added to
`PUBLIC_STATES` before anything of it leaves the companion.

The history from the log is sent as `companion history --json` prints it,
except that a shuffle's order (which tells every hand and the whole draw
pile) is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.games.actions import action_to_json
from companion.table import TableSnapshot

State = dict[str, Any]


def whole_state(state: State) -> State:
    """A game with no hidden information: everything is public."""
    return state


UNO_PUBLIC_KEYS = (
    "game", "phase", "colour", "current", "dealer", "direction", "drawn", "uno_exposed",
    "round_winner", "totals", "rounds", "players", "idol", "volley",
)  # fmt: skip
"""UNO's state keys that say nothing a person at the table could not see."""


def uno_state(state: State) -> State:
    """UNO as the table sees it: the card in play, the piles' sizes, each hand's size."""
    public = {key: state[key] for key in UNO_PUBLIC_KEYS if key in state}
    discard = state.get("discard") or []
    options = state.get("options") or {}
    public.update(
        top_card=discard[-1] if discard else None,
        discard_count=len(discard),
        draw_count=len(state.get("draw_pile") or []),
        hand_counts=[len(hand) for hand in state.get("hands") or []],
        challenge_pending=state.get("wd4") is not None,
        mode=options.get("mode"),
        target=options.get("target"),
    )
    return public


PUBLIC_STATES: dict[str, Callable[[State], State]] = {
    "backgammon": whole_state,
    "minigam": whole_state,
    "multigam": whole_state,
    "yahtzee": whole_state,
    "classic": uno_state,
    "tiki": uno_state,
    "duo": uno_state,
}
"""Each game's public view of its engine state, by the game's registry name."""


def hidden_words(game: str, state: State) -> set[str]:
    """The card names a phone must not learn from the legal actions: those in hands and piles."""
    if PUBLIC_STATES.get(game) is not uno_state:
        return set()
    places: list[Any] = [*(state.get("hands") or []), state.get("draw_pile") or []]
    places.append([state.get("drawn_card")])
    return {card for place in places for card in place if isinstance(card, str)}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def public_match(snapshot: TableSnapshot | None) -> dict[str, Any] | None:
    """The match as `GET /api/state` and every stream event carry it (docs/web.md)."""
    if snapshot is None:
        return None
    state = snapshot.state()
    view = PUBLIC_STATES.get(snapshot.game)
    hidden = hidden_words(snapshot.game, state)
    actions = [action_to_json(action) for action in snapshot.legal_actions]
    chance = snapshot.chance
    return {
        "id": snapshot.match_id,
        "game": snapshot.game,
        "title": snapshot.title,
        "players": [
            {"name": player.name, "seat": seat} for seat, player in enumerate(snapshot.players)
        ],
        "seq": snapshot.seq,
        "to_move": snapshot.to_move,
        "is_over": snapshot.is_over,
        "scores": list(snapshot.scores),
        "winners": list(snapshot.winners),
        "last_event": snapshot.last_event,
        "chance": None if chance is None else {"kind": chance.kind, "text": chance.prompt},
        "state": None if view is None else view(state),
        "legal_actions": [action for action in actions if hidden.isdisjoint(_strings(action))]
        if chance is None
        else [],
    }


def public_history(match: dict[str, Any]) -> dict[str, Any]:
    """One match of `companion history --json` without the order of any shuffle."""
    events = []
    for event in match["events"]:
        action = event.get("action")
        if isinstance(action, dict) and action.get("action") == "shuffle":
            event = {
                **event,
                "action": {**action, "order": None},
                "detail": {**(event.get("detail") or {}), "outcome": None},
            }
        events.append(event)
    return {**match, "events": events}


__all__ = ["PUBLIC_STATES", "hidden_words", "public_history", "public_match", "uno_state"]
