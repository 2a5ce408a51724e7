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

from companion.games.backgammon.geometry import BACKGAMMON, Board, check_tracks, make_board
from companion.games.base import RuleError

_POINTS = BACKGAMMON.points
_KEY_BITS = 80


def position_key(board: Board, mover: int = 0) -> bytes:
    """The 10-byte key of a Backgammon board with `mover` on roll."""
    bits = 0
    length = 0
    for seat in (1 - mover, mover):  # the opponent first, the player on roll second
        track = board.tracks[seat]
        # Ace point (track position 24) up to the 24-point (position 1), then the bar (0).
        for position in (*range(_POINTS, 0, -1), 0):
            count = track[position]
            bits |= ((1 << count) - 1) << length
            length += count + 1
    return bits.to_bytes(_KEY_BITS // 8, "little")


def position_id(board: Board, mover: int = 0) -> str:
    """The GNU Backgammon Position ID of a board with `mover` on roll.

    Raises:
        RuleError: the board is not a Backgammon board.
    """
    if board.geometry != BACKGAMMON:
        raise RuleError(f"Position IDs describe Backgammon boards, not {board.geometry.title}.")
    return base64.b64encode(position_key(board, mover)).decode("ascii").rstrip("=")


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
    bits = int.from_bytes(key, "little")
    tracks = []
    for _seat in range(2):
        track = [0] * (_POINTS + 2)
        for position in (*range(_POINTS, 0, -1), 0):
            count = 0
            while bits & 1:
                count += 1
                bits >>= 1
                if count > BACKGAMMON.checkers:
                    raise RuleError(f"Position ID {text!r} puts more than 15 checkers on a point.")
            bits >>= 1
            track[position] = count
        on_board = sum(track)
        if on_board > BACKGAMMON.checkers:
            raise RuleError(f"Position ID {text!r} gives a player more than 15 checkers.")
        track[_POINTS + 1] = BACKGAMMON.checkers - on_board
        tracks.append(tuple(track))
    if bits:
        raise RuleError(f"Position ID {text!r} has extra bits after both players' checkers.")
    result = (tracks[1], tracks[0])  # the player on roll comes second in the key
    check_tracks(BACKGAMMON, result)
    if all(_stuck_on_bar(result[seat], result[1 - seat]) for seat in (0, 1)):
        # GNU Backgammon refuses these too: no game can reach them.
        raise RuleError(
            f"Position ID {text!r} has both players on the bar against closed boards, "
            "which no game can reach."
        )
    return make_board(BACKGAMMON, result)


def _stuck_on_bar(track: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """True when `track` has a checker on the bar and `other` holds its whole home board."""
    # The other player's home board is their track positions 19..24.
    return bool(track[0]) and all(count >= 2 for count in other[19:25])
