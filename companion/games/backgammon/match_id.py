"""GNU Backgammon Match IDs: the match score, cube and dice in 12 characters.

A Match ID is the Base64 form of a 9-byte key, a string of 66 bits (plus a
67th for the Jacoby rule) stored least significant bit first, each field
written least significant bit first:

| bits  | field                                                             |
|-------|-------------------------------------------------------------------|
| 1-4   | log2 of the cube value                                            |
| 5-6   | cube owner: 0 or 1, 3 when centred                                |
| 7     | the player on roll (or who rolled)                                |
| 8     | 1 in the Crawford game                                            |
| 9-11  | game state: 0 none, 1 playing, 2 over, 3 resigned, 4 cube dropped |
| 12    | the player who must decide now (the taker while a double stands)  |
| 13    | 1 while a double is offered                                       |
| 14-15 | resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon     |
| 16-18 | the larger die, 0 before the roll                                 |
| 19-21 | the smaller die                                                   |
| 22-36 | match length, 0 for a money game                                  |
| 37-51 | player 0's score                                                  |
| 52-66 | player 1's score                                                  |
| 67    | 1 when the Jacoby rule is off                                     |

Players are numbered as the companion's seats: seat 0 is GNU Backgammon's
player 0. Worked example from the GNU Backgammon manual: ``QYkqASAAIAAA`` is a
9-point match at 2-4, player 0 owning a 2-cube, player 1 having rolled 5-2.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum

from companion.games.base import RuleError

MAX_CUBE = 1 << 15
"""The largest cube a Match ID can record."""
MAX_SCORE = (1 << 15) - 1


class GameStatus(IntEnum):
    """Bits 9-11: where the current game stands."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


_FIELDS: tuple[tuple[str, int], ...] = (
    ("cube_log", 4),
    ("cube_owner", 2),
    ("player_on_roll", 1),
    ("crawford", 1),
    ("status", 3),
    ("player_to_decide", 1),
    ("double_offered", 1),
    ("resignation", 2),
    ("die_high", 3),
    ("die_low", 3),
    ("match_length", 15),
    ("score_0", 15),
    ("score_1", 15),
    ("jacoby_off", 1),
)


@dataclass(frozen=True)
class MatchInfo:
    """Everything a GNU Backgammon Match ID records.

    `cube_owner` is None while the cube is centred; `dice` is () before the
    roll and otherwise the two dice, larger first; `match_length` 0 is a money
    game.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    status: GameStatus = GameStatus.PLAYING
    player_to_decide: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, ...] = ()
    match_length: int = 0
    scores: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        _check_info(self)


def _check_info(info: MatchInfo) -> None:
    """Raises RuleError when `info` cannot be written as a Match ID."""
    value = info.cube_value
    if value < 1 or value > MAX_CUBE or value & (value - 1):
        raise RuleError(f"A cube shows a power of two up to {MAX_CUBE}, not {value}.")
    if info.cube_owner not in (None, 0, 1):
        raise RuleError(f"The cube belongs to player 0 or 1 or is centred, not {info.cube_owner}.")
    if info.player_on_roll not in (0, 1) or info.player_to_decide not in (0, 1):
        raise RuleError("A Match ID names player 0 or player 1 only.")
    if info.dice and (len(info.dice) != 2 or not all(1 <= die <= 6 for die in info.dice)):
        raise RuleError(f"The dice must be two values from 1 to 6, not {list(info.dice)}.")
    if not 0 <= info.resignation <= 3:
        raise RuleError(f"A resignation is 0 to 3, not {info.resignation}.")
    if not 0 <= info.match_length <= MAX_SCORE:
        raise RuleError(f"A match length is 0 to {MAX_SCORE}, not {info.match_length}.")
    for score in info.scores:
        if score < 0 or (info.match_length and score > info.match_length):
            raise RuleError(f"A score of {score} does not fit a {info.match_length}-point match.")
    if info.crawford and not info.match_length:
        raise RuleError("A money game has no Crawford game.")


def encode_match_id(info: MatchInfo) -> str:
    """The 12-character GNU Backgammon Match ID of `info`."""
    dice = sorted(info.dice, reverse=True) if info.dice else [0, 0]
    values = {
        "cube_log": info.cube_value.bit_length() - 1,
        "cube_owner": 3 if info.cube_owner is None else info.cube_owner,
        "player_on_roll": info.player_on_roll,
        "crawford": int(info.crawford),
        "status": int(info.status),
        "player_to_decide": info.player_to_decide,
        "double_offered": int(info.double_offered),
        "resignation": info.resignation,
        "die_high": dice[0],
        "die_low": dice[1],
        "match_length": info.match_length,
        "score_0": info.scores[0],
        "score_1": info.scores[1],
        "jacoby_off": int(not info.jacoby),
    }
    key, shift = 0, 0
    for name, width in _FIELDS:
        key |= values[name] << shift
        shift += width
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def decode_match_id(match_id: str) -> MatchInfo:
    """Read a GNU Backgammon Match ID.

    Raises:
        RuleError: the text is not a valid Match ID.
    """
    text = match_id.strip()
    if len(text) != 12:
        raise RuleError(f"A Match ID has 12 characters; {match_id!r} has {len(text)}.")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 9:
        raise RuleError(f"{match_id!r} is not a Match ID: use letters, digits, + and / only.")
    key = int.from_bytes(raw, "little")
    fields: dict[str, int] = {}
    for name, width in _FIELDS:
        fields[name] = key & ((1 << width) - 1)
        key >>= width
    return _info_from_fields(match_id, fields)


def _info_from_fields(match_id: str, fields: dict[str, int]) -> MatchInfo:
    """Build and check the `MatchInfo` of decoded key fields."""
    owner = fields["cube_owner"]
    if owner == 2:
        raise RuleError(f"Match ID {match_id!r} gives the cube to no valid owner.")
    try:
        status = GameStatus(fields["status"])
    except ValueError:
        raise RuleError(f"Match ID {match_id!r} has an unknown game state.") from None
    high, low = fields["die_high"], fields["die_low"]
    if (high == 0) != (low == 0):
        raise RuleError(f"Match ID {match_id!r} shows only one die.")
    try:
        return MatchInfo(
            cube_value=1 << fields["cube_log"],
            cube_owner=None if owner == 3 else owner,
            player_on_roll=fields["player_on_roll"],
            crawford=bool(fields["crawford"]),
            status=status,
            player_to_decide=fields["player_to_decide"],
            double_offered=bool(fields["double_offered"]),
            resignation=fields["resignation"],
            dice=tuple(sorted((high, low), reverse=True)) if high else (),
            match_length=fields["match_length"],
            scores=(fields["score_0"], fields["score_1"]),
            jacoby=not fields["jacoby_off"],
        )
    except RuleError as error:
        raise RuleError(f"Match ID {match_id!r} is not valid: {error}") from None
