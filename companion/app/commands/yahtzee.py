"""`companion yahtzee`: the Yahtzee board variant from the command line.

`companion yahtzee simulate --players N --seed S [--options JSON] [--json]`
plays one complete game with random legal choices (a seeded
`random.Random` rolls the dice and picks the moves) and prints a readable log
and the final scores. With `--json` it prints one JSON object instead:

- `players`: one entry per seat: `seat`, `name`, `place` (1 = first in the
  order of play) and the final `square`;
- `scores`: final points per seat; `winners`: the winning seats;
- `tiles`: one entry per tile: `tile`, `owner` (seat), `value` (recorded),
  `square`, `points`, `protected`;
- `events`: every action in order, as written by its `to_json`; applying
  them to `yahtzee` started with `players` and `options` replays the game;
- `seed`, `options`, `actions` (how many).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from companion.app.commands._arguments import seed_argument
from companion.errors import CompanionError
from companion.games.autoplay import random_actions
from companion.games.base import JSONValue, RuleError
from companion.games.yahtzee import DiceThrow, RollAgain, Stop, YahtzeeState, new_game
from companion.games.yahtzee.turn import player_name


class YahtzeeCommandError(CompanionError, ValueError):
    """A Yahtzee command that cannot run as asked (bad players or options)."""


def register(subparsers: Any) -> None:
    """Add the `yahtzee` subcommand and its `simulate` action."""
    parser = subparsers.add_parser(
        "yahtzee",
        help="simulate games of the Yahtzee board variant",
        description="The Yahtzee board variant.",
    )
    actions = parser.add_subparsers(dest="yahtzee_command", metavar="ACTION")
    parser.set_defaults(default_func=lambda _args: parser.print_help() or 0)
    simulate = actions.add_parser(
        "simulate",
        help="play one complete game with random legal choices",
        description="Play one complete game with random legal choices and print its log.",
    )
    simulate.add_argument("--players", type=int, required=True, help="2 to 4 players")
    simulate.add_argument(
        "--seed", type=seed_argument, required=True, help="seed of the random choices"
    )
    simulate.add_argument(
        "--options",
        default="{}",
        help='rule options as JSON, e.g. \'{"final_ties": "most_tiles"}\' (default: {})',
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.set_defaults(func=run_simulate)


def simulate_game(
    players: int, seed: int, options: dict[str, JSONValue] | None = None
) -> tuple[YahtzeeState, list[tuple[Any, list[str], int | None]]]:
    """Play a whole game with `random.Random(seed)`.

    Returns the finished state and, per action, the action, the sentences it
    produced and the seat that chose it (None for dice).

    Raises:
        YahtzeeCommandError: a bad number of players or bad options, or options with which
            random play never finishes.
    """
    try:
        state = new_game(players, options or {})
    except RuleError as error:
        raise YahtzeeCommandError(str(error)) from None
    rng = random.Random(seed)
    log: list[tuple[Any, list[str], int | None]] = []
    chooser = state.to_move
    try:
        for action in random_actions(state, rng):
            log.append((action, list(state.notes), chooser))
            chooser = state.to_move
    except RuleError as error:
        raise YahtzeeCommandError(
            f"{error} Random play cannot finish a game with these options: loosen them or"
            " try another seed."
        ) from None
    return state, log


def simulation_json(
    state: YahtzeeState, log: list[tuple[Any, list[str], int | None]], seed: int
) -> dict[str, JSONValue]:
    """The `--json` object of a finished simulation (see the module docstring)."""
    scores = state.scores()
    return {
        "seed": seed,
        "options": state.options.to_json(),
        "players": [
            {
                "seat": seat,
                "name": player_name(seat),
                "place": state.order.index(seat) + 1,
                "square": state.positions[seat],
            }
            for seat in range(state.players)
        ],
        "scores": scores,
        "winners": state.winners(),
        "tiles": [
            {
                "tile": tile.value,
                "owner": holding.owner,
                "value": holding.value,
                "square": holding.square,
                "points": state.options.points(tile, holding.value)
                if holding.owner is not None
                else 0,
                "protected": state.protected is tile,
            }
            for tile, holding in state.holdings.items()
        ],
        "actions": len(log),
        "events": [action.to_json() for action, _, _ in log],
    }


def _shows_choice(action: Any, notes: list[str], chooser: int | None) -> bool:
    """True when the log needs a line for a player's choice: dice are not choices, and a
    choice the game already narrates ("Player 2 goes for Fives.") is not printed twice."""
    if isinstance(action, DiceThrow) or chooser is None:
        return False
    narrated = bool(notes) and notes[0].startswith(f"{player_name(chooser)} ")
    return isinstance(action, RollAgain | Stop) or not narrated


def _print_log(state: YahtzeeState, log: list[tuple[Any, list[str], int | None]]) -> None:
    for action, notes, chooser in log:
        if _shows_choice(action, notes, chooser):
            print(f"{player_name(chooser or 0)}: {action}.")
        for note in notes:
            print(f"  {note}")
    print()
    print("Final scores:")
    counts = state.tile_counts()
    for seat, score in enumerate(state.scores()):
        mark = "  (winner)" if seat in state.winners() else ""
        tiles = "1 tile" if counts[seat] == 1 else f"{counts[seat]} tiles"
        print(f"  {player_name(seat)}: {score} points, {tiles}{mark}")


def run_simulate(args: argparse.Namespace) -> int:
    """`companion yahtzee simulate`: play, then print the log or the JSON object.

    Raises:
        YahtzeeCommandError: bad players or options (printed as a sentence).
    """
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        raise YahtzeeCommandError(f"--options must be a JSON object: {error.msg}.") from None
    except RecursionError:
        raise YahtzeeCommandError(
            "--options is nested too deeply to read; rule options are a flat JSON object"
            """ such as '{"final_ties": "most_tiles"}'."""
        ) from None
    if not isinstance(options, dict):
        raise YahtzeeCommandError("--options must be a JSON object such as {}.")
    state, log = simulate_game(args.players, args.seed, options)
    if args.json:
        print(json.dumps(simulation_json(state, log, args.seed)))
    else:
        _print_log(state, log)
    return 0
