"""`companion uno`: UNO games from the command line.

`companion uno simulate --game classic|tiki|duo --players N --seed S [--json]
[--deck FILE]` plays a complete match with random legal choices (with the
deck file read by `companion.decks`, if given): one seeded
`random.Random` answers every chance request (shuffles, spins) and picks
every choice, so the same seed gives the same match. It prints a readable
log and the final scores, or with ``--json`` one object with ``game``,
``title``, ``players``, ``seed``, ``options``, ``rounds`` (how many were
played), ``round_results``, ``scores``, ``winners`` and ``events`` (the
action list that replays the match exactly).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from companion.app.commands._arguments import seed_argument
from companion.decks import fitting_deck_options
from companion.errors import CompanionError
from companion.games import uno
from companion.games.actions import Action
from companion.games.autoplay import random_actions
from companion.games.base import GameSpec, GameState, RuleError
from companion.games.chance_actions import Shuffle
from companion.games.registry import game_spec, game_specs
from companion.games.uno import UnoMatch

UNO_GAMES = tuple(spec.name for spec in uno.GAME_SPECS)
"""The UNO games the command knows, by registry name: "classic" (the default), "tiki",
"duo"."""


DEFAULT_PLAYERS = 4
"""Players when ``--players`` is not given (within the game's range: UNO Duo has 2)."""


class UnoCommandError(CompanionError, ValueError):
    """An `uno` command that cannot run as asked."""


def register(subparsers: Any) -> None:
    """Add `companion uno` and its subcommands."""
    parser = subparsers.add_parser(
        "uno",
        help="simulate matches of UNO, UNO Tiki Twist and UNO Duo",
        description="UNO, UNO Tiki Twist and UNO Duo.",
    )
    commands = parser.add_subparsers(dest="uno_command", metavar="ACTION")
    simulate = commands.add_parser(
        "simulate",
        help="play a complete match with random legal choices",
        description="Play a complete match with random legal choices and print its log.",
    )
    simulate.add_argument("--game", choices=UNO_GAMES, default=UNO_GAMES[0], help="which UNO game")
    simulate.add_argument(
        "--players",
        type=int,
        help=f"number of players (default: {DEFAULT_PLAYERS}, or 2 for UNO Duo)",
    )
    simulate.add_argument(
        "--seed", type=seed_argument, default=0, help="seed of the random choices (default: 0)"
    )
    simulate.add_argument("--deck", metavar="FILE", help="a deck file (TOML or JSON) to play with")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.set_defaults(func=run_simulate)
    parser.set_defaults(default_func=lambda args: _print_help(parser))


def _print_help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def uno_spec(name: str) -> GameSpec:
    """The registered spec of the UNO game `name`.

    Raises:
        UnoCommandError: that game is not registered (not written yet or not an UNO game).
    """
    if name not in UNO_GAMES or name not in game_specs():
        available = ", ".join(game for game in UNO_GAMES if game in game_specs())
        raise UnoCommandError(
            f"The UNO game {name!r} is not available in this version of the companion; "
            f"choose one of: {available}."
        )
    return game_spec(name)


def simulate_match(
    name: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> tuple[GameState, list[Any]]:
    """Play a complete match of `name` with random legal choices seeded by `seed`.

    Returns the finished state and the actions applied.

    Raises:
        UnoCommandError: unknown game, bad player count or options.
    """
    state = new_match(name, players, options)
    try:
        actions = list(random_actions(state, random.Random(seed)))
    except RuleError as error:
        raise UnoCommandError(str(error)) from None
    return state, actions


def new_match(name: str, players: int, options: dict[str, Any] | None = None) -> UnoMatch:
    """A new match of `name`.

    Raises:
        UnoCommandError: unknown game, bad player count or options.
    """
    spec = uno_spec(name)
    try:
        state = spec.new(players, options or {})
    except RuleError as error:
        raise UnoCommandError(str(error)) from None
    if not isinstance(state, UnoMatch):
        raise UnoCommandError(f"{spec.title} is not a game of the UNO family.")
    return state


def match_summary(name: str, seed: int, state: GameState, actions: list[Any]) -> dict[str, Any]:
    """The JSON object `uno simulate --json` prints."""
    assert isinstance(state, UnoMatch), f"{name} is not a game of the UNO family"
    rounds = [record.to_json() for record in state.rounds]
    return {
        "game": name,
        "title": game_spec(name).title,
        "players": state.players,
        "seed": seed,
        "options": state.options.to_json(),
        "rounds": len(rounds),
        "round_results": rounds,
        "scores": state.scores(),
        "winners": state.winners(),
        "events": [action.to_json() for action in actions],
    }


def run_simulate(args: argparse.Namespace) -> int:
    """Run `companion uno simulate`.

    Raises:
        UnoCommandError: unknown game, bad player count or a broken deck file.
    """
    spec = uno_spec(args.game)
    players = args.players
    if players is None:
        players = max(spec.min_players, min(DEFAULT_PLAYERS, spec.max_players))
    options: dict[str, Any] = {}
    if args.deck:
        try:
            options.update(fitting_deck_options(spec, players, args.deck))
        except RuleError as error:
            raise UnoCommandError(str(error)) from None
    if args.json:
        state, actions = simulate_match(args.game, players, args.seed, options)
        json.dump(match_summary(args.game, args.seed, state, actions), sys.stdout)
        sys.stdout.write("\n")
        return 0
    state = new_match(args.game, players, options)
    _print_log(uno_spec(args.game), state, random.Random(args.seed), sys.stdout, args.seed)
    return 0


def _print_log(spec: GameSpec, state: UnoMatch, rng: random.Random, out: TextIO, seed: int) -> None:
    """Play the match and print what happens at the table, then the final scores."""
    print(f"{spec.title}: {state.players} players, seed {seed}.", file=out)
    rounds_seen = 0
    start_seen: list[Any] = []
    for seat, chance_kind, action in _logged_actions(state, rng):
        named = action.about_seat  # said out of turn: the line names that seat
        if named is not None:
            print(f"  seat {named}: {action}", file=out)
        elif seat is not None:
            print(f"  seat {seat}: {action}", file=out)
        elif chance_kind is not None and not isinstance(action, Shuffle):
            print(f"  {chance_kind}: {action}", file=out)
        if state.start_cards and state.start_cards != start_seen:
            start_seen = list(state.start_cards)
            start = ", then ".join(str(card) for card in start_seen)
            print(
                f"Round {rounds_seen + 1}: seat {state.dealer} {state.dealer_role}; "
                f"start card {start}.",
                file=out,
            )
        for note in state.narration():  # what the action caused, under its line
            print(f"    {note.render(_seat_text)}", file=out)
        if len(state.rounds) > rounds_seen:
            rounds_seen = len(state.rounds)
            start_seen = []
            record = state.rounds[-1]
            totals = ", ".join(str(total) for total in record.totals)
            print(f"Round {rounds_seen} won by seat {record.winner}; totals {totals}.", file=out)
    scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(state.scores()))
    print(f"Final scores: {scores}.", file=out)
    winners = " and ".join(f"seat {seat}" for seat in state.winners())
    print(f"Winner: {winners}.", file=out)


def _seat_text(seat: int) -> str:
    return f"seat {seat}"


def _logged_actions(
    state: UnoMatch, rng: random.Random
) -> Iterator[tuple[int | None, str | None, Action]]:
    """Yield (seat that acted or None; the chance kind or None; action) while playing randomly.

    Raises:
        UnoCommandError: the match cannot go on (an engine refused its own action).
    """
    generator = random_actions(state, rng)
    while True:
        request = state.chance()
        seat, chance_kind = state.to_move, request.kind if request is not None else None
        try:
            action = next(generator)
        except StopIteration:
            return
        except RuleError as error:
            raise UnoCommandError(str(error)) from None
        yield seat, chance_kind, action
