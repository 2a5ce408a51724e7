"""The matches in the log as people read them: every match that can be read, one match as
JSON with its events, a line per match, logged times in local time.

`companion history`, the phone page's history and the touchscreen's history
screen all show the log through these.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from companion.event_log.store import DamagedRecord, MatchRecord, Store
from companion.games.registry import game_specs

Shown = TypeVar("Shown")


def readable(store: Store, describe: Callable[[Store, MatchRecord], Shown]) -> list[Shown]:
    """Every match that can be read, described, oldest first.

    A match whose rows were changed by hand is left out, with a sentence on stderr,
    so that one damaged match does not hide the others.
    """
    described = []
    for match_id in store.match_ids():
        try:
            match = store.match(match_id)
            if match is not None:
                described.append(describe(store, match))
        except DamagedRecord as damage:
            print(f"companion: {damage} It is left out.", file=sys.stderr)
    return described


def match_json(store: Store, match: MatchRecord) -> dict[str, Any]:
    """One match with its players, game, scores per round, result and every event."""
    events = store.events(match.id)
    undone = {event.detail.get("undoes") for event in events if event.kind == "undo"}
    return {
        "id": match.id,
        "game": match.game,
        "title": _title(match.game),
        "options": match.options,
        "players": [
            {"seat": seat, "name": player.name, "colour": player.colour}
            for seat, player in enumerate(match.players)
        ],
        "status": match.status,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "scores": match.scores,
        "winners": match.winners,
        "rounds": [{"seq": seq, "scores": scores} for seq, scores in store.rounds(match.id)],
        "rematch_of": match.rematch_of,
        "events": [
            {
                "seq": event.seq,
                "kind": event.kind,
                "seat": event.seat,
                "text": event.text,
                "action": event.action,
                "detail": event.detail,
                "undone": event.seq in undone,
                "at": event.at,
            }
            for event in events
        ],
    }


def match_line(match: MatchRecord) -> str:
    """One line per match: id, game, status, players with scores, winners, local times."""
    winners = set(match.winners)
    players = ", ".join(
        f"{player.name} {score}{' (won)' if seat in winners else ''}"
        for seat, (player, score) in enumerate(zip(match.players, match.scores, strict=False))
    )
    started = local_time(match.started_at)
    when = started
    if match.finished_at:
        finished = local_time(match.finished_at)
        same_day = finished[:10] == started[:10]
        when += f" to {finished[11:] if same_day else finished}"
    return f"#{match.id}  {_title(match.game)}  {match.status}  {players}  ({when})"


def local_time(at: str) -> str:
    """A logged UTC time as the table's local time, "2026-05-01 22:30" (as logged if unreadable)."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return at


def _title(game: str) -> str:
    spec = game_specs().get(game)
    return spec.title if spec is not None else game
