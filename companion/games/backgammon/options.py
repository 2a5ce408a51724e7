"""Rule options of the three games, with the documented defaults (the D-B decisions).

Each options object is a frozen dataclass read from and written to JSON with
`from_json` / `to_json`. `from_json({})` gives the defaults; unknown keys and
bad values are refused with a sentence, so a typo never silently changes a
rule. `docs/rules/backgammon.md` lists every option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Self

from companion.games.base import N_, JSONValue, Note, OptionChoice, RuleError

OPTIONS_NOT_OBJECT = N_("{game} options are a JSON object, not {data}.")
NO_SUCH_OPTION = N_("{game} has no option {option}; the options are: {names}.")
# Translators: {kind} is said in English ("a whole number", "true or false").
OPTION_KIND = N_("The {game} option {option} must be {kind}, not {value}.")
MATCH_LENGTH_ODD = N_(
    "A match is played to an odd number of points from 1 to {most} (or 0 for a money game),"
    " not {length}."
)
MONEY_GAME_RULES = N_(
    "Jacoby and beavers are money-game rules: set match_length to 0 to use them."
)
MINIGAM_WINS = N_("A Mini-Gam match is first to 1 to 99 wins, not {wins}.")
MULTIGAM_GAMES = N_("A Multi-Gam match is 1 to 99 games, not {games}.")
MULTIGAM_TARGET = N_("A Multi-Gam target score is 0 (off) to 999 points, not {target}.")

MAX_MATCH_LENGTH = 63
"""The longest match the companion keeps score of (GNU Backgammon's limit is 64)."""


def _read_options(cls: type[Any], data: dict[str, JSONValue], game: str) -> dict[str, Any]:
    """Check keys and value types of an options object against its dataclass fields."""
    if not isinstance(data, dict):
        raise RuleError(Note.of(OPTIONS_NOT_OBJECT, game=game, data=repr(data)))
    known = {field.name: field for field in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        names = ", ".join(sorted(known))
        raise RuleError(Note.of(NO_SUCH_OPTION, game=game, option=repr(unknown[0]), names=names))
    values: dict[str, Any] = {}
    for name, value in data.items():
        default = getattr(cls, name)
        expected = type(default)
        if type(value) is not expected:
            kind = "true or false" if expected is bool else "a whole number"
            raise RuleError(Note.of(OPTION_KIND, game=game, option=repr(name), kind=kind,
                                    value=repr(value)))
        values[name] = value
    return values


def _options_json(options: Any) -> dict[str, JSONValue]:
    """An options object as JSON; `turn_to_player` is left out when off, so a match's JSON
    (and the hashes of the states logged before the option was offered) stay as they were."""
    data: dict[str, JSONValue] = asdict(options)
    if not data.get("turn_to_player"):
        data.pop("turn_to_player", None)
    return data


@dataclass(frozen=True)
class BackgammonOptions:
    """Backgammon rule options.

    - `match_length`: points needed to win the match, an odd number from 1 to
      63; 0 plays a single money game (scored in points, Jacoby and beavers
      allowed). Default 5.
    - `crawford` (D-B2): no doubling in the game after a player first reaches
      match point minus one. Default on.
    - `cube`: play with the doubling cube at all. Default on.
    - `jacoby`: money game only; gammons and backgammons count single unless
      the cube was turned. Default off.
    - `beavers`: money game only; a player who is doubled may redouble at once
      and keep the cube. Default off.
    - `turn_to_player`: no rule; how the touchscreen draws the board (see
      `BOARD_VIEW`). Default off.
    """

    match_length: int = 5
    crawford: bool = True
    cube: bool = True
    jacoby: bool = False
    beavers: bool = False
    turn_to_player: bool = False

    def __post_init__(self) -> None:
        length = self.match_length
        if length != 0 and (length < 1 or length > MAX_MATCH_LENGTH or length % 2 == 0):
            raise RuleError(Note.of(MATCH_LENGTH_ODD, most=MAX_MATCH_LENGTH, length=length))
        if length and (self.jacoby or self.beavers):
            raise RuleError(Note.of(MONEY_GAME_RULES))

    @property
    def is_money_game(self) -> bool:
        """True for a single money game rather than a match."""
        return self.match_length == 0

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Options from JSON; missing keys take their defaults.

        Raises:
            RuleError: an unknown option or a bad value.
        """
        return cls(**_read_options(cls, data, "Backgammon"))

    def to_json(self) -> dict[str, JSONValue]:
        """Every option as JSON (the board's view only when turned)."""
        return _options_json(self)


@dataclass(frozen=True)
class MiniGamOptions:
    """Mini-Gam rule options.

    - `wins_needed` (D-B4): the match is first to this many game wins. Default 1.
    - `enter_first` (D-B3): a player with checkers on the bar must enter them
      before moving any other checker, as in backgammon. Default on.
    - `turn_to_player`: no rule; how the touchscreen draws the board (see
      `BOARD_VIEW`). Default off.
    """

    wins_needed: int = 1
    enter_first: bool = True
    turn_to_player: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.wins_needed <= 99:
            raise RuleError(Note.of(MINIGAM_WINS, wins=self.wins_needed))

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Options from JSON; missing keys take their defaults.

        Raises:
            RuleError: an unknown option or a bad value.
        """
        return cls(**_read_options(cls, data, "Mini-Gam"))

    def to_json(self) -> dict[str, JSONValue]:
        """Every option as JSON (the board's view only when turned)."""
        return _options_json(self)


@dataclass(frozen=True)
class MultiGamOptions:
    """Multi-Gam rule options.

    - `games` (D-B5): the match is this many games. Default 1.
    - `target_score` (D-B5): when above 0, the match instead ends after the
      game in which someone reaches this many points. Default 0 (off).
    - `forced_moves` (D-B1): the forced-move rule applies (play both dice
      when possible, else the larger). Default on.
    - `turn_to_player`: no rule; how the touchscreen draws the board (see
      `BOARD_VIEW`). Default off.

    Ties on points are broken by the most first places, then shared.
    """

    games: int = 1
    target_score: int = 0
    forced_moves: bool = True
    turn_to_player: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.games <= 99:
            raise RuleError(Note.of(MULTIGAM_GAMES, games=self.games))
        if not 0 <= self.target_score <= 999:
            raise RuleError(Note.of(MULTIGAM_TARGET, target=self.target_score))

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Options from JSON; missing keys take their defaults.

        Raises:
            RuleError: an unknown option or a bad value.
        """
        return cls(**_read_options(cls, data, "Multi-Gam"))

    def to_json(self) -> dict[str, JSONValue]:
        """Every option as JSON (the board's view only when turned)."""
        return _options_json(self)


def _money(options: Mapping[str, JSONValue]) -> bool:
    return options.get("match_length") == 0


def _crawford_applies(options: Mapping[str, JSONValue]) -> bool:
    return not _money(options) and options.get("cube", True) is True


BOARD_VIEW = OptionChoice("turn_to_player", N_("Board"), (False, True))
"""How the touchscreen draws the board, chosen with the match: off (the default), as the
table sees the real board, which never moves: the first player's side at the screen's
bottom edge and their home board bottom right, as printed boards show it; on, turned to the
player on roll every turn, for a screen lying flat between the players. Stored with the
match, so a resumed match is drawn the same way; no rule reads it."""

BACKGAMMON_CHOICES = (
    OptionChoice("match_length", N_("Match"), (1, 3, 5, 7, 9, 11, 15, 0)),
    OptionChoice("cube", N_("Doubling cube"), (True, False)),
    OptionChoice("crawford", N_("Crawford rule"), (True, False), _crawford_applies),
    OptionChoice("jacoby", N_("Jacoby rule"), (False, True), _money),
    OptionChoice("beavers", N_("Beavers"), (False, True), _money),
    BOARD_VIEW,
)
"""The Backgammon options the table offers (the Crawford rule only in a match with the cube,
the Jacoby rule and beavers only in a money game)."""

MINIGAM_CHOICES = (
    OptionChoice("wins_needed", N_("Wins needed"), (1, 2, 3, 5, 7)),
    OptionChoice("enter_first", N_("Enter from the bar first"), (True, False)),
    BOARD_VIEW,
)
"""The Mini-Gam options the table offers."""

MULTIGAM_CHOICES = (
    OptionChoice("games", N_("Games"), (1, 2, 3, 5, 10)),
    OptionChoice("target_score", N_("Target score"), (0, 10, 15, 20, 30)),
    OptionChoice("forced_moves", N_("Forced moves"), (True, False)),
    BOARD_VIEW,
)
"""The Multi-Gam options the table offers."""
