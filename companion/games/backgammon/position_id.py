"""GNU Backgammon Position IDs in and out.

The key is a string of 80 bits: for each of the two players, each point from
that player's ace point up to their 24-point and then the bar, as many 1s as
checkers followed by one 0; padded with 0s to 80 bits. The bits fill ten
bytes least significant bit first, and the ID is the base64 of those bytes
without the "==" padding (14 characters). The opening position is
``4HPwATDgc/ABMA``.

Which player comes first: GNU Backgammon's code (``PositionKey`` encodes
``anBoard[0]`` then ``anBoard[1]``, and the board drawing passes the player on
roll as ``anBoard[1]``) writes the opponent first and the player on roll
second, whatever its manual's prose suggests. IDs copied from GNU Backgammon
confirm it: ``sG/BgCGMM+YAIw``, shown with a player to play 4-4 whose
suggested moves are ``21/17*(2) 11/7(2)``, only makes sense with that player
second. We read and write IDs the way GNU Backgammon does.

A board here is a `Board` of `BACKGAMMON` in which seat 0 is the player on
roll: `board_from_position_id` returns it that way and `position_id` writes a
board from `mover`'s side, so a play's result can be written "with the mover
still on roll", as GNU Backgammon does when it lists moves.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.backgammon.geometry import BACKGAMMON, Board, check_tracks, make_board
from companion.games.base import RuleError

if TYPE_CHECKING:
    from companion.games.backgammon.movement import Play

_KEY_BITS = 80
_ID_CHARS = 14
"""Characters of a Position ID: the base64 of the key's ten bytes without its "==" padding."""


class _FieldCodes(dict[tuple[int, ...], tuple[int, int]]):
    """The key's bits for a run of one seat's counts: counts -> (bits, number of bits).

    Filled as runs are met. A run is five consecutive track positions of a
    valid board (at most 15 checkers in all), so it holds at most C(20, 5) =
    15,504 entries.
    """

    def __missing__(self, counts: tuple[int, ...]) -> tuple[int, int]:
        bits = 0
        length = 0
        for count in reversed(counts):  # the key lists a seat's track backwards
            bits |= ((1 << count) - 1) << length
            length += count + 1
        code = self[counts] = (bits, length)
        return code


_FIELDS = _FieldCodes()

_BACK_POSITIONS = 15
"""A seat's back: its bar and first 14 points (track positions 0-14), the last fifteen
positions of its half of the key."""
_BACKS_SIZE = 1_024
"""Backs remembered (about 440 bytes each: 0.45 MB full) in a long-running process such as
the table's, which writes one ID a snapshot; `bench/position_id.py` measures what it saves."""
BATCH_BACKS_SIZE = 32_768
"""Backs remembered (14 MB full) once `remember_for_batch` asks: a batch of thousands of
positions, where a back changes less often than a front and one look-up spares three fields."""


class _BackCodes(dict[tuple[int, ...], tuple[int, int]]):
    """`_FIELDS` for a seat's whole back (track positions 0-14): counts -> (bits, length).

    Filled as backs are met, from three fields; at most `bound` entries
    (`_BACKS_SIZE`, or `BATCH_BACKS_SIZE` for a batch).
    """

    def __init__(self, bound: int) -> None:
        super().__init__()
        self.bound = bound

    def __missing__(self, counts: tuple[int, ...]) -> tuple[int, int]:
        if len(self) >= self.bound:
            self.clear()  # bounded; clear() is safe with other threads writing too
        fields = _FIELDS
        bits14, length14 = fields[counts[10:15]]
        bits9, length9 = fields[counts[5:10]]
        bits4, length4 = fields[counts[0:5]]
        bits = bits14 | (bits9 | bits4 << length9) << length14
        code = self[counts] = (bits, length14 + length9 + length4)
        return code


_BACKS = _BackCodes(_BACKS_SIZE)


def remember_for_batch() -> None:
    """Let this process remember as many backs as a batch of thousands of positions gains from.

    For a command that answers a batch and ends (`BATCH_BACKS_SIZE`), not for
    the table, which runs for days on a Raspberry Pi.
    """
    _BACKS.bound = max(_BACKS.bound, BATCH_BACKS_SIZE)


def _seat_code(track: tuple[int, ...]) -> tuple[int, int]:
    """One seat's half of the key, ace point (track position 24) to the bar (0): (bits, length).

    Read from `_FIELDS` five positions at a time and from `_BACKS` for the
    back, which spares a loop over 25 points.
    """
    fields = _FIELDS
    bits24, length24 = fields[track[20:25]]
    bits19, length19 = fields[track[15:20]]
    back, back_length = _BACKS[track[:_BACK_POSITIONS]]
    bits = bits24 | (bits19 | back << length19) << length24
    return bits, length24 + length19 + back_length


def _key_bits(board: Board, mover: int) -> int:
    """The key as one number, its first bit the least significant."""
    # The opponent first, the player on roll second.
    first, first_length = _seat_code(board.tracks[1 - mover])
    second, _ = _seat_code(board.tracks[mover])
    return first | second << first_length


def position_key(board: Board, mover: int = 0) -> bytes:
    """The 10-byte key of a Backgammon board with `mover` on roll."""
    return _key_bits(board, mover).to_bytes(_KEY_BITS // 8, "little")


def _key_text(bits: int) -> str:
    """The Position ID of a key given as one number."""
    # Ten bytes are 14 base64 characters and the padding "==".
    key = bits.to_bytes(_KEY_BITS // 8, "little")
    return binascii.b2a_base64(key, newline=False)[:_ID_CHARS].decode("ascii")


_PADDED_KEY_BYTES = 12
"""A key padded to a whole number of base64 groups (3 bytes each): its first `_ID_CHARS`
characters are the Position ID, the last two only the padding's."""
_PADDED_ID_CHARS = _PADDED_KEY_BYTES // 3 * 4


def _key_texts(keys: Sequence[int]) -> list[str]:
    """`_key_text` of many keys, with one base64 encoding for them all."""
    padded = b"".join([key.to_bytes(_PADDED_KEY_BYTES, "little") for key in keys])
    text = binascii.b2a_base64(padded, newline=False).decode("ascii")
    return [text[start : start + _ID_CHARS] for start in range(0, len(text), _PADDED_ID_CHARS)]


def _check_backgammon(board: Board) -> None:
    if board.geometry is not BACKGAMMON and board.geometry != BACKGAMMON:
        raise RuleError(f"Position IDs describe Backgammon boards, not {board.geometry.title}.")


def position_id(board: Board, mover: int = 0) -> str:
    """The GNU Backgammon Position ID of a board with `mover` on roll.

    Raises:
        RuleError: the board is not a Backgammon board.
    """
    _check_backgammon(board)
    return _key_text(_key_bits(board, mover))


class _HitCodes(dict[tuple[int, ...], tuple[int, int]]):
    """The opponent's half of the key after the mover hit on some points: hit points -> code.

    The hit points are the mover's track positions, as a play's steps give
    them; worked out when first asked (a roll's plays hit on few points).
    """

    def __init__(self, board: Board, mover: int) -> None:
        super().__init__()
        self.geometry = board.geometry
        self.mover = mover
        self.victim = 1 - mover
        self.track = board.tracks[self.victim]

    def __missing__(self, hits: tuple[int, ...]) -> tuple[int, int]:
        geometry, victim = self.geometry, self.victim
        track = list(self.track)
        for point in hits:
            track[geometry.position(victim, geometry.cell(self.mover, point))] -= 1
            track[geometry.bar] += 1
        code = self[hits] = _seat_code(tuple(track))
        return code


_OPPONENTS_SIZE = 1_024
"""Opponents' layouts whose `_HitCodes` are kept: a batch asks about one position with
several rolls in a row, whose plays hit on the same few points."""
_OPPONENTS: dict[tuple[tuple[int, ...], int], _HitCodes] = {}


def _opponent_codes(board: Board, mover: int) -> _HitCodes:
    """The `_HitCodes` of a Backgammon board's opponent of `mover`, kept for the next roll."""
    key = (board.tracks[1 - mover], mover)
    codes = _OPPONENTS.get(key)
    if codes is None:
        if len(_OPPONENTS) >= _OPPONENTS_SIZE:
            _OPPONENTS.clear()  # bounded; clear() is safe with other threads writing too
        codes = _OPPONENTS[key] = _HitCodes(board, mover)
    return codes


def play_position_ids(board: Board, mover: int, plays: Sequence[Play]) -> list[str]:
    """`position_id` of each board `plays` lead to, `mover` still on roll, read from the steps.

    No board is made: each play's steps move the mover's counts, and the
    opponent's half of the key is worked out once for each set of points hit.

    Raises:
        RuleError: the board is not a Backgammon board.
    """
    _check_backgammon(board)
    mine = board.tracks[mover]
    opponent = _opponent_codes(board, mover)
    unhit, shift = opponent[()]
    keys = []
    for play in plays:
        track = list(mine)
        hits: tuple[int, ...] = ()
        for source, destination, _, hit in play.steps:
            track[source] -= 1
            track[destination] += 1
            if hit:
                hits += (destination,)
        second, _ = _seat_code(tuple(track))
        keys.append((opponent[hits][0] if hits else unhit) | second << shift)
    return _key_texts(keys)


def board_from_position_id(text: str) -> Board:
    """The board a GNU Backgammon Position ID describes; seat 0 is the player on roll.

    Raises:
        RuleError: the text is not a valid Position ID (the sentence says why).
    """
    cleaned = text.strip()
    if cleaned.lower().startswith("position id:"):
        cleaned = cleaned.split(":", 1)[1].strip()
    if len(cleaned) != 14:
        shown = text if len(text) <= 24 else text[:24] + "..."
        raise RuleError(
            f"A Position ID has 14 characters, like 4HPwATDgc/ABMA; {shown!r} has {len(cleaned)}."
        )
    try:
        key = base64.b64decode(cleaned + "==", validate=True)
    except (binascii.Error, ValueError):
        raise RuleError(
            f"{text!r} is not a Position ID: use only letters, digits, '+' and '/'."
        ) from None
    # The key's bits, first bit first; each point's checkers are a run of 1s ended by a 0.
    # Bits past the end read as 0s (empty points), as when reading the key bit by bit.
    runs = (format(int.from_bytes(key, "little"), "080b")[::-1] + "0" * 50).split("0")
    tracks = [_seat_track(text, runs[:25]), _seat_track(text, runs[25:50])]
    if any(runs[50:]):
        raise RuleError(f"Position ID {text!r} has extra bits after both players' checkers.")
    result = (tracks[1], tracks[0])  # the player on roll comes second in the key
    if any(map(min, result[0][1:25], result[1][24:0:-1])):
        check_tracks(BACKGAMMON, result)  # two players on one point: its sentence says which
    if all(_stuck_on_bar(result[seat], result[1 - seat]) for seat in (0, 1)):
        # GNU Backgammon refuses these too: no game can reach them.
        raise RuleError(
            f"Position ID {text!r} has both players on the bar against closed boards, "
            "which no game can reach."
        )
    return make_board(BACKGAMMON, result)


def _seat_track(text: str, runs: list[str]) -> tuple[int, ...]:
    """One seat's counts by track position from its 25 runs of 1s (24-point first, bar last).

    Raises:
        RuleError: a point or the seat holds more than 15 checkers.
    """
    counts = [len(run) for run in reversed(runs)]
    if max(counts) > BACKGAMMON.checkers:
        raise RuleError(f"Position ID {text!r} puts more than 15 checkers on a point.")
    on_board = sum(counts)
    if on_board > BACKGAMMON.checkers:
        raise RuleError(f"Position ID {text!r} gives a player more than 15 checkers.")
    counts.append(BACKGAMMON.checkers - on_board)
    return tuple(counts)


def _stuck_on_bar(track: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """True when `track` has a checker on the bar and `other` holds its whole home board."""
    # The other player's home board is their track positions 19..24.
    return bool(track[0]) and all(count >= 2 for count in other[19:25])
