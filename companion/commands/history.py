"""`companion history`: the matches in the log, as text or as JSON with every event."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import StoreError
from companion.event_log.opening import EmptyLog
from companion.event_log.store import DamagedRecord, MatchRecord, Store, default_db_path
from companion.games.registry import game_specs

Shown = TypeVar("Shown")
READ_ATTEMPTS = 3
"""Reads of a log that a companion changed meanwhile (see `Store.changed_on_disk`)."""


def register(subparsers: Any) -> None:
    """Add the `history` subcommand."""
    parser = subparsers.add_parser(
        "history",
        help="list the matches in the log",
        description="List the matches in the log, newest last; --json adds every event.",
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print every match with its players, game, scores and events as JSON",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the history; returns the exit code (1 when the log is damaged: what can be
    read is printed, with a sentence saying so).

    Raises:
        StoreError: the log cannot be read, or kept changing while it was read; it is left
            as it is.
    """
    path: Path = args.db if args.db is not None else default_db_path()
    # Looking at the history must not create a log.
    if not path.exists():
        print("[]" if args.json else f"No matches yet ({path} does not exist).")
        return 0
    for _ in range(READ_ATTEMPTS):
        try:
            store = Store.open_to_read(path)
        except EmptyLog:
            print("[]" if args.json else f"No matches yet ({path} is empty).")
            return 0
        with store:
            for notice in store.notices:
                print(f"companion: {notice}", file=sys.stderr)
            if args.json:
                text = json.dumps(readable(store, match_json), indent=2)
            else:
                lines = readable(store, lambda _, match: match_line(match))
                text = "\n".join(lines) if lines else "No matches yet."
            if not store.changed_on_disk():
                print(text)
                return 1 if store.damaged else 0  # a damaged log: scripts can tell
    raise StoreError(
        f"The match log {path} kept changing while it was read (a companion is writing it"
        " from a directory this user cannot write): try again."
    )


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
        "winners": (match.result or {}).get("winners", []),
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
    winners = set((match.result or {}).get("winners", []))
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
