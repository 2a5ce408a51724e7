"""What can be asked of the table, and what the table answers.

Every input of the running table is one of these small immutable commands,
posted with `Table.post` from any thread: touch input, device events (dice
settled with values, a spin result), and actions from the phone page that
carry the acting seat. The table answers each with an `Outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.base import JSONValue, Note
from companion.records import Player
from companion.table.hands import Hands

DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo")
DEFAULT_COLOURS = (
    "red", "blue", "green", "yellow", "purple", "orange", "pink", "teal", "brown", "grey",
)  # fmt: skip


def default_players(count: int) -> tuple[Player, ...]:
    """`count` players with the default names and colours (Ana in red, Ben in blue, ...)."""
    return tuple(
        Player(name=DEFAULT_NAMES[seat % len(DEFAULT_NAMES)], colour=DEFAULT_COLOURS[seat % 10])
        for seat in range(count)
    )


ANY_UNFINISHED = True
"""`NewMatch.abandon` of a sender that asked its players first (the touchscreen)."""


@dataclass(frozen=True)
class NewMatch:
    """Start a match of `game` for `players` in seat order.

    An unfinished match still on the table is abandoned (it stays in the
    history, marked as abandoned) as `abandon` allows: True (`ANY_UNFINISHED`)
    whatever it is, the home screen having asked; a match id only that match,
    the one the sender saw; False none, so the start is refused while one is
    unfinished.
    """

    game: str
    players: tuple[Player, ...]
    options: dict[str, JSONValue] = field(default_factory=dict)
    seed: int | None = None
    """The seed of the chance sources that feed the match, when they are seeded (a demo,
    a test): recorded with it, so that resuming can tell whether the draws go on alike."""
    abandon: bool | int = ANY_UNFINISHED
    hands: Hands = "table"
    """Where the hands are held (`companion.table.hands`): "table", or "phones" for a game of
    cards the companion deals itself, each hand on its seat's phone."""


@dataclass(frozen=True)
class Rematch:
    """Start a new match of the same game with the same players, seats and options.

    A match still being played is started again only as `abandon` allows, as for `NewMatch`:
    by default (False) only a finished one is played again.
    """

    abandon: bool | int = False


@dataclass(frozen=True)
class PlayAction:
    """A player's action: an action object from `legal_actions()` or its JSON form.

    `seat` is the seat the sender acts for (an authenticated phone); None means
    the table itself (the touchscreen), which may act for whoever is to move.
    """

    action: Any
    seat: int | None = None
    for_seq: int | None = None
    """The seq the action was chosen at (a phone's): refused once the table moved on."""
    for_match: int | None = None
    """The match the action was chosen in: refused in any other."""


@dataclass(frozen=True)
class SupplyChance:
    """A chance outcome from outside: dice settled in the tray, a spin result, tapped dice faces.

    `for_seq` is the table's seq when the outcome was asked for; a device
    result that arrives after the table moved on is refused rather than
    applied to the wrong request.
    """

    outcome: Any
    source: str = "touch"
    for_seq: int | None = None
    for_match: int | None = None


@dataclass(frozen=True)
class DrawChance:
    """Let the companion supply the pending chance itself (tray button, Spin button).

    Dice and shuffles come from the table's chance source (`secrets` in play,
    a seed in tests); spins go to the spinner. `for_seq`, when given, is the
    table's seq the roll was asked on: a second tap that arrives after the
    first roll moved the table on is refused rather than rolling the next
    request.
    """

    for_seq: int | None = None
    for_match: int | None = None


@dataclass(frozen=True)
class Undo:
    """Take back the last command that still stands (a player mis-tapped).

    With `for_seq` (and `for_match`), only while the table is still at the state
    the undo was asked at: two phones undoing at once take back one event, not two.
    """

    for_seq: int | None = None
    for_match: int | None = None


@dataclass(frozen=True)
class Redo:
    """Play again what the last undo took back (an undo too many).

    Only while nothing else was played since the undo: a play or a chance
    outcome after an undo forgets what was undone. `for_seq` and `for_match`
    guard it as they guard `Undo`.
    """

    for_seq: int | None = None
    for_match: int | None = None


Command = NewMatch | Rematch | PlayAction | SupplyChance | DrawChance | Undo | Redo


@dataclass(frozen=True)
class Outcome:
    """The table's answer to one command.

    Applied commands carry their `seq` in the match's event log and the
    sentence of what happened; rejected ones carry the sentence saying why
    (the engine's own words for a rule) and changed nothing.
    """

    applied: bool
    text: str
    """The sentence in English, the players named (what the log and the command line say)."""
    seq: int | None = None
    match_id: int | None = None
    note: Note | None = None
    """A refusal's sentence with its seats apart, when the engine gave one (`RuleError.note`),
    for a screen to say in the table's language (`companion.i18n.note_text`)."""
