"""`companion demo`: play a whole simulated match through the real table, queue and log.

Random legal choices stand in for the players, a simulated dice tray reports
settled dice (now and then a cocked roll), the table's own chance shuffles,
and the configured spinner spins (simulated where there is no hardware; a
spinner that cannot be used leaves the spins to software picks, saying why).
Each applied command is printed as ``#<seq> <what happened>`` only after it
is committed to the log, so a line on the screen is a line on disk; the line
includes what the action caused, as the engine narrates it ("#7 The
spinner points at Dev. Dev draws 2 cards (Tiki Draw 2). Play goes on with Ana.").
``--resume`` continues the unfinished match in the log after a crash.
``--deck FILE`` plays an UNO game with the table's own deck file; a broken
file, or one the game cannot be played with, is refused before the log opens.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import math
import random
import secrets
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.app.commands._arguments import seed_argument
from companion.app.product import RunRequest, TableChance, open_product
from companion.config import BACKENDS, Config, config_warnings, load_config, with_backend
from companion.decks import fitting_deck_options
from companion.errors import CompanionError
from companion.event_log.store import Store, default_db_path
from companion.games.base import INVALID_ROLL, GameSpec, Note, RuleError
from companion.games.registry import game_specs
from companion.table import (
    ChanceSource,
    Command,
    DrawChance,
    FairChance,
    NewMatch,
    PlayAction,
    SoftwarePick,
    SoftwareSpinner,
    SupplyChance,
    Table,
    TableSnapshot,
    Undo,
    default_players,
)

DEFAULT_PACE = 0.3
"""Seconds between commands: slow enough for a person to follow."""
UNDO_RATE = 0.03
"""How often a simulated player takes back the play they just made."""
COCKED_RATE = 0.02
"""How often the simulated dice tray sees a die land cocked (the dice are thrown again)."""
MAX_COMMANDS = 200_000
MAX_REFUSALS = 20


def register(subparsers: Any) -> None:
    """Add the `demo` subcommand."""
    parser = subparsers.add_parser(
        "demo",
        help="play a whole simulated match through the table, its queue and its log",
        description="Play a whole simulated match through the real table, queue and log.",
        # The games in the epilog, which argparse wraps to the terminal however many there are.
        epilog=f"Games: {', '.join(sorted(game_specs()))}.",
    )
    parser.add_argument("--game", help="the game to play (one of the games listed below)")
    parser.add_argument("--players", type=int, help="how many players (default: up to 4)")
    parser.add_argument(
        "--seed",
        type=seed_argument,
        help="make every choice and roll repeatable (kept for --resume)",
    )
    parser.add_argument(
        "--deck", metavar="FILE", help="an UNO deck file (TOML or JSON) to play with"
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument(
        "--pace",
        type=float,
        default=DEFAULT_PACE,
        help=f"seconds between commands (default: {DEFAULT_PACE}; 0 for full speed)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="continue the unfinished match in the log"
    )
    parser.add_argument(
        "--config", metavar="FILE", help="configuration file for the spinner (default: as hw)"
    )
    parser.add_argument(
        "--backend", choices=BACKENDS, help="override the configured spinner backend"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, games: Mapping[str, GameSpec] | None = None) -> int:
    """Run the demo; returns the exit code.

    Arguments are checked before the log is opened, so a mistyped command
    creates no log.

    Raises:
        CompanionError: bad arguments, no match to resume, or the log cannot be used.
    """
    games = game_specs() if games is None else games
    if not math.isfinite(args.pace) or args.pace < 0:
        raise CompanionError("--pace is a number of seconds, 0 or more.")
    path: Path = args.db if args.db is not None else default_db_path()
    if args.resume and args.deck:
        raise CompanionError(
            "--deck starts a new match; --resume continues the logged one with its own deck."
        )
    if args.resume and not path.exists():
        raise CompanionError(_nothing_to_resume(path))
    new_match = None
    if not args.resume:
        new_match = _new_match(games, args.game, args.players, args.deck, args.seed)
    asked = _Asked(args.game, args.players, args.seed)
    try:
        # Ctrl-C can come at any moment, also while the log opens or a long match replays.
        final = _play(path, games, new_match, args.seed, args.pace, _spin_config(args), asked)
    except KeyboardInterrupt:
        print(f"Stopped. Continue with: companion demo --resume --db {path}", file=sys.stderr)
        return 130
    _print_result(final)
    return 0


def _play(
    path: Path,
    games: Mapping[str, GameSpec],
    new_match: NewMatch | None,
    seed: int | None,
    pace: float,
    spin_config: Callable[[], Config],
    asked: _Asked | None = None,
) -> TableSnapshot:
    """Open the product on the log (the table alone: no screen, no phone page, no tray),
    start or resume the match, and play it out.

    The table's chance is chosen once the log is open (`_match_chance`); the table is
    closed before the spinner, so no spin is asked of a closed spinner.
    `asked`: the --game, --players and --seed given with --resume, checked against the
    logged match; a resumed match goes on with the seed it was started with.
    """
    request = RunRequest(ui=False, phone_page=False, spinner=False, tray=False, db=path,
                         seed=seed, games=games)

    def chance(store: Store) -> contextlib.AbstractContextManager[TableChance]:
        nonlocal seed
        if new_match is None and asked is not None:
            seed = asked.check(store, games)
        return _match_chance(store, games, new_match, seed, spin_config)

    with open_product(request, None, chance=chance, say=_say) as product:
        table = product.table
        snapshot = _start(table, new_match) if new_match else _resume(table, path)
        return play_out(table, table.games[snapshot.game], _choice_rng(seed), pace)


@contextlib.contextmanager
def _match_chance(
    store: Store,
    games: Mapping[str, GameSpec],
    new_match: NewMatch | None,
    seed: int | None,
    spin_config: Callable[[], Config],
) -> Iterator[TableChance]:
    """The match's chance: the table's own draws with `seed`, and its spins."""
    with _spinner_for(store, games, new_match, seed, spin_config) as spins:
        yield TableChance(FairChance(seed), spins)


@dataclass(frozen=True)
class _Asked:
    """What --game, --players and --seed asked for with --resume: the logged match's, if given."""

    game: str | None
    players: int | None
    seed: int | None = None

    def check(self, store: Store, games: Mapping[str, GameSpec]) -> int | None:
        """The seed the logged match goes on with (the one it was started with).

        Raises:
            CompanionError: naming both values, when the logged match is another one.
        """
        record = store.unfinished_match()
        if record is None:
            return self.seed  # `_resume` says there is nothing to resume
        if self.seed is not None and self.seed != record.seed:
            started, goes_on = (
                (f"started with --seed {record.seed}", "with the match's own seed")
                if record.seed is not None
                else ("started without a seed", "with the system's own randomness, as it began")
            )
            raise CompanionError(
                f"--seed {self.seed} does not match the unfinished match {record.id} in the log,"
                f" {started}: --resume goes on {goes_on}; leave out --seed,"
                " or start a new match without --resume."
            )
        if self.game is not None and self.game != record.game:
            spec = games.get(record.game)
            title = spec.title if spec is not None else record.game
            raise CompanionError(
                f"--game {self.game} does not match the unfinished match {record.id} in the log,"
                f" a match of {title} (--game {record.game}): --resume continues that match;"
                f" leave out --game, or start a new match without --resume."
            )
        if self.players is not None and self.players != len(record.players):
            raise CompanionError(
                f"--players {self.players} does not match the unfinished match {record.id} in"
                f" the log, played by {len(record.players)} players: --resume continues that"
                " match; leave out --players, or start a new match without --resume."
            )
        return record.seed


def _spin_config(args: argparse.Namespace) -> Callable[[], Config]:
    """Reads the spinner's configuration when a game needs it (`--config`, `--backend`)."""

    def read() -> Config:
        config = load_config(args.config)
        if args.backend:
            config = with_backend(config, args.backend)
        for warning in config_warnings(config):
            _say(f"warning: {warning}")
        return config

    return read


def _spinner_for(
    store: Store,
    games: Mapping[str, GameSpec],
    new_match: NewMatch | None,
    seed: int | None,
    spin_config: Callable[[], Config],
) -> contextlib.AbstractContextManager[ChanceSource]:
    """The spins of the match about to be played: the configured spinner if its game spins.

    A configuration that cannot be read leaves the spins to software picks,
    with its message: the match is played all the same.
    """
    if new_match is not None:
        game, players = new_match.game, new_match.players
    else:
        record = store.unfinished_match()
        if record is None:
            return contextlib.nullcontext(SoftwareSpinner(seed))
        game, players = record.game, record.players
    spec = games.get(game)
    if spec is None or not spec.uses_spinner:
        return contextlib.nullcontext(SoftwareSpinner(seed))
    try:
        config = spin_config()
    except CompanionError as error:
        _say(f"Software picks for spins: the configuration cannot be used. {error}")
        return contextlib.nullcontext(SoftwarePick(seed))
    from companion.hardware.match_spinner import match_spinner

    # The spinner's own log would repeat, bare, what the demo says in its sentences.
    logging.getLogger("device").addHandler(logging.NullHandler())
    logging.getLogger("companion.hardware").addHandler(logging.NullHandler())
    names = [player.name for player in players]
    return match_spinner(config, names, seed, lambda note: _say(_spoken(note, names)))


def _spoken(note: Note, names: list[str]) -> str:
    """A spinner's sentence in the table's language, its seats named by the players."""
    from companion.i18n import note_text

    return note_text(note, lambda seat: names[seat] if 0 <= seat < len(names)
                     else f"seat {seat + 1}")


def _say(sentence: str) -> None:
    """A sentence for the person running the demo, on standard error."""
    print(f"companion: {sentence}", file=sys.stderr, flush=True)


def _new_match(
    games: Mapping[str, GameSpec],
    game: str | None,
    players: int | None,
    deck: str | None = None,
    seed: int | None = None,
) -> NewMatch:
    """The match `--game`, `--players`, `--deck` and `--seed` ask for.

    Raises:
        CompanionError: no game given, no such game, it is not for that many
            players, or the deck file is broken or unfit for the game.
    """
    if not game:
        raise CompanionError(
            "Choose a game with --game NAME, or continue the last match with --resume."
        )
    spec = games.get(game)
    if spec is None:
        known = ", ".join(sorted(games)) or "none yet"
        raise CompanionError(f"There is no game called {game!r}; choose one of: {known}.")
    count = players if players is not None else max(spec.min_players, min(4, spec.max_players))
    try:
        spec.check_players(count)
    except RuleError as error:
        raise CompanionError(str(error)) from None
    try:
        options = {} if deck is None else fitting_deck_options(spec, count, deck)
    except RuleError as error:
        raise CompanionError(str(error)) from None
    return NewMatch(spec.name, default_players(count), options, seed=seed)


def _start(table: Table, new_match: NewMatch) -> TableSnapshot:
    previous = table.snapshot
    if previous is not None and not previous.is_over:
        print(
            f"companion: match {previous.match_id} was left unfinished; it stays in the history"
            " as abandoned (use --resume to continue a match).",
            file=sys.stderr,
        )
    outcome = table.post(new_match).result()
    if not outcome.applied:
        raise CompanionError(outcome.text)
    print(f"Match {outcome.match_id}: {outcome.text}", flush=True)
    return _current(table)


def _nothing_to_resume(path: Path) -> str:
    return f"There is no unfinished match in {path}: start one with companion demo --game NAME."


def _resume(table: Table, path: Path) -> TableSnapshot:
    snapshot = table.snapshot
    if snapshot is None or snapshot.is_over:
        raise CompanionError(_nothing_to_resume(path))
    # The last step may have been saved but never printed (the demo was killed in between):
    # the players see it before anything else.
    print(
        f"Resuming match {snapshot.match_id} of {snapshot.title} after"
        f" #{snapshot.seq} {snapshot.last_event}",
        flush=True,
    )
    return snapshot


def play_out(
    table: Table,
    spec: GameSpec,
    rng: random.Random,
    pace: float,
    sleep: Callable[[float], None] = time.sleep,
    echo: Callable[[str], None] | None = None,
) -> TableSnapshot:
    """Post random legal commands until the match is over; returns the final snapshot.

    Raises:
        CompanionError: the table kept refusing commands or the match never ended.
    """
    echo = echo or _echo
    refusals = 0
    undo_next = False
    for _ in range(MAX_COMMANDS):
        snapshot = _current(table)
        if snapshot.is_over:
            return snapshot
        command: Command = Undo() if undo_next else choose_command(snapshot, spec, rng)
        outcome = table.post(command).result()
        if outcome.applied:
            echo(f"#{outcome.seq} {outcome.text}")
            refusals = 0
            undo_next = isinstance(command, PlayAction) and rng.random() < UNDO_RATE
        else:
            print(f"companion: refused: {outcome.text}", file=sys.stderr, flush=True)
            refusals += 1
            undo_next = False
            if refusals >= MAX_REFUSALS:
                raise CompanionError(f"The table refused {refusals} commands in a row; stopping.")
        if pace:
            sleep(pace)
    raise CompanionError(f"The match did not end within {MAX_COMMANDS} commands.")


def choose_command(snapshot: TableSnapshot, spec: GameSpec, rng: random.Random) -> Command:
    """What a simulated table does next: settle dice, shuffle, spin, or play a random legal action.

    Raises:
        CompanionError: the game has neither chance pending nor a legal action.
    """
    request = snapshot.chance
    if request is not None:
        if request.kind == "dice":
            if rng.random() < COCKED_RATE:
                return SupplyChance(INVALID_ROLL, source="dice tray", for_seq=snapshot.seq)
            values = [rng.randint(1, request.sides) for _ in range(request.dice)]
            return SupplyChance(values, source="dice tray", for_seq=snapshot.seq)
        return DrawChance()
    actions = snapshot.legal_actions
    if not actions:
        raise CompanionError(f"{spec.title} has no legal action at #{snapshot.seq}.")
    return PlayAction(rng.choice(actions), seat=snapshot.to_move)


def _choice_rng(seed: int | None) -> random.Random:
    """The simulated players' choices: repeatable with a seed, from `secrets` without."""
    return random.Random(f"demo-{seed}") if seed is not None else secrets.SystemRandom()


def _current(table: Table) -> TableSnapshot:
    snapshot = table.snapshot
    if snapshot is None:
        raise CompanionError("No match is on the table.")
    return snapshot


def _echo(line: str) -> None:
    print(line, flush=True)


def _print_result(snapshot: TableSnapshot) -> None:
    names = [player.name for player in snapshot.players]
    winners = " and ".join(names[seat] for seat in snapshot.winners) or "nobody"
    scores = ", ".join(
        f"{name} {score}" for name, score in zip(names, snapshot.scores, strict=False)
    )
    print(f"Match {snapshot.match_id} is over after #{snapshot.seq}: {winners} won ({scores}).")
